"""Assault Vehicle (Age of Darkness rulebook p.231) and who may Charge after disembarking (CORE_A §3.6, §5.10).

Paraphrase of what is implemented, as the ``disembarked`` blocker of ``Query.MAY_CHARGE``:

- a unit that disembarked this turn may not declare a Charge (the Assault Vehicle rule exists as a permission;
  rules configuration ``transports.disembarked_may_charge``, default false, lifts the ban for every Transport);
- unless it disembarked from a Vehicle with Assault Vehicle, through its Access Points: then it may Charge;
- but not when that Vehicle arrived from Reserves this turn;
- passengers that disembark from an Assault Vehicle in the last step (Step 5) of a Flanking Assault (p.311): the
  Games Workshop FAQ on Flanking Assaults lets them Charge, the later community Liber Panoptica changes that
  paragraph to forbid it; ``flanking_assault.assault_vehicle_passengers_may_charge`` decides (default false, the
  most recent of the two) and the ruling cites it.

The facts read are noted by :func:`strategium.engine.movement.transports.disembark_facts` when the unit disembarks.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from strategium.catalogue.citations import Reason
from strategium.combat.sources import configured
from strategium.engine.core.watchers import Fact
from strategium.engine.questions.queries import Block, Query, blocker

if TYPE_CHECKING:
    from strategium.engine.core.game import Game

RULE = "Assault Vehicle"
STEP_5 = "flanking_assault.assault_vehicle_passengers_may_charge"


def reason(text: str) -> Reason:
    """A ruling under Assault Vehicle (p.231)."""
    return Reason.of(RULE, text)


def disembarked_charge_block(game: Game, unit_id: str) -> Block | None:
    """Why a unit that disembarked this turn may not declare a Charge, or None (see the module docstring)."""
    s = game.state
    facts, config = s.facts, s.config
    if not facts.has(unit_id, Fact.DISEMBARKED) or config.transports.disembarked_may_charge:
        return None
    if not facts.has(unit_id, Fact.LEFT_ASSAULT_VEHICLE):
        text = "the unit disembarked this turn from a Transport without Assault Vehicle"
        return Block("disembarked", configured(config, "transports.disembarked_may_charge", text))
    if not facts.has(unit_id, Fact.LEFT_ARRIVED_TRANSPORT):
        return None
    if facts.has(unit_id, Fact.LEFT_IN_FLANKING_STEP_5):
        if config.flanking_assault.assault_vehicle_passengers_may_charge:
            return None
        text = "disembarked from an Assault Vehicle in Step 5 of a Flanking Assault: no Charge this turn"
        return Block("disembarked", configured(config, STEP_5, text))
    return Block("disembarked", reason("its Assault Vehicle arrived from Reserves this turn: no Charge"))


@blocker(Query.MAY_CHARGE)
def _disembarked(game: Game, unit_id: str) -> Block | None:
    return disembarked_charge_block(game, unit_id)
