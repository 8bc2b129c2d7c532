"""Files named on the command line, for every command: an input that is missing, a directory, a device or empty
is one line in the project's words; an output in a missing folder, of the wrong kind or that is an input is
refused before any work starts. Exit code 2, nothing on stdout, and every file in the folder unchanged."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from strategium.army.library import demo_army_paths
from strategium.cli import battle_cmd, map_cmd, replay_cmd
from strategium.scenario import demo_scenario_path
from tests.cli.test_paths import snapshot
from tests.cli.test_usage import strategium

BUNDLED = "bundled: emperors_children, imperialis_militia"


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The current folder, holding a scenario ``s.yaml`` that names an army file ``a.yaml`` (a copy of the
    Militia demo), a game record ``r.json`` of that scenario, a folder ``d`` and a file ``old.json``; no work
    may start (playing, replaying or drawing fails the test)."""
    monkeypatch.chdir(tmp_path)
    shutil.copy(demo_army_paths()["imperialis_militia"], tmp_path / "a.yaml")
    text = demo_scenario_path().read_text(encoding="utf-8")
    assert "demo: imperialis_militia" in text
    (tmp_path / "s.yaml").write_text(text.replace("demo: imperialis_militia", "army: a.yaml"), encoding="utf-8")
    setup = {"scenario": "s.yaml", "armies": ["a.yaml", "emperors_children"], "turns": 1, "players": ["random"] * 2}
    record = {"format": "strategium.record/1", "seed": 1, "setup": setup, "history": []}
    (tmp_path / "r.json").write_text(__import__("json").dumps(record), encoding="utf-8")
    (tmp_path / "d").mkdir()
    (tmp_path / "old.json").write_text("{}\n", encoding="utf-8")

    def no_work(*args: object, **kwargs: object) -> None:
        raise AssertionError("the work started before the output was checked")

    monkeypatch.setattr(battle_cmd, "play_battle", no_work)
    monkeypatch.setattr(battle_cmd, "run_battles", no_work)
    monkeypatch.setattr(replay_cmd, "replay_battle", no_work)
    monkeypatch.setattr(map_cmd, "render_svg", no_work)
    yield tmp_path


def refused(capsys: pytest.CaptureFixture[str], folder: Path, *args: str) -> str:
    """Run a command that must be refused: exit code 2, nothing on stdout, one line on stderr, every file in
    ``folder`` as it was (bytes, mode, modification time; no file added or removed). Returns the line without
    ``strategium: error: ``."""
    before = snapshot(folder)
    code, out, err = strategium(capsys, *args)
    assert (code, out) == (2, ""), err
    assert err.count("\n") == 1 and err.startswith("strategium: error: "), err
    assert snapshot(folder) == before
    return err.removeprefix("strategium: error: ").removesuffix("\n")


@pytest.mark.parametrize(
    ("args", "line"),
    [
        (["roster", "nothere.ros"], "nothere.ros: no such roster file"),
        (["roster", "d"], "d: is a directory, not a roster file"),
        (["roster", "/dev/null"], "/dev/null: is not a regular file (a device, pipe or socket), so not a roster file"),
        (["roster", ""], "FILE: the file name is empty"),
        (["army", "show", "nothere.yaml"], f"nothere.yaml: no such file, and no demo army of that name ({BUNDLED})"),
        (["army", "show", "d"], "d: is a directory, not an army file"),
        (
            ["army", "show", "/dev/zero"],
            "/dev/zero: is not a regular file (a device, pipe or socket), so not an army file",
        ),
        (["army", "show", ""], "FILE_OR_DEMO_NAME: the file name is empty"),
        (["battle", "--army", "d", "--army", "emperors_children"], "d: is a directory, not a roster or army file"),
        (
            ["battle", "--army", "a.yaml", "--army", "no.ros"],
            f"no.ros: no such file, and no demo army of that name ({BUNDLED})",
        ),
        (["battle", "--army", "", "--army", "a.yaml"], "--army: the file name is empty"),
        (["battle", "--scenario", "nothere.yaml"], "nothere.yaml: no such scenario file"),
        (["battle", "--scenario", "d"], "d: is a directory, not a scenario file"),
        (
            ["battle", "--scenario", "s.yaml/x"],
            "s.yaml/x: no such scenario file (a part of the path is a file, not a folder)",
        ),
        (
            ["map", "nothere.yaml", "--out", "m.svg"],
            "nothere.yaml: no such scenario file (give a file, or 'demo' for the bundled scenario)",
        ),
        (["map", "d", "--out", "m.svg"], "d: is a directory, not a scenario file"),
        (["check", "nothere.yaml"], "nothere.yaml: no such scenario file"),
        (["check", "d"], "d: is a directory, not a scenario file"),
        (["check", "/dev/null"], "/dev/null: is not a regular file (a device, pipe or socket), so not a scenario file"),
        (["replay", "nothere.json"], "nothere.json: no such game record"),
        (["replay", "d"], "d: is a directory, not a game record"),
        (["replay", "/dev/null"], "/dev/null: is not a regular file (a device, pipe or socket), so not a game record"),
        (["rules", "config", "--file", "nothere.yaml"], "nothere.yaml: no such rules configuration file"),
        (["rules", "config", "--file", "d"], "d: is a directory, not a rules configuration file"),
    ],
)
def test_inputs_that_are_not_readable_files(
    capsys: pytest.CaptureFixture[str], here: Path, args: list[str], line: str
) -> None:
    assert refused(capsys, here, *args) == line


