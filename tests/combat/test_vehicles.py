"""strategium.combat.vehicles and vehicle_attack: Armour Penetration, Hull Points, damage tables, Facing;
RULINGS HOW-04 and HOW-05 (the penetration numbers)."""

from __future__ import annotations

import pytest

from strategium.catalogue.registry import RuleRef, find_rule
from strategium.combat.attack import AttackMode, AttackSpec
from strategium.combat.mitigation import MitigationKind
from strategium.combat.vehicle_attack import resolve_attack_on_vehicle
from strategium.combat.vehicles import (
    BuildingDamageResult,
    PenetrationOutcome,
    TargetVehicle,
    VehicleDamageResult,
    building_damage_result,
    choose_facing,
    penetration_outcome,
    vehicle_damage_result,
)
from strategium.config import RulesConfig
from strategium.dice import Dice
from strategium.errors import InputError
from strategium.model.characteristics import BuildingCharacteristics, Facing, VehicleCharacteristics
from strategium.model.weapons import WeaponClass

CONFIG = RulesConfig()
PREDATOR = {Facing.FRONT: 13, Facing.SIDE: 12, Facing.REAR: 10}
RHINO = VehicleCharacteristics(m=14, bs=4, front=11, side=11, rear=10, hp=3, transport_capacity=12)


def rule(text: str) -> RuleRef:
    entry = find_rule(text)
    assert isinstance(entry, RuleRef), text
    return entry


def outcomes(strength: int, armour: int) -> list[PenetrationOutcome]:
    """The outcome of each D6 face 1-6."""
    return [penetration_outcome(face + strength, armour) for face in range(1, 7)]


N, G, P = PenetrationOutcome.NONE, PenetrationOutcome.GLANCING, PenetrationOutcome.PENETRATING


def test_HOW_04_castellax_s7_touching_front_and_side_of_a_predator() -> None:
    """HOW-04: the target's controller picks the Facing; a sensible choice is Front 13, where S7 glances
    only on a 6 and never penetrates; on the Side (12), 5 glances and 6 penetrates."""
    facing, reason = choose_facing(PREDATOR, (Facing.FRONT, Facing.SIDE))
    assert facing is Facing.FRONT
    assert reason.rule == "Hammer of Wrath" and reason.page == 239
    assert outcomes(7, 13) == [N, N, N, N, N, G]
    assert outcomes(7, 12) == [N, N, N, N, G, P]
    chosen, _ = choose_facing(PREDATOR, (Facing.FRONT, Facing.SIDE), chosen=Facing.SIDE)
    assert chosen is Facing.SIDE
    with pytest.raises(InputError, match="not touched"):
        choose_facing(PREDATOR, (Facing.FRONT, Facing.SIDE), chosen=Facing.REAR)


def test_HOW_05_castellax_against_a_rhino_side_and_bikes_cannot_hurt_it() -> None:
    """HOW-05: one S7 hit against Side 11: 4 glances, 5-6 penetrate; S4 hits can never reach 11."""
    assert outcomes(7, 11) == [N, N, N, G, P, P]
    assert outcomes(4, 11) == [N] * 6
    rhino = TargetVehicle.from_profile("Rhino", RHINO, Facing.SIDE)
    dice = Dice(0, strict=True)
    dice.force(4)  # the Hammer of Wrath hit is automatic; penetration 4 + 7 = 11: a Glancing Hit
    attack = AttackSpec("Hammer of Wrath", 1, 7, None, mode=AttackMode.MELEE)
    result = resolve_attack_on_vehicle(dice, attack, rhino, config=CONFIG)
    assert (result.glancing, result.penetrating, result.hull_points_lost) == (1, 0, 1)
    assert result.target.hull_points_left == 2 and result.damage_results == ()
    assert str(dice.log[0]) == "Armour Penetration: hit 1 of 1, S7 vs Side 11: D6 [4*] = 4"


def test_penetrating_hit_rolls_on_the_damage_table_with_ap_modifier() -> None:
    rhino = TargetVehicle.from_profile("Rhino", RHINO, Facing.FRONT)
    dice = Dice(0, strict=True)
    dice.force(3, 3, 5)  # hit (BS4), penetration 3 + 9 = 12 > 11, damage 5 + 1 (AP2) = 6: Immobilised
    result = resolve_attack_on_vehicle(dice, AttackSpec("Lascannon", 1, 9, 2, skill=4), rhino, config=CONFIG)
    assert result.penetrating == 1
    damage = result.damage_results[0]
    assert (damage.modifier, damage.result, damage.extra_hull_points) == (1, VehicleDamageResult.IMMOBILISED, 0)
    assert result.hull_points_lost == 1 and not result.destroyed
    assert damage.reasons[0].rule == "vehicle_damage.ap2_modifier"


