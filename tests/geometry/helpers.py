"""Small hand-built tables for the geometry tests."""

from __future__ import annotations

import numpy as np
from shapely.geometry import Point, box

from strategium.geometry.bases import Base, Hull
from strategium.geometry.measure import Footprint
from strategium.geometry.pieces import PlacedModel, PlacedUnit
from strategium.geometry.table import Table
from strategium.geometry.terrain import Battlefield, Building, SightRule, TerrainKind, TerrainPiece

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


def ruined_table() -> Battlefield:
    """A 72" x 48" table with four blocking ruins, a wall (sight by height) and a Building."""
    ruins = tuple(
        TerrainPiece(f"ruin{i}", box(x, y, x + w, y + h), TerrainKind.AREA, 3.0, SightRule.BLOCKS)
        for i, (x, y, w, h) in enumerate([(20, 14, 2, 20), (40, 5, 6, 3), (50, 30, 2, 12), (30, 38, 8, 2)])
    )
    wall = TerrainPiece("wall", box(33, 20, 34, 28), TerrainKind.BARRICADE, 2.0, SightRule.HEIGHT)
    return Battlefield(Table(), terrain=(*ruins, wall), buildings=(Building("Bastion", Hull(60, 12, 4, 6), 4.0),))


def random_models(rng: np.random.Generator, n: int, name: str) -> tuple[PlacedModel, ...]:
    """``n`` models at random on the table: one in five a vehicle hull, the others round bases."""
    out = []
    for i in range(n):
        x, y = rng.uniform(1, 71), rng.uniform(1, 47)
        if rng.uniform() < 0.2:
            out.append(
                PlacedModel.from_hull(Hull(x, y, 4.5, 2.75, heading=float(rng.uniform(0, 360))), 2.5, f"{name}{i}")
            )
        else:
            out.append(PlacedModel(disc(x, y, float(rng.choice([0.5, 0.63, 1.0]))), 1.25, f"{name}{i}"))
    return tuple(out)
