"""Legiones Hereticus (Emperor's Children) / Stupefied, shooting side, in the engine: STU-1, STU-2, STU-3,
STU-5..STU-9 (RULINGS STU-01..STU-04, STU-07). Red (player 2) shoots Blue's Emperor's Children in Red's turn."""

from __future__ import annotations

from strategium.catalogue.citations import Reason
from strategium.engine.core.actions import Choose
from strategium.engine.core.effects import Duration, EffectKind
from strategium.engine.core.game import Game
from strategium.engine.core.timing import Phase
from strategium.engine.morale.checks import MoraleCheckTaken, fall_back
from strategium.engine.morale.leadership import pinning_test
from strategium.engine.questions.choices import BattleChoice
from strategium.engine.questions.profiles_now import current
from strategium.engine.questions.queries import Query, ask
from strategium.engine.shooting.attack import plan
from strategium.engine.shooting.declare import Shoot, ShootingAttackResolved, WeaponFired
from strategium.rules.seed.stupefied import BECOME, DECLINE, become_stupefied
from tests.engine.builders_combat import (
    BOLTER,
    HEAVY_BOLTER,
    MELTA,
    PINNING_GUN,
    battle,
    place,
    squad,
    to_phase,
    to_turn,
)

EC = "Legiones Hereticus (Emperor's Children)"


def red_turn(ec_rules: tuple[str, ...] = (), red_weapons: tuple[object, ...] = (BOLTER,), n_red: int = 3) -> Game:
    """Blue's EC squad of 5 at y=20; Red's squad ``n_red`` strong at y=34 (14": one bolter shot each); Red's
    Shooting phase of Game Turn 1."""
    ec = squad("ec", 5, rules=(EC, *ec_rules))
    red = squad("red", n_red, weapons=red_weapons)  # type: ignore[arg-type]
    game = battle([ec], [red])
    to_phase(game, Phase.SHOOTING, player=2)
    place(game, ec, 10, 20)
    place(game, red, 10, 34)
    return game


def miss_everything(game: Game, shots: int = 3) -> None:
    game.force_dice(*([1] * shots))


def test_STU_1_A_after_the_attack_its_controller_may_declare_it_stupefied() -> None:
    game = red_turn()
    miss_everything(game)
    game.apply(Shoot(2, "red", "ec"))
    pending = game.pending
    assert isinstance(pending, BattleChoice) and pending.player == 1 and pending.options == (BECOME, DECLINE)
    assert pending.reason is not None and pending.reason.page == 107
    game.apply(Choose(1, BECOME))
    [effect] = game.effects_on("ec", EffectKind.STUPEFIED)
    assert effect.duration is Duration.UNTIL_END_OF_CONTROLLERS_NEXT_TURN
    assert game.pending is not None and game.pending.player == 2  # Red's Shooting phase goes on


def test_STU_1_declining_leaves_the_unit_as_it_was() -> None:
    game = red_turn()
    miss_everything(game)
    game.apply(Shoot(2, "red", "ec"))
    game.apply(Choose(1, DECLINE))
    assert not game.effects_on("ec", EffectKind.STUPEFIED)


def test_STU_1_B_a_joined_character_without_the_rule_makes_the_unit_ineligible() -> None:
    ec, ic = squad("ec", 5, rules=(EC,)), squad("ic", 1, unit_type="Infantry (Character, Independent Character)")
    game = battle([ec, ic], [squad("red", 3)])
    to_phase(game, Phase.SHOOTING, player=2)
    place(game, ec, 10, 20)
    place(game, ic, 18, 20)
    place(game, game.state.unit("red"), 10, 34)
    game.state.units["ic"].joined_to = "ec"
    miss_everything(game)
    events = game.apply(Shoot(2, "red", "ec"))
    assert not isinstance(game.pending, BattleChoice)
    assert any("STU-1: not every model" in r.text for e in events for r in e.reasons)


def test_STU_1_C_a_falling_back_unit_cannot_become_stupefied() -> None:
    game = red_turn()
    game.add_effect(EffectKind.FALLING_BACK, "ec", Duration.PERMANENT, Reason("Fall Back", "test"))
    miss_everything(game)
    events = game.apply(Shoot(2, "red", "ec"))
    assert not isinstance(game.pending, BattleChoice)
    assert any("Falling Back" in r.text for e in events for r in e.reasons)