def test_explodes_costs_d3_more_and_destroys() -> None:
    rhino = TargetVehicle.from_profile("Rhino", RHINO, Facing.REAR, lost=1)
    dice = Dice(0, strict=True)
    dice.force(3, 6, 6, 2)  # hit; 6 + 9 = 15; damage 6 + 1 = 7 Explodes; D3 = 2 more Hull Points
    result = resolve_attack_on_vehicle(dice, AttackSpec("Lascannon", 1, 9, 2, skill=4), rhino, config=CONFIG)
    assert result.damage_results[0].result is VehicleDamageResult.EXPLODES
    assert (result.hull_points_lost, result.destroyed, result.explodes) == (2, True, True)
    assert result.target.hull_points_left == 0


def test_damage_bands_come_from_the_configuration() -> None:
    assert [vehicle_damage_result(v, CONFIG) for v in (0, 3, 4, 5, 6, 7, 9)] == [
        VehicleDamageResult.CREW_SHAKEN,
        VehicleDamageResult.CREW_SHAKEN,
        VehicleDamageResult.CREW_STUNNED,
        VehicleDamageResult.WEAPON_DESTROYED,
        VehicleDamageResult.IMMOBILISED,
        VehicleDamageResult.EXPLODES,
        VehicleDamageResult.EXPLODES,
    ]
    shifted = RulesConfig.model_validate(
        {
            "vehicle_damage": {
                "explodes_from": 6,
                "immobilised_from": 5,
                "weapon_destroyed_from": 4,
                "crew_stunned_from": 3,
            }
        }
    )
    assert vehicle_damage_result(6, shifted) is VehicleDamageResult.EXPLODES


def test_glancing_hits_roll_only_if_configured() -> None:
    rhino = TargetVehicle("Rhino", 11, 3, Facing.SIDE)
    dice = Dice(0, strict=True)
    dice.force(2, 4)  # 2 + 9 = 11 glances; with glancing_hits_roll the damage roll 4 - 0 (AP2 +1) = 5
    config = RulesConfig.model_validate({"vehicle_damage": {"glancing_hits_roll": True}})
    result = resolve_attack_on_vehicle(dice, AttackSpec("Lascannon", 1, 9, 2), rhino, config=config)
    assert result.damage_results[0].result is VehicleDamageResult.WEAPON_DESTROYED


def test_invulnerable_save_and_shrouded_against_penetrating_hits() -> None:
    """Evade's Shrouded (5+) and an ion shield's 5+ Invulnerable Save work against Glancing and Penetrating Hits."""
    knight = TargetVehicle("Knight", 13, 6, Facing.FRONT, invulnerable_save=5, rules=(rule("Shrouded (5+)"),))
    dice = Dice(0, strict=True)
    dice.force(6, 6, 5, 1, 5)  # two automatic hits penetrate (6 + 9); first saved on 5; second fails 1, Shrouded 5
    result = resolve_attack_on_vehicle(dice, AttackSpec("Lascannon", 2, 9, 2), knight, config=CONFIG)
    assert result.penetrating == 2
    assert [r.saved for r in result.records] == [True, False]
    second = result.records[1].mitigation
    assert second is not None and second.success and second.option is not None
    assert second.option.kind is MitigationKind.SHROUDED
    assert result.hull_points_lost == 0


def test_ordnance_and_destroyer_penetration_dice() -> None:
    dice = Dice(0, strict=True)
    dice.force(3, 5, 2)  # Ordnance: 2D6 keep the highest (5); 5 + 8 = 13 > 12; damage 2 + 1 (AP2) = 3
    vehicle = TargetVehicle("Predator", 12, 3, Facing.SIDE)
    result = resolve_attack_on_vehicle(
        dice, AttackSpec("Battle cannon", 1, 8, 2, weapon_class=WeaponClass.ORDNANCE), vehicle, config=CONFIG
    )
    assert result.records[0].penetration.roll.kind == "2D6kh1" and result.penetrating == 1
    assert result.damage_results[0].result is VehicleDamageResult.CREW_SHAKEN
    dice = Dice(0, strict=True)
    dice.force(1, 4, 6, 3, 1)  # Destroyer: 3D6 keep the two highest (10); 10 + 10 = 20 > 14; D3 = 3 Hull Points
    result = resolve_attack_on_vehicle(
        dice,
        AttackSpec("Volcano", 1, 10, 1, weapon_class=WeaponClass.DESTROYER),
        TargetVehicle("Land Raider", 14, 5),
        config=CONFIG,
    )
    record = result.records[0]
    assert record.penetration.total == 20 and record.hull_point_roll is not None
    assert record.hull_points_lost == 3 + 0  # the damage roll 1 + 2 (AP1) = 3 is Crew Shaken
    assert result.damage_results[0].result is VehicleDamageResult.CREW_SHAKEN


