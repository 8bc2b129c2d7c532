"""The footprint index is built (with ``np.fromiter``) into the same arrays as ``np.array(..., dtype=object)``
and ``shapely.bounds`` of it give: the same cores in the same order, bounds bit for bit, the same reach."""

from __future__ import annotations

import numpy as np
import shapely
from hypothesis import given, settings
from hypothesis import strategies as st
from shapely.geometry import Point

from strategium.geometry.bases import Base, Hull
from strategium.geometry.index import FootprintIndex
from strategium.geometry.measure import Footprint, object_array

coord = st.floats(-10.0, 90.0, allow_nan=False, allow_infinity=False)


@st.composite
def footprints(draw: st.DrawFn) -> Footprint:
    """Round bases, oval bases and hulls around the table."""
    x, y, h = draw(coord), draw(coord), draw(st.floats(0.0, 360.0))
    kind = draw(st.sampled_from(["round", "oval", "hull"]))
    if kind == "round":
        return Footprint(Point(x, y), draw(st.floats(0.05, 6.0)))
    if kind == "oval":
        return Base(draw(st.floats(30.0, 120.0)), draw(st.floats(20.0, 29.0))).footprint(x, y, h)
    return Hull(x, y, draw(st.floats(1.0, 8.0)), draw(st.floats(1.0, 5.0)), h).footprint()


@settings(max_examples=100, deadline=None)
@given(st.lists(footprints(), max_size=30))
def test_the_index_arrays_are_those_of_np_array(fps: list[Footprint]) -> None:
    index = FootprintIndex([(f"m{i}", fp) for i, fp in enumerate(fps)])
    reference = np.array([fp.core for fp in fps], dtype=object)
    assert index._cores.dtype == object and index._cores.shape == (len(fps),)
    assert all(a is b for a, b in zip(index._cores.tolist(), reference.tolist(), strict=True))
    expected = shapely.bounds(reference) if fps else np.empty((0, 4))
    assert index._bounds.shape == expected.shape
    assert index._bounds.tobytes() == expected.tobytes()
    assert index._reach == max((fp.radius for fp in fps), default=0.0)
    assert all(a is b for a, b in zip(object_array([fp.core for fp in fps]).tolist(), reference.tolist(), strict=True))


def test_a_polygon_core_stays_one_element() -> None:
    hull = Hull(10.0, 10.0, 5.0, 3.0, 30.0).footprint()
    assert FootprintIndex([("a", hull), ("b", Footprint(Point(1, 1), 0.5))])._cores.shape == (2,)
    assert object_array([]).shape == (0,)
