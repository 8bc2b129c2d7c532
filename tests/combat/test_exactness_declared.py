"""Exactness of the declared weapon rules (issue 20): the attack pipeline's mean over 100,000 simulated attacks
(10,000 volleys of 10, through the real ``resolve_attack`` / ``resolve_attack_on_vehicle`` and the real
:class:`~strategium.dice.Dice`) agrees, within 4 standard errors, with the exact expected value worked out here with
``fractions.Fraction`` from each rule's own arithmetic (never from the engine):

- Rending (X) (REN-1: a To Wound roll of X wounds at AP 2), Breaching (X) (BRE-1: at AP 2), Murderous Strike (X)
  (MUR-1: Instant Death), Fleshbane (FLE-1, FLE-2: wounds on 2+), Poisoned (X) (POI-1, POI-2, POI-3), Shred
  (SHR-1, SHR-2: failed To Wound rolls re-rolled), Twin-linked (TWL-1: failed To Hit rolls re-rolled, Snap Shots
  too), Brutal (X) (BRU-1: an allocated Wound becomes X Wounds, saved one by one);
- against Vehicles: Sunder (SUN-1, SUN-2: a failed or Glancing Armour Penetration roll re-rolled), Armourbane
  (ARB-1: an extra D6) and Rending (REN-3: an Armour Penetration die of X adds D3).

Each volley is a sum of 10 independent attacks, so its mean is 10 × the one attack's mean and its variance 10 × the
one attack's variance (the targets are big enough that no attack's result depends on another's). Seeds are fixed: a
run is reproducible. Tests that count hits or successful To Wound rolls aim at models that may not be allocated the
Wounds (the allocation is the slow part). Times on the project's 2-core machine with other work running (load 4):
1-2.5 s a test for the To Hit and To Wound counts, 4-6 s for those that allocate (Rending, Breaching, Murderous
Strike, Brutal), 4.5-14 s for the four against a Vehicle (each hit makes its own Armour Penetration roll: the 100,000
Lascannon shots of ``test_simulation.py`` take as long); the file 80 s (52 s of CPU).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from fractions import Fraction

from strategium.catalogue.registry import RuleRef, find_rule
from strategium.combat.allocation import TargetModel, TargetUnit
from strategium.combat.attack import AttackMode, AttackResult, AttackSpec, resolve_attack
from strategium.combat.vehicle_attack import VehicleAttackResult, resolve_attack_on_vehicle
from strategium.combat.vehicles import TargetVehicle
from strategium.config import RulesConfig
from strategium.dice import Dice

CONFIG = RulesConfig()
VOLLEY = 10
"""Attacks in one volley."""
VOLLEYS = 10_000
"""Volleys simulated per rule: 100,000 attacks."""
HIT_BS4 = Fraction(4, 6)
"""A Ballistic Skill of 1 to 5 hits on (7 - BS)+: BS4 on 3+."""


def rule(text: str) -> RuleRef:
    found = find_rule(text)
    assert isinstance(found, RuleRef)
    return found


def d6_at_least(target: int) -> Fraction:
    """A D6 shows ``target`` or more (2 to 7) with chance (7 - target) / 6."""
    return Fraction(max(0, min(6, 7 - target)), 6)


def with_reroll(p: Fraction) -> Fraction:
    """A roll succeeding with chance ``p``, its failure rolled again once."""
    return p + (1 - p) * p


def moments(outcomes: dict[int, Fraction]) -> tuple[Fraction, Fraction]:
    """Mean and variance of one attack's result (value -> chance; the chances add up to 1)."""
    assert sum(outcomes.values()) == 1
    mean = sum((k * p for k, p in outcomes.items()), Fraction(0))
    second = sum((k * k * p for k, p in outcomes.items()), Fraction(0))
    return mean, second - mean * mean


def bernoulli(p: Fraction) -> dict[int, Fraction]:
    return {1: p, 0: 1 - p}


def assert_exact(seed: int, one_attack: dict[int, Fraction], volley: Callable[[Dice], int]) -> None:
    """The mean of :data:`VOLLEYS` volleys (a new seeded ``Dice`` every 1,000) is within 4 standard errors of
    :data:`VOLLEY` × the one attack's exact mean."""
    mean, variance = moments(one_attack)
    total, dice = 0, Dice(seed)
    for n in range(VOLLEYS):
        if n % 1000 == 0:
            dice = Dice(seed + n)
        total += volley(dice)
    observed = total / VOLLEYS
    expected = VOLLEY * mean
    tolerance = 4 * math.sqrt(float(VOLLEY * variance)) / math.sqrt(VOLLEYS)
    assert abs(observed - float(expected)) <= tolerance, (observed, float(expected), tolerance)


