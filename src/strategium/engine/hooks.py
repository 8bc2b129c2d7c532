"""Step hooks: rule modules run code when a step of a Player Turn begins (the Reserves rolls at the start of
the Movement phase, Regroup tests, ...). A hook may replace the pending decision (e.g. to ask a player for a
choice); if it does nothing, the active player acts in the step as usual."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from strategium.engine.timing import Phase, SubPhase

if TYPE_CHECKING:
    from strategium.engine.game import Game

StepHook = Callable[["Game"], None]
_HOOKS: dict[tuple[Phase, SubPhase], list[StepHook]] = {}


def on_step(phase: Phase, sub_phase: SubPhase) -> Callable[[StepHook], StepHook]:
    """Decorator: run the function each time that step begins, in registration order."""

    def register(fn: StepHook) -> StepHook:
        _HOOKS.setdefault((phase, sub_phase), []).append(fn)
        return fn

    return register


def run_step_hooks(game: Game) -> None:
    """Run the hooks of the step the game has just entered."""
    c = game.state.clock
    for fn in _HOOKS.get((c.phase, c.sub_phase), ()):
        fn(game)
