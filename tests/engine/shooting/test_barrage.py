"""Barrage weapons (rulebook p.232) and the Blast rules they keep (p.234), fired in the engine with forced dice and
exact states: indirect fire at a target out of sight, its full 2D6 scatter, no indirect fire in a Reaction (setting
``weapon_rules.barrage_indirect_in_reactions``), Side Armour against Vehicles; and the Blast Facing setting
``weapon_rules.blast_facing_from``."""

from __future__ import annotations

import pytest
from shapely.geometry import box

from strategium.army.army import Unit
from strategium.dice import ScatterFace
from strategium.engine.core.board import Pose
from strategium.engine.core.game import Game
from strategium.engine.core.timing import Phase
from strategium.engine.shooting.declare import Shoot, WeaponFired
from strategium.engine.shooting.plan import plan
from strategium.geometry.deployment import dawn_of_war
from strategium.geometry.table import Table
from strategium.geometry.terrain import Battlefield, SightRule, TerrainKind, TerrainPiece
from strategium.model.characteristics import VehicleCharacteristics
from tests.engine.builders_combat import battle, place, squad, to_phase, weapon
from tests.engine.builders_vehicles import vehicle

MORTAR = weapon("Mortar", '48"', "4", "6", 'Heavy 1, Blast (3"), Barrage')
FRAG = weapon("Frag missile", '48"', "4", "6", 'Heavy 1, Blast (3")')
WALL = TerrainPiece("Wall", box(0.0, 19.0, 40.0, 21.0), TerrainKind.IMPASSABLE, 10.0, SightRule.BLOCKS)
PREDATOR = VehicleCharacteristics(12, 4, 14, 10, 10, 3, 0)
"""Front 14, Side 10, Rear 10."""


def _game(blue: Unit, red: list[Unit], pieces: tuple[TerrainPiece, ...], overrides: dict[str, object] | None = None):  # type: ignore[no-untyped-def]
    game = battle([blue], red, overrides=overrides)
    table = Table()
    game.state.battlefield = Battlefield(table, dawn_of_war(table), pieces)
    to_phase(game, Phase.SHOOTING, 1)
    return game


def _fired(game: Game) -> list[WeaponFired]:
    return [e for e in game.state.events if isinstance(e, WeaponFired)]


def _behind_the_wall(overrides: dict[str, object] | None = None, gun: object = MORTAR) -> Game:
    blue = squad("blue", 1, weapons=(gun,))  # type: ignore[arg-type]
    red = squad("red", 2)
    game = _game(blue, [red], (WALL,), overrides)
    place(game, blue, 10, 10)
    place(game, red, 10, 30, dx=3.0)  # red.1 (10, 30), red.2 (13, 30)
    return game


def test_barrage_fires_indirectly_and_scatters_the_full_two_d6() -> None:
    game = _behind_the_wall()
    volleys = plan(game, "blue", "red").volleys
    assert [(v.weapon.name, v.indirect) for v in volleys] == [("Mortar", True)]
    game.state.dice._strict = True
    game.force_dice(ScatterFace.arrow(0), 3, 2, 6, 1, 1, 1)  # 5" east, BS not subtracted: over red.2 alone; wound,
    # save 1; the Morale check (half the unit lost) 2: passed
    game.apply(Shoot(1, "blue", "red", blast_at=("red.1",)))
    fired = _fired(game)[-1]
    assert fired.summary.startswith("1 hits, 1 wounds, 1 unsaved")
    assert 'scatters the full 2D6, 5"' in fired.why[0].text
    assert "hole at (15.00, 30.00): hits 1 of red" in fired.why[0].text
    # the Wound goes to the closest model of the unit (Blast, p.234: any model): red.1, which no marker covered
    assert game.state.units["red"].casualties == ["red.1"]
    assert game.state.dice.pending_forced == ()


def test_barrage_fired_directly_subtracts_the_ballistic_skill() -> None:
    game = _behind_the_wall()
    game.state.battlefield = Battlefield(game.state.battlefield.table, game.state.battlefield.deployment, ())
    assert [v.indirect for v in plan(game, "blue", "red").volleys] == [False]
    game.force_dice(ScatterFace.arrow(0), 3, 2, 6, 6, 1, 1)  # 5 - BS 4 = 1" east: both models under it
    game.apply(Shoot(1, "blue", "red", blast_at=("red.1",)))
    assert _fired(game)[-1].summary.startswith("2 hits, 2 wounds, 2 unsaved")
    assert sorted(game.state.units["red"].casualties) == ["red.1", "red.2"]


def test_barrage_a_blast_without_barrage_cannot_fire_out_of_sight() -> None:
    game = _behind_the_wall(gun=FRAG)
    assert plan(game, "blue", "red").volleys == ()
    assert not game.check(Shoot(1, "blue", "red")).legal


@pytest.mark.parametrize(("allowed", "fires"), [(False, False), (True, True)])
def test_barrage_indirect_fire_in_a_reaction_follows_the_setting(allowed: bool, fires: bool) -> None:
    blue = squad("blue", 1)
    red = squad("red", 1, weapons=(MORTAR,))
    game = _game(blue, [red], (WALL,), {"weapon_rules": {"barrage_indirect_in_reactions": allowed}})
    place(game, blue, 10, 10)
    place(game, red, 10, 30)
    assert game.state.clock.active_player == 1  # Red would shoot in Blue's turn: a Reaction's attack
    assert bool(plan(game, "red", "blue").volleys) is fires