def test_STU_2_pinned_and_blind_are_ignored_while_stupefied() -> None:
    game = red_turn()
    game.force_dice(6, 6)
    assert pinning_test(game, "ec", "test") is False
    game.add_effect(EffectKind.BLIND, "ec", Duration.UNTIL_END_OF_CONTROLLERS_NEXT_TURN, Reason.of("Blind", "test"))
    model = game.state.unit("ec").models[0]
    assert not ask(game, Query.MAY_MOVE, "ec") and getattr(current(game, "ec", model), "bs", None) == 1
    become_stupefied(game, "ec")
    assert ask(game, Query.MAY_MOVE, "ec") and getattr(current(game, "ec", model), "bs", None) == 4
    assert game.effects_on("ec", EffectKind.PINNED)  # still recorded: back in force if Stupefied ends first


def test_STU_3_snap_shots_only_and_no_reactions() -> None:
    """RULINGS STU-02: Snap Shots at BS1 (hits on 6s) and no Reactions in any phase."""
    ec = squad("ec", 1, weapons=(HEAVY_BOLTER,), rules=(EC,))
    game = battle([ec], [squad("red", 5)])
    become_stupefied(game, "ec")
    to_phase(game, Phase.SHOOTING, player=1)
    place(game, ec, 10, 20)
    place(game, game.state.unit("red"), 10, 30)
    [volley] = plan(game, "ec", "red").volleys
    assert volley.snap
    game.force_dice(5, 5, 5, 6, 1)
    events = game.apply(Shoot(1, "ec", "red"))
    [fired] = [e for e in events if isinstance(e, WeaponFired)]
    assert fired.summary.startswith("1 hits")
    answer = ask(game, Query.MAY_REACT, "ec")
    assert not answer and any(b.id == "stupefied" and b.reason.text.startswith("STU-3") for b in answer.blocks)


def test_STU_5_strength_4_becomes_5() -> None:
    """RULINGS STU-02: S becomes 5 for all models."""
    game = red_turn()
    become_stupefied(game, "ec")
    assert {getattr(current(game, "ec", m), "s", None) for m in game.state.unit("ec").models} == {5}


def stupefied_target(ec_rules: tuple[str, ...] = (), weapons: tuple[object, ...] = (BOLTER,)) -> Game:
    game = red_turn(ec_rules, weapons)
    become_stupefied(game, "ec")
    return game


def test_STU_6_a_6_ignores_an_unsaved_wound() -> None:
    """3 hits, 3 wounds, 3 failed saves; Stupefied rolls 6, 5, 1: one Wound ignored, two models removed."""
    game = stupefied_target()
    game.force_dice(6, 6, 6, 6, 6, 6)  # To Hit, To Wound
    game.force_dice(1, 6, 1, 5, 1, 1)  # per Wound: save, then the Stupefied roll
    events = game.apply(Shoot(2, "red", "ec"))
    [resolved] = [e for e in events if isinstance(e, ShootingAttackResolved)]
    assert (resolved.unsaved_wounds, resolved.casualties) == (2, 2)


def test_STU_6_fearless_makes_it_5_plus() -> None:
    """RULINGS STU-04: Fearless and Shrouded (6+): the Stupefied roll on 5+ is the only one; 5 and 4 → one ignored."""
    game = stupefied_target(ec_rules=("Fearless", "Shrouded (6+)"))
    game.force_dice(6, 6, 1, 6, 6)  # 2 hits, 2 wounds
    game.force_dice(1, 5, 1, 4)
    events = game.apply(Shoot(2, "red", "ec"))
    [resolved] = [e for e in events if isinstance(e, ShootingAttackResolved)]
    assert (resolved.unsaved_wounds, resolved.casualties) == (1, 1)
    [fired] = [e for e in events if isinstance(e, WeaponFired)]
    assert any(r.rule == "Shrouded" and "Fearless" in r.text for r in fired.reasons)


def test_STU_6_no_stupefied_roll_against_instant_death() -> None:
    game = stupefied_target(weapons=(MELTA,))
    place(game, game.state.unit("red"), 10, 28)  # 8": in range
    rolls = len(game.state.dice.log)
    game.force_dice(6, 1, 6, 6, 6)  # 3 shots: 2 hits; 2 wounds (S8 v T4: Instant Death); AP1: no save
    events = game.apply(Shoot(2, "red", "ec"))
    [resolved] = [e for e in events if isinstance(e, ShootingAttackResolved)]
    assert resolved.casualties == 2
    assert len(game.state.dice.log) == rolls + 2  # no Stupefied roll was made
    [fired] = [e for e in events if isinstance(e, WeaponFired)]
    assert any("Instant Death" in r.text and r.text.startswith("STU-6") for r in fired.reasons)


