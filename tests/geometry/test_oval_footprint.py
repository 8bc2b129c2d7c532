"""An oval base's footprint, built from its kept unit oval, equals vertex for vertex the polygon computed afresh."""

from __future__ import annotations

import math

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from shapely.geometry import Polygon

from strategium.geometry.bases import OVAL_SEGMENTS, Base
from strategium.geometry.measure import MM_PER_INCH


def _fresh(base: Base, x: float, y: float, heading: float) -> Polygon:
    assert base.width_mm is not None
    a = base.length_mm / MM_PER_INCH / 2
    b = base.width_mm / MM_PER_INCH / 2
    n = OVAL_SEGMENTS
    scale = 1 / math.cos(math.pi / n)
    t = np.arange(n) * (2 * math.pi / n)
    px, py = a * scale * np.cos(t), b * scale * np.sin(t)
    h = math.radians(heading)
    rx = x + px * math.cos(h) - py * math.sin(h)
    ry = y + px * math.sin(h) + py * math.cos(h)
    return Polygon(np.column_stack([rx, ry]))


sizes = st.floats(min_value=5.0, max_value=300.0, allow_nan=False)
coords = st.floats(min_value=-50.0, max_value=150.0, allow_nan=False)


@settings(max_examples=300, deadline=None)
@given(sizes, sizes, coords, coords, st.floats(min_value=-1000.0, max_value=1000.0, allow_nan=False))
def test_oval_footprint_is_the_fresh_polygon(length: float, width: float, x: float, y: float, heading: float) -> None:
    base = Base(length, width)
    fp = base.footprint(x, y, heading)
    assert fp.radius == 0.0
    assert fp.core.wkb == _fresh(base, x, y, heading).wkb
    assert base.footprint(x, y, heading).core.wkb == fp.core.wkb  # the kept oval is not changed by use


def test_standard_ovals() -> None:
    for length, width in ((60, 35), (75, 42), (170, 105)):
        for heading in (0.0, 45.0, 90.0, 270.5):
            base = Base(length, width)
            assert base.footprint(10.0, 20.0, heading).core.wkb == _fresh(base, 10.0, 20.0, heading).wkb