def _at_a_predator(pieces: tuple[TerrainPiece, ...], gun: object, overrides: dict[str, object] | None = None) -> Game:
    blue = squad("blue", 1, weapons=(gun,))  # type: ignore[arg-type]
    tank = vehicle("tank", profile=PREDATOR, name="Predator")
    game = _game(blue, [tank], pieces, overrides)
    place(game, blue, 10, 10)
    place(game, tank, 10, 30, heading=270.0)  # facing south, towards the firer: its Front faces it
    return game


def test_barrage_hits_on_a_vehicle_are_on_its_side_armour() -> None:
    game = _at_a_predator((), MORTAR)
    game.force_dice(ScatterFace.hit(), 6, 1)  # S4 + 6 = 10 against Side 10: Glancing (Front 14: no effect)
    game.apply(Shoot(1, "blue", "tank", blast_at=("tank.1",)))
    fired = _fired(game)[-1]
    assert fired.summary.startswith("1 hits, 1 Glancing, 0 Penetrating, 1 Hull Points lost")
    assert any(r.rule == "Barrage" and "Side Armour" in r.text for r in fired.why)


def test_blast_without_barrage_hits_the_facing_the_firer_is_in() -> None:
    game = _at_a_predator((), FRAG)
    game.force_dice(ScatterFace.hit(), 6)  # S4 + 6 = 10 against Front 14: no effect
    game.apply(Shoot(1, "blue", "tank", blast_at=("tank.1",)))
    assert _fired(game)[-1].summary.startswith("1 hits, 0 Glancing, 0 Penetrating, 0 Hull Points lost")


def test_blast_facing_from_the_marker_when_set() -> None:
    game = _at_a_predator((), FRAG, {"weapon_rules": {"blast_facing_from": "marker"}})
    game.force_dice(ScatterFace.arrow(90), 1, 4, 6, 1)  # 5 - 4 = 1" north: the hole behind the hull's centre: Rear 10
    game.apply(Shoot(1, "blue", "tank", blast_at=("tank.1",)))
    fired = _fired(game)[-1]
    assert "hole at (10.00, 31.00)" in fired.why[0].text
    assert fired.summary.startswith("1 hits, 1 Glancing")


TWIN_MORTAR = weapon("Mortar battery", '48"', "4", "6", 'Heavy 2, Blast (3"), Barrage')


def _multiple(red_at: dict[str, tuple[float, float]]) -> Game:
    blue = squad("blue", 1, weapons=(TWIN_MORTAR,))
    red = squad("red", len(red_at))
    game = _game(blue, [red], ())
    place(game, blue, 10, 10)
    game.state.units["red"].poses = {mid: Pose(x, y) for mid, (x, y) in red_at.items()}
    return game


def test_barrage_multiple_barrage_later_marker_touches_the_first_in_the_arrow_s_direction() -> None:
    game = _multiple({"red.1": (10.0, 30.0), "red.2": (13.0, 30.0), "red.3": (16.0, 30.0)})
    game.state.dice._strict = True
    game.force_dice(ScatterFace.hit(), ScatterFace.arrow(0), 1, 1)  # first stays on red.1; second 3" east: red.2
    game.apply(Shoot(1, "blue", "red", blast_at=("red.1",)))
    fired = _fired(game)[-1]
    assert fired.summary.startswith("2 hits, 0 wounds")
    assert "touching the first at 0°; hole at (13.00, 30.00): hits 1 of red" in fired.why[1].text
    assert game.state.dice.pending_forced == ()


def test_barrage_multiple_barrage_later_hit_is_placed_touching_the_group_over_the_most_targets() -> None:
    game = _multiple({"red.1": (10.0, 30.0), "red.2": (13.0, 30.0), "red.3": (13.0, 31.5)})
    game.state.dice._strict = True
    game.force_dice(ScatterFace.hit(), ScatterFace.hit(), 1, 1, 1)
    game.apply(Shoot(1, "blue", "red", blast_at=("red.1",)))
    fired = _fired(game)[-1]
    assert fired.summary.startswith("3 hits, 0 wounds")
    assert "hole at (13.00, 30.00): hits 2 of red" in fired.why[1].text


RUIN = TerrainPiece("Ruin", box(5.0, 27.0, 10.0, 28.0), TerrainKind.AREA, 3.0, SightRule.BLOCKS)
"""Hides the west half of a model at (10, 30) from a firer at (10, 10) (tests/engine/shooting/test_line_of_fire)."""


@pytest.mark.parametrize(("kind", "forced", "removed"), [
    ('Heavy 1, Blast (3"), Barrage', (ScatterFace.hit(), 6, 5), []),  # from the firer: Cover Save 5+ rolled 5: saved
    ('Heavy 2, Blast (3"), Barrage', (ScatterFace.hit(), ScatterFace.hit(), 6, 1), ["red.1"]),  # from the marker
])  # fmt: skip
def test_barrage_multiple_barrage_cover_is_judged_from_the_first_marker(
    kind: str, forced: tuple[object, ...], removed: list[str]
) -> None:
    blue = squad("blue", 1, weapons=(weapon("Mortar", '48"', "4", "3", kind),))
    red = squad("red", 1)
    game = _game(blue, [red], (RUIN,))
    place(game, blue, 10, 10)
    place(game, red, 10, 30)
    game.state.dice._strict = True  # a Cover Save not forced would stop the test
    game.force_dice(*forced)  # type: ignore[arg-type]
    game.apply(Shoot(1, "blue", "red", blast_at=("red.1",)))
    assert game.state.units["red"].casualties == removed
    assert game.state.dice.pending_forced == ()
