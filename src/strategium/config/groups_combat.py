"""Settings for vehicles, shooting, Damage Mitigation, Charges, fighting, Morale and statuses.

Distances in inches. Each ``source`` is what a user can look up (book and page, or
the convention followed); each ``note`` names the section of the project's reference files (``CORE_A``, ``CORE_B``,
``RULINGS``) for developers.
"""

from __future__ import annotations

from typing import Literal

from pydantic import model_validator

from strategium.config.metadata import Confidence, ConfigGroup, setting

C = Confidence


class VehicleConfig(ConfigGroup):
    """Vehicle speeds and weapons (rulebook pp.200-219, read only in part)."""

    combat_speed_rule: Literal["half_movement", "fixed"] = setting(
        "half_movement",
        description="Where Combat Speed ends: at half the vehicle's Movement, or at a fixed distance.",
        source='recollection of the HH2 rulebook, not confirmed (7th edition used 6")',
        note="CORE_A §2.4 (recollection of HH2; 7th edition used 6 inches)",
        confidence=C.UNCONFIRMED,
    )
    combat_speed_distance: float = setting(
        6.0,
        gt=0,
        description="Largest move that is still Combat Speed when combat_speed_rule is fixed.",
        source="7th-edition value",
        note="CORE_A §2.4 (7th-edition value)",
        confidence=C.UNCONFIRMED,
    )
    may_run: bool = setting(
        False,
        description="Whether Vehicles may Run (otherwise Fast vehicles use Flat-out, rulebook p.214).",
        source="no source: project default (Run, Vehicles and Flat-out, rulebook p.214, not read in full)",
        note="CORE_A §5.2",
        confidence=C.UNCONFIRMED,
    )
    defensive_max_strength: int = setting(
        6,
        ge=1,
        le=10,
        description="Highest Strength of a weapon that counts as Defensive (vehicles fire only these in Reactions).",
        source="Warhammer Community article (2022) implies 6; 7th edition used 4",
        note="CORE_B §2.8 (a 2022 article implies 6; 7th edition used 4)",
        confidence=C.UNCONFIRMED,
    )
    melee_facing: Literal["facing_touched", "rear"] = setting(
        "facing_touched",
        description="Armour facing hit by close combat attacks: the facing the attacker touches (as Hammer of "
        "Wrath, rulebook p.239), or always Rear (7th edition).",
        source="no source: project default (Hammer of Wrath, rulebook p.239, uses the facing touched)",
        note="CORE_B §2.2",
        confidence=C.UNCONFIRMED,
    )
    weapon_destroyed_chooser: Literal["attacker", "controller"] = setting(
        "attacker",
        description="Who picks the weapon lost to a Weapon Destroyed result (Buildings: their controller).",
        source="7th-edition convention",
        note="CORE_B §2.5 (7th-edition convention)",
        confidence=C.UNCONFIRMED,
    )
    cruising_speed_other_weapons: Literal["snap_shots", "none"] = setting(
        "snap_shots",
        description="What a vehicle that moved at Cruising Speed does with its weapons beyond the one it fires at "
        "full BS: fires them as Snap Shots, or not at all.",
        source="secondary source for the one weapon at full BS (no Ordnance or Destroyer); the rest not read",
        note="CORE_B §1.2 (Cruising Speed: one weapon at full BS, C-sec); the other weapons unknown",
        confidence=C.UNCONFIRMED,
    )


