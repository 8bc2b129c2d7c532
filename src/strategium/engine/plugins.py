"""Every engine module that registers something when imported: action handlers, step and event hooks, query
blockers and exemptions, Characteristic modifier sources. ``engine.core.game`` imports this module once.

Only the engine's own modules are here: the rule plug-ins are imported by :mod:`strategium.rules`, which
entry points import (a game refuses to start without it, :func:`strategium.engine.core.registries.require_rules`).
"""

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
