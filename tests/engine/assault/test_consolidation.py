"""Consolidation at the end of a combat (CORE_B §5.6): who may consolidate, when, how far, and every refusal.

Two combats are used. ``won_by_charger``: Blue's single marine ``a`` charges Red's three marines ``b``, kills one
and Red's Morale check and Sweeping Advance destroy the rest, so the active player's ``a`` may consolidate.
``won_by_defender``: ``a``'s attacks miss and ``b`` kills it, so the reactive player's ``b`` may consolidate (the
Resolution sub-phase offers player 2 the choice first). Marines have Initiative 4; 32 mm bases touch at ``TOUCH``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from shapely.geometry import box

from strategium.engine.assault.charges import ChargeMove, DeclareCharge, is_locked
from strategium.engine.assault.consolidation import (
    DONE,
    NO_NEW_COMBAT,
    TOPIC,
    Consolidate,
    ConsolidationDistance,
    UnitConsolidated,
    eligible,
    why_not,
)
from strategium.engine.assault.fight import FightCombat
from strategium.engine.core.actions import Choose, EndStep
from strategium.engine.core.board import Placement, Pose
from strategium.engine.core.game import Game
from strategium.engine.core.timing import Phase, SubPhase
from strategium.engine.questions.choices import BattleChoice
from strategium.geometry.terrain import TerrainKind, TerrainPiece, terrain_piece
from tests.engine.builders_assault import TOUCH, assault_game, place, squad, to_charge

A_START = Pose(20, 25 - TOUCH)
B_START = tuple((f"b.{i + 1}", Pose(20 + i * TOUCH, 25)) for i in range(3))


def _combat(
    fight_dice: tuple[int, ...],
    b_rules: tuple[str, ...] = (),
    extra_blue: bool = False,
    config: Mapping[str, Any] | None = None,
    terrain: tuple[TerrainPiece, ...] = (),
    extra_red: bool = False,
) -> Game:
    blue = [squad("a"), squad("c")] if extra_blue else [squad("a")]
    red = [squad("b", 3, rules=b_rules), squad("d")] if extra_red else [squad("b", 3, rules=b_rules)]
    game = assault_game(blue, red, config=config, terrain=terrain)
    place(game, "a", (("a.1", Pose(20, 20)),))
    place(game, "b", B_START)
    to_charge(game)
    game.force_dice(3, 3)
    game.apply(DeclareCharge(1, "a", ("b",)))
    game.apply(ChargeMove(1, "a", (("a.1", A_START),)))
    game.apply(EndStep(1))
    game.force_dice(*fight_dice)
    game.apply(FightCombat(1, "a"))
    return game


def won_by_charger(
    b_rules: tuple[str, ...] = (),
    extra_blue: bool = False,
    config: Mapping[str, Any] | None = None,
    extra_red: bool = False,
) -> Game:
    """``a`` kills one of ``b``; at the Resolution sub-phase ``b`` fails its Morale check (12) and is caught by the
    Sweeping Advance (4 + 4 against 3 + 4), unless Fearless."""
    game = _combat((6, 6, 6, 6, 1, 6, 1, 1, 1), b_rules, extra_blue, config, extra_red=extra_red)
    if "Fearless" not in b_rules:
        game.force_dice(6, 6, 4, 3)
    return game


def won_by_defender(terrain: tuple[TerrainPiece, ...] = ()) -> Game:
    """``a`` misses twice; ``b`` hits and wounds three times and ``a`` fails its save: ``a`` is destroyed. At the
    Resolution sub-phase player 2 is offered its Consolidation."""
    game = _combat((1, 1, 6, 6, 6, 6, 6, 6, 1), terrain=terrain)
    game.apply(EndStep(1))
    return game


def shifted(positions: Placement, dx: float, dy: float) -> Placement:
    return tuple((m, Pose(p.x + dx, p.y + dy)) for m, p in positions)


def rules_of(game: Game, action: Consolidate) -> list[str]:
    verdict = game.check(action)
    assert not verdict.legal
    return [r.rule for r in verdict.reasons]


def texts_of(game: Game, action: Consolidate) -> str:
    return " | ".join(r.text for r in game.check(action).reasons)


# -- the active player's unit ------------------------------------------------------------------------------------


def test_the_winner_may_consolidate_up_to_its_initiative() -> None:
    game = won_by_charger()
    game.apply(EndStep(1))
    assert game.state.units["b"].location.value == "destroyed" and not is_locked(game, "a")
    assert game.pending is not None and game.pending.player == 1 and not isinstance(game.pending, BattleChoice)
    assert eligible(game, 1) == ["a"] and eligible(game, 2) == []
    too_far = Consolidate(1, "a", (("a.1", Pose(A_START.x, A_START.y + 4.01)),))
    assert rules_of(game, too_far) == ["fight.consolidate_distance"]
    assert 'at most 4" (it moved 4.01")' in texts_of(game, too_far)
    events = game.apply(Consolidate(1, "a", (("a.1", Pose(A_START.x, A_START.y + 4.0)),)))
    moved = next(e for e in events if isinstance(e, UnitConsolidated))
    assert (moved.player, moved.unit_id, round(moved.longest, 6)) == (1, "a", 4.0)
    assert [r.rule for r in moved.reasons] == ["Consolidate", "fight.consolidate_distance"]
    assert game.state.units["a"].poses["a.1"] == Pose(A_START.x, A_START.y + 4.0)


def test_a_unit_consolidates_once() -> None:
    game = won_by_charger()
    game.apply(EndStep(1))
    game.apply(Consolidate(1, "a", (("a.1", Pose(A_START.x + 1, A_START.y)),)))
    again = Consolidate(1, "a", (("a.1", Pose(A_START.x + 2, A_START.y)),))
    assert rules_of(game, again) == ["Consolidate"]
    assert "already consolidated" in texts_of(game, again)
    assert eligible(game, 1) == []


def test_no_consolidation_while_still_locked_in_combat() -> None:
    game = won_by_charger(b_rules=("Fearless",))
    game.apply(EndStep(1))
    assert is_locked(game, "a") and is_locked(game, "b")
    assert game.pending is not None and game.pending.player == 1 and not isinstance(game.pending, BattleChoice)
    move = Consolidate(1, "a", (("a.1", Pose(A_START.x, A_START.y - 1)),))
    assert rules_of(game, move) == ["Consolidate"]
    assert texts_of(game, move) == "a is still locked in combat"
    assert eligible(game, 1) == [] and eligible(game, 2) == []


def test_a_unit_that_did_not_fight_may_not_consolidate() -> None:
    game = won_by_charger(extra_blue=True)
    game.apply(EndStep(1))
    c = game.state.units["c"].poses
    move = Consolidate(1, "c", tuple((m, Pose(p.x, p.y + 1)) for m, p in c.items()))
    assert texts_of(game, move) == "c did not fight in a combat this turn"


def test_consolidation_belongs_to_the_resolution_sub_phase() -> None:
    game = won_by_charger()
    assert game.state.clock.sub_phase is SubPhase.FIGHT
    move = Consolidate(1, "a", (("a.1", Pose(A_START.x, A_START.y - 1)),))
    assert rules_of(game, move) == ["Consolidate"]
    assert "Resolution sub-phase" in texts_of(game, move)


def test_a_rolled_d6_sets_the_allowance_when_configured() -> None:
    game = won_by_charger(config={"fight": {"consolidate_distance": "d6"}})
    game.force_dice(2)
    events = game.apply(EndStep(1))
    rolled = next(e for e in events if isinstance(e, ConsolidationDistance))
    assert (rolled.unit_id, rolled.inches) == ("a", 2)
    too_far = Consolidate(1, "a", (("a.1", Pose(A_START.x - 2.5, A_START.y)),))
    assert 'at most 2" (it moved 2.50")' in texts_of(game, too_far)
    assert game.check(Consolidate(1, "a", (("a.1", Pose(A_START.x - 2, A_START.y)),))).legal


# -- the reactive player's unit -------------------------------------------------------------------------------------


def test_the_reactive_player_consolidates_first_then_the_active_player_acts() -> None:
    game = won_by_defender()
    assert game.state.units["a"].location.value == "destroyed"
    pending = game.pending
    assert isinstance(pending, BattleChoice) and pending.topic == TOPIC
    assert (pending.player, pending.subject, pending.options) == (2, "b", (DONE,))
    assert not game.check(EndStep(2)).legal
    events = game.apply(Consolidate(2, "b", shifted(B_START, 0, -4)))
    assert [e.unit_id for e in events if isinstance(e, UnitConsolidated)] == ["b"]
    after = game.pending
    assert after is not None and after.player == 1 and not isinstance(after, BattleChoice)
    assert game.state.clock.sub_phase is SubPhase.RESOLUTION


def test_the_reactive_player_may_decline() -> None:
    game = won_by_defender()
    game.apply(Choose(2, DONE))
    assert game.pending is not None and game.pending.player == 1
    assert not game.check(Consolidate(2, "b", shifted(B_START, 0, -1))).legal
    game.apply(EndStep(1))
    assert game.state.clock.phase is Phase.MOVEMENT and game.state.clock.active_player == 2


def test_the_unit_ends_in_coherency() -> None:
    game = won_by_defender()
    stray = (B_START[0], B_START[1], ("b.3", Pose(B_START[2][1].x + 4, 25)))
    assert rules_of(game, Consolidate(2, "b", stray)) == ["Unit coherency"]


def test_no_model_may_overlap_another() -> None:
    game = won_by_defender()
    onto = (("b.1", Pose(B_START[1][1].x - 0.5, 25)), B_START[1], B_START[2])
    assert "b.1 would overlap b.2" in texts_of(game, Consolidate(2, "b", onto))


def test_the_unit_stays_on_the_table() -> None:
    game = won_by_defender()
    place(game, "b", tuple((m, Pose(1 + i * TOUCH, 10)) for i, (m, _) in enumerate(B_START)))
    off = tuple((m, Pose(0.3 + i * TOUCH, 10)) for i, (m, _) in enumerate(B_START))
    assert "b (b.1) is off the table or in Impassable terrain" in texts_of(game, Consolidate(2, "b", off))


def test_no_model_ends_in_or_crosses_impassable_terrain() -> None:
    rock = terrain_piece("rock", box(19, 28, 24, 31), TerrainKind.IMPASSABLE)
    game = won_by_defender(terrain=(rock,))
    rules = rules_of(game, Consolidate(2, "b", shifted(B_START, 0, 3.5)))
    assert rules.count("Impassable Terrain") == 3 and "Measuring" in rules


def test_it_may_not_move_into_a_new_combat() -> None:
    game = won_by_charger(extra_red=True)
    game.apply(EndStep(1))
    place(game, "d", (("d.1", Pose(A_START.x + 4, A_START.y)),))
    close = Consolidate(1, "a", (("a.1", Pose(A_START.x + 2, A_START.y)),))  # 2" between centres: 0.74" between bases
    verdict = game.check(close)
    assert not verdict.legal
    assert verdict.reasons[0] == NO_NEW_COMBAT
    assert verdict.reasons[1].rule == "rules configuration movement.enemy_distance"
    assert 'a.1 would end within 1" of d.1' in verdict.reasons[1].text
    clear = Consolidate(1, "a", (("a.1", Pose(A_START.x + 1.7, A_START.y)),))  # 2.3" between centres: 1.04"
    assert game.check(clear).legal


def test_an_enemy_that_falls_back_is_gone_and_the_unit_falling_back_does_not_consolidate() -> None:
    game = _combat((6, 6, 6, 6, 1, 6, 1, 1, 1))
    game.force_dice(6, 6, 3, 4)  # Morale check 12 fails; sweep 3 + 4 against 4 + 4: b escapes and Falls Back
    game.apply(EndStep(1))
    assert game.state.units["b"].location.value == "on the table" and not is_locked(game, "a")
    assert eligible(game, 1) == ["a"] and eligible(game, 2) == []
    assert game.pending is not None and game.pending.player == 1 and not isinstance(game.pending, BattleChoice)
    reason = why_not(game, "b")
    assert reason is not None and reason.text == "b is Falling Back"
