"""The state invariants: each broken one is found and said in words; a sound state has none."""

from __future__ import annotations

from dataclasses import replace

import pytest

from strategium.agents.invariants import InvariantChecker, InvariantError, overdue, turn_player
from strategium.catalogue.citations import Reason
from strategium.engine.core.board import Location, Pose
from strategium.engine.core.effects import Duration, Effect, EffectKind
from strategium.engine.core.game import Game
from tests.agents.games import random_game


def _ended() -> Game:
    game, _ = random_game(12)
    return Game(game.state.snapshot())


def _first_on_table(game: Game) -> tuple[str, str, Pose]:
    for uid, status in game.state.units.items():
        if status.location is Location.TABLE and len(status.poses) >= 2:
            mid, pose = next(iter(status.poses.items()))
            return uid, mid, pose
    raise AssertionError("no unit on the table")


def test_a_finished_game_is_sound() -> None:
    assert InvariantChecker().problems(_ended()) == []


def test_two_models_in_one_place_overlap() -> None:
    game = _ended()
    uid, mid, pose = _first_on_table(game)
    other = next(m for m in game.state.units[uid].poses if m != mid)
    game.state.units[uid].poses[other] = pose
    assert f"{mid} overlaps {other}" in InvariantChecker().problems(game)


def test_a_model_off_the_table_and_a_removed_model_standing() -> None:
    game = _ended()
    uid, mid, pose = _first_on_table(game)
    off = replace(pose, x=-5.0)
    game.state.units[uid].poses[mid] = off
    game.state.units[uid].casualties.append(mid)
    problems = InvariantChecker().problems(game)
    assert f"{mid} of {uid} is off the table at {off}" in problems
    assert f"{mid} of {uid} was removed but still stands on the table" in problems


def test_negative_wounds() -> None:
    game = _ended()
    uid, mid, _ = _first_on_table(game)
    game.state.units[uid].wounds_lost[mid] = -1
    assert f"{mid} has lost -1 Wounds (negative)" in InvariantChecker().problems(game)


def test_the_checker_raises_after_an_action() -> None:
    game = _ended()
    uid, _, _ = _first_on_table(game)
    game.state.units[uid].location = Location.RESERVES
    with pytest.raises(InvariantError, match=f"{uid} is in Reserves but has models on the table"):
        InvariantChecker()(game)


