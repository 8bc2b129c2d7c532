"""The battle loop with shared verdicts: an illegal action is refused and reported exactly as with a plain check,
and a legal one is checked once for the player, the Chooser and the loop together."""

from __future__ import annotations

import gc

import pytest

from strategium.agents.base import GameTooLongError, PlayerError
from strategium.agents.setup import demo_battle
from strategium.agents.verdicts import Check, Verdicts
from strategium.battle import run
from strategium.battle.run import Chooser, Watcher, drive
from strategium.engine.core.actions import Action, EndStep
from strategium.engine.core.game import Game


def _ends_everything(game: Game) -> Action:
    assert game.pending is not None
    return EndStep(game.pending.player)


def _refusal(check: Check | None) -> str:
    game = demo_battle(seed=5)
    with pytest.raises(PlayerError) as caught:
        if check is None:
            drive(game, _ends_everything, Watcher())
        else:
            drive(game, _ends_everything, Watcher(), check=check)
    assert game.state.history == []
    assert not caught.value.verdict.legal
    return str(caught.value)


def test_an_illegal_action_is_refused_alike_with_shared_verdicts() -> None:
    plain = _refusal(None)
    assert plain.startswith("player 2 offered an illegal action at Pre-game (deploy first or second?)")
    assert _refusal(Verdicts().check) == plain


def test_the_chooser_and_the_loop_reuse_the_players_verdicts() -> None:
    game = demo_battle(seed=5)
    chooser = Chooser(("random", "heuristic"), 5)
    with pytest.raises(GameTooLongError):
        drive(game, chooser, Watcher(), max_actions=30, check=chooser.verdicts.check)
    assert len(game.state.history) == 30
    # the Chooser and the loop ask once each per action; the player had already checked most of them
    assert chooser.verdicts.reused >= 30
    assert chooser.fallbacks == []


def test_the_battle_loop_collects_young_garbage_less_often_and_puts_the_thresholds_back() -> None:
    """Inside ``drive`` the youngest generation is collected every YOUNG_THRESHOLD allocations; the thresholds are
    as before once it returns or raises."""
    before = gc.get_threshold()
    seen: list[tuple[int, int, int]] = []

    def watching(game: Game) -> Action:
        seen.append(gc.get_threshold())
        return _ends_everything(game)

    with pytest.raises(PlayerError):
        drive(demo_battle(seed=5), watching, Watcher())
    assert seen == [(max(before[0], run.YOUNG_THRESHOLD), before[1], before[2])]
    assert gc.get_threshold() == before
