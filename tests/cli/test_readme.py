"""The README shows `strategium battle --quiet` as a new user sees it: the sample must be the real output of the
default battle (a line ending in ``...`` is cut there; a line that is only ``...`` stands for rows left out)."""

from __future__ import annotations

from pathlib import Path

from tests.cli.test_battle_cmd import strategium

README = Path(__file__).resolve().parents[2] / "README.md"
COMMAND = "$ strategium battle --quiet"


def sample() -> list[str]:
    """The README's sample output of the default quiet battle (without the command line)."""
    text = README.read_text(encoding="utf-8")
    start = text.index(COMMAND + "\n") + len(COMMAND) + 1
    return text[start : text.index("\n```", start)].splitlines()


def unmatched(shown: list[str], real: list[str]) -> list[str]:
    """The sample lines that are not the real output's, in order (empty when the sample is faithful)."""
    at, skipping, missing = 0, False, []
    for line in shown:
        if line.strip() == "...":
            skipping = True
            continue
        cut = line.endswith("...")
        wanted = line.removesuffix("...").rstrip()
        ends = range(at, len(real)) if skipping else range(at, min(at + 1, len(real)))
        found = next((i for i in ends if (real[i].startswith(wanted) if cut else real[i] == line)), None)
        if found is None:
            missing.append(line)
            continue
        at, skipping = found + 1, False
    return missing + (["(the real output goes on)"] if at < len(real) and not skipping else [])


def test_the_matcher_finds_cut_lines_skipped_rows_and_differences() -> None:
    real = ["a", "bbbb", "c1", "c2", "d"]
    assert unmatched(["a", "bb...", "  ...", "d"], real) == []
    assert unmatched(["a", "bbbb", "c1", "d"], real) == ["d", "(the real output goes on)"]
    assert unmatched(["a", "x..."], real) == ["x...", "(the real output goes on)"]


def test_the_readme_sample_is_what_the_default_quiet_battle_prints() -> None:
    run = strategium("battle", "--quiet")
    assert run.returncode == 0, run.stderr
    shown = sample()
    assert len(shown) > 10
    assert unmatched(shown, run.stdout.splitlines()) == []
