"""Exactness against simulation: the attack pipeline's mean over many seeded runs agrees with the expected
value derived by hand from the rules (within 4 standard errors, using the exact standard deviation).

Every simulated attack goes through the real pipeline (``resolve_attack`` / ``resolve_attack_on_vehicle``)
and the real :class:`~strategium.dice.Dice`. To keep the test near 10 seconds it simulates 10,000 volleys of
10 Bolters (100,000 Bolter shots) and 25,000 Lascannon shots, not 100,000 attacks of each; a new seeded
``Dice`` is started every 1,000 attacks so the roll log stays small.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from fractions import Fraction

from strategium.combat.allocation import TargetModel, TargetUnit
from strategium.combat.attack import AttackSpec, resolve_attack
from strategium.combat.vehicle_attack import resolve_attack_on_vehicle
from strategium.combat.vehicles import TargetVehicle
from strategium.config import RulesConfig
from strategium.dice import Dice
from strategium.model.characteristics import Facing

CONFIG = RulesConfig()


def d6_at_least(target: int) -> Fraction:
    """The rule's own arithmetic: a D6 shows ``target`` or more with chance (7 - target) / 6."""
    return Fraction(7 - target, 6)


def dice_stream(seed: int, runs: int) -> Iterator[Dice]:
    dice = Dice(seed)
    for run in range(runs):
        if run % 1000 == 0:
            dice = Dice(seed + run)
        yield dice


def mean_of(runs: int, seed: int, one: Callable[[Dice], int]) -> float:
    return sum(one(dice) for dice in dice_stream(seed, runs)) / runs


def assert_within_4_se(observed: float, mean: Fraction, second_moment: Fraction, runs: int) -> None:
    sd = math.sqrt(float(second_moment - mean * mean))
    tolerance = 4 * sd / math.sqrt(runs)
    assert abs(observed - float(mean)) <= tolerance, (observed, float(mean), tolerance)


def test_ten_bolters_at_a_tactical_squad_expected_wounds() -> None:
    bs, strength, ap, toughness, save, shots = 4, 4, 5, 4, 3, 10
    # BS 1-5 hit on (7 - BS)+; S = T wounds on 4+; AP5 does not deny a 3+ save, which fails on 1-2.
    p_hit = d6_at_least(7 - bs)
    p_wound = d6_at_least(4)
    assert ap > save
    p_unsaved = 1 - d6_at_least(save)
    p = p_hit * p_wound * p_unsaved
    assert p == Fraction(1, 9)
    mean = shots * p  # ten one-Wound models: every unsaved Wound is a casualty, never more than ten
    second = shots * p * (1 - p) + mean * mean  # binomial(10, p)

    attack = AttackSpec("Bolter", shots, strength, ap, skill=bs)
    unit = TargetUnit("Tactical Squad", tuple(TargetModel(f"Legionary {i}", toughness, save=save) for i in range(10)))
    runs = 10_000  # volleys of 10 Bolters: 100,000 Bolter shots
    observed = mean_of(runs, 2022, lambda dice: resolve_attack(dice, attack, unit, config=CONFIG).wounds_lost)
    assert_within_4_se(observed, mean, second, runs)


def test_lascannon_at_a_rhino_side_expected_hull_points() -> None:
    bs, strength, ap, armour, hull_points = 4, 9, 2, 11, 3
    p_hit = d6_at_least(7 - bs)
    # D6 + S against AV: equal glances, above penetrates.
    p_glance = Fraction(sum(1 for face in range(1, 7) if face + strength == armour), 6)
    p_pen = Fraction(sum(1 for face in range(1, 7) if face + strength > armour), 6)
    assert (p_glance, p_pen) == (Fraction(1, 6), Fraction(4, 6))
    # A Penetrating Hit costs 1 Hull Point and rolls on the damage table: D6 + the AP2 modifier; Explodes
    # (from the configured band) costs D3 more, but never more than the 2 Hull Points still left.
    damage = CONFIG.vehicle_damage
    p_explodes = Fraction(sum(1 for face in range(1, 7) if face + damage.ap2_modifier >= damage.explodes_from), 6)
    extra = [min(d3, hull_points - 1) for d3 in (1, 2, 3)]
    outcomes = {  # Hull Points lost -> probability
        0: 1 - p_hit * (p_glance + p_pen),
        1: p_hit * (p_glance + p_pen * (1 - p_explodes)),
    }
    for value in extra:
        outcomes[1 + value] = outcomes.get(1 + value, Fraction(0)) + p_hit * p_pen * p_explodes / 3
    assert sum(outcomes.values()) == 1
    mean = sum((k * p for k, p in outcomes.items()), Fraction(0))
    second = sum((k * k * p for k, p in outcomes.items()), Fraction(0))

    attack = AttackSpec("Lascannon", 1, strength, ap, skill=bs)
    rhino = TargetVehicle("Rhino", armour, hull_points, Facing.SIDE)
    runs = 100_000  # 100,000 Lascannon shots
    observed = mean_of(
        runs, 31, lambda dice: resolve_attack_on_vehicle(dice, attack, rhino, config=CONFIG).hull_points_lost
    )
    assert_within_4_se(observed, mean, second, runs)