def squad(toughness: int = 4, save: int | None = None, wounds: int = 1) -> TargetUnit:
    """Ten models: every one of a volley's ten attacks finds a model to allocate its Wound to."""
    models = tuple(TargetModel(f"Legionary {i}", toughness, wounds, save=save) for i in range(10))
    return TargetUnit("Legion Squad", models)


def out_of_sight(toughness: int = 4) -> TargetUnit:
    """Ten models none of which may be allocated the Wounds (``allocatable=False``): for a test that counts hits or
    successful To Wound rolls, the allocation is skipped (it is the slow part of the pipeline)."""
    models = tuple(TargetModel(f"Legionary {i}", toughness, allocatable=False) for i in range(10))
    return TargetUnit("Legion Squad", models)


def unit_volley(attack: AttackSpec, target: TargetUnit, count: Callable[[AttackResult], int]) -> Callable[[Dice], int]:
    return lambda dice: count(resolve_attack(dice, attack, target, config=CONFIG))


def vehicle_volley(
    attack: AttackSpec, target: TargetVehicle, count: Callable[[VehicleAttackResult], int]
) -> Callable[[Dice], int]:
    return lambda dice: count(resolve_attack_on_vehicle(dice, attack, target, config=CONFIG))


def unsaved(result: AttackResult) -> int:
    return result.unsaved


def test_rending_exactness_unsaved_wounds() -> None:
    # Rending (6), S4 AP5 against T4 Sv 3+, BS4: a To Wound 6 wounds at AP2 (no 3+ save); a 4 or 5 wounds at AP5,
    # the 3+ save failing on 1-2.
    p_hit = HIT_BS4
    p = p_hit * (Fraction(1, 6) * 1 + Fraction(2, 6) * (1 - d6_at_least(3)))
    assert p == Fraction(5, 27)
    gun = AttackSpec("Rending gun", VOLLEY, 4, 5, skill=4, rules=(rule("Rending (6)"),))
    assert_exact(201, bernoulli(p), unit_volley(gun, squad(save=3), unsaved))


def test_rending_exactness_wounds_what_its_strength_cannot() -> None:
    # Rending (5+), S3 against T8: the Strength cannot wound (p.180's table: "-"); a 5 or 6 wounds anyway.
    p = HIT_BS4 * Fraction(2, 6)
    gun = AttackSpec("Rending gun", VOLLEY, 3, None, skill=4, rules=(rule("Rending (5+)"),))
    assert_exact(202, bernoulli(p), unit_volley(gun, out_of_sight(toughness=8), lambda r: r.wounds))


def test_breaching_exactness_unsaved_wounds() -> None:
    # Breaching (5+), S4 AP5 against T4 Sv 3+, BS4: a To Wound 5 or 6 is at AP2 (no save); a 4 at AP5 (save fails
    # on 1-2); 1-3 fail (Breaching does not make a die wound).
    p = HIT_BS4 * (Fraction(2, 6) + Fraction(1, 6) * (1 - d6_at_least(3)))
    assert p == Fraction(7, 27)
    gun = AttackSpec("Breaching gun", VOLLEY, 4, 5, skill=4, rules=(rule("Breaching (5+)"),))
    assert_exact(203, bernoulli(p), unit_volley(gun, squad(save=3), unsaved))


def test_murderous_strike_exactness_instant_death_wounds() -> None:
    # Murderous Strike (5+), S4 against T4 W2, BS4: a To Wound 5 or 6 wounds with Instant Death; a 4 wounds plainly.
    p = HIT_BS4 * Fraction(2, 6)
    gun = AttackSpec("Murderous gun", VOLLEY, 4, None, skill=4, rules=(rule("Murderous Strike (5+)"),))
    assert_exact(
        204,
        bernoulli(p),
        unit_volley(gun, squad(wounds=2), lambda r: sum(1 for w in r.records if w.instant_death)),
    )


def test_murderous_strike_exactness_needs_a_wound() -> None:
    # Murderous Strike (4+), S3 against T6 (needs 6+), BS4: only a 6 wounds, and it is an Instant Death Wound.
    p = HIT_BS4 * d6_at_least(6)
    gun = AttackSpec("Murderous gun", VOLLEY, 3, None, skill=4, rules=(rule("Murderous Strike (4+)"),))
    assert_exact(
        205,
        bernoulli(p),
        unit_volley(gun, squad(toughness=6, wounds=2), lambda r: sum(1 for w in r.records if w.instant_death)),
    )


def test_fleshbane_exactness_shooting_wounds_on_2_up() -> None:
    # Fleshbane, S3 against T8 (the Strength cannot wound), BS4: every To Wound roll of 2+ wounds.
    p = HIT_BS4 * d6_at_least(2)
    gun = AttackSpec("Fleshbane gun", VOLLEY, 3, None, skill=4, rules=(rule("Fleshbane"),))
    assert_exact(206, bernoulli(p), unit_volley(gun, out_of_sight(toughness=8), lambda r: r.wounds))


