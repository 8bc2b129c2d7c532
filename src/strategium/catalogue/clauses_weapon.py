"""Declared clauses of weapon special rules (bearer: the weapon; ``Bearer.WEAPON_OR_MODEL``: also the attacking
model that has the rule, on its close combat attacks), by canonical rule name.

Each clause is data in the vocabulary of :mod:`strategium.catalogue.declared`, played by
:mod:`strategium.combat.declared`; book, page and paraphrase are the rule's ``RuleDef``. Sources and confidence of
each reading are beside the rule.
"""

from __future__ import annotations

from typing import Final

from strategium.catalogue.declared import (
    AddDice,
    AutoWound,
    Bearer,
    Clause,
    InstantDeath,
    MultiplyWounds,
    Natural,
    Not,
    Reroll,
    RerollWhich,
    SetAp,
    Situation,
    Trigger,
    Variant,
    X,
)

WEAPON_CLAUSES: Final[dict[str, tuple[Clause, ...]]] = {
    # Brutal (X), Liber Astartes p.117 (bsdata; CORE_B §1.7): a Wound allocated to a model becomes X Wounds on it, each
    # with the initial Wound's AP and special rules (so each inflicts Instant Death if it did) and each saved on its
    # own; the Damage Mitigation roll, made per unsaved Wound (p.174), is so made per Wound after multiplying. Wounds
    # left once the model is removed are lost: they do not spill over to other models. No effect on models without a
    # Toughness (Vehicles and Buildings: no Hull Points).
    "Brutal": (
        Clause(
            "BRU-1",
            Trigger.WOUND_ALLOCATED,
            (Not(Situation.TARGET_HAS_ARMOUR_VALUE),),
            (MultiplyWounds(X),),
            "a Wound allocated to a model becomes {x} Wounds on it, each saved on its own; those left once it is "
            "removed are lost",
        ),
    ),
    # Rending (X), rulebook p.246 (CORE_B §1.5, §2.3, §5.5, confirmed): a To Wound roll of X or more wounds whatever
    # the Toughness; such a shooting Wound is resolved at AP 2, a close combat one at AP 2 if the attacker chooses
    # (taken when AP 2 is better than the weapon's). Against a Vehicle or Building each Armour Penetration die of X or
    # more adds D3 to the total, the hit keeping the weapon's AP. "Natural" is the unmodified die; with Ordnance or
    # Destroyer each kept die is read (project reading: the book's wording for several dice was not read).
    # Who bears it (p.246): a model that has Rending, or attacks with a Melee weapon that has it, rends with its close
    # combat attacks, whatever its weapon (REN-2, and REN-3 against a Vehicle: "in either case"); a Shooting Attack
    # rends only if its weapon has the rule (REN-1, and REN-3). Both the weapon and the model having it, the attack
    # plays it once, at the lower (X) (strategium.combat.declared.attack_rules).
    "Rending": (
        Clause(
            "REN-1",
            Trigger.TO_WOUND_ROLL,
            (Natural(X), Situation.SHOOTING, Not(Situation.TARGET_HAS_ARMOUR_VALUE)),
            (AutoWound(), SetAp(2)),
            "a To Wound roll of {x} wounds whatever the Toughness, at AP 2",
        ),
        Clause(
            "REN-2",
            Trigger.TO_WOUND_ROLL,
            (Natural(X), Situation.MELEE, Not(Situation.TARGET_HAS_ARMOUR_VALUE)),
            (AutoWound(), SetAp(2, if_better=True)),
            "a close combat To Wound roll of {x} wounds whatever the Toughness, at AP 2 if the attacker chooses "
            "(taken when better than the weapon's AP)",
            bearer=Bearer.WEAPON_OR_MODEL,
        ),
        Clause(
            "REN-3",
            Trigger.ARMOUR_PENETRATION_ROLL,
            (Natural(X), Situation.TARGET_HAS_ARMOUR_VALUE),
            (AddDice(1, 3),),
            "an Armour Penetration die of {x} adds D3 to the total",
            bearer=Bearer.WEAPON_OR_MODEL,
        ),
    ),
    # Breaching (X), Liber Astartes / Liber Hereticus p.117 (CORE_B §1.5, confirmed): each To Wound roll of X or more
    # is resolved at AP 2 instead of the weapon's AP, in shooting and in close combat alike (the text names no phase);
    # it does not make a die wound (unlike Rending) and has no effect on models without Wounds (Vehicles, Buildings:
    # the target has an Armour Value, so no To Wound roll is made). Project reading: "instead of" is taken literally,
    # so an AP 1 weapon's Breaching Wound is resolved at AP 2 too (no "if better", unlike Rending in close combat).
    # The text's note on Gets Hot (its Wounds on the firer keep the weapon's AP) needs nothing here: those are no To
    # Wound rolls of the attack.
    "Breaching": (
        Clause(
            "BRE-1",
            Trigger.TO_WOUND_ROLL,
            (Natural(X), Not(Situation.TARGET_HAS_ARMOUR_VALUE)),
            (SetAp(2),),
            "a To Wound roll of {x} is resolved at AP 2 instead of the weapon's AP",
        ),
    ),
    # Twin-linked, rulebook p.249 (CORE_B §1.4, §1.8, confirmed): the player may roll every missed To Hit die of the
    # weapon again (the engine always does: a second chance at a missed die can only help). The text
    # names no phase, so close combat as well as shooting; nothing in it excludes Snap Shots, so a Twin-linked weapon
    # fired as Snap Shots re-rolls its misses too. A die is re-rolled once (a shooting roll whose misses the BS 6+
    # re-roll took is not re-rolled again: strategium.combat.declared.reroll). Blast and Template weapons make no To
    # Hit roll: a Twin-linked Blast re-rolls a scatter that is not a Hit (strategium.engine.shooting.area_fire, not a
    # clause). A Twin-linked Template weapon fires as one weapon and has to roll its failed To Wound rolls (TWL-2)
    # and its Armour Penetration rolls that have no effect (TWL-3) again (p.249; Situation.TEMPLATE_WEAPON, the
    # pipeline's fact). "Failed" Armour Penetration is read as Sunder's (no Glancing nor Penetrating Hit); a die is
    # re-rolled once, so with Shred or Sunder on the same weapon the roll is still made again only once.
    "Twin-linked": (
        Clause(
            "TWL-1",
            Trigger.TO_HIT_ROLL,
            (),
            (Reroll(RerollWhich.FAILED),),
            "failed To Hit rolls are re-rolled",
        ),
        Clause(
            "TWL-2",
            Trigger.TO_WOUND_ROLL,
            (Situation.TEMPLATE_WEAPON, Not(Situation.TARGET_HAS_ARMOUR_VALUE)),
            (Reroll(RerollWhich.FAILED),),
            "a Twin-linked Template weapon re-rolls its failed To Wound rolls",
        ),
        Clause(
            "TWL-3",
            Trigger.ARMOUR_PENETRATION_ROLL,
            (Situation.TEMPLATE_WEAPON, Situation.TARGET_HAS_ARMOUR_VALUE),
            (Reroll(RerollWhich.FAILED),),
            "a Twin-linked Template weapon re-rolls a failed Armour Penetration roll, the second result kept",
        ),
    ),
    # Shred, rulebook p.246 (CORE_B §1.5, confirmed): a model that has Shred, or attacks with a Melee weapon that has
    # it, re-rolls failed close combat To Wound rolls (SHR-1, the weapon or the model); a Shooting Attack with a
    # weapon that has it re-rolls its failed To Wound rolls (SHR-2, the weapon only: a model's Shred does not act on
    # its shooting). It touches the To Wound roll only, so it has no effect against a Vehicle or Building (no To
    # Wound roll: Armour Penetration is not re-rolled). With Rending (X) on the same attack the re-rolled die may rend
    # (Natural(X) reads the die after its re-roll).
    "Shred": (
        Clause(
            "SHR-1",
            Trigger.TO_WOUND_ROLL,
            (Situation.MELEE,),
            (Reroll(RerollWhich.FAILED),),
            "failed close combat To Wound rolls are re-rolled",
            bearer=Bearer.WEAPON_OR_MODEL,
        ),
        Clause(
            "SHR-2",
            Trigger.TO_WOUND_ROLL,
            (Situation.SHOOTING,),
            (Reroll(RerollWhich.FAILED),),
            "failed To Wound rolls of a Shooting Attack are re-rolled",
        ),
    ),
    # Murderous Strike (X), rulebook p.243 (CORE_B §1.7, confirmed): a To Wound roll of the (X) inflicts Instant
    # Death; the data writes the (X) as a D6 target ("Murderous Strike (6+)", "(5+)"), read as X or more. Those Wounds
    # are saved separately and before the attack's others: each MUR-1 Wound forms its own WoundGroup, allocated first
    # under the default damage.special_wounds_first (true; set false, they would come last, against p.243). It does
    # not make a die wound (a roll that fails against the Toughness inflicts nothing), and it needs a To Wound roll:
    # no effect on a target with an Armour Value. Instant Death then plays as the pipeline has it (p.242): the model
    # is reduced to 0 Wounds, Eternal Warrior (p.237) loses 1 only, Feel No Pain (p.238) may not be rolled. The text
    # names attacks with the rule: the weapon bears it (a model's own Murderous Strike is not read).
    "Murderous Strike": (
        Clause(
            "MUR-1",
            Trigger.TO_WOUND_ROLL,
            (Natural(X), Not(Situation.TARGET_HAS_ARMOUR_VALUE)),
            (InstantDeath(),),
            "a To Wound roll of {x} inflicts Instant Death",
        ),
    ),
    # Fleshbane, rulebook p.238 (CORE_B §1.5, confirmed): the attack always wounds on a 2+, whatever the Toughness
    # (even one its Strength could not wound); no effect against Vehicles or Buildings (a target with an Armour
    # Value: no To Wound roll is made). "Always wounds on a 2+" is AutoWound on Natural(2): a natural 2 or more
    # wounds, a 1 fails, as no To Wound roll needs less than 2+. Who bears it (p.238): a model that has it, or
    # attacks with a Melee weapon that has it, in close combat (FLE-2); a Shooting Attack with a weapon that has it
    # (FLE-1), as Rending. Against a unit of Dreadnoughts or Automata (Unit Types, p.195: CORE_A) the attacker
    # re-rolls each successful To Wound roll of the attack (FLE-3 shooting, FLE-4 close combat), the second result
    # standing (it wounds again on a 2+); the engine decides the target's Unit Type (the Situation's docstring).
    "Fleshbane": (
        Clause(
            "FLE-1",
            Trigger.TO_WOUND_ROLL,
            (Natural(2), Situation.SHOOTING, Not(Situation.TARGET_HAS_ARMOUR_VALUE)),
            (AutoWound(),),
            "a To Wound roll of 2+ wounds whatever the Toughness",
        ),
        Clause(
            "FLE-2",
            Trigger.TO_WOUND_ROLL,
            (Natural(2), Situation.MELEE, Not(Situation.TARGET_HAS_ARMOUR_VALUE)),
            (AutoWound(),),
            "a close combat To Wound roll of 2+ wounds whatever the Toughness",
            bearer=Bearer.WEAPON_OR_MODEL,
        ),
        Clause(
            "FLE-3",
            Trigger.TO_WOUND_ROLL,
            (Situation.SHOOTING, Situation.TARGET_DREADNOUGHT_OR_AUTOMATA),
            (Reroll(RerollWhich.SUCCESSFUL),),
            "against Dreadnoughts or Automata, successful To Wound rolls are re-rolled (p.195)",
        ),
        Clause(
            "FLE-4",
            Trigger.TO_WOUND_ROLL,
            (Situation.MELEE, Situation.TARGET_DREADNOUGHT_OR_AUTOMATA),
            (Reroll(RerollWhich.SUCCESSFUL),),
            "against Dreadnoughts or Automata, successful close combat To Wound rolls are re-rolled (p.195)",
            bearer=Bearer.WEAPON_OR_MODEL,
        ),
    ),
    # Poisoned (X), rulebook p.244 (CORE_B §1.5, confirmed): the attack always wounds on the (X) (4+ when none is
    # given: the RuleDef's default_x), unless its Strength against the Toughness needs a lower roll: AutoWound on
    # Natural(X), the die wounding on either (POI-1, POI-2). In close combat, when the wielder's Strength (or the
    # weapon's) is higher than the victim's Toughness, failed To Wound rolls must be re-rolled (POI-3: the attack's
    # Strength against the Toughness the roll is made against). No effect against Vehicles (a target with an Armour
    # Value: no To Wound roll). Who bears it (p.244): a model that has it, or attacks with a Melee weapon that has
    # it, in close combat (POI-2, POI-3); a Shooting Attack with a weapon that has it (POI-1). "Treated as Strength 1
    # unless stated": the weapon profile states its Strength, which the attack uses. Against a unit of Dreadnoughts
    # or Automata (Unit Types, p.195: CORE_A) the attacker re-rolls each successful To Wound roll of the attack
    # (POI-4 shooting, POI-5 close combat); with POI-3 a die is still re-rolled once (a failed one by POI-3, a
    # successful one by POI-5, all in one roll), the second result standing.
    "Poisoned": (
        Clause(
            "POI-1",
            Trigger.TO_WOUND_ROLL,
            (Natural(X), Situation.SHOOTING, Not(Situation.TARGET_HAS_ARMOUR_VALUE)),
            (AutoWound(),),
            "a To Wound roll of {x} wounds whatever the Toughness",
        ),
        Clause(
            "POI-2",
            Trigger.TO_WOUND_ROLL,
            (Natural(X), Situation.MELEE, Not(Situation.TARGET_HAS_ARMOUR_VALUE)),
            (AutoWound(),),
            "a close combat To Wound roll of {x} wounds whatever the Toughness",
            bearer=Bearer.WEAPON_OR_MODEL,
        ),
        Clause(
            "POI-3",
            Trigger.TO_WOUND_ROLL,
            (Situation.MELEE, Situation.STRENGTH_ABOVE_TOUGHNESS, Not(Situation.TARGET_HAS_ARMOUR_VALUE)),
            (Reroll(RerollWhich.FAILED),),
            "in close combat, the Strength being higher than the Toughness, failed To Wound rolls are re-rolled",
            bearer=Bearer.WEAPON_OR_MODEL,
        ),
        Clause(
            "POI-4",
            Trigger.TO_WOUND_ROLL,
            (Situation.SHOOTING, Situation.TARGET_DREADNOUGHT_OR_AUTOMATA),
            (Reroll(RerollWhich.SUCCESSFUL),),
            "against Dreadnoughts or Automata, successful To Wound rolls are re-rolled (p.195)",
        ),
        Clause(
            "POI-5",
            Trigger.TO_WOUND_ROLL,
            (Situation.MELEE, Situation.TARGET_DREADNOUGHT_OR_AUTOMATA),
            (Reroll(RerollWhich.SUCCESSFUL),),
            "against Dreadnoughts or Automata, successful close combat To Wound rolls are re-rolled (p.195)",
            bearer=Bearer.WEAPON_OR_MODEL,
        ),
    ),
    # Sunder, rulebook p.247 (CORE_B §2.3, confirmed): its attacks, shooting or in close combat, against Vehicles and
    # Buildings (a target with an Armour Value) may make an Armour Penetration roll again when it has no effect
    # (SUN-1), or when it is only a Glancing Hit, for a chance of a Penetrating Hit (SUN-2); the second result
    # stands. The engine always re-rolls a failed roll (it can only help) and re-rolls a Glancing Hit when a new roll
    # is at least as likely to Penetrate as to have no effect (project reading of "may":
    # strategium.combat.declared.reroll_glancing). The whole roll is made again, Rending's D3 included; a roll is
    # re-rolled once. The text names attacks with the rule: the weapon bears it. No effect on a unit with a Toughness
    # (no Armour Penetration roll).
    "Sunder": (
        Clause(
            "SUN-1",
            Trigger.ARMOUR_PENETRATION_ROLL,
            (Situation.TARGET_HAS_ARMOUR_VALUE,),
            (Reroll(RerollWhich.FAILED),),
            "a failed Armour Penetration roll is re-rolled, the second result kept",
        ),
        Clause(
            "SUN-2",
            Trigger.ARMOUR_PENETRATION_ROLL,
            (Situation.TARGET_HAS_ARMOUR_VALUE,),
            (Reroll(RerollWhich.GLANCING),),
            "a Glancing Hit may be re-rolled for a Penetrating Hit, the second result kept",
        ),
    ),
    # Armourbane (X), rulebook p.231 (CORE_B §1.5, §2.3, confirmed): a model or weapon that has it rolls an extra D6
    # for Armour Penetration against a Vehicle, shooting and in close combat (ARB-1: AddDice(1, 6) once per roll,
    # added to the total; project reading with Ordnance and Destroyer: the extra D6 is added, not kept among their
    # dice). Variants by the (X): Armourbane (Melee) only in close combat (ARB-2), Armourbane (Ranged) only with
    # Shooting Attacks (ARB-3, the weapon's). Who bears it: the weapon, or the model on its close combat attacks
    # (strategium.combat.declared.acting_rules); held twice, its extra D6 is rolled once. Against a unit of
    # Automata or Dreadnoughts (a Toughness, no Armour Value) failed To Wound rolls are re-rolled instead (ARB-4..6,
    # by the same variants; the engine decides the Unit Type). Armourbane (Melta) gives both only at half range or
    # less (ARB-7, ARB-8: Situation.WITHIN_HALF_RANGE, set by the shooting plan per volley, firers within and beyond
    # half range firing apart; for a Blast weapon, per marker, from its firer to the marker's centre after scatter:
    # strategium.engine.shooting.reach). Project reading: never in close combat (the text measures the attack's
    # distance against the weapon's Maximum Range, which a close combat attack has not; setting
    # weapon_rules.armourbane_melta_in_close_combat). Project reading: the extra D6 is also rolled against a Building
    # (the text names Vehicles; the plan knows only that the target has an Armour Value).
    "Armourbane": (
        Clause(
            "ARB-1",
            Trigger.ARMOUR_PENETRATION_ROLL,
            (Variant(None), Situation.TARGET_HAS_ARMOUR_VALUE),
            (AddDice(1, 6),),
            "an extra D6 is rolled for Armour Penetration",
            bearer=Bearer.WEAPON_OR_MODEL,
        ),
        Clause(
            "ARB-2",
            Trigger.ARMOUR_PENETRATION_ROLL,
            (Variant("Melee"), Situation.MELEE, Situation.TARGET_HAS_ARMOUR_VALUE),
            (AddDice(1, 6),),
            "in close combat, an extra D6 is rolled for Armour Penetration",
            bearer=Bearer.WEAPON_OR_MODEL,
        ),
        Clause(
            "ARB-3",
            Trigger.ARMOUR_PENETRATION_ROLL,
            (Variant("Ranged"), Situation.SHOOTING, Situation.TARGET_HAS_ARMOUR_VALUE),
            (AddDice(1, 6),),
            "with a Shooting Attack, an extra D6 is rolled for Armour Penetration",
        ),
        Clause(
            "ARB-4",
            Trigger.TO_WOUND_ROLL,
            (Variant(None), Situation.TARGET_DREADNOUGHT_OR_AUTOMATA),
            (Reroll(RerollWhich.FAILED),),
            "against Dreadnoughts or Automata, failed To Wound rolls are re-rolled",
            bearer=Bearer.WEAPON_OR_MODEL,
        ),
        Clause(
            "ARB-5",
            Trigger.TO_WOUND_ROLL,
            (Variant("Melee"), Situation.MELEE, Situation.TARGET_DREADNOUGHT_OR_AUTOMATA),
            (Reroll(RerollWhich.FAILED),),
            "in close combat against Dreadnoughts or Automata, failed To Wound rolls are re-rolled",
            bearer=Bearer.WEAPON_OR_MODEL,
        ),
        Clause(
            "ARB-6",
            Trigger.TO_WOUND_ROLL,
            (Variant("Ranged"), Situation.SHOOTING, Situation.TARGET_DREADNOUGHT_OR_AUTOMATA),
            (Reroll(RerollWhich.FAILED),),
            "with a Shooting Attack against Dreadnoughts or Automata, failed To Wound rolls are re-rolled",
        ),
        Clause(
            "ARB-7",
            Trigger.ARMOUR_PENETRATION_ROLL,
            (Variant("Melta"), Situation.WITHIN_HALF_RANGE, Situation.TARGET_HAS_ARMOUR_VALUE),
            (AddDice(1, 6),),
            "at half range or less, an extra D6 is rolled for Armour Penetration",
            bearer=Bearer.WEAPON_OR_MODEL,
        ),
        Clause(
            "ARB-8",
            Trigger.TO_WOUND_ROLL,
            (Variant("Melta"), Situation.WITHIN_HALF_RANGE, Situation.TARGET_DREADNOUGHT_OR_AUTOMATA),
            (Reroll(RerollWhich.FAILED),),
            "at half range or less against Dreadnoughts or Automata, failed To Wound rolls are re-rolled",
            bearer=Bearer.WEAPON_OR_MODEL,
        ),
    ),
    # == issue 20, melee (w20g): add this package's lines below ==
    # Master-crafted, rulebook p.243: the bearer may re-roll one failed To Hit roll per turn with the weapon (the
    # engine always does: a second chance can only help). A weapon makes one group of attacks a turn (one volley in
    # the Shooting phase or a Reaction, one Initiative step in the Fight sub-phase), so one die per roll is one die
    # per turn. Any failed die is as good as another (they share the roll's target number). Shooting and close
    # combat; a die another rule already re-rolled (Twin-linked) is not re-rolled again.
    "Master-crafted": (
        Clause(
            "MCR-1",
            Trigger.TO_HIT_ROLL,
            (),
            (Reroll(RerollWhich.ONE_FAILED),),
            "one failed To Hit roll is re-rolled",
        ),
    ),
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
"""Rule name → its clauses."""
