"""Infiltrate (Age of Darkness rulebook p.242): clauses INF-1..INF-10 of SEED_RULES.md.

Paraphrase: a unit with at least one Infiltrate model may deploy after every other unit (INF-1), placed more
than 9" from all enemy units out of sight of the deployed enemy (INF-3), or in a Building more than 9" away
(INF-4), or more than 12" away in plain sight (INF-5); a Dedicated Transport it rides in is placed under the same
limits (INF-6); it may not Charge in its first turn (INF-7); kept in Reserves it gains Outflank (INF-8); it may
then also Scout (INF-9); Independent Characters join only if both or neither can Infiltrate (INF-10). INF-10 speaks
of deployment: whether it also bars joining by a move later in the game is contested (:func:`late_join`, rules
configuration ``statuses.ic_may_join_infiltrated_unit_after_deployment``, default: it does not).
The geometry of INF-3..INF-5 lives in :mod:`strategium.geometry.regions`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from strategium.army.army import Unit
from strategium.catalogue.citations import Reason
from strategium.combat.sources import configured
from strategium.engine.core.board import DeployedBy
from strategium.engine.questions.joining import JoinStage, join_rule

if TYPE_CHECKING:
    from strategium.engine.core.game import Game

RULE = "Infiltrate"
LATE_JOIN = "statuses.ic_may_join_infiltrated_unit_after_deployment"


def reason(clause: str, text: str) -> Reason:
    """A ruling under Infiltrate, naming the clause."""
    return Reason.of(RULE, f"{clause}: {text}")


def can_infiltrate(unit: Unit) -> bool:
    """INF-1: the unit contains at least one model with Infiltrate."""
    return unit.any_model_has(RULE)


def character_join_problem(unit: Unit, characters: Sequence[Unit]) -> Reason | None:
    """INF-10: an infiltrating unit's joined Independent Characters must all have Infiltrate, and the unit
    itself must have it without them. Returns the reason it is refused, or None."""
    if not can_infiltrate(unit):
        return reason("INF-10", f"{unit.name} has no Infiltrate models, so a character cannot infiltrate with it")
    for ic in characters:
        if not can_infiltrate(ic):
            return reason("INF-10", f"{ic.name} lacks Infiltrate and may not join an infiltrating unit")
    return None


def late_join(game: Game, character_id: str, unit_id: str) -> tuple[bool, Reason | None]:
    """INF-10 after deployment: (may the character join the unit by a move, the ruling that says why), the ruling
    None when INF-10 has nothing to say (neither deployed by Infiltrate across the line INF-10 draws).

    The line: an Independent Character without Infiltrate joining a unit that deployed by Infiltrate, or one that
    deployed by Infiltrate joining a unit without Infiltrate."""
    s = game.state
    ic, host = s.unit(character_id), s.unit(unit_id)
    if s.units[unit_id].deployed_by is DeployedBy.INFILTRATE and not can_infiltrate(ic):
        text = f"{ic.name} lacks Infiltrate and {host.name} deployed by Infiltrate"
    elif s.units[character_id].deployed_by is DeployedBy.INFILTRATE and not can_infiltrate(host):
        text = f"{ic.name} deployed by Infiltrate and {host.name} lacks Infiltrate"
    else:
        return True, None
    allowed = s.config.statuses.ic_may_join_infiltrated_unit_after_deployment
    verdict = "the ban is on joining during deployment only: it may join" if allowed else "it may not join"
    return allowed, configured(s.config, LATE_JOIN, f"INF-10: {text}; {verdict}")


@join_rule
def _late_join(game: Game, character: Unit, host: Unit, stage: JoinStage) -> tuple[bool, Reason | None]:
    """INF-10 after deployment, for a character joining a unit by a move (:func:`late_join`)."""
    if stage is not JoinStage.MOVE:
        return True, None
    return late_join(game, character.id, host.id)
