"""The gap between two boxes (``engine/table/box_gap.py``): exact values, and never more than the true distance between
the footprints the boxes hold."""

from __future__ import annotations

import math
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from shapely.geometry import Point, Polygon

from strategium.engine.table.box_gap import Box, box_gap
from strategium.engine.table.broad_phase import span
from strategium.geometry.measure import Footprint, min_distance


def _box(feet: list[Footprint]) -> Box:
    return span([f.outer_bounds for f in feet])


def test_box_gap_exact_values() -> None:
    assert box_gap((0, 0, 1, 1), (0.5, 0.5, 2, 2)) == 0.0
    assert box_gap((0, 0, 1, 1), (4, 0, 5, 1)) == 3.0
    assert box_gap((0, 0, 1, 1), (4, 5, 6, 7)) == 5.0
    assert box_gap((4, 5, 6, 7), (0, 0, 1, 1)) == 5.0


coord = st.floats(-40, 40, allow_nan=False)


@st.composite
def footprints(draw: Any) -> Footprint:
    x, y = draw(coord), draw(coord)
    if draw(st.booleans()):
        return Footprint(Point(x, y), draw(st.floats(0.3, 3.0)))
    length, width, heading = draw(st.floats(0.5, 6.0)), draw(st.floats(0.5, 4.0)), draw(st.floats(0, 2 * math.pi))
    c, s = math.cos(heading), math.sin(heading)
    corners = [(dx * length / 2, dy * width / 2) for dx, dy in ((-1, -1), (1, -1), (1, 1), (-1, 1))]
    return Footprint(Polygon([(x + c * a - s * b, y + s * a + c * b) for a, b in corners]))


@settings(max_examples=300, deadline=None)
@given(st.lists(footprints(), min_size=1, max_size=5), st.lists(footprints(), min_size=1, max_size=5))
def test_box_gap_is_a_lower_bound_of_the_distance(a: list[Footprint], b: list[Footprint]) -> None:
    assert box_gap(_box(a), _box(b)) <= min_distance(a, b) + 1e-9


def test_span_is_the_smallest_box_holding_every_box() -> None:
    assert span([(0.0, 1.0, 2.0, 3.0), (-1.0, 2.0, 1.0, 5.0), (0.5, 0.5, 0.6, 0.6)]) == (-1.0, 0.5, 2.0, 5.0)
    assert span([(1.0, 2.0, 3.0, 4.0)]) == (1.0, 2.0, 3.0, 4.0)
