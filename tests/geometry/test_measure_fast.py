"""The fast paths of the geometry agree exactly (bit for bit) with the shapely constructions they replace:
circle polygons from a unit-circle template, round-base distances in plain arithmetic, the flat footprint
index, the bounds used as broad phases, and the standing check with its bounding-box shortcut."""

from __future__ import annotations

import math

import numpy as np
import shapely
from hypothesis import given, settings
from hypothesis import strategies as st
from shapely.geometry import Point, Polygon, box

from strategium.geometry.bases import Base, Hull
from strategium.geometry.index import FootprintIndex
from strategium.geometry.measure import (
    EPSILON,
    Footprint,
    boxes_apart,
    circle_polygon,
    core_distance,
    core_distances,
    distance,
    in_contact,
    min_distance,
)
from strategium.geometry.regions import may_stand, on_table
from strategium.geometry.table import Table
from strategium.geometry.terrain import Battlefield, Building, TerrainKind, terrain_piece

coord = st.floats(-10.0, 90.0, allow_nan=False, allow_infinity=False)
radius = st.floats(0.05, 6.0, allow_nan=False, allow_infinity=False)
heading = st.floats(0.0, 360.0, allow_nan=False, allow_infinity=False)


@st.composite
def footprints(draw: st.DrawFn) -> Footprint:
    """Round bases (mostly), oval bases and hulls anywhere around a 72" x 48" table."""
    x, y = draw(coord), draw(coord)
    kind = draw(st.sampled_from(["round", "round", "round", "oval", "hull"]))
    if kind == "round":
        return Footprint(Point(x, y), draw(radius))
    if kind == "oval":
        return Base(60, 35).footprint(x, y, draw(heading))
    return Hull(x, y, 4.6, 3.6, draw(heading)).footprint()


@settings(max_examples=300, deadline=None)
@given(coord, coord, radius, st.sampled_from([2, 4, 8, 16, 32]))
def test_circle_polygon_is_the_buffer_vertex_for_vertex(x: float, y: float, r: float, segs: int) -> None:
    mine = np.asarray(circle_polygon((x, y), r, segs).exterior.coords)
    geos = np.asarray(Point(x, y).buffer(r, quad_segs=segs).exterior.coords)
    assert np.array_equal(mine, geos)


@settings(max_examples=200, deadline=None)
@given(footprints())
def test_footprint_polygon_is_the_buffer_and_is_built_once(fp: Footprint) -> None:
    expected = fp.core.buffer(fp.radius, quad_segs=16) if fp.radius > 0 else fp.core
    assert np.array_equal(np.asarray(fp.polygon().exterior.coords), np.asarray(expected.exterior.coords))
    assert fp.polygon() is fp.polygon()
    other = fp.core.buffer(fp.radius, quad_segs=4) if fp.radius > 0 else fp.core
    assert np.array_equal(np.asarray(fp.polygon(4).exterior.coords), np.asarray(other.exterior.coords))


def _min_distance_by_shapely(a: list[Footprint], b: list[Footprint]) -> float:
    """The reference: every pair measured by shapely (the plain construction the fast path replaces)."""
    ca = np.array([f.core for f in a], dtype=object)
    cb = np.array([f.core for f in b], dtype=object)
    ra = np.array([f.radius for f in a])
    rb = np.array([f.radius for f in b])
    return max(0.0, float(np.min(shapely.distance(ca[:, None], cb[None, :]) - ra[:, None] - rb[None, :])))


@settings(max_examples=300, deadline=None)
@given(st.lists(footprints(), min_size=1, max_size=6), st.lists(footprints(), min_size=1, max_size=6))
def test_min_distance_is_the_shapely_minimum_bit_for_bit(a: list[Footprint], b: list[Footprint]) -> None:
    assert min_distance(a, b) == _min_distance_by_shapely(a, b)


