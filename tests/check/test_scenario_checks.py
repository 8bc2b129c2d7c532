"""Issue 17, the scenario format: strict forced dice, ``expect_rolls`` / ``expect_counts`` / ``expect_state`` per
action, the Damage Mitigation and weapon choices of a Shooting Attack, ``has_rule``, starting damage and Vehicle
Damage results, each read from what the game recorded (the scenario files ``tests/scenarios/SCN-*.yaml``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from strategium.catalogue.citations import Reason
from strategium.check.situation import CheckRun, run_scenario
from strategium.engine.core.events import Ruling
from strategium.engine.core.game import Game
from strategium.scenario import parse_scenario_text, start_state

SCENARIOS = Path(__file__).parents[1] / "scenarios"
SCN_01 = SCENARIOS / "SCN-01_starting_damage_mitigation_choice_and_counts.yaml"
SCN_03 = SCENARIOS / "SCN-03_weapon_chosen_per_model.yaml"


def _run(path: Path, *edits: tuple[str, str]) -> CheckRun:
    text = path.read_text(encoding="utf-8")
    for old, new in edits:
        assert old in text, old
        text = text.replace(old, new)
    return run_scenario(parse_scenario_text(text, file=path.name, folder=path.parent, source=str(path)))


def test_strict_mode_names_the_roll_made_with_dice_not_forced() -> None:
    run = _run(SCN_03, ("6, 5, 2, 1, 1]", "6, 5, 2]"))
    shot = next(r for r in run.records if " shoots " in r.action)
    assert shot.met is False
    strict = [f for f in shot.check_failures if f.startswith("strict:")]
    assert strict[0].startswith("strict: 2 of the dice of 'Morale check (casualties from shooting) (r-tac): 2D6 [")


def test_strict_mode_reports_forced_dice_left_unused_at_the_end() -> None:
    run = _run(SCN_03, ("6, 5, 2, 1, 1]", "6, 5, 2, 1, 1, 3, 4]"))
    assert run.state_failures == ("strict: forced dice left unused at the end: 3, 4",)
    assert not run.ok


def test_an_entry_strict_of_its_own_wants_its_forced_dice_used_up_by_it() -> None:
    run = _run(
        SCN_03,
        ("strict: true\n", ""),
        ("6, 5, 2, 1, 1]", "6, 5, 2, 1, 1, 3]"),
        ("weapons: {2: Laspistol}, expect: legal,", "weapons: {2: Laspistol}, expect: legal, strict: true,"),
    )
    shot = next(r for r in run.records if " shoots " in r.action)
    assert shot.check_failures == ("strict: forced dice left unused after this entry: 3",)
    assert run.state_failures == ()  # not strict at the top: nothing is checked at the end


def test_strict_false_on_an_entry_lets_it_roll_free_dice() -> None:
    run = _run(
        SCN_03,
        ("6, 5, 2, 1, 1]", "6, 5, 2]"),
        ("leadership: 2, any: 10}", "leadership: 2}, strict: false"),
    )
    assert run.ok, [r.check_failures for r in run.records]


def test_without_a_choice_the_better_shrouded_roll_is_taken() -> None:
    """Damage Mitigation (rulebook p.174): one roll per Wound, the controller's pick; by default the best chance."""
    run = _run(SCN_01, ("mitigation: Feel No Pain, ", ""))
    shot = next(r for r in run.records if " shoots " in r.action)
    rolls = [e.text for e in shot.log if e.kind == "roll" and e.text.startswith(("Shrouded", "Feel No Pain"))]
    assert rolls == [
        "Shrouded (4+): Wound 1 on Terminator: D6 [5*] = 5",
        "Shrouded (4+): Wound 2 on Terminator: D6 [1*] = 1",
    ]


def test_choosing_no_damage_mitigation_roll_makes_none() -> None:
    run = _run(SCN_01, ("mitigation: Feel No Pain", "mitigation: none"))
    shot = next(r for r in run.records if " shoots " in r.action)
    assert "expect_rolls.mitigation: 2 dice expected, 0 rolled" in shot.check_failures
    assert "expect_counts.mitigation_rolls: 2 expected, 0 counted" in shot.check_failures
    assert shot.verdict_met is True and shot.met is False