def _effect(duration: Duration, made: int, controller: int = 1) -> Effect:
    return Effect(1, EffectKind.PINNED, "x", controller, duration, made, (made + 1) // 2, Reason("t", "t"))


def test_effects_expire_on_time() -> None:
    # player 1 goes first: Player Turns 1, 3, 5 are player 1's; 2, 4, 6 player 2's
    assert [turn_player(t, 1) for t in (1, 2, 3)] == [1, 2, 1]
    made_in_2 = _effect(Duration.UNTIL_START_OF_CONTROLLERS_NEXT_TURN, 2, controller=2)
    assert not overdue(made_in_2, 3, 2, 1, over=False)
    assert overdue(made_in_2, 4, 2, 1, over=False)
    next_turn = _effect(Duration.UNTIL_END_OF_CONTROLLERS_NEXT_TURN, 1, controller=2)
    assert not overdue(next_turn, 2, 1, 1, over=False) and overdue(next_turn, 3, 2, 1, over=False)
    this_turn = _effect(Duration.UNTIL_END_OF_TURN, 3)
    assert not overdue(this_turn, 3, 2, 1, over=False) and overdue(this_turn, 4, 2, 1, over=False)
    game_turn = _effect(Duration.UNTIL_END_OF_GAME_TURN, 0)  # made in the pre-game: lasts through Game Turn 1
    assert not overdue(game_turn, 2, 1, 1, over=False) and overdue(game_turn, 3, 2, 1, over=False)
    assert overdue(_effect(Duration.UNTIL_END_OF_TURN, 10), 10, 5, 1, over=True)
    assert not overdue(_effect(Duration.PERMANENT, 1), 10, 5, 1, over=True)


def _brute_overlaps(game: Game) -> list[str]:
    from strategium.engine.table.placement import footprint
    from strategium.engine.table.table_checks import overlaps
    from strategium.geometry.measure import Footprint

    feet: list[tuple[str, Footprint]] = []
    for uid, status in game.state.units.items():
        if status.location is Location.TABLE:
            models = {m.id: m for m in game.state.unit(uid).models}
            feet.extend((mid, footprint(models[mid], pose)) for mid, pose in status.poses.items())
    return [f"{a} overlaps {b}" for i, (a, fa) in enumerate(feet) for b, fb in feet[i + 1 :] if overlaps(fa, fb)]


def test_the_overlap_test_agrees_with_every_pair_tested_exactly() -> None:
    import random

    rng = random.Random(3)
    checker = InvariantChecker()
    found = 0
    for _ in range(30):
        game = _ended()
        on_table = [(u, s) for u, s in game.state.units.items() if s.location is Location.TABLE]
        for _uid, status in on_table:  # crowd every model into a small square: many touching or overlapping
            for mid, pose in list(status.poses.items()):
                status.poses[mid] = replace(pose, x=round(rng.uniform(10, 16), 2), y=round(rng.uniform(10, 16), 2))
        got = [p for p in checker.problems(game) if " overlaps " in p]
        assert got == _brute_overlaps(game)
        found += len(got)
    assert found > 100


# -- locked in combat, Fall Back and Regroup ----------------------------------------------------------------------


def _locked_pair() -> Game:
    from tests.engine.questions.test_locked_combat import melee_and_gun

    return melee_and_gun()  # Blue's a locked with Red's b; Blue's c and Red's d free; Blue's Shooting phase


def test_a_lock_with_no_enemy_left_on_the_table_is_found() -> None:
    game = _locked_pair()
    assert InvariantChecker().problems(game) == []
    status = game.state.units["b"]
    status.poses.clear()
    status.location = Location.DESTROYED  # the record not told
    problems = InvariantChecker().problems(game)
    assert "a is recorded as locked in combat with no enemy on the table" in problems
    assert "b is not on the table but is recorded as locked in combat" in problems


def test_a_shooting_attack_at_or_by_a_locked_unit_is_found() -> None:
    from strategium.engine.shooting.declare import ShootingAttackResolved

    game = _locked_pair()
    checker = InvariantChecker()
    assert checker.problems(game) == []  # a and b are locked as the next action begins
    game.log(ShootingAttackResolved(1, "c", "c", "b", "b"))
    game.log(ShootingAttackResolved(1, "a", "a", "d", "d"))
    game.log(ShootingAttackResolved(1, "c", "c", "d", "d"))  # a free target: sound
    assert checker.problems(game) == [
        "c shot b, which is locked in combat",
        "a made a Shooting Attack while locked in combat",
    ]
    assert checker.problems(game) == []  # each entry is judged once


def test_a_charge_move_after_falling_back_and_a_charge_after_regrouping_are_found() -> None:
    from strategium.engine.assault.charges import ChargeDeclared, ChargeMoveEnded
    from strategium.engine.core.events import TurnStarted
    from strategium.engine.morale.checks import FellBack
    from strategium.engine.morale.regrouped import Regrouped

    game = _locked_pair()
    checker = InvariantChecker()
    checker.problems(game)
    game.log(FellBack("c", "c", 4, False))
    game.log(ChargeMoveEnded(1, "c", "c", True, ()))  # a Surge Move: no Charge Move
    game.log(Regrouped("d", "d"))
    game.log(ChargeDeclared(2, "d", "d", ("c",), ("c",)))
    game.log(ChargeMoveEnded(1, "c", "c", False, ("d",)))
    assert checker.problems(game) == [
        "d declared a Charge after Regrouping this turn",
        "c made a Charge Move after Falling Back this turn",
    ]
    game.log(TurnStarted(3, 5, 1))  # a new Player Turn: the Fall Back was in an earlier one
    game.log(ChargeMoveEnded(1, "c", "c", False, ("d",)))
    assert checker.problems(game) == []


def test_a_charge_after_regrouping_is_sound_when_the_setting_allows_it() -> None:
    from strategium.config import parse_overrides
    from strategium.engine.assault.charges import ChargeDeclared
    from strategium.engine.morale.regrouped import Regrouped

    game = _locked_pair()
    game.state.config = parse_overrides({"morale": {"regrouped_may_charge": True}})
    checker = InvariantChecker()
    checker.problems(game)
    game.log(Regrouped("d", "d"))
    game.log(ChargeDeclared(2, "d", "d", ("c",), ("c",)))
    assert checker.problems(game) == []
