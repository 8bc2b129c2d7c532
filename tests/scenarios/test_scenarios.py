"""Every scenario file here, run through the same code as ``strategium check``: each ``expect`` and the
``expect_state`` (locations, exact positions, effects) must hold.

One file per clause of SEED_RULES.md (INF-1..INF-10, SCT-1..SCT-10, OUT-1, OUT-2) and per worked ruling of
RULINGS.md about Infiltrate, Scout, Outflank and Support Squad, Relentless, Militia Cavalry Mount / Shrouded,
Stupefied and Hammer of Wrath (the case ID starts the file name), the worked rules of issue 19 (REN-01 Rending,
HAT-01 Hatred, BD-1 Bitter Duty), and ``DEMO_TURN.yaml``: a full Player Turn.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from strategium.army.army import Unit
from strategium.catalogue.definitions import Book
from strategium.cli.check_cmd import load_and_run
from strategium.engine.core.board import ReserveMode
from strategium.rules.seed import outflank

HERE = Path(__file__).parent
FILES = sorted(HERE.glob("*.yaml"))
CLAUSES = [f"INF-{n}" for n in range(1, 11)] + [f"SCT-{n}" for n in range(1, 11)] + ["OUT-1", "OUT-2"]
CASES = ["INF-01", "INF-02", "INF-04", "INF-05", "INF-08", "INF-10", "INF-13", "INF-15", "OUT-01", "SCT-01",
         "SCT-03", "SCT-06", "SCT-07", "SUP-01", "SUP-03"]  # fmt: skip
TURN_CASES = ["REL-01", "REL-02", "MIL-01", "MIL-03", "MIL-07", "STU-01", "STU-02", "STU-03", "STU-04", "STU-07",
              "STU-13", "HOW-01", "HOW-04", "HOW-05", "DEMO_TURN", "CONSOLIDATE"]  # fmt: skip
"""Issues 6 and 7: the rulings about Relentless, Militia Cavalry Mount / Shrouded, Stupefied and Hammer of Wrath,
played through whole Player Turns, and the demo armies' full turn (``DEMO_TURN.yaml``)."""


def _tactical_squad_may_flank(unit: Unit) -> tuple[ReserveMode, ...]:
    """OUT-2's stand-in for a faction rule: the Tactical Squad ``tac`` may join a Flanking Assault."""
    return (ReserveMode.FLANKING_ASSAULT,) if unit.id == "tac" else ()


@pytest.fixture
def deployment_option() -> Iterator[None]:
    outflank.register_deployment_option(_tactical_squad_may_flank)
    try:
        yield
    finally:
        outflank.unregister_deployment_option(_tactical_squad_may_flank)


def _failures(path: Path) -> list[str]:
    run = load_and_run(str(path))
    out = [f"[{r.index}] {r.action}: {r.legal} {[str(x) for x in r.reasons]}" for r in run.records if r.met is False]
    return out + list(run.state_failures)


@pytest.mark.parametrize("path", [f for f in FILES if not f.name.startswith("OUT-2")], ids=lambda p: p.stem)
def test_scenario_expectations_hold(path: Path) -> None:
    run = load_and_run(str(path))
    assert any(r.met is not None for r in run.records) or run.scenario.expect_state is not None
    assert _failures(path) == []


def test_OUT_2_a_registered_rule_gives_another_deployment_option(deployment_option: None) -> None:
    assert _failures(HERE / "OUT-2_other_deployment_options.yaml") == []


def test_OUT_2_without_the_rule_the_same_flanking_assault_is_refused() -> None:
    run = load_and_run(str(HERE / "OUT-2_other_deployment_options.yaml"))
    record = run.records[2]
    assert (record.action, record.legal) == ("P1 tac to Flanking Assault", False)
    assert record.reasons[0].text == "OUT-1: not every model of Tactical Squad has Outflank"
    assert not run.ok


@pytest.mark.parametrize("clause", CLAUSES + CASES)
def test_every_clause_and_case_has_a_scenario(clause: str) -> None:
    assert any(f.name.startswith(f"{clause}_") for f in FILES), clause


