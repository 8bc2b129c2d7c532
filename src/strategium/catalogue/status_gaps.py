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
    "Sudden Strike": (
        "An (X) that is not a number (D3) counts as 1; the bonus is not carried to the other uses of the Initiative"
        " in that phase (a Sweeping Advance read at the modified Initiative, the Consolidation)."
    ),
    "Slow and Purposeful": "Firing Heavy and Ordnance weapons as if Stationary after moving, and Charging after "
    "firing them, are not played.",
    "Jump Pack": "The Movement of 12 it gives (and its Charge Distance bonus), moving over models and terrain, "
    "its Deep Strike and Bulky are not played.",
    "Jet Pack": "The +6 Movement it gives, moving over models and terrain, its Deep Strike and Bulky are not played.",
    "Hatred": "Only Hatred against every enemy is played; Hatred naming a foe (a Legion, a Unit Type) is not read yet.",
    # Rules of weapons
    "Blind": "Only shooting attacks cause the Initiative test; a Blind close combat attack does not.",
    "Concussive": "Only shooting attacks cause the Leadership test; a Concussive close combat attack does not.",
    "Template": "Templates are not fired in Reactions (Wall of Death in an Overwatch), and a Twin-linked Template "
    "does not re-roll its failed To Wound and Armour Penetration rolls.",
    "Blast": "Barrage weapons fire directly, as Blasts: their indirect fire (a full 2D6 scatter) is not played.",
    "Large Blast": "Barrage weapons fire directly, as Blasts: their indirect fire (a full 2D6 scatter) is not played.",
    "Massive Blast": "Barrage weapons fire directly, as Blasts: their indirect fire (a full 2D6 scatter) is not "
    "played.",
    "Apocalyptic Blast": "Barrage weapons fire directly, as Blasts: their indirect fire (a full 2D6 scatter) is not "
    "played.",
    "Twin-linked": "A Twin-linked Template weapon's forced re-roll of failed To Wound and Armour Penetration rolls "
    "(p.249) is not played.",
    "Fleshbane": "Dreadnoughts and Automata re-rolling successful Fleshbane Wounds (p.195) is not played: the attack "
    "pipeline does not know the target's Unit Type.",
    "Poisoned": "Dreadnoughts and Automata re-rolling successful Poisoned Wounds (p.195) is not played: the attack "
    "pipeline does not know the target's Unit Type.",
    "Armourbane": "Armourbane (Melta)'s half-range condition, its re-roll of failed To Wound rolls against "
    "Automata and Dreadnoughts, and a model's own Armourbane when it shoots are not played.",
    "Gets Hot": "A Vehicle destroyed by it is neither Wrecked nor exploding, and a model firing several templates "
    "that loses only some of them still fires them all.",
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
    # == issue 20, infra (w20m): add this package's lines below ==
    # == end w20m ==
}


def gap_of(name: str) -> str | None:
    """What is not played yet of the rule ``name`` (canonical), or None when nothing is written for it."""
    return GAPS.get(name)
