"""A Scout redeployment across Impassable Terrain (SCT-2; contested: rules configuration
``statuses.scout_redeploy_crosses_impassable``). Table 72" x 48", Dawn of War (player 1 south, y < 12); a 1"-deep
Impassable wall across x 20-40 at y 7-8; 32 mm bases (0.63" radius). Blue's Scouts stand at y 5 and are placed at
y 10 (5" away, within the 6" of Infantry), more than 9" from Red (y 44)."""

from __future__ import annotations

from shapely.geometry import box

from strategium.config import parse_overrides
from strategium.engine.core.actions import Deploy, ScoutRedeploy
from strategium.engine.core.game import Game
from strategium.engine.core.pregame_track import PreGameStep
from strategium.geometry.deployment import dawn_of_war
from strategium.geometry.table import Table
from strategium.geometry.terrain import Battlefield, TerrainKind, terrain_piece
from tests.engine.builders import army, line, play, to_deployment, unit

CROSSING = "statuses.scout_redeploy_crosses_impassable"


def scout_step(crosses: bool) -> Game:
    table = Table()
    wall = terrain_piece("Wall", box(20, 7, 40, 8), TerrainKind.IMPASSABLE, 3.0)
    field = Battlefield(table, dawn_of_war(table), (wall,))
    config = parse_overrides({"statuses": {"scout_redeploy_crosses_impassable": crosses}})
    blue, red = army("Blue", unit("scouts", rules=("Scout",))), army("Red", unit("red"))
    game = Game.new((blue, red), field, config, seed=1)
    to_deployment(game)
    play(game, Deploy(1, "scouts", line(game.state.unit("scouts"), 25, 5)))
    play(game, Deploy(2, "red", line(game.state.unit("red"), 25, 44)))
    assert game.state.pregame.step is PreGameStep.SCOUT
    return game


def test_SCT_2_a_scout_redeployment_may_pass_over_impassable_terrain_by_default() -> None:
    game = scout_step(True)
    verdict = game.check(ScoutRedeploy(1, "scouts", line(game.state.unit("scouts"), 25, 10)))
    assert verdict.legal
    [why] = [r for r in verdict.reasons if CROSSING in r.text]
    assert "scouts.1's path crosses Wall" in why.text and "placement" in why.text


def test_SCT_2_a_scout_redeployment_may_not_pass_over_impassable_terrain_when_configured() -> None:
    game = scout_step(False)
    verdict = game.check(ScoutRedeploy(1, "scouts", line(game.state.unit("scouts"), 25, 10)))
    assert not verdict.legal and CROSSING in verdict.reasons[0].text
    clear = game.check(ScoutRedeploy(1, "scouts", line(game.state.unit("scouts"), 25, 6.2)))  # stops short of y 7
    assert clear.legal and not any(CROSSING in r.text for r in clear.reasons)
