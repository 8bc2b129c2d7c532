"""Umbras (``geometry/umbra.py``): the test that an umbra covers the whole table is sound."""

from __future__ import annotations

import numpy as np
import pytest
import shapely
import shapely.affinity
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from shapely.geometry import Point, box

from strategium.geometry.bases import Hull
from strategium.geometry.sight_keys import SOURCE_SEGMENTS
from strategium.geometry.umbra import _outer_tangents, covers_table, pad, ring, umbras, umbras_by_shadows
from tests.geometry.helpers import disc


def test_an_umbra_said_to_cover_the_table_covers_it() -> None:
    """covers_table is sound: where it says so, the umbra cast (the shadow construction) holds the whole table;
    and it says so for a base standing well inside a blocking piece."""
    rng = np.random.default_rng(23)
    said = 0
    for _ in range(600):
        x0, y0 = rng.uniform(0, 60), rng.uniform(0, 40)
        w, h = rng.uniform(2, 12), rng.uniform(2, 12)
        blocker = shapely.convex_hull(shapely.multipoints(rng.uniform((x0, y0), (x0 + w, y0 + h), (6, 2))))
        if rng.uniform() < 0.5:
            c = rng.uniform((x0, y0), (x0 + w, y0 + h))
            fp = disc(float(c[0]), float(c[1]), float(rng.choice([0.2, 0.5, 1.0])))
        else:
            fp = Hull(
                float(rng.uniform(x0, x0 + w)), float(rng.uniform(y0, y0 + h)), 2.0, 1.0, float(rng.uniform(0, 360))
            ).footprint()
        source = fp.outer_polygon(SOURCE_SEGMENTS)
        ring_s = np.asarray(source.exterior.coords)[:-1]
        ring_b = np.asarray(blocker.exterior.coords)[:-1]
        if covers_table(ring_s, ring_b, 72.0, 48.0):
            said += 1
            assert blocker.contains(source)
            assert umbras([source], [blocker])[0, 0].contains(box(-0.5, -0.5, 72.5, 48.5))
    assert said > 10
    assert covers_table(
        np.asarray(disc(43, 6.5, 0.63).outer_polygon(16).exterior.coords)[:-1],
        np.asarray(box(40, 5, 46, 8).exterior.coords)[:-1],
        72.0,
        48.0,
    )


def _convex(points: list[tuple[float, float]]) -> shapely.Polygon | None:
    hull = shapely.convex_hull(shapely.multipoints(points))
    return hull if isinstance(hull, shapely.Polygon) and hull.area > 0.05 else None


def _points(x0: float, x1: float) -> st.SearchStrategy[list[tuple[float, float]]]:
    point = st.tuples(st.floats(x0, x1, allow_nan=False), st.floats(0, 30, allow_nan=False))
    return st.lists(point, min_size=3, max_size=9)


@settings(max_examples=300, deadline=None)
@given(_points(0, 10), _points(11, 30), st.floats(0, 360))
def test_outer_tangents_support_both_polygons(
    src_pts: list[tuple[float, float]], blk_pts: list[tuple[float, float]], turn: float
) -> None:
    """Where the two convex polygons are apart, the tangents read off their joint hull join a source vertex to a
    blocker vertex, with both polygons on the left of the first line and on the right of the second; and the umbra
    built from them is the shadow construction's."""
    source, blocker = _convex(src_pts), _convex(blk_pts)
    assume(source is not None and blocker is not None)
    assert source is not None and blocker is not None
    source, blocker = (shapely.affinity.rotate(g, turn, origin=(15, 15)) for g in (source, blocker))
    sc, bc = pad([ring(source)]), pad([ring(blocker)])
    s1, c1, s2, c2, found = _outer_tangents(sc, bc)
    assert found[0, 0]
    both = np.vstack([sc[0], bc[0]])
    for s, c, sign in ((s1[0, 0], c1[0, 0], 1.0), (s2[0, 0], c2[0, 0], -1.0)):
        assert any((s == v).all() for v in sc[0]) and any((c == v).all() for v in bc[0])
        d = c - s
        side = d[0] * (both[:, 1] - s[1]) - d[1] * (both[:, 0] - s[0])
        assert (sign * side >= -1e-9 * max(1.0, float(np.hypot(*d))) * 30).all()
    # near the pieces: the shadow construction cuts each shadow at FAR inches from a source vertex, which for a
    # blocker filling almost half the view passes closer than FAR; within 30" of the centre it is exact here
    window = Point(15, 15).buffer(30)
    fast = umbras([source], [blocker])[0, 0].intersection(window)
    slow = umbras_by_shadows([source], [blocker])[0, 0].intersection(window)
    assert shapely.hausdorff_distance(fast, slow) < 1e-6  # inches: the same region (slivers of rounding aside)


def test_tangents_crossing_a_hair_before_the_contact_vertex_end_the_umbra() -> None:
    """A blocker vertex 1e-9" off the lower tangent puts the tangents' crossing 2.4e-8" before the far contact
    vertex (23, 0): the umbra still ends there (it is the blocker itself), not cast to FAR (the property test's
    find)."""
    source = shapely.Polygon([(0, 0), (0, 2), (1, 0)])
    blocker = shapely.Polygon([(11, 1), (11, 1e-9), (23, 0)])
    fast = umbras([source], [blocker])[0, 0]
    slow = umbras_by_shadows([source], [blocker])[0, 0]
    assert fast.bounds[2] < 23.0 + 1e-6
    assert fast.symmetric_difference(slow).area < 1e-8
    assert fast.area == pytest.approx(blocker.area, abs=1e-8)
