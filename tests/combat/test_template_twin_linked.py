"""Twin-linked Template weapons (rulebook p.249): fired as one weapon, they re-roll failed To Wound rolls (TWL-2) and
failed Armour Penetration rolls (TWL-3); a weapon that is no Template does not, a Template that is not Twin-linked
does not. Forced dice, exact results."""

from __future__ import annotations

from strategium.catalogue.clauses import clauses_of
from strategium.catalogue.declared import Situation, Trigger
from strategium.catalogue.registry import RuleRef, find_rule
from strategium.combat.allocation import TargetModel, TargetUnit
from strategium.combat.attack import AttackSpec, resolve_attack
from strategium.combat.vehicle_attack import resolve_attack_on_vehicle
from strategium.combat.vehicles import PenetrationOutcome, TargetVehicle
from strategium.config import RulesConfig
from strategium.dice import Dice

CONFIG = RulesConfig()


def rule(text: str) -> RuleRef:
    found = find_rule(text)
    assert isinstance(found, RuleRef)
    return found


TWIN = rule("Twin-linked")
TEMPLATE = RuleRef("Template")


def flamer(count: int, *rules: RuleRef, strength: int = 4) -> AttackSpec:
    """``count`` hits of a flamer (AP 5), already placed (no To Hit roll)."""
    return AttackSpec("Flamer", count, strength, 5, skill=None, rules=rules, attacker="Blue")


def squad(n: int = 3) -> TargetUnit:
    return TargetUnit("Tactical Squad", tuple(TargetModel(f"Legionary {i}", 4, weapon_skill=4) for i in range(n)))


def test_template_twin_linked_clauses_ask_a_template_weapon() -> None:
    ids = {c.id: c for c in clauses_of("Twin-linked")}
    assert ids["TWL-2"].trigger is Trigger.TO_WOUND_ROLL
    assert ids["TWL-3"].trigger is Trigger.ARMOUR_PENETRATION_ROLL
    assert Situation.TEMPLATE_WEAPON in ids["TWL-2"].when and Situation.TEMPLATE_WEAPON in ids["TWL-3"].when


def test_template_twin_linked_re_rolls_failed_to_wound_rolls() -> None:
    dice = Dice(0, strict=True)
    dice.force(1, 3, 6, 5, 2)  # S4 vs T4 wounds on 4+: 1 and 3 fail; re-rolled: 5 wounds, 2 fails -> 2 wounds
    result = resolve_attack(dice, flamer(3, TWIN, TEMPLATE), squad(), config=CONFIG)
    assert result.hits == 3
    assert result.wounds == 2
    assert [r.results for r in result.rolls[:2]] == [(1, 3, 6), (5, 2)]
    assert any(r.rule == "Twin-linked" and r.text.startswith("TWL-2") for r in result.all_reasons)


def test_template_without_twin_linked_does_not_re_roll() -> None:
    dice = Dice(0, strict=True)
    dice.force(1, 4, 3)
    result = resolve_attack(dice, flamer(3, TEMPLATE), squad(), config=CONFIG)
    assert result.wounds == 1
    assert [r.results for r in result.rolls[:1]] == [(1, 4, 3)]


def test_template_twin_linked_is_only_for_templates() -> None:
    dice = Dice(0, strict=True)
    dice.force(1, 4, 3)  # a Twin-linked gun that is no Template: its hits' To Wound rolls stand
    result = resolve_attack(dice, flamer(3, TWIN), squad(), config=CONFIG)
    assert result.wounds == 1
    assert len([r for r in result.rolls if "re-rolled" in str(r)]) == 0


def test_template_twin_linked_re_rolls_failed_armour_penetration() -> None:
    dice = Dice(0, strict=True)
    dice.force(2, 6, 1)  # S4 vs Armour 10: 2 + 4 = 6 fails, re-rolled 6 + 4 = 10 Glancing; (no damage roll)
    result = resolve_attack_on_vehicle(
        dice, flamer(1, TWIN, TEMPLATE), TargetVehicle("Rhino", armour=10, hull_points=3), config=CONFIG
    )
    (record,) = result.records
    assert (record.penetration.total, record.outcome) == (10, PenetrationOutcome.GLANCING)
    assert [r.text for r in record.reasons if r.rule == "Twin-linked"] == [
        "TWL-3: a Twin-linked Template weapon re-rolls a failed Armour Penetration roll, the second result kept: "
        "re-rolled"
    ]
    assert result.hull_points_lost == 1
