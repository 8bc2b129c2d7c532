"""``shooting_plan.has_volleys``: whether a unit has a weapon to fire at a target, the same answer as
``bool(plan(...).volleys)`` found without the plan (a Reaction's eligibility), for every place, filter and Snap
Shots, and over whole battles."""

from __future__ import annotations

import pytest

from strategium.battle.run import play_battle
from strategium.battle.setup import BattleSetup, build_scenario
from strategium.engine.core.game import Game
from strategium.engine.core.timing import Phase
from strategium.engine.shooting import plan as shooting_plan
from strategium.engine.shooting.attack import WeaponFilter
from strategium.engine.shooting.plan import has_volleys, plan
from strategium.rules.core import reactions as core_reactions
from strategium.rules.core.reactions import DefensiveOnly, defensive_only
from tests.engine.builders_combat import battle, place, squad, to_phase


def _game(y: float) -> Game:
    tac, red = squad("tac", 2), squad("red", 5)
    game = battle([tac], [red])
    to_phase(game, Phase.SHOOTING)
    place(game, tac, 10, 20)
    place(game, red, 10, y)
    return game


@pytest.mark.parametrize("y", [24.0, 30.0, 40.0, 50.0])
@pytest.mark.parametrize("snap", [False, True])
@pytest.mark.parametrize("filtered", ["none", "value", "callable"])
def test_has_volleys_is_whether_the_fresh_plan_has_volleys(y: float, snap: bool, filtered: str) -> None:
    game = _game(y)
    weapons: WeaponFilter | None = None
    if filtered == "value":
        weapons = defensive_only(game)
    elif filtered == "callable":
        value = DefensiveOnly(game.state.config)
        weapons = lambda model, weapon: value(model, weapon)  # noqa: E731 (a filter that is not a value)
    expected = bool(shooting_plan._plan(game, "tac", "red", snap, weapons).volleys)
    shooting_plan._PLANS.clear()
    assert has_volleys(game, "tac", "red", snap_shots=snap, weapons=weapons) is expected
    assert not shooting_plan._PLANS  # it keeps no plan
    kept = plan(game, "tac", "red", snap_shots=snap, weapons=weapons)
    assert bool(kept.volleys) is expected
    assert has_volleys(game, "tac", "red", snap_shots=snap, weapons=weapons) is expected


def test_in_range_a_bolter_squad_has_volleys_and_out_of_range_none() -> None:
    assert has_volleys(_game(30.0), "tac", "red")
    assert not has_volleys(_game(60.0), "tac", "red")


@pytest.mark.parametrize("players", [("heuristic", "heuristic"), ("random", "random")])
def test_has_volleys_agrees_with_the_fresh_plan_over_a_battle(
    players: tuple[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    checked: list[bool] = []

    def checking(
        game: Game, unit_id: str, target_id: str, *, snap_shots: bool = False, weapons: WeaponFilter | None = None
    ) -> bool:
        got = has_volleys(game, unit_id, target_id, snap_shots=snap_shots, weapons=weapons)
        fresh = shooting_plan._plan(game, unit_id, target_id, snap_shots, weapons)
        assert got is bool(fresh.volleys)
        checked.append(got)
        return got

    monkeypatch.setattr(core_reactions, "has_volleys", checking)
    setup = BattleSetup(players=players)
    for seed in (0, 1):
        play_battle(setup, seed, scenario=build_scenario(setup))
    assert len(checked) > 5
