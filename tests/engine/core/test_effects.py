"""Effect expiry by Duration (CORE_A §4.2), driven by the sequence of timing windows of a real game."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from strategium.catalogue.citations import Reason
from strategium.engine.core.effects import (
    Duration,
    Effect,
    EffectKind,
    EndTrigger,
    Moment,
    Window,
    end_on_trigger,
    expire,
)

R = Reason("test", "a test effect")


def windows(game_turns: int, first_player: int = 1) -> Iterator[Moment]:
    """The timing windows of ``game_turns`` Game Turns, three phases per Player Turn."""
    turn_index = 0
    for game_turn in range(1, game_turns + 1):
        for k in range(2):
            player = first_player if k == 0 else 3 - first_player
            turn_index += 1
            yield Moment(Window.START_OF_TURN, turn_index, player, game_turn)
            for _ in range(3):
                yield Moment(Window.END_OF_PHASE, turn_index, player, game_turn)
            yield Moment(Window.END_OF_TURN, turn_index, player, game_turn)
        yield Moment(Window.END_OF_GAME_TURN, turn_index, 3 - first_player, game_turn)


def first_expiry(effect: Effect, first_player: int = 1) -> Moment:
    for moment in windows(6, first_player):
        if moment.turn_index < effect.created_turn:
            continue
        if effect.expires_at(moment):
            return moment
    raise AssertionError("never expired")


def make(duration: Duration, controller: int, created_turn: int, created_game_turn: int) -> Effect:
    return Effect(1, EffectKind.STUPEFIED, "u", controller, duration, created_turn, created_game_turn, R)


def test_stupefied_made_in_the_enemy_turn_ends_at_the_end_of_the_controllers_next_turn() -> None:
    # Player 1's unit becomes Stupefied in player 0's turn (turn_index 1): it lasts through player 1's turn 2.
    e = make(Duration.UNTIL_END_OF_CONTROLLERS_NEXT_TURN, controller=2, created_turn=1, created_game_turn=1)
    assert first_expiry(e) == Moment(Window.END_OF_TURN, 2, 2, 1)


def test_following_turn_made_in_own_turn_skips_the_current_turn() -> None:
    # Made during the controller's own turn (turn_index 2): the current turn does not count.
    e = make(Duration.UNTIL_END_OF_CONTROLLERS_NEXT_TURN, controller=2, created_turn=2, created_game_turn=1)
    assert first_expiry(e) == Moment(Window.END_OF_TURN, 4, 2, 2)


def test_start_of_controllers_next_turn() -> None:
    # Militia Cavalry Mount: ran in its own turn 1 -> Shrouded until the start of its next turn (turn_index 3).
    e = make(Duration.UNTIL_START_OF_CONTROLLERS_NEXT_TURN, controller=1, created_turn=1, created_game_turn=1)
    assert first_expiry(e) == Moment(Window.START_OF_TURN, 3, 1, 2)


def test_pre_game_effect_with_controllers_next_turn_lasts_through_its_first_turn() -> None:
    # Infiltrate's charge ban, made in the pre-game, for the second player: ends at the end of its first turn.
    e = make(Duration.UNTIL_END_OF_CONTROLLERS_NEXT_TURN, controller=2, created_turn=0, created_game_turn=0)
    assert first_expiry(e) == Moment(Window.END_OF_TURN, 2, 2, 1)


def test_pre_game_effect_until_end_of_game_turn_lasts_through_game_turn_one() -> None:
    e = make(Duration.UNTIL_END_OF_GAME_TURN, controller=1, created_turn=0, created_game_turn=0)
    assert first_expiry(e) == Moment(Window.END_OF_GAME_TURN, 2, 2, 1)


def test_end_of_phase_and_end_of_turn() -> None:
    e = make(Duration.UNTIL_END_OF_PHASE, controller=1, created_turn=3, created_game_turn=2)
    assert first_expiry(e) == Moment(Window.END_OF_PHASE, 3, 1, 2)
    e = make(Duration.UNTIL_END_OF_TURN, controller=2, created_turn=3, created_game_turn=2)
    assert first_expiry(e) == Moment(Window.END_OF_TURN, 3, 1, 2)


def test_permanent_effects_never_expire() -> None:
    e = make(Duration.PERMANENT, controller=1, created_turn=1, created_game_turn=1)
    with pytest.raises(AssertionError, match="never expired"):
        first_expiry(e)


def test_expire_and_end_on_trigger_split_in_order() -> None:
    a = make(Duration.UNTIL_END_OF_PHASE, 1, 1, 1)
    b = Effect(
        2, EffectKind.STUPEFIED, "u", 1, Duration.PERMANENT, 1, 1, R, ends_on=frozenset({EndTrigger.FORCED_TO_MOVE})
    )
    kept, gone = expire((a, b), Moment(Window.END_OF_PHASE, 1, 1, 1))
    assert (kept, gone) == ((b,), (a,))
    kept, gone = end_on_trigger((a, b), "u", EndTrigger.FORCED_TO_MOVE)
    assert (kept, gone) == ((a,), (b,))
    assert end_on_trigger((a, b), "other", EndTrigger.FORCED_TO_MOVE) == ((a, b), ())
