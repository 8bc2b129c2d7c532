"""The kept plans (``shooting_plan.kept_plan``): keyed on what a plan reads (``plan_key``), so the check of a Shoot,
its resolution after the declaration, a Reaction's eligibility and its Shooting Attack share one plan; a kept plan
equals, volley for volley and reason for reason, the plan made afresh."""

from __future__ import annotations

import pytest

from strategium.battle.run import play_battle
from strategium.battle.setup import BattleSetup, build_scenario
from strategium.catalogue.citations import Reason
from strategium.catalogue.registry import RuleRef, find_rule
from strategium.engine.core.effects import Duration, EffectKind
from strategium.engine.core.events import Ruling
from strategium.engine.core.game import Game
from strategium.engine.core.timing import Phase
from strategium.engine.core.watchers import Fact
from strategium.engine.shooting import attack as shooting
from strategium.engine.shooting import plan as shooting_plan
from strategium.engine.shooting.declare import Shoot
from strategium.engine.shooting.plan import FilterValue, Plan, kept_plan, plan, plan_key
from strategium.geometry.pieces import PlacedUnit
from strategium.rules.core.reactions import DefensiveOnly, defensive_only
from tests.engine.builders_combat import battle, place, squad, to_phase


def _game() -> Game:
    tac, red = squad("tac", 2), squad("red", 5)
    game = battle([tac], [red])
    to_phase(game, Phase.SHOOTING)
    place(game, tac, 10, 20)
    place(game, red, 10, 30)
    return game


def test_the_key_ignores_what_no_plan_reads() -> None:
    game = _game()
    s = game.state
    key = plan_key(game)
    first = plan(game, "tac", "red")
    s.facts.note("tac", Fact.SHOT)
    s.facts.note("red", Fact.REACTED)
    game.log(Ruling("a ruling"))
    shrouded = find_rule("Shrouded (5+)")
    assert isinstance(shrouded, RuleRef)
    game.add_effect(EffectKind.GRANTS_RULE, "red", Duration.UNTIL_END_OF_PHASE, Reason("Evade", "x"), rule=shrouded)
    assert plan_key(game) == key
    assert plan(game, "tac", "red") is first


@pytest.mark.parametrize("change", ["moved", "ran", "pinned", "casualty"])
def test_the_key_changes_with_what_a_plan_reads(change: str) -> None:
    game = _game()
    s = game.state
    key = plan_key(game)
    if change == "moved":
        s.facts.note("tac", Fact.MOVED)
    elif change == "ran":
        s.facts.note("tac", Fact.RAN)
    elif change == "pinned":
        game.add_effect(EffectKind.PINNED, "tac", Duration.UNTIL_END_OF_PHASE, Reason("Pinning", "x"))
    else:
        status = s.units["red"]
        del status.poses["red.1"]
        status.casualties.append("red.1")
    assert plan_key(game) != key


def test_defensive_only_is_a_value_kept_like_no_filter() -> None:
    game = _game()
    weapons = defensive_only(game)
    assert isinstance(weapons, FilterValue) and weapons == DefensiveOnly(game.state.config)
    assert hash(weapons) == hash(DefensiveOnly(game.state.config))
    kept = plan(game, "tac", "red", weapons=weapons)
    assert plan(game, "tac", "red", weapons=defensive_only(game)) is kept
    assert kept == plan(game, "tac", "red")  # no model of the squad has Armour Values: nothing refused


def test_the_resolution_fires_the_checked_plan() -> None:
    game = _game()
    checked = plan(game, "tac", "red")
    made: list[int] = []
    real = shooting_plan._plan

    def counting(*args: object) -> Plan:
        made.append(1)
        return real(*args)  # type: ignore[arg-type]

    shooting_plan._plan = counting  # type: ignore[assignment]
    try:
        game.force_dice(1, 1)
        game.apply(Shoot(1, "tac", "red"))
    finally:
        shooting_plan._plan = real
    assert made == [] and checked.volleys


@pytest.mark.parametrize("players", [("heuristic", "heuristic"), ("random", "random")])
def test_kept_plans_equal_fresh_plans_over_a_battle(players: tuple[str, str], monkeypatch: pytest.MonkeyPatch) -> None:
    real = kept_plan
    checked: list[int] = []

    def checking(
        game: Game,
        unit_id: str,
        target_id: str,
        snap_shots: bool,
        placed: tuple[PlacedUnit, PlacedUnit] | None = None,
        *,
        weapons: FilterValue | None = None,
    ) -> Plan:
        got = real(game, unit_id, target_id, snap_shots, placed, weapons=weapons)
        fresh = shooting_plan._plan(game, unit_id, target_id, snap_shots, weapons)
        assert got.volleys == fresh.volleys
        assert got.reasons == fresh.reasons
        checked.append(1)
        return got

    monkeypatch.setattr(shooting_plan, "kept_plan", checking)
    monkeypatch.setattr(shooting, "kept_plan", checking)
    setup = BattleSetup(players=players)
    play_battle(setup, 1, scenario=build_scenario(setup))
    assert len(checked) > 20


def test_a_lazy_verdict_equals_its_eager_twin() -> None:
    import copy
    import pickle
    from dataclasses import FrozenInstanceError

    from strategium.engine.core.actions import Verdict

    why = (Reason("Shooting sequence", "x"), Reason("Heavy", "y"))
    calls: list[int] = []

    def later() -> tuple[Reason, ...]:
        calls.append(1)
        return why

    lazy = Verdict(True, later=later)
    assert calls == [] and lazy and lazy.legal
    eager = Verdict(True, why)
    assert lazy == eager and hash(lazy) == hash(eager) and repr(lazy) == repr(eager)
    assert lazy.reasons == why and calls == [1]
    assert Verdict(True) == Verdict(True, ()) and Verdict(True) != Verdict(False) and Verdict(True) != (True, ())
    assert pickle.loads(pickle.dumps(Verdict(False, later=later))) == Verdict(False, why)
    assert copy.deepcopy(Verdict(False, later=later)) == Verdict(False, why)
    assert repr(Verdict(False)) == "Verdict(legal=False, reasons=())"
    with pytest.raises(FrozenInstanceError):
        lazy.legal = False


def test_a_legal_shoot_gives_the_plan_reasons_when_asked() -> None:
    game = _game()
    verdict = game.check(Shoot(1, "tac", "red"))
    assert verdict.legal
    assert verdict.reasons == plan(game, "tac", "red").reasons
