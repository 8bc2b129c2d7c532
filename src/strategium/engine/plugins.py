"""Every module that registers something with the engine when imported: action handlers, step and event
hooks, query blockers and exemptions, Characteristic modifier sources. ``engine.game`` imports this module
once; add new rule modules here."""

from strategium.engine import (  # noqa: F401
    charge_eligibility,
    charge_moves,
    charges,
    consolidation,
    fight,
    morale,
    morale_checks,
    movement,
    reaction_blockers,
    reactions,
    regrouped,
    reserves_arrival,
    resolution,
    shooting,
    statuses,
    transports,
    vehicle_fire,
    vehicle_results,
)
from strategium.rules import (  # noqa: F401
    assault_vehicle,
    core_reactions,
    hammer_of_wrath,
    militia_cavalry_mount_run,
    relentless,
    stupefied,
    stupefied_assault,
)
