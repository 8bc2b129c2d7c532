"""Pathfinder (rulebook p.247): the unit's models pass their Dangerous Terrain tests automatically
(strategium.rules.unit.pathfinder).

Two Legionaries (one Wound each) 1.5" apart walk 4" north across a strip of Dangerous wire (y 6-7) on an open Dawn
of War table; ``terrain.dangerous_fails_on`` 1.
"""

from __future__ import annotations

from shapely.geometry import box

from strategium.engine.core.board import Placement, Pose
from strategium.engine.core.events import DiceRolled, Ruling
from strategium.engine.core.game import Game
from strategium.engine.movement.move import Move
from strategium.geometry.terrain import TerrainKind, terrain_piece
from tests.engine.builders import line, unit
from tests.engine.moving import field, start


def through_the_wire(rules: tuple[str, ...]) -> Game:
    a1, r1 = unit("a1", 2, rules=rules), unit("r1", 1)
    wire = terrain_piece("wire", box(40, 6, 50, 7), TerrainKind.DANGEROUS)
    return start([a1], [r1], {"a1": line(a1, 44, 4), "r1": line(r1, 5, 43)}, battlefield=field((wire,)))


def forward(game: Game, dy: float) -> Placement:
    return tuple((m, Pose(p.x, p.y + dy, p.heading)) for m, p in game.state.units["a1"].poses.items())


def test_pathfinders_pass_their_dangerous_terrain_tests_without_a_roll() -> None:
    game = through_the_wire(("Pathfinder",))
    game.force_dice(1, 1)  # would fail both tests; no die is rolled
    events = game.apply(Move(1, "a1", forward(game, 4.0)))
    assert not any(isinstance(e, DiceRolled) for e in events)
    rulings = [(e.what, [(r.rule, r.page, r.text) for r in e.reasons]) for e in events if isinstance(e, Ruling)]
    passed = [("Pathfinder", 247, "passes automatically")]
    assert [r for r in rulings if "Dangerous Terrain" in r[0]] == [
        ("a1.1: Dangerous Terrain test passed automatically", passed),
        ("a1.2: Dangerous Terrain test passed automatically", passed),
    ]
    assert game.state.units["a1"].casualties == []


def test_without_pathfinder_a_1_costs_the_model_its_wound() -> None:
    game = through_the_wire(())
    game.force_dice(2, 1)  # a1.1 passes on a 2, a1.2 fails on a 1
    game.apply(Move(1, "a1", forward(game, 4.0)))
    assert game.state.units["a1"].casualties == ["a1.2"]
