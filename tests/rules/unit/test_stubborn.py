"""Stubborn (rulebook p.248): a unit with a Stubborn model ignores negative Leadership modifiers on its Morale checks
and Pinning tests, and the test's ruling cites it (strategium.rules.unit.stubborn).

Blue's ``ogryns`` (two models, Ld 8, optionally Stubborn) and Red's Legionary stand in their deployment zones at the
start of Game Turn 1; the tests are called directly with forced 2D6.
"""

from __future__ import annotations

from dataclasses import replace

from strategium.engine.assault.resolution import combat_morale_check
from strategium.engine.core.effects import Duration, EffectKind
from strategium.engine.core.events import Ruling
from strategium.engine.core.game import Game
from strategium.engine.morale.checks import MoraleCheckTaken
from strategium.engine.morale.leadership import LeadershipTest, leadership_test, pinning_test
from strategium.model.characteristics import Characteristics
from strategium.rules.unit.stubborn import is_stubborn
from tests.engine.builders_assault import assault_game, squad

LD8 = Characteristics(6, 4, 4, 5, 5, 3, 3, 3, 8, 4)


def ogryns(rules: tuple[str, ...] = ("Stubborn",), *, character: tuple[str, ...] | None = None) -> Game:
    """``ogryns`` with ``rules``; with ``character`` also ``cap``, an Independent Character with those rules joined
    to it."""
    blue = [squad("ogryns", 2, LD8, rules=rules)]
    if character is not None:
        blue.append(squad("cap", 1, LD8, "Infantry (Character)", ("Independent Character", *character)))
    game = assault_game(blue, [squad("red")])
    if character is not None:
        game.state.units["cap"].joined_to = "ogryns"  # as a JoinUnit before deployment leaves it
    return game


def last(game: Game, kind: type) -> object:
    return next(e for e in reversed(game.state.events) if isinstance(e, kind))


def stubborn_reasons(event: object) -> list[tuple[str, int | None, str]]:
    return [(r.rule, r.page, r.text) for r in event.reasons if r.rule == "Stubborn"]  # type: ignore[attr-defined]


def test_stubborn_unit_passes_a_pinning_test_at_minus_1_on_its_leadership_and_cites_stubborn() -> None:
    """Ld 8, Pinning test at -1 (Shell Shock (1)): 2D6 forced to 4 + 4 = 8 is tested against Ld 8, not 7: passed."""
    game = ogryns()
    game.force_dice(4, 4)
    assert pinning_test(game, "ogryns", "Shell Shock (1) weapon", -1) is True
    ruling = last(game, Ruling)
    assert isinstance(ruling, Ruling)
    assert ruling.what == "ogryns: Pinning test (Shell Shock (1) weapon) passed (8 against Ld 8)"
    assert stubborn_reasons(ruling) == [("Stubborn", 248, "ignores the -1 Leadership modifier on its Pinning test")]
    assert not game.effects_on("ogryns", EffectKind.PINNED)


def test_the_same_unit_without_stubborn_fails_and_is_pinned() -> None:
    game = ogryns(rules=())
    game.force_dice(4, 4)
    assert pinning_test(game, "ogryns", "Shell Shock (1) weapon", -1) is False
    ruling = last(game, Ruling)
    assert isinstance(ruling, Ruling)
    assert ruling.what == "ogryns: Pinning test (Shell Shock (1) weapon) failed (8 against Ld 7)" and not ruling.why
    [pinned] = game.effects_on("ogryns", EffectKind.PINNED)
    assert pinned.duration is Duration.UNTIL_END_OF_CONTROLLERS_NEXT_TURN


