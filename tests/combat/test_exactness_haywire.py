"""Exactness of Haywire (Errata and FAQ v1.2 p.3; strategium.combat.haywire) against simulation (the pattern of
tests/combat/test_simulation.py): over 100,000 simulated hits (10,000 volleys of 10) on a Vehicle, the Glancing and
Penetrating Hits per volley agree with the exact values of the Haywire table (``fractions.Fraction``: a 2-5 glances,
4/6; a 6 penetrates, 1/6) within 4 standard errors. Each hit goes through the pipeline's own Haywire step
(:func:`~strategium.combat.haywire.haywire_penetration`, as ``resolve_attack_on_vehicle`` makes it) without the Vehicle
Damage rolls after it (tests/combat/test_haywire.py plays the whole call with forced dice)."""

from __future__ import annotations

from fractions import Fraction

from strategium.catalogue.registry import RuleRef, find_rule
from strategium.combat.attack import AttackSpec
from strategium.combat.haywire import haywire_penetration
from strategium.combat.vehicles import PenetrationOutcome
from strategium.dice import Dice
from tests.combat.test_simulation import assert_within_4_se, mean_of

VOLLEYS, HITS = 10_000, 10


def _haywire() -> RuleRef:
    found = find_rule("Haywire")
    assert isinstance(found, RuleRef)
    return found


ATTACK = AttackSpec("Haywire blaster", HITS, 3, None, rules=(_haywire(),), attacker="Blue")


def per_volley(outcome: PenetrationOutcome, seed: int) -> float:
    def one(dice: Dice) -> int:
        return sum(haywire_penetration(dice, ATTACK, 3, 14, "exactness").outcome is outcome for _ in range(HITS))

    return mean_of(VOLLEYS, seed, one)


def binomial(p: Fraction) -> tuple[Fraction, Fraction]:
    mean = HITS * p
    return mean, HITS * p * (1 - p) + mean * mean


def test_haywire_glancing_rate_on_a_vehicle_is_four_sixths() -> None:
    p = Fraction(sum(1 for face in range(1, 7) if 2 <= face <= 5), 6)
    assert p == Fraction(4, 6)
    mean, second = binomial(p)
    assert_within_4_se(per_volley(PenetrationOutcome.GLANCING, 2031), mean, second, VOLLEYS)


def test_haywire_penetrating_rate_on_a_vehicle_is_one_sixth() -> None:
    # S3 against Armour 14 could never penetrate by Armour Penetration: the rate is the Haywire table's alone
    p = Fraction(sum(1 for face in range(1, 7) if face == 6), 6)
    assert p == Fraction(1, 6)
    mean, second = binomial(p)
    assert_within_4_se(per_volley(PenetrationOutcome.PENETRATING, 2032), mean, second, VOLLEYS)