def test_min_distance_of_touching_round_bases_and_mixed_units() -> None:
    r = 0.5
    a = [Footprint(Point(10.0, 10.0), r), Footprint(Point(30.0, 10.0), r)]
    b = [Footprint(Point(10.0 + 2 * r, 10.0), r), Hull(40.0, 10.0, 4.6, 3.6, 0.0).footprint()]
    assert min_distance(a, b) == 0.0
    assert min_distance(a[1:], b) == _min_distance_by_shapely(a[1:], b) == 40.0 - 2.3 - 30.0 - r
    assert min_distance(b[1:], a) == _min_distance_by_shapely(b[1:], a)


@settings(max_examples=300, deadline=None)
@given(st.lists(footprints(), min_size=1, max_size=6), st.lists(footprints(), min_size=1, max_size=6))
def test_core_distances_are_shapely_distances_bit_for_bit(a: list[Footprint], b: list[Footprint]) -> None:
    ca = np.array([f.core for f in a], dtype=object)
    cb = np.array([f.core for f in b], dtype=object)
    got = core_distances(a, b)
    assert got.shape == (len(a), len(b))
    assert np.array_equal(got, shapely.distance(ca[:, None], cb[None, :]))


def test_core_distances_exact_values() -> None:
    a = [Footprint(Point(0.0, 0.0), 0.5), Hull(20.0, 0.0, 4.0, 2.0, 0.0).footprint()]
    b = [Footprint(Point(3.0, 4.0), 1.0), Footprint(Point(10.0, 0.0), 0.5)]
    # the hull spans x 18 to 22, y -1 to 1: its nearest corner to (3, 4) is (18, 1)
    assert core_distances(a, b).tolist() == [[5.0, 10.0], [math.sqrt(15.0**2 + 3.0**2), 8.0]]


@settings(max_examples=300, deadline=None)
@given(footprints(), footprints())
def test_core_distance_is_shapely_distance_bit_for_bit(a: Footprint, b: Footprint) -> None:
    assert core_distance(a, b) == float(a.core.distance(b.core))
    assert distance(a, b) == max(0.0, float(a.core.distance(b.core)) - a.radius - b.radius)


def test_round_bases_measure_exactly_at_the_contact_boundary() -> None:
    r = Base(32).radius
    a, b = Footprint(Point(10.0, 10.0), r), Footprint(Point(10.0 + 2 * r, 10.0), r)
    assert distance(a, b) == 0.0
    assert core_distance(a, b) == float(Point(10.0, 10.0).distance(Point(10.0 + 2 * r, 10.0)))
    assert math.isclose(distance(a, Footprint(Point(13.0, 14.0), r)), 5.0 - 2 * r)


@settings(max_examples=200, deadline=None)
@given(footprints())
def test_bounds_contain_the_footprint_polygon(fp: Footprint) -> None:
    assert fp.bounds == tuple(float(v) for v in fp.core.bounds)
    minx, miny, maxx, maxy = fp.polygon().bounds
    ominx, ominy, omaxx, omaxy = fp.outer_bounds
    assert ominx <= minx and ominy <= miny and omaxx >= maxx and omaxy >= maxy


def _brute_near(items: list[tuple[str, Footprint]], geometry: Polygon | Point, inches: float) -> list[int]:
    reach = inches + max(fp.radius for _, fp in items) + EPSILON
    return [i for i, (_, fp) in enumerate(items) if float(fp.core.distance(geometry)) <= reach]


@settings(max_examples=100, deadline=None)
@given(st.lists(footprints(), min_size=1, max_size=25), footprints(), st.floats(0.0, 6.0))
def test_index_finds_exactly_the_footprints_within_reach(fps: list[Footprint], probe: Footprint, inches: float) -> None:
    items = [(f"m{i}", fp) for i, fp in enumerate(fps)]
    index = FootprintIndex(items)
    geometry = probe.polygon()
    expected = _brute_near(items, geometry, inches)
    assert index.indices_near(geometry, inches) == expected
    assert index.indices_near(geometry, inches, bounds=probe.outer_bounds) == expected
    assert [n for n, _ in index.near(geometry, inches)] == [items[i][0] for i in expected]
    among = np.array([i % 3 != 0 for i in range(len(items))])
    assert index.indices_near(geometry, inches, among) == [i for i in expected if among[i]]
    near = index.near_footprint(probe, inches)
    assert [n for n, _ in near] == [items[i][0] for i in _brute_near(items, probe.core, inches + probe.radius)]


