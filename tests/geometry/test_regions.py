"""Legal regions and their point checks: INF-3, INF-4, INF-5, INF-6 (rulebook p.242), SCT-2, SCT-3 (p.246),
deployment zones. Hand-built tables with exact expected answers; RULINGS cases INF-01, INF-02, INF-04,
INF-05 and SCT-01 are named where they are reproduced."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from shapely.geometry import Point, box

from strategium.geometry.bases import Hull
from strategium.geometry.deployment import dawn_of_war
from strategium.geometry.measure import distance
from strategium.geometry.pieces import PlacedModel, PlacedUnit
from strategium.geometry.regions import (
    REGION_TOLERANCE,
    deployment_region,
    forbidden_near,
    infiltrate_buildings,
    infiltrate_clause,
    infiltrate_regions,
    on_table_region,
    reach_region,
    scout_distance,
    scout_move_legal,
    scout_region,
)
from strategium.geometry.sight import SightMap
from strategium.geometry.table import Table
from strategium.geometry.terrain import Battlefield, Building, SightRule, TerrainKind, TerrainPiece
from strategium.model.unit_types import SubType, UnitType
from tests.geometry.helpers import R32, disc, infantry

WALL = TerrainPiece("ruin", box(14, 14, 15, 34), TerrainKind.AREA, 3.0, SightRule.BLOCKS)
BF = Battlefield(Table(), terrain=(WALL,))
RED = infantry("Red Tactical", 2, (10, 24))  # one Red model; the ruin stands 4" in front of it


def blue_at(gap: float, y: float = 24.0) -> PlacedUnit:
    """A one-model Blue unit whose base is ``gap`` inches from the Red model's base, due east."""
    return infantry("Blue Seekers", 1, (10 + 2 * R32 + gap, y))


def predator() -> PlacedUnit:
    return PlacedUnit("Red Predator", 2, (PlacedModel.from_hull(Hull(60, 24, 5, 3), 2.5),), UnitType.VEHICLE)


def test_inf3_inf01_hidden_placement_needs_more_than_nine_inches() -> None:
    assert infiltrate_clause(BF, [RED], blue_at(10.0)) == "INF-3"
    assert infiltrate_clause(BF, [RED], blue_at(9.001)) == "INF-3"
    assert infiltrate_clause(BF, [RED], blue_at(9.0)) is None
    assert infiltrate_clause(BF, [RED], blue_at(8.9)) is None


def test_inf3_inf02_one_seeing_enemy_unit_forces_the_plain_sight_distance() -> None:
    enemies = [RED, predator()]
    assert infiltrate_clause(BF, enemies, blue_at(11.0)) is None
    assert infiltrate_clause(BF, enemies, blue_at(12.0)) is None
    assert infiltrate_clause(BF, enemies, blue_at(12.1)) == "INF-5"


def test_inf5_plain_sight_more_than_twelve_inches() -> None:
    open_table = Battlefield(Table())
    assert infiltrate_clause(open_table, [RED], blue_at(12.001)) == "INF-5"
    assert infiltrate_clause(open_table, [RED], blue_at(11.0)) is None


def test_inf3_a_unit_is_seen_if_any_model_is_seen() -> None:
    unit = infantry("Blue", 1, (25, 24), (12, 36))  # the second model stands beyond the end of the ruin
    assert infiltrate_clause(BF, [RED], unit) is None
    assert infiltrate_clause(BF, [RED], infantry("Blue", 1, (25, 24), (25, 26))) == "INF-5"
    assert infiltrate_clause(BF, [RED], infantry("Blue", 1, (21.5, 24), (21.5, 26))) == "INF-3"


def test_inf4_inf04_building_more_than_nine_inches_away() -> None:
    def bastion(gap: float) -> Building:
        x = 10 + R32 + gap + 3  # 6" square: its west wall ``gap`` inches from the Red base
        return Building(f"Bastion {gap}", Hull(x, 24, 6, 6), transport_capacity=20)

    far, solid = bastion(10.0), Building("Wall", Hull(40, 40, 6, 1))
    assert distance(RED.footprints[0], far.footprint) == pytest.approx(10.0)
    assert infiltrate_buildings(Battlefield(Table(), buildings=(far, solid)), [RED]) == (far,)
    assert infiltrate_buildings(Battlefield(Table(), buildings=(bastion(8.5),)), [RED]) == ()
    assert infiltrate_buildings(Battlefield(Table(), buildings=(bastion(9.0),)), [RED]) == ()


def test_inf6_inf05_a_dedicated_transport_is_measured_and_seen() -> None:
    def rhino(gap: float) -> PlacedUnit:
        hull = Hull(10 + R32 + gap + 2.25, 24, 4.5, 2.75)
        return PlacedUnit("Blue Rhino", 1, (PlacedModel.from_hull(hull, 2.5),), UnitType.VEHICLE)

    open_table = Battlefield(Table())
    assert infiltrate_clause(open_table, [RED], rhino(10.5)) is None
    assert infiltrate_clause(open_table, [RED], rhino(12.5)) == "INF-5"
    tall_wall = TerrainPiece("bunker", box(14, 14, 15, 34), TerrainKind.IMPASSABLE, 3.0, SightRule.HEIGHT)
    assert infiltrate_clause(Battlefield(Table(), terrain=(tall_wall,)), [RED], rhino(9.5)) == "INF-3"


