"""Blind and Concussive (X) (rulebook p.236; strategium.engine.morale.checks.end_of_phase_tests): the test is taken
at the end of the phase, once per unit however many such attacks struck it, Concussive at the largest X. Forced
dice, exact states. Legionaries: I4, Ld7, Sv3+."""

from __future__ import annotations

from strategium.engine.core.actions import EndStep
from strategium.engine.core.effects import EffectKind
from strategium.engine.core.events import DiceRolled, Event
from strategium.engine.core.game import Game
from strategium.engine.core.timing import Phase, SubPhase
from strategium.engine.shooting.declare import Shoot
from strategium.model.weapons import WeaponProfile
from tests.engine.builders_combat import battle, place, squad, to_phase, weapon

STUN_1 = weapon("Stun gun", '24"', "4", "-", "Assault 1, Concussive (1)")
STUN_2 = weapon("Heavy stun gun", '24"', "4", "-", "Assault 1, Concussive (2)")
FLASH = weapon("Flash gun", '24"', "3", "-", "Assault 1, Blind")


def table(*guns: WeaponProfile) -> Game:
    blues = [squad(f"b{i}", 1, weapons=(g,)) for i, g in enumerate(guns, 1)]
    red = squad("red", 5)
    game = battle(blues, [red])
    to_phase(game, Phase.SHOOTING)
    for i, b in enumerate(blues):
        place(game, b, 10 + 3 * i, 20)
    place(game, red, 10, 30)
    return game


def rolled_for(events: list[Event], word: str) -> list[str]:
    return [e.roll.reason for e in events if isinstance(e, DiceRolled) and word in e.roll.reason]


def test_concussive_two_attacks_one_test_at_the_end_of_the_phase_at_the_largest_x() -> None:
    game = table(STUN_1, STUN_2)
    game.force_dice(4, 4, 5)  # hit, wound (S4 v T4), saved: a Wound saved still counts
    first = game.apply(Shoot(1, "b1", "red"))
    game.force_dice(4, 4, 5)
    second = game.apply(Shoot(1, "b2", "red"))
    assert rolled_for(first + second, "Concussive") == []  # not yet: at the end of the phase
    assert not game.effects_on("red", EffectKind.CONCUSSED)
    game.force_dice(6, 6)  # the one Leadership test: 12 against Ld7, failed
    ended = game.apply(EndStep(1))
    assert (game.state.clock.phase, game.state.clock.sub_phase) == (Phase.ASSAULT, SubPhase.CHARGE)
    assert len(rolled_for(ended, "Concussive")) == 1
    [concussed] = game.effects_on("red", EffectKind.CONCUSSED)
    assert concussed.rule is not None and concussed.rule.value == 2


def test_concussive_passed_test_leaves_no_effect() -> None:
    game = table(STUN_2)
    game.force_dice(4, 4, 5)
    game.apply(Shoot(1, "b1", "red"))
    game.force_dice(1, 2)
    game.apply(EndStep(1))
    assert not game.effects_on("red", EffectKind.CONCUSSED)


def test_blind_hit_tests_initiative_once_at_the_end_of_the_phase() -> None:
    game = table(FLASH, FLASH)
    game.force_dice(4, 1)  # hit, fails to wound: the hit alone calls for the test
    first = game.apply(Shoot(1, "b1", "red"))
    game.force_dice(4, 1)
    second = game.apply(Shoot(1, "b2", "red"))
    assert rolled_for(first + second, "Blind") == []
    game.force_dice(6)  # 6 against I4: failed
    ended = game.apply(EndStep(1))
    assert rolled_for(ended, "Blind") == ["Initiative test (Blind)"]
    assert len(game.effects_on("red", EffectKind.BLIND)) == 1


def fought(rule: str, dice: tuple[int, ...]) -> Game:
    """Blue's model (WS4, 2 Attacks on the charge, a melee weapon with ``rule``) fights Red's (3 Wounds, I1)."""
    from strategium.engine.assault.fight import FightCombat
    from strategium.model.characteristics import Characteristics
    from strategium.model.weapons import WeaponClass
    from tests.engine.assault.test_fight import charged
    from tests.engine.builders_assault import squad as fighters
    from tests.engine.builders_assault import weapon as melee

    maul = melee("Shock maul", WeaponClass.MELEE, "User", None, (rule,))
    slow = Characteristics(7, 4, 4, 4, 4, 3, 1, 1, 7, 3)
    game = charged([fighters("a", weapons=(maul,))], [fighters("b", chars=slow)])
    game.apply(EndStep(1))
    game.force_dice(*dice)
    game.apply(FightCombat(1, "a"))
    return game


def test_concussive_in_close_combat_tests_at_the_end_of_the_combat() -> None:
    # a: hits 4 4, wounds 4 4, saves 5 5 (saved Wounds count); b strikes back: 1 misses; then the test: 12, failed
    game = fought("Concussive (2)", (4, 4, 4, 4, 5, 5, 1, 6, 6))
    [concussed] = game.effects_on("b", EffectKind.CONCUSSED)
    assert concussed.rule is not None and concussed.rule.value == 2
    assert concussed.duration.value == "until the end of its controlling player's next turn"  # b's next turn
    assert game.state.units["b"].wounds_lost == {}


def test_blind_in_close_combat_tests_initiative_at_the_end_of_the_combat() -> None:
    game = fought("Blind", (4, 1, 1, 1, 6))  # a: one hit, it fails to wound; b misses; Initiative test 6 v I1: failed
    assert len(game.effects_on("b", EffectKind.BLIND)) == 1
    assert not game.effects_on("a", EffectKind.BLIND)


def test_blind_blast_scattered_onto_another_unit_makes_that_unit_test() -> None:
    from strategium.dice import ScatterFace
    from strategium.engine.core.board import Pose
    from tests.engine.shooting.test_area_fire import BLAST_POSES

    flash = weapon("Flash shell", '48"', "3", "-", 'Heavy 1, Blast (3"), Blind')
    game = battle([squad("gun", 1, weapons=(flash,))], [squad("red", 4), squad("red2", 2)])
    to_phase(game, Phase.SHOOTING, 1)
    for uid in ("gun", "red", "red2"):
        game.state.units[uid].poses = {mid: Pose(x, y) for mid, (x, y) in BLAST_POSES[uid].items()}
    game.force_dice(ScatterFace.arrow(90), 6, 4, 1)  # 6" north onto red2.1 (not the target); fails to wound
    first = game.apply(Shoot(1, "gun", "red", blast_at=("red.1",)))
    assert rolled_for(first, "Blind") == []
    game.force_dice(6)  # red2's Initiative test: failed
    ended = game.apply(EndStep(1))
    assert rolled_for(ended, "Blind") == ["Initiative test (Blind)"]
    assert len(game.effects_on("red2", EffectKind.BLIND)) == 1
    assert not game.effects_on("red", EffectKind.BLIND)
