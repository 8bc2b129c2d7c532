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
    exoshock_after_saves: bool = setting(
        False,
        description="Whether Exoshock (X) rolls only for a Penetrating Hit that was not saved (otherwise for every "
        "Penetrating Hit its Armour Penetration roll scored).",
        source="Exoshock (X), Age of Darkness rulebook p.237 (whether 'scores' is before or after saves is not said)",
        note="project reading: the Penetrating Hit is scored by the Armour Penetration roll, before saves",
        confidence=C.UNCONFIRMED,
    )
    armourbane_melta_in_close_combat: bool = setting(
        False,
        description="Whether Armourbane (Melta) gives its benefit to close combat attacks (as if at half range or "
        "less), otherwise only to Shooting Attacks made at half the weapon's range or less.",
        source="Armourbane (X), Age of Darkness rulebook p.231 (the Melta variant measures the attack against half "
        "the weapon's Maximum Range; a close combat attack has no range)",
        note="project reading: no benefit in close combat, as the condition cannot be met without a range",
        confidence=C.LIKELY,
    )
    # == end w20h ==
    # == issue 20, deflagrate (w20i): add this package's settings below ==
    deflagrate_counts: Literal["before_mitigation", "after_mitigation"] = setting(
        "after_mitigation",
        description="Which Wounds Deflagrate counts as the unsaved Wounds its weapon caused: every Wound not saved, "
        "including those a Damage Mitigation roll (Feel No Pain) then cancels (before_mitigation), or only those "
        "the models actually lost (after_mitigation).",
        source="Age of Darkness rulebook p.237 (Deflagrate counts the unsaved Wounds); Damage Mitigation rolls are "
        "taken against a Wound once it is unsaved, so the text is silent on which count it means; Feel No Pain p.238 "
        "treats a discounted Wound as saved (the default's reading)",
        note="default after_mitigation: Feel No Pain (p.238) has a discounted Wound treated as saved, so it is not one "
        "of the unsaved Wounds Deflagrate counts (a referee's reading); before_mitigation counts every failed save",
        confidence=C.CONTESTED,
    )
    deflagrate_brutal_wounds: Literal["each", "once"] = setting(
        "each",
        description="How Deflagrate counts a Brutal (X) Wound that became X Wounds on its model: each of those "
        "Wounds unsaved (each), or one per successful To Wound roll (once).",
        source="Age of Darkness rulebook p.237 (Deflagrate) and Brutal (X) (p.117): neither says",
        note="default each: Brutal's Wounds are Wounds the weapon caused, each unsaved on its own",
        confidence=C.LIKELY,
    )
    graviton_pulse_roll: Literal["below", "at_or_below"] = setting(
        "below",
        description="Which D6 rolls a model hit by a Graviton Pulse weapon passes: a roll lower than its Strength "
        "(below) or one at most its Strength (at_or_below); any other roll is a Wound, and a 6 always is.",
        source="Horus Heresy Errata and FAQ v1.2 p.2 (Graviton Pulse): the model must roll under its Strength",
        note="default below: under read as lower than; at_or_below reads it as a Characteristic test",
        confidence=C.LIKELY,
    )
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
    force_check: bool = setting(
        True,
        description="Whether a Psyker with a Force weapon always takes the Psychic check before its attacks (doubled "
        "Strength if passed, Perils of the Warp if failed); False: it never does.",
        source="Age of Darkness rulebook p.238 (Force: the check is the player's choice)",
        note="no player's choice inside an attack yet: the default takes the check",
        confidence=C.LIKELY,
    )
    perils_of_the_warp_wounds: Literal["1", "D3", "D6"] = setting(
        "D3",
        description="The Wounds Perils of the Warp inflicts on the Psyker's unit (Invulnerable Saves only, no Damage "
        "Mitigation), allocated to the Psyker first, then to the unit's other models.",
        source="Age of Darkness rulebook p.201 (Perils of the Warp: text not read)",
        note="inferred from a Warlord Trait whose D3 Wounds (Invulnerable Saves only, no Damage Mitigation) stand in "
        "for Perils of the Warp; the Psyker first from the Force text's 'if the Psyker survives'",
        confidence=C.UNCONFIRMED,
    )
    # == end w20k ==
    # == issue 20, ammo (w20l): add this package's settings below ==
    # == end w20l ==
    # == issue 20, infra (w20m): add this package's settings below ==
    # == end w20m ==
    # == issue 20, sudden strike and haywire (w20o): add this package's settings below ==
    haywire_six_other_models: Literal["invulnerable", "no_saves"] = setting(
        "invulnerable",
        description="What a Haywire roll of 6 does to a model that is no Vehicle, Dreadnought nor Automata in a unit "
        "Haywire acts on: 1 Wound against which only an Invulnerable Save or Damage Mitigation may be taken, as a "
        "2-5 (invulnerable), or 1 Wound with no save nor Damage Mitigation (no_saves).",
        source="Horus Heresy Errata and FAQ v1.2 p.3 (Haywire): the 6 result names only Vehicles, Dreadnoughts and "
        "Automata",
        note="default invulnerable: the 2-5 result covers every other model and a 6 is not read as less",
        confidence=C.UNCONFIRMED,
    )
    # == end w20o ==
