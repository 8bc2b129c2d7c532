"""Verdicts kept per decision: the same verdict as ``Game.check``, each action object checked once, forgotten as
soon as the game moves on."""

from __future__ import annotations

from strategium.agents.setup import demo_battle
from strategium.agents.verdicts import Verdicts
from strategium.engine.core.actions import Choose, EndStep


def test_a_verdict_is_the_engines_and_is_worked_out_once_per_action_object() -> None:
    game = demo_battle(seed=5)
    verdicts = Verdicts()
    end = EndStep(2)  # player 2 must answer the deployment roll-off: ending the step is refused
    first = verdicts.check(game, end)
    assert first == game.check(end) and not first.legal
    assert verdicts.check(game, end) is first
    assert (verdicts.checks, verdicts.reused) == (1, 1)
    assert verdicts.known(game, EndStep(2)) is None  # an equal action, but another object: checked again
    assert verdicts.check(game, EndStep(2)) == first and verdicts.checks == 2


def test_verdicts_are_forgotten_when_the_game_moves_on() -> None:
    game = demo_battle(seed=5)
    verdicts = Verdicts()
    pending = game.pending
    assert pending is not None
    choice = Choose(2, pending.options[0])
    assert verdicts.check(game, choice).legal
    game.apply(choice)
    assert verdicts.known(game, choice) is None
    assert not verdicts.check(game, choice).legal  # the same object, judged again at the new decision
    assert verdicts.checks == 2


def test_forget_drops_everything() -> None:
    game = demo_battle(seed=5)
    verdicts = Verdicts()
    end = EndStep(2)
    verdicts.check(game, end)
    verdicts.forget()
    assert verdicts.known(game, end) is None
