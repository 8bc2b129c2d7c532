"""``damage._overlap`` answers as ``foot.polygon().intersection(area).area > 0`` (round bases inside, across, outside,
grazing and touching terrain outlines, square and skewed; oval bases and hulls)."""

from __future__ import annotations

import math

import shapely
from hypothesis import given, settings
from hypothesis import strategies as st
from shapely import affinity
from shapely.geometry import Point, Polygon

from strategium.engine.attacks.damage import _overlap
from strategium.geometry.measure import Footprint

_RUIN = Polygon([(10.0, 10.0), (18.0, 10.0), (18.0, 16.0), (10.0, 16.0)])
_SKEW = Polygon([(30.0, 5.0), (38.0, 9.0), (34.0, 17.0), (28.0, 12.0)])
_NOTCH = Polygon([(50.0, 5.0), (60.0, 5.0), (60.0, 15.0), (55.0, 10.0), (50.0, 15.0)])
_AREAS = (_RUIN, _SKEW, _NOTCH)
for _area in _AREAS:
    shapely.prepare(_area)


def _expected(foot: Footprint, area: Polygon) -> bool:
    return bool(foot.polygon().intersection(area).area > 0)


@settings(max_examples=500, deadline=None)
@given(
    x=st.floats(min_value=5.0, max_value=64.0),
    y=st.floats(min_value=2.0, max_value=20.0),
    radius=st.sampled_from([0.5, 0.63, 0.98, 1.97]),
)
def test_round_bases_anywhere(x: float, y: float, radius: float) -> None:
    foot = Footprint(Point(x, y), radius)
    for area in _AREAS:
        assert _overlap(foot, area) == _expected(foot, area)


@settings(max_examples=500, deadline=None)
@given(
    edge=st.sampled_from([(18.0, 13.0, 1.0, 0.0), (14.0, 10.0, 0.0, -1.0), (10.0, 16.0, -1.0, 1.0)]),
    offset=st.floats(min_value=-0.01, max_value=0.01),
    radius=st.sampled_from([0.5, 0.63, 0.98]),
)
def test_round_bases_grazing_an_edge_or_a_corner(
    edge: tuple[float, float, float, float], offset: float, radius: float
) -> None:
    x, y, dx, dy = edge
    norm = math.hypot(dx, dy)
    for depth in (radius, radius * math.cos(math.pi / 64), radius * math.cos(math.pi / 64) - 1e-3):
        centre = (x + dx / norm * (depth + offset), y + dy / norm * (depth + offset))
        foot = Footprint(Point(centre), radius)
        assert _overlap(foot, _RUIN) == _expected(foot, _RUIN)


def test_touching_inside_across_and_outside() -> None:
    for x, expected in ((14.0, True), (18.2, True), (18.5, False), (20.0, False), (10.5, True), (9.6, True)):
        foot = Footprint(Point(x, 13.0), 0.5)
        assert _overlap(foot, _RUIN) is expected
        assert _expected(foot, _RUIN) is expected


@settings(max_examples=200, deadline=None)
@given(
    x=st.floats(min_value=5.0, max_value=64.0),
    y=st.floats(min_value=2.0, max_value=20.0),
    angle=st.floats(min_value=0.0, max_value=180.0),
    hull=st.booleans(),
)
def test_ovals_and_hulls(x: float, y: float, angle: float, hull: bool) -> None:
    if hull:
        shape = Polygon([(x - 2.5, y - 1.5), (x + 2.5, y - 1.5), (x + 2.5, y + 1.5), (x - 2.5, y + 1.5)])
    else:
        shape = affinity.scale(Point(x, y).buffer(1.0, quad_segs=24), 1.5, 0.9)
    foot = Footprint(affinity.rotate(shape, angle, origin=(x, y)), 0.0)
    for area in _AREAS:
        assert _overlap(foot, area) == _expected(foot, area)
