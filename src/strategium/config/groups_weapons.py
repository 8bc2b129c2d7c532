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
    ungainly_blocks_second_weapon_attack: bool = setting(
        False,
        description="Whether a model fighting with an Ungainly weapon also loses the +1 Attack for a second Melee "
        "weapon (p.177), which is a core rule rather than a special rule.",
        source="Legacies of the Age of Darkness: Imperialis Militia p.41 (Ungainly names the Charge bonus and special "
        "rules only)",
        note="literal reading: only the Charge bonus and special rules' extra Attacks are lost (the lances that carry "
        "Ungainly are Two-handed anyway)",
        confidence=C.LIKELY,
    )
    # == end w20g ==
    # == issue 20, vehicles (w20h): add this package's settings below ==
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
