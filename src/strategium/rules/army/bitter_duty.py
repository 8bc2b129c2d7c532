"""Bitter Duty (Liber Astartes / Liber Hereticus p.117): an army rule that closes a unit to outsiders.

In the project's words: a unit with any model that has Bitter Duty may not be joined by a model that lacks the
rule. One clause, **BD-1**, played as an answer to the engine's joining question
(:mod:`strategium.engine.questions.joining`), so it holds wherever a character joins: the pre-game ``JoinUnit``
and a ``Move`` that joins during the battle. The text limits only who joins a Bitter Duty unit: a character with
the rule may still join a unit without it (the literal reading; nothing in the text forbids it). The text also
names models *assigned* to such a unit (Legion Techmarines and Apothecaries); assigning models to units is not
played yet, so that part has nothing to act on.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from strategium.army.army import Unit
from strategium.catalogue.citations import Reason
from strategium.engine.questions.joining import JoinStage, join_rule

if TYPE_CHECKING:
    from strategium.engine.core.game import Game

RULE = "Bitter Duty"


def has_bitter_duty(unit: Unit) -> bool:
    """Whether any model of ``unit`` has Bitter Duty."""
    return any(m.has_rule(RULE) for m in unit.models)


def bd_1(character: Unit, host: Unit) -> Reason | None:
    """BD-1: why ``character`` may not join ``host`` (a unit with Bitter Duty, a character without), or None."""
    if not has_bitter_duty(host) or character.all_models_have(RULE):
        return None
    return Reason.of(RULE, f"BD-1: {host.name} has Bitter Duty: {character.name}, without it, may not join")


@join_rule
def _may_join(game: Game, character: Unit, host: Unit, stage: JoinStage) -> tuple[bool, Reason | None]:
    problem = bd_1(character, host)
    return problem is None, problem
