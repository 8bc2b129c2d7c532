"""Referee scenarios where the engine disagrees with the rules as read: Rending (X) (rulebook p.246) and Hatred (X)
(p.240). Each file in ``referee_open/`` says what the rule requires; each is run as ``strategium check`` runs it
and is expected to fail (strict xfail: the day the engine plays the rule so, the mark must go and the file move up
beside the passing ``REF-REN-*`` / ``REF-HAT-*`` scenarios, which ``test_scenarios.py`` collects).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from strategium.cli.check_cmd import load_and_run

HERE = Path(__file__).parent
OPEN = HERE / "referee_open"

REASONS = {
    "REF-HAT-07": "Hatred p.240: X names the hated foe (a Faction, e.g. Traitors); the engine reads only Everything "
    "and does not apply Hatred (Traitors) against a Traitor army",
}
"""Case id -> the one-line reason of its xfail (rule, page, what the engine does)."""

FILES = sorted(OPEN.glob("*.yaml"))


def _case(path: Path) -> str:
    return "-".join(path.name.split("_")[0].split("-")[:3])


def _failures(path: Path) -> list[str]:
    run = load_and_run(str(path))
    out = [f"[{r.index}] {r.action}: {r.legal} {[str(x) for x in r.reasons]}" for r in run.records if r.met is False]
    return out + list(run.state_failures)


def test_every_open_case_has_its_file_and_reason() -> None:
    assert sorted(_case(f) for f in FILES) == sorted(REASONS)


@pytest.mark.parametrize(
    "path",
    [pytest.param(f, marks=pytest.mark.xfail(strict=True, reason=REASONS.get(_case(f), "?"))) for f in FILES],
    ids=lambda p: p.stem,
)
def test_open_referee_scenario_holds(path: Path) -> None:
    assert _failures(path) == []
    assert load_and_run(str(path)).ok


def test_open_scenarios_are_valid_files_whose_set_up_is_legal() -> None:
    """Only the expectations of the attacks fail: every Charge and question before them is met."""
    for path in FILES:
        run = load_and_run(str(path))
        fights = [r for r in run.records if "fight the combat of" in r.action]
        assert len(fights) == 1, path.name
        before = [r for r in run.records if r.index < fights[0].index]
        assert all(r.met is not False for r in before), path.name
        assert fights[0].legal, path.name
