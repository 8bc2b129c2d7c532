"""A busy table for the geometry benchmarks: 72" x 48", 12 terrain pieces, 15 enemy units (~80 models)."""

from __future__ import annotations

import numpy as np
from shapely.geometry import box

from strategium.geometry.bases import Base, Hull
from strategium.geometry.deployment import dawn_of_war
from strategium.geometry.pieces import PlacedModel, PlacedUnit
from strategium.geometry.table import Table
from strategium.geometry.terrain import Battlefield, Building, SightRule, TerrainKind, TerrainPiece, terrain_piece


def busy_battlefield() -> Battlefield:
    """Twelve pieces: six sight-blocking ruins, two Impassable rocks, two Difficult woods (clear), one low
    wall and one Building."""
    t = Table()
    pieces = [
        TerrainPiece(f"ruin {i}", box(x, y, x + w, y + h), TerrainKind.AREA, 3.0, SightRule.BLOCKS, difficult=True)
        for i, (x, y, w, h) in enumerate(
            [(10, 18, 6, 4), (30, 20, 4, 8), (52, 16, 6, 5), (20, 30, 5, 3), (44, 28, 6, 3), (62, 26, 4, 6)]
        )
    ]
    pieces += [
        terrain_piece("rocks A", box(4, 26, 7, 29), TerrainKind.IMPASSABLE, 2.0),
        terrain_piece("rocks B", box(38, 10, 41, 13), TerrainKind.IMPASSABLE, 2.0),
        terrain_piece("woods A", box(24, 8, 30, 13), TerrainKind.DIFFICULT),
        terrain_piece("woods B", box(58, 6, 64, 11), TerrainKind.DIFFICULT),
        terrain_piece("wall", box(14, 34, 20, 34.5), TerrainKind.BARRICADE, 1.5),
    ]
    building = Building("Bastion", Hull(36, 36, 5, 5), transport_capacity=20)
    return Battlefield(t, dawn_of_war(t), tuple(pieces), (building,))


def enemy_army(seed: int = 1) -> list[PlacedUnit]:
    """Fifteen player-2 units in the northern zone: 12 infantry units of 5-7 models on 32 mm bases, three
    vehicles on 4.5" x 2.75" hulls: 80 models."""
    rng = np.random.default_rng(seed)
    base = Base(32)
    units: list[PlacedUnit] = []
    sizes = [7, 7, 7, 7, 7, 6, 6, 6, 6, 6, 6, 6]
    for i, n in enumerate(sizes):
        x0, y0 = 3 + i * 5.5, 38 + rng.uniform(0, 6)
        models = tuple(PlacedModel(base.footprint(x0 + (k % 4) * 1.4, y0 + (k // 4) * 1.4), 1.25) for k in range(n))
        units.append(PlacedUnit(f"Squad {i}", 2, models))
    for j in range(3):
        hull = Hull(12 + j * 22, 45.5, 4.5, 2.75, heading=-90)
        units.append(PlacedUnit(f"Tank {j}", 2, (PlacedModel.from_hull(hull, 2.5),)))
    return units