class VehicleDamageConfig(ConfigGroup):
    """Vehicle Damage table for Penetrating Hits: result bands and roll modifiers."""

    crew_stunned_from: int = setting(
        4,
        ge=2,
        le=10,
        description="Lowest modified result that is Crew Stunned (anything lower is Crew Shaken).",
        source="Vehicle Damage table, rulebook (result names); bands are the 7th-edition values",
        note="CORE_B §2.5 (result names confirmed, bands 7th edition)",
        confidence=C.UNCONFIRMED,
    )
    weapon_destroyed_from: int = setting(
        5,
        ge=2,
        le=10,
        description="Lowest modified result that is Weapon Destroyed.",
        source="Vehicle Damage table, rulebook (result names); bands are the 7th-edition values",
        note="CORE_B §2.5",
        confidence=C.UNCONFIRMED,
    )
    immobilised_from: int = setting(
        6,
        ge=2,
        le=10,
        description="Lowest modified result that is Immobilised.",
        source="Vehicle Damage table, rulebook (result names); bands are the 7th-edition values",
        note="CORE_B §2.5",
        confidence=C.UNCONFIRMED,
    )
    explodes_from: int = setting(
        7,
        ge=2,
        le=10,
        description="Lowest modified result that is Explodes (D3 further Hull Points lost).",
        source="Vehicle Damage table, rulebook (result names); bands are the 7th-edition values",
        note="CORE_B §2.5",
        confidence=C.UNCONFIRMED,
    )
    ap1_modifier: int = setting(
        2,
        ge=-3,
        le=3,
        description="Modifier to the roll from an AP1 hit.",
        source="HH2 faction rules that refer to it; value 7th edition",
        note="CORE_B §2.5 (faction rules refer to it)",
        confidence=C.CONFIRMED,
    )
    ap2_modifier: int = setting(
        1,
        ge=-3,
        le=3,
        description="Modifier to the roll from an AP2 hit.",
        source="7th-edition value",
        note="CORE_B §2.5 (7th-edition value)",
        confidence=C.UNCONFIRMED,
    )
    no_ap_modifier: int = setting(
        -1,
        ge=-3,
        le=3,
        description="Modifier to the roll from a hit with no AP value.",
        source="7th-edition value",
        note="CORE_B §2.5 (7th-edition value)",
        confidence=C.UNCONFIRMED,
    )
    open_topped_modifier: int = setting(
        1,
        ge=-3,
        le=3,
        description="Modifier to the roll against an open-topped or exposed vehicle.",
        source="7th-edition value",
        note="CORE_B §2.5 (7th-edition value)",
        confidence=C.UNCONFIRMED,
    )
    glancing_hits_roll: bool = setting(
        False,
        description="Whether Glancing Hits also roll on the table (they always cost a Hull Point).",
        source="7th-edition convention",
        note="CORE_B §2.4 (7th-edition convention)",
        confidence=C.UNCONFIRMED,
    )
    ap_modifiers_vs_buildings: bool = setting(
        True,
        description="Whether the AP modifiers to the Vehicle Damage roll also apply to the Building Damage roll.",
        source="Building Damage Table, Age of Darkness rulebook p.226 (its modifiers not read)",
        note="CORE_B §2.6 (Building Damage Table, rulebook p.226, read without its modifiers)",
        confidence=C.UNCONFIRMED,
    )
    explosion_strength: int = setting(
        4,
        ge=1,
        le=10,
        description="Strength of the hits an exploding vehicle inflicts on nearby models.",
        source="7th-edition value",
        note="CORE_B §2.5 (7th-edition value)",
        confidence=C.UNCONFIRMED,
    )
    crew_shaken_effect: Literal["snap_shots", "no_shooting"] = setting(
        "snap_shots",
        description="What Crew Shaken does until the end of the vehicle's next turn: only Snap Shots, or no "
        "shooting at all (HH 1st edition).",
        source="7th-edition convention (Reinforced, Liber Astartes p.95, implies Crew Stunned forces Snap Shots)",
        note="CORE_B §2.5 (name confirmed; effect and duration 7th edition)",
        confidence=C.UNCONFIRMED,
    )
    no_weapon_left: Literal["immobilised", "no_effect"] = setting(
        "immobilised",
        description="A Weapon Destroyed result on a vehicle with no weapon left to destroy: it counts as "
        "Immobilised, or has no further effect.",
        source="7th-edition convention (the Building Damage Table, rulebook p.226, moves such a result one band up)",
        note="CORE_B §2.5, §2.6",
        confidence=C.UNCONFIRMED,
    )
    repeat_immobilised_hull_point: bool = setting(
        True,
        description="An Immobilised result on a vehicle already Immobilised costs it one more Hull Point.",
        source="7th-edition convention",
        note="CORE_B §2.5 (Immobilised lasts the game, confirmed; a second one not read)",
        confidence=C.UNCONFIRMED,
    )
    passengers_hit_on_explodes: bool = setting(
        True,
        description="Each model embarked in a vehicle that explodes takes one hit at explosion_strength, AP -, "
        "before the unit is placed and takes its Pinning test.",
        source="7th-edition convention",
        note="CORE_B §2.7 (Explodes: passengers take a hit each, 7th edition)",
        confidence=C.UNCONFIRMED,
    )

    @model_validator(mode="after")
    def _bands_ascend(self) -> VehicleDamageConfig:
        bands = (self.crew_stunned_from, self.weapon_destroyed_from, self.immobilised_from, self.explodes_from)
        if list(bands) != sorted(set(bands)):
            raise ValueError("bands must start in increasing order: stunned, weapon destroyed, immobilised, explodes")
        return self


