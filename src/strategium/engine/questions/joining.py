"""May this Independent Character join this unit? A question about a pair, answered by rule plug-ins.

The engine keeps the mechanics of joining (``UnitStatus.joined_to``; the pre-game ``JoinUnit`` and a ``Move``
that ends in coherency with the unit, Independent Character p.241); which pairs may join is for the rules: the
Independent Character rule itself (Unit Types, Sub-types, the Militia Cavalry Mount reading), Infiltrate's INF-10
after deployment, an army rule such as Bitter Duty. Each registers a :data:`JoinRule` with :func:`join_rule`.

A join rule answers ``(allowed, reason)``: when not allowed, the reason is why (the verdict's reason); when
allowed, an optional note (a configured reading the log should show when the character joins). Rules are asked in
registration order; the first refusal wins; the notes of rules that allow are collected.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING

from strategium.army.army import Unit
from strategium.catalogue.citations import Reason
from strategium.engine.core import registries

if TYPE_CHECKING:
    from strategium.engine.core.game import Game


IC_RULE = "Independent Character"
"""The core rule of joining (p.241), which the engine's own refusals cite."""


class JoinStage(StrEnum):
    """When a character joins: in the pre-game (``JoinUnit``) or by a move during the battle."""

    DEPLOYMENT = "deployment"
    MOVE = "move"


JoinRule = Callable[["Game", Unit, Unit, JoinStage], tuple[bool, Reason | None]]
"""``(game, character, host, stage) -> (allowed, reason or note)``."""

_JOIN_RULES: list[JoinRule] = []


def join_rule(fn: JoinRule) -> JoinRule:
    """Decorator: register a rule on who may join whom."""
    _JOIN_RULES.append(fn)
    registries.changed()
    return fn


@dataclass(frozen=True)
class JoinAnswer:
    """``problem``: why the character may not join (None: it may); ``notes``: rulings to log when it joins."""

    problem: Reason | None
    notes: tuple[Reason, ...] = ()

    def __bool__(self) -> bool:
        return self.problem is None


def may_join(game: Game, character: Unit, host: Unit, stage: JoinStage) -> JoinAnswer:
    """Ask every registered join rule whether ``character`` may join ``host`` at ``stage``."""
    notes: list[Reason] = []
    for fn in _JOIN_RULES:
        allowed, why = fn(game, character, host, stage)
        if not allowed:
            return JoinAnswer(why or Reason(IC_RULE, "may not join this unit", 241))
        if why is not None:
            notes.append(why)
    return JoinAnswer(None, tuple(notes))
