"""Jump Packs and Jet Packs (Age of Darkness rulebook p.163; CORE_A §5.2, §5.6).

Paraphrase of what is implemented: a unit with one or more living models with a Jump Pack, or else with a Jet Pack,
cannot Run (a ``Query.MAY_RUN`` blocker at the place
:data:`strategium.engine.movement.move.RULES_THAT_FORBID_RUNNING`, after Slow and Purposeful's; the Jump Pack is
named when the unit has both). Jet Pack units add 6" to their Initiative-based Reaction moves
(:mod:`strategium.rules.core.reactions`).

Not modelled yet (status partial): a Jump Pack unit's Movement of 12 for the turn and its Charge Distance bonus; a
Jet Pack unit's +6 Movement and moving over models and terrain; the Deep Strike and Bulky they give.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from strategium.catalogue.citations import Reason
from strategium.engine.movement.common import living
from strategium.engine.movement.move import RULES_THAT_FORBID_RUNNING
from strategium.engine.questions.queries import Block, Query, blocker

if TYPE_CHECKING:
    from strategium.engine.core.game import Game

PACKS = ("Jump Pack", "Jet Pack")


@blocker(Query.MAY_RUN, at=RULES_THAT_FORBID_RUNNING)
def _no_run(game: Game, unit_id: str) -> Block | None:
    models = [m for _, m in living(game.state, [game.state.unit(unit_id)])]
    for rule in PACKS:
        if any(m.has_rule(rule) for m in models):
            return Block("packs", Reason.of(rule, f"a unit with a {rule} cannot Run"))
    return None