class DamageConfig(ConfigGroup):
    """Wound allocation and Damage Mitigation details."""

    shrouded_default: int = setting(
        6,
        ge=2,
        le=6,
        description="Target of Shrouded written without a value.",
        source="Shrouded (X), Age of Darkness rulebook p.247",
        note="CORE_B §3; Shrouded (X), rulebook p.247",
        confidence=C.CONFIRMED,
    )
    look_out_sir: bool = setting(
        False,
        description="Whether a Character may pass a wound allocated to it to another model (not found in HH2).",
        source="no source: project default (not found in HH2; HH1 had it)",
        note="CORE_B §1.7",
        confidence=C.UNCONFIRMED,
        not_played="passing a Wound to another model is not implemented yet",
    )
    wounded_models_first: bool = setting(
        True,
        description="A model that has already lost Wounds takes the next Wound allocated to its unit before any "
        "other model does.",
        source="7th-edition convention",
        note="CORE_B §1.7 (7th-edition convention)",
        confidence=C.UNCONFIRMED,
    )
    eternal_warrior_mitigates_instant_death: bool = setting(
        False,
        description="Whether a model with Eternal Warrior may make Feel No Pain or Stupefied rolls against a Wound "
        "that would inflict Instant Death (both rules bar rolls against Instant Death).",
        source="Eternal Warrior, Age of Darkness rulebook p.237; Legiones Hereticus (Emperor's Children), Exemplary "
        "Battles vol.1 p.107",
        note="CORE_B §1.7, §3; Eternal Warrior, rulebook p.237; SEED_RULES STU-6",
        confidence=C.UNCONFIRMED,
    )
    special_wounds_first: bool = setting(
        True,
        description="Wounds a special rule resolves otherwise (their own AP, as Rending's AP 2, or Instant Death) are "
        "allocated and saved before the attack's other Wounds (false: after them).",
        source="no source: project default (Murderous Strike, rulebook p.243, saves its Instant Death Wounds first)",
        note="CORE_B §1.7 (Murderous Strike: separately and first; Wound Pools confirmed, their order not read)",
        confidence=C.UNCONFIRMED,
    )


class ShootingConfig(ConfigGroup):
    """Shooting Attacks and shooting Reactions."""

    snap_shot_bs: int = setting(
        1,
        ge=1,
        le=10,
        description="Ballistic Skill a Snap Shot uses (roll modifiers still apply; Primarchs keep their own).",
        source="Warhammer Community rules Q&A article (2022)",
        note="CORE_B §1.3 (2022 rules Q&A article)",
        confidence=C.LIKELY,
    )
    overwatch_snap_shots: bool = setting(
        True,
        description="Overwatch is fired as Snap Shots (false: at full Ballistic Skill).",
        source="7th-edition convention (the Wall of Death rule points the same way)",
        note="CORE_B §4.3 (7th-edition convention; the Wall of Death design points the same way)",
        confidence=C.UNCONFIRMED,
    )
    evade_scope: Literal["attack", "phase"] = setting(
        "attack",
        description="How long the Shrouded (5+) from Evade lasts: against the triggering attack, or the whole phase.",
        source="Warhammer Community summary of the Reactions (2022)",
        note="CORE_B §4.3 (2022 blog summary)",
        confidence=C.LIKELY,
    )
    morale_casualty_fraction: float = setting(
        0.25,
        gt=0,
        le=1,
        description="Share of its models a unit must lose to shooting in a phase to take a Morale check.",
        source="no source: project default (morale from shooting casualties, rulebook, not read)",
        note="CORE_B §1.10",
        confidence=C.CONFIRMED,
    )
    morale_casualty_base: Literal["phase_start", "game_start"] = setting(
        "phase_start",
        description="Which model count that share is taken of: at the start of the phase, or at the start of the game.",
        source="7th-edition convention",
        note="CORE_B §1.10 (7th-edition convention)",
        confidence=C.UNCONFIRMED,
    )


class ChargeBonusBand(ConfigGroup):
    """One row of the Movement-based Charge Distance bonus: units with at least ``min_movement`` add ``bonus``."""

    min_movement: int
    bonus: int


