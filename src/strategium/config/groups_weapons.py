"""Settings for weapon special rules whose text is unknown or disputed (issue 20): one group, ``weapon_rules``.

Each ``source`` is what a user can look up (book and page); each ``note`` says which reading the default takes.
"""

from __future__ import annotations

from typing import Literal

from strategium.config.metadata import Confidence, ConfigGroup, setting

C = Confidence
_ = (Literal, setting)  # used by the settings below as they are added


class WeaponRulesConfig(ConfigGroup):
    """Readings of weapon special rules (Deflagrate, Armourbane, Sunder, Blast and the others) held as settings."""

    # == issue 20, melee (w20g): add this package's settings below ==
    # == end w20g ==
    # == issue 20, vehicles (w20h): add this package's settings below ==
    # == end w20h ==
    # == issue 20, deflagrate (w20i): add this package's settings below ==
    # == end w20i ==
    # == issue 20, area (w20j): add this package's settings below ==
    barrage_indirect_in_reactions: bool = setting(
        False,
        description="Whether a Barrage weapon may fire indirectly (at a target its firer cannot see) in a Shooting "
        "Attack made as a Reaction (Interceptor, Return Fire) or only in its own Shooting phase.",
        source="Barrage, rulebook p.232 (indirect fire; Reactions not named); Return Fire forbids indirect fire "
        "(Age of Darkness Errata and FAQ v1.0)",
        note="CORE_B §1.8, §4.3: off, the Return Fire text read for every Reaction",
        confidence=C.LIKELY,
    )
    blast_facing_from: Literal["firer", "marker"] = setting(
        "firer",
        description="Where a Vehicle's Facing against a Blast marker's hits is judged from: the firing model (as "
        "for every shot, p.207) or the centre of the marker (the 7th-edition convention).",
        source="Blast, rulebook p.234 (the Facing is not named); Vehicle Facing p.207 (the firer's position)",
        note="CORE_B §2.2: marker centre is 7th edition, unconfirmed for HH2",
        confidence=C.UNCONFIRMED,
    )
    # == end w20j ==
    # == issue 20, precision (w20k): add this package's settings below ==
    # == end w20k ==
    # == issue 20, ammo (w20l): add this package's settings below ==
    # == end w20l ==
    # == issue 20, infra (w20m): add this package's settings below ==
    # == end w20m ==
