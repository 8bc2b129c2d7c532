"""Sunder (rulebook p.247) as declared clauses at the Armour Penetration roll: SUN-1 re-rolls a failed roll, SUN-2 a
Glancing Hit when a new roll is at least as likely to Penetrate as to have no effect; the second result stands, with
Rending's D3 made again. No effect on a unit with a Toughness. Forced dice, exact results."""

from __future__ import annotations

from fractions import Fraction

from strategium.catalogue.definitions import ImplementationStatus
from strategium.catalogue.registry import RuleRef, find_rule
from strategium.catalogue.status import STATUS
from strategium.combat.allocation import TargetModel, TargetUnit
from strategium.combat.attack import AttackMode, AttackSpec, resolve_attack
from strategium.combat.declared import reroll_glancing
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


SUNDER = rule("Sunder")


def gun(strength: int = 8, count: int = 1, *extra: RuleRef, **values: object) -> AttackSpec:
    """``count`` automatic hits of a Sunder gun (AP 3)."""
    return AttackSpec("Sunder gun", count, strength, 3, rules=(SUNDER, *extra), attacker="Blue", **values)  # type: ignore[arg-type]


def tank(armour: int = 14) -> TargetVehicle:
    return TargetVehicle("Predator", armour=armour, hull_points=3)


def texts(reasons: tuple[object, ...], name: str = "Sunder") -> list[str]:
    return [r.text for r in reasons if getattr(r, "rule", None) == name]


def test_sunder_is_implemented() -> None:
    assert STATUS["Sunder"] is ImplementationStatus.IMPLEMENTED


def test_a_failed_roll_is_re_rolled_and_the_second_penetrates() -> None:
    dice = Dice(0, strict=True)
    dice.force(3, 6, 1)  # S9: 3 + 9 = 12 < 14, re-rolled: 6 + 9 = 15 Penetrating; the damage roll 1
    result = resolve_attack_on_vehicle(dice, gun(9), tank(14), config=CONFIG)
    (record,) = result.records
    assert (record.penetration.total, record.outcome) == (15, PenetrationOutcome.PENETRATING)
    assert [str(r) for r in result.rolls[:2]] == [
        "Armour Penetration: hit 1 of 1, S9 vs Front 14 (Blue): D6 [3*] = 3",
        "Armour Penetration: hit 1 of 1, S9 vs Front 14 re-rolled (Sunder) (Blue): D6 [6*] = 6",
    ]
    assert texts(record.reasons) == [
        "SUN-1: a failed Armour Penetration roll is re-rolled, the second result kept: re-rolled"
    ]
    assert [r.text for r in record.reasons if r.rule == "Armour Penetration"] == [
        "3 + S9 = 12 against Armour 14: no effect",
        "6 + S9 = 15 against Armour 14: Penetrating Hit",
    ]
    assert result.hull_points_lost == 1  # the damage roll of 1 (AP 3): Crew Shaken


def test_the_second_result_stands_even_when_it_fails_again() -> None:
    dice = Dice(0, strict=True)
    dice.force(1, 2)  # 1 + 8 = 9, re-rolled: 2 + 8 = 10 < 14, no further re-roll
    result = resolve_attack_on_vehicle(dice, gun(8), tank(14), config=CONFIG)
    (record,) = result.records
    assert (record.penetration.total, record.outcome) == (10, PenetrationOutcome.NONE)
    assert len(result.rolls) == 2 and result.hull_points_lost == 0


def test_a_glancing_hit_is_re_rolled_when_penetrating_is_likelier_and_the_second_stands() -> None:
    dice = Dice(0, strict=True)
    # S8 vs Armour 10: a 2 glances; a new roll Penetrates on 3+ (4/6), fails on a 1 (1/6): re-rolled; it rolls 1
    dice.force(2, 1)
    result = resolve_attack_on_vehicle(dice, gun(8), tank(10), config=CONFIG)
    (record,) = result.records
    assert (record.penetration.total, record.outcome) == (9, PenetrationOutcome.NONE)
    assert texts(record.reasons) == [
        "SUN-2: a Glancing Hit may be re-rolled for a Penetrating Hit, the second result kept: re-rolled "
        "(a new roll Penetrates 67%, has no effect 17%)"
    ]
    assert result.hull_points_lost == 0


def test_a_glancing_hit_is_kept_when_no_effect_is_likelier() -> None:
    dice = Dice(0, strict=True)
    # S8 vs Armour 12: a 4 glances; a new roll Penetrates on 5+ (2/6), fails on 1-3 (3/6): kept
    dice.force(4)
    result = resolve_attack_on_vehicle(dice, gun(8), tank(12), config=CONFIG)
    (record,) = result.records
    assert (record.penetration.total, record.outcome) == (12, PenetrationOutcome.GLANCING)
    assert texts(record.reasons) == [
        "SUN-2: a Glancing Hit may be re-rolled for a Penetrating Hit, the second result kept: not taken "
        "(a new roll Penetrates 33%, has no effect 50%)"
    ]
    assert result.hull_points_lost == 1 and len(result.rolls) == 1


