"""Casualties only among the models the firers reach and see, and Cover Saves for models partly hidden from the
firers (strategium.engine.shooting.line_of_fire; CORE_B §1.6-1.7, CORE_A §5.3, §5.12). Exact situations with forced
dice:
Blue (player 1) shoots in its Shooting phase; the battlefield is set for each test."""

from __future__ import annotations

from collections.abc import Sequence

from shapely.geometry import box

from strategium.army.army import Unit
from strategium.engine.attacks import damage
from strategium.engine.core.game import Game
from strategium.engine.core.timing import Phase
from strategium.engine.shooting import line_of_fire
from strategium.engine.shooting.declare import Shoot, ShootingAttackResolved, WeaponFired
from strategium.engine.table.placement import placed_model
from strategium.geometry.deployment import dawn_of_war
from strategium.geometry.measure import distance, within
from strategium.geometry.pieces import PlacedUnit
from strategium.geometry.table import Table
from strategium.geometry.terrain import Battlefield, SightRule, TerrainKind, TerrainPiece
from tests.engine.builders_combat import LASCANNON, armoured, battle, place, squad, to_phase, weapon

AP3_GUN = weapon("Storm gun", '24"', "4", "3", "Assault 1")
"""AP3 against the 3+ armour of the test marines: no Armour Save, so any save rolled is a Cover Save."""
AP3_FOUR = weapon("Storm volley", '24"', "4", "3", "Assault 4")
SHORT_GUN = weapon("Short gun", '12"', "4", "3", "Assault 2")


def shooting_on(
    pieces: Sequence[TerrainPiece], blue: Unit, red: Sequence[Unit], overrides: dict[str, object] | None = None
) -> Game:
    """Blue's Shooting phase on an open 72" x 48" table with ``pieces``."""
    game = battle([blue], list(red), overrides=overrides)
    table = Table()
    game.state.battlefield = Battlefield(table, dawn_of_war(table), tuple(pieces))
    to_phase(game, Phase.SHOOTING)
    return game


def view(
    game: Game, blue: Unit, target: Unit, reach: float = 24.0, ap: int | None = 3
) -> dict[str, line_of_fire.ModelView]:
    """How Blue's models see ``target`` for a weapon of this range and AP (default: the AP3 guns below)."""
    status = game.state.units[blue.id]
    firers = [placed_model(m, status.poses[m.id]) for m in blue.models if m.id in status.poses]
    return line_of_fire.fire_view(game, target.id, firers, reach, firing_unit=blue.id, ap=ap)


def fired(game: Game) -> list[WeaponFired]:
    return [e for e in game.state.events if isinstance(e, WeaponFired)]


def ruin(edge: float) -> TerrainPiece:
    """A sight-blocking ruin south of (10, 30) whose east edge at x=``edge`` hides part of a model there from a
    firer at (10, 10)."""
    return TerrainPiece("Ruin", box(5.0, 27.0, edge, 28.0), TerrainKind.AREA, 3.0, SightRule.BLOCKS)


WALL = TerrainPiece("Wall", box(12.0, 24.0, 20.0, 25.0), TerrainKind.BARRICADE, 3.0, SightRule.HEIGHT)
"""A 3" wall (taller than the marines) in front of the eastern half of the Red row at y=30."""


def test_wounds_beyond_the_models_in_sight_are_lost_a_unit_half_behind_a_wall() -> None:
    blue, red = squad("blue", 1, weapons=(AP3_FOUR,)), squad("red", 4)
    game = shooting_on([WALL], blue, [red])
    place(game, blue, 10, 20)
    place(game, red, 10, 30, dx=3.0)  # red.1, red.2 in the open; red.3, red.4 wholly behind the wall
    seen = view(game, blue, red)
    assert [seen[m].allocatable for m in ("red.1", "red.2", "red.3", "red.4")] == [True, True, False, False]
    game.force_dice(6, 6, 6, 6, 6, 6, 6, 6)  # 4 hits, 4 wounds; AP3: no save for the models in the open
    game.apply(Shoot(1, "blue", "red"))
    assert game.state.units["red"].casualties == ["red.1", "red.2"]
    assert set(game.state.units["red"].poses) == {"red.3", "red.4"}
    [resolved] = [e for e in game.state.events if isinstance(e, ShootingAttackResolved)]
    assert (resolved.casualties, resolved.unsaved_wounds) == (2, 2)
    [shot] = fired(game)
    assert any("2 Wounds are lost" in r.text and r.rule == "Wound allocation" for r in shot.why)


