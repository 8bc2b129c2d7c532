"""A spatial index of footprints (shapely STRtree): which models are near a geometry, fast.

Used as a broad phase before the exact predicates of :mod:`strategium.geometry.measure`: the index may return
footprints a little farther than asked (never fewer), so callers still apply the exact test.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import shapely
from shapely import STRtree
from shapely.geometry.base import BaseGeometry

from strategium.geometry.measure import EPSILON, Footprint


class FootprintIndex:
    """Named footprints (e.g. model id → footprint) indexed by their cores."""

    def __init__(self, items: Sequence[tuple[str, Footprint]]) -> None:
        self.items = list(items)
        self._cores = np.array([fp.core for _, fp in self.items], dtype=object)
        self._tree = STRtree(self._cores) if self.items else None
        self._reach = max((fp.radius for _, fp in self.items), default=0.0)

    def near(self, geometry: BaseGeometry, inches: float = 0.0) -> list[tuple[str, Footprint]]:
        """The footprints that may lie within ``inches`` of ``geometry`` (a superset, in input order)."""
        return [self.items[i] for i in self.indices_near(geometry, inches)]

    def indices_near(self, geometry: BaseGeometry, inches: float = 0.0, among: np.ndarray | None = None) -> list[int]:
        """Positions in ``items`` of the footprints that may lie within ``inches`` of ``geometry`` (a superset,
        ascending). ``among`` (booleans, one per item) leaves out the items it marks False before the
        distance test."""
        if self._tree is None:
            return []
        reach = inches + self._reach + EPSILON
        if among is None:
            found = self._tree.query(geometry, predicate="dwithin", distance=reach)
        else:
            minx, miny, maxx, maxy = shapely.bounds(geometry)
            found = self._tree.query(shapely.box(minx - reach, miny - reach, maxx + reach, maxy + reach))
            found = found[among[found]]
            found = found[shapely.dwithin(self._cores[found], geometry, reach)]
        found.sort()
        out: list[int] = found.tolist()
        return out

    def near_footprint(self, footprint: Footprint, inches: float = 0.0) -> list[tuple[str, Footprint]]:
        """The footprints that may lie within ``inches`` of ``footprint``."""
        return self.near(footprint.core, inches + footprint.radius)