def test_without_a_weapon_choice_each_model_fires_its_bolter() -> None:
    run = _run(SCN_03, ("weapons: {2: Laspistol}, ", ""))
    shot = next(r for r in run.records if " shoots " in r.action)
    assert shot.check_failures[0].startswith(
        "expect_rolls.to_hit: 3 dice expected, 4 rolled (To Hit: 4 shots BS4 (3+) with Bolter (pistols): 4D6 ["
    )


def test_a_weapon_choice_for_every_model() -> None:
    run = _run(SCN_03, ("weapons: {2: Laspistol}", "weapons: Laspistol"))
    shot = next(r for r in run.records if " shoots " in r.action)
    assert shot.action == "P1 pistols shoots r-tac (pistols/1 fires Laspistol; pistols/2 fires Laspistol)"
    fired = [e.text.split(":")[0] for e in shot.log if e.text.startswith("Tactical Squad with Laspistols fires")]
    assert fired == ["Tactical Squad with Laspistols fires Laspistol at Red Tactical Squad"]


def test_expect_state_after_an_action_is_checked_there() -> None:
    run = _run(SCN_01, ("expect_state: {wounds_lost: {terminators: 2}", "expect_state: {wounds_lost: {terminators: 1}"))
    first = run.records[0]
    assert first.check_failures == ("expect_state: terminators: 1 Wounds lost expected, 2 lost by its models in play",)
    assert run.failures == 1


def test_has_rule_counts_the_models_of_a_joined_character() -> None:
    text = SCN_03.read_text(encoding="utf-8").replace(
        "      pistols: [[10, 20, 90], [11.5, 20, 90]]\n",
        "      pistols: [[10, 20, 90], [11.5, 20, 90]]\n      praetor: {models: [[13, 20, 90]], joined_to: pistols}\n",
    )
    text = text.replace(
        "  - {player: 1, end_step: true}\n", "  - {player: 1, has_rule: {unit: pistols, rule: Fearless}}\n", 1
    ).replace("strict: true\n", "")
    run = run_scenario(parse_scenario_text(text, file="j.yaml", folder=SCENARIOS))
    question = run.records[0]
    assert question.action == "P1 does pistols have Fearless now?"
    assert question.reasons[0].text == "1 of its 3 models in play (with Praetor) have Fearless"
    assert question.reasons[1].text.startswith("the engine's Fearless test says ")


def test_hull_points_lost_at_the_start_are_the_vehicles() -> None:
    text = (
        SCN_03.read_text(encoding="utf-8").replace(
            "      pistols: [[10, 20, 90], [11.5, 20, 90]]\n",
            "      pistols: [[10, 20, 90], [11.5, 20, 90]]\n"
            "      predator: {models: [[40, 10, 90]], hull_points_lost: 2}\n",
        )
        + "  wounds_lost: {predator: 2}\n"
    )
    run = run_scenario(parse_scenario_text(text, file="v.yaml", folder=SCENARIOS))
    assert run.ok, run.state_failures
    uid = run.ids.unit(1, "predator")
    assert dict(run.game.state.units[uid].wounds_lost) == {"predator/1": 2}


def test_a_damage_result_the_engine_plays_is_put_in_force_at_the_start(monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[tuple[str, str | None, str]] = []

    def immobilise(game: Game, unit_id: str, weapon: str | None, reason: Reason) -> None:
        made.append((unit_id, weapon, reason.text))
        game.log(Ruling(f"{game.state.unit(unit_id).name} is Immobilised", (reason,)))

    monkeypatch.setitem(start_state._STARTERS, "Immobilised", immobilise)
    text = SCN_03.read_text(encoding="utf-8").replace(
        "      pistols: [[10, 20, 90], [11.5, 20, 90]]\n",
        "      pistols: [[10, 20, 90], [11.5, 20, 90]]\n"
        "      predator: {models: [[40, 10, 90]], damage_results: [Immobilised]}\n",
    )
    run = run_scenario(parse_scenario_text(text, file="v.yaml", folder=SCENARIOS))
    assert made == [("predator", None, "Immobilised when the scenario begins")]
    assert "Predator is Immobilised [Vehicle Damage table (Age of Darkness rulebook)]" in run.start_events
