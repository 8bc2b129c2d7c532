"""Umbras (``geometry/umbra.py``): the test that an umbra covers the whole table is sound."""

from __future__ import annotations

import numpy as np
import shapely
from shapely.geometry import box

from strategium.geometry.bases import Hull
from strategium.geometry.sight import SOURCE_SEGMENTS
from strategium.geometry.umbra import covers_table, umbras
from tests.geometry.helpers import disc


def test_an_umbra_said_to_cover_the_table_covers_it() -> None:
    """covers_table is sound: where it says so, the umbra cast (the shadow construction) holds the whole table;
    and it says so for a base standing well inside a blocking piece."""
    rng = np.random.default_rng(23)
    said = 0
    for _ in range(600):
        x0, y0 = rng.uniform(0, 60), rng.uniform(0, 40)
        w, h = rng.uniform(2, 12), rng.uniform(2, 12)
        blocker = shapely.convex_hull(shapely.multipoints(rng.uniform((x0, y0), (x0 + w, y0 + h), (6, 2))))
        if rng.uniform() < 0.5:
            c = rng.uniform((x0, y0), (x0 + w, y0 + h))
            fp = disc(float(c[0]), float(c[1]), float(rng.choice([0.2, 0.5, 1.0])))
        else:
            fp = Hull(
                float(rng.uniform(x0, x0 + w)), float(rng.uniform(y0, y0 + h)), 2.0, 1.0, float(rng.uniform(0, 360))
            ).footprint()
        source = fp.outer_polygon(SOURCE_SEGMENTS)
        ring_s = np.asarray(source.exterior.coords)[:-1]
        ring_b = np.asarray(blocker.exterior.coords)[:-1]
        if covers_table(ring_s, ring_b, 72.0, 48.0):
            said += 1
            assert blocker.contains(source)
            assert umbras([source], [blocker])[0, 0].contains(box(-0.5, -0.5, 72.5, 48.5))
    assert said > 10
    assert covers_table(
        np.asarray(disc(43, 6.5, 0.63).outer_polygon(16).exterior.coords)[:-1],
        np.asarray(box(40, 5, 46, 8).exterior.coords)[:-1],
        72.0,
        48.0,
    )
