"""400 battles with random players and different seeds finish without an exception, the state invariants
checked after every action (:mod:`strategium.agents.invariants`: no model in two places, no negative Wounds, no
model off the table unless in Reserves or embarked, no two models overlapping, effects expired on time).

Each battle is played to its end: the demo's five Game Turns (or Sudden Death), the pre-game, Reserves and
Flanking Assaults arriving, every phase, effects expiring across turns. Sizing (measured, docs/benchmarks.md):
about 0.3-0.5 CPU-second per battle with the invariants checked after every action, so the 400 battles take about
two minutes over 2 cores. (Until session 9 this test played 1,000; the thousands now belong to the long-haul
check, ``benchmarks/longhaul.py``, which plays the real rosters too and is not run in CI: 4,000 battles, none
failed, docs/input-limits.md.) ``STRATEGIUM_CONFORMANCE_BATTLES`` and ``STRATEGIUM_CONFORMANCE_TURNS`` change
the count and the length (e.g. for a quick local run).
"""

from __future__ import annotations

import os
import time

from strategium.battle.montecarlo import default_workers, run_battles
from strategium.battle.setup import BattleSetup

BATTLES = int(os.environ.get("STRATEGIUM_CONFORMANCE_BATTLES", "400"))
TURNS = int(os.environ.get("STRATEGIUM_CONFORMANCE_TURNS", "5"))
FIRST_SEED = 10_000


def test_random_battles_to_their_end_keep_every_invariant() -> None:
    setup = BattleSetup(turns=TURNS, players=("random", "random"))
    start = time.perf_counter()
    stats = run_battles(setup, BATTLES, FIRST_SEED, default_workers(), invariants=True)
    elapsed = time.perf_counter() - start
    failed = [(b.seed, b.error) for b in stats if b.error is not None]
    assert not failed, f"{len(failed)} of {BATTLES} battles failed, e.g. {failed[:3]}"
    assert [b.seed for b in stats] == list(range(FIRST_SEED, FIRST_SEED + BATTLES))
    assert all(b.losses for b in stats)
    # each battle went to its end: the last Game Turn, or a Sudden Death before it
    assert all(b.game_turns == TURNS or (b.sudden_death and 1 <= b.game_turns < TURNS) for b in stats)
    print(f"{BATTLES} battles of {TURNS} Game Turns in {elapsed:.0f} s over {default_workers()} workers")
