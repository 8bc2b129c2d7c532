"""The group test of the line-of-sight hidden-area path (:meth:`strategium.geometry.sight.SightMap._group_hidden`):
targets hidden from several observers at once, proven from the umbras cast from the convex hull of their source
polygons.

A target that lies, by its radius + EPSILON + a margin, inside the umbra of one blocker ``C`` cast from the hull
``H`` of the observers' sources (and on the table) lies that deep inside the umbra of ``C`` from each observer:
every segment from a point of ``H`` to it meets ``C``, so every segment from a source inside ``H`` does. The sight
map finds such a target hidden observer by observer (single umbras or hidden areas), so the group's answer is
theirs. The test proves "hidden" only; when it cannot, the observers are tested one by one.

All lengths are inches.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
import shapely
from shapely.geometry import Polygon
from shapely.geometry.base import BaseGeometry

from strategium.geometry.measure import EPSILON, Footprint
from strategium.geometry.pieces import PlacedModel
from strategium.geometry.table import Table
from strategium.geometry.umbra import HalfPlanes, pad, ring, umbras

HullKey = tuple[tuple[float, float, float, bytes], ...]
"""The key of the convex hull of observers' sources: their footprints' keys."""

KEPT = 4096
"""Most hulls, and most umbras cast from hulls, a :class:`GroupTest` keeps (the oldest go first)."""


def source_points(fp: Footprint, segments: int) -> np.ndarray:
    """The vertices (n, 2) of ``fp.outer_polygon(segments)``, the same numbers, without making the polygon."""
    if fp.radius <= 0:
        return ring(fp.outer_polygon(segments))
    x, y = fp.centre
    big = fp.radius / math.cos(math.pi / segments)
    angles = np.arange(segments) * (2 * math.pi / segments)
    return np.column_stack([x + big * np.cos(angles), y + big * np.sin(angles)])


class GroupTest:
    """The group test on one table: ``pieces`` the terrain pieces then Buildings (their footprints; the blockers
    are given as indices into them), ``segments`` the sides of a round observer's source polygon, ``margin`` the
    inches beyond radius + EPSILON by which a target must lie inside an umbra. Keeps hulls and their umbras by
    value. Not thread-safe."""

    def __init__(self, table: Table, pieces: Sequence[Polygon], segments: int, margin: float) -> None:
        self.table = table
        self.pieces = tuple(pieces)
        self.segments = segments
        self.margin = margin
        self._rings = [ring(p) for p in self.pieces]
        self._planes: HalfPlanes | None = None
        self._hulls: dict[HullKey, Polygon] = {}
        self._umbra: dict[tuple[HullKey, int], BaseGeometry] = {}

    def hidden(self, observers: Sequence[PlacedModel], targets: Sequence[PlacedModel], common: set[int]) -> bool:
        """Whether every one of ``targets`` is hidden from every one of ``observers``, proven from the umbras cast
        from the hull of their sources (module docstring); ``common``: the blockers (piece indices) that block
        for every observer and are near each. Only those that lie behind some target (the line from each
        observer's centre to it crosses them) and do not meet the hull are cast. False says nothing."""
        t = self.table
        for m in targets:
            r = m.footprint.radius + EPSILON + self.margin
            b = m.footprint.bounds
            if not (b[0] - r >= 0.0 and b[1] - r >= 0.0 and b[2] + r <= t.width and b[3] + r <= t.depth):
                return False
        # a target deep inside the umbra of C from H lies behind C from every observer: the line from each
        # observer's centre to the target's crosses C (a cheap necessary test: it only spares casting in vain)
        ordered = sorted(common)
        oc = np.array([o.footprint.centre for o in observers])
        tc = np.array([m.footprint.centre for m in targets])
        each = (
            self.every_piece().subset(ordered).crossed_each(np.repeat(oc, len(tc), axis=0), np.tile(tc, (len(oc), 1)))
        )
        behind = np.asarray(each.reshape(len(oc), len(tc), len(ordered)).all(axis=0))  # (T, C)
        if not bool(behind.any(axis=1).all()):
            return False
        key, hull = self.hull(observers)
        used: list[bool] = np.asarray(behind.any(axis=0)).tolist()
        cand = [i for i, u in zip(ordered, used, strict=True) if u and not hull.intersects(self.pieces[i])]
        if not cand:
            return False
        umb = np.array(self.umbras(key, hull, cand), dtype=object)[:, None]
        cores = np.array([m.footprint.core for m in targets], dtype=object)[None, :]
        deep = shapely.contains(umb, cores)  # (C, T)
        if not bool(deep.any(axis=0).all()):
            return False
        rr, cc = np.nonzero(deep)
        reach = np.array([m.footprint.radius + EPSILON + self.margin for m in targets])
        deep[rr, cc] = shapely.distance(shapely.get_exterior_ring(umb[rr, 0]), cores[0, cc]) > reach[cc]
        return bool(deep.any(axis=0).all())

    def every_piece(self) -> HalfPlanes:
        """Every piece as :class:`HalfPlanes` (rows in the order of ``pieces``; only convex ones are meaningful)."""
        if self._planes is None:
            self._planes = HalfPlanes.of(self.pieces)
        return self._planes

    def hull(self, observers: Sequence[PlacedModel]) -> tuple[HullKey, Polygon]:
        """The convex hull of the observers' source polygons, and its key (kept by value)."""
        key = tuple([o.footprint.key for o in observers])
        found = self._hulls.get(key)
        if found is None:
            points = np.concatenate([source_points(o.footprint, self.segments) for o in observers])
            found = shapely.convex_hull(shapely.linestrings(points))
            assert isinstance(found, Polygon)
            shapely.prepare(found)
            while len(self._hulls) >= KEPT:
                del self._hulls[next(iter(self._hulls))]
            self._hulls[key] = found
        return key, found

    def umbras(self, key: HullKey, hull: Polygon, pieces: Sequence[int]) -> list[BaseGeometry]:
        """:func:`~strategium.geometry.umbra.umbras` of the pieces (indices) from ``hull`` (which meets none of
        them; ``key`` its key from :meth:`hull`), kept by value."""
        kept = self._umbra
        missing = [i for i in pieces if (key, i) not in kept]
        if missing:
            rings = pad([self._rings[i] for i in missing])
            row = umbras([hull], [self.pieces[i] for i in missing], rings)[0]
            for i, u in zip(missing, row, strict=True):
                while len(kept) >= KEPT:
                    del kept[next(iter(kept))]
                kept[(key, i)] = u
        return [kept[(key, i)] for i in pieces]


__all__ = ["GroupTest", "HullKey", "source_points"]
