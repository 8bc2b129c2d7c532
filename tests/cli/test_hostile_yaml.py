"""Hostile and broken YAML through the real command line: every command that reads an army, scenario or
rules-configuration file answers with one line on stderr and exit code 2, writes nothing, and leaves the file as
it was."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from strategium.cli.main import main
from strategium.errors import LONGEST_MESSAGE, shortened
from strategium.scenario.loading import demo_scenario_path

BOMB = "a0: &a0 [lol]\n" + "".join(f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 10) + "]\n" for i in range(1, 10))
BOMB_ERROR = (
    "6: YAML nodes (values, lists and mappings, aliases expanded): 65686 is over the limit of 50000 "
    "(raise it with STRATEGIUM_LIMIT_YAML_NODES)"
)
ARMY = (Path(__file__).parents[2] / "src" / "strategium" / "army" / "demo" / "emperors_children.yaml").read_text(
    encoding="utf-8"
)
SCENARIO = demo_scenario_path().read_text(encoding="utf-8")


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    """Exit code and stderr of ``strategium ARGV`` run in this process."""
    capsys.readouterr()
    with pytest.raises(SystemExit) as caught:
        main(argv)
    err = capsys.readouterr().err
    code = caught.value.code
    return (code if isinstance(code, int) else 1), err


def one_error(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    code, err = run(argv, capsys)
    lines = err.splitlines()
    assert code == 2, err
    assert len(lines) == 1, err
    assert lines[0].startswith("strategium: error: ")
    assert "Traceback" not in err and "Errno" not in err
    return lines[0].removeprefix("strategium: error: ")


Command = Callable[[Path, Path], list[str]]
ARMY_COMMANDS: dict[str, Command] = {
    "army show": lambda f, _: ["army", "show", str(f)],
    "battle --army": lambda f, _: ["battle", "--army", str(f), "--army", "imperialis_militia", "--quiet"],
}
SCENARIO_COMMANDS: dict[str, Command] = {
    "check": lambda f, _: ["check", str(f)],
    "map": lambda f, out: ["map", str(f), "--out", str(out)],
    "battle --scenario": lambda f, _: ["battle", "--scenario", str(f), "--quiet"],
}


def attack_army(tmp_path: Path, name: str, text: str | bytes) -> Path:
    path = tmp_path / name
    path.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8"))
    return path


ARMY_ATTACKS = {
    "alias bomb": (BOMB + ARMY, "bomb.yaml:" + BOMB_ERROR),
    "10^18 models": (
        ARMY.replace("count: 19", "count: 1000000000000000000", 1),
        "bomb.yaml:89: units[1].models[1].count: models in this unit: 1000000000000000000 is over the limit of 300 "
        "(raise it with STRATEGIUM_LIMIT_MODELS_PER_UNIT)",
    ),
    "python object": (
        ARMY.replace('name: "Emperor\'s Children demo"', "name: !!python/object/apply:os.system ['echo owned']", 1),
        "bomb.yaml:14: the tag !!python/object/apply:os.system is not allowed (strategium reads plain YAML: text, "
        "numbers, true/false, lists and mappings)",
    ),
    "deep nesting": (
        "x: " + "[" * 65 + "]" * 65 + "\n" + ARMY,
        "bomb.yaml:1: levels of nested lists and mappings: 65 is over the limit of 64 "
        "(raise it with STRATEGIUM_LIMIT_YAML_DEPTH)",
    ),
    "duplicate key": (
        ARMY.replace("points: 1565\n", "points: 1565\npoints: 1565\n", 1),
        "bomb.yaml:18: points: given twice",
    ),
    "second document": (
        ARMY + "---\nname: x\n",
        f"bomb.yaml:{ARMY.count(chr(10)) + 1}: the file holds a second YAML document ('---'); "
        "give one document per file",
    ),
    "NaN base": (
        ARMY.replace("base_mm: 32", "base_mm: .nan", 1),
        "bomb.yaml:57: units[0].models[0].base_mm: must be more than 0 mm (got nan)",
    ),
    "true for a number": (
        ARMY.replace("count: 19", "count: true", 1),
        "bomb.yaml:89: units[1].models[1].count: must be a whole number, not true/false",
    ),
    "billion shots": (
        ARMY.replace("type: Rapid Fire}", "type: Assault 1000000000}", 1),
        "bomb.yaml:21: weapons[0].type: the number of shots: 1000000000 is over the limit of 100 "
        "(raise it with STRATEGIUM_LIMIT_PROFILE_VALUE)",
    ),
    "UTF-16": (ARMY.encode("utf-16"), "{path}: the file is UTF-16 text; save the army file as UTF-8"),
}


@pytest.mark.parametrize("command", list(ARMY_COMMANDS))
@pytest.mark.parametrize("attack", list(ARMY_ATTACKS))
def test_a_hostile_army_file_is_one_error_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], attack: str, command: str
) -> None:
    text, expected = ARMY_ATTACKS[attack]
    path = attack_army(tmp_path, "bomb.yaml", text)
    before = path.read_bytes()
    assert one_error(ARMY_COMMANDS[command](path, tmp_path / "out"), capsys) == expected.format(path=path)
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bomb.yaml"]


SCENARIO_ATTACKS = {
    "alias bomb": (BOMB + SCENARIO, "s.yaml:" + BOMB_ERROR),
    "table of 10^9 inches": (
        SCENARIO.replace("table: {width: 72, depth: 48}", "table: {width: 1000000000, depth: 48}"),
        "s.yaml:14: table.width: inches: 1e+09 is over the limit of 1000 (raise it with STRATEGIUM_LIMIT_TABLE_INCHES)",
    ),
    "self-intersecting terrain": (
        SCENARIO.replace(
            "polygon: [[31, 25], [37, 24], [38, 29], [32, 30]]", "polygon: [[31, 25], [38, 29], [37, 24], [32, 30]]"
        ),
        "s.yaml:24: terrain[2].polygon: footprint is not a valid polygon",
    ),
    "negative table": (
        SCENARIO.replace("table: {width: 72, depth: 48}", "table: {width: -72, depth: 48}"),
        "s.yaml:14: table.width: must be more than 0",
    ),
    "NaN position": (
        SCENARIO.replace("centurion: [[38, 6]]", "centurion: [[.nan, 6]]"),
        "s.yaml:49: armies[0].positions.centurion[0][0]: must be a finite number",
    ),
    "army file that is a folder": (
        SCENARIO.replace("  - demo: emperors_children\n", "  - army: .\n", 1),
        "s.yaml:47: armies[0].army: no such file: .",
    ),
    "rules configuration that is infinite": (
        SCENARIO.replace(
            "deployment: dawn_of_war\n", "deployment: dawn_of_war\nrules_config: {movement: {coherency: .inf}}\n", 1
        ),
        "s.yaml:16: rules_config.movement.coherency: must be a finite number",
    ),
}


@pytest.mark.parametrize("command", list(SCENARIO_COMMANDS))
@pytest.mark.parametrize("attack", list(SCENARIO_ATTACKS))
def test_a_hostile_scenario_file_is_one_error_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], attack: str, command: str
) -> None:
    text, expected = SCENARIO_ATTACKS[attack]
    path = tmp_path / "s.yaml"
    path.write_text(text, encoding="utf-8")
    out = tmp_path / "map.svg"
    assert one_error(SCENARIO_COMMANDS[command](path, out), capsys) == expected
    assert path.read_text(encoding="utf-8") == text
    assert not out.exists()


@pytest.mark.parametrize(
    ("name", "text", "expected"),
    [
        ("bomb.yaml", BOMB, "{path}:" + BOMB_ERROR),
        ("inf.yaml", "movement:\n  coherency: .inf\n", "{path}:2: movement.coherency: must be a finite number"),
        ("nan.toml", "[movement]\ncoherency = nan\n", "{path}:2: movement.coherency: must be a finite number"),
        ("deep.toml", "a = " + "[" * 5000 + "]" * 5000 + "\n", "{path}: TOML syntax error: nested too deeply"),
    ],
)
def test_a_hostile_rules_configuration_is_one_error_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, text: str, expected: str
) -> None:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    assert one_error(["rules", "config", "--file", str(path)], capsys) == expected.format(path=path)
    assert path.read_text(encoding="utf-8") == text


def test_missing_files_and_folders_are_named_without_python_error_text(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = tmp_path / "nothere.yaml"
    assert one_error(["check", str(missing)], capsys) == f"{missing}: no such scenario file"
    assert one_error(["battle", "--scenario", str(missing), "--quiet"], capsys) == f"{missing}: no such scenario file"
    assert one_error(["rules", "config", "--file", str(missing)], capsys) == (
        f"{missing}: no such rules configuration file"
    )
    assert one_error(["army", "show", str(tmp_path)], capsys) == f"{tmp_path}: is a directory, not an army file"
    folder = tmp_path / "folder.yaml"
    folder.mkdir()
    assert one_error(["battle", "--scenario", str(folder), "--quiet"], capsys) == (
        f"{folder}: is a directory, not a scenario file"
    )
    assert one_error(["rules", "config", "--file", str(folder)], capsys) == (
        f"{folder}: is a directory, not a rules configuration file"
    )


def test_a_file_name_the_system_refuses_is_named_not_raised(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A name longer than the system allows makes ``Path.is_file`` raise ``OSError`` (found by mutating the bundled
    scenarios: an ``army:`` of 9,000 characters)."""
    long = "x" * 5000 + ".yaml"
    missing = shortened(f"no such file: {long}", LONGEST_MESSAGE)  # a message quoting a huge value keeps its ends
    assert one_error(["battle", "--army", long, "--army", "emperors_children", "--quiet"], capsys).startswith(
        f"{shortened(long)}: no such file, and no demo army of that name"
    )
    path = tmp_path / "s.yaml"
    path.write_text(SCENARIO.replace("  - demo: emperors_children\n", f"  - army: {long}\n", 1), encoding="utf-8")
    assert one_error(["check", str(path)], capsys) == f"s.yaml:47: armies[0].army: {missing}"
    path.write_text(SCENARIO.replace("deployment: dawn_of_war\n", f"deployment: dawn_of_war\nrules_config: {long}\n"))
    assert one_error(["check", str(path)], capsys) == f"s.yaml:16: rules_config: {missing}"