class ChargeConfig(ConfigGroup):
    """Charges (rulebook pp.181-182)."""

    max_distance: float = setting(
        12.0,
        gt=0,
        description="Largest distance a Charge may be declared at.",
        source="Warhammer Community beginner's article (2022)",
        note="CORE_B §5.1 (beginner article)",
        confidence=C.LIKELY,
    )
    requires_line_of_sight: bool = setting(
        True,
        description="A Charge may only target a unit the charger can see.",
        source="7th-edition convention",
        note="CORE_B §5.1 (7th-edition convention)",
        confidence=C.UNCONFIRMED,
    )
    movement_bonus: tuple[ChargeBonusBand, ...] = setting(
        (),
        description="Bonus to the 2D6 Charge Distance by the unit's Movement: the band with the highest "
        "min_movement at or below it applies. The book's table (p.181) was not available, so the default "
        "adds nothing.",
        source="Jump Pack, Age of Darkness rulebook p.163, confirms a bonus exists; its bands are a project default",
        note="CORE_A §5.8; CORE_B §5.1 (Jump Pack rule confirms a bonus exists)",
        confidence=C.UNCONFIRMED,
    )
    difficult_terrain_rule: Literal["flat_penalty", "3d6_drop_highest", "no_effect"] = setting(
        "flat_penalty",
        description="How charging through Difficult or Dangerous Terrain reduces the Charge Distance: lose a "
        "flat amount; roll 3D6 and drop the highest (7th edition); or not at all.",
        source="HH2 has a penalty (its size was not read); value 7th edition",
        note="CORE_B §5.1 step 3 (a penalty exists; its size was not read)",
        confidence=C.UNCONFIRMED,
    )
    difficult_terrain_penalty: int = setting(
        2,
        ge=0,
        le=12,
        description="Inches taken off the Charge Distance through Difficult Terrain (flat_penalty rule only).",
        source="no source: project default (the penalty's form was not read)",
        note="CORE_B §5.1 step 3",
        confidence=C.UNCONFIRMED,
    )
    difficult_terrain_initiative: int = setting(
        1,
        ge=1,
        le=10,
        description="Initiative step chargers fight at after charging through Difficult Terrain (without grenades).",
        source="Difficult Terrain, Age of Darkness rulebook p.222; Warhammer Community tactics article (2022)",
        note="CORE_B §5.4 (2022 tactics article); rulebook p.222",
        confidence=C.LIKELY,
    )
    surge_move: Literal["half_roll_rounded_up", "no_move"] = setting(
        "half_roll_rounded_up",
        description="Move after a failed Charge: half the rolled distance, rounded up, toward the target; or none.",
        source="Warhammer Community beginner's article (2022)",
        note="CORE_B §5.1 step 5 (beginner article)",
        confidence=C.LIKELY,
    )
    overwatch_before_roll: bool = setting(
        True,
        description="Assault-phase Reactions to a Charge resolve before the Charge Distance roll.",
        source="no source: project default (Overwatch Reaction, rulebook, timing not read)",
        note="CORE_B §4.3, §5.1",
        confidence=C.UNCONFIRMED,
        not_played="the timing of Reactions to a Charge does not follow this setting yet",
    )
    disordered_loses_charge_attack: bool = setting(
        True,
        description="A model making a Disordered Charge also loses the +1 Attack for charging.",
        source="Disordered Charges, Age of Darkness rulebook p.182 (not read); Rage, Age of Darkness rulebook p.245, "
        "implies it",
        note="CORE_B §5.3 (Rage replaces that bonus and is lost; p.182 not read)",
        confidence=C.LIKELY,
    )
    falling_back_may_charge: bool = setting(
        False,
        description="Whether a Falling Back unit may declare a Charge.",
        source="7th-edition convention",
        note="CORE_B §5.2 (7th-edition convention)",
        confidence=C.UNCONFIRMED,
    )
    multiple_targets_disordered: bool = setting(
        True,
        description="A Charge declared against more than one enemy unit is Disordered.",
        source="Disordered Charges, Age of Darkness rulebook p.182 (its causes not read); 7th-edition convention",
        note="CORE_B §5.3 (causes on p.182 not read; 7th edition disordered a charge at several units)",
        confidence=C.UNCONFIRMED,
    )
    fired_weapon_exemption: Literal["firing_models", "whole_unit"] = setting(
        "firing_models",
        description="Who must be Relentless for a unit (its joined Independent Characters included) to Charge after "
        "some of its models fired Heavy, Rapid Fire or Ordnance weapons: only the members that fired them (the "
        "unit's own models, or a joined character) or every model of the unit. Any member firing such a weapon "
        "stops the Charge unless exempt.",
        source="Relentless, Age of Darkness rulebook p.245 (names the Relentless models that fired); a unit of mixed "
        "models is not addressed; project default",
        note="CORE_B §1.2, §5.2 (mixed units not addressed)",
        confidence=C.UNCONFIRMED,
    )

    @model_validator(mode="after")
    def _bands_ascend(self) -> ChargeConfig:
        starts = [band.min_movement for band in self.movement_bonus]
        if starts != sorted(set(starts)):
            raise ValueError("movement_bonus bands must be listed by strictly increasing min_movement")
        return self


