"""Whole games of the bundled demo scenario (both demo armies): random against random and heuristic against
heuristic, from the pre-game to the end of the last Game Turn, every action checked by the engine and the state
invariants checked after every action."""

from __future__ import annotations

import pytest

from strategium.agents import seed_rules
from strategium.engine.core.board import Location
from strategium.engine.core.events import GameEnded, TurnStarted
from strategium.engine.core.timing import Phase
from tests.agents.games import HEURISTIC_SEEDS, RANDOM_SEEDS, heuristic_game, random_game


def _turns(game: object) -> list[tuple[int, int]]:
    events = game.state.events  # type: ignore[attr-defined]
    return [(e.game_turn, e.player) for e in events if isinstance(e, TurnStarted)]


@pytest.mark.parametrize("seed", RANDOM_SEEDS)
def test_random_demo_game_runs_to_the_end(seed: int) -> None:
    game, checked = random_game(seed)
    s = game.state
    assert s.pending is None and s.clock.phase is Phase.GAME_OVER
    assert isinstance(s.events[-1], GameEnded) and s.events[-1].game_turns == s.last_game_turn == 5
    first, second = s.first_player, 3 - s.first_player
    assert _turns(game) == [(t, p) for t in range(1, 6) for p in (first, second)]
    assert checked == len(s.history)  # the invariants after every single action
    assert not [u for u, st in s.units.items() if st.location in (Location.UNDEPLOYED, Location.HELD_FOR_INFILTRATE)]


@pytest.mark.parametrize("seed", HEURISTIC_SEEDS)
def test_heuristic_demo_game_runs_to_the_end(seed: int) -> None:
    game, checked = heuristic_game(seed)
    s = game.state
    assert s.pending is None and s.clock.phase is Phase.GAME_OVER
    first, second = s.first_player, 3 - s.first_player
    assert _turns(game) == [(t, p) for t in range(1, 6) for p in (first, second)]
    assert checked == len(s.history)


def test_heuristic_demo_battles_make_the_seed_rules_fire() -> None:
    fired: set[str] = set()
    for seed in HEURISTIC_SEEDS:
        game, _ = heuristic_game(seed)
        fired |= set(seed_rules.count_moments(game.state.events))
    assert (
        fired
        == set(seed_rules.MOMENTS)
        == {
            seed_rules.INFILTRATE,  # INF-3/INF-5: both Reconnaissance Squads
            seed_rules.SCOUT,  # SCT-1
            seed_rules.FLANKING_ASSAULT,  # OUT-1: the Javelins and the Militia cavalry held for it
            seed_rules.MILITIA_RUN,  # MCM-1
            seed_rules.STUPEFIED,  # STU-1
            seed_rules.SHROUDED_ROLL,  # Shrouded (5+) from MCM-1 and Evade
            seed_rules.HAMMER_OF_WRATH,  # HOW-1
            seed_rules.RELENTLESS_CHARGE,  # REL-2: the Javelins charge after firing Heavy weapons
        }
    )


def test_heuristic_holds_infiltrators_and_keeps_a_flanking_assault() -> None:
    game, _ = heuristic_game(HEURISTIC_SEEDS[0])
    texts = [a.text() for a in game.state.history]
    assert "P1 hold 1:recon to Infiltrate" in texts and "P2 hold 2:recon to Infiltrate" in texts
    assert "P1 javelins to Flanking Assault" in texts and "P2 cavalry-1 to Flanking Assault" in texts
