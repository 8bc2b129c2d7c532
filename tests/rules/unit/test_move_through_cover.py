"""Move Through Cover (rulebook p.243): a unit wholly of such models is not slowed by Difficult Terrain, on a move or
on a Charge (strategium.rules.unit.move_through_cover).

Legionaries M7 I4 on an open Dawn of War table. The move crosses a Difficult strip 1" deep across the unit's path
(``terrain.difficult_move_penalty`` 2: 5" without the rule); the Charge duel puts Blue's ``a`` 5" (centres) south of
Red's ``b`` across a Difficult strip, with the Charge Distance's 2D6 forced (``charge.difficult_terrain_penalty`` 2).
"""

from __future__ import annotations

from shapely.geometry import box

from strategium.engine.assault.charges import ChargeRolled, DeclareCharge
from strategium.engine.core.board import Placement, Pose
from strategium.engine.core.game import Game
from strategium.engine.movement.move import Move
from strategium.geometry.terrain import TerrainKind, terrain_piece
from tests.engine.builders import line, unit
from tests.engine.builders_assault import assault_game, difficult, place, squad, to_charge
from tests.engine.moving import field, start

MTC = ("Move Through Cover",)


def marchers(rules: tuple[str, ...]) -> Game:
    a1, r1 = unit("a1", 2, rules=rules), unit("r1", 1)
    scrub = terrain_piece("scrub", box(0, 9, 30, 10), TerrainKind.DIFFICULT)
    return start([a1], [r1], {"a1": line(a1, 5, 5), "r1": line(r1, 5, 43)}, battlefield=field((scrub,)))


def forward(game: Game, dy: float) -> Placement:
    return tuple((m, Pose(p.x, p.y + dy, p.heading)) for m, p in game.state.units["a1"].poses.items())


def test_a_move_through_cover_unit_moves_its_full_7_inches_through_difficult_terrain() -> None:
    game = marchers(MTC)
    verdict = game.check(Move(1, "a1", forward(game, 7.0)))
    assert verdict.legal
    assert not any("difficult_move_penalty" in r.rule for r in verdict.reasons)
    assert not game.check(Move(1, "a1", forward(game, 7.1))).legal


def test_without_the_rule_the_same_unit_moves_at_most_5_inches() -> None:
    game = marchers(())
    assert game.check(Move(1, "a1", forward(game, 5.0))).legal
    verdict = game.check(Move(1, "a1", forward(game, 7.0)))
    assert not verdict.legal and 'at most 5"' in verdict.reasons[0].text


def charge_through_rubble(rules: tuple[str, ...]) -> ChargeRolled:
    game = assault_game([squad("a", rules=rules)], [squad("b")], terrain=[difficult("rubble", 15, 22, 25, 23)])
    place(game, "a", (("a.1", Pose(20, 20)),))
    place(game, "b", (("b.1", Pose(20, 25)),))
    to_charge(game)
    game.force_dice(3, 3)
    events = game.apply(DeclareCharge(1, "a", ("b",)))
    return next(e for e in events if isinstance(e, ChargeRolled))


def test_move_through_cover_charges_through_difficult_terrain_without_the_penalty() -> None:
    """2D6 forced to 3 + 3 = 6, no -2": the ruling cites Move Through Cover."""
    rolled = charge_through_rubble(MTC)
    assert rolled.distance == 6 and rolled.success
    mtc = [(r.rule, r.page, r.text) for r in rolled.why if r.rule == "Move Through Cover"]
    assert mtc == [("Move Through Cover", 243, "no penalty for charging through Difficult Terrain")]
    assert not any(r.text.startswith("through rubble") for r in rolled.why)


def test_without_the_rule_the_same_charge_loses_2_inches() -> None:
    rolled = charge_through_rubble(())
    assert rolled.distance == 4
    assert rolled.why[-1].text.startswith('through rubble: -2" to the Charge Distance')
    assert not any(r.rule == "Move Through Cover" for r in rolled.why)