class FightConfig(ConfigGroup):
    """The Fight sub-phase and combat resolution."""

    pile_in_distance: float = setting(
        3.0,
        ge=0,
        description="Distance of a Pile-in Move.",
        source="7th-edition value",
        note="CORE_B §5.5 (7th-edition value)",
        confidence=C.UNCONFIRMED,
    )
    engaged_range: float = setting(
        2.0,
        ge=0,
        description="A model within this distance of a friendly model in base contact with the enemy may attack.",
        source="7th-edition value",
        note="CORE_B §5.5 (7th-edition value)",
        confidence=C.UNCONFIRMED,
    )
    lowest_initiative_step: int = setting(
        1,
        ge=0,
        le=1,
        description="Lowest Initiative step fought (Initiative below it fights at it).",
        source="readings differ (1 or 0); project default",
        note="CORE_B §5.5 (sources disagree on 1 or 0)",
        confidence=C.UNCONFIRMED,
    )
    declined_challenge_attacks: bool = setting(
        False,
        description="Whether a Character that declined a challenge may still attack that round.",
        source="7th-edition convention",
        note="CORE_B §5.7 (7th-edition convention)",
        confidence=C.UNCONFIRMED,
        not_played="Challenges are not implemented yet",
    )
    mitigated_wounds_count: bool = setting(
        False,
        description="Whether Wounds cancelled by Damage Mitigation rolls count toward combat resolution.",
        source="7th-edition convention",
        note="CORE_B §5.6 (7th-edition convention)",
        confidence=C.UNCONFIRMED,
    )
    vehicle_to_hit: int = setting(
        4,
        ge=1,
        le=6,
        description="D6 result a close combat attack needs to hit a Vehicle or Building (1: every attack hits).",
        source="7th-edition value for a vehicle that moved (the engine does not track the vehicle's last move)",
        note="CORE_B §5.5, §9 item 10 (melee against vehicles not read)",
        confidence=C.UNCONFIRMED,
    )
    consolidate_distance: Literal["initiative", "d6"] = setting(
        "initiative",
        description="How far each model may move when its unit Consolidates after its enemies are gone: up to "
        "its Initiative in inches, or up to one D6 rolled for the unit (7th edition).",
        source="Hit & Run, Age of Darkness rulebook p.240 (its enemies consolidate by Initiative); 7th edition used D6",
        note="CORE_B §5.6 (Consolidate: Initiative confirmed only through the Hit & Run text)",
        confidence=C.LIKELY,
    )


class MoraleConfig(ConfigGroup):
    """Morale checks, Fall Back, Regroup, Sweeping Advance."""

    combat_ld_penalty: bool = setting(
        True,
        description="The loser of a combat takes its Morale check at minus the difference in Wounds scored.",
        source="7th-edition convention",
        note="CORE_B §5.6 (7th-edition convention)",
        confidence=C.UNCONFIRMED,
    )
    double_one_passes: bool = setting(
        True,
        description="A roll of double 1 always passes a Morale check.",
        source="7th-edition convention",
        note="CORE_B §5.6 (7th-edition convention)",
        confidence=C.UNCONFIRMED,
    )
    sweeping_advance_initiative: Literal["unmodified", "modified"] = setting(
        "unmodified",
        description="Initiative added to the Sweeping Advance D6: the profile value or the modified value.",
        source="7th-edition convention",
        note="CORE_B §5.6 (7th-edition convention)",
        confidence=C.UNCONFIRMED,
    )
    fall_back_off_table_destroyed: bool = setting(
        True,
        description="A unit that Falls Back off the battlefield is destroyed.",
        source="7th-edition convention",
        note="CORE_B §6.3 (7th-edition convention)",
        confidence=C.UNCONFIRMED,
    )
    regroup_move: float = setting(
        3.0,
        ge=0,
        description="How far a unit that Regrouped may move in that Movement phase (its Regroup move, whole "
        "inches); it may not Run that phase.",
        source="7th-edition value",
        note="CORE_B §6.3 (7th-edition value)",
        confidence=C.UNCONFIRMED,
    )
    regrouped_may_charge: bool = setting(
        False,
        description="Whether a unit that Regrouped this turn may declare a Charge.",
        source="7th-edition convention (an HH2 trait that lifts the restrictions confirms some exist)",
        note="CORE_B §6.3 (7th-edition convention; a trait that lifts the restrictions confirms some exist)",
        confidence=C.UNCONFIRMED,
    )


