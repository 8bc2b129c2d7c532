"""Small hand-built tables for the geometry tests."""

from __future__ import annotations

from shapely.geometry import Point, box

from strategium.geometry.bases import Base
from strategium.geometry.measure import Footprint
from strategium.geometry.pieces import PlacedModel, PlacedUnit
from strategium.geometry.table import Table
from strategium.geometry.terrain import Battlefield, SightRule, TerrainKind, TerrainPiece

B32 = Base(32)
R32 = B32.radius  # 0.6299..." radius of a 32 mm base


def disc(x: float, y: float, r: float = R32) -> Footprint:
    return Footprint(Point(x, y), r)


def infantry(name: str, player: int, *centres: tuple[float, float]) -> PlacedUnit:
    return PlacedUnit(
        name, player, tuple(PlacedModel(disc(x, y), 1.25, f"{name}{i}") for i, (x, y) in enumerate(centres))
    )


def wall_table() -> Battlefield:
    """72 x 48 table, a ruin that blocks sight from x=20 to 22, y=14 to 34 (a 20" long wall)."""
    ruin = TerrainPiece("ruin", box(20, 14, 22, 34), TerrainKind.AREA, 3.0, SightRule.BLOCKS)
    return Battlefield(Table(), terrain=(ruin,))
