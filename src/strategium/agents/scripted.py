"""A player that answers from a list of actions, in order (tests and replays)."""

from __future__ import annotations

from collections.abc import Iterable

from strategium.engine.core.actions import Action
from strategium.engine.core.game import Game
from strategium.engine.core.record import ForcedDice
from strategium.errors import StrategiumError


class ScriptExhaustedError(StrategiumError):
    """The script has no action left, or its next action is for the other player."""


class ScriptedPlayer:
    """Answers every decision with the next action of ``actions`` (one script may play both sides).

    Entries of a game's history that are not actions (``ForcedDice``) are skipped: a replay of a game that forced
    dice uses :meth:`strategium.engine.core.record.GameRecord.replay` instead. Raises :class:`ScriptExhaustedError` when
    the script is used up or its next action belongs to the other player.
    """

    def __init__(self, actions: Iterable[Action | ForcedDice]) -> None:
        self._actions = [a for a in actions if isinstance(a, Action)]
        self._next = 0

    @property
    def remaining(self) -> int:
        """How many actions are left."""
        return len(self._actions) - self._next

    def decide(self, game: Game) -> Action:
        pending = game.pending
        if pending is None:
            raise ScriptExhaustedError("the game is over: nothing to decide")
        if self._next >= len(self._actions):
            raise ScriptExhaustedError(f"the script has no action left at {game.state.clock} ({pending.prompt})")
        action = self._actions[self._next]
        if action.player != pending.player:
            raise ScriptExhaustedError(
                f"the script's next action '{action.text()}' is not for player {pending.player} ({pending.prompt})"
            )
        self._next += 1
        return action