def test_wounds_are_not_allocated_to_models_out_of_range_of_every_firer() -> None:
    blue, red = squad("blue", 1, weapons=(SHORT_GUN,)), squad("red", 2)
    game = shooting_on([], blue, [red])
    place(game, blue, 10, 20)
    place(game, red, 10, 31.0, dx=1.5)
    game.state.units["red"].poses["red.2"] = game.state.units["red"].poses["red.2"].__class__(10.0, 36.0)
    seen = view(game, blue, red, reach=12.0)  # red.1 9.7" away (bases), red.2 14.7"
    assert (seen["red.1"].allocatable, seen["red.2"].allocatable) == (True, False)
    game.force_dice(6, 6, 6, 6)  # 2 hits, 2 wounds, no saves
    game.apply(Shoot(1, "blue", "red"))
    assert game.state.units["red"].casualties == ["red.1"] and "red.2" in game.state.units["red"].poses


def test_a_model_27_percent_hidden_gets_cover_at_a_quarter_and_not_at_a_half() -> None:
    for fraction, saved in ((0.25, True), (0.5, False)):
        blue, red = squad("blue", 1, weapons=(AP3_GUN,)), squad("red", 1)
        game = shooting_on([ruin(9.8)], blue, [red], {"cover": {"obscured_fraction": fraction}})
        place(game, blue, 10, 10)
        place(game, red, 10, 30)
        mine = view(game, blue, red)["red.1"]
        assert mine.allocatable
        game.force_dice(6, 6, *([5] if saved else []))  # hit, wound, (the Cover Save 5+: 5 saves)
        game.apply(Shoot(1, "blue", "red"))
        assert ("red.1" in game.state.units["red"].poses) is saved
        if saved:
            assert mine.cover == 5 and mine.reason is not None and mine.reason.rule == "cover.ruins_save"
            assert "27% of red hidden by Ruin: Cover Save 5+" in mine.reason.text
            assert "cover.obscured_fraction" in mine.reason.text
        else:
            assert mine.cover is None


def test_intervening_models_of_another_unit_give_a_5_plus_cover_save_and_none_when_set_to_none() -> None:
    for save in (5, None):
        blue, red, screen = squad("blue", 1, weapons=(AP3_GUN,)), squad("red", 1), squad("screen", 1)
        game = shooting_on([], blue, [red, screen], {"cover": {"intervening_models_save": save}})
        place(game, blue, 10, 10)
        place(game, screen, 10, 25)  # another Red unit straight between
        place(game, red, 10, 30)
        mine = view(game, blue, red)["red.1"]
        assert mine.allocatable and mine.cover == save  # models do not block sight (line_of_sight default)
        game.force_dice(6, 6, *([5] if save else []))
        game.apply(Shoot(1, "blue", "red"))
        assert ("red.1" in game.state.units["red"].poses) is (save is not None)
        if save is not None:
            assert mine.reason is not None and mine.reason.rule == "cover.intervening_models_save"
            assert "hidden by models of screen" in mine.reason.text


def test_the_firing_units_own_models_give_no_cover() -> None:
    blue, red = squad("blue", 2, weapons=(AP3_GUN,)), squad("red", 1)
    game = shooting_on([], blue, [red])
    place(game, blue, 10, 10)
    game.state.units["blue"].poses["blue.2"] = game.state.units["blue"].poses["blue.2"].__class__(10.0, 20.0)
    place(game, red, 10, 30)
    assert view(game, blue, red)["red.1"].cover is None


def test_a_vehicle_partly_behind_ruins_gets_its_cover_save_against_a_penetrating_hit() -> None:
    blue, rhino = squad("blue", 1, weapons=(LASCANNON,)), armoured("rhino")
    game = shooting_on([ruin(10.0)], blue, [rhino])
    place(game, blue, 10, 10)
    place(game, rhino, 10, 31)
    mine = view(game, blue, rhino, reach=48.0)["rhino.1"]
    assert mine.allocatable and mine.cover == 5 and mine.reason is not None and mine.reason.rule == "cover.ruins_save"
    game.force_dice(6, 6, 5)  # hit; S9 + 6 = 15 against Armour 11: Penetrating; Cover Save 5+ rolled 5: saved
    game.apply(Shoot(1, "blue", "rhino"))
    [shot] = fired(game)
    assert "0 Hull Points lost" in shot.summary and game.state.units["rhino"].wounds_lost.get("rhino.1", 0) == 0
    assert any("hidden by Ruin" in r.text for r in shot.why)


