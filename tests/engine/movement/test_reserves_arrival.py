"""Reserves rolls and arrivals, and the Flanking Assault (OUT-1 arrival), with forced dice.

Table 72" x 48", Dawn of War (player 1 south, player 2 north); flank edges west and east. 32 mm bases
(radius 0.63"); Legionaries M7, Ld7.
"""

from __future__ import annotations

from strategium.engine.core.actions import DeclareReserves, EndStep
from strategium.engine.core.board import Location, Pose, ReserveMode
from strategium.engine.core.decisions import DecisionKind
from strategium.engine.core.effects import EffectKind
from strategium.engine.core.events import DiceRolled
from strategium.engine.core.game import Game
from strategium.engine.core.timing import Phase, SubPhase
from strategium.engine.core.watchers import Fact
from strategium.engine.movement.reserves import Arrive, ChooseEntryEdge, UnitsArrived
from strategium.geometry.table import Edge
from tests.engine.builders import line, unit
from tests.engine.moving import start, to_step


def to_turn_2_reserves(game: Game, *faces: int) -> None:
    """Play on to player 1's Reserves step of Game Turn 2, forcing ``faces`` for the dice rolled there."""
    to_step(game, 2, Phase.ASSAULT, SubPhase.RESOLUTION, game_turn=1)
    game.force_dice(*faces)
    game.apply(EndStep(2))
    c = game.state.clock
    assert (c.game_turn, c.active_player, c.sub_phase) == (2, 1, SubPhase.RESERVES)


def reserves_game() -> Game:
    a1, res, r1 = unit("a1"), unit("res"), unit("r1")
    return start([a1, res], [r1], {"a1": line(a1, 10, 5), "r1": line(r1, 10, 43)}, reserves=[DeclareReserves(1, "res")])


def rolls(game: Game, why: str) -> list[int]:
    return [e.roll.total for e in game.state.events if isinstance(e, DiceRolled) and why in e.roll.reason]


def test_no_reserves_rolls_in_game_turn_1() -> None:
    game = reserves_game()
    assert game.state.units["res"].location is Location.RESERVES
    assert rolls(game, "Reserves roll") == []
    texts = [e.text() for e in game.state.events]
    assert any("no Reserves rolls in Game Turn 1" in t and "reserves.first_turn" in t for t in texts)


def test_a_reserves_roll_of_2_fails_against_the_configured_3() -> None:
    game = reserves_game()
    to_turn_2_reserves(game, 2)
    assert rolls(game, "Reserves roll") == [2]
    verdict = game.check(Arrive(1, "res", line(game.state.unit("res"), 10, 3)))
    assert not verdict.legal and verdict.reasons[0].page == 309


def test_arrival_from_the_owners_edge_each_model_wholly_within_its_movement() -> None:
    """Roll 3 succeeds; centres at y 6.3 reach 6.93" from the south edge (legal), at y 6.5, 7.13" (refused)."""
    game = reserves_game()
    to_turn_2_reserves(game, 3)
    assert game.state.facts.has("res", Fact.MAY_ARRIVE)
    res = game.state.unit("res")
    too_far = game.check(Arrive(1, "res", line(res, 30, 6.5)))
    assert not too_far.legal and 'at most 7"' in too_far.reasons[0].text
    wrong_edge = game.check(Arrive(1, "res", line(res, 30, 41.7), edge="north"))
    assert not wrong_edge.legal and "own edge (south)" in wrong_edge.reasons[0].text
    events = game.apply(Arrive(1, "res", line(res, 30, 6.3)))
    assert game.state.units["res"].location is Location.TABLE
    arrived = [e for e in events if isinstance(e, UnitsArrived)]
    assert arrived == [UnitsArrived(1, ("res",), ReserveMode.NORMAL, Edge.SOUTH)]
    assert game.state.facts.has("res", Fact.MOVED) and game.state.facts.has("res", Fact.ARRIVED_FROM_RESERVES)


def test_an_arrival_may_be_a_run() -> None:
    game = reserves_game()
    to_turn_2_reserves(game, 6)
    res = game.state.unit("res")
    assert game.check(Arrive(1, "res", line(res, 30, 10.3), run=True)).legal  # 10.93" <= M + I = 11
    game.apply(Arrive(1, "res", line(res, 30, 10.3), run=True))
    assert game.state.facts.has("res", Fact.RAN)


def flanking_game() -> Game:
    a1 = unit("a1")
    o1, o2 = unit("o1", rules=("Outflank",)), unit("o2", rules=("Outflank",))
    r1 = unit("r1", 1)
    declarations = [
        DeclareReserves(1, "o1", ReserveMode.FLANKING_ASSAULT),
        DeclareReserves(1, "o2", ReserveMode.FLANKING_ASSAULT),
    ]
    places = {"a1": line(a1, 10, 5), "r1": (("r1.1", Pose(66, 40)),)}
    return start([a1, o1, o2], [r1], places, overrides={"reserves": {"max_fraction": None}}, reserves=declarations)


