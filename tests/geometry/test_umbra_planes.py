"""``HalfPlanes.of`` (the rings read in one call, only the padded rows mended) builds the very arrays of the earlier
blocker-by-blocker construction, kept here as the reference: the same normals, offsets and bounds, bit for bit, for
random convex blockers of 3 to 96 edges (boxes, triangles, regular polygons such as a round base's source), and the
obscurers' unpadded edges (``obscured._edges_of``) are each blocker's own."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import shapely
from hypothesis import given, settings
from hypothesis import strategies as st
from shapely.geometry import Point, Polygon, box

from strategium.engine.shooting import obscured
from strategium.geometry.umbra import HalfPlanes, pad, ring


def _reference(blockers: Sequence[Polygon]) -> HalfPlanes:
    rings = [ring(shapely.orient_polygons(b)) for b in blockers]
    pts = pad(rings)
    edge = np.roll(pts, -1, axis=1) - pts
    normals = np.stack([edge[..., 1], -edge[..., 0]], axis=-1)
    length = np.linalg.norm(normals, axis=-1, keepdims=True)
    normals = np.where(length > 1e-12, normals / np.maximum(length, 1e-12), np.nan)
    for b in range(normals.shape[0]):
        bad = np.isnan(normals[b, :, 0])
        if bad.any():
            good = np.nonzero(~bad)[0]
            normals[b, bad] = normals[b, good[-1]]
            pts[b, bad] = pts[b, good[-1]]
    offsets = np.einsum("bmk,bmk->bm", normals, pts)
    return HalfPlanes(normals, offsets, shapely.bounds(np.array(blockers, dtype=object)))


coord = st.floats(0.0, 40.0, allow_nan=False)


@st.composite
def blockers(draw: st.DrawFn) -> Polygon:
    x, y = draw(coord), draw(coord)
    kind = draw(st.sampled_from(["box", "triangle", "round"]))
    if kind == "box":
        return box(x, y, x + draw(st.floats(0.2, 8.0)), y + draw(st.floats(0.2, 8.0)))
    if kind == "triangle":  # clockwise or anticlockwise, as drawn
        return Polygon([(x, y), (x + draw(st.floats(1.0, 6.0)), y), (x, y + draw(st.floats(1.0, 6.0)))])
    return Point(x, y).buffer(draw(st.floats(0.3, 5.0)), quad_segs=draw(st.sampled_from([1, 2, 4, 16, 24])))


@settings(max_examples=200, deadline=None)
@given(st.lists(blockers(), min_size=1, max_size=8))
def test_half_planes_are_those_of_the_blocker_by_blocker_construction(many: list[Polygon]) -> None:
    fast, slow = HalfPlanes.of(many), _reference(many)
    assert np.array_equal(fast.normals, slow.normals) and np.array_equal(fast.offsets, slow.offsets)
    assert np.array_equal(fast.bounds, slow.bounds)
    for which, nx, ny, offsets in obscured._edges_of(fast):
        m = nx.shape[1]
        for row, b in enumerate(which.tolist()):
            assert m <= len(ring(many[b]))  # its own edges, the padding left out
            assert np.array_equal(nx[row], slow.normals[b, :m, 0]) and np.array_equal(ny[row], slow.normals[b, :m, 1])
            assert np.array_equal(offsets[row], slow.offsets[b, :m])
            assert (slow.offsets[b, m:] == slow.offsets[b, m - 1]).all()  # what is left out repeats the last edge
            assert (slow.normals[b, m:] == slow.normals[b, m - 1]).all()


def test_no_blockers() -> None:
    planes = HalfPlanes.of([])
    assert planes.normals.shape == (0, 1, 2) and planes.offsets.shape == (0, 1) and planes.bounds.shape == (0, 4)
