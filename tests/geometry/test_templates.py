"""The area shapes of strategium.geometry.templates measured for many shapes at once give the answers of one shape at
a time, value for value: :func:`signed_distances_each` (the same floats as :meth:`AreaShape.signed_distances`),
:func:`touches_each` (:func:`touches_any`), :func:`under_each` and :func:`under_rows` (:func:`under`), on random
teardrops and markers
among round bases, hulls and oval bases, and on the cases where a hull's box only just meets the shape's."""

from __future__ import annotations

import numpy as np
import shapely
from hypothesis import given, settings
from hypothesis import strategies as st
from shapely.geometry import Point, box

from strategium.geometry.measure import EPSILON, Footprint
from strategium.geometry.templates import (
    AreaShape,
    blast_marker,
    signed_distances_each,
    teardrop,
    teardrops,
    tip_on,
    touches_any,
    touches_each,
    under,
    under_each,
    under_rows,
)

coord = st.floats(0.0, 24.0, allow_nan=False)


@st.composite
def shapes(draw: st.DrawFn) -> AreaShape:
    if draw(st.booleans()):
        return blast_marker((draw(coord), draw(coord)), draw(st.sampled_from([3.0, 5.0, 7.0])))
    tip = (draw(coord), draw(coord))
    narrow, wide = draw(st.sampled_from([0.5, 1.0])), 2.0 + draw(st.floats(0.0, 1.0))
    return teardrop(tip, draw(st.floats(0.0, 360.0)), 8.0, narrow, wide)


@st.composite
def feet(draw: st.DrawFn) -> Footprint:
    x, y = draw(coord), draw(coord)
    kind = draw(st.sampled_from(["round", "round", "hull", "oval"]))
    if kind == "round":
        return Footprint(Point(x, y), draw(st.sampled_from([0.5, 0.63, 1.0])))
    if kind == "hull":
        core = shapely.affinity.rotate(box(x, y, x + 2.5, y + 4.5), draw(st.floats(0.0, 180.0)))
        return Footprint(core)
    oval = shapely.affinity.scale(Point(x, y).buffer(1.0, quad_segs=8), 1.2, 0.7)
    return Footprint(oval)


@settings(max_examples=200, deadline=None)
@given(st.lists(shapes(), min_size=1, max_size=12), st.lists(feet(), min_size=0, max_size=10))
def test_many_shapes_at_once_answer_as_one_at_a_time(many: list[AreaShape], placed: list[Footprint]) -> None:
    centres = np.array([f.centre for f in placed], dtype=float).reshape(-1, 2)
    each = signed_distances_each(many, centres)
    for row, shape in zip(each, many, strict=True):
        assert np.array_equal(row, shape.signed_distances(centres))
    assert touches_each(many, placed) == [touches_any(s, placed) for s in many]
    assert under_each(many, placed) == [sum(under(s, placed)) for s in many]
    assert under_rows(many, placed) == [under(s, placed) for s in many]


def test_a_single_disc_and_a_disc_inside_another_take_their_own_rows() -> None:
    inside = AreaShape((5.0, 5.0), 3.0, (5.5, 5.0), 1.0)  # the far disc lies inside the near one
    points = np.array([(5.0, 5.0), (9.0, 5.0), (5.0, 8.0)])
    each = signed_distances_each([inside, blast_marker((0.0, 0.0), 3.0)], points)
    assert np.array_equal(each[0], inside.signed_distances(points))
    assert each[0].tolist() == [-3.0, 1.0, 0.0]


def test_hulls_whose_box_just_meets_the_shape() -> None:
    """A hull EPSILON from the marker touches it (its box is not screened out); one 2 * EPSILON away does not, and a
    hull whose box only meets the marker's box is not under it."""
    marker = blast_marker((10.0, 10.0), 3.0)
    near = Footprint(box(11.5 + EPSILON / 2, 9.0, 14.0, 11.0))
    far = Footprint(box(11.5 + 2 * EPSILON, 9.0, 14.0, 11.0))
    corner = Footprint(box(11.5, 11.5, 13.0, 13.0))  # box corner on the marker's box corner, outside the disc
    placed = [near, far, corner]
    assert touches_each([marker], [near]) == [True] == [touches_any(marker, [near])]
    assert touches_each([marker], [far]) == [False] == [touches_any(marker, [far])]
    assert under_each([marker], placed) == [sum(under(marker, placed))] == [0]


@settings(max_examples=150, deadline=None)
@given(shapes())
def test_the_shape_polygon_is_the_buffers_hull_vertex_for_vertex(shape: AreaShape) -> None:
    """The polygon is built from the circles of :func:`circle_polygon`, the very vertices of ``Point.buffer``."""
    c1 = Point(shape.near).buffer(shape.near_radius, quad_segs=16)
    c2 = Point(shape.far).buffer(shape.far_radius, quad_segs=16)
    earlier = shapely.convex_hull(shapely.union(c1, c2))
    assert np.array_equal(shapely.get_coordinates(shape.polygon()), shapely.get_coordinates(earlier))


@settings(max_examples=100, deadline=None)
@given(feet(), st.lists(st.floats(0.0, 360.0), min_size=1, max_size=20))
def test_teardrops_are_the_teardrops_on_each_tip(foot: Footprint, directions: list[float]) -> None:
    made = teardrops(foot, directions, 8.0, 1.0, 2.5)
    assert made == [teardrop(tip_on(foot, d), d, 8.0, 1.0, 2.5) for d in directions]