def test_an_empty_index_finds_nothing() -> None:
    assert FootprintIndex([]).indices_near(Point(1, 1), 5.0) == []


def _may_stand_reference(battlefield: Battlefield, model: Footprint) -> bool:
    """The standing check without its shortcuts (as it was written first)."""
    minx, miny, maxx, maxy = (float(v) for v in model.core.bounds)
    r, t = model.radius, battlefield.table
    if not (
        minx - r >= -EPSILON
        and miny - r >= -EPSILON
        and maxx + r <= t.width + EPSILON
        and maxy + r <= t.depth + EPSILON
    ):
        return False
    pieces = [p.footprint for p in battlefield.terrain if p.is_impassable] + [
        b.footprint for b in battlefield.buildings
    ]
    for p in pieces:
        if model.is_round:
            if float(model.core.distance(p)) < model.radius - EPSILON:
                return False
        elif model.core.intersects(p) and not model.core.touches(p):
            return False
    return True


FIELD = Battlefield(
    Table(),
    terrain=(
        terrain_piece("spire", box(30, 20, 34, 26), TerrainKind.IMPASSABLE),
        terrain_piece("ruin", box(10, 10, 16, 14), TerrainKind.AREA, 3.0),
    ),
    buildings=(Building("Bastion", Hull(59, 20, 6, 6)),),
)


@settings(max_examples=400, deadline=None)
@given(footprints())
def test_may_stand_agrees_with_the_plain_check(fp: Footprint) -> None:
    assert may_stand(FIELD, fp) == _may_stand_reference(FIELD, fp)


def test_may_stand_at_the_edges_of_a_piece_and_the_table() -> None:
    r = Base(32).radius
    assert may_stand(FIELD, Footprint(Point(30 - r, 23), r))  # touching the spire's west face
    assert not may_stand(FIELD, Footprint(Point(30 - r + 0.01, 23), r))
    assert on_table(FIELD, Footprint(Point(r, r), r))
    assert not may_stand(FIELD, Footprint(Point(r - 0.01, 5), r))
    assert FIELD.standing_blockers[0][1] == (30.0, 20.0, 34.0, 26.0)


def test_terrain_and_building_footprints_are_prepared() -> None:
    assert all(shapely.is_prepared(p) for p, _ in FIELD.standing_blockers)


@settings(max_examples=100, deadline=None)
@given(st.lists(footprints(), min_size=1, max_size=25), st.lists(footprints(), min_size=1, max_size=6), st.floats(0, 3))
def test_boxes_near_is_a_superset_of_the_distance_query_in_order(
    fps: list[Footprint], probes: list[Footprint], inches: float
) -> None:
    index = FootprintIndex([(f"m{i}", fp) for i, fp in enumerate(fps)])
    among = np.array([i % 4 != 1 for i in range(len(fps))])
    rows = index.boxes_near([p.outer_bounds for p in probes], inches, among)
    for probe, row in zip(probes, rows, strict=True):
        assert row == sorted(row)
        exact = index.indices_near(probe.polygon(), inches, among)
        assert set(exact) <= set(row)
        assert all(among[i] for i in row)
    assert index.boxes_near([], 1.0) == []
    assert FootprintIndex([]).boxes_near([probes[0].outer_bounds]) == [[]]


@settings(max_examples=200, deadline=None)
@given(footprints())
def test_outline_is_the_polygons_ring(fp: Footprint) -> None:
    assert np.array_equal(fp.outline, shapely.get_coordinates(fp.polygon()))
    assert not fp.outline.flags.writeable


