"""Exactness against simulation for the area package (w20j): a Twin-linked Template weapon's To Wound re-roll (TWL-2,
rulebook p.249) and Armour Penetration re-roll (TWL-3) through the real pipeline, against the rules' arithmetic in
exact fractions (within 4 standard errors; pattern: tests/combat/test_simulation.py)."""

from __future__ import annotations

from fractions import Fraction

from strategium.catalogue.registry import RuleRef, find_rule
from strategium.combat.allocation import TargetModel, TargetUnit
from strategium.combat.attack import AttackSpec, resolve_attack
from strategium.combat.vehicle_attack import resolve_attack_on_vehicle
from strategium.combat.vehicles import TargetVehicle
from tests.combat.test_simulation import CONFIG, assert_within_4_se, d6_at_least, mean_of

TWIN = find_rule("Twin-linked")
assert isinstance(TWIN, RuleRef)
TEMPLATE = RuleRef("Template")


def test_template_twin_linked_expected_wounds_over_100000_hits() -> None:
    # Twenty template hits, S4 against T4: a wound on 4+, a failed roll made again once: p = 1/2 + 1/2 * 1/2 = 3/4.
    p = d6_at_least(4) + (1 - d6_at_least(4)) * d6_at_least(4)
    assert p == Fraction(3, 4)
    hits = 20
    mean = hits * p
    second = hits * p * (1 - p) + mean * mean
    attack = AttackSpec("Flamer", hits, 4, 5, skill=None, rules=(TWIN, TEMPLATE))
    unit = TargetUnit("Tactical Squad", tuple(TargetModel(f"Legionary {i}", 4) for i in range(20)))
    runs = 5_000  # 100,000 template hits
    observed = mean_of(runs, 2049, lambda dice: resolve_attack(dice, attack, unit, config=CONFIG).wounds)
    assert_within_4_se(observed, mean, second, runs)


def test_template_twin_linked_expected_glancing_or_penetrating_against_armour_10() -> None:
    # S4 against Armour 10: 6 glances (10), nothing penetrates; a roll with no effect is made again once.
    p_effect = Fraction(1, 6)
    p = p_effect + (1 - p_effect) * p_effect
    assert p == Fraction(11, 36)
    attack = AttackSpec("Flamer", 1, 4, 5, skill=None, rules=(TWIN, TEMPLATE))
    runs = 20_000
    tank = TargetVehicle("Rhino", armour=10, hull_points=3)
    observed = mean_of(runs, 2050, lambda dice: resolve_attack_on_vehicle(dice, attack, tank, config=CONFIG).glancing)
    assert_within_4_se(observed, p, p, runs)
