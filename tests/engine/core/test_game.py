"""The game loop and phase machine: turn sequence, timing windows, effect expiry, illegal actions."""

from __future__ import annotations

import pytest

from strategium.catalogue.citations import Reason
from strategium.engine.core.actions import Choose, EndStep, IllegalActionError
from strategium.engine.core.effects import Duration, EffectKind, EndTrigger
from strategium.engine.core.events import EffectEnded, GameEnded, TurnStarted
from strategium.engine.core.game import Game
from strategium.engine.core.timing import Phase, SubPhase
from tests.engine.builders import quick_battle


def new_game(turns: int = 2, first: int = 1) -> Game:
    return quick_battle(turns, first)


def end_steps(game: Game, n: int) -> None:
    for _ in range(n):
        assert game.pending is not None
        game.apply(EndStep(game.pending.player))


def test_turn_sequence_walks_every_step_of_both_player_turns() -> None:
    game = new_game(turns=1, first=2)
    seen = []
    while game.pending is not None:
        c = game.state.clock
        seen.append((c.game_turn, c.active_player, c.phase, c.sub_phase))
        end_steps(game, 1)
    steps = [
        (Phase.MOVEMENT, SubPhase.RESERVES),
        (Phase.MOVEMENT, SubPhase.MOVE),
        (Phase.SHOOTING, SubPhase.NONE),
        (Phase.ASSAULT, SubPhase.CHARGE),
        (Phase.ASSAULT, SubPhase.FIGHT),
        (Phase.ASSAULT, SubPhase.RESOLUTION),
    ]
    assert seen == [(1, 2, *s) for s in steps] + [(1, 1, *s) for s in steps]
    assert game.state.clock.phase is Phase.GAME_OVER
    assert isinstance(game.state.events[-1], GameEnded)
    assert [e.player for e in game.state.events if isinstance(e, TurnStarted)] == [2, 1]


def test_action_by_the_wrong_player_is_illegal_and_changes_nothing() -> None:
    game = new_game()
    before = game.state.snapshot()
    verdict = game.check(EndStep(2))
    assert not verdict.legal
    assert verdict.reasons[0].rule == "Turn sequence"
    with pytest.raises(IllegalActionError, match="P2 end step"):
        game.apply(EndStep(2))
    with pytest.raises(IllegalActionError):
        game.apply(Choose(2, "anything"))
    assert game.state == before


def test_stupefied_made_in_the_enemy_shooting_phase_expires_at_the_end_of_its_controllers_next_turn() -> None:
    """STU-7 timing: Stupefied lasts until the end of its controlling player's following turn."""
    game = new_game(turns=3)
    end_steps(game, 2)  # into player 1's Shooting phase, Game Turn 1
    assert game.state.clock.phase is Phase.SHOOTING and game.state.clock.active_player == 1
    effect = game.add_effect(EffectKind.STUPEFIED, "b1", Duration.UNTIL_END_OF_CONTROLLERS_NEXT_TURN, Reason("x", "y"))
    ended_at = None
    while game.pending is not None and ended_at is None:
        end_steps(game, 1)
        if not game.effects_on("b1"):
            ended_at = game.state.clock
    assert effect.controller == 2
    # It ended at the end of player 2's turn of Game Turn 1: the clock is now at player 1's Game Turn 2.
    assert ended_at is not None and (ended_at.game_turn, ended_at.active_player) == (2, 1)
    assert any(isinstance(e, EffectEnded) and e.effect == effect for e in game.state.events)


def test_forced_to_move_ends_an_effect_early() -> None:
    game = new_game()
    game.add_effect(
        EffectKind.STUPEFIED,
        "a1",
        Duration.UNTIL_END_OF_CONTROLLERS_NEXT_TURN,
        Reason("x", "y"),
        ends_on=frozenset({EndTrigger.FORCED_TO_MOVE}),
    )
    game.add_effect(EffectKind.PINNED, "a1", Duration.UNTIL_END_OF_CONTROLLERS_NEXT_TURN, Reason("x", "y"))
    game.trigger("a1", EndTrigger.FORCED_TO_MOVE)
    assert [e.kind for e in game.effects_on("a1")] == [EffectKind.PINNED]


def test_snapshot_restores_the_exact_state() -> None:
    game = new_game()
    snap = game.state.snapshot()
    end_steps(game, 4)
    assert game.state != snap
    game.state = snap.snapshot()
    assert game.state == snap
    assert game.state.armies is snap.armies


def test_a_reason_cites_the_registered_rule_book_and_page() -> None:
    reason = Reason.of("Infiltrate", "placed more than 9 inches away, unseen")
    assert reason.citation == "Infiltrate (Age of Darkness rulebook p.242)"
    assert reason.to_json() == {
        "rule": "Infiltrate",
        "page": 242,
        "book": "Age of Darkness rulebook",
        "text": "placed more than 9 inches away, unseen",
    }


def test_this_turn_facts_are_forgotten_when_the_next_player_turn_begins() -> None:
    from strategium.engine.core.watchers import Fact

    game = new_game()
    game.state.facts.note("a1", Fact.RAN)
    assert game.state.facts.has("a1", Fact.RAN) and not game.state.facts.has("b1", Fact.RAN)
    end_steps(game, 5)  # the rest of player 1's turn: Shooting, Charge, Fight, Resolution, then end
    assert game.state.clock.active_player == 1
    end_steps(game, 1)
    assert game.state.clock.active_player == 2
    assert not game.state.facts.has("a1", Fact.RAN)
    assert game.state.facts.turn_index == 2
