"""Game records: a recorded pre-game replays to an identical state and log (issue 5 acceptance)."""

from __future__ import annotations

import pytest

from strategium.engine.core.actions import EndStep, Infiltrate, ScoutRedeploy
from strategium.engine.core.record import GameRecord, replay
from strategium.errors import InputError
from tests.engine.builders import line
from tests.engine.pregame.test_pregame import infiltrate_setup


def played() -> tuple:
    game = infiltrate_setup()
    game.apply(Infiltrate(1, "recon", line(game.state.unit("recon"), 5, 20)))
    game.force_dice(2)  # the Seize the Initiative roll below
    game.apply(ScoutRedeploy(1, "recon", line(game.state.unit("recon"), 5, 24)))
    return game


def test_a_recorded_pre_game_replays_to_an_identical_state_and_log() -> None:
    game = played()
    from strategium.engine.core.actions import Choose

    game.apply(Choose(2, "seize"))
    record = GameRecord.from_json(game.record({"test": "pregame"}).to_json())
    again = replay(record, game.state.armies, game.state.battlefield)
    assert [e.text() for e in again.state.events] == [e.text() for e in game.state.events]
    assert again.state == game.state
    assert record.setup == {"test": "pregame"}
    assert "Seize the Initiative (2): D6 [2*] = 2" in "\n".join(e.text() for e in game.state.events)


def test_bad_records_are_clear_errors() -> None:
    with pytest.raises(InputError, match="not valid JSON"):
        GameRecord.from_json("{", "r.json")
    with pytest.raises(InputError, match="not a strategium game record"):
        GameRecord.from_json('{"format": "other"}', "r.json")
    bad = '{"format": "strategium.record/1", "seed": 1, "history": [{"type": "Teleport"}]}'
    with pytest.raises(InputError, match=r"history\[0\]: unknown action type 'Teleport'"):
        GameRecord.from_json(bad, "r.json")
    assert EndStep(1).text() == "P1 end step"
