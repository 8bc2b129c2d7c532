"""Actions: small frozen values with a text form (STYLE item 2).

Each action is what one player does at one moment. The engine checks it (``Game.check``) and applies it
(``Game.apply``); an illegal action raises :class:`IllegalActionError` and leaves the state unchanged.
"""

from __future__ import annotations

from dataclasses import dataclass

from strategium.engine.citations import Reason
from strategium.engine.timing import PlayerId
from strategium.errors import StrategiumError


@dataclass(frozen=True)
class Action:
    """Base of all actions; ``player`` is who takes it."""

    player: PlayerId

    def text(self) -> str:
        """A short readable form, e.g. ``P1 end step``."""
        raise NotImplementedError


@dataclass(frozen=True)
class EndStep(Action):
    """The player has nothing more to do in the current step (phase or sub-phase)."""

    def text(self) -> str:
        return f"P{self.player} end step"


@dataclass(frozen=True)
class Choose(Action):
    """Answer the pending decision with one of its options."""

    option: str

    def text(self) -> str:
        return f"P{self.player} choose {self.option}"


@dataclass(frozen=True)
class Verdict:
    """Whether an action is legal, and why (each reason cites its rule and page)."""

    legal: bool
    reasons: tuple[Reason, ...] = ()

    def __bool__(self) -> bool:
        return self.legal


class IllegalActionError(StrategiumError):
    """An action the rules do not allow; carries the verdict with its reasons. The state is unchanged."""

    def __init__(self, action: Action, verdict: Verdict) -> None:
        self.action = action
        self.verdict = verdict
        why = "; ".join(str(r) for r in verdict.reasons) or "not allowed now"
        super().__init__(f"illegal action '{action.text()}': {why}")