def test_a_model_partly_in_area_terrain_is_in_it_only_when_partly_within_is_set() -> None:
    crater = TerrainPiece("Crater", box(10.0, 28.0, 14.0, 32.0), TerrainKind.AREA, 0.0, SightRule.CLEAR)
    for rule, cover in (("wholly_within", None), ("partly_within", 5)):
        blue, red = squad("blue", 1, weapons=(AP3_GUN,)), squad("red", 1)
        game = shooting_on([crater], blue, [red], {"terrain": {"in_terrain": rule}})
        place(game, blue, 10, 10)
        place(game, red, 10, 30)  # its base's east half in the crater (which hides nothing: no height)
        mine = view(game, blue, red)["red.1"]
        assert mine.cover == cover
        if cover is not None:
            assert mine.reason is not None and "terrain.in_terrain" in mine.reason.text
    inside = squad("red", 1)
    game = shooting_on([crater], squad("blue", 1), [inside])
    place(game, inside, 12, 30)  # wholly within
    assert view(game, squad("blue", 1), inside)["red.1"].cover == 5


def test_terrain_with_no_save_of_its_own_gives_the_configured_cover_save() -> None:
    rock = TerrainPiece("Rock", box(5.0, 27.0, 9.8, 28.0), TerrainKind.IMPASSABLE, 3.0, SightRule.HEIGHT)
    for save, roll, kept in ((5, 4, False), (4, 4, True)):
        blue, red = squad("blue", 1, weapons=(AP3_GUN,)), squad("red", 1)
        game = shooting_on([rock], blue, [red], {"cover": {"other_terrain_save": save}})
        place(game, blue, 10, 10)
        place(game, red, 10, 30)
        assert view(game, blue, red)["red.1"].cover == save
        game.force_dice(6, 6, roll)
        game.apply(Shoot(1, "blue", "red"))
        assert ("red.1" in game.state.units["red"].poses) is kept


def test_a_low_wall_hides_less_of_a_model_far_behind_it() -> None:
    low = TerrainPiece("Low wall", box(0.0, 14.0, 30.0, 14.5), TerrainKind.BARRICADE, 1.0, SightRule.HEIGHT)
    blue, near, far = squad("blue", 1, weapons=(AP3_GUN,)), squad("near", 1), squad("far", 1)
    game = shooting_on([low], blue, [near, far])
    place(game, blue, 10, 10)
    place(game, near, 10, 15.5)  # right behind the 1" wall: 1.25 - 0.25 x (3.4 + 0.4) / 3.4 of its 1.25" hidden
    place(game, far, 20, 40)  # far behind (and clear of the other unit): the sight line over the wall clears it
    close = view(game, blue, near)["near.1"]
    assert close.cover == 5 and close.reason is not None and close.reason.rule == "Barricades and Walls"
    assert close.reason.page == 221
    assert view(game, blue, far, reach=48.0)["far.1"] == line_of_fire.ModelView(True, None)


def test_a_model_whose_armour_save_beats_any_cover_is_not_given_one() -> None:
    blue, red = squad("blue", 1, weapons=(AP3_GUN,)), squad("red", 1)
    game = shooting_on([ruin(9.8)], blue, [red])
    place(game, blue, 10, 10)
    place(game, red, 10, 30)
    assert view(game, blue, red, ap=3)["red.1"].cover == 5  # AP3 denies the 3+ armour: the Cover Save counts
    assert view(game, blue, red, ap=5)["red.1"] == line_of_fire.ModelView(True, None)  # 3+ armour is taken instead


def test_allocation_is_deferred_until_asked_and_gives_the_answers_of_the_sight_map() -> None:
    """fire_view works out a model's range and line of sight when it is first asked (a Deferred answer), and the
    answer is the sight map's own for those firers: the firers in range, and any of them seeing the model alone."""
    blue, red = squad("blue", 3, weapons=(AP3_FOUR,)), squad("red", 4)
    game = shooting_on([WALL], blue, [red])
    place(game, blue, 10, 20, dx=2.0)
    place(game, red, 10, 30, dx=3.0)
    seen = view(game, blue, red, reach=10.5)
    assert all(repr(v.allocatable) == "Deferred(not asked yet)" for v in seen.values())
    sight = damage.sight_map(game.state.battlefield)
    status = game.state.units[blue.id]
    firers = [placed_model(m, status.poses[m.id]) for m in blue.models]
    for m in red.models:
        target = placed_model(m, game.state.units[red.id].poses[m.id])
        near = [f for f in firers if within(distance(f.footprint, target.footprint), 10.5)]
        alone = PlacedUnit(red.id, 2, (target,))
        assert bool(seen[m.id].allocatable) == any(sight.sees_each(near, alone))
    assert [bool(seen[m].allocatable) for m in ("red.1", "red.2", "red.3", "red.4")] == [True, True, False, False]
