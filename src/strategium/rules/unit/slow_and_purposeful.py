"""Slow and Purposeful (Age of Darkness rulebook p.247; CORE_A §5.2, §5.5; CORE_B §4.2, §5.6).

Paraphrase of what is implemented, as blockers: a unit with one or more models with Slow and Purposeful

- cannot Run (``Query.MAY_RUN``, at the place :data:`strategium.engine.movement.move.RULES_THAT_FORBID_RUNNING`:
  its living models);
- makes no Reactions (``Query.MAY_REACT``, at the place
  :data:`strategium.engine.reactions.blockers.RULES_THAT_FORBID_REACTIONS`: its models standing on the table, or all
  of them when none stands);
- makes no Sweeping Advance (``Query.MAY_SWEEP``: its living models and its joined characters').

Not modelled yet (status partial): firing Heavy and Ordnance weapons as if Stationary after moving, and Charging
after firing them (as Relentless does, p.245).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from strategium.catalogue.citations import Reason
from strategium.engine.attacks import damage
from strategium.engine.movement.common import living
from strategium.engine.movement.move import RULES_THAT_FORBID_RUNNING
from strategium.engine.questions.queries import Block, Query, blocker
from strategium.engine.reactions.blockers import RULES_THAT_FORBID_REACTIONS

if TYPE_CHECKING:
    from strategium.engine.core.game import Game

RULE = "Slow and Purposeful"
NO_RUN = Block("slow-and-purposeful", Reason.of(RULE, "the unit cannot Run"))
NO_REACTIONS = Block("slow-and-purposeful", Reason.of(RULE, "the unit makes no Reactions"))
NO_SWEEP = Block("slow-and-purposeful", Reason.of(RULE, "the unit makes no Sweeping Advance"))


@blocker(Query.MAY_RUN, at=RULES_THAT_FORBID_RUNNING)
def _no_run(game: Game, unit_id: str) -> Block | None:
    models = living(game.state, [game.state.unit(unit_id)])
    return NO_RUN if any(m.has_rule(RULE) for _, m in models) else None


@blocker(Query.MAY_REACT, at=RULES_THAT_FORBID_REACTIONS)
def _no_reactions(game: Game, unit_id: str) -> Block | None:
    unit = game.state.unit(unit_id)
    if not any(m.has_rule(RULE) for m in unit.models):
        return None  # whichever models stand
    poses = game.state.units[unit_id].poses
    standing = [m for m in unit.models if m.id in poses] or unit.models
    return NO_REACTIONS if any(m.has_rule(RULE) for m in standing) else None


@blocker(Query.MAY_SWEEP)
def _no_sweeping_advance(game: Game, unit_id: str) -> Block | None:
    return NO_SWEEP if any(m.has_rule(RULE) for _, m in damage.living(game, unit_id)) else None