def test_ordnance_rolls_both_dice_again() -> None:
    dice = Dice(0, strict=True)
    dice.force(2, 3, 6, 1, 1)  # 2D6 keep highest: 3 + 8 = 11 < 14, re-rolled: 6 + 8 = 14, Glancing (no re-roll)
    result = resolve_attack_on_vehicle(dice, gun(8, weapon_class=WeaponClass.ORDNANCE), tank(14), config=CONFIG)
    (record,) = result.records
    assert (record.penetration.total, record.outcome) == (14, PenetrationOutcome.GLANCING)
    assert [r.results for r in result.rolls[:2]] == [(2, 3), (6, 1)]
    assert record.penetration.earlier == (result.rolls[0],)


def test_in_close_combat_too() -> None:
    dice = Dice(0, strict=True)
    dice.force(2, 5, 1)  # S8 vs 12: 2 fails, re-rolled: 5 + 8 = 13 Penetrating; damage roll 1
    result = resolve_attack_on_vehicle(dice, gun(8, mode=AttackMode.MELEE), tank(12), config=CONFIG)
    (record,) = result.records
    assert (record.penetration.total, record.outcome) == (13, PenetrationOutcome.PENETRATING)


def test_with_rending_the_re_roll_makes_the_d3_again() -> None:
    dice = Dice(0, strict=True)
    # S7 vs 14, Rending (6+): 6 + 7 + D3 1 = 14 Glancing; a new roll Penetrates on a 6 with D3 2+ (1/9), fails on
    # 1-5 (5/6): kept. Second hit: 3 + 7 = 10 fails, re-rolled: 6 + 7 + D3 3 = 16 Penetrating; its damage roll 1.
    dice.force(6, 1, 3, 6, 3, 1)
    result = resolve_attack_on_vehicle(dice, gun(7, 2, rule("Rending (6+)")), tank(14), config=CONFIG)
    first, second = result.records
    assert (first.penetration.total, first.outcome) == (14, PenetrationOutcome.GLANCING)
    assert (second.penetration.total, second.outcome) == (16, PenetrationOutcome.PENETRATING)
    assert [str(r) for r in result.rolls[2:5]] == [
        "Armour Penetration: hit 2 of 2, S7 vs Front 14 (Blue): D6 [3*] = 3",
        "Armour Penetration: hit 2 of 2, S7 vs Front 14 re-rolled (Sunder) (Blue): D6 [6*] = 6",
        "Rending: Armour Penetration: hit 2 of 2, S7 vs Front 14 re-rolled (Sunder) (Blue): D3 [3*] = 3",
    ]
    assert texts(second.reasons, "Rending") == [
        "REN-3: an Armour Penetration die of 6+ adds D3 to the total: a 6 adds 3"
    ]


def test_the_glancing_choice_counts_rendings_d3() -> None:
    attack = gun(8, 1, rule("Rending (5+)"))
    declared = attack.declared(vehicle=True)
    assert declared is not None and [b.clause.id for b in declared.penetration] == ["SUN-1", "SUN-2", "REN-3"]
    # S8 vs 13: without Rending Penetrating on a 6 (1/6), no effect on 1-4 (4/6); with Rending (5+) a 5 penetrates too
    bare = gun(8).declared(vehicle=True)
    assert bare is not None
    assert reroll_glancing(bare.penetration, count=1, keep=1, strength=8, armour=13) == (
        False,
        Fraction(1, 6),
        Fraction(4, 6),
    )
    assert reroll_glancing(declared.penetration, count=1, keep=1, strength=8, armour=13) == (
        False,
        Fraction(2, 6),
        Fraction(4, 6),
    )


def test_no_effect_on_a_unit_with_a_toughness() -> None:
    assert gun().declared(vehicle=False) is None
    squad = TargetUnit("Tactical Squad", tuple(TargetModel(f"Legionary {i}", 4, save=3) for i in (1, 2)))
    with_sunder, without = Dice(0, strict=True), Dice(0, strict=True)
    for d in (with_sunder, without):
        d.force(1, 5, 2)  # To Wound 2+ (S8 vs T4): 1 fails, 5 wounds; the 3+ save is denied by AP 3
    plain = AttackSpec("Sunder gun", 2, 8, 3, attacker="Blue")
    a = resolve_attack(with_sunder, gun(8, 2), squad, config=CONFIG)
    b = resolve_attack(without, plain, squad, config=CONFIG)
    assert (a.wounds, len(a.rolls)) == (b.wounds, len(b.rolls)) == (1, len(b.rolls))
