"""Benchmark: import time of the largest roster in ``shared/data/rosters`` (target: under 200 ms).

Run: ``.venv/bin/python benchmarks/roster_import.py [ROSTER_DIR] [--repeat N]``. Prints the file, its size,
and the best / median wall time of a full ``import_roster`` (read, safe XML parse, build ``Army``) plus the
Force Organisation check. The first import also warms the rule registry's caches, so it is reported apart.
Not a test: timings depend on the machine.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from pathlib import Path

from strategium.army.battlescribe import import_roster
from strategium.army.force_org import validate_army

TARGET_MS = 200.0
DEFAULT_DIR = Path(os.environ.get("STRATEGIUM_SHARED", Path(__file__).resolve().parents[2] / "shared")) / "data"


def _time_once(path: Path) -> float:
    started = time.perf_counter()
    validate_army(import_roster(path))
    return (time.perf_counter() - started) * 1000.0


def main() -> None:
    """Time the largest roster and print the result."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("roster_dir", nargs="?", type=Path, default=DEFAULT_DIR / "rosters")
    parser.add_argument("--repeat", type=int, default=20)
    args = parser.parse_args()
    rosters = sorted(args.roster_dir.glob("*.ros*"), key=lambda p: p.stat().st_size)
    if not rosters:
        raise SystemExit(f"no rosters in {args.roster_dir}")
    largest = rosters[-1]
    first = _time_once(largest)
    times = [_time_once(largest) for _ in range(args.repeat)]
    best, median = min(times), statistics.median(times)
    verdict = "OK" if median < TARGET_MS else "SLOW"
    print(f"roster import: {largest.name} ({largest.stat().st_size / 1024:.0f} KiB)")
    print(f"  first (cold caches) {first:.1f} ms; best {best:.1f} ms; median {median:.1f} ms over {args.repeat}")
    print(f"  target < {TARGET_MS:.0f} ms: {verdict}")


if __name__ == "__main__":
    main()
