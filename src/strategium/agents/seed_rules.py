"""Which seed-rule moments happened in a game, read from its log (for the demo tests, the battle summary and
Monte Carlo counts): Infiltrators placed (INF-3/INF-5), Scout redeployments (SCT-1), a Flanking Assault arriving
(OUT-1), a Militia Cavalry Mount Run gaining Shrouded (5+) (MCM-1), a unit becoming Stupefied (STU-1), a Shrouded
Damage Mitigation roll, Hammer of Wrath hits (HOW-1) and a Charge declared thanks to Relentless (REL-2)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from strategium.engine.assault.charges import ChargeDeclared
from strategium.engine.assault.fight import MeleeAttacksResolved
from strategium.engine.core.board import ReserveMode
from strategium.engine.core.effects import EffectKind
from strategium.engine.core.events import DiceRolled, EffectApplied, Event, UnitPlaced
from strategium.engine.movement.reserves import UnitsArrived

INFILTRATE = "Infiltrators placed"
SCOUT = "Scout redeployment"
FLANKING_ASSAULT = "Flanking Assault arrived"
MILITIA_RUN = "Militia Cavalry Mount Run: Shrouded (5+) gained"
STUPEFIED = "unit became Stupefied"
SHROUDED_ROLL = "Shrouded roll"
HAMMER_OF_WRATH = "Hammer of Wrath hits"
RELENTLESS_CHARGE = "Relentless: Charge after firing"

MOMENTS = (
    INFILTRATE,
    SCOUT,
    FLANKING_ASSAULT,
    MILITIA_RUN,
    STUPEFIED,
    SHROUDED_ROLL,
    HAMMER_OF_WRATH,
    RELENTLESS_CHARGE,
)
"""Every moment counted, in the order a report lists them."""


def moment_of(event: Event) -> str | None:
    """The seed-rule moment ``event`` records, or None."""
    if isinstance(event, UnitPlaced):
        return {"infiltrated": INFILTRATE, "redeployed": SCOUT}.get(event.how)
    if isinstance(event, UnitsArrived):
        return FLANKING_ASSAULT if event.mode is ReserveMode.FLANKING_ASSAULT and event.unit_ids else None
    if isinstance(event, EffectApplied):
        effect = event.effect
        if effect.kind is EffectKind.STUPEFIED:
            return STUPEFIED
        if effect.kind is EffectKind.GRANTS_RULE and effect.reason.rule == "Militia Cavalry Mount":
            return MILITIA_RUN
        return None
    if isinstance(event, DiceRolled):
        return SHROUDED_ROLL if event.roll.reason.startswith("Shrouded") else None
    if isinstance(event, MeleeAttacksResolved):
        return HAMMER_OF_WRATH if "Hammer of Wrath" in event.weapon and event.hits > 0 else None
    if isinstance(event, ChargeDeclared):
        return RELENTLESS_CHARGE if any(r.rule == "Relentless" for r in event.why) else None
    return None


def count_moments(events: Iterable[Event]) -> Counter[str]:
    """How many times each moment happened (moments that never happened are absent)."""
    return Counter(m for e in events if (m := moment_of(e)) is not None)
