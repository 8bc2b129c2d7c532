"""``SightMap.hidden_parts``: each observer model's hidden area and its boundary, as the other queries see them."""

from __future__ import annotations

import numpy as np
import shapely

from strategium.geometry.pieces import PlacedUnit
from strategium.geometry.sight import SightMap
from tests.geometry.helpers import random_models, ruined_table


def test_hidden_parts_are_the_hidden_areas_and_their_boundaries() -> None:
    bf = ruined_table()
    rng = np.random.default_rng(5)
    sight = SightMap(bf)
    units = [PlacedUnit(f"u{i}", 1, random_models(rng, 3, f"u{i}_")) for i in range(3)]
    parked = PlacedUnit("parked", 1, random_models(rng, 2, "p"), embarked_in="Rhino")  # embarked: sees nothing
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
