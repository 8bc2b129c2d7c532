"""Choices during the battle: a rule stops the engine with a :class:`BattleChoice` (a CHOOSE decision that names
its topic and the unit it is about) and registers, with :func:`answers`, what happens when the player picks an
option (DESIGN principle 1: no callbacks into players from rule code).

The ``Choose`` action is handled by the pre-game module; once the battle has begun it hands the choice over to
:func:`check_choice` and :func:`apply_choice` here. The decision keeps the decision it interrupted
(``resume``), which is pending again before the topic's handler runs; the handler may set a new one.

When a handler's work asks a further choice before the handler has finished (an Overwatch's Shooting Attack
offers the target's controller to declare it Stupefied, RULINGS STU-13), the rest of the handler's work waits:
:func:`defer` puts a :class:`Deferred` value under that new choice, and once it is answered the continuation
registered with :func:`continues` runs (never a callback stored in the state: the topic names it).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from strategium.catalogue.citations import Reason
from strategium.engine.core import registries
from strategium.engine.core.actions import Choose, Verdict
from strategium.engine.core.decisions import Decision, DecisionKind
from strategium.engine.core.timing import PlayerId

if TYPE_CHECKING:
    from strategium.engine.core.game import Game

CHOICE = "Choice"


@dataclass(frozen=True)
class BattleChoice(Decision):
    """A CHOOSE decision during the battle: ``topic`` names the handler that acts on the answer, ``subject``
    the unit it is about, ``resume`` the decision it interrupted and ``context`` any frozen value the handler
    needs afterwards (e.g. the resolved Shooting Attack)."""

    topic: str = ""
    subject: str = ""
    resume: Decision | None = None
    context: Any = None


@dataclass(frozen=True)
class Deferred(Decision):
    """Work left to do once the choice above it is answered: the continuation of ``topic`` runs with ``context``;
    ``resume`` is the decision pending before it. Never offered to a player."""

    topic: str = ""
    resume: Decision | None = None
    context: Any = None


ChoiceHandler = Callable[["Game", BattleChoice, str], None]
Continuation = Callable[["Game", Any], None]
_ANSWERS: dict[str, ChoiceHandler] = {}
_LATER: dict[str, Continuation] = {}


def continues(topic: str) -> Callable[[Continuation], Continuation]:
    """Decorator: the function that finishes deferred work of ``topic`` (one per topic)."""

    def register(fn: Continuation) -> Continuation:
        if topic in _LATER:
            raise ValueError(f"continuation topic {topic!r} already registered")
        _LATER[topic] = fn
        registries.changed()
        return fn

    return register


def defer(game: Game, topic: str, context: Any) -> None:
    """The pending choice was asked while other work was unfinished: finish it (``topic``'s continuation, with
    ``context``) only once that choice is answered."""
    pending = game.state.pending
    assert isinstance(pending, BattleChoice)
    later = Deferred(pending.player, DecisionKind.ACT, f"then: {topic}", (), None, topic, pending.resume, context)
    game.state.pending = replace(pending, resume=later)


def answers(topic: str) -> Callable[[ChoiceHandler], ChoiceHandler]:
    """Decorator: the function that applies the answer to a ``BattleChoice`` of ``topic`` (one per topic)."""

    def register(fn: ChoiceHandler) -> ChoiceHandler:
        if topic in _ANSWERS:
            raise ValueError(f"choice topic {topic!r} already has a handler")
        _ANSWERS[topic] = fn
        registries.changed()
        return fn

    return register


def ask(
    game: Game,
    player: PlayerId,
    topic: str,
    subject: str,
    prompt: str,
    options: tuple[str, ...],
    reason: Reason,
    context: Any = None,
) -> BattleChoice:
    """Stop the engine with a choice for ``player``; the pending decision is kept to resume afterwards."""
    choice = BattleChoice(
        player, DecisionKind.CHOOSE, prompt, options, reason, topic, subject, game.state.pending, context
    )
    game.state.pending = choice
    return choice


def check_choice(game: Game, action: Choose) -> Verdict:
    """Whether ``action`` answers the pending battle choice."""
    pending = game.pending
    if not isinstance(pending, BattleChoice) or pending.topic not in _ANSWERS:
        return Verdict(False, (Reason(CHOICE, "no choice is pending: act, or end the step"),))
    if action.option not in pending.options:
        return Verdict(False, (Reason(CHOICE, f"choose one of: {', '.join(pending.options)}"),))
    return Verdict(True)


def apply_choice(game: Game, action: Choose) -> None:
    """Apply a legal answer: the interrupted decision is pending again, then the topic's handler runs."""
    pending = game.pending
    assert isinstance(pending, BattleChoice)
    game.state.pending = pending.resume
    _ANSWERS[pending.topic](game, pending, action.option)
    while isinstance(game.state.pending, Deferred):
        later = game.state.pending
        game.state.pending = later.resume
        _LATER[later.topic](game, later.context)
