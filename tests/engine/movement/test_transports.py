"""Embark and Disembark in the Movement phase (CORE_A §5.10; rulebook p.211), with the configured ranges.

The Rhino's hull is 4.6" x 3.5" (project default size), centred at (20, 8), heading 0: x 17.7-22.3,
y 6.25-9.75. Bases are 32 mm (radius 0.63").
"""

from __future__ import annotations

from strategium.army.army import Unit
from strategium.engine.core.board import Location, Placement, Pose
from strategium.engine.core.game import Game
from strategium.engine.core.timing import Phase, SubPhase
from strategium.engine.core.watchers import Fact
from strategium.engine.movement.move import Move
from strategium.engine.movement.transports import Disembark, Embark, seats
from strategium.engine.table.placement import placed_unit
from tests.engine.builders import line, rhino, unit
from tests.engine.moving import start, to_step


def rhino_game(n: int = 5, rules: tuple[str, ...] = (), inside: bool = False) -> tuple[Game, Unit]:
    a1 = unit("a1", n, rules=rules)
    rh = rhino("rh", "a1")
    r1 = unit("r1", 1)
    places: dict[str, Placement | str] = {
        "rh": (("rh.1", Pose(20, 8)),),
        "a1": "rh" if inside else line(a1, 2, 3),
        "r1": line(r1, 5, 43),
    }
    game = start([rh, a1], [r1], places)
    return game, rh


def test_embark_every_model_within_its_movement_plus_2_inches_of_the_hull() -> None:
    """a1.1 at (2, 3) is 15.0" from the hull: too far for M7 + 2"; from (9, 5) it is 8.77": it embarks."""
    game, _ = rhino_game()
    verdict = game.check(Embark(1, "a1", "rh"))
    assert not verdict.legal
    assert verdict.reasons[0].rule == "rules configuration transports.embark_range"
    assert "a1.1 cannot reach" in verdict.reasons[0].text


def test_a_unit_that_embarks_is_off_the_table_and_unseen() -> None:
    a1 = unit("a1", 5)
    rh = rhino("rh", "a1")
    r1 = unit("r1", 1)
    game = start([rh, a1], [r1], {"rh": (("rh.1", Pose(20, 8)),), "a1": line(a1, 10, 4), "r1": line(r1, 5, 43)})
    game.apply(Embark(1, "a1", "rh"))
    status = game.state.units["a1"]
    assert (status.location, status.embarked_in, status.poses) == (Location.EMBARKED, "rh", {})
    assert not placed_unit(a1, status).on_table
    assert game.state.facts.has("a1", Fact.EMBARKED)
    assert not game.check(Move(1, "a1", ())).legal


def test_transport_capacity_counts_bulky_models() -> None:
    """Rhino capacity 12: seven Bulky (2) models need 14 seats."""
    a1 = unit("a1", 7, rules=("Bulky (2)",))
    rh = rhino("rh", "a1")
    r1 = unit("r1", 1)
    game = start([rh, a1], [r1], {"rh": (("rh.1", Pose(20, 8)),), "a1": line(a1, 10, 4), "r1": line(r1, 5, 43)})
    assert seats(a1, game.state) == 14
    verdict = game.check(Embark(1, "a1", "rh"))
    assert not verdict.legal and verdict.reasons[0].text == "rh has room for 12 more (needs 14)"
    assert verdict.reasons[0].page == 211


def test_disembark_wholly_within_2_inches_of_the_hull_then_move() -> None:
    """transports.disembark_range = 2: bases centred on y 10.9 reach at most 1.85" from the hull; at y 11.4, 2.28"."""
    game, _ = rhino_game(inside=True)
    close = tuple((f"a1.{i}", Pose(16.0 + 1.3 * i, 10.9)) for i in range(1, 6))
    far = tuple((m, Pose(p.x, p.y + 0.5)) for m, p in close)
    verdict = game.check(Disembark(1, "a1", far))
    assert not verdict.legal and verdict.reasons[0].rule == "rules configuration transports.disembark_range"
    game.apply(Disembark(1, "a1", close))
    assert game.state.units["a1"].location is Location.TABLE
    assert game.state.facts.has("a1", Fact.DISEMBARKED)
    moved = tuple((m, Pose(p.x, p.y + 7)) for m, p in close)
    assert game.check(Move(1, "a1", moved)).legal  # the Rhino had not moved
    assert not game.check(Embark(1, "a1", "rh")).legal  # not both in one turn


def test_passengers_of_a_transport_that_moved_may_not_move_after_disembarking() -> None:
    game, _ = rhino_game(inside=True)
    game.apply(Move(1, "rh", (("rh.1", Pose(20, 15)),)))  # 7": Combat Speed (disembarking is allowed)
    out = tuple((f"a1.{i}", Pose(16.0 + 1.3 * i, 17.9)) for i in range(1, 6))
    game.apply(Disembark(1, "a1", out))
    assert game.state.facts.has("a1", Fact.MOVED)
    verdict = game.check(Move(1, "a1", tuple((m, Pose(p.x, p.y + 1)) for m, p in out)))
    assert not verdict.legal and "already moved" in verdict.reasons[0].text


def test_disembarking_models_stay_more_than_1_inch_from_enemies_and_only_in_the_movement_phase() -> None:
    game, _ = rhino_game(inside=True)
    to_step(game, 1, Phase.SHOOTING, SubPhase.NONE)
    out = tuple((f"a1.{i}", Pose(16.0 + 1.3 * i, 10.9)) for i in range(1, 6))
    assert not game.check(Disembark(1, "a1", out)).legal
