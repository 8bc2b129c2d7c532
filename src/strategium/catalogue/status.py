"""The one place where a registered rule's implementation status is set.

A rule not named here is ``ImplementationStatus.NOT_YET``. When the engine implements a rule (or part of it),
add or change its line here, keyed by canonical name; ``tests/rules/test_status.py`` checks every key is a
registered rule. A PARTIAL rule also needs its gap (what is not played yet) in
:data:`strategium.catalogue.status_gaps.GAPS` (``tests/catalogue/test_status_gaps.py``).
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
    # Blind and Concussive (strategium.engine.morale.checks: end_of_phase_tests, blind_test, concussive_test): one
    # test per unit at the end of the phase its Shooting Attacks were made in (Concussive at the largest X; Wounds
    # saved count); WS1/BS1 until the end of its next turn, -X WS until the end of the following Assault phase.
    # Close combat (strategium.engine.assault.fight): both tested at the end of the combat. Not played: a Blind test
    # from close combat taken at the end of the Assault phase; Reaction fire in the Assault phase tests at once.
    "Blind": ImplementationStatus.PARTIAL,
    "Concussive": ImplementationStatus.PARTIAL,
    "Ignores Cover": ImplementationStatus.IMPLEMENTED,
    # Template (p.248): laid and hitting every model under it (strategium.engine.shooting.area_fire), Ignores Cover,
    # normal allocation; Wall of Death (D3 hits per Snap Shot at a target within 8": engine.shooting.attack); a
    # Twin-linked Template's re-rolls are TWL-2/TWL-3. Not played: Wall of Death against a unit charging the firer
    # from beyond 8", the template laid to cover most of a Vehicle's hull, Hellstorm templates (not fired).
    "Template": ImplementationStatus.PARTIAL,
    # Blast (X"), Large, Massive, Apocalyptic Blast (p.234): marker over a visible target model in range, no friendly
    # model under it; scatter 2D6 - BS; hits per unit for every model fully or partly under it; off-table miss; no
    # Snap Shots; a full To Hit re-roll re-rolls the scatter (strategium.engine.shooting.area_fire, combat.templates).
    # Readings as settings: templates.blast_allocation_from, weapon_rules.blast_facing_from.
    "Blast": ImplementationStatus.IMPLEMENTED,
    "Large Blast": ImplementationStatus.IMPLEMENTED,
    "Massive Blast": ImplementationStatus.IMPLEMENTED,
    "Apocalyptic Blast": ImplementationStatus.IMPLEMENTED,
    # Assault phase (strategium.engine.assault.charges, charge_moves, fight, resolution;
    # strategium.rules.seed.hammer_of_wrath):
    # HOW-1..HOW-5; the "on the charge, unless Disordered" rules; Unwieldy sets Initiative step 1.
    "Hammer of Wrath": ImplementationStatus.IMPLEMENTED,
    "Furious Charge": ImplementationStatus.IMPLEMENTED,
    "Rage": ImplementationStatus.PARTIAL,
    # Sudden Strike (X): the model's or (issue 20, w20g) the weapon it fights with (the higher X), on the turn it
    # charged, unless Disordered: + X Initiative until the end of the Assault phase (strategium.engine.assault.
    # fighter: sudden_strike, initiative_now; issue 20, w20o): its Initiative step, a Sweeping Advance read at the
    # modified Initiative (morale.sweeping_advance_initiative), its Consolidation allowance, a Blind test; an X
    # that is a dice roll (D3) rolled once that turn per model and source, logged, kept on the Charge record.
    "Sudden Strike": ImplementationStatus.IMPLEMENTED,
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
    # Blast re-rolls a scatter that is not a Hit (strategium.engine.shooting.area_fire); a Twin-linked Template
    # re-rolls failed To Wound (TWL-2) and Armour Penetration (TWL-3) rolls (p.249).
    "Twin-linked": ImplementationStatus.IMPLEMENTED,
    # Shred: SHR-1 (close combat To Wound, re-roll failed; the weapon or the model), SHR-2 (shooting, the weapon).
    "Shred": ImplementationStatus.IMPLEMENTED,
    # Murderous Strike: MUR-1 (To Wound, Instant Death), shooting and close combat; its Wounds saved first.
    "Murderous Strike": ImplementationStatus.IMPLEMENTED,
    # Fleshbane: FLE-1 (shooting, the weapon's) and FLE-2 (close combat, the weapon's or the model's): wounds on 2+
    # whatever the Toughness; no effect on a target with an Armour Value. FLE-3 (shooting) and FLE-4 (close combat):
    # against a unit of Dreadnoughts or Automata (Situation.TARGET_DREADNOUGHT_OR_AUTOMATA, fed by the engine's
    # shooting and fight code: engine.attacks.damage.target_situation) successful To Wound rolls are re-rolled (p.195).
    "Fleshbane": ImplementationStatus.IMPLEMENTED,
    # Poisoned: POI-1 (shooting) and POI-2 (close combat) wound on the (X) or the roll the Strength needs, whichever
    # is lower; POI-3 re-rolls failed close combat To Wound rolls when the Strength is higher than the Toughness. No
    # effect on a target with an Armour Value. POI-4 (shooting) and POI-5 (close combat): against a unit of
    # Dreadnoughts or Automata (Situation.TARGET_DREADNOUGHT_OR_AUTOMATA) successful To Wound rolls are re-rolled
    # (p.195); with POI-3 every die is re-rolled once, in one roll.
    "Poisoned": ImplementationStatus.IMPLEMENTED,
    # Hatred: HAT-1 against every enemy ("Hatred (Everything)" or no foe named); a named foe is not read yet.
    "Hatred": ImplementationStatus.PARTIAL,
    # Sunder: SUN-1 (a failed Armour Penetration roll re-rolled) and SUN-2 (a Glancing Hit re-rolled when a new roll
    # is at least as likely to Penetrate as to fail), shooting and close combat, against a target with an Armour Value.
    "Sunder": ImplementationStatus.IMPLEMENTED,
    # Armourbane: ARB-1 (an extra D6 for Armour Penetration; the weapon, or the model in close combat), ARB-2
    # (Melee: close combat only), ARB-3 (Ranged: shooting only); ARB-4..6 (by the same variants) re-roll failed To
    # Wound rolls against a unit of Automata or Dreadnoughts (Situation.TARGET_DREADNOUGHT_OR_AUTOMATA); a model's
    # own Armourbane joins its Shooting Attacks (engine.shooting.plan._MODEL_SHOOTING_RULES; its extra D6 rolled once
    # with the weapon's). Armourbane (Melta): ARB-7 (extra D6), ARB-8 (re-roll) only within half the weapon's range
    # (Situation.WITHIN_HALF_RANGE, per volley: engine.shooting.reach; a Blast weapon per marker, from its firer to
    # the marker's centre after scatter: engine.shooting.area_fire.hit_parts); not in close combat (project reading,
    # setting weapon_rules.armourbane_melta_in_close_combat).
    "Armourbane": ImplementationStatus.IMPLEMENTED,
    # Gets Hot: GH-1..GH-6 (strategium.rules.weapon.gets_hot): a To Hit roll of 1 (after its re-roll, GH-4) wounds the
    # firer at the weapon's AP, saves and Feel No Pain but no cover nor Shrouded; a Vehicle's D6 of 1-2 is a Glancing
    # Hit as the Vehicle rules play it (Hull Point, damage roll if vehicle_damage.glancing_hits_roll, Wrecked or
    # exploding at none left: engine.attacks.vehicle_results.glancing_hit); Blast and Template weapons test a D6 per
    # shot before firing, a model firing several templates laying those that did not Get Hot.
    "Gets Hot": ImplementationStatus.IMPLEMENTED,
    # == issue 20, melee (w20g): add this package's lines below ==
    # Two-handed (p.249) and Specialist Weapon (p.247): the weapon a model fights with decides the +1 Attack for a
    # second melee weapon (p.177): never with a Two-handed one; with a Specialist Weapon only if the model has
    # another Specialist Weapon it may use (strategium.engine.assault.fighter.second_weapon_bonus).
    "Two-handed": ImplementationStatus.IMPLEMENTED,
    "Specialist Weapon": ImplementationStatus.IMPLEMENTED,
    # Ungainly: UNG-1 (used only in a turn its unit made a successful Charge; else the next melee weapon) and UNG-2
    # (no bonus attacks: its Attacks characteristic; the +1 for a second weapon per the setting
    # weapon_rules.ungainly_blocks_second_weapon_attack) in strategium.rules.weapon.ungainly.
    "Ungainly": ImplementationStatus.IMPLEMENTED,
    # Master-crafted: MCR-1 (one failed To Hit die of the weapon's roll re-rolled; shooting and close combat). Not
    # played: a weapon that makes two groups of attacks in one turn re-rolls one die in each.
    "Master-crafted": ImplementationStatus.PARTIAL,
    # Reach (X): + X Initiative for the Initiative step of a model fighting with the weapon; only the weapon it
    # fights with counts (strategium.engine.assault.fighter.initiative_step).
    "Reach": ImplementationStatus.IMPLEMENTED,
    # Reaping Blow (X): + X Attacks (no X: 1) for a model in base contact with two or more enemy models at its
    # Initiative step (after its Pile-in), the model's rule or the weapon it fights with, the higher X
    # (strategium.engine.assault.fighter.attacks_of); Ungainly's UNG-2 cancels it.
    "Reaping Blow": ImplementationStatus.IMPLEMENTED,
    # Grav Wave: GRW-1 (a Charge at a unit with a model carrying a Grav Wave weapon is Disordered) in
    # strategium.rules.weapon.grav_wave, on the engine's Disordered Charge causes.
    "Grav Wave": ImplementationStatus.IMPLEMENTED,
    # Duellist's Edge (X): + X Initiative for a model fighting with the weapon in a Challenge, read from the
    # engine's challenge_fighter hook (strategium.engine.assault.melee_choice.in_challenge). Not played: Challenges
    # are not fought yet, so no model is ever in one and the bonus never applies in a battle.
    "Duellist's Edge": ImplementationStatus.PARTIAL,
    # == end w20g ==
    # == issue 20, vehicles (w20h): add this package's lines below ==
    # Lance: combat.vehicle_attack.penetration_armour: an Armour Value above 12 counts as 12 for the weapon's Armour
    # Penetration rolls, shooting, close combat and Hammer of Wrath alike (every Armour Penetration roll goes through
    # resolve_attack_on_vehicle), cited. Project reading: also against a Building's Armour Value (the pipeline sees
    # only a target with an Armour Value).
    "Lance": ImplementationStatus.IMPLEMENTED,
    # Exoshock: combat.vehicle_attack._exoshock: after a Penetrating Hit, a D6 of X or more (6+ without a value) adds
    # an automatic Penetrating Hit on the same target, resolved without Cover Saves (as Ignores Cover) and without
    # the weapon's special rules or type (no Destroyer Hull Points, no further Exoshock), at its Strength and AP;
    # setting weapon_rules.exoshock_after_saves (default false: a saved Penetrating Hit still rolls).
    "Exoshock": ImplementationStatus.IMPLEMENTED,
    # == end w20h ==
    # == issue 20, deflagrate (w20i): add this package's lines below ==
    # Deflagrate: DEF-1..DEF-5 (strategium.rules.weapon.deflagrate on engine.attacks.follow_up): after a volley or a
    # close combat group, as many automatic hits as unsaved Wounds (settings weapon_rules.deflagrate_counts and
    # deflagrate_brutal_wounds), the weapon's own rules only, on models still in range; shooting and close combat.
    # Readings (the text's own scope): Hull Points lost by a Vehicle are no Wounds, so no hits follow; only the target
    # unit's Wounds count (not other units' under a Blast marker).
    "Deflagrate": ImplementationStatus.IMPLEMENTED,
    # Graviton Pulse: GP-1, GP-2 (strategium.combat.to_wound): a D6 against the majority Strength of the models
    # without Vehicle/Dreadnought/Automata instead of To Wound (setting weapon_rules.graviton_pulse_roll; 6 always a
    # Wound); a "†" weapon fires. Not played: the Blast area does not become Difficult and Dangerous Terrain (the
    # battlefield holds no temporary terrain); a Wound allocated to a Dreadnought or Automata of a mixed unit from
    # the Strength roll is kept; a "†" weapon against a unit wholly of those types wounds as Strength 1.
    "Graviton Pulse": ImplementationStatus.PARTIAL,
    # Rad-Phage: RAD-1..RAD-3 (strategium.rules.weapon.rad_phage on engine.attacks.follow_up.after_wounds): a model
    # that loses Wounds and survives has -1 Toughness for the battle, once. Not played: a model other rules have
    # already lowered to Toughness 1 goes to 0 (RAD-3 reads the profile's Toughness).
    "Rad-Phage": ImplementationStatus.PARTIAL,
    # == end w20i ==
    # == issue 20, area (w20j): add this package's lines below ==
    # Barrage (p.232; strategium.engine.shooting.barrage, plan, area_fire): indirect fire by a model that cannot see
    # the target (beyond Minimum Range; not in a Reaction unless weapon_rules.barrage_indirect_in_reactions), the
    # full 2D6 scatter, Side Armour against Vehicles; Multiple Barrages within one volley (later markers touching the
    # first, Cover Saves from the first marker's hole). Not played: a Multiple Barrage across several weapons' volleys
    # (and the closest weapon firing first), a direct shot within its Minimum Range.
    "Barrage": ImplementationStatus.PARTIAL,
    # == end w20j ==
    # == issue 20, precision (w20k): add this package's lines below ==
    # Achean Force (Liber Hereticus p.259): ACF-1..ACF-5 (strategium.rules.weapon.achean_force, on the engine hooks
    # before_volley and melee_strength): a unit with a Psyker takes one Psychic check a phase (2D6 against the highest
    # Ld of its non-Independent Character models) before its first Achean Force attacks; passed: +2 Strength to them
    # that phase, shooting and close combat; failed: nothing. ACF-5 (counts as a Force weapon) is
    # achean_force.counts_as_force, for the rules that affect Force weapons (Adamantium Will, Corrupted: their own).
    "Achean Force": ImplementationStatus.IMPLEMENTED,
    # Force (p.238): FRC-1..FRC-4 (strategium.rules.weapon.force, on the melee_strength hook): a Psyker with a Force
    # melee weapon takes a Psychic check a phase (weapon_rules.force_check), doubled Strength if passed, Perils of the
    # Warp on its unit if failed (weapon_rules.perils_of_the_warp_wounds: p.201 not read, D3 by default). Not played:
    # Force weapons fired in the Shooting phase, Force abilities that are not weapons.
    "Force": ImplementationStatus.PARTIAL,
    # Psychic Focus (p.323): PSF-1, PSF-2 (strategium.rules.weapon.psychic_focus, on before_volley): each Psyker firing
    # the weapon takes a Psychic check first (force.psychic_check); a failure brings Perils of the Warp and its share of
    # the volley is not fired. Not played: Psychic Focus weapons in close combat; a failed Psyker firing another weapon.
    "Psychic Focus": ImplementationStatus.PARTIAL,
    # Precision Shots (X) (p.244), Precision Strikes (X) (p.245), Sniper (p.247): not yet (none on the real
    # rosters). What they need: the To Hit faces that stand after re-rolls carried from combat.to_hit to the
    # allocation in combat.attack (the hits of X+ rolled To Wound apart, their Wounds allocated first), a TargetModel
    # that says what the attacker's choice reads (Character, special weapon, points), and a documented chooser
    # setting; Snap Shots, scattering and no-To-Hit weapons (Blast, Template) excluded; Precision Shots only to a
    # model in range and sight, Precision Strikes only to an engaged one. (Not-yet rules take no line here.)
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
    # == issue 20, sudden strike and haywire (w20o): add this package's lines below ==
    # Haywire: HW-1..HW-3 (strategium.combat.haywire, read by combat.attack and combat.vehicle_attack): against a unit
    # with a Vehicle, Dreadnought or Automata model a D6 per hit instead of To Wound or Armour Penetration, AP not
    # counted: 1 nothing; 2-5 a Glancing Hit on a Vehicle, else 1 Wound with only an Invulnerable Save and Damage
    # Mitigation; 6 a Penetrating Hit on a Vehicle, 1 Wound on a Dreadnought or Automata with neither (on another
    # model: setting weapon_rules.haywire_six_other_models). Readings: the Vehicle Damage roll after a Haywire
    # Penetrating Hit keeps its AP modifier (the text's "AP has no effect" is about the Haywire D6); the weapon's
    # To Wound and Armour Penetration clauses (Rending) have no roll to act on; Brutal (X) still multiplies a Wound.
    "Haywire": ImplementationStatus.IMPLEMENTED,
    # == end w20o ==
}
