"""Exactness against simulation for Deflagrate (p.237) and Graviton Pulse (FAQ v1.2 p.2): the mean over 100,000
simulated attacks (10,000 volleys of 10) through the real pipeline (``resolve_attack``, the Deflagrate count and its
hits from :mod:`strategium.rules.weapon.deflagrate`) against the exact value from the rules' arithmetic, within 4
standard errors (the Feel No Pain variant, one per setting, 25,000 attacks each to keep the time down)."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

import strategium.rules  # noqa: F401  (the Deflagrate plug-in)
from strategium.catalogue.registry import RuleRef, find_rule
from strategium.combat.allocation import TargetModel, TargetUnit
from strategium.combat.attack import AttackSpec, resolve_attack
from strategium.config import RulesConfig, parse_overrides
from strategium.dice import Dice
from strategium.rules.weapon.deflagrate import counted_wounds, deflagrate_hits
from tests.combat.test_simulation import assert_within_4_se, d6_at_least, mean_of

RUNS, SHOTS = 10_000, 10
CONFIG = RulesConfig()
BEFORE = parse_overrides({"weapon_rules": {"deflagrate_counts": "before_mitigation"}})


def rule(text: str) -> RuleRef:
    found = find_rule(text)
    assert isinstance(found, RuleRef)
    return found


DEFLAGRATE, PULSE, FNP = rule("Deflagrate"), rule("Graviton Pulse"), rule("Feel No Pain (5+)")
VOLKITE = AttackSpec("Volkite charger", SHOTS, 5, 5, skill=4, rules=(DEFLAGRATE,))


def legionaries(rules: tuple[RuleRef, ...] = ()) -> TargetUnit:
    """30 Legionaries (T4, S4, 1 Wound, Sv3+): never fewer than the 20 Wounds a volley can cause."""
    return TargetUnit(
        "Tactical Squad", tuple(TargetModel(f"L{i}", 4, save=3, strength=4, rules=rules) for i in range(30))
    )


def extra_wounds(config: RulesConfig, target: TargetUnit) -> Callable[[Dice], int]:
    def one(dice: Dice) -> int:
        first = resolve_attack(dice, VOLKITE, target, config=config)
        n, _ = counted_wounds(config, first)
        if n == 0:
            return 0
        return resolve_attack(dice, deflagrate_hits(VOLKITE, (DEFLAGRATE,), n), first.target, config=config).wounds_lost

    return one


def binomial_moments(n: int, p: Fraction) -> tuple[Fraction, Fraction]:
    mean = n * p
    return mean, n * p * (1 - p) + mean * mean


def test_deflagrate_extra_wounds_exact() -> None:
    # a shot: hits on 3+ (BS4), wounds on 3+ (S5 v T4), its 3+ save fails on 1-2 (AP5); its Deflagrate hit wounds
    # and goes unsaved alike: each shot independently adds one extra Wound with p
    p_unsaved = d6_at_least(3) * (1 - d6_at_least(3))
    p = d6_at_least(3) * p_unsaved * p_unsaved
    assert p == Fraction(8, 243)
    mean, second = binomial_moments(SHOTS, p)
    observed = mean_of(RUNS, 2001, extra_wounds(CONFIG, legionaries()))
    assert_within_4_se(observed, mean, second, RUNS)


def test_deflagrate_extra_wounds_with_feel_no_pain_under_both_settings_exact() -> None:
    p_unsaved = d6_at_least(3) * d6_at_least(3) * (1 - d6_at_least(3))  # before Feel No Pain
    p_lost = p_unsaved * (1 - d6_at_least(5))  # Feel No Pain (5+) fails on 1-4
    for config, p_counted in ((BEFORE, p_unsaved), (CONFIG, p_lost)):
        p = p_counted * d6_at_least(3) * (1 - d6_at_least(3)) * (1 - d6_at_least(5))  # the hit's Wound lost
        mean, second = binomial_moments(SHOTS, p)
        observed = mean_of(RUNS // 4, 2002, extra_wounds(config, legionaries((FNP,))))
        assert_within_4_se(observed, mean, second, RUNS // 4)
    assert p_unsaved * Fraction(2, 9) * Fraction(2, 3) == Fraction(16, 729)


def test_graviton_pulse_wound_rate_exact() -> None:
    # below (default): against S4 a roll of 4, 5 or 6 is a Wound
    hits = AttackSpec("Graviton gun", SHOTS, 1, 4, skill=None, rules=(PULSE,))
    # none may be allocated the Wounds (out of sight, say): the pipeline counts them and stops, which keeps it fast
    models = tuple(TargetModel(f"L{i}", 4, save=3, strength=4, allocatable=False) for i in range(10))
    target = TargetUnit("Tactical Squad", models)
    p = d6_at_least(4)
    mean, second = binomial_moments(SHOTS, p)
    observed = mean_of(RUNS, 2003, lambda dice: resolve_attack(dice, hits, target, config=CONFIG).wounds)
    assert_within_4_se(observed, mean, second, RUNS)
