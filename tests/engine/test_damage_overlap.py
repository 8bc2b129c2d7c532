"""``damage._overlap`` answers as ``fp.intersection(area).area > 0`` (round bases inside, across, outside and
touching a terrain outline)."""

from __future__ import annotations

import shapely
from hypothesis import given, settings
from hypothesis import strategies as st
from shapely.geometry import Point, Polygon

from strategium.engine.damage import _overlap
from strategium.geometry.measure import Footprint

_RUIN = Polygon([(10.0, 10.0), (18.0, 10.0), (18.0, 16.0), (10.0, 16.0)])
_SKEW = Polygon([(30.0, 5.0), (38.0, 9.0), (34.0, 17.0), (28.0, 12.0)])
shapely.prepare(_RUIN)
shapely.prepare(_SKEW)


@settings(max_examples=400, deadline=None)
@given(
    x=st.floats(min_value=5.0, max_value=42.0),
    y=st.floats(min_value=2.0, max_value=20.0),
    radius=st.sampled_from([0.5, 0.63, 0.98, 1.97]),
)
def test_overlap_is_a_positive_intersection_area(x: float, y: float, radius: float) -> None:
    fp = Footprint(Point(x, y), radius).polygon()
    for area in (_RUIN, _SKEW):
        assert _overlap(fp, area) == (fp.intersection(area).area > 0)


def test_inside_across_touching_and_outside() -> None:
    for x, expected in ((14.0, True), (18.2, True), (18.0 + 0.5, False), (20.0, False), (10.5, True)):
        fp = Footprint(Point(x, 13.0), 0.5).polygon()
        assert _overlap(fp, _RUIN) is expected
        assert (fp.intersection(_RUIN).area > 0) is expected
