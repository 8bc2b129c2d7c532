"""Exactness (issue 20, package precision): the mean over 100,000 simulated shots through the real pipeline against
the exact value from the rules' arithmetic (within 4 standard errors), for the w20k rule on the attack pipeline:
Achean Force (Liber Hereticus p.259) changes the Strength of the attacks after a Psychic check (Force, p.238, does
the same through the same check: doubled instead of +2).

Each volley takes its check through the plug-in (``empowered``, the effect that remembers it removed between volleys),
then its 50 shots go through ``resolve_attack`` at the Strength the check left.
"""

from __future__ import annotations

from fractions import Fraction

from strategium.combat.allocation import TargetModel, TargetUnit
from strategium.combat.attack import AttackSpec, resolve_attack
from strategium.config import RulesConfig
from strategium.engine.core.effects import EffectKind
from strategium.engine.core.game import Game
from strategium.engine.core.timing import Phase
from strategium.rules.weapon import achean_force
from tests.combat.test_simulation import assert_within_4_se, d6_at_least, dice_stream
from tests.engine.builders_combat import battle, place, squad, to_phase, weapon

CONFIG = RulesConfig()
PISTOL = weapon("Achean pistol", '12"', "6", "-", "Pistol 1, Achean Force")


def _two_d6_at_most(ld: int) -> Fraction:
    return Fraction(sum(1 for a in range(1, 7) for b in range(1, 7) if a + b <= ld), 36)


def _game() -> Game:
    blue = squad("blue", 1, weapons=(PISTOL,), unit_type="Infantry (Psyker)")
    game = battle([blue], [squad("red", 1)])
    to_phase(game, Phase.SHOOTING)
    place(game, blue, 10, 20)
    return game


def _forget(game: Game) -> None:
    kinds = (EffectKind.PSYCHIC_CHECK_PASSED, EffectKind.PSYCHIC_CHECK_FAILED)
    game.state.effects = tuple(e for e in game.state.effects if e.kind not in kinds)


def test_exactness_achean_force_expected_wounds_of_fifty_empowered_shots_at_t7() -> None:
    shots, bs, toughness, ld = 50, 4, 7, 7
    q = _two_d6_at_most(ld)  # ACF-2: the Psychic check passes on 2D6 <= Ld 7
    assert q == Fraction(21, 36)
    p_hit = d6_at_least(7 - bs)
    p_passed = p_hit * d6_at_least(3)  # ACF-3: S6 + 2 = 8 against T7 wounds on 3+
    p_failed = p_hit * d6_at_least(5)  # S6 against T7 wounds on 5+
    mean = q * shots * p_passed + (1 - q) * shots * p_failed  # no save (AP -, Sv -): every Wound a casualty
    second = q * (shots * p_passed * (1 - p_passed) + (shots * p_passed) ** 2) + (1 - q) * (
        shots * p_failed * (1 - p_failed) + (shots * p_failed) ** 2
    )
    unit = TargetUnit("Red", tuple(TargetModel(f"Red {i}", toughness) for i in range(shots)))
    game = _game()
    runs = 2_000  # volleys of 50, one check each: 100,000 shots
    total = 0
    for dice in dice_stream(2026, runs):
        _forget(game)
        strength = 6 + (achean_force.BONUS if achean_force.empowered(game, "blue") else 0)
        attack = AttackSpec("Achean pistol", shots, strength, None, skill=bs)
        total += resolve_attack(dice, attack, unit, config=CONFIG).wounds_lost
    assert_within_4_se(total / runs, mean, second, runs)
