"""A spatial index of footprints (shapely STRtree): which models are near a geometry, fast.

Used as a broad phase before the exact predicates of :mod:`strategium.geometry.measure`: the index may return
footprints a little farther than asked (never fewer), so callers still apply the exact test.
"""

from __future__ import annotations

from collections.abc import Sequence

from shapely import STRtree
from shapely.geometry.base import BaseGeometry

from strategium.geometry.measure import EPSILON, Footprint


class FootprintIndex:
    """Named footprints (e.g. model id → footprint) indexed by their cores."""

    def __init__(self, items: Sequence[tuple[str, Footprint]]) -> None:
        self.items = list(items)
        self._tree = STRtree([fp.core for _, fp in self.items]) if self.items else None
        self._reach = max((fp.radius for _, fp in self.items), default=0.0)

    def near(self, geometry: BaseGeometry, inches: float = 0.0) -> list[tuple[str, Footprint]]:
        """The footprints that may lie within ``inches`` of ``geometry`` (a superset, in input order)."""
        if self._tree is None:
            return []
        found = self._tree.query(geometry, predicate="dwithin", distance=inches + self._reach + EPSILON)
        return [self.items[i] for i in sorted(int(i) for i in found)]

    def near_footprint(self, footprint: Footprint, inches: float = 0.0) -> list[tuple[str, Footprint]]:
        """The footprints that may lie within ``inches`` of ``footprint``."""
        return self.near(footprint.core, inches + footprint.radius)
