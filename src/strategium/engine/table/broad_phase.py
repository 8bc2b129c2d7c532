"""A cheap broad phase for the engine's geometric tests: axis-aligned boxes (inches) around footprints.

Two footprints can only overlap, touch or intersect if their boxes meet, so a caller tests boxes first (plain
float comparisons, no shapely call) and runs the exact predicate (``table_checks.overlaps``, an intersection
area...) only for the pairs whose boxes meet. The boxes are grown by :data:`MARGIN` so that rounding can never
hide a pair: the broad phase may keep a pair that does not meet, never drop one that does. Results therefore
equal the exact tests on every pair.

A box is ``(min_x, min_y, max_x, max_y)`` in inches.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from shapely.geometry.base import BaseGeometry

from strategium.geometry.measure import EPSILON, Footprint

Box = tuple[float, float, float, float]
"""(min_x, min_y, max_x, max_y) in inches."""

MARGIN = 10 * EPSILON
"""Inches every box comparison allows for: far more than floating-point rounding, far less than any distance
the rules care about."""


def span(boxes: Sequence[Box]) -> Box:
    """The smallest box holding every one of ``boxes`` (not empty)."""
    return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))


def box_of(fp: Footprint) -> Box:
    """The footprint's box: the core's bounds grown by its radius (a round base: centre +/- radius)."""
    x0, y0, x1, y1 = fp.core.bounds
    r = fp.radius
    return (x0 - r, y0 - r, x1 + r, y1 + r)


def geometry_box(geometry: BaseGeometry) -> Box:
    """The bounds of a shapely geometry as a box (empty geometry: a box that meets nothing)."""
    if geometry.is_empty:
        return (float("inf"), float("inf"), float("-inf"), float("-inf"))
    x0, y0, x1, y1 = geometry.bounds
    return (float(x0), float(y0), float(x1), float(y1))


def shifted(box: Box, dx: float, dy: float) -> Box:
    """The box moved by (dx, dy) inches."""
    return (box[0] + dx, box[1] + dy, box[2] + dx, box[3] + dy)


def hull(a: Box, b: Box) -> Box:
    """The smallest box holding both (e.g. a footprint at the start and at the end of a straight move: the box
    holds every position in between)."""
    return (min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3]))


def meet(a: Box, b: Box) -> bool:
    """The boxes meet or come within :data:`MARGIN` of each other (a necessary condition for the footprints
    inside them to overlap or touch)."""
    return a[0] <= b[2] + MARGIN and b[0] <= a[2] + MARGIN and a[1] <= b[3] + MARGIN and b[1] <= a[3] + MARGIN


def inside(box: Box, outer: Box) -> bool:
    """The box lies within ``outer`` (edges included)."""
    return box[0] >= outer[0] and box[1] >= outer[1] and box[2] <= outer[2] and box[3] <= outer[3]


@dataclass(frozen=True)
class Boxed:
    """Named footprints (e.g. model id -> footprint) with their boxes, for a quick "which may meet this box?"."""

    items: tuple[tuple[str, Footprint, Box], ...]

    @classmethod
    def of(cls, named: Sequence[tuple[str, Footprint]]) -> Boxed:
        """Box every footprint once."""
        return cls(tuple((name, fp, box_of(fp)) for name, fp in named))

    def near(self, box: Box) -> Boxed:
        """The items whose boxes meet ``box`` (in their order): a superset of those whose footprints meet any
        footprint inside ``box``. (The comparisons of :func:`meet`, the same sums, inlined.)"""
        x0, y0 = box[0], box[1]
        x1, y1 = box[2] + MARGIN, box[3] + MARGIN
        return Boxed(
            tuple(
                item
                for item in self.items
                if item[2][0] <= x1 and x0 <= item[2][2] + MARGIN and item[2][1] <= y1 and y0 <= item[2][3] + MARGIN
            )
        )

    def footprints_meeting(self, box: Box) -> list[tuple[str, Footprint]]:
        """The (name, footprint) pairs whose boxes meet ``box``, in their order."""
        x0, y0 = box[0], box[1]
        x1, y1 = box[2] + MARGIN, box[3] + MARGIN
        return [
            (name, fp)
            for name, fp, b in self.items
            if b[0] <= x1 and x0 <= b[2] + MARGIN and b[1] <= y1 and y0 <= b[3] + MARGIN
        ]


def parts_of(geometry: BaseGeometry | None) -> tuple[Box, ...]:
    """The boxes of a geometry's parts (each polygon of a multi-polygon); none for None or an empty geometry."""
    if geometry is None or geometry.is_empty:
        return ()
    parts = getattr(geometry, "geoms", None)
    if parts is None:
        return (geometry_box(geometry),)
    return tuple(geometry_box(p) for p in parts if not p.is_empty)
