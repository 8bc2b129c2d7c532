"""The table: its size and its four battlefield edges (inches; origin at the south-west corner).

The standard HH2 table is 6' x 4' (72" x 48") [confirmed only indirectly: CORE_A §3.2, event packs]; any
positive size may be used. x runs west to east along the width, y south to north along the depth.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from functools import cached_property

from shapely.geometry import LineString, Polygon, box

from strategium.errors import InputError


class Edge(StrEnum):
    """A battlefield edge: north (y = depth), south (y = 0), east (x = width), west (x = 0)."""

    NORTH = "north"
    SOUTH = "south"
    EAST = "east"
    WEST = "west"


@dataclass(frozen=True)
class Table:
    """The table's size in inches (default 72" wide x 48" deep). Raises :class:`InputError` if not positive."""

    width: float = 72.0
    depth: float = 48.0

    def __post_init__(self) -> None:
        if self.width <= 0 or self.depth <= 0:
            raise InputError(f"table size must be positive, got {self.width} x {self.depth}", field="table")

    def polygon(self) -> Polygon:
        """The table top as a rectangle (built once and shared: shapely geometries are immutable)."""
        return self._top

    @cached_property
    def _top(self) -> Polygon:
        top: Polygon = box(0.0, 0.0, self.width, self.depth)
        return top

    @property
    def centre(self) -> tuple[float, float]:
        """The centre of the table."""
        return (self.width / 2, self.depth / 2)

    def edge_line(self, edge: Edge) -> LineString:
        """The edge as a line segment."""
        w, d = self.width, self.depth
        ends = {
            Edge.SOUTH: ((0.0, 0.0), (w, 0.0)),
            Edge.NORTH: ((0.0, d), (w, d)),
            Edge.WEST: ((0.0, 0.0), (0.0, d)),
            Edge.EAST: ((w, 0.0), (w, d)),
        }[edge]
        return LineString(ends)

    def long_edges(self) -> tuple[Edge, Edge]:
        """The two long edges (south and north on a table wider than deep)."""
        return (Edge.SOUTH, Edge.NORTH) if self.width >= self.depth else (Edge.WEST, Edge.EAST)

    def short_edges(self) -> tuple[Edge, Edge]:
        """The two short edges (west and east on a table wider than deep)."""
        return (Edge.WEST, Edge.EAST) if self.width >= self.depth else (Edge.SOUTH, Edge.NORTH)
