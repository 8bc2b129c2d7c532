"""The scripted player replays a recorded game exactly, and says when its script does not fit."""

from __future__ import annotations

import pytest

from strategium.agents.base import play
from strategium.agents.scripted import ScriptedPlayer, ScriptExhaustedError
from strategium.agents.setup import demo_battle
from strategium.engine.core.actions import EndStep
from strategium.engine.core.record import ForcedDice
from tests.agents.games import random_game


def test_a_recorded_game_replays_event_for_event() -> None:
    original, _ = random_game(11)
    script = ScriptedPlayer(original.state.history)
    replay = demo_battle(11)
    play(replay, {1: script, 2: script})
    assert script.remaining == 0
    assert [e.text() for e in replay.state.events] == [e.text() for e in original.state.events]
    assert replay.state.history == original.state.history


def test_a_script_that_runs_out_or_does_not_fit_raises() -> None:
    game = demo_battle(11)
    assert game.pending is not None
    me = game.pending.player
    with pytest.raises(ScriptExhaustedError, match="no action left"):
        ScriptedPlayer([ForcedDice((6,))]).decide(game)  # forced dice are not actions: skipped
    with pytest.raises(ScriptExhaustedError, match=f"not for player {me}"):
        ScriptedPlayer([EndStep(3 - me)]).decide(game)
