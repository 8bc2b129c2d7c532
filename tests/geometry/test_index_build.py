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


def _boxes_near_reference(
    index: FootprintIndex, boxes: list[tuple[float, float, float, float]], inches: float, among: np.ndarray | None
) -> list[list[int]]:
    """The one-pass broadcast test :meth:`FootprintIndex.boxes_near` made before its union filter."""
    out: list[list[int]] = [[] for _ in boxes]
    if not index.items or not boxes:
        return out
    reach = inches + index._reach + 1e-6
    q = np.asarray(boxes, dtype=float)
    b = index._bounds
    hit = (b[None, :, 0] <= q[:, None, 2] + reach) & (b[None, :, 2] >= q[:, None, 0] - reach)
    hit &= (b[None, :, 1] <= q[:, None, 3] + reach) & (b[None, :, 3] >= q[:, None, 1] - reach)
    if among is not None:
        hit &= among[None, :]
    rows, cols = hit.nonzero()
    for r, c in zip(rows.tolist(), cols.tolist(), strict=True):
        out[r].append(c)
    return out


@st.composite
def query_boxes(draw: st.DrawFn) -> tuple[float, float, float, float]:
    x, y = draw(coord), draw(coord)
    return (x, y, x + draw(st.floats(0.0, 6.0)), y + draw(st.floats(0.0, 6.0)))


@settings(max_examples=200, deadline=None)
@given(
    st.lists(footprints(), max_size=30),
    st.lists(query_boxes(), max_size=12),
    st.sampled_from([0.0, 1.0, 2.5, 12.0]),
    st.one_of(st.none(), st.lists(st.booleans(), min_size=30, max_size=30)),
)
def test_boxes_near_is_the_broadcast_test(
    fps: list[Footprint], boxes: list[tuple[float, float, float, float]], inches: float, among: list[bool] | None
) -> None:
    """Each box's items through the union filter are those of the test of every box against every item."""
    index = FootprintIndex([(f"m{i}", fp) for i, fp in enumerate(fps)])
    mask = None if among is None else np.array(among[: len(fps)], dtype=bool)
    assert index.boxes_near(boxes, inches, mask) == _boxes_near_reference(index, boxes, inches, mask)


def test_boxes_near_exact_values() -> None:
    index = FootprintIndex([("a", Footprint(Point(0.0, 0.0), 0.5)), ("b", Footprint(Point(10.0, 0.0), 0.5))])
    boxes = [(1.0, -1.0, 2.0, 1.0), (8.5, 0.0, 9.0, 0.0), (3.0, 0.0, 4.0, 0.0), (-20.0, -20.0, 20.0, 20.0)]
    assert index.boxes_near(boxes) == [[], [], [], [0, 1]]
    assert index.boxes_near(boxes, 1.0) == [[0], [1], [], [0, 1]]
    assert index.boxes_near(boxes, 1.0, np.array([False, True])) == [[], [1], [], [1]]
    assert index.boxes_near([], 1.0) == []
