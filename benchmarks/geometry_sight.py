"""Benchmark: 1,000 unit-to-unit line-of-sight queries on a busy table. Target: under 100 ms.

Run: ``.venv/bin/python benchmarks/geometry_sight.py``; figures are recorded in docs/geometry.md.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from geometry_setup import busy_battlefield, enemy_army

from strategium.geometry.bases import Base
from strategium.geometry.pieces import PlacedModel, PlacedUnit
from strategium.geometry.sight import SightMap


def _blue_army() -> list[PlacedUnit]:
    rng = np.random.default_rng(7)
    base = Base(32)
    units = []
    for i in range(15):
        x0, y0 = rng.uniform(3, 66), rng.uniform(2, 30)
        models = tuple(PlacedModel(base.footprint(x0 + (k % 3) * 1.4, y0 + (k // 3) * 1.4), 1.25) for k in range(5))
        units.append(PlacedUnit(f"Blue {i}", 1, models))
    return units


def run(queries: int = 1000) -> tuple[float, float, int]:
    """(cold ms, warm ms, units seen): ``queries`` unit_sees calls between random Blue/Red unit pairs,
    first with an empty cache, then again with the same SightMap."""
    bf = busy_battlefield()
    red, blue = enemy_army(), _blue_army()
    rng = np.random.default_rng(3)
    pairs = [(blue[rng.integers(len(blue))], red[rng.integers(len(red))]) for _ in range(queries)]
    pairs = [(a, b) if rng.random() < 0.5 else (b, a) for a, b in pairs]
    sight = SightMap(bf)
    start = time.perf_counter()
    seen = sum(sight.unit_sees(a, b) for a, b in pairs)
    cold = time.perf_counter() - start
    start = time.perf_counter()
    sum(sight.unit_sees(a, b) for a, b in pairs)
    warm = time.perf_counter() - start
    return cold * 1000, warm * 1000, seen


if __name__ == "__main__":
    cold, warm, seen = run()
    print(f"1000 unit-to-unit LOS queries: {cold:.1f} ms cold, {warm:.1f} ms warm ({seen} seen; target < 100 ms)")
