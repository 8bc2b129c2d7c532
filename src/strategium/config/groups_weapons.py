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
    exoshock_after_saves: bool = setting(
        False,
        description="Whether Exoshock (X) rolls only for a Penetrating Hit that was not saved (otherwise for every "
        "Penetrating Hit its Armour Penetration roll scored).",
        source="Exoshock (X), Age of Darkness rulebook p.237 (whether 'scores' is before or after saves is not said)",
        note="project reading: the Penetrating Hit is scored by the Armour Penetration roll, before saves",
        confidence=C.UNCONFIRMED,
    )
    # == end w20h ==
    # == issue 20, deflagrate (w20i): add this package's settings below ==
    # == end w20i ==
    # == issue 20, area (w20j): add this package's settings below ==
    # == end w20j ==
    # == issue 20, precision (w20k): add this package's settings below ==
    # == end w20k ==
    # == issue 20, ammo (w20l): add this package's settings below ==
    # == end w20l ==
    # == issue 20, infra (w20m): add this package's settings below ==
    # == end w20m ==