def test_STU_6_one_damage_mitigation_roll_per_wound_feel_no_pain_taken() -> None:
    """RULINGS STU-03: FNP (5+) beats the Stupefied 6+: one roll per Wound, a failed FNP is not followed."""
    game = stupefied_target(ec_rules=("Feel No Pain (5+)",))
    game.force_dice(6, 6, 6, 6, 6, 6, 1, 5, 1, 4, 1, 6)  # 3 wounds; saves fail; FNP 5 (ignored), 4, 6 (ignored)
    events = game.apply(Shoot(2, "red", "ec"))
    [resolved] = [e for e in events if isinstance(e, ShootingAttackResolved)]
    assert (resolved.unsaved_wounds, resolved.casualties) == (1, 1)
    [fired] = [e for e in events if isinstance(e, WeaponFired)]
    taken = [r.text for r in fired.reasons if "one Damage Mitigation roll per Wound" in r.text]
    assert len(taken) == 3 and all(t.startswith("takes Feel No Pain (5+) over Stupefied roll") for t in taken)


def test_STU_7_A_ends_at_the_end_of_its_controllers_following_turn() -> None:
    """RULINGS STU-07 A: Stupefied in Game Turn 2 (Red); lasts through Blue's Game Turn 3 turn, ends at its end."""
    game = red_turn()
    to_phase(game, Phase.SHOOTING, player=1)
    to_phase(game, Phase.SHOOTING, player=2)
    assert game.state.clock.game_turn == 2
    place(game, game.state.unit("ec"), 10, 20)
    place(game, game.state.unit("red"), 10, 34)
    miss_everything(game)
    game.apply(Shoot(2, "red", "ec"))
    game.apply(Choose(1, BECOME))
    to_phase(game, Phase.ASSAULT, player=1)
    assert game.state.clock.game_turn == 3 and game.effects_on("ec", EffectKind.STUPEFIED)
    to_phase(game, Phase.MOVEMENT, player=2)
    assert game.state.clock.game_turn == 3 and not game.effects_on("ec", EffectKind.STUPEFIED)


def test_STU_7_B_made_in_its_own_turn_default_and_configured() -> None:
    """RULINGS STU-07 B (contested): made in Blue's own Game Turn 3 turn, it lasts to the end of Blue's Game Turn 4
    turn by default; with ``statuses.stupefied_own_turn_expiry: end_of_current_turn`` to the end of Turn 3."""
    for setting, ends_in in (("end_of_next_own_turn", 4), ("end_of_current_turn", 3)):
        ec = squad("ec", 5, rules=(EC,))
        game = battle([ec], [squad("red", 3)], turns=5, overrides={"statuses": {"stupefied_own_turn_expiry": setting}})
        to_turn(game, 3, 1, Phase.SHOOTING)
        become_stupefied(game, "ec")
        to_turn(game, ends_in, 1, Phase.ASSAULT)
        assert game.effects_on("ec", EffectKind.STUPEFIED)
        to_phase(game, Phase.MOVEMENT, player=2)
        assert not game.effects_on("ec", EffectKind.STUPEFIED), setting


def test_STU_8_no_morale_check_after_shooting_and_no_pinning() -> None:
    """Stupefied squad loses 2 of 5 to a Pinning weapon: no Morale check (Shooting phase) and no Pinning test."""
    game = stupefied_target(weapons=(PINNING_GUN,))
    rolls = len(game.state.dice.log)
    game.force_dice(6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6)  # 6 shots hit and wound
    game.force_dice(*([1, 1] * 2), *([6] * 8))  # saves: 2 fail (then Stupefied 1), 4 saved
    events = game.apply(Shoot(2, "red", "ec"))
    [resolved] = [e for e in events if isinstance(e, ShootingAttackResolved)]
    assert resolved.casualties == 2 and resolved.pinning == 0
    assert not [e for e in events if isinstance(e, MoraleCheckTaken)]
    assert not game.effects_on("ec", EffectKind.PINNED)
    assert len(game.state.dice.log) == rolls + 2 + 6 + 2  # hit, wound, six saves, two Stupefied rolls
    assert ask(game, Query.TAKES_MORALE_CHECKS, "ec").blocks[0].reason.text.startswith("STU-8")


def test_STU_9_falling_back_ends_it() -> None:
    game = red_turn()
    become_stupefied(game, "ec")
    game.force_dice(3, 3)
    fall_back(game, "ec", Reason("Morale checks", "test"))
    assert not game.effects_on("ec", EffectKind.STUPEFIED) and game.effects_on("ec", EffectKind.FALLING_BACK)
    assert {p.y for p in game.state.units["ec"].poses.values()} == {14.0}  # 6" toward Blue's (south) edge
