"""What is not played yet of each rule the engine plays only in part (issue 20: "what is not played" shown to users).

``GAPS`` maps a registered rule's canonical name to one sentence, in the project's words, saying what of the rule
is not played yet. Every rule that :mod:`strategium.catalogue.status` marks ``PARTIAL`` has one (so
``strategium rules list``, ``strategium roster`` and the list of rules not played before a battle can show it); a
rule still ``NOT_YET`` may have one starting "blocked: " with the reason it cannot be played yet.
``tests/catalogue/test_status_gaps.py`` checks both, and that every key is a registered rule.

When a rule's status changes in ``status.py``, change (or remove) its line here too.
"""

from __future__ import annotations

from typing import Final

BLOCKED: Final = "blocked: "
"""The start of a gap that says why a ``NOT_YET`` rule cannot be played yet."""

GAPS: Final[dict[str, str]] = {
    # Rules of units, armies and wargear
    "Bitter Duty": "Models assigned to a unit (Legion Techmarines and Apothecaries) are not modelled, so that part "
    "of the rule has nothing to act on.",
    "Independent Character": "Challenges are not played.",
    "Fleet": "Each model adds its own (X) to its Run instead of the unit using its lowest (X), and an (X) that is not "
    "a number (D3) adds nothing.",
    "Move Through Cover": "The Initiative penalty for a Charge through Difficult Terrain (p.222) is not lifted.",
    "Fearless": "Ignoring the Fear special rule and cancelling a Pinned status when the unit gains Fearless are not "
    "played.",
    "Rage": "An (X) that is not a number (D3) counts as 1.",
    "Slow and Purposeful": "Firing Heavy and Ordnance weapons as if Stationary after moving, and Charging after "
    "firing them, are not played.",
    "Jump Pack": "The Movement of 12 it gives (and its Charge Distance bonus), moving over models and terrain, "
    "its Deep Strike and Bulky are not played.",
    "Jet Pack": "The +6 Movement it gives, moving over models and terrain, its Deep Strike and Bulky are not played.",
    "Hatred": "Only Hatred against every enemy is played; Hatred naming a foe (a Legion, a Unit Type) is not read yet.",
    # Rules of weapons
    # == issue 20, melee (w20g): add this package's lines below ==
    "Master-crafted": (
        "Once per turn is read as once per roll: a weapon rolling To Hit twice in one turn re-rolls a die in each."
    ),
    "Duellist's Edge": "Challenges are not fought yet, so the bonus never applies in a battle.",
    # == end w20g ==
    # == issue 20, vehicles (w20h): add this package's lines below ==
    # == end w20h ==
    # == issue 20, deflagrate (w20i): add this package's lines below ==
    # == end w20i ==
    # == issue 20, area (w20j): add this package's lines below ==
    # == end w20j ==
    # == issue 20, precision (w20k): add this package's lines below ==
    # == end w20k ==
    # == issue 20, ammo (w20l): add this package's lines below ==
    # == end w20l ==
    # == issue 20, sudden strike and haywire (w20o): add this package's lines below ==
    # == end w20o ==
    # == issue 20, infra (w20m): add this package's lines below ==
    "Blind": (
        "A Blind test caused in close combat is taken at the end of its combat rather than at the end of the "
        "Assault phase, and Reaction fire in the Assault phase tests at once."
    ),
    "Concussive": (
        "Reaction fire in the Assault phase takes its Concussive tests at once rather than at the end of the phase."
    ),
    "Template": (
        "Wall of Death against a unit charging from beyond 8 inches, a template laid to cover most of a "
        "Vehicle's hull, and Hellstorm templates are not played."
    ),
    "Barrage": (
        "A Multiple Barrage spread over several weapons' volleys (the closest firing first) and a direct shot"
        " within Minimum Range are not played."
    ),
    "Force": ("Force weapons fired in the Shooting phase and Force abilities that are not weapons are not played."),
    "Psychic Focus": (
        "Psychic Focus weapons in close combat are not played, nor a Psyker that failed its check firing "
        "another weapon."
    ),
    "Graviton Pulse": (
        "The Blast area does not become Difficult and Dangerous Terrain, and a Dreadnought or Automata in a "
        "mixed unit may still be allocated a Wound from the Strength roll."
    ),
    "Rad-Phage": ("A model other rules have already lowered to Toughness 1 can be lowered to 0."),
    "Limited Ammunition": ("A spent weapon is not counted as destroyed for a Weapon Destroyed result."),
    "One Use/One Shot": (
        "Close combat use, abilities with the rule, and its immunity to Weapon Destroyed and repairs are not played."
    ),
    "Skyfire": (
        "Flyers in flight (Zooming) are not modelled, so weapons without Skyfire are not forced to Snap Shots at them."
    ),
    "Rocket Barrage": ("Its Rending (4+) and Pinning do not last into the opponent's turn (Reaction shots)."),
    # == end w20m ==
}


def gap_of(name: str) -> str | None:
    """What is not played yet of the rule ``name`` (canonical), or None when nothing is written for it."""
    return GAPS.get(name)
