"""The fast hidden-share measure of strategium.engine.shooting.obscured (every target model of a volley at once, each
obscurer
on its own edges, the first firer first, obscurers far from some firer's sight lines skipped, footprint samples kept
by value) gives the very same answers as the all-at-once reference (:func:`obscured.hidden_shares_reference`):
random firers, targets and obscurers (terrain boxes, triangles, other models' round bases), and a table of edge
cases."""

from __future__ import annotations

import numpy as np
import shapely
from hypothesis import given, settings
from hypothesis import strategies as st
from shapely.geometry import Point, Polygon, box

from strategium.engine.shooting import obscured
from strategium.engine.shooting.obscured import Obscurer
from strategium.geometry.measure import Footprint
from strategium.geometry.pieces import PlacedModel

coord = st.integers(0, 30_000).map(lambda n: n / 1000)  # inches, to 1/1000": no two bases 1e-97" apart
heights = st.sampled_from([0.5, 1.25, 2.0, 2.5, 4.0])


@st.composite
def models(draw: st.DrawFn) -> PlacedModel:
    radius = draw(st.sampled_from([0.0, 0.5, 0.63, 1.0]))
    x, y = draw(coord), draw(coord)
    if radius == 0.0:
        w, h = draw(st.floats(1.0, 4.0)), draw(st.floats(1.0, 6.0))
        core = shapely.affinity.rotate(box(x, y, x + w, y + h), draw(st.floats(0.0, 180.0)))
        return PlacedModel(Footprint(core), draw(heights))
    return PlacedModel(Footprint(Point(x, y), radius), draw(heights))


@st.composite
def obscurers(draw: st.DrawFn) -> Obscurer:
    kind = draw(st.sampled_from(["box", "triangle", "model"]))
    x, y = draw(coord), draw(coord)
    height = draw(st.sampled_from([0.0, 1.0, 2.0, 3.0, 6.0]))
    if kind == "box":
        outline: Polygon = box(x, y, x + draw(st.floats(0.2, 8.0)), y + draw(st.floats(0.2, 8.0)))
    elif kind == "triangle":
        outline = Polygon([(x, y), (x + draw(st.floats(1.0, 6.0)), y), (x, y + draw(st.floats(1.0, 6.0)))])
    else:
        outline = Footprint(Point(x, y), 0.63).polygon()
    return Obscurer(outline, height, 5, kind, blocks=draw(st.booleans()), models=kind == "model")


def _same(firers: list[PlacedModel], targets: list[PlacedModel], blockers: list[Obscurer]) -> None:
    shadows = obscured.shadows(blockers, firers, targets)
    together = obscured.hidden_shares_of(shadows, firers, targets)
    for target, fast in zip(targets, together, strict=True):
        alone = obscured.hidden_shares(shadows, firers, target)
        slow = obscured.hidden_shares_reference(shadows, firers, target)
        assert [(id(o), share) for o, share in fast] == [(id(o), share) for o, share in slow]
        assert [(id(o), share) for o, share in alone] == [(id(o), share) for o, share in slow]


@settings(max_examples=150, deadline=None)
@given(
    st.lists(models(), min_size=1, max_size=6),
    st.lists(models(), min_size=1, max_size=4),
    st.lists(obscurers(), min_size=0, max_size=8),
)
def test_fast_hidden_shares_are_the_reference(
    firers: list[PlacedModel], targets: list[PlacedModel], blockers: list[Obscurer]
) -> None:
    _same(firers, targets, blockers)


