"""Exactness against simulation for the w20l rules whose effect is on the attack pipeline: Skyfire (SKY-1, Snap
Shots at a ground target) and Rocket Barrage (RB-1, Rending (4+)). The volley is planned by the real engine
(strategium.engine.shooting.plan, with the rules' plug-ins) and its AttackSpec, built as the Shooting phase builds
it, goes through the real pipeline (``resolve_attack``) 10,000 times against ten Legionaries (100,000 shots);
the mean Wounds lost agree with the exact expected value (``fractions.Fraction``) within 4 standard errors.
"""

from __future__ import annotations

from fractions import Fraction

from strategium.combat.allocation import TargetModel, TargetUnit
from strategium.combat.attack import AttackSpec, resolve_attack
from strategium.config import RulesConfig
from strategium.engine.core.timing import Phase
from strategium.engine.shooting.plan import Volley, plan
from strategium.model.weapons import WeaponProfile
from tests.combat.test_simulation import assert_within_4_se, d6_at_least, mean_of
from tests.engine.builders_combat import battle, place, squad, to_phase, weapon

CONFIG = RulesConfig()
TEN = TargetUnit("Tactical Squad", tuple(TargetModel(f"Legionary {i}", 4, save=3) for i in range(10)))


def planned(w: WeaponProfile) -> Volley:
    blue, red = squad("blue", 10, weapons=(w,)), squad("red", 10)
    game = battle([blue], [red])
    to_phase(game, Phase.SHOOTING)
    place(game, blue, 5, 20)
    place(game, red, 5, 30)
    [volley] = plan(game, "blue", "red").volleys
    return volley


def spec_of(v: Volley) -> AttackSpec:
    return AttackSpec(
        v.weapon.name, v.shots, v.strength, v.weapon.ap, skill=v.skill, snap_shots=v.snap,
        weapon_class=v.weapon.type.weapon_class, rules=v.rules,
    )  # fmt: skip


def binomial(shots: int, p: Fraction) -> tuple[Fraction, Fraction]:
    mean = shots * p
    return mean, shots * p * (1 - p) + mean * mean


def test_skyfire_snap_shots_at_infantry_expected_wounds() -> None:
    volley = planned(weapon("Flak gun", '48"', "7", "4", "Assault 1, Skyfire"))
    assert (volley.shots, volley.snap) == (10, True)
    # a Snap Shot hits on 6; S7 v T4 wounds on 2+ (3 more than T); AP4 leaves the 3+ save, failing on 1-2
    p = d6_at_least(6) * d6_at_least(2) * (1 - d6_at_least(3))
    assert p == Fraction(5, 108)
    mean, second = binomial(10, p)
    runs = 10_000
    attack = spec_of(volley)
    observed = mean_of(runs, 2047, lambda dice: resolve_attack(dice, attack, TEN, config=CONFIG).wounds_lost)
    assert_within_4_se(observed, mean, second, runs)


def test_rocket_barrage_rending_4_expected_wounds() -> None:
    volley = planned(weapon("Rocket pod", '24"', "3", "5", "Assault 1, Rocket Barrage"))
    assert [r.name for r in volley.rules] == ["Rocket Barrage", "Rending", "Pinning"]
    # BS4 hits on 3+; S3 v T4 would wound on 5+, but with Rending (4+) every To Wound roll of 4+ wounds at AP 2
    # (REN-1, REN-2), which denies the 3+ save: each hit is an unsaved Wound on 4+.
    p = d6_at_least(3) * d6_at_least(4)
    mean, second = binomial(10, p)
    runs = 10_000
    attack = spec_of(volley)
    observed = mean_of(runs, 2048, lambda dice: resolve_attack(dice, attack, TEN, config=CONFIG).wounds_lost)
    assert_within_4_se(observed, mean, second, runs)
