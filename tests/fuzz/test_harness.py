"""The harness catches every kind of failure it is there to catch: each test puts a misbehaving stand-in for the
entry point in place (the forked child inherits it) and checks the run's outcome and its problems exactly."""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.fuzz import harness
from tests.fuzz.harness import Sandbox, problems, run_cli


def _run(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, fake: Callable[[list[str]], None], **budget: Any
) -> harness.Run:
    monkeypatch.setattr(harness, "main", fake)
    return run_cli(["roster", "x.ros"], Sandbox(tmp_path), **budget)


def test_a_clean_error_is_one_line_and_exit_2(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    def fake(argv: list[str]) -> None:
        print("strategium: error: x.ros: not a roster", file=sys.stderr)
        raise SystemExit(2)

    run = _run(monkeypatch, tmp_path, fake)
    assert (run.outcome, run.code, run.stderr) == ("exit", 2, "strategium: error: x.ros: not a roster\n")
    assert problems(run, names=["x.ros"]) == []
    assert problems(run, names=["y.ros"]) == [
        "error line names none of ['y.ros']: 'strategium: error: x.ros: not a roster'"
    ]


def test_an_exception_is_a_failure_with_its_traceback(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    def fake(argv: list[str]) -> None:
        raise KeyError("seed")

    run = _run(monkeypatch, tmp_path, fake)
    assert (run.outcome, run.code) == ("exception", 1)
    assert run.trace.splitlines()[-1] == "KeyError: 'seed'"
    assert problems(run)[0].startswith("exception:")


def test_a_run_over_its_cpu_budget_is_stopped_where_it_was(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    def spin(argv: list[str]) -> None:
        while True:
            pass

    run = _run(monkeypatch, tmp_path, spin, cpu_seconds=0.3)
    assert run.outcome == "budget"
    assert "over the CPU budget of 0.3 s" in run.trace and "in spin" in run.trace
    assert 0.25 <= run.cpu_seconds < 2.0  # the timer fires at 0.3 s of CPU; the child's own reading may be a tick short


def test_a_run_that_waits_is_stopped_by_the_wall_clock(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    def wait(argv: list[str]) -> None:
        time.sleep(30)

    run = _run(monkeypatch, tmp_path, wait, wall_seconds=0.5)
    assert run.outcome == "budget" and "over the wall-clock budget of 0.5 s" in run.trace
    assert run.wall_seconds < 10


def test_memory_past_the_cap_ends_in_memory_error(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    def hog(argv: list[str]) -> None:
        blocks = [bytearray(16 * 1024 * 1024) for _ in range(64)]  # 1 GiB
        print(len(blocks))

    run = _run(monkeypatch, tmp_path, hog, memory_mib=64)
    assert run.outcome == "exception" and run.trace.splitlines()[-1] == "MemoryError"
    assert run.peak_mib < 256  # stopped far below the 1 GiB asked for (resident-size readings in a long suite run vary)


def test_files_written_or_changed_are_caught(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    box = Sandbox(tmp_path)
    box.put("x.ros", "<roster/>")

    def scribble(argv: list[str]) -> None:
        Path("x.ros").write_text("changed", encoding="utf-8")
        Path("../stray.txt").write_text("a file beside the folder", encoding="utf-8")
        with open(os.path.join(os.environ["TMPDIR"], "left.tmp"), "w", encoding="utf-8") as left:
            left.write("left behind")

    monkeypatch.setattr(harness, "main", scribble)
    run = run_cli(["roster", "x.ros"], box)
    assert run.changed == {"stray.txt": "added", "tmp/left.tmp": "added", "work/x.ros": "changed"}
    assert problems(run, outputs=["work/x.ros"]) == [f"files touched: {run.changed}"]


def test_stderr_is_held_to_one_line_and_the_exit_code_to_0_or_2(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    def panel(argv: list[str]) -> None:
        print("Usage: strategium battle [OPTIONS]\n╭─ Error ─╮", file=sys.stderr)
        raise SystemExit(2)

    def three(argv: list[str]) -> None:
        raise SystemExit(3)

    two_lines = _run(monkeypatch, tmp_path, panel)
    assert problems(two_lines) == [
        "stderr is not one 'strategium: error: ...' line: 2 line(s): 'Usage: strategium battle [OPTIONS] | ╭─ Error ─╮'"
    ]
    assert problems(_run(monkeypatch, tmp_path, three)) == ["exit code 3 (allowed: [0, 2])"]


def test_the_content_of_another_file_in_the_output_is_a_leak(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    def leak(argv: list[str]) -> None:
        print("name: FUZZ-SECRET-7f3a9c")

    run = _run(monkeypatch, tmp_path, leak)
    assert problems(run, secrets=["FUZZ-SECRET-7f3a9c"]) == [
        "the output holds the content of another file: 'FUZZ-SECRET-7f3a9c'"
    ]