def test_a_pipe_given_as_a_record_does_not_hang(capsys: pytest.CaptureFixture[str], here: Path) -> None:
    os.mkfifo(here / "pipe.json")
    assert refused(capsys, here, "replay", "pipe.json") == (
        "pipe.json: is not a regular file (a device, pipe or socket), so not a game record"
    )


INPUT = "is an input of this command"


@pytest.mark.parametrize(
    ("args", "line"),
    [
        # map --out
        (["map", "s.yaml", "--out", "s.yaml"], f"s.yaml: {INPUT}: --out would overwrite it"),
        (["map", "s.yaml", "--out", "./s.yaml"], f"./s.yaml: {INPUT} (s.yaml): --out would overwrite it"),
        (["map", "s.yaml", "--out", "a.yaml"], f"a.yaml: {INPUT}: --out would overwrite it"),  # the scenario names it
        (["map", "s.yaml", "--out", "no/m.svg"], "no/m.svg: the folder does not exist"),
        (["map", "s.yaml", "--out", "d"], "d: is a directory; --out needs a file name"),
        (["map", "s.yaml", "--out", "new/"], "new/: is a directory; --out needs a file name"),
        (
            ["map", "s.yaml", "--out", "/dev/null"],
            "/dev/null: is not a regular file (a device, pipe or socket): it cannot be replaced",
        ),
        (["map", "s.yaml", "--out", ""], "--out: the file name is empty"),
        # battle --json, --report
        (
            ["battle", "--army", "a.yaml", "--army", "emperors_children", "--json", "a.yaml"],
            f"a.yaml: {INPUT}: --json would overwrite it",
        ),
        (["battle", "--scenario", "s.yaml", "--json", "s.yaml"], f"s.yaml: {INPUT}: --json would overwrite it"),
        (["battle", "--scenario", "s.yaml", "--json", "a.yaml"], f"a.yaml: {INPUT}: --json would overwrite it"),
        (["battle", "--json", "no/r.json"], "no/r.json: the folder does not exist"),
        (["battle", "--json", "d"], "d: is a directory; --json needs a file name"),
        (["battle", "--report", "no/report"], "no/report: cannot make it: the folder no does not exist"),
        (
            ["battle", "--report", "old.json"],
            "old.json: is a file; --report needs a folder (it writes report.html into it)",
        ),
        (["battle", "--report", ".", "--json", "report.html"], "report.html: is also written by --json"),
        (["battle", "--report", "d", "--json", "d/report.html"], "d/report.html: is also written by --json"),
        # replay --report
        (["replay", "r.json", "--report", "no/report"], "no/report: cannot make it: the folder no does not exist"),
        (
            ["replay", "r.json", "--report", "old.json"],
            "old.json: is a file; --report needs a folder (it writes report.html into it)",
        ),
    ],
)
def test_outputs_are_checked_before_any_work(
    capsys: pytest.CaptureFixture[str], here: Path, args: list[str], line: str
) -> None:
    assert refused(capsys, here, *args) == line


def test_an_output_that_links_to_an_input_is_refused(capsys: pytest.CaptureFixture[str], here: Path) -> None:
    (here / "link.json").symlink_to(here / "a.yaml")
    os.link(here / "s.yaml", here / "hard.svg")
    assert (
        refused(capsys, here, "map", "s.yaml", "--out", "hard.svg")
        == f"hard.svg: {INPUT} (s.yaml): --out would overwrite it"
    )
    assert refused(
        capsys, here, "battle", "--army", "a.yaml", "--army", "emperors_children", "--json", "link.json"
    ) == (f"link.json: {INPUT} (a.yaml): --json would overwrite it")


def test_the_bundled_files_are_inputs_too(
    capsys: pytest.CaptureFixture[str], here: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    copy = here / "demo.yaml"  # the bundled scenario, as `map` and `battle` find it (a copy: never risk the real one)
    shutil.copy(demo_scenario_path(), copy)
    monkeypatch.setattr(map_cmd, "demo_scenario_path", lambda: copy)
    monkeypatch.setattr(battle_cmd, "demo_scenario_path", lambda: copy)
    assert refused(capsys, here, "map", "--out", str(copy)) == f"{copy}: {INPUT}: --out would overwrite it"
    assert refused(capsys, here, "battle", "--json", str(copy)) == f"{copy}: {INPUT}: --json would overwrite it"


def test_replay_report_may_not_overwrite_the_record_or_its_setup_files(
    capsys: pytest.CaptureFixture[str], here: Path
) -> None:
    (here / "rep").mkdir()
    shutil.copy(here / "r.json", here / "rep" / "report.html")
    assert refused(capsys, here, "replay", "rep/report.html", "--report", "rep") == (
        f"rep/report.html: {INPUT}: --report would overwrite it"
    )
    (here / "rep" / "report.html").unlink()
    os.link(here / "a.yaml", here / "rep" / "report.html")
    assert refused(capsys, here, "replay", "r.json", "--report", "rep") == (
        f"rep/report.html: {INPUT} (a.yaml): --report would overwrite it"
    )


def test_a_map_is_written_whole_and_replaces_an_old_one(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    old = tmp_path / "m.svg"
    old.write_text("old map", encoding="utf-8")
    old.chmod(0o640)
    code, out, err = strategium(capsys, "map", "--out", str(old))
    assert (code, err) == (0, "") and out.startswith(f"wrote {old}: ")
    assert old.read_text(encoding="utf-8").startswith("<svg") and old.stat().st_mode & 0o777 == 0o640
    assert [p.name for p in tmp_path.iterdir()] == ["m.svg"]  # no temporary file left
