"""The random player's screen of surely refused proposals (``agents/refusals.py``): every Move or Run it keeps
from the engine is one the engine refuses."""

from __future__ import annotations

from strategium.agents import options as opt
from strategium.agents import refusals
from strategium.agents.base import play
from strategium.agents.options import Moment
from strategium.agents.random_player import RandomPlayer
from strategium.agents.setup import demo_battle
from strategium.engine.core.actions import Action
from strategium.engine.core.game import Game
from strategium.engine.movement.move import Move, Run


class _Auditing(RandomPlayer):
    """A random player that asks the engine about every Move or Run its screen skips."""

    skipped = 0
    through = 0

    def decide(self, game: Game) -> Action:
        if game.pending is not None and opt.moment(game) is Moment.MOVE:
            for unit in opt.movers(game, self.player):
                for run in (False, True):
                    for _ in range(6):
                        action = self.move(game, unit, run)
                        if action is not None and refusals.surely_refused(game, action):
                            type(self).skipped += 1
                            assert isinstance(action, Move | Run)
                            type(self).through += refusals.surely_through(game.state, action)
                            assert not game.check(action), action
        return super().decide(game)


def test_a_move_found_off_the_ground_is_one_the_engine_refuses() -> None:
    for seed in (21, 24):
        game = demo_battle(seed, turns=2)
        play(game, {1: _Auditing(1, seed), 2: _Auditing(2, seed)})
    assert _Auditing.skipped > 20 and _Auditing.through > 5
