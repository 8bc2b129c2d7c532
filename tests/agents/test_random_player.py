"""The random player: uniform over legal choices, and the same seed gives the same decisions."""

from __future__ import annotations

from collections import Counter

from strategium.agents.base import play
from strategium.agents.random_player import RandomPlayer
from strategium.agents.setup import demo_battle
from strategium.engine.actions import Choose, Deploy
from strategium.engine.game import Game


def _one_turn(seed: int) -> Game:
    game = demo_battle(seed, turns=1)
    play(game, {1: RandomPlayer.for_game(game, 1), 2: RandomPlayer.for_game(game, 2)})
    return game


def test_same_seed_same_history_and_log() -> None:
    a, b = _one_turn(21), _one_turn(21)
    assert a.state.history == b.state.history
    assert [e.text() for e in a.state.events] == [e.text() for e in b.state.events]


def test_another_seed_plays_differently() -> None:
    assert _one_turn(21).state.history != _one_turn(22).state.history


def test_every_unit_is_deployed_from_its_legal_region() -> None:
    game = _one_turn(21)
    deploys = [a for a in game.state.history if isinstance(a, Deploy) and a.positions]
    assert deploys
    zone = {p: game.state.battlefield.deployment.zone(p).polygon for p in (1, 2)}  # type: ignore[union-attr]
    for action in deploys:
        xs = [pose.x for _, pose in action.positions]
        ys = [pose.y for _, pose in action.positions]
        minx, miny, maxx, maxy = zone[action.player].bounds
        assert minx < min(xs) and max(xs) < maxx and miny < min(ys) and max(ys) < maxy


def test_choices_are_drawn_from_the_options() -> None:
    game = demo_battle(3)  # player 1 won the deployment roll-off and chooses
    pending = game.pending
    assert pending is not None and pending.player == 1 and pending.options == ("first", "second")
    player = RandomPlayer.for_game(game, 1)
    picks = Counter(player.decide(game) for _ in range(60))
    assert set(picks) == {Choose(1, "first"), Choose(1, "second")}
    assert 15 < picks[Choose(1, "first")] < 45