def test_edge_cases_agree() -> None:
    """Sight lines along an obscurer's edge, through its corner, from its edge, a target touching it, one firer."""
    marine = Footprint(Point(10.0, 30.0), 0.63)
    wall = Obscurer(box(5.0, 27.0, 10.0, 28.0), 3.0, 5, "wall")
    cases = [
        ([PlacedModel(Footprint(Point(10.0, 10.0), 0.63))], [PlacedModel(marine)], [wall]),
        ([PlacedModel(Footprint(Point(10.0, 20.0), 0.63))], [PlacedModel(marine)], [wall]),
        ([PlacedModel(Footprint(Point(5.0, 10.0), 0.63))], [PlacedModel(Footprint(Point(5.0, 30.0), 0.63))], [wall]),
        (
            [PlacedModel(Footprint(Point(x, 10.0), 0.63)) for x in (6.0, 8.0, 12.0)],
            [PlacedModel(Footprint(Point(x, 28.63), 0.63)) for x in (6.0, 10.0)],
            [wall, Obscurer(box(0.0, 0.0, 1.0, 1.0), 1.0, 4, "far")],
        ),
    ]
    for firers, targets, blockers in cases:
        _same(firers, targets, blockers)


def test_samples_kept_by_value() -> None:
    """Equal footprints share their sample points; they are read-only."""
    one = obscured.samples(PlacedModel(Footprint(Point(3.0, 4.0), 0.63)))
    two = obscured.samples(PlacedModel(Footprint(Point(3.0, 4.0), 0.63)))
    assert one is two and not one.flags.writeable
    assert len(one) > 1


@settings(max_examples=100, deadline=None)
@given(st.lists(models(), min_size=1, max_size=12))
def test_hull_of_the_collection_is_the_hull_of_the_union(placed: list[PlacedModel]) -> None:
    """:func:`obscured.shadows` takes the convex hull of the outlines as a collection, not of their union."""
    outlines = [m.footprint.polygon() for m in placed]
    union = shapely.convex_hull(shapely.union_all(outlines))
    collection = shapely.convex_hull(shapely.geometrycollections(outlines))
    # the same region (the fast code only asks what meets it); the vertex lists may differ by collinear points
    assert shapely.equals(union, collection)


@settings(max_examples=60, deadline=None)
@given(st.lists(models(), min_size=1, max_size=8))
def test_samples_of_many_footprints_are_each_ones_grid(placed: list[PlacedModel]) -> None:
    """Sampled together, each footprint gets the points of its own grid test (the earlier one-footprint code)."""
    obscured._SAMPLED.clear()
    together = obscured.samples_of(placed)
    for target, points in zip(placed, together, strict=True):
        poly = target.footprint.polygon()
        x0, y0, x1, y1 = poly.bounds
        gx, gy = np.meshgrid(np.linspace(x0, x1, 9)[1:-1], np.linspace(y0, y1, 9)[1:-1])
        xs, ys = gx.ravel(), gy.ravel()
        inside = shapely.contains_xy(poly, xs, ys)
        alone = np.stack([xs[inside], ys[inside]], axis=1) if inside.any() else np.array([target.footprint.centre])
        assert np.array_equal(points, alone)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.tuples(coord, coord, st.floats(0.0, 8.0), st.floats(0.0, 8.0)), min_size=1, max_size=6))
def test_grids_are_linspace_meshgrids(boxes: list[tuple[float, float, float, float]]) -> None:
    """Every box's grid at once: the floats of linspace and meshgrid (also for a flat box, linspace's own path)."""
    bounds = np.array([(x, y, x + w, y + h) for x, y, w, h in boxes] + [(1.0, 2.0, 1.0, 5.0)])
    xs, ys = obscured._grids(bounds)
    for (x0, y0, x1, y1), gx_row, gy_row in zip(bounds.tolist(), xs, ys, strict=True):
        gx, gy = np.meshgrid(np.linspace(x0, x1, 9)[1:-1], np.linspace(y0, y1, 9)[1:-1])
        assert np.array_equal(gx.ravel(), gx_row) and np.array_equal(gy.ravel(), gy_row)
    xs, ys = obscured._grids(bounds[:-1])  # no flat box: the arithmetic for every box at once
    for (x0, y0, x1, y1), gx_row, gy_row in zip(bounds[:-1].tolist(), xs, ys, strict=True):
        if x1 > x0 and y1 > y0:
            gx, gy = np.meshgrid(np.linspace(x0, x1, 9)[1:-1], np.linspace(y0, y1, 9)[1:-1])
            assert np.array_equal(gx.ravel(), gx_row) and np.array_equal(gy.ravel(), gy_row)
