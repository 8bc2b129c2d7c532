"""The random player: uniform over legal choices, and the same seed gives the same decisions."""

from __future__ import annotations

from collections import Counter

from strategium.agents import options as opt
from strategium.agents.base import play
from strategium.agents.options import Moment
from strategium.agents.random_player import RandomPlayer
from strategium.agents.setup import demo_battle
from strategium.engine.core.actions import Action, Choose, Deploy
from strategium.engine.core.game import Game
from strategium.engine.shooting.declare import Shoot


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


def test_a_shooting_attack_found_out_of_range_is_one_the_engine_refuses() -> None:
    seen = Counter[bool]()

    def every_pair(game: Game, _action: Action) -> None:
        if game.pending is None or opt.moment(game) is not Moment.SHOOT:
            return
        for p in (1, 2):
            for unit in opt.hosts(game, p):
                for enemy in opt.hosts(game, 3 - p):
                    out = opt.out_of_range(game, unit.id, enemy.id)
                    seen[out] += 1
                    if out:
                        assert not game.check(Shoot(p, unit.id, enemy.id))

    for seed in (21, 23):
        game = demo_battle(seed, turns=3)
        play(game, {1: RandomPlayer.for_game(game, 1), 2: RandomPlayer.for_game(game, 2)}, after=every_pair)
    assert seen[True] > 20 and seen[False] > 20


def test_a_unit_with_no_ranged_weapon_is_out_of_range_of_everything() -> None:
    game = _one_turn(21)
    s = game.state
    on_table = [u for p in (1, 2) for u in opt.hosts(game, p)]
    unarmed = next(u for u in on_table if all(w.range.maximum is None for m in u.models for w in m.weapons))
    for enemy in opt.hosts(game, 3 - s.owner(unarmed.id)):
        assert opt.out_of_range(game, unarmed.id, enemy.id)
    assert not opt.out_of_range(game, unarmed.id, "no such unit")
