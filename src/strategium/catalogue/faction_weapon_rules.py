"""Weapon special rules of the Libers (Astartes, Hereticus, Mechanicum, Imperium) and other faction books.

Paraphrases are the project's own words; for the text, see the book and page cited.
"""

from __future__ import annotations

from typing import Final

from strategium.catalogue.definitions import Book, RuleDef, RuleKind, XKind

_AB = Book.ASTARTES_BOTH
_LM = Book.LIBER_MECHANICUM
_N = XKind.NONE
_NUM = XKind.NUMBER
_TGT = XKind.TARGET
_TXT = XKind.TEXT
_W = RuleKind.WEAPON_RULE

FACTION_WEAPON_RULES: Final[tuple[RuleDef, ...]] = (
    # Liber Astartes / Liber Hereticus common weapon rules (pp.116-127).
    RuleDef(
        "Deathstorm",
        _N,
        _AB,
        118,
        "Shoots each of up to four enemy units in range and sight, once each.",
        kind=_W,
    ),
    RuleDef(
        "Detonation",
        _N,
        _AB,
        118,
        "Only for attacking Vehicles, Dreadnoughts, Automata, immobile models, Buildings and Fortifications; a "
        "model fighting with it in close combat makes a single attack.",
        kind=_W,
    ),
    RuleDef(
        "Feedback",
        _N,
        _AB,
        118,
        "A failed penetration or wound roll is followed by a D6; a 1 costs the firer a Hull Point or Wound.",
        kind=_W,
    ),
    RuleDef(
        "Heavy Beam",
        _N,
        _AB,
        121,
        'Fires along a 1" wide line out to its range, hitting models along the way.',
        kind=_W,
    ),
    RuleDef(
        "Limited Ammunition",
        _N,
        _AB,
        122,
        "After firing, a D6 (+1 if fired before) of 6 or more means it can fire no more this battle.",
        kind=_W,
    ),
    RuleDef(
        "Neutron-flux",
        _N,
        _AB,
        123,
        "Gains Instant Death against Automata.",
        kind=_W,
    ),
    RuleDef(
        "Plasma Burn",
        _N,
        _AB,
        123,
        "A Vehicle losing Hull Points to it may lose D3 more on a 4+.",
        kind=_W,
    ),
    RuleDef(
        "Reach",
        _NUM,
        _AB,
        123,
        "The wielder adds X to its Initiative when attacking in an Assault (only the best Reach counts).",
        kind=_W,
    ),
    RuleDef(
        "Reaping Blow",
        _NUM,
        _AB,
        124,
        "In base contact with two or more enemies at its Initiative step, the model gains X Attacks (1 if none).",
        kind=_W,
        aliases=("Reaping Blows",),
        default_x="1",
    ),
    RuleDef(
        "Rocket Barrage",
        _N,
        _AB,
        124,
        "If the carrier stays still in the Movement phase, the weapon may gain Rending (4+) and Pinning until "
        "its controller's next turn.",
        kind=_W,
    ),
    RuleDef(
        "Torsion Crusher",
        _N,
        _AB,
        126,
        "Hull Point damage it causes to targets with an Armour Value is doubled.",
        kind=_W,
    ),
    RuleDef(
        "Malfunction",
        _N,
        Book.LIBER_ASTARTES,
        229,
        "Fired as part of a Reaction, the weapon gains Gets Hot.",
        kind=_W,
    ),
    RuleDef(
        "Dragon's Breath",
        _N,
        Book.LIBER_ASTARTES,
        312,
        "With the Wall of Death rule the weapon inflicts D6 hits rather than D3.",
        kind=_W,
    ),
    RuleDef(
        "Achean Force",
        _N,
        Book.LIBER_HERETICUS,
        259,
        "A Psyker's weapon that can be empowered by a Psychic check before attacking (Thousand Sons).",
        kind=_W,
    ),
    # Liber Mechanicum and other faction weapon rules that appear in weapon profiles.
    RuleDef(
        "Cybertheurgic Focus",
        _N,
        _LM,
        94,
        "The Cybertheurgist takes a Cybertheurgy check before the hit rolls; failing brings Cybertheurgic Feedback.",
        kind=_W,
    ),
    RuleDef(
        "Data-djinn",
        _N,
        _LM,
        103,
        "Hits on anything but Automata, Vehicles, Dreadnoughts, Buildings or Fortifications never wound.",
        kind=_W,
    ),
    RuleDef(
        "Destructor",
        _N,
        _LM,
        103,
        "Each unsaved Wound or Hull Point lost becomes D6 of them, with more against the largest targets.",
        kind=_W,
    ),
    RuleDef(
        "Disruption",
        _TGT,
        _LM,
        103,
        "Hit rolls of X are automatic Glancing Hits on Vehicles and automatic Wounds on Dreadnoughts and Automata.",
        kind=_W,
    ),
    RuleDef(
        "Grav Wave",
        _N,
        _LM,
        104,
        "Any successful Charge against a unit carrying it counts as Disordered.",
        kind=_W,
    ),
    RuleDef(
        "Graviton Singularity",
        _N,
        _LM,
        104,
        "Roll before firing: a 1 hurts the firing unit, a 6 strengthens the shot.",
        kind=_W,
    ),
    RuleDef(
        "Ram",
        _NUM,
        Book.UNKNOWN,
        2,
        "A Ram Attack with this weapon adds X hits at the weapon's profile (Liber Mechanicum Errata and FAQ v1.0 p.2).",
        kind=_W,
    ),
    RuleDef(
        "Reactor Overload",
        _N,
        _LM,
        106,
        "The weapon may double its shots at the cost of D3 unsaveable damage to the firer.",
        kind=_W,
    ),
    RuleDef(
        "Seismic Shock",
        _N,
        _LM,
        108,
        "Damaged units halve their Movement and cannot Run or react until the end of the attacker's next "
        "Shooting phase.",
        kind=_W,
    ),
    RuleDef(
        "Sonic Wave",
        _N,
        _LM,
        108,
        "A 5\" marker is driven straight out from the firer's front along its arc, hitting what it crosses.",
        kind=_W,
    ),
    RuleDef(
        "Tempest",
        _N,
        _LM,
        110,
        "In place of its normal attacks, one hit at Initiative step 2 on every model touching the attacker.",
        kind=_W,
    ),
    RuleDef(
        "Vox Silence",
        _N,
        _LM,
        111,
        "Infantry and Cavalry in a unit hit lose 2 Leadership until their controller's next turn (no stacking).",
        kind=_W,
    ),
    RuleDef(
        "Wrecker",
        _N,
        _LM,
        111,
        "Penetrating Hits add 1 to Vehicle and Building Damage table rolls.",
        kind=_W,
    ),
    RuleDef(
        "Entangle",
        _NUM,
        Book.LIBER_IMPERIUM,
        132,
        "Wounds by comparing Strength with the target's Strength instead of its Toughness, with a further "
        "effect when it wounds.",
        kind=_W,
    ),
    RuleDef(
        "Impale",
        _N,
        Book.MARTIAN_CIVIL_WAR,
        132,
        "A unit that hit an enemy with it may re-roll the Charge roll against that enemy the same turn.",
        kind=_W,
    ),
    RuleDef(
        "Ungainly",
        _N,
        Book.LEGACIES_MILITIA,
        41,
        "Usable only on a turn its bearer Charges successfully, and then with no extra Attacks of any kind.",
        kind=_W,
    ),
    RuleDef(
        "Immaterial Blades",
        _TXT,
        Book.LEGACIES_DAEMONS,
        22,
        "Wound or penetration rolls of 6 are resolved at the better AP given in brackets (e.g. AP1).",
        kind=_W,
    ),
)