@settings(max_examples=200, deadline=None)
@given(coord, coord, st.floats(0.01, 30.0, allow_nan=False, allow_infinity=False))
def test_grown_point_is_the_buffer_vertex_for_vertex(x: float, y: float, inches: float) -> None:
    from strategium.geometry.regions import _OUT, QUAD_SEGS, grow

    expected = Point(x, y).buffer(inches * _OUT, quad_segs=QUAD_SEGS)
    assert np.array_equal(np.asarray(grow(Point(x, y), inches).exterior.coords), np.asarray(expected.exterior.coords))


@settings(max_examples=100, deadline=None)
@given(footprints())
def test_outer_polygon_is_built_once_and_circumscribes(fp: Footprint) -> None:
    assert fp.outer_polygon() is fp.outer_polygon(16)
    assert np.array_equal(np.asarray(fp.outer_polygon().exterior.coords), np.asarray(fp._outer(16).exterior.coords))
    assert fp.outer_polygon(16).buffer(1e-9).contains(fp.polygon(64))


@settings(max_examples=50, deadline=None)
@given(st.lists(st.tuples(coord, coord, radius), min_size=12, max_size=20), st.integers(8, 20))
def test_min_distance_of_many_round_bases_is_shapely_exactly(spots: list[tuple[float, float, float]], n: int) -> None:
    """Enough pairs for the vectorised path (more than SMALL_PAIRS)."""
    a = [Footprint(Point(x, y), r) for x, y, r in spots]
    b = [Footprint(Point(y, x), r) for x, y, r in spots[:n]]
    assert min_distance(a, b) == _min_distance_by_shapely(a, b)


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.tuples(coord, coord), min_size=1, max_size=10),
    st.lists(st.tuples(coord, coord), min_size=1, max_size=10),
    radius,
    radius,
)
def test_min_distance_of_one_base_size_a_side_is_shapely_exactly(
    xa: list[tuple[float, float]], xb: list[tuple[float, float]], ra: float, rb: float
) -> None:
    """One base size a side: the closest pair by squared distance gives the smallest difference's float."""
    a = [Footprint(Point(x, y), ra) for x, y in xa]
    b = [Footprint(Point(x, y), rb) for x, y in xb]
    assert min_distance(a, b) == _min_distance_by_shapely(a, b)


def test_min_distance_with_a_hull_is_kept_by_value() -> None:
    from strategium.geometry import measure

    hull = Hull(40.0, 10.0, 4.6, 3.6, 0.0).footprint()
    bases = [Footprint(Point(30.0, 10.0), 0.5), Footprint(Point(30.0, 14.0), 0.5)]
    first = min_distance([hull], bases)
    assert first == _min_distance_by_shapely([hull], bases) == 40.0 - 2.3 - 30.0 - 0.5
    key = ((hull.key,), tuple(f.key for f in bases))
    assert measure._MIN_KEPT[key] == first
    twin = Hull(40.0, 10.0, 4.6, 3.6, 0.0).footprint()  # the same value: the kept answer
    assert min_distance([twin], bases) == first
    moved = Hull(41.0, 10.0, 4.6, 3.6, 0.0).footprint()  # another value: measured afresh
    assert min_distance([moved], bases) == _min_distance_by_shapely([moved], bases) == first + 1.0


@st.composite
def near_pairs(draw: st.DrawFn) -> tuple[Footprint, Footprint]:
    """Two footprints (round, oval or hull) within a few inches of each other: touching, overlapping or apart."""
    a = draw(footprints())
    x, y = a.centre
    dx, dy = draw(st.floats(-7.0, 7.0)), draw(st.floats(-7.0, 7.0))
    kind = draw(st.sampled_from(["round", "oval", "hull"]))
    if kind == "round":
        return a, Footprint(Point(x + dx, y + dy), draw(radius))
    if kind == "oval":
        return a, Base(60, 35).footprint(x + dx, y + dy, draw(heading))
    return a, Hull(x + dx, y + dy, 4.6, 3.6, draw(heading)).footprint()


