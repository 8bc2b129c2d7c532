"""Write the battle logs of the speed work's guard battles, to compare two versions of the code byte for byte.

Usage (from the repository root): ``PYTHONPATH=src python tools/guard_logs.py DIR``, then the same with the other
version and ``diff -r DIR OTHER``. The guard battles are the bundled demo's, played in this process: heuristic
players on seeds 0-9 and random players on seeds 0-4. Each log
(:func:`strategium.report.log.render_log`) goes to ``DIR/heuristic-SEED.log`` or ``DIR/random-SEED.log``; its first
12 hex digits of SHA-256 are printed. An exact speed change leaves every file the same (docs/engine.md, "Speed").
"""

from __future__ import annotations

import hashlib
import sys
from pathlib import Path

from strategium.battle.run import play_battle
from strategium.battle.setup import BattleSetup, build_scenario
from strategium.report.log import render_log

GUARDS = (("heuristic", range(10)), ("random", range(5)))
"""(players, seeds) of the guard battles."""


def main(argv: list[str]) -> int:
    """Write the logs to the folder ``argv[0]`` (made if missing). Returns the exit status (2: no folder given)."""
    if len(argv) != 1:
        print("usage: python tools/guard_logs.py DIR", file=sys.stderr)
        return 2
    out = Path(argv[0])
    out.mkdir(parents=True, exist_ok=True)
    for kind, seeds in GUARDS:
        setup = BattleSetup(players=(kind, kind))
        scenario = build_scenario(setup)
        for seed in seeds:
            text = render_log(play_battle(setup, seed, scenario=scenario))
            (out / f"{kind}-{seed}.log").write_text(text, encoding="utf-8")
            print(f"{kind} {seed} {hashlib.sha256(text.encode()).hexdigest()[:12]}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
