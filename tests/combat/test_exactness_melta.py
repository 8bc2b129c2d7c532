"""Exactness of Armourbane (Melta) (rulebook p.231) against simulation (the pattern of tests/combat/test_simulation.py
and tests/combat/test_exactness_vehicles.py): the mean over 100,000 simulated hits (10,000 volleys of 10) through the
pipeline's Armour Penetration step agrees with the exact value (``fractions.Fraction``) within 4 standard errors,
within half range (ARB-7: the extra D6) and beyond it (no extra D6)."""

from __future__ import annotations

from fractions import Fraction

from strategium.catalogue.declared import Situation
from strategium.combat.attack import AttackSpec
from tests.combat.test_exactness_vehicles import HITS, VOLLEYS, binomial, penetrating_per_volley, rule
from tests.combat.test_simulation import assert_within_4_se


def melta(situation: frozenset[Situation]) -> AttackSpec:
    rules = (rule("Armourbane (Melta)"),)
    return AttackSpec("Multi-melta", HITS, 8, 1, rules=rules, attacker="Blue", situation=situation)


NEAR = Fraction(sum(1 for a in range(1, 7) for b in range(1, 7) if 8 + a + b > 12), 36)
"""Within half range: S8 + D6 + the extra D6 > 12, two dice totalling 5 or more: 30 of the 36 pairs."""
FAR = Fraction(sum(1 for a in range(1, 7) if 8 + a > 12), 6)
"""Beyond half range: S8 + D6 > 12, a 5 or 6."""


def test_armourbane_melta_penetration_rate_against_armour_12_within_half_range() -> None:
    assert (NEAR, NEAR.denominator) == (Fraction(5, 6), 6)
    mean, second = binomial(NEAR)
    near = melta(frozenset({Situation.WITHIN_HALF_RANGE}))
    assert_within_4_se(penetrating_per_volley(near, 12), mean, second, VOLLEYS)


def test_armourbane_melta_penetration_rate_against_armour_12_beyond_half_range() -> None:
    assert (FAR, FAR.denominator) == (Fraction(1, 3), 3)
    mean, second = binomial(FAR)
    assert_within_4_se(penetrating_per_volley(melta(frozenset()), 12), mean, second, VOLLEYS)