def column(uid: str, x: float, y: float, n: int = 5) -> tuple[tuple[str, Pose], ...]:
    return tuple((f"{uid}.{i}", Pose(x, y + 1.5 * (i - 1))) for i in range(1, n + 1))


def test_OUT_1_flanking_assault_one_roll_disordered_the_opponent_chooses_the_edge_and_pinning_within_6() -> None:
    """Reserves roll 4 (one die for both units), Disordered roll 1 (flanking_assault.disordered_on = 1): player 2
    chooses between the flank edges and picks east. o1 arrives 4.4" from Red's model: after the group is in,
    Red tests Pinning (2D6 = 11 against Ld 7) and is Pinned."""
    game = flanking_game()
    to_turn_2_reserves(game, 4, 1)
    assert rolls(game, "Reserves roll") == [4]
    assert rolls(game, "Disordered") == [1]
    pending = game.pending
    assert pending is not None and pending.kind is DecisionKind.CHOOSE and pending.player == 2
    assert pending.options == ("east", "west")
    assert not game.check(ChooseEntryEdge(1, "east")).legal
    assert not game.check(Arrive(1, "o1", column("o1", 70, 30))).legal  # the edge is not chosen yet
    game.apply(ChooseEntryEdge(2, "east"))
    west = game.check(Arrive(1, "o1", column("o1", 2, 20), edge="west"))
    assert not west.legal and "enters from the east edge" in west.reasons[0].text
    assert not game.check(Arrive(1, "o1", column("o1", 65.5, 20))).legal  # 7.13" from the east edge
    game.apply(Arrive(1, "o1", column("o1", 70, 30)))
    assert not game.effects_on("r1", EffectKind.PINNED)  # the group is not all in yet
    game.force_dice(6, 5)
    events = game.apply(Arrive(1, "o2", column("o2", 66, 15)))
    assert game.effects_on("r1", EffectKind.PINNED)
    assert [e for e in events if isinstance(e, UnitsArrived)] == [
        UnitsArrived(1, ("o1", "o2"), ReserveMode.FLANKING_ASSAULT, Edge.EAST)
    ]


def test_OUT_1_not_disordered_the_controller_chooses_and_unplaced_units_stay_in_reserves() -> None:
    game = flanking_game()
    to_turn_2_reserves(game, 3, 2)
    pending = game.pending
    assert pending is not None and pending.player == 1 and pending.kind is DecisionKind.CHOOSE
    game.apply(ChooseEntryEdge(1, "west"))
    game.apply(Arrive(1, "o1", column("o1", 3, 20)))
    game.apply(EndStep(1))  # o2 is not placed: no enemy within 6", o2 stays in Reserves
    assert game.state.units["o2"].location is Location.RESERVES
    assert game.state.units["o1"].location is Location.TABLE
    assert not game.effects_on("r1", EffectKind.PINNED)
    assert any(isinstance(e, UnitsArrived) and e.unit_ids == ("o1",) for e in game.state.events)


def test_OUT_1_a_failed_roll_leaves_the_whole_group_in_reserves() -> None:
    game = flanking_game()
    to_turn_2_reserves(game, 2)
    assert rolls(game, "Disordered") == []
    assert not game.state.facts.has("o1", Fact.MAY_ARRIVE) and not game.state.facts.has("o2", Fact.MAY_ARRIVE)


def test_the_entry_legs_are_kept_for_the_same_arrival_and_made_again_for_another() -> None:
    from strategium.engine.movement.reserves import _entry_legs

    game = reserves_game()
    to_turn_2_reserves(game, 3)
    units = [game.state.unit("res")]
    here = line(units[0], 30, 6.3)
    first = _entry_legs(game, units, here, Edge.SOUTH)
    again = _entry_legs(game, units, here, Edge.SOUTH)
    assert again == first and all(a is b for a, b in zip(again, first, strict=True))
    other = _entry_legs(game, units, line(units[0], 30, 5.3), Edge.SOUTH)
    assert [round(g.length, 9) for g in other] == [round(g.length - 1.0, 9) for g in first]
    remade = _entry_legs(game, units, here, Edge.SOUTH)  # made again (the kept answer was replaced): the same legs
    assert [(g.unit_id, g.model.id, g.before.key, g.after.key) for g in remade] == [
        (g.unit_id, g.model.id, g.before.key, g.after.key) for g in first
    ]
    assert not any(a is b for a, b in zip(remade, first, strict=True))
    # a leg runs from just off the edge (its farthest point on the edge line) to the pose: 6.3" + 0.63"
    assert {round(g.length, 9) for g in first} == {round(6.3 + 16 / 25.4, 9)}


def test_the_bounds_of_footprints() -> None:
    from strategium.engine.movement.reserves import _bounds_of
    from strategium.geometry.bases import Base

    feet = [Base(25.4).footprint(1.0, 2.0), Base(50.8).footprint(4.0, -1.0)]
    assert _bounds_of(feet) == (0.5, -2.0, 5.0, 2.5)
