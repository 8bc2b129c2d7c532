"""The rule plug-ins: each special rule that needs code of its own registers on the engine's hooks and queries
when its module is imported. Importing this package loads them all, in a fixed order (the order in which a
rule's blockers, exemptions and hooks are asked, and so the order of the reasons in a ruling), and tells the engine
that its rules are there; ``Game.new`` refuses to start a game before.

By kind: ``rules/core/`` (the core Reactions), ``rules/seed/`` (the seed rules), ``rules/unit/`` (unit and model
rules), ``rules/army/`` (army and Legion rules), ``rules/weapon/`` (weapon rules acting beyond the attack pipeline:
Gets Hot, Detonation). Rules that are data (declared clauses) live in :mod:`strategium.catalogue` and need no module
here (docs/declared-rules.md).
"""

# isort: off
# The engine registers first, then each plug-in in this order (keep it: it is the order of the reasons).
from strategium.engine.core import game as _engine  # noqa: F401
from strategium.engine.core import registries as _registries
from strategium.rules.unit import independent_character  # noqa: F401
from strategium.rules.core import reactions as core_reactions  # noqa: F401
from strategium.rules.seed import hammer_of_wrath  # noqa: F401
from strategium.rules.seed import militia_cavalry_mount_run  # noqa: F401
from strategium.rules.seed import relentless  # noqa: F401
from strategium.rules.seed import stupefied  # noqa: F401
from strategium.rules.seed import stupefied_assault  # noqa: F401
from strategium.rules.unit import assault_vehicle  # noqa: F401
from strategium.rules.unit import slow_and_purposeful  # noqa: F401
from strategium.rules.unit import stubborn  # noqa: F401
from strategium.rules.unit import fleet  # noqa: F401
from strategium.rules.unit import move_through_cover  # noqa: F401
from strategium.rules.unit import pathfinder  # noqa: F401
from strategium.rules.wargear import packs  # noqa: F401
from strategium.rules.seed import infiltrate_step  # noqa: F401
from strategium.rules.seed import scout_step  # noqa: F401
from strategium.rules.seed import outflank  # noqa: F401
from strategium.rules.army import bitter_duty  # noqa: F401
from strategium.rules.weapon import gets_hot  # noqa: F401
from strategium.rules.weapon import detonation  # noqa: F401
from strategium.rules.weapon import ungainly  # noqa: F401
from strategium.rules.weapon import grav_wave  # noqa: F401
from strategium.rules.weapon import achean_force  # noqa: F401
from strategium.rules.weapon import force  # noqa: F401
from strategium.rules.weapon import psychic_focus  # noqa: F401
from strategium.rules.weapon import deflagrate  # noqa: F401
from strategium.rules.weapon import rad_phage  # noqa: F401
from strategium.rules.weapon import ammunition  # noqa: F401
from strategium.rules.weapon import skyfire  # noqa: F401
from strategium.rules.weapon import rocket_barrage  # noqa: F401
# isort: on

_registries.rules_loaded()