@pytest.mark.parametrize("case", TURN_CASES)
def test_every_turn_ruling_has_a_scenario_that_plays_a_turn(case: str) -> None:
    [path] = [f for f in FILES if f.stem == case or f.name.startswith(f"{case}_")]
    run = load_and_run(str(path))
    assert run.scenario.start is not None and run.scenario.start.step == "turn"
    assert run.ok, _failures(path)


@pytest.mark.parametrize("stage", ["in_the_pregame", "by_a_move"])
def test_BD_1_the_refusal_cites_bitter_duty_alone_and_the_officer_stays_unjoined(stage: str) -> None:
    """Bitter Duty (p.117), the worked army rule: the one reason is BD-1 with its book and page (the Independent
    Character rule and coherency allow the join), and the refused officer has joined nobody."""
    run = load_and_run(str(HERE / f"BD-1_only_bitter_duty_models_join_{stage}.yaml"))
    [refused] = [r for r in run.records if r.legal is False]
    assert [(r.rule, r.book, r.page, r.text) for r in refused.reasons] == [
        (
            "Bitter Duty",
            Book.ASTARTES_BOTH,
            117,
            "BD-1: Charonite Ogryn Section has Bitter Duty: Auxilia Officer, without it, may not join",
        )
    ]
    assert run.game.state.units["officer"].joined_to == (None if stage == "by_a_move" else "section")
    assert run.game.state.units["overseer"].joined_to == "ogryns"
    assert run.ok


def test_MIL_01_the_shrouded_rolls_5_2_6_4_ignore_two_wounds() -> None:
    run = load_and_run(str(HERE / "MIL-01_run_gives_shrouded_until_its_next_turn.yaml"))
    shot = next(r for r in run.records if r.action == "P2 r-shooters shoots militia-cavalry")
    rolls = [e.text for e in shot.log if e.kind == "roll" and e.text.startswith("Shrouded (5+)")]
    assert [t[-1] for t in rolls] == ["5", "2", "6", "4"]
    assert (
        "Red Bolter Squad fires Bolter at Militia Cavalry Squad: 5 hits, 4 wounds, 4 unsaved, 2 mitigated, "
        "2 removed" in shot.events
    )


def test_STU_13_the_charge_waits_for_the_stupefied_choice_after_the_overwatch() -> None:
    run = load_and_run(str(HERE / "STU-13_stupefied_during_its_own_charge.yaml"))
    overwatch = next(r for r in run.records if r.action.startswith("P2 choose Overwatch"))
    assert not any(e.text.startswith("Charge Distance") for e in overwatch.log)  # the Charge waits
    declared = next(r for r in run.records if r.action == "P1 choose become Stupefied")
    texts = [e.text for e in declared.log]
    assert texts.index("Hereticus Assault Squad's Charge is Disordered [Legiones Hereticus (Emperor's Children) "
                       "(Exemplary Battles of the Age of Darkness vol.1 p.107)]") < \
        texts.index("Charge Distance (ec-furious): 2D6 [3*, 3*] = 6")  # fmt: skip


def test_a_scenario_replays_to_the_same_state_and_log() -> None:
    """Issue 5: a recorded pre-game replays exactly (the scenario's game record, played again)."""
    from strategium.check.situation import game_from_scenario
    from strategium.engine.core.record import ForcedDice, GameRecord
    from strategium.scenario import load_scenario

    scenario = load_scenario(HERE / "SCT-07_scout_roll_off_and_ordering.yaml")
    run = load_and_run(str(HERE / "SCT-07_scout_roll_off_and_ordering.yaml"))
    record = GameRecord.from_json(run.game.record().to_json())
    first = record.history[0]
    assert isinstance(first, ForcedDice)  # the dice forced before the start
    opening = first.faces
    again = game_from_scenario(scenario, record.seed, opening)
    for entry in record.history[1:]:
        if isinstance(entry, ForcedDice):
            again.force_dice(*entry.faces)
        else:
            again.apply(entry)
    assert [e.text() for e in again.state.events] == [e.text() for e in run.game.state.events]
    assert again.state.units == run.game.state.units
