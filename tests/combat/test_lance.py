"""Lance (rulebook p.242): an Armour Value above 12 counts as 12 against the weapon's Armour Penetration rolls
(:func:`strategium.combat.vehicle_attack.resolve_attack_on_vehicle`). Forced dice, exact results."""

from __future__ import annotations

from strategium.catalogue.registry import RuleRef, find_rule
from strategium.combat.attack import AttackSpec
from strategium.combat.vehicle_attack import resolve_attack_on_vehicle
from strategium.combat.vehicles import PenetrationOutcome, TargetVehicle
from strategium.config import RulesConfig
from strategium.dice import Dice

CONFIG = RulesConfig()


def rule(text: str) -> RuleRef:
    found = find_rule(text)
    assert isinstance(found, RuleRef)
    return found


LANCE = rule("Lance")


def lance(*rules: RuleRef) -> AttackSpec:
    """One automatic hit (AP 2) of a Strength 9 Lance weapon."""
    return AttackSpec("Lance battery", 1, 9, 2, rules=(LANCE, *rules), attacker="Blue")


def tank(armour: int) -> TargetVehicle:
    return TargetVehicle("Land Raider", armour=armour, hull_points=4)


def test_lance_against_armour_14_counts_it_as_12() -> None:
    dice = Dice(0, strict=True)
    dice.force(3)  # 3 + S9 = 12 against 12 (14 counted as 12): Glancing (against 14: no effect)
    result = resolve_attack_on_vehicle(dice, lance(), tank(14), config=CONFIG)
    (record,) = result.records
    assert (record.penetration.total, record.outcome) == (12, PenetrationOutcome.GLANCING)
    assert result.hull_points_lost == 1
    assert [r.text for r in result.reasons if r.rule == "Lance"] == [
        "Front Armour 14 counts as 12 against Lance battery"
    ]
    assert str(result.rolls[0]) == "Armour Penetration: hit 1 of 1, S9 vs Front 12 (Blue): D6 [3*] = 3"


def test_lance_penetrates_armour_13_on_a_four() -> None:
    dice = Dice(0, strict=True)
    dice.force(4, 1)  # 4 + 9 = 13 > 12: Penetrating; the Vehicle Damage roll 1
    result = resolve_attack_on_vehicle(dice, lance(), tank(13), config=CONFIG)
    (record,) = result.records
    assert record.outcome is PenetrationOutcome.PENETRATING


def test_lance_does_nothing_against_armour_12_or_less() -> None:
    dice = Dice(0, strict=True)
    dice.force(2)  # 2 + 9 = 11 against 11: Glancing, as without Lance
    result = resolve_attack_on_vehicle(dice, lance(), tank(11), config=CONFIG)
    assert result.records[0].outcome is PenetrationOutcome.GLANCING
    assert not [r for r in result.reasons if r.rule == "Lance"]


def test_lance_with_armourbane_adds_the_d6_against_the_counted_12() -> None:
    dice = Dice(0, strict=True)
    dice.force(1, 2, 1)  # 1 + 9 + Armourbane's 2 = 12 against 14 counted as 12: Glancing
    result = resolve_attack_on_vehicle(dice, lance(rule("Armourbane")), tank(14), config=CONFIG)
    (record,) = result.records
    assert (record.penetration.total, record.outcome) == (12, PenetrationOutcome.GLANCING)
