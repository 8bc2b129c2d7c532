"""Armourbane (X) (rulebook p.231) as declared clauses at the Armour Penetration roll: ARB-1 an extra D6 (shooting
and close combat), ARB-2 (Melee) close combat only, ARB-3 (Ranged) shooting only (Armourbane (Melta):
tests/combat/test_armourbane_melta.py); no effect on a unit with a Toughness. Forced dice, exact results."""

from __future__ import annotations

from strategium.catalogue.definitions import ImplementationStatus
from strategium.catalogue.registry import RuleRef, find_rule
from strategium.catalogue.status import STATUS
from strategium.combat.allocation import TargetModel, TargetUnit
from strategium.combat.attack import AttackMode, AttackSpec, resolve_attack
from strategium.combat.declared import acting_rules, attack_rules, declared_for
from strategium.combat.vehicle_attack import resolve_attack_on_vehicle
from strategium.combat.vehicles import PenetrationOutcome, TargetVehicle
from strategium.config import RulesConfig
from strategium.dice import Dice
from strategium.model.weapons import WeaponClass

CONFIG = RulesConfig()


def rule(text: str) -> RuleRef:
    found = find_rule(text)
    assert isinstance(found, RuleRef)
    return found


ARMOURBANE = rule("Armourbane")


def gun(strength: int = 8, count: int = 1, *rules: RuleRef, **values: object) -> AttackSpec:
    """``count`` automatic hits (AP 1) with ``rules`` (Armourbane when none given)."""
    return AttackSpec("Melta gun", count, strength, 1, rules=rules or (ARMOURBANE,), attacker="Blue", **values)  # type: ignore[arg-type]


def tank(armour: int = 14) -> TargetVehicle:
    return TargetVehicle("Land Raider", armour=armour, hull_points=4)


def ids(attack: AttackSpec) -> list[str]:
    declared = attack.declared(vehicle=True)
    return [] if declared is None else [b.clause.id for b in declared.penetration]


def test_armourbane_is_implemented() -> None:
    assert STATUS["Armourbane"] is ImplementationStatus.IMPLEMENTED


def test_arb_1_adds_an_extra_d6_to_the_total() -> None:
    dice = Dice(0, strict=True)
    dice.force(2, 5, 1)  # S8 vs 14: 2 + 8 + D6 5 = 15, Penetrating (without Armourbane 10: no effect); damage 1
    result = resolve_attack_on_vehicle(dice, gun(), tank(), config=CONFIG)
    (record,) = result.records
    assert (record.penetration.total, record.outcome) == (15, PenetrationOutcome.PENETRATING)
    assert [str(r) for r in result.rolls[:2]] == [
        "Armour Penetration: hit 1 of 1, S8 vs Front 14 (Blue): D6 [2*] = 2",
        "Armourbane: Armour Penetration: hit 1 of 1, S8 vs Front 14 (Blue): D6 [5*] = 5",
    ]
    assert [r.text for r in record.reasons if r.rule == "Armourbane"] == [
        "ARB-1: an extra D6 is rolled for Armour Penetration: the roll adds 5"
    ]
    assert [r.text for r in record.reasons if r.rule == "Armour Penetration"] == [
        "2 + S8 + 5 = 15 against Armour 14: Penetrating Hit"
    ]
    assert result.hull_points_lost == 1


def test_arb_1_in_close_combat_too_and_once_with_ordnance() -> None:
    assert ids(gun(mode=AttackMode.MELEE)) == ["ARB-1"]
    dice = Dice(0, strict=True)
    dice.force(3, 1, 4)  # Ordnance 2D6 keep the highest: 3, + S8 + one extra D6 of 4 = 15 against 15: Glancing
    result = resolve_attack_on_vehicle(dice, gun(8, weapon_class=WeaponClass.ORDNANCE), tank(15), config=CONFIG)
    (record,) = result.records
    assert (record.penetration.total, record.outcome) == (15, PenetrationOutcome.GLANCING)
    assert len(record.penetration.extra) == 1


def test_the_melee_and_ranged_variants() -> None:
    melee, ranged = rule("Armourbane (Melee)"), rule("Armourbane (Ranged)")
    assert ids(gun(8, 1, melee, mode=AttackMode.MELEE)) == ["ARB-2"]
    assert ids(gun(8, 1, melee)) == []
    assert ids(gun(8, 1, ranged)) == ["ARB-3"]
    assert ids(gun(8, 1, ranged, mode=AttackMode.MELEE)) == []
    dice = Dice(0, strict=True)
    dice.force(1, 6)  # close combat S8: 1 + 8 + the extra D6 6 = 15 against Armour 15, Glancing
    result = resolve_attack_on_vehicle(dice, gun(8, 1, melee, mode=AttackMode.MELEE), tank(15), config=CONFIG)
    assert [r.outcome for r in result.records] == [PenetrationOutcome.GLANCING]


def test_held_by_the_weapon_and_the_model_the_extra_d6_is_rolled_once() -> None:
    acting = acting_rules((rule("Armourbane (Melee)"),))
    rules = attack_rules((ARMOURBANE,), acting)
    plan = declared_for(rules, melee=True, situation=frozenset(), vehicle=True)
    assert plan is not None and [b.clause.id for b in plan.penetration] == ["ARB-1"]


def test_with_rending_both_add_to_the_total() -> None:
    dice = Dice(0, strict=True)
    # S6 vs 14, Rending (6+): a 6 adds D3 2 (REN-3), the extra D6 rolls 1 (ARB-1): 6 + 6 + 1 + 2 = 15, Penetrating
    dice.force(6, 1, 2, 1)
    result = resolve_attack_on_vehicle(dice, gun(6, 1, ARMOURBANE, rule("Rending (6+)")), tank(), config=CONFIG)
    (record,) = result.records
    assert (record.penetration.total, record.outcome) == (15, PenetrationOutcome.PENETRATING)
    assert [r.text for r in record.reasons if r.rule == "Armour Penetration"] == [
        "6 + S6 + 3 = 15 against Armour 14: Penetrating Hit"
    ]


def test_no_effect_on_a_unit_with_a_toughness() -> None:
    assert gun().declared(vehicle=False) is None
    squad = TargetUnit("Tactical Squad", tuple(TargetModel(f"Legionary {i}", 4, save=3) for i in (1, 2)))
    dice = Dice(0, strict=True)
    dice.force(1, 5)  # To Wound 2+ (S8 vs T4): 1 fails, 5 wounds; AP 1 denies the save
    result = resolve_attack(dice, gun(8, 2), squad, config=CONFIG)
    assert result.wounds == 1 and len(result.rolls) == 1
