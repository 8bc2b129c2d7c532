"""Hooks: rule modules run code when a step of a Player Turn begins (the Reserves rolls at the start of the
Movement phase, Regroup tests, ...) and after "did" events (a Shooting Attack was resolved, units arrived from
Reserves...). A hook may replace the pending decision (e.g. to ask a player for a choice); if it does nothing,
the game goes on as before."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from strategium.engine.core import registries
from strategium.engine.core.timing import Phase, SubPhase

if TYPE_CHECKING:
    from strategium.engine.core.game import Game

StepHook = Callable[["Game"], None]
_HOOKS: dict[tuple[Phase, SubPhase], list[StepHook]] = {}


def on_step(phase: Phase, sub_phase: SubPhase) -> Callable[[StepHook], StepHook]:
    """Decorator: run the function each time that step begins, in registration order."""

    def register(fn: StepHook) -> StepHook:
        _HOOKS.setdefault((phase, sub_phase), []).append(fn)
        registries.changed()
        return fn

    return register


def run_step_hooks(game: Game) -> None:
    """Run the hooks of the step the game has just entered."""
    c = game.state.clock
    for fn in _HOOKS.get((c.phase, c.sub_phase), ()):
        fn(game)


EventHook = Callable[["Game", Any], None]
_EVENT_HOOKS: dict[type, list[EventHook]] = {}


def on_event(kind: type) -> Callable[[EventHook], EventHook]:
    """Decorator: run the function after every event of type ``kind`` is emitted with ``Game.emit`` ("did"
    events: a Shooting Attack was resolved, units arrived from Reserves...). Hooks run in registration order and
    may emit events of their own or set ``state.pending`` to ask a player something."""

    def register(fn: EventHook) -> EventHook:
        _EVENT_HOOKS.setdefault(kind, []).append(fn)
        registries.changed()
        return fn

    return register


def run_event_hooks(game: Game, event: object) -> None:
    """Run the hooks registered for the event's type."""
    for fn in _EVENT_HOOKS.get(type(event), ()):
        fn(game, event)
