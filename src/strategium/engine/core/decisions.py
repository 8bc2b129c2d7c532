"""Pending decisions: a rule that gives a player a choice stops the engine with a ``Decision`` value
(DESIGN principle 1). Any player (script, AI, human) answers it through the same loop with an action."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from strategium.catalogue.citations import Reason
from strategium.engine.core.timing import PlayerId


class DecisionKind(StrEnum):
    """What kind of answer a decision wants."""

    ACT = "act"  # the active player acts in the current step (actions of the step, or EndStep)
    CHOOSE = "choose"  # pick one of ``options`` (answered with ``Choose``)


@dataclass(frozen=True)
class Decision:
    """Who must decide what. ``options`` lists the choices of a ``CHOOSE`` decision; ``reason`` says which
    rule asks for it."""

    player: PlayerId
    kind: DecisionKind
    prompt: str
    options: tuple[str, ...] = ()
    reason: Reason | None = None
