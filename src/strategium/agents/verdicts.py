"""The engine's verdicts on the actions proposed at one decision, kept so that no action is checked twice.

A player checks its proposals with ``Game.check`` before offering one; the loop that applies the action
(:func:`strategium.battle.run.drive`) must check it too. :class:`Verdicts` remembers each verdict for the very
action object it was given (by identity, holding the object, so its ``id`` cannot be reused), as long as the
game stands where it stood: same state object, same history and event counts, same pending decision. Any applied
action (or forced die) moves the game on, and the verdicts are forgotten. ``Game.check`` never changes the state,
so a remembered verdict is the one a new check would give.
"""

from __future__ import annotations

from collections.abc import Callable

from strategium.engine.core.actions import Action, Verdict
from strategium.engine.core.decisions import Decision
from strategium.engine.core.game import Game
from strategium.engine.core.state import GameState

Check = Callable[[Game, Action], Verdict]
"""How a proposal is checked: ``Game.check`` itself, or :meth:`Verdicts.check` (same verdicts, fewer checks)."""


class Verdicts:
    """``Game.check`` remembered for the actions checked at the current decision (see the module docstring).

    ``checks`` counts the engine checks actually made, ``reused`` the verdicts given again (for tests and
    profiles)."""

    def __init__(self) -> None:
        self._at = Decisions()
        self._seen: list[tuple[Action, Verdict]] = []
        self.checks = 0
        self.reused = 0

    def known(self, game: Game, action: Action) -> Verdict | None:
        """The verdict already given on this very ``action`` at the current decision, or None."""
        if self._at.moved_on(game):
            self._seen = []
        for seen, verdict in self._seen:
            if seen is action:
                return verdict
        return None

    def check(self, game: Game, action: Action) -> Verdict:
        """``game.check(action)``, made once per action object and decision."""
        verdict = self.known(game, action)
        if verdict is not None:
            self.reused += 1
            return verdict
        verdict = game.check(action)
        self.checks += 1
        self._seen.append((action, verdict))
        return verdict

    def forget(self) -> None:
        """Drop every remembered verdict (and the reference to the game's state)."""
        self._at = Decisions()
        self._seen = []


class Decisions:
    """Tells one decision from the next: the game has moved on when its state object, history or event count,
    or pending decision has changed (the state object is held, so its identity is never reused)."""

    def __init__(self) -> None:
        self._state: GameState | None = None
        self._pending: Decision | None = None
        self._marks = (-1, -1)

    def moved_on(self, game: Game) -> bool:
        """Whether the game stands elsewhere than at the last call (True at the first call)."""
        s = game.state
        marks = (len(s.history), len(s.events))
        if s is self._state and s.pending is self._pending and marks == self._marks:
            return False
        self._state, self._pending, self._marks = s, s.pending, marks
        return True
