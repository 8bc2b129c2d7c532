"""``SightMap.hidden_parts``: each observer model's hidden area and its boundary, as the other queries see them."""

from __future__ import annotations

import numpy as np
import shapely
from shapely.geometry import box

from strategium.geometry.bases import Hull
from strategium.geometry.pieces import PlacedModel, PlacedUnit
from strategium.geometry.sight import SightMap
from strategium.geometry.table import Table
from strategium.geometry.terrain import Battlefield, Building, SightRule, TerrainKind, TerrainPiece
from tests.geometry.helpers import disc


def _battlefield() -> Battlefield:
    ruins = tuple(
        TerrainPiece(f"ruin{i}", box(x, y, x + w, y + h), TerrainKind.AREA, 3.0, SightRule.BLOCKS)
        for i, (x, y, w, h) in enumerate([(20, 14, 2, 20), (40, 5, 6, 3), (50, 30, 2, 12), (30, 38, 8, 2)])
    )
    wall = TerrainPiece("wall", box(33, 20, 34, 28), TerrainKind.BARRICADE, 2.0, SightRule.HEIGHT)
    return Battlefield(Table(), terrain=(*ruins, wall), buildings=(Building("Bastion", Hull(60, 12, 4, 6), 4.0),))


def _models(rng: np.random.Generator, n: int, name: str) -> tuple[PlacedModel, ...]:
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


def test_hidden_parts_are_the_hidden_areas_and_their_boundaries() -> None:
    bf = _battlefield()
    rng = np.random.default_rng(5)
    sight = SightMap(bf)
    units = [PlacedUnit(f"u{i}", 1, _models(rng, 3, f"u{i}_")) for i in range(3)]
    parked = PlacedUnit("parked", 1, _models(rng, 2, "p"), embarked_in="Rhino")  # embarked: sees nothing
    parts = sight.hidden_parts([*units, parked], 1.25)
    models = [m for u in units for m in u.models]
    areas = SightMap(bf).hidden_areas(models, 1.25)
    assert len(parts) == len(models)
    for (area, edge), want in zip(parts, areas, strict=True):
        assert area.equals_exact(want, 0.0)
        assert edge.equals_exact(want.boundary, 0.0)
    # a point lies in hidden_from_all exactly when it lies in every area
    together = sight.hidden_from_all([*units, parked], 1.25)
    xs, ys = (g.ravel() for g in np.meshgrid(np.arange(0.25, 72, 0.5), np.arange(0.25, 48, 0.5)))
    every = np.logical_and.reduce([shapely.contains_xy(a, xs, ys) for a, _ in parts])
    near_edge = shapely.dwithin(together.boundary, shapely.points(xs, ys), 1e-6)
    assert (shapely.contains_xy(together, xs, ys) == every)[~near_edge].all()
    assert sight.hidden_parts([parked], 1.25) == []