def test_building_damage_table_is_confirmed_and_massive_fortification_subtracts_one() -> None:
    assert [building_damage_result(v) for v in (1, 3, 4, 5, 6, 7, 8)] == [
        BuildingDamageResult.BUILDING_SHAKEN,
        BuildingDamageResult.BUILDING_SHAKEN,
        BuildingDamageResult.STRUCTURAL_TREMOR,
        BuildingDamageResult.WEAPON_DESTROYED,
        BuildingDamageResult.CATASTROPHIC_BREACH,
        BuildingDamageResult.TOTAL_COLLAPSE,
        BuildingDamageResult.TOTAL_COLLAPSE,
    ]
    bunker = BuildingCharacteristics(bs=None, front=14, side=14, rear=14, hp=4)
    target = TargetVehicle.from_profile("Imperial Bunker", bunker, Facing.FRONT, massive_fortification=True)
    dice = Dice(0, strict=True)
    dice.force(6, 6)  # automatic hit; 6 + 10 = 16 penetrates; building damage 6 + 2 (AP1) - 1 = 7: Total Collapse
    result = resolve_attack_on_vehicle(dice, AttackSpec("Melta", 1, 10, 1), target, config=CONFIG)
    damage = result.damage_results[0]
    assert damage.result is BuildingDamageResult.TOTAL_COLLAPSE and damage.modifier == 1
    assert damage.occupant_hits is not None and damage.occupant_hits.dice == "4D6"
    assert result.destroyed and result.hull_points_lost == 4


def test_massive_building_ignores_all_but_total_collapse() -> None:
    target = TargetVehicle("Primus Redoubt", 14, 10, building=True, massive=True)
    dice = Dice(0, strict=True)
    dice.force(6, 4)  # penetrates (6 + 10); damage 4 + 2 = 6 would be Catastrophic Breach: ignored
    result = resolve_attack_on_vehicle(dice, AttackSpec("Melta", 1, 10, 1), target, config=CONFIG)
    assert result.damage_results[0].result is None and result.hull_points_lost == 1


def test_bad_vehicle_inputs() -> None:
    with pytest.raises(InputError, match="Hull Points must be"):
        TargetVehicle("Wreck", 11, 0)
    with pytest.raises(InputError, match="automatic hits"):
        resolve_attack_on_vehicle(
            Dice(0), AttackSpec("Fist", 1, 8, 2, mode=AttackMode.MELEE, skill=4), TargetVehicle("Rhino", 10, 3)
        )
    barricade = BuildingCharacteristics(bs=None, front=None, side=None, rear=None, hp=None)
    with pytest.raises(InputError, match="no Armour Value"):
        TargetVehicle.from_profile("Defence Line", barricade, Facing.FRONT)


@pytest.mark.parametrize(
    ("setting", "ap", "face"),
    [("ap1_modifier", 1, 4), ("ap2_modifier", 2, 5), ("no_ap_modifier", None, 4)],
)
def test_ap_modifiers_to_the_vehicle_damage_roll_come_from_the_rules_configuration(
    setting: str, ap: int | None, face: int
) -> None:
    """The same damage die under the default modifier and under 0: the result moves by the modifier."""
    from strategium.combat.vehicles import roll_damage_table
    from strategium.config import parse_overrides

    rhino = TargetVehicle.from_profile("Rhino", RHINO, Facing.FRONT)
    results = []
    for config in (CONFIG, parse_overrides({"vehicle_damage": {setting: 0}})):
        dice = Dice(0, strict=True)
        dice.force(face)
        rolled = roll_damage_table(dice, rhino, ap=ap, config=config, label="damage")
        results.append((rolled.modifier, rolled.result))
    default = int(getattr(CONFIG.vehicle_damage, setting))
    assert results[0] == (default, vehicle_damage_result(face + default, CONFIG))
    assert results[1] == (0, vehicle_damage_result(face, CONFIG))
    assert results[0][1] != results[1][1]


@pytest.mark.parametrize(
    ("face", "band"),
    [
        (1, "crew_stunned_from"),  # 2 modified: Crew Shaken, below the Crew Stunned band
        (3, "crew_stunned_from"),
        (4, "weapon_destroyed_from"),
        (5, "immobilised_from"),
        (6, "explodes_from"),
    ],
)
def test_the_vehicle_damage_ruling_names_the_band_that_decided_the_result(face: int, band: str) -> None:
    """An AP2 hit (+1 by default) on a Rhino: the ruling cites the band setting of the result rolled, not always
    Explodes' (a referee's finding)."""
    from strategium.combat.vehicles import roll_damage_table

    rhino = TargetVehicle.from_profile("Rhino", RHINO, Facing.FRONT)
    dice = Dice(0, strict=True)
    dice.force(face, 1)  # the damage die, then Explodes' D3 (left unused below Explodes)
    rolled = roll_damage_table(dice, rhino, ap=2, config=CONFIG, label="damage")
    ruling = next(r for r in rolled.reasons if "Vehicle Damage roll" in r.text)
    value = getattr(CONFIG.vehicle_damage, band)
    assert f"vehicle_damage.{band}` = {value}" in ruling.text
    assert rolled.result is vehicle_damage_result(face + CONFIG.vehicle_damage.ap2_modifier, CONFIG)