class StatusConfig(ConfigGroup):
    """Readings of the seed rules that the rulings mark contested."""

    stupefied_own_turn_expiry: Literal["end_of_next_own_turn", "end_of_current_turn"] = setting(
        "end_of_next_own_turn",
        description="A unit that becomes Stupefied during its own turn stays so until the end of its controller's "
        "next turn, or only until the end of the current turn.",
        source="Legiones Hereticus (Emperor's Children), Exemplary Battles vol.1 p.107; readings differ",
        note="RULINGS STU-07 B (contested); Exemplary Battles vol. 1 p.107",
        confidence=C.CONTESTED,
    )
    mounted_ic_may_join_infantry: bool = setting(
        False,
        description="Whether an Independent Character that became Cavalry through a Militia Cavalry Mount may join "
        "an Infantry unit.",
        source="Militia Cavalry Mount, Legacies: Imperialis Militia p.37; Cavalry, Age of Darkness rulebook p.195; "
        "readings differ",
        note="RULINGS MIL-07 (contested); Legacies: Imperialis Militia p.37; Cavalry, rulebook p.195",
        confidence=C.CONTESTED,
    )
    stupefied_reselect: Literal["refused", "restarts"] = setting(
        "refused",
        description="A unit that is already Stupefied, after another Shooting Attack against it: its controller may "
        "not declare it Stupefied again (refused), or may, and the Stupefied status starts again from now "
        "(restarts: it lasts until the end of the controller's turn following this one).",
        source="Legiones Hereticus (Emperor's Children), Exemplary Battles vol.1 p.107: the choice is to become "
        "Stupefied; the text says nothing of a unit that already is",
        note="SEED_RULES STU-1, STU-7 (the engine refused it silently before issue 17)",
        confidence=C.CONTESTED,
    )
    stupefied_ignores_later_blind_concussive: bool = setting(
        False,
        description="Whether a Stupefied unit also ignores Blind and Concussed gained after it became Stupefied "
        "(false: only those it had when it became Stupefied are ignored; it cannot be Pinned while Stupefied).",
        source="Legiones Hereticus (Emperor's Children), Exemplary Battles vol.1 p.107: the text ignores the effects "
        "a unit has when it becomes Stupefied, and bars only Pinning afterwards",
        note="SEED_RULES STU-2, STU-8 (the engine ignored later ones silently before issue 17)",
        confidence=C.CONTESTED,
    )
    ic_may_join_infiltrated_unit_after_deployment: bool = setting(
        True,
        description="Whether, once deployment is over, an Independent Character without Infiltrate may join a unit "
        "that deployed by Infiltrate (and one that deployed by Infiltrate a unit without Infiltrate).",
        source="Infiltrate, Age of Darkness rulebook p.242: the ban on joining is stated for deployment only",
        note="SEED_RULES INF-10; RULINGS INF-13 (the engine allowed it silently before issue 17)",
        confidence=C.CONTESTED,
    )
    scout_redeploy_crosses_impassable: bool = setting(
        True,
        description="Whether a Scout redeployment may pass over Impassable Terrain and Buildings (true: it is a "
        "placement anywhere within the distance; false: each model's straight path from where it stood must not "
        "cross any). No model may end in them either way.",
        source="Scout, Age of Darkness rulebook p.246: a unit redeploys anywhere within the distance; the text "
        "gives no path",
        note="SEED_RULES SCT-2 (the engine allowed it silently before issue 17)",
        confidence=C.CONTESTED,
    )
    hammer_of_wrath_uses_stupefied_strength: bool = setting(
        False,
        description="Whether a Stupefied model's Hammer of Wrath hits use its Strength with Stupefied's +1 (false: "
        "the profile's Strength, since the hits use the unmodified Strength).",
        source="Hammer of Wrath (X), Age of Darkness rulebook p.239 (unmodified Strength); Stupefied raises the "
        "Strength Characteristic, Exemplary Battles vol.1 p.107; readings differ",
        note="SEED_RULES HOW-2, STU-5 (the engine used the profile silently before issue 17)",
        confidence=C.CONTESTED,
    )
