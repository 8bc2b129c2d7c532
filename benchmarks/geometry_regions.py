"""Benchmark: the Infiltrate legal regions (INF-3/4/5) on a busy table. Target: under 250 ms.

Run: ``.venv/bin/python benchmarks/geometry_regions.py``; figures are recorded in docs/geometry.md.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from geometry_setup import busy_battlefield, enemy_army

from strategium.geometry.bases import Base
from strategium.geometry.regions import infiltrate_regions
from strategium.geometry.sight import SightMap


def run(repeats: int = 5) -> float:
    """Best wall time in milliseconds of one cold Infiltrate-region computation (no cached sight)."""
    bf, enemies = busy_battlefield(), enemy_army()
    assert sum(len(u.models) for u in enemies) == 80 and len(bf.terrain) + len(bf.buildings) == 12
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        regions = infiltrate_regions(bf, enemies, Base(32).footprint(0, 0), 1.25, SightMap(bf))
        best = min(best, time.perf_counter() - start)
    assert not regions.any.is_empty
    return best * 1000


if __name__ == "__main__":
    ms = run()
    print(f"infiltrate region, 12 pieces, 15 units / 80 models: {ms:.1f} ms (target < 250 ms)")
