"""1,000 battles with random players and different seeds finish without an exception, the state invariants
checked after every action (:mod:`strategium.agents.invariants`: no model in two places, no negative Wounds, no
model off the table unless in Reserves or embarked, no two models overlapping, effects expired on time).

Sizing (measured, docs/benchmarks.md): a random demo battle of two Game Turns takes 0.9-1.5 s with the
invariants checked after every action, a full five-turn one about 2.6-2.9 s. 1,000 two-turn battles took 23
minutes over 2 shared cores (24 CPU-minutes); 1,000 full ones would take about 45 CPU-minutes. The test plays
two Game Turns (pre-game, Reserves and Flanking Assaults arriving, every phase, effects expiring across turns)
over every core; set ``STRATEGIUM_CONFORMANCE_TURNS=5`` (and ``STRATEGIUM_CONFORMANCE_BATTLES``) for the full length.
"""

from __future__ import annotations

import os
import time

from strategium.battle.montecarlo import default_workers, run_battles
from strategium.battle.setup import BattleSetup

BATTLES = int(os.environ.get("STRATEGIUM_CONFORMANCE_BATTLES", "1000"))
TURNS = int(os.environ.get("STRATEGIUM_CONFORMANCE_TURNS", "2"))
FIRST_SEED = 10_000


def test_a_thousand_random_battles_keep_every_invariant() -> None:
    setup = BattleSetup(turns=TURNS, players=("random", "random"))
    start = time.perf_counter()
    stats = run_battles(setup, BATTLES, FIRST_SEED, default_workers(), invariants=True)
    elapsed = time.perf_counter() - start
    failed = [(b.seed, b.error) for b in stats if b.error is not None]
    assert not failed, f"{len(failed)} of {BATTLES} battles failed, e.g. {failed[:3]}"
    assert [b.seed for b in stats] == list(range(FIRST_SEED, FIRST_SEED + BATTLES))
    assert all(b.losses for b in stats)
    print(f"{BATTLES} battles of {TURNS} Game Turns in {elapsed:.0f} s over {default_workers()} workers")
