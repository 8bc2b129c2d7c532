"""Exactness of the vehicles package's rules against simulation (the pattern of tests/combat/test_simulation.py):
the mean over 100,000 simulated hits (10,000 volleys of 10) agrees with the exact value from the rule's arithmetic
(``fractions.Fraction``) within 4 standard errors. Each hit goes through the pipeline's own Armour Penetration step
(:func:`~strategium.combat.vehicle_attack.penetration_armour`, the attack's declared clauses,
:func:`~strategium.combat.vehicles.roll_penetration`), as ``resolve_attack_on_vehicle`` makes it, without the
Vehicle Damage rolls after it (a full ``resolve_attack_on_vehicle`` per hit would take some 10 s here; one forced-dice
test per rule plays the whole call: tests/combat/test_lance.py, test_armourbane.py)."""

from __future__ import annotations

from fractions import Fraction

from strategium.catalogue.registry import RuleRef, find_rule
from strategium.combat.attack import AttackSpec
from strategium.combat.vehicle_attack import penetration_armour
from strategium.combat.vehicles import PenetrationOutcome, TargetVehicle, roll_penetration
from strategium.dice import Dice
from tests.combat.test_simulation import assert_within_4_se, mean_of

VOLLEYS, HITS = 10_000, 10


def rule(text: str) -> RuleRef:
    found = find_rule(text)
    assert isinstance(found, RuleRef)
    return found


def penetrating_per_volley(attack: AttackSpec, armour: int) -> float:
    target = TargetVehicle("Land Raider", armour=armour, hull_points=4)
    counted, _ = penetration_armour(attack, target)
    declared = attack.declared(vehicle=True)
    clauses = declared.penetration if declared is not None else ()

    def one(dice: Dice) -> int:
        return sum(
            roll_penetration(
                dice, strength=attack.strength, armour=counted, label="exactness", declared=clauses
            ).outcome
            is PenetrationOutcome.PENETRATING
            for _ in range(HITS)
        )

    return mean_of(VOLLEYS, 2020, one)


def binomial(p: Fraction) -> tuple[Fraction, Fraction]:
    mean = HITS * p
    return mean, HITS * p * (1 - p) + mean * mean


def test_armourbane_extra_d6_penetration_rate_against_armour_14() -> None:
    # S8 + D6 + Armourbane's D6 > 14: two dice of 7 or more, 21 of the 36 pairs (without it: never, 8 + 6 = 14).
    p = Fraction(sum(1 for a in range(1, 7) for b in range(1, 7) if 8 + a + b > 14), 36)
    assert p == Fraction(21, 36)
    attack = AttackSpec("Melta gun", HITS, 8, 1, rules=(rule("Armourbane"),), attacker="Blue")
    mean, second = binomial(p)
    assert_within_4_se(penetrating_per_volley(attack, 14), mean, second, VOLLEYS)


def test_lance_against_armour_14_penetration_rate() -> None:
    # S9 + D6 > 12 (14 counted as 12): a 4 or more, 1/2 (against 14 unchanged: a 6, 1/6).
    p = Fraction(sum(1 for a in range(1, 7) if 9 + a > 12), 6)
    assert p == Fraction(1, 2)
    attack = AttackSpec("Lance battery", HITS, 9, 2, rules=(rule("Lance"),), attacker="Blue")
    mean, second = binomial(p)
    assert_within_4_se(penetrating_per_volley(attack, 14), mean, second, VOLLEYS)
