"""strategium.combat.tables: BS and WS To Hit tables, S against T To Wound table, Snap Shots."""

from __future__ import annotations

from fractions import Fraction

import pytest

from strategium.combat.tables import (
    HitTarget,
    effective_bs,
    melee_hit_target,
    shooting_hit_target,
    success_chance,
    wound_target,
)
from strategium.config import RulesConfig
from strategium.errors import InputError


@pytest.mark.parametrize(
    ("bs", "target", "reroll"),
    [(1, 6, None), (2, 5, None), (3, 4, None), (4, 3, None), (5, 2, None), (6, 2, 6), (7, 2, 5), (8, 2, 4), (10, 2, 2)],
)
def test_bs_table(bs: int, target: int, reroll: int | None) -> None:
    assert shooting_hit_target(bs) == HitTarget(target, reroll)


def test_bs6_chance_includes_the_reroll() -> None:
    # 2+ first (5/6), then a miss (1/6) re-rolled on 6+ (1/6).
    assert shooting_hit_target(6).chance == Fraction(5, 6) + Fraction(1, 6) * Fraction(1, 6)
    assert shooting_hit_target(4).chance == Fraction(2, 3)
    assert str(shooting_hit_target(7)) == "2+, re-roll misses needing 5+"


@pytest.mark.parametrize(
    ("attacker", "defender", "target"), [(5, 4, 3), (4, 4, 4), (4, 8, 4), (4, 9, 5), (1, 3, 5), (10, 1, 3)]
)
def test_ws_table(attacker: int, defender: int, target: int) -> None:
    assert melee_hit_target(attacker, defender) == target


@pytest.mark.parametrize(
    ("strength", "toughness", "target"),
    [(6, 4, 2), (10, 4, 2), (5, 4, 3), (4, 4, 4), (3, 4, 5), (2, 4, 6), (1, 4, 6), (3, 7, None), (1, 10, None)],
)
def test_strength_against_toughness(strength: int, toughness: int, target: int | None) -> None:
    assert wound_target(strength, toughness) == target


def test_success_chance_edges() -> None:
    assert success_chance(None) == 0
    assert success_chance(7) == 0
    assert success_chance(1) == Fraction(5, 6)  # a 1 always fails
    assert success_chance(4) == Fraction(1, 2)


@pytest.mark.parametrize("bad", [0, 11, -1])
def test_bad_bs_is_an_input_error(bad: int) -> None:
    with pytest.raises(InputError, match="BS must be a whole number from 1 to 10"):
        shooting_hit_target(bad)


def test_bad_strength_is_an_input_error() -> None:
    with pytest.raises(InputError, match="Toughness must be"):
        wound_target(4, 0)


def test_snap_shots_use_the_configured_bs_and_cite_it() -> None:
    config = RulesConfig()
    bs, reasons = effective_bs(4, snap_shots=True, primarch=False, config=config)
    assert bs == 1
    assert reasons[0].rule == "shooting.snap_shot_bs"
    assert "rules configuration `shooting.snap_shot_bs` = 1" in reasons[0].text
    custom = RulesConfig.model_validate({"shooting": {"snap_shot_bs": 2}})
    assert effective_bs(4, snap_shots=True, primarch=False, config=custom)[0] == 2
    assert effective_bs(1, snap_shots=True, primarch=False, config=custom)[0] == 1  # never better than own BS


def test_primarch_snap_shots_keep_their_bs() -> None:
    bs, reasons = effective_bs(7, snap_shots=True, primarch=True, config=RulesConfig())
    assert bs == 7
    assert reasons[0].page == 196


def test_no_snap_shots_no_change() -> None:
    assert effective_bs(4, snap_shots=False, primarch=False, config=RulesConfig()) == (4, ())
