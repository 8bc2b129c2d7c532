"""The sure test of umbras (``surely_in_umbras``): a disc it puts inside an umbra is inside the polygon that
``umbras`` casts, by more than its radius, whichever way the umbra is built (outer tangents, or the shadows of a
source that meets the blocker); and the observers it finds hidden are those the hidden area hides."""

from __future__ import annotations

import numpy as np
from shapely.geometry import Point

from strategium.geometry.measure import EPSILON
from strategium.geometry.pieces import PlacedModel
from strategium.geometry.sight import DEEP_MARGIN, SightMap
from strategium.geometry.sight_keys import source, source_box
from strategium.geometry.umbra import blocker_planes, ring, surely_in_umbras, umbras
from tests.geometry.helpers import disc, random_models, ruined_table


def _observer(rng: np.random.Generator, trial: int) -> PlacedModel:
    """Observers anywhere, near the ruins' walls, or straddling their edges (the shadows' case)."""
    if trial % 3 == 0:
        return random_models(rng, 1, "o")[0]
    if trial % 3 == 1:  # west of ruin0 (x 20-22, y 14-34), close to it
        x, r = float(rng.uniform(17, 19.9)), float(rng.choice([0.5, 0.63, 1.0]))
        return PlacedModel(disc(min(x, 19.99 - r), float(rng.uniform(12, 36)), r), 1.25, "o")
    x = float(rng.choice([20.0, 22.0])) + float(rng.uniform(-0.6, 0.6))  # on an edge of ruin0
    return PlacedModel(disc(x, float(rng.uniform(14, 34)), 0.63), 1.25, "o")


def test_a_disc_surely_in_an_umbra_lies_inside_the_cast_umbra() -> None:
    bf = ruined_table()
    pieces = [t.footprint for t in bf.terrain] + [b.footprint for b in bf.buildings]
    rings, normals, offsets, real = blocker_planes(pieces)
    rng = np.random.default_rng(29)
    said = {"tangents": 0, "shadows": 0}
    for trial in range(240):
        o = _observer(rng, trial)
        fp = o.footprint
        poly = source(fp)
        cast = umbras([poly], pieces)[0]
        points = np.column_stack([rng.uniform(0, 72, 60), rng.uniform(0, 48, 60)])
        reach = rng.choice([0.0, 0.3, 0.63, 1.2], 60)
        n = len(pieces)
        got = surely_in_umbras(
            np.tile(fp.centre, (n, 1)),
            np.tile(source_box(fp), (n, 1)),
            np.tile(ring(poly), (n, 1, 1)),
            rings,
            normals,
            offsets,
            real,
            points,
            reach,
        )
        for j, u in enumerate(cast):
            for k in np.flatnonzero(got[j]):
                p = Point(points[k])
                assert u.contains(p) and u.exterior.distance(p) > reach[k], (trial, j, k)
            said["shadows" if poly.intersects(pieces[j]) else "tangents"] += int(got[j].sum())
    assert said["tangents"] > 200 and said["shadows"] > 20, said


def _on_table(m: PlacedModel) -> bool:
    x0, y0, x1, y1 = m.footprint.outer_bounds
    return x0 > 0.1 and y0 > 0.1 and x1 < 71.9 and y1 < 47.9


def test_hulls_and_observers_surely_hidden_are_hidden_by_the_hidden_area() -> None:
    """The observers that the sure test finds hidden (round and hull targets) are not seen by the exact test."""
    bf = ruined_table()
    rng = np.random.default_rng(31)
    hidden = 0
    for trial in range(150):
        o = _observer(rng, trial)
        targets = tuple(
            m
            for m in (*random_models(rng, 3, "t"), PlacedModel(disc(float(rng.uniform(22.5, 30)), 24.0), 1.25, "t"))
            if m.height == 1.25 or trial % 2
        )
        ht = targets[0].height
        targets = tuple(t for t in targets if t.height == ht and _on_table(t))
        if not targets:
            continue
        sight = SightMap(bf)
        near = sight._near([o], targets, ht)
        pieces = sight._piece_indices(o.height, ht)
        mine = tuple(pieces[j] for j in near[0])
        if not mine:
            continue
        reach = np.array([t.footprint.radius + EPSILON + DEEP_MARGIN for t in targets])
        if sight._surely_hidden([o], [mine], [0], targets, reach)[0]:
            hidden += 1
            assert not SightMap(bf)._by_area([o], targets, ht, near)[0], trial
    assert hidden > 5