def test_fleshbane_exactness_close_combat() -> None:
    # Fleshbane on a Melee weapon, automatic hits, S4 against T5 (needs 5+): 2+ wounds (FLE-2).
    p = d6_at_least(2)
    blade = AttackSpec("Fleshbane blade", VOLLEY, 4, None, mode=AttackMode.MELEE, rules=(rule("Fleshbane"),))
    assert_exact(207, bernoulli(p), unit_volley(blade, out_of_sight(toughness=5), lambda r: r.wounds))


def test_poisoned_exactness_shooting() -> None:
    # Poisoned (4+), S3 against T4 (needs 5+), BS4: the lower of the two, 4+, wounds (POI-1); no re-roll in shooting.
    p = HIT_BS4 * max(d6_at_least(4), d6_at_least(5))
    assert p == Fraction(1, 3)
    gun = AttackSpec("Needle pistol", VOLLEY, 3, None, skill=4, rules=(rule("Poisoned (4+)"),))
    assert_exact(208, bernoulli(p), unit_volley(gun, out_of_sight(), lambda r: r.wounds))


def test_poisoned_exactness_close_combat_rerolls_when_stronger() -> None:
    # Poisoned (2+), automatic hits, S5 against T4 (needs 3+): 2+ wounds (POI-2), and S5 > T4 re-rolls a failed roll
    # (POI-3): 5/6 + 1/6 × 5/6.
    p = with_reroll(d6_at_least(2))
    assert p == Fraction(35, 36)
    blade = AttackSpec("Venom blade", VOLLEY, 5, None, mode=AttackMode.MELEE, rules=(rule("Poisoned (2+)"),))
    assert_exact(209, bernoulli(p), unit_volley(blade, out_of_sight(), lambda r: r.wounds))


def test_poisoned_exactness_close_combat_weaker_no_reroll() -> None:
    # Poisoned (3+), automatic hits, S4 against T5 (needs 5+): 3+ wounds (POI-2); S4 is not above T5: no re-roll.
    p = d6_at_least(3)
    blade = AttackSpec("Venom blade", VOLLEY, 4, None, mode=AttackMode.MELEE, rules=(rule("Poisoned (3+)"),))
    assert_exact(210, bernoulli(p), unit_volley(blade, out_of_sight(toughness=5), lambda r: r.wounds))


def test_shred_exactness_shooting_rerolls_failed_wounds() -> None:
    # Shred, S4 against T4, BS4: 4+ wounds, a failed roll re-rolled (SHR-2).
    p = HIT_BS4 * with_reroll(d6_at_least(4))
    assert p == Fraction(1, 2)
    gun = AttackSpec("Shredder", VOLLEY, 4, None, skill=4, rules=(rule("Shred"),))
    assert_exact(211, bernoulli(p), unit_volley(gun, out_of_sight(), lambda r: r.wounds))


def test_shred_exactness_close_combat() -> None:
    # Shred on a Melee weapon, automatic hits, S4 against T5: 5+ wounds, a failed roll re-rolled (SHR-1).
    p = with_reroll(d6_at_least(5))
    blade = AttackSpec("Chainsword", VOLLEY, 4, None, mode=AttackMode.MELEE, rules=(rule("Shred"),))
    assert_exact(212, bernoulli(p), unit_volley(blade, out_of_sight(toughness=5), lambda r: r.wounds))


def test_twin_linked_exactness_hits() -> None:
    # Twin-linked, BS4: 3+ hits, a miss re-rolled (TWL-1): 2/3 + 1/3 × 2/3.
    p = with_reroll(HIT_BS4)
    assert p == Fraction(8, 9)
    gun = AttackSpec("Twin-linked bolter", VOLLEY, 4, 5, skill=4, rules=(rule("Twin-linked"),))
    assert_exact(213, bernoulli(p), unit_volley(gun, out_of_sight(), lambda r: r.hits))


def test_twin_linked_exactness_snap_shots() -> None:
    # Twin-linked fired as Snap Shots, BS4: Snap Shots hit on 6+ (BS1, p.196), a miss re-rolled: 1/6 + 5/6 × 1/6.
    p = with_reroll(d6_at_least(6))
    assert p == Fraction(11, 36)
    gun = AttackSpec("Twin-linked bolter", VOLLEY, 4, 5, skill=4, snap_shots=True, rules=(rule("Twin-linked"),))
    assert_exact(214, bernoulli(p), unit_volley(gun, out_of_sight(), lambda r: r.hits))


