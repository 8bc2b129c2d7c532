"""`strategium rules config`: table, --json, --file overrides, bad files (one line, exit 2, nothing printed)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from strategium.cli.main import app, main
from strategium.config import RulesConfig
from strategium.config.metadata import format_value
from tests.cli.running import run

runner = CliRunner()


def test_json_lists_every_setting_at_its_default() -> None:
    result = runner.invoke(app, ["rules", "config", "--json"])
    assert result.exit_code == 0, result.output
    payload = json.loads(result.stdout)
    assert payload["file"] is None
    settings = payload["settings"]
    assert [s["name"] for s in settings] == [row.name for row in RulesConfig().describe()]
    assert not any(s["overridden"] for s in settings)
    target = next(s for s in settings if s["name"] == "reserves.target")
    assert target == {
        "name": "reserves.target",
        "value": 3,
        "default": 3,
        "overridden": False,
        "source": target["source"],
        "confidence": "unconfirmed",
        "description": "D6 result a Reserves roll needs to succeed.",
        "allowed": "whole number from 2 to 6",
        "played": True,
        "not_played": "",
    }
    one_per_player = next(s for s in settings if s["name"] == "deep_strike.one_per_player")
    assert not one_per_player["played"]
    assert one_per_player["not_played"] == "Deep Strike Assault is not implemented yet"
    assert sum(not s["played"] for s in settings) == sum(not row.played for row in RulesConfig().describe())


def test_json_with_overrides_file(tmp_path: Path) -> None:
    path = tmp_path / "my.yaml"
    path.write_text("reserves:\n  target: 4\n", encoding="utf-8")
    result = runner.invoke(app, ["rules", "config", "--file", str(path), "--json"])
    assert result.exit_code == 0, result.output
    payload = json.loads(result.stdout)
    assert payload["file"] == str(path)
    overridden = [s for s in payload["settings"] if s["overridden"]]
    assert [(s["name"], s["value"], s["default"]) for s in overridden] == [("reserves.target", 4, 3)]


def cells(stdout: str, name: str) -> list[str]:
    line = next(row for row in stdout.splitlines() if f"│ {name} " in row)
    return [cell.strip() for cell in line.split("│")[1:-1]]


def test_table_shows_values_overrides_and_confidence(tmp_path: Path) -> None:
    path = tmp_path / "my.yaml"
    path.write_text("seize_initiative:\n  target: 5\n", encoding="utf-8")
    result = runner.invoke(app, ["rules", "config", "-f", str(path)], env={"COLUMNS": "160"})
    assert result.exit_code == 0, result.output
    assert f"{len(RulesConfig().describe())} settings, 1 overridden by {path}" in result.stdout
    assert "seize_initiative." in result.stdout
    seize = result.stdout.split("seize_initiative.")[1]
    assert cells(seize, "target") == ["target", "5 * (default 6)", "unconfirmed"]
    statuses = result.stdout.split("statuses.")[1]
    assert cells(statuses, "mounted_ic_may_join_infantry") == ["mounted_ic_may_join_infantry", "false", "contested"]
    assert "source:" not in result.stdout


def test_table_marks_the_settings_not_played_yet() -> None:
    result = runner.invoke(app, ["rules", "config"], env={"COLUMNS": "160"})
    assert result.exit_code == 0, result.output
    rows = RulesConfig().describe()
    unplayed = [row for row in rows if not row.played]
    assert f"({len(rows)} settings, all defaults, {len(unplayed)} not played yet)" in result.stdout
    lines = result.stdout.splitlines()
    for row in rows:
        group, name = row.name.split(".", 1)
        section = result.stdout.split(f"\n{group}.")[1].splitlines()
        at = next(i for i, line in enumerate(section) if f"│ {name} " in line)
        assert ("(not played yet)" in section[at + 1]) is (not row.played), row.name
    assert "(not played yet): the engine does not play that setting's rule yet" in " ".join(lines)


def test_verbose_gives_the_reason_a_setting_is_not_played_yet() -> None:
    result = runner.invoke(app, ["rules", "config", "-v"], env={"COLUMNS": "250"})
    assert result.exit_code == 0, result.output
    night = RulesConfig().entry("night_fighting.first_turn_target")
    assert f"(not played yet: {night.not_played})" in result.stdout
    assert result.stdout.count("(not played yet: ") == sum(not row.played for row in RulesConfig().describe())


def test_a_file_setting_a_setting_not_played_yet_warns_one_line_each(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "my.yaml"
    path.write_text("reserves:\n  target: 4\nnight_fighting:\n  first_turn_target: 4\n", encoding="utf-8")
    with pytest.raises(SystemExit) as caught:
        main(["rules", "config", "--file", str(path), "--json"])
    assert caught.value.code == 0
    out, err = capsys.readouterr()
    assert err == (
        f"strategium: warning: {path}:4: night_fighting.first_turn_target: not played yet "
        "(Night Fighting is not implemented yet): setting it has no effect\n"
    )
    values = {s["name"]: s["value"] for s in json.loads(out)["settings"]}
    assert (values["night_fighting.first_turn_target"], values["reserves.target"]) == (4, 4)


@pytest.mark.parametrize("columns", ["80", "160"])
def test_table_cuts_no_value_at_80_and_160_columns(columns: str) -> None:
    result = runner.invoke(app, ["rules", "config"], env={"COLUMNS": columns})
    assert result.exit_code == 0, result.output
    assert "…" not in result.stdout
    assert all(len(line) <= int(columns) for line in result.stdout.splitlines())
    for row in RulesConfig().describe():
        group, name = row.name.split(".", 1)
        section = result.stdout.split(f"\n{group}.")[1]
        if len(name) <= 30:  # long names may fold onto a second line at 80 columns; values never do
            assert cells(section, name)[1] == format_value(row.value), row.name


def test_verbose_adds_meaning_allowed_values_and_source() -> None:
    result = runner.invoke(app, ["rules", "config", "-v"], env={"COLUMNS": "250"})
    assert result.exit_code == 0, result.output
    row = RulesConfig().entry("reserves.target")
    assert row.description in result.stdout
    assert f"allowed: {row.allowed}" in result.stdout
    assert f"source: {row.source}" in result.stdout


def test_bad_file_is_one_line_on_stderr_and_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "my.yaml"
    path.write_text("# overrides\nreserves:\n  target: 9\n", encoding="utf-8")
    with pytest.raises(SystemExit) as caught:
        main(["rules", "config", "--file", str(path)])
    assert caught.value.code == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err == f"strategium: error: {path}:3: reserves.target: must be between 2 and 6\n"


def test_good_run_through_main_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as caught:
        main(["rules", "config", "--json"])
    assert caught.value.code == 0
    assert len(json.loads(capsys.readouterr().out)["settings"]) == len(RulesConfig().describe())


def test_bad_file_in_a_real_process(tmp_path: Path) -> None:
    path = tmp_path / "my.toml"
    path.write_text("[reserves]\ntarget = 4\nspeed = 2\n", encoding="utf-8")
    result = run("rules", "config", "-f", str(path))
    assert result.returncode == 2
    assert result.stdout == ""
    assert (
        result.stderr
        == f"strategium: error: {path}:3: reserves.speed: unknown setting; known: "
        + ", ".join(
            RulesConfig.model_fields["reserves"].annotation.model_fields  # type: ignore[union-attr]
        )
        + "\n"
    )


def test_directory_as_file_is_a_clear_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as caught:
        main(["rules", "config", "--file", str(tmp_path)])
    assert caught.value.code == 2
    assert capsys.readouterr().err == f"strategium: error: {tmp_path}: is a directory, not a rules configuration file\n"
