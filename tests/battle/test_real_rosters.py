"""Real rosters from ``shared/data/rosters`` play whole battles (two Game Turns, seed 1) with both kinds of AI
player, the state invariants checked after every action and no decision left to the random fallback.

A representative set of the pairs checked by hand (every pair of the five rosters with units, and each against a
demo army, with both players): the Cargo-8 Hauler Squadron of ``OgrynChainaxeFix.ros`` deployed in coherency, the
roster whose Tactical Support Squad is left out, the Mechanicum against the Legion, and a roster against a demo
army. Each battle takes one to four seconds."""

from __future__ import annotations

import pytest

from strategium.battle.run import play_battle
from strategium.battle.setup import BattleSetup
from strategium.engine.core.actions import Deploy
from strategium.engine.core.timing import Phase
from strategium.report.log import header_lines
from tests.conftest import ROSTERS

OGRYNS = "OgrynChainaxeFix.ros"
SOLAR = "hhv2.solar_aux_zm.ros"
TRANSPORT = "Dedicated Transport Squad Costs.ros"
MECHANICUM = "hhv2.mechanicum_zm.ros"
MARINES = "Basic Marines Validate.ros"


def _ref(name: str) -> str:
    return str(ROSTERS / name) if name.endswith(".ros") else name


@pytest.mark.parametrize(
    ("first", "second", "player"),
    [
        (OGRYNS, SOLAR, "random"),
        (OGRYNS, TRANSPORT, "heuristic"),
        (MECHANICUM, MARINES, "heuristic"),
        (TRANSPORT, "emperors_children", "random"),
    ],
)
def test_real_rosters_play_two_game_turns(first: str, second: str, player: str) -> None:
    setup = BattleSetup(armies=(_ref(first), _ref(second)), turns=2, players=(player, player))
    result = play_battle(setup, 1, invariants=True)
    s = result.game.state
    assert result.fallbacks == ()
    if result.outcome.sudden_death:
        assert result.outcome.game_turns <= 2
    else:
        assert s.clock.phase is Phase.GAME_OVER and result.outcome.game_turns == 2
    header = header_lines(result)
    left_out = [line for line in header if " left out of the battle: " in line]
    players_with_transport_roster = [p for p, name in ((1, first), (2, second)) if name == TRANSPORT]
    assert [line[:2] for line in left_out] == [f"P{p}" for p in players_with_transport_roster]
    if OGRYNS in (first, second) and player == "heuristic":  # (the random player may keep it in Reserves)
        p = 1 if first == OGRYNS else 2
        haulers = next(u for u in s.armies[p - 1].units if u.name == "IM - Cargo-8 Hauler Squadron")
        deployed = [a for a in s.history if isinstance(a, Deploy) and a.unit_id == haulers.id]
        assert len(deployed) == 1 and len(deployed[0].positions) == 2  # on the table, both hulls
