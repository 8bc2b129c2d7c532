"""`strategium.cli.paths`: inputs checked before reading, outputs before any work, writes whole or not at all."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from strategium.cli import paths
from strategium.cli.paths import (
    files_read,
    input_file,
    output_file,
    output_folder,
    refuse_inputs,
    track_reads,
    write_outputs,
)
from strategium.errors import InputError, shortened

ROOT = os.geteuid() == 0
"""Permission bits do not stop root: the permission tests simulate the refusal instead."""


def message(call: object, *args: object) -> str:
    with pytest.raises(InputError) as caught:
        call(*args)  # type: ignore[operator]
    return str(caught.value)


def snapshot(folder: Path) -> dict[str, tuple[int, int, bytes | None]]:
    """Every entry under ``folder``: its mode, modification time (ns) and bytes (None for a folder)."""
    out = {}
    for path in sorted(folder.rglob("*")):
        info = path.lstat()
        data = path.read_bytes() if path.is_file() and not path.is_symlink() else None
        out[str(path.relative_to(folder))] = (info.st_mode, info.st_mtime_ns, data)
    return out


def test_input_file_kinds(tmp_path: Path) -> None:
    good = tmp_path / "s.yaml"
    good.write_text("x: 1\n", encoding="utf-8")
    assert input_file(str(good), "scenario file", "SCENARIO") == good
    assert message(input_file, str(tmp_path / "no.yaml"), "scenario file", "SCENARIO") == (
        f"{tmp_path / 'no.yaml'}: no such scenario file"
    )
    assert message(input_file, str(good / "x"), "scenario file", "SCENARIO") == (
        f"{good / 'x'}: no such scenario file (a part of the path is a file, not a folder)"
    )
    assert (
        message(input_file, str(tmp_path), "game record", "RECORD") == f"{tmp_path}: is a directory, not a game record"
    )
    assert message(input_file, str(tmp_path), "army file", "--army") == f"{tmp_path}: is a directory, not an army file"
    assert message(input_file, "/dev/null", "roster file", "FILE") == (
        "/dev/null: is not a regular file (a device, pipe or socket), so not a roster file"
    )
    assert message(input_file, "", "roster file", "FILE") == "FILE: the file name is empty"
    assert message(input_file, "a\0b", "roster file", "FILE") == "FILE: a file name cannot hold a NUL character"
    assert message(input_file, "x" * 300, "roster file", "FILE") == (
        f"{shortened('x' * 300)}: cannot read the roster file: file name too long"
    )


def test_a_pipe_is_refused_without_opening_it(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.ros"
    os.mkfifo(fifo)  # opening it for reading would wait for a writer for ever
    assert message(input_file, str(fifo), "roster file", "FILE") == (
        f"{fifo}: is not a regular file (a device, pipe or socket), so not a roster file"
    )


def test_an_unreadable_input_is_named(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    locked = tmp_path / "locked.json"
    locked.write_text("{}", encoding="utf-8")
    locked.chmod(0)
    if ROOT:

        def refuse(self: Path, *args: object, **kwargs: object) -> None:
            raise PermissionError(13, "Permission denied", str(self))

        monkeypatch.setattr(Path, "open", refuse)
    assert message(input_file, str(locked), "game record", "RECORD") == (
        f"{locked}: cannot read the game record: permission denied"
    )


def test_output_file_checks(tmp_path: Path) -> None:
    source = tmp_path / "s.yaml"
    source.write_text("x: 1\n", encoding="utf-8")
    out = output_file(str(tmp_path / "m.svg"), "--out", "map", [source])
    assert (out.path, out.option, out.what, out.make_folder) == (tmp_path / "m.svg", "--out", "map", None)
    no = tmp_path / "no" / "m.svg"
    assert message(output_file, str(no), "--out", "map") == f"{no}: the folder does not exist"
    assert (
        message(output_file, str(tmp_path), "--json", "game record")
        == f"{tmp_path}: is a directory; --json needs a file name"
    )
    assert message(output_file, "later/", "--json", "game record") == "later/: is a directory; --json needs a file name"
    assert message(output_file, "/dev/null", "--out", "map") == (
        "/dev/null: is not a regular file (a device, pipe or socket): it cannot be replaced"
    )
    assert message(output_file, "", "--json", "game record") == "--json: the file name is empty"
    assert message(output_file, str(source), "--out", "map", [source]) == (
        f"{source}: is an input of this command: --out would overwrite it"
    )


def test_the_same_file_under_another_name_is_an_input(tmp_path: Path) -> None:
    source = tmp_path / "s.yaml"
    source.write_text("x: 1\n", encoding="utf-8")
    (tmp_path / "link.yaml").symlink_to(source)
    os.link(source, tmp_path / "hard.yaml")
    for name in ("link.yaml", "hard.yaml", "./s.yaml", "../" + tmp_path.name + "/s.yaml"):
        shown = f"{tmp_path}/{name}"
        assert message(output_file, shown, "--json", "game record", [source]) == (
            f"{shown}: is an input of this command ({source}): --json would overwrite it"
        )


def test_a_read_only_output_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    kept = tmp_path / "kept.json"
    kept.write_text("{}", encoding="utf-8")
    kept.chmod(0o444)
    if ROOT:
        real = os.access
        monkeypatch.setattr(paths.os, "access", lambda p, mode: real(p, mode) and Path(p) != kept)
    assert message(output_file, str(kept), "--json", "game record") == f"{kept}: is read-only"


def test_output_folder_checks(tmp_path: Path) -> None:
    new = output_folder(str(tmp_path / "report"), "report.html", "--report", "report")
    assert (new.path, new.make_folder) == (tmp_path / "report" / "report.html", tmp_path / "report")
    assert not (tmp_path / "report").exists()  # made only when the report is written
    old = output_folder(str(tmp_path), "report.html", "--report", "report")
    assert (old.path, old.make_folder) == (tmp_path / "report.html", None)
    deeper = tmp_path / "no" / "report"
    assert message(output_folder, str(deeper), "report.html", "--report", "report") == (
        f"{deeper}: cannot make it: the folder {tmp_path / 'no'} does not exist"
    )
    afile = tmp_path / "a.txt"
    afile.write_text("x", encoding="utf-8")
    assert message(output_folder, str(afile), "report.html", "--report", "report") == (
        f"{afile}: is a file; --report needs a folder (it writes report.html into it)"
    )
    (tmp_path / "report.html").mkdir()
    assert message(output_folder, str(tmp_path), "report.html", "--report", "report") == (
        f"{tmp_path / 'report.html'}: is a directory, so --report cannot write the report there"
    )


def test_two_outputs_cannot_be_one_file(tmp_path: Path) -> None:
    a = output_file(str(tmp_path / "x.html"), "--json", "game record")
    b = output_folder(str(tmp_path), "x.html", "--report", "report")
    assert message(refuse_inputs, [a, b]) == f"{tmp_path / 'x.html'}: is also written by --report"


def test_files_read_are_inputs(tmp_path: Path) -> None:
    army = tmp_path / "army.yaml"
    army.write_text("x: 1\n", encoding="utf-8")
    track_reads()
    out = output_file(str(army), "--json", "game record")  # nothing read yet: allowed
    army.read_text(encoding="utf-8")
    assert str(army) in files_read()
    assert message(refuse_inputs, [out]) == f"{army}: is an input of this command: --json would overwrite it"
    track_reads()
    assert str(army) not in files_read()


def test_write_outputs_writes_whole_files_with_the_usual_modes(tmp_path: Path) -> None:
    track_reads()
    kept = tmp_path / "old.json"
    kept.write_text("old", encoding="utf-8")
    kept.chmod(0o600)
    new = output_file(str(tmp_path / "new.svg"), "--out", "map")
    old = output_file(str(kept), "--json", "game record")
    page = output_folder(str(tmp_path / "rep"), "report.html", "--report", "report")
    write_outputs([(new, "<svg/>\n"), (old, "{}\n"), (page, "<html/>\n")])
    assert (tmp_path / "new.svg").read_text(encoding="utf-8") == "<svg/>\n"
    assert kept.read_text(encoding="utf-8") == "{}\n" and stat.S_IMODE(kept.stat().st_mode) == 0o600
    mask = os.umask(0)
    os.umask(mask)
    assert stat.S_IMODE((tmp_path / "new.svg").stat().st_mode) == 0o666 & ~mask
    assert sorted(p.name for p in tmp_path.rglob("*")) == ["new.svg", "old.json", "rep", "report.html"]


def test_a_failed_write_changes_nothing_and_leaves_no_temporary_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    track_reads()
    kept = tmp_path / "old.json"
    kept.write_text("old", encoding="utf-8")
    first = output_file(str(kept), "--json", "game record")
    gone = tmp_path / "gone"
    gone.mkdir()
    second = output_file(str(gone / "m.svg"), "--out", "map")
    page = output_folder(str(tmp_path / "rep"), "report.html", "--report", "report")
    gone.rmdir()  # the folder disappears between the check and the write
    before = snapshot(tmp_path)
    track_reads()  # (the snapshot read old.json)
    assert message(write_outputs, [(first, "new"), (page, "<html/>"), (second, "<svg/>")]) == (
        f"{gone / 'm.svg'}: cannot write the map: no such file or directory"
    )
    assert snapshot(tmp_path) == before
    track_reads()

    def interrupted(fd: int) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(paths.os, "fsync", interrupted)
    with pytest.raises(KeyboardInterrupt):
        write_outputs([(first, "new")])
    assert snapshot(tmp_path) == before
    track_reads()

    def full(src: object, dst: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.undo()
    monkeypatch.setattr(paths.os, "replace", full)
    assert message(write_outputs, [(first, "new")]) == f"{kept}: cannot write the game record: no space left on device"
    assert snapshot(tmp_path) == before


def test_an_output_name_longer_than_the_system_allows_is_one_line_not_a_traceback(tmp_path: Path) -> None:
    """Found by the outside corpus of issue 18: ``map --out`` / ``--json`` / ``--report`` with a 300-character
    name raised ``OSError: [Errno 36]`` from ``Path.is_dir``."""
    long = str(tmp_path / ("a" * 300))
    assert message(output_file, long + ".svg", "--out", "map") == (
        f"{shortened(long + '.svg')}: cannot write the map there: file name too long"
    )
    assert message(output_folder, long, "index.html", "--report", "report") == (
        f"{shortened(long)}: cannot write the report there: file name too long"
    )
    assert list(tmp_path.iterdir()) == []