def test_brutal_exactness_wounds_lost() -> None:
    # Brutal (3), automatic hits, S4 AP- against one T4 Sv 4+ model of 30 Wounds (never removed by a volley): 4+
    # wounds; each allocated Wound becomes 3, each saved on its own on 4+ (BRU-1). One attack loses 0 Wounds on a
    # failed To Wound roll, else k of 3 with the binomial chance C(3, k) / 8.
    p_wound = d6_at_least(4)
    p_fail_save = 1 - d6_at_least(4)
    one = {0: 1 - p_wound}
    for k in range(4):
        chance = p_wound * math.comb(3, k) * p_fail_save**k * (1 - p_fail_save) ** (3 - k)
        one[k] = one.get(k, Fraction(0)) + chance
    fist = AttackSpec("Power fist", VOLLEY, 4, None, mode=AttackMode.MELEE, rules=(rule("Brutal (3)"),))
    champion = TargetUnit("Champion", (TargetModel("Champion", 4, 30, save=4),))
    assert_exact(215, one, unit_volley(fist, champion, lambda r: r.wounds_lost))


def test_sunder_exactness_penetrating_hits() -> None:
    # Sunder, S9 against AV12, BS4: D6 + 9 is a fail on 1-2, a Glancing Hit on 3, a Penetrating Hit on 4-6. A fail
    # is re-rolled (SUN-1); a Glancing Hit too (SUN-2: a new roll penetrates on 3/6, fails on 2/6, so it is taken);
    # the second roll stands.
    fail, glance, pen = Fraction(2, 6), Fraction(1, 6), Fraction(3, 6)
    assert pen >= fail
    p_pen = pen + (fail + glance) * pen
    assert p_pen == Fraction(3, 4)
    p = HIT_BS4 * p_pen
    gun = AttackSpec("Sunder gun", VOLLEY, 9, 3, skill=4, rules=(rule("Sunder"),))
    tank = TargetVehicle("Land Raider", armour=12, hull_points=1000)
    assert_exact(216, bernoulli(p), vehicle_volley(gun, tank, lambda r: r.penetrating))


def test_sunder_exactness_keeps_a_glancing_hit_when_a_new_roll_is_worse() -> None:
    # Sunder, S8 against AV12, BS4: D6 + 8 fails on 1-3, glances on 4, penetrates on 5-6. A fail is re-rolled; a
    # Glancing Hit is kept (a new roll fails on 3/6, penetrates only on 2/6). Glancing Hits: 1/6 + 3/6 × 1/6.
    fail, glance = Fraction(3, 6), Fraction(1, 6)
    p = HIT_BS4 * (glance + fail * glance)
    gun = AttackSpec("Sunder gun", VOLLEY, 8, 3, skill=4, rules=(rule("Sunder"),))
    tank = TargetVehicle("Land Raider", armour=12, hull_points=1000)
    assert_exact(217, bernoulli(p), vehicle_volley(gun, tank, lambda r: r.glancing))


def test_armourbane_exactness_penetrating_hits() -> None:
    # Armourbane, S8 against AV14, BS4: 2D6 + 8 (ARB-1's extra D6) penetrates on a 2D6 of 7 or more (21/36) and
    # glances on 6 (5/36); one D6 alone could only glance on a 6.
    two_d6 = {t: Fraction(sum(1 for a in range(1, 7) for b in range(1, 7) if a + b == t), 36) for t in range(2, 13)}
    p_pen = sum((c for t, c in two_d6.items() if t + 8 > 14), Fraction(0))
    assert p_pen == Fraction(21, 36)
    p = HIT_BS4 * p_pen
    gun = AttackSpec("Melta gun", VOLLEY, 8, 1, skill=4, rules=(rule("Armourbane"),))
    tank = TargetVehicle("Land Raider", armour=14, hull_points=1000)
    assert_exact(218, bernoulli(p), vehicle_volley(gun, tank, lambda r: r.penetrating))


def test_rending_exactness_armour_penetration() -> None:
    # Rending (6), S5 against AV12, BS4: D6 + 5 cannot reach 12, but a die of 6 adds D3 (REN-3): 11 + 1 glances,
    # 11 + 2 or 11 + 3 penetrates. Penetrating Hits: 1/6 × 2/3 of the hits.
    p_pen = Fraction(1, 6) * Fraction(sum(1 for d3 in (1, 2, 3) if 6 + 5 + d3 > 12), 3)
    assert p_pen == Fraction(1, 9)
    gun = AttackSpec("Rending gun", VOLLEY, 5, None, skill=4, rules=(rule("Rending (6)"),))
    tank = TargetVehicle("Predator", armour=12, hull_points=1000)
    assert_exact(219, bernoulli(HIT_BS4 * p_pen), vehicle_volley(gun, tank, lambda r: r.penetrating))
