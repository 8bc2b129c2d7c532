"""Exactness of the close combat weapon rules on the attack pipeline (issue 20, w20g): Master-crafted (rulebook
p.243, MCR-1). The mean over 100,000 simulated attacks through the real pipeline agrees with the value computed
from the rule's arithmetic with :class:`fractions.Fraction`, within 4 standard errors."""

from __future__ import annotations

from fractions import Fraction
from math import comb

from strategium.catalogue.registry import RuleRef, find_rule
from strategium.combat.allocation import TargetModel, TargetUnit
from strategium.combat.attack import AttackMode, AttackSpec, resolve_attack
from tests.combat.test_simulation import CONFIG, assert_within_4_se, d6_at_least, mean_of


def test_master_crafted_expected_hits_of_ten_attacks() -> None:
    master = find_rule("Master-crafted")
    assert isinstance(master, RuleRef)
    n, p = 10, d6_at_least(4)  # WS4 vs WS4: hits on 4+
    # k hits of the first roll (binomial); when k < n one miss is rolled again and hits with chance p
    mean = Fraction(0)
    second = Fraction(0)
    for k in range(n + 1):
        pk = comb(n, k) * p**k * (1 - p) ** (n - k)
        outcomes = [(k, Fraction(1))] if k == n else [(k + 1, p), (k, 1 - p)]
        for hits, q in outcomes:
            mean += pk * q * hits
            second += pk * q * hits * hits
    assert mean == 10 * p + (1 - p**n) * p
    sword = AttackSpec("master-crafted sword", n, 4, 3, mode=AttackMode.MELEE, skill=4, rules=(master,))
    unit = TargetUnit("Tactical Squad", tuple(TargetModel(f"Legionary {i}", 10, weapon_skill=4) for i in range(10)))
    runs = 10_000  # 10,000 fights of 10 attacks: 100,000 attacks
    observed = mean_of(runs, 2043, lambda dice: resolve_attack(dice, sword, unit, config=CONFIG).hits)
    assert_within_4_se(observed, mean, second, runs)
