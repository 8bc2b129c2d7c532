"""Terrain pieces, sight rules and Buildings (rulebook pp.220-226)."""

from __future__ import annotations

import pytest
from shapely.geometry import Polygon, box

from strategium.errors import InputError
from strategium.geometry.bases import Hull
from strategium.geometry.terrain import (
    Battlefield,
    Building,
    SightRule,
    TerrainKind,
    TerrainPiece,
    terrain_piece,
)
from strategium.model.characteristics import Facing

L_SHAPE = Polygon([(0, 0), (4, 0), (4, 1), (1, 1), (1, 4), (0, 4)])


def test_blocking_pieces_must_be_convex() -> None:
    with pytest.raises(InputError, match="convex"):
        TerrainPiece("L ruin", L_SHAPE, TerrainKind.AREA, 3, SightRule.BLOCKS)
    assert TerrainPiece("L crater", L_SHAPE, TerrainKind.DIFFICULT).is_difficult


def test_sight_rules_by_height() -> None:
    wall = terrain_piece("wall", box(0, 0, 4, 0.5), TerrainKind.BARRICADE, height=1.5)
    assert wall.sight is SightRule.HEIGHT
    assert wall.blocks_sight(1.25, 1.25)
    assert not wall.blocks_sight(1.25, 2.5)  # a vehicle behind a low wall is seen
    woods = terrain_piece("woods", box(0, 0, 6, 6), TerrainKind.AREA, height=0.5)
    assert woods.sight is SightRule.BLOCKS and woods.blocks_sight(10, 10)
    field = terrain_piece("field", box(0, 0, 6, 6), TerrainKind.DANGEROUS)
    assert field.is_dangerous and not field.blocks_sight(0, 0)
    assert terrain_piece("rocks", box(0, 0, 2, 2), TerrainKind.IMPASSABLE, 2).is_impassable


def test_building_facings_and_values() -> None:
    bastion = Building("Bastion", Hull(30, 24, 6, 6), front=14, side=13, rear=12, hull_points=6, transport_capacity=20)
    assert bastion.armour(Facing.SIDE) == 13
    assert bastion.footprint.area == pytest.approx(36)
    assert bastion.can_be_entered
    assert not Building("Wall", Hull(0, 0, 6, 1)).can_be_entered
    with pytest.raises(InputError):
        Building("bad", Hull(0, 0, 1, 1), hull_points=-1)


def test_battlefield_blockers_and_impassable() -> None:
    wall = terrain_piece("wall", box(0, 0, 4, 0.5), TerrainKind.BARRICADE, height=1.5)
    rocks = terrain_piece("rocks", box(10, 10, 12, 12), TerrainKind.IMPASSABLE, height=1.0)
    bastion = Building("Bastion", Hull(30, 24, 6, 6))
    bf = Battlefield(terrain=(wall, rocks), buildings=(bastion,))
    assert bf.sight_blockers(1.25, 1.25) == (wall.footprint, bastion.footprint)
    assert bf.sight_blockers(1.0, 1.0) == (wall.footprint, rocks.footprint, bastion.footprint)
    imp = bf.impassable()
    assert imp is not None and imp.area == pytest.approx(4 + 36)