def test_stubborn_ignores_the_combat_result_penalty_on_a_morale_check() -> None:
    """Lost a combat by 3 (``morale.combat_ld_penalty``: -3): 2D6 forced to 5 + 3 = 8 against Ld 8 passes; without
    Stubborn the same roll is against Ld 5 and fails."""
    game = ogryns()
    game.force_dice(5, 3)
    assert combat_morale_check(game, "ogryns", 3) is True
    check = last(game, MoraleCheckTaken)
    assert isinstance(check, MoraleCheckTaken)
    assert (check.passed, check.detail) == (True, "8 against Ld 8")
    assert stubborn_reasons(check) == [("Stubborn", 248, "ignores the -3 Leadership modifier on its Morale check")]
    assert [r.rule for r in check.why][-1] == "Stubborn"  # after the penalty it ignores
    plain = ogryns(rules=())
    plain.force_dice(5, 3)
    assert combat_morale_check(plain, "ogryns", 3) is False
    check = last(plain, MoraleCheckTaken)
    assert isinstance(check, MoraleCheckTaken)
    assert check.detail == "8 against Ld 5" and not stubborn_reasons(check)


def test_stubborn_does_not_act_without_a_negative_modifier() -> None:
    """No modifier, or a positive one: the test is the same as without Stubborn and names no Stubborn."""
    game = ogryns()
    game.force_dice(4, 5)
    assert pinning_test(game, "ogryns", "Pinning weapon") is False  # 9 against Ld 8
    ruling = last(game, Ruling)
    assert isinstance(ruling, Ruling) and ruling.what.endswith("failed (9 against Ld 8)") and not ruling.why
    game.force_dice(4, 5)
    assert leadership_test(game, "ogryns", "Pinning test (x)", 1, LeadershipTest.PINNING_TEST) is True
    ruling = last(game, Ruling)
    assert isinstance(ruling, Ruling) and ruling.what.endswith("passed (9 against Ld 9)") and not ruling.why


def test_stubborn_keeps_the_modifier_of_a_regroup_test_or_another_leadership_test() -> None:
    """p.248 names Morale checks and Pinning tests only: a Regroup test at -1 is against Ld 7 (8 fails)."""
    game = ogryns()
    for test in (LeadershipTest.REGROUP_TEST, LeadershipTest.OTHER):
        game.force_dice(4, 4)
        assert leadership_test(game, "ogryns", str(test), -1, test) is False
        ruling = last(game, Ruling)
        assert isinstance(ruling, Ruling) and ruling.what.endswith("failed (8 against Ld 7)") and not ruling.why


def test_fearless_wins_over_stubborn() -> None:
    """A unit with both passes by Fearless (p.238), without dice, and Stubborn is not cited."""
    game = ogryns(("Stubborn", "Fearless"))
    rolls = len(game.state.dice.log)
    assert pinning_test(game, "ogryns", "Shell Shock (1) weapon", -1) is True
    assert len(game.state.dice.log) == rolls
    ruling = last(game, Ruling)
    assert isinstance(ruling, Ruling) and [r.rule for r in ruling.why] == ["Fearless"]


def test_a_joined_stubborn_character_makes_the_unit_stubborn_while_joined() -> None:
    """Independent Character p.241: Stubborn is shared. Joined: 8 against Ld 8 passes; left: 8 against Ld 7 fails."""
    game = ogryns(rules=(), character=("Stubborn",))
    assert is_stubborn(game, "ogryns")
    game.force_dice(4, 4)
    assert pinning_test(game, "ogryns", "Shell Shock (1) weapon", -1) is True
    game.state.units["cap"].joined_to = None
    assert not is_stubborn(game, "ogryns")
    game.force_dice(4, 4)
    assert pinning_test(game, "ogryns", "Shell Shock (1) weapon", -1) is False


def test_only_living_models_make_the_unit_stubborn() -> None:
    """One Stubborn model of two: the unit is Stubborn while that model lives, not once it is a casualty."""
    both = squad("ogryns", 2, LD8, rules=("Stubborn",))
    first, second = both.models
    mixed = replace(both, models=(first, replace(second, rules=())))
    game = assault_game([mixed], [squad("red")])
    assert is_stubborn(game, "ogryns")
    game.state.units["ogryns"].casualties = ["ogryns.1"]
    assert not is_stubborn(game, "ogryns")
