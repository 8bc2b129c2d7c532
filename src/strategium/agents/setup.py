"""A battle ready to be played from its pre-game: the armies and battlefield of a scenario, with nothing deployed.

:func:`battle_from_scenario` builds the game the players deploy themselves (the scenario's own start positions are
not used). Units that are Buildings (e.g. the Militia's Imperial Bunker) are part of the battlefield: they stand
where the scenario puts them before the pre-game begins, since the deployment step has no action that places a
Building (a project choice, stated here).
"""

from __future__ import annotations

import strategium.rules  # noqa: F401  (the rule plug-ins: a game needs them)
from strategium.engine.core.board import Location, Pose
from strategium.engine.core.game import Game
from strategium.engine.core.state import GameState
from strategium.engine.pregame import sequence as pregame
from strategium.scenario import Scenario, Status, demo_scenario_path, load_scenario
from strategium.scenario.armies import game_armies


def battle_from_scenario(scenario: Scenario, seed: int | None = None, turns: int | None = None) -> Game:
    """A game of the scenario's armies on its battlefield at the start of the pre-game (the deployment roll-off is
    made at once). ``seed`` defaults to the scenario's; ``turns`` (Game Turns) to the rules configuration's.

    Raises :class:`~strategium.errors.InputError` as :func:`strategium.scenario.armies.game_armies`.
    """
    armies, ids = game_armies(scenario)
    state = GameState.start(armies, scenario.battlefield, scenario.config, scenario.seed if seed is None else seed)
    if turns is not None:
        state.last_game_turn = turns
    for p in scenario.placements:
        if p.status is Status.BUILDING and p.building is not None:
            uid = ids.unit(p.player, p.unit.id)
            hull = p.building.hull
            status = state.units[uid]
            status.location = Location.TABLE
            status.poses = {state.unit(uid).models[0].id: Pose(hull.x, hull.y, hull.heading)}
    game = Game(state)
    pregame.begin(game)
    return game


def demo_battle(seed: int = 0, turns: int | None = None) -> Game:
    """The bundled demo scenario (both demo armies) at the start of its pre-game."""
    return battle_from_scenario(load_scenario(demo_scenario_path()), seed, turns)
