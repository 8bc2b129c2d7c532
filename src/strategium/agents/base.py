"""The one loop every player goes through: a :class:`Player` answers the pending decision of its side with an
:class:`~strategium.engine.core.actions.Action`; :func:`play` checks each action with ``Game.check`` before applying it.

An illegal action from a player is a bug in that player, not a game event: :func:`play` raises
:class:`PlayerError` with the engine's verdict (its reasons cite rule and page).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Protocol

from strategium.agents.verdicts import Verdicts
from strategium.engine.core.actions import Action, Verdict
from strategium.engine.core.game import Game
from strategium.engine.core.timing import PlayerId
from strategium.errors import StrategiumError


class Player(Protocol):
    """Anything that answers the engine's pending decision for its side."""

    def decide(self, game: Game) -> Action:
        """The action for ``game.pending`` (whose ``player`` is this player's side). Must not change ``game``."""
        ...


class PlayerError(StrategiumError):
    """A player offered an action the engine refuses (a bug in the player); carries the action and verdict."""

    def __init__(self, action: Action, verdict: Verdict, where: str) -> None:
        self.action = action
        self.verdict = verdict
        why = "; ".join(str(r) for r in verdict.reasons) or "not allowed now"
        super().__init__(f"player {action.player} offered an illegal action at {where}: '{action.text()}': {why}")


class GameTooLongError(StrategiumError):
    """The game did not end within the allowed number of actions (a player that never ends its steps)."""


AfterAction = Callable[[Game, Action], None]
"""Called after every applied action (e.g. the state invariants of :mod:`strategium.agents.invariants`)."""


def play(
    game: Game,
    players: Mapping[PlayerId, Player],
    max_actions: int = 20_000,
    after: AfterAction | None = None,
) -> Game:
    """Play ``game`` until it is over: ask the player of each pending decision, check, apply.

    ``players`` maps 1 and 2 to their players (the same object may play both sides). Returns ``game`` (changed in
    place). Raises :class:`PlayerError` for an illegal action and :class:`GameTooLongError` after ``max_actions``
    actions.
    """
    count = 0
    while game.pending is not None:
        if count >= max_actions:
            raise GameTooLongError(f"the game was not over after {max_actions} actions ({game.state.clock})")
        pending = game.pending
        player = players[pending.player]
        action = player.decide(game)
        verdicts = getattr(player, "verdicts", None)  # the player's own verdicts: its final proposal is not re-checked
        verdict = verdicts.check(game, action) if isinstance(verdicts, Verdicts) else game.check(action)
        if not verdict.legal:
            raise PlayerError(action, verdict, f"{game.state.clock} ({pending.prompt})")
        game.apply(action)
        count += 1
        if after is not None:
            after(game, action)
    return game
