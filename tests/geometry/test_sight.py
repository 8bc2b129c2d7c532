"""Line of sight, 2.5D (docs/geometry.md): grazing, heights, Buildings, embarked units, batch queries."""

from __future__ import annotations

import math

from hypothesis import given, settings
from hypothesis import strategies as st
from shapely.geometry import box

from strategium.geometry.bases import Hull
from strategium.geometry.pieces import PlacedModel, PlacedUnit
from strategium.geometry.sight import SightMap, segment_blocked
from strategium.geometry.table import Table
from strategium.geometry.terrain import Battlefield, Building, SightRule, TerrainKind, TerrainPiece
from tests.geometry.helpers import disc, infantry, wall_table

SQUARE = box(4, 0, 8, 4)  # a blocker whose top-left corner is (4, 4)


def test_sight_line_grazing_a_terrain_corner_is_not_blocked() -> None:
    """The documented answer: touching a blocker's boundary (a corner) does not block."""
    assert not segment_blocked((0, 0), (8, 8), [SQUARE])  # passes exactly through the corner (4, 4)
    assert not segment_blocked((0, 4), (12, 4), [SQUARE])  # runs along the top edge
    assert segment_blocked((0, 3.999), (12, 3.999), [SQUARE])  # just inside: blocked
    assert not segment_blocked((0, 4.001), (12, 4.001), [SQUARE])


def test_model_behind_a_blocking_ruin_is_hidden_and_beside_it_is_seen() -> None:
    bf = wall_table()
    sight = SightMap(bf)
    observer = PlacedModel(disc(10, 24))
    assert not sight.model_sees(observer, PlacedModel(disc(30, 24)))
    assert sight.model_sees(observer, PlacedModel(disc(30, 44)))
    # the hidden area of the observer is the ruin's umbra, clipped to the table
    area = sight.hidden_area(observer, 1.25)
    assert area.contains(disc(30, 24).polygon()) and not area.contains(disc(30, 44).polygon())


def test_height_rule_low_wall_hides_infantry_but_not_a_vehicle() -> None:
    wall = TerrainPiece("wall", box(20, 14, 21, 34), TerrainKind.BARRICADE, 2.0, SightRule.HEIGHT)
    sight = SightMap(Battlefield(Table(), terrain=(wall,)))
    observer = PlacedModel(disc(10, 24), 1.25)
    assert not sight.model_sees(observer, PlacedModel(disc(30, 24), 1.25))
    rhino = PlacedModel.from_hull(Hull(30, 24, 4.5, 2.75), height=2.5)
    assert sight.model_sees(observer, rhino)


def test_buildings_always_block() -> None:
    bastion = Building("Bastion", Hull(21, 24, 4, 20), height=0.1)
    sight = SightMap(Battlefield(Table(), buildings=(bastion,)))
    assert not sight.model_sees(PlacedModel(disc(10, 24), 10.0), PlacedModel(disc(30, 24), 10.0))


def test_embarked_units_cannot_be_seen_and_do_not_see() -> None:
    sight = SightMap(Battlefield(Table()))
    red = infantry("red", 2, (10, 10))
    blue = PlacedUnit("blue", 1, infantry("b", 1, (30, 10)).models, embarked_in="Rhino")
    assert sight.unit_sees(red, infantry("blue", 1, (30, 10)))
    assert not sight.unit_sees(red, blue)
    assert not sight.unit_sees(blue, red)


def test_a_unit_sees_another_if_any_model_sees_any_model() -> None:
    sight = SightMap(wall_table())
    red = infantry("red", 2, (10, 24), (10, 26))
    hidden = infantry("blue", 1, (30, 24), (30, 25))
    half = infantry("blue2", 1, (30, 24), (30, 44))
    assert not sight.unit_sees(red, hidden)
    assert sight.unit_sees(red, half)
    assert sight.any_unit_sees([red], half)
    assert not sight.any_unit_sees([red], hidden)
    assert sight.visible_units(red, [hidden, half]) == (half,)
    peeking = infantry("red2", 2, (10, 24), (21, 40))  # one model round the end of the ruin
    assert sight.unit_sees(peeking, hidden)


def _brute_sees(bf: Battlefield, o: tuple[float, float], t: tuple[float, float], r: float) -> bool:
    blockers = bf.sight_blockers(1.25, 1.25)
    n = 48
    for i in range(n):
        a = 2 * math.pi * i / n
        for j in range(n):
            b = 2 * math.pi * j / n
            p = (o[0] + r * math.cos(a), o[1] + r * math.sin(a))
            q = (t[0] + r * math.cos(b), t[1] + r * math.sin(b))
            if not segment_blocked(p, q, blockers):
                return True
    return False


@settings(max_examples=40, deadline=None)
@given(st.floats(23, 70), st.floats(1, 47))
def test_hidden_means_no_sight_line_exists(tx: float, ty: float) -> None:
    """Soundness against brute force: whenever some sampled sight line is clear, the model is seen."""
    bf = wall_table()
    sight = SightMap(bf)
    r = 0.63
    seen = sight.model_sees(PlacedModel(disc(10, 24, r)), PlacedModel(disc(tx, ty, r)))
    if _brute_sees(bf, (10, 24), (tx, ty), r):
        assert seen


def test_fast_umbras_equal_the_shadow_intersection_construction() -> None:
    import numpy as np
    from shapely.geometry import Point

    from strategium.geometry.measure import Footprint
    from strategium.geometry.sight import umbras, umbras_by_shadows

    rng = np.random.default_rng(5)
    sources = [Footprint(Point(*rng.uniform(0, 40, 2)), rng.uniform(0.3, 3)).outer_polygon(16) for _ in range(12)]
    sources.append(Hull(20, 20, 4.5, 2.75, heading=30).polygon())
    blockers = [box(x, y, x + rng.uniform(0.5, 6), y + rng.uniform(0.5, 6)) for x, y in rng.uniform(0, 40, (8, 2))]
    fast, slow = umbras(sources, blockers), umbras_by_shadows(sources, blockers)
    window = box(-100, -100, 200, 200)
    for i in range(len(sources)):
        for j in range(len(blockers)):
            a, b = fast[i, j].intersection(window), slow[i, j].intersection(window)
            assert a.symmetric_difference(b).area < 1e-6
