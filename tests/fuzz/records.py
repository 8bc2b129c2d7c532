"""The game record the record attacks and mutants start from: a real one, written by the real command."""

from __future__ import annotations

from functools import cache

from tests.fuzz.harness import run_cli, sandbox


@cache
def demo_record() -> str:
    """The text of ``strategium battle --turns 1 --quiet --json`` (the demo, seed 3): a one-Game-Turn record
    of about 60 actions. Made once per test run, by the command line itself."""
    with sandbox("fuzz-record-") as box:
        run = run_cli(["battle", "--turns", "1", "--quiet", "--json", "record.json"], box)
        assert run.outcome == "exit" and run.code == 0, run.head()
        return (box.work / "record.json").read_text(encoding="utf-8")