@settings(max_examples=500, deadline=None)
@given(near_pairs(), st.floats(-0.01, 3.0))
def test_boxes_apart_only_where_the_distance_is_beyond(pair: tuple[Footprint, Footprint], beyond: float) -> None:
    """The box test never says "apart" for footprints within ``beyond`` of each other; contact agrees with the
    measured distance either way."""
    a, b = pair
    measured = float(a.core.distance(b.core)) - a.radius - b.radius
    if boxes_apart(a, b, beyond):
        assert measured > beyond
    assert in_contact(a, b) == (max(0.0, measured) <= EPSILON)


def test_boxes_apart_tells_a_far_hull_from_a_base_and_leaves_near_ones_to_measure() -> None:
    hull = Hull(20.0, 20.0, 4.6, 3.6, 0.0).footprint()  # 4.6" x 3.6" about (20, 20): x 17.7-22.3
    r = Base(32).radius
    far = Footprint(Point(30.0, 20.0), r)  # box gap 7.7", less the radius
    touching = Footprint(Point(22.3 + r, 20.0), r)
    assert boxes_apart(hull, far, 7.0) and not boxes_apart(hull, far, 7.1)
    assert not boxes_apart(hull, touching, -EPSILON)
    assert in_contact(hull, touching) and not in_contact(hull, far)
    assert not boxes_apart(far, touching, 100.0)  # two round bases: always measured


@settings(max_examples=200, deadline=None)
@given(coord, coord, radius, st.sampled_from([2, 8, 16]))
def test_circle_coords_are_the_template_sums(x: float, y: float, r: float, segs: int) -> None:
    """``r * unit + centre`` gives the floats of ``x + r * cos``, ``y + r * sin`` (the earlier formula)."""
    from strategium.geometry.measure import _unit_circle, circle_coords

    unit = _unit_circle(segs)
    got = circle_coords((x, y), r, segs)
    assert got.tobytes() == np.column_stack([x + r * unit[:, 0], y + r * unit[:, 1]]).tobytes()


@settings(max_examples=100, deadline=None)
@given(coord, coord, radius, st.sampled_from([6, 16, 32]))
def test_outer_polygon_angles_are_those_computed_each_time(x: float, y: float, r: float, segs: int) -> None:
    fp = Footprint(Point(x, y), r)
    big = r / math.cos(math.pi / segs)
    angles = np.arange(segs) * (2 * math.pi / segs)
    expected = Polygon(np.column_stack([x + big * np.cos(angles), y + big * np.sin(angles)]))
    assert np.asarray(fp._outer(segs).exterior.coords).tobytes() == np.asarray(expected.exterior.coords).tobytes()


def test_core_distance_with_a_hull_is_kept_by_value() -> None:
    from strategium.geometry import measure

    hull = Hull(40.0, 10.0, 4.6, 3.6, 0.0).footprint()
    base = Footprint(Point(30.0, 10.0), 0.5)
    first = core_distance(hull, base)
    assert first == float(hull.core.distance(base.core)) == 40.0 - 2.3 - 30.0
    assert measure._CORE_KEPT[(hull.key, base.key)] == first
    twin = Hull(40.0, 10.0, 4.6, 3.6, 0.0).footprint()  # the same value: the kept answer
    assert core_distance(twin, base) == first
    moved = Hull(41.0, 10.0, 4.6, 3.6, 0.0).footprint()  # another value: measured afresh
    assert core_distance(moved, base) == float(moved.core.distance(base.core)) == first + 1.0
    assert (base.key, hull.key) not in measure._CORE_KEPT or measure._CORE_KEPT[(base.key, hull.key)] == first


@settings(max_examples=300, deadline=None)
@given(coord, coord, radius, coord, coord, radius)
def test_farthest_distance_between_round_bases_is_geos_bit_for_bit(
    x: float, y: float, r: float, u: float, v: float, s: float
) -> None:
    """Two round bases: plain arithmetic, the float of the shapely formula it replaces."""
    from strategium.geometry.measure import farthest_distance

    a, b = Footprint(Point(x, y), r), Footprint(Point(u, v), s)
    assert farthest_distance(a, b) == max(0.0, float(b.core.distance(Point(x, y))) + r - s)
