"""The one place where a registered rule's implementation status is set.

A rule not named here is ``ImplementationStatus.NOT_YET``. When the engine implements a rule (or part of it),
add or change its line here, keyed by canonical name; ``tests/rules/test_status.py`` checks every key is a
registered rule.
"""

from __future__ import annotations

from typing import Final

from strategium.catalogue.definitions import ImplementationStatus

STATUS: Final[dict[str, ImplementationStatus]] = {
    # SUP-1: the Force Organisation check (strategium.army.force_org) keeps Support Squad units out of
    # compulsory choices.
    "Support Squad": ImplementationStatus.IMPLEMENTED,
    # MCM-2 (Infantry becomes Cavalry, keeping its Sub-types) in strategium.army.militia_cavalry_mount, applied by
    # both army loaders; MCM-1 (Run gives Shrouded (5+)) in strategium.rules.seed.militia_cavalry_mount_run.
    "Militia Cavalry Mount": ImplementationStatus.IMPLEMENTED,
    # BD-1 on the engine's joining question (strategium.rules.army.bitter_duty); the models "assigned" to a unit
    # that the text also names are not played (assignment is not modelled).
    "Bitter Duty": ImplementationStatus.PARTIAL,
    # Pre-game (strategium.rules.seed.infiltrate_step, scout_step, outflank on the engine's pre-game hooks) and, for
    # Outflank, the Flanking Assault arrival (strategium.engine.movement.reserves, OUT-1).
    "Infiltrate": ImplementationStatus.IMPLEMENTED,
    "Scout": ImplementationStatus.IMPLEMENTED,
    "Outflank": ImplementationStatus.IMPLEMENTED,
    # Joining a unit before deployment or by a move, moving as part of it and leaving it by a move
    # (strategium.rules.unit.independent_character, engine.deployment, engine.movement); not yet: Challenges.
    "Independent Character": ImplementationStatus.PARTIAL,
    # Run distance and Charge Distance (strategium.rules.unit.fleet, on the engine's distance hooks); the distance of
    # a Reaction move in strategium.rules.core.reactions.
    "Fleet": ImplementationStatus.PARTIAL,
    # Not slowed by Difficult Terrain on a move or a Charge (strategium.rules.unit.move_through_cover, on the engine's
    # Difficult Terrain exemption).
    "Move Through Cover": ImplementationStatus.PARTIAL,
    # Dangerous Terrain tests passed automatically (strategium.rules.unit.pathfinder, on the engine's Dangerous
    # Terrain exemption).
    "Pathfinder": ImplementationStatus.IMPLEMENTED,
    # Shooting phase (strategium.engine.shooting.attack, damage, morale_checks) and the attack pipeline
    # (strategium.combat).
    # Relentless: REL-1 and REL-2 (strategium.rules.seed.relentless). Legiones Hereticus: STU-1..3, STU-5..9
    # (strategium.rules.seed.stupefied); STU-4, STU-10..12 in strategium.rules.seed.stupefied_assault.
    "Relentless": ImplementationStatus.IMPLEMENTED,
    "Legiones Hereticus (Emperor's Children)": ImplementationStatus.IMPLEMENTED,
    "Shrouded": ImplementationStatus.IMPLEMENTED,
    "Feel No Pain": ImplementationStatus.IMPLEMENTED,
    "Instant Death": ImplementationStatus.IMPLEMENTED,
    "Eternal Warrior": ImplementationStatus.IMPLEMENTED,
    "Fearless": ImplementationStatus.PARTIAL,
    "Pinning": ImplementationStatus.IMPLEMENTED,
    "Shell Shock": ImplementationStatus.IMPLEMENTED,
    "Blind": ImplementationStatus.PARTIAL,
    "Concussive": ImplementationStatus.PARTIAL,
    "Ignores Cover": ImplementationStatus.IMPLEMENTED,
    "Template": ImplementationStatus.PARTIAL,
    "Blast": ImplementationStatus.PARTIAL,
    # Markers placed and scattered (strategium.engine.shooting.area_fire, combat.templates); not yet: Barrage indirect
    # fire.
    "Large Blast": ImplementationStatus.PARTIAL,
    "Massive Blast": ImplementationStatus.PARTIAL,
    "Apocalyptic Blast": ImplementationStatus.PARTIAL,
    # Assault phase (strategium.engine.assault.charges, charge_moves, fight, resolution;
    # strategium.rules.seed.hammer_of_wrath):
    # HOW-1..HOW-5; the "on the charge, unless Disordered" rules; Unwieldy sets Initiative step 1.
    "Hammer of Wrath": ImplementationStatus.IMPLEMENTED,
    "Furious Charge": ImplementationStatus.IMPLEMENTED,
    "Rage": ImplementationStatus.PARTIAL,
    "Sudden Strike": ImplementationStatus.PARTIAL,
    "Unwieldy": ImplementationStatus.IMPLEMENTED,
    # Reactions (strategium.engine.reactions.windows, strategium.rules.core.reactions): Interceptor against arrivals
    # from Reserves.
    "Interceptor": ImplementationStatus.IMPLEMENTED,
    # Who may Charge after disembarking (strategium.rules.unit.assault_vehicle), Flanking Assault Step 5 included.
    "Assault Vehicle": ImplementationStatus.IMPLEMENTED,
    # No Run, no Reactions, no Sweeping Advance (strategium.rules.unit.slow_and_purposeful); its Heavy and Ordnance
    # side is not modelled.
    "Slow and Purposeful": ImplementationStatus.PARTIAL,
    # No Run (strategium.rules.wargear.packs) and, for Jet Packs, +6" to Reaction moves (strategium.rules.core.
    # reactions); not yet: the Movement they give, moving over models and terrain, the Deep Strike and Bulky.
    "Jump Pack": ImplementationStatus.PARTIAL,
    "Jet Pack": ImplementationStatus.PARTIAL,
    # Ignores negative Leadership modifiers on Morale checks and Pinning tests (strategium.rules.unit.stubborn).
    "Stubborn": ImplementationStatus.IMPLEMENTED,
    # Declared clauses (strategium.catalogue.clauses_*, played by strategium.combat.declared).
    # Rending: REN-1 and REN-2 (To Wound, AP 2), REN-3 (Armour Penetration, + D3).
    "Rending": ImplementationStatus.IMPLEMENTED,
    # Detonation: DET-1 (only against Vehicles, Dreadnoughts, Automata, models of Movement 0 or '-', Buildings and
    # Fortifications: in close combat the model fights with its next melee weapon otherwise) and DET-2 (a single
    # attack) in strategium.rules.weapon.detonation, on strategium.engine.assault.melee_choice's hooks.
    "Detonation": ImplementationStatus.IMPLEMENTED,
    # Brutal: BRU-1 (Wound allocation: each allocated Wound becomes X Wounds on the model, saved one by one, no spill
    # over); no effect on a target with an Armour Value.
    "Brutal": ImplementationStatus.IMPLEMENTED,
    # Breaching: BRE-1 (To Wound, AP 2), shooting and close combat; no effect on a target with an Armour Value.
    "Breaching": ImplementationStatus.IMPLEMENTED,
    # Twin-linked: TWL-1 (To Hit, re-roll failed; shooting, Snap Shots included, and close combat); a Twin-linked
    # Blast re-rolls a scatter that is not a Hit (strategium.engine.shooting.area_fire). Not yet: a Twin-linked
    # Template weapon's forced re-roll of failed To Wound and Armour Penetration rolls (p.249).
    "Twin-linked": ImplementationStatus.PARTIAL,
    # Shred: SHR-1 (close combat To Wound, re-roll failed; the weapon or the model), SHR-2 (shooting, the weapon).
    "Shred": ImplementationStatus.IMPLEMENTED,
    # Murderous Strike: MUR-1 (To Wound, Instant Death), shooting and close combat; its Wounds saved first.
    "Murderous Strike": ImplementationStatus.IMPLEMENTED,
    # Fleshbane: FLE-1 (shooting, the weapon's) and FLE-2 (close combat, the weapon's or the model's): wounds on 2+
    # whatever the Toughness; no effect on a target with an Armour Value. Not played: Dreadnought and Automata
    # re-roll successful Fleshbane Wounds (p.195), the target's Unit Type being unknown to the attack pipeline.
    "Fleshbane": ImplementationStatus.PARTIAL,
    # Poisoned: POI-1 (shooting) and POI-2 (close combat) wound on the (X) or the roll the Strength needs, whichever
    # is lower; POI-3 re-rolls failed close combat To Wound rolls when the Strength is higher than the Toughness. No
    # effect on a target with an Armour Value. Not played: Dreadnought and Automata re-roll successful Poisoned
    # Wounds (p.195), the target's Unit Type being unknown to the attack pipeline.
    "Poisoned": ImplementationStatus.PARTIAL,
    # Hatred: HAT-1 against every enemy ("Hatred (Everything)" or no foe named); a named foe is not read yet.
    "Hatred": ImplementationStatus.PARTIAL,
    # Sunder: SUN-1 (a failed Armour Penetration roll re-rolled) and SUN-2 (a Glancing Hit re-rolled when a new roll
    # is at least as likely to Penetrate as to fail), shooting and close combat, against a target with an Armour Value.
    "Sunder": ImplementationStatus.IMPLEMENTED,
    # Armourbane: ARB-1 (an extra D6 for Armour Penetration; the weapon, or the model in close combat), ARB-2
    # (Melee: close combat only), ARB-3 (Ranged: shooting only). Not played: Armourbane (Melta) (half range), the
    # re-roll of failed To Wound rolls against Automata and Dreadnoughts (Unit Type), a model's own Armourbane when
    # it shoots.
    "Armourbane": ImplementationStatus.PARTIAL,
    # Gets Hot: GH-1..GH-6 (strategium.rules.weapon.gets_hot): a To Hit roll of 1 (after its re-roll) wounds the firer
    # at the weapon's AP, saves and Feel No Pain but no cover nor Shrouded; a Vehicle's Glancing Hit on 1-2; Blast and
    # Template weapons test a D6 per shot before firing. Not played: a Vehicle destroyed by it is not Wrecked nor
    # exploding; a model firing several templates that loses only some still fires them all.
    "Gets Hot": ImplementationStatus.PARTIAL,
    # == issue 20, melee (w20g): add this package's lines below ==
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
    # Limited Ammunition: LIM-1 (strategium.rules.weapon.ammunition, on engine.shooting.attack.after_volley): after
    # each volley a D6 per firing model, +1 if its weapon fired before this battle, 6+ spends it; the plan then refuses
    # the weapon (UnitStatus.weapons_spent). Not played: a spent weapon counted as destroyed for Weapon Destroyed.
    "Limited Ammunition": ImplementationStatus.PARTIAL,
    # One Use/One Shot: ONE-1 (same module): a weapon that has made a Shooting Attack is spent. Not played: close
    # combat use, abilities with the rule, and its immunity to Weapon Destroyed and repairs.
    "One Use/One Shot": ImplementationStatus.PARTIAL,
    # Skyfire: SKY-1 (strategium.rules.weapon.skyfire, on engine.shooting.weapon_limits.snap_shot_rule): Snap Shots at
    # targets that are not Flyers nor Skimmers; full BS at them. Not played: Flyers in flight (Zooming) are not
    # modelled, so weapons without Skyfire are not yet forced to Snap Shots against them.
    "Skyfire": ImplementationStatus.PARTIAL,
    # Rocket Barrage: RB-1 (strategium.rules.weapon.rocket_barrage, on engine.shooting.weapon_limits.
    # volley_rule_source): a unit that did not move this turn gives the weapon Rending (4+) and Pinning in its own
    # turn (always taken). Not played: the rules lasting into the opponent's turn (Reaction shots).
    "Rocket Barrage": ImplementationStatus.PARTIAL,
    # == end w20l ==
    # == issue 20, infra (w20m): add this package's lines below ==
    # == end w20m ==
}