def test_infiltrate_region_on_the_hand_table() -> None:
    regions = infiltrate_regions(BF, [RED], disc(0, 0), 1.25)
    assert regions.hidden.contains(Point(10 + 2 * R32 + 9.1, 24))
    assert not regions.hidden.contains(Point(10 + 2 * R32 + 8.9, 24))
    assert not regions.hidden.contains(Point(10, 36))  # beyond the ruin's end: in sight, and inside 12"
    assert not regions.plain_sight.contains(Point(10, 36))
    assert regions.plain_sight.contains(Point(10 + 2 * R32 + 12.1, 40))
    assert not regions.plain_sight.contains(Point(10 + 2 * R32 + 11.9, 24))
    assert regions.hidden.within(on_table_region(BF, disc(0, 0)))


def _single(x: float, y: float) -> PlacedUnit:
    return infantry("Blue", 1, (x, y))


ENEMIES = [RED, infantry("Red Heavy", 2, (40, 44), (42, 44))]
SIGHT = SightMap(BF)
REGIONS = infiltrate_regions(BF, ENEMIES, disc(0, 0), 1.25, SIGHT)


@settings(max_examples=300, deadline=None)
@given(st.floats(0, 72), st.floats(0, 48))
def test_inf3_inf5_region_and_point_check_agree(x: float, y: float) -> None:
    clause = infiltrate_clause(BF, ENEMIES, _single(x, y), SIGHT)
    p = Point(x, y)
    if REGIONS.plain_sight.contains(p):
        assert clause == "INF-5"
    elif REGIONS.hidden.contains(p):
        assert clause == "INF-3"
    elif REGIONS.any.distance(p) > REGION_TOLERANCE:
        assert clause is None


@settings(max_examples=50, deadline=None)
@given(st.lists(st.tuples(st.floats(0, 72), st.floats(0, 48)), min_size=1, max_size=6))
def test_more_than_twelve_region_is_inside_more_than_nine_region(centres: list[tuple[float, float]]) -> None:
    enemies = [disc(x, y) for x, y in centres]
    base = on_table_region(BF, disc(0, 0))
    r12 = base.difference(forbidden_near(enemies, disc(0, 0), 12))
    r9 = base.difference(forbidden_near(enemies, disc(0, 0), 9))
    assert r12.difference(r9).area < 1e-9


def test_scout_distance_by_unit_type_sct2() -> None:
    assert scout_distance(UnitType.INFANTRY) == 6
    assert scout_distance(UnitType.DREADNOUGHT) == 6
    assert scout_distance(UnitType.AUTOMATA) == 6
    assert scout_distance(UnitType.CAVALRY, frozenset({SubType.ARTILLERY})) == 6
    assert scout_distance(UnitType.CAVALRY) == 12
    assert scout_distance(UnitType.VEHICLE) == 12


def test_sct2_sct3_sct01_infantry_redeploy_towards_the_enemy() -> None:
    open_table = Battlefield(Table())
    start = 10 + 2 * R32 + 14  # 14" from the Red base
    before = disc(start, 24)
    assert not scout_move_legal(open_table, [RED], before, disc(start - 6, 24), 6)  # would end at 8"
    assert scout_move_legal(open_table, [RED], before, disc(start - 4.9, 24), 6)  # ends at 9.1"
    assert not scout_move_legal(open_table, [RED], before, disc(start - 5.0, 24), 6)  # exactly 9": not more
    assert scout_move_legal(open_table, [RED], before, disc(start + 6, 24), 6)
    assert not scout_move_legal(open_table, [RED], before, disc(start + 6.001, 24), 6)
    region = scout_region(open_table, [RED], before, 6)
    assert region.contains(Point(start - 4.9, 24)) and not region.contains(Point(start - 5.1, 24))
    assert region.contains(Point(start + 5.99, 24)) and not region.contains(Point(start + 6.01, 24))


def test_sct2_vehicle_hull_moves_up_to_twelve_inches_entirely_within() -> None:
    open_table = Battlefield(Table())
    hull = Hull(30, 24, 4.5, 2.75).footprint()
    region = scout_region(open_table, [RED], hull, 12)
    assert region.contains(Point(41.9, 24)) and not region.contains(Point(42.1, 24))
    assert scout_move_legal(open_table, [RED], hull, hull.moved_to(42, 24), 12)
    assert not scout_move_legal(open_table, [RED], hull, hull.moved_to(42.01, 24), 12)


@settings(max_examples=200, deadline=None)
@given(st.floats(0, 72), st.floats(0, 48))
def test_sct2_sct3_scout_region_and_point_check_agree(x: float, y: float) -> None:
    bf = BF
    before = disc(26, 30)
    region = scout_region(bf, ENEMIES, before, 6)
    legal = scout_move_legal(bf, ENEMIES, before, disc(x, y), 6)
    p = Point(x, y)
    if region.contains(p):
        assert legal
    elif region.distance(p) > REGION_TOLERANCE:
        assert not legal


def test_deployment_zone_minus_impassable_terrain() -> None:
    rocks = TerrainPiece("rocks", box(30, 4, 34, 8), TerrainKind.IMPASSABLE, 2.0, SightRule.HEIGHT)
    bf = Battlefield(Table(), dawn_of_war(Table()), terrain=(rocks,))
    region = deployment_region(bf, 1, disc(0, 0))
    assert region.contains(Point(10, 6)) and not region.contains(Point(32, 6))
    assert not region.contains(Point(10, 11.5))  # the base would cross the zone's edge
    assert region.contains(Point(10, 12 - R32 - 0.01))
    assert not region.contains(Point(30 - R32 + 0.1, 6))


def test_reach_region_covers_what_a_charge_could_reach() -> None:
    reach = reach_region(RED, 12)
    assert reach.contains(Point(10 + R32 + 11.99, 24)) and not reach.contains(Point(10 + R32 + 12.01, 24))
