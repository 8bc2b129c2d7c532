"""Every module that registers something with the engine when imported: action handlers, step and event
hooks, query blockers and exemptions, Characteristic modifier sources. ``engine.game`` imports this module
once; add new rule modules here."""

from strategium.engine.assault import (
    charge_eligibility,  # noqa: F401
    charge_moves,  # noqa: F401
    charges,  # noqa: F401
    consolidation,  # noqa: F401
    fight,  # noqa: F401
    resolution,  # noqa: F401
)
from strategium.engine.attacks import vehicle_results  # noqa: F401
from strategium.engine.morale import checks as morale_checks  # noqa: F401
from strategium.engine.morale import leadership as morale  # noqa: F401
from strategium.engine.morale import (
    regrouped,  # noqa: F401
    statuses,  # noqa: F401
)
from strategium.engine.movement import move as movement  # noqa: F401
from strategium.engine.movement import reserves as reserves_arrival  # noqa: F401
from strategium.engine.movement import (
    transports,  # noqa: F401
    vehicle_fire,  # noqa: F401
)
from strategium.engine.reactions import blockers as reaction_blockers  # noqa: F401
from strategium.engine.reactions import windows as reactions  # noqa: F401
from strategium.engine.shooting import attack as shooting  # noqa: F401
from strategium.rules.core import reactions as core_reactions  # noqa: F401
from strategium.rules.seed import (
    hammer_of_wrath,  # noqa: F401
    militia_cavalry_mount_run,  # noqa: F401
    relentless,  # noqa: F401
    stupefied,  # noqa: F401
    stupefied_assault,  # noqa: F401
)
from strategium.rules.unit import (
    assault_vehicle,  # noqa: F401
    slow_and_purposeful,  # noqa: F401
    stubborn,  # noqa: F401
)
from strategium.rules.wargear import packs  # noqa: F401
