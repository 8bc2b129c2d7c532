"""A spatial index of footprints: which models are near a geometry, fast.

Used as a broad phase before the exact predicates of :mod:`strategium.geometry.measure`: the index may return
footprints a little farther than asked (never fewer), so callers still apply the exact test. A table holds a
few hundred models at most, so the index is a flat array of bounding boxes (a numpy scan) followed by one
vectorised distance test, which is quicker at this size than a tree.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import shapely
from shapely.geometry.base import BaseGeometry

from strategium.geometry.measure import EPSILON, Footprint, object_array


class FootprintIndex:
    """Named footprints (e.g. model id → footprint) indexed by their cores."""

    def __init__(self, items: Sequence[tuple[str, Footprint]]) -> None:
        self.items = list(items)
        feet = [fp for _, fp in self.items]
        self._cores = object_array([fp.core for fp in feet])
        self._bounds = shapely.bounds(self._cores) if feet else np.empty((0, 4))
        self._reach = max([fp.radius for fp in feet], default=0.0)

    def near(self, geometry: BaseGeometry, inches: float = 0.0) -> list[tuple[str, Footprint]]:
        """The footprints that may lie within ``inches`` of ``geometry`` (a superset, in input order)."""
        return [self.items[i] for i in self.indices_near(geometry, inches)]

    def indices_near(
        self,
        geometry: BaseGeometry,
        inches: float = 0.0,
        among: np.ndarray | None = None,
        bounds: tuple[float, float, float, float] | None = None,
    ) -> list[int]:
        """Positions in ``items`` of the footprints that may lie within ``inches`` of ``geometry`` (a superset:
        every footprint whose core is within ``inches`` + the largest radius + EPSILON of it; ascending).
        ``among`` (booleans, one per item) leaves out the items it marks False; ``bounds`` (min x, min y,
        max x, max y), if given, must contain ``geometry`` (it saves computing them)."""
        if not self.items:
            return []
        reach = inches + self._reach + EPSILON
        minx, miny, maxx, maxy = geometry.bounds if bounds is None else bounds
        b = self._bounds
        box = (b[:, 0] <= maxx + reach) & (b[:, 2] >= minx - reach) & (b[:, 1] <= maxy + reach)
        box &= b[:, 3] >= miny - reach
        if among is not None:
            box &= among
        found = box.nonzero()[0]
        if found.size:
            found = found[shapely.dwithin(self._cores[found], geometry, reach)]
        out: list[int] = found.tolist()
        return out

    def boxes_near(
        self, boxes: Sequence[tuple[float, float, float, float]], inches: float = 0.0, among: np.ndarray | None = None
    ) -> list[list[int]]:
        """For each box (min x, min y, max x, max y): positions in ``items`` of the footprints whose core's
        bounds come within ``inches`` + the largest radius + EPSILON of it (ascending). A superset of those
        within ``inches`` of any geometry inside the box, by bounds alone (no distance test): a broad phase for
        many queries at once. ``among`` as in :meth:`indices_near`."""
        out: list[list[int]] = [[] for _ in boxes]
        if not self.items or not boxes:
            return out
        reach = inches + self._reach + EPSILON
        x0s, y0s, x1s, y1s = zip(*boxes, strict=True)
        b = self._bounds
        # the items whose bounds come near the boxes' union (a superset: adding ``reach`` keeps the order of the
        # sides), then each of them against each box with the very comparisons of the one-box test
        union = (b[:, 0] <= max(x1s) + reach) & (b[:, 2] >= min(x0s) - reach)
        union &= (b[:, 1] <= max(y1s) + reach) & (b[:, 3] >= min(y0s) - reach)
        if among is not None:
            union &= among
        found = union.nonzero()[0]
        if not found.size:
            return out
        for c, (bx0, by0, bx1, by1) in zip(found.tolist(), b[found].tolist(), strict=True):
            for r, (qx0, qy0, qx1, qy1) in enumerate(boxes):
                if bx0 <= qx1 + reach and bx1 >= qx0 - reach and by0 <= qy1 + reach and by1 >= qy0 - reach:
                    out[r].append(c)
        return out

    def near_footprint(self, footprint: Footprint, inches: float = 0.0) -> list[tuple[str, Footprint]]:
        """The footprints that may lie within ``inches`` of ``footprint``."""
        found = self.indices_near(footprint.core, inches + footprint.radius, bounds=footprint.bounds)
        return [self.items[i] for i in found]
