"""Same seed, same battle, whatever the process did before: the engine's kept values (per state, per table
position, per value) must never make a battle depend on the battles played before it in the same process
(Monte Carlo workers play many battles each)."""

from __future__ import annotations

from strategium.battle.run import play_battle
from strategium.battle.setup import BattleSetup
from strategium.report.log import render_log
from tests.cli.test_battle_cmd import strategium


def test_a_battle_played_after_others_matches_the_same_battle_in_a_fresh_process() -> None:
    fresh = strategium("battle", "--turns", "2", "--seed", "3")
    assert fresh.returncode == 0, fresh.stderr
    for seed, players in ((11, ("heuristic", "heuristic")), (7, ("random", "random")), (4, ("heuristic", "random"))):
        play_battle(BattleSetup(turns=2, players=players), seed)
    after = render_log(play_battle(BattleSetup(turns=2), 3))
    assert after == fresh.stdout
