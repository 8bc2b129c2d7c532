"""The loop: every action checked first; an illegal one from a player is a bug that raises with the verdict."""

from __future__ import annotations

import pytest

from strategium.agents.base import GameTooLongError, PlayerError, play
from strategium.agents.random_player import RandomPlayer
from strategium.agents.setup import demo_battle
from strategium.engine.core.actions import Action, EndStep
from strategium.engine.core.game import Game
from strategium.engine.core.pregame_track import PreGameStep


class EndsEverything:
    """A broken player: always ends the step."""

    def decide(self, game: Game) -> Action:
        assert game.pending is not None
        return EndStep(game.pending.player)


def test_an_illegal_action_from_a_player_raises_with_the_verdict() -> None:
    game = demo_battle(seed=5)
    first = RandomPlayer.for_game(game, 1)
    with pytest.raises(PlayerError) as caught:
        # player 2 won the deployment roll-off: it must choose, and ending the step is refused
        play(game, {1: first, 2: EndsEverything()}, max_actions=200)
    err = caught.value
    assert isinstance(err.action, EndStep) and err.action.player == 2
    assert not err.verdict.legal and [(r.rule, r.text) for r in err.verdict.reasons] == [
        ("Pre-game", "this step cannot be ended now")
    ]
    assert str(err).startswith("player 2 offered an illegal action at Pre-game (deploy first or second?)")
    assert game.state.pregame.step is PreGameStep.DEPLOYMENT_ROLL and game.state.history == []


def test_a_game_that_does_not_end_in_time_raises() -> None:
    game = demo_battle(seed=5)
    players = {1: RandomPlayer.for_game(game, 1), 2: RandomPlayer.for_game(game, 2)}
    with pytest.raises(GameTooLongError, match="not over after 3 actions"):
        play(game, players, max_actions=3)
    assert len(game.state.history) == 3
