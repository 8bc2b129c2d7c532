"""Victory by the project's default: Sudden Death, else points of enemy units destroyed."""

from __future__ import annotations

from strategium.agents.setup import demo_battle
from strategium.battle.outcome import Outcome, decide, destroyed_points, wiped_out
from strategium.engine.core.board import Location
from strategium.engine.core.state import GameState


def _state() -> GameState:
    return demo_battle(0).state


def test_nothing_destroyed_is_a_draw_on_points() -> None:
    s = _state()
    for status in s.units.values():
        status.location = Location.TABLE
    assert decide(s, sudden_death=True) == Outcome(None, (0, 0), False, 0)


def test_points_of_destroyed_enemy_units_decide() -> None:
    s = _state()
    for status in s.units.values():
        status.location = Location.TABLE
    s.units["tactical-1"].location = Location.DESTROYED  # player 1's, 200 points
    s.units["infantry-1"].location = Location.DESTROYED  # player 2's, 80 points
    s.units["leman-russ"].location = Location.DESTROYED  # player 2's, 130 points
    assert destroyed_points(s, 1) == 200 and destroyed_points(s, 2) == 210
    out = decide(s, sudden_death=True)
    assert out == Outcome(1, (210, 200), False, 0)
    assert out.text() == "Player 1 wins on victory points after Game Turn 0 (victory points 210 to 200)"


def test_sudden_death_when_a_side_has_nothing_in_play() -> None:
    s = _state()
    for status in s.units.values():
        status.location = Location.DESTROYED if status.player == 2 else Location.TABLE
    s.units["javelins"].location = Location.RESERVES  # still to arrive: in play
    assert wiped_out(s) == (2,)
    out = decide(s, sudden_death=True)
    # the battle has ended: the Javelins still in Reserves count as destroyed (reserves.unarrived_count_as_destroyed)
    assert out.winner == 1 and out.sudden_death and out.scores == (1495, s.unit("javelins").points)
    assert decide(s, sudden_death=False).sudden_death is False


def test_reserves_and_embarked_units_keep_a_side_in_play() -> None:
    s = _state()
    for status in s.units.values():
        status.location = Location.DESTROYED
    s.units["javelins"].location = Location.RESERVES
    s.units["ogryns-2"].location = Location.EMBARKED
    assert wiped_out(s) == ()
    s.units["ogryns-2"].location = Location.DESTROYED
    assert wiped_out(s) == (2,)


def test_units_still_in_reserves_at_the_end_count_as_destroyed_by_default() -> None:
    """reserves.unarrived_count_as_destroyed (default true): Player 2 scores the Javelins still in Reserves; off,
    they score nothing. The outcome names them and cites the setting."""
    from strategium.config import parse_overrides

    s = _state()
    for status in s.units.values():
        status.location = Location.TABLE
    s.units["javelins"].location = Location.RESERVES
    javelins = s.unit("javelins")
    out = decide(s, sudden_death=False)
    assert out.scores == (0, javelins.points) and out.winner == 2
    assert out.unarrived[0] == f"P1 {javelins.name}"
    assert "reserves.unarrived_count_as_destroyed" in out.text()
    s.config = parse_overrides({"reserves": {"unarrived_count_as_destroyed": False}})
    off = decide(s, sudden_death=False)
    assert off == Outcome(None, (0, 0), False, 0)
