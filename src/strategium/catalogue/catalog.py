"""The registered special rules (``CATALOG``), gathered from the catalogue modules.

- ``catalog_core``: the seed rules and the rulebook's model special rules.
- ``catalog_weapons``: the rulebook's weapon special rules; ``catalog_weapons_factions``: the Libers' and others'.
- ``catalog_types``: Unit Type and Sub-type markers.
- ``catalog_army``: wargear, vehicle, fortification and army-wide rules.
"""

from __future__ import annotations

from typing import Final

from strategium.catalogue.army_rules import ARMY_RULES
from strategium.catalogue.core_rules import CORE_RULES, SEED_RULES
from strategium.catalogue.definitions import RuleDef
from strategium.catalogue.faction_weapon_rules import FACTION_WEAPON_RULES
from strategium.catalogue.type_rules import SUB_TYPE_RULES, UNIT_TYPE_RULES
from strategium.catalogue.weapon_rules import WEAPON_RULES

CATALOG: Final[tuple[RuleDef, ...]] = (
    *SEED_RULES,
    *CORE_RULES,
    *WEAPON_RULES,
    *FACTION_WEAPON_RULES,
    *UNIT_TYPE_RULES,
    *SUB_TYPE_RULES,
    *ARMY_RULES,
)
