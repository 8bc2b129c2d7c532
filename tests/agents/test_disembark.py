"""The heuristic's Disembark proposal: its passengers get out beside their Transport, not on top of it."""

from __future__ import annotations

import shapely

from strategium.agents import placement_sampling as ps
from strategium.agents import proposals as pr
from strategium.agents.heuristic import HeuristicPlayer
from strategium.agents.setup import demo_battle
from strategium.army.army import Unit
from strategium.engine.core.actions import Action
from strategium.engine.core.board import Location
from strategium.engine.core.game import Game
from strategium.engine.movement.common import party
from strategium.engine.movement.transports import Disembark
from strategium.engine.movement.vehicle_fire import cruising_disembark_problem


class _Watching(HeuristicPlayer):
    """A heuristic player that stops the game at its first Disembark decision from a Transport that may let its
    passengers out (not one that moved at Cruising Speed this turn) and keeps that position."""

    found: list[tuple[Game, Unit]]

    def _disembark(self, game: Game, unit: Unit) -> Action | None:
        carrier = game.state.units[unit.id].embarked_in
        if not self.found and carrier is not None and cruising_disembark_problem(game, carrier) is None:
            self.found.append((Game(game.state.snapshot()), unit))
        return super()._disembark(game, unit)


def _first_disembark_position() -> tuple[Game, Unit, HeuristicPlayer]:
    game = demo_battle(0)
    found: list[tuple[Game, Unit]] = []
    players = {1: _Watching(1), 2: _Watching(2)}
    for p in players.values():
        p.found = found
    while game.pending is not None and not found:
        game.apply(players[game.pending.player].decide(game))
    assert found, "no Disembark was considered"
    there, unit = found[0]
    assert there.state.units[unit.id].location is Location.EMBARKED
    return there, unit, HeuristicPlayer(there.state.owner(unit.id))


def test_the_disembark_region_leaves_the_transport_out() -> None:
    game, unit, player = _first_disembark_position()
    shape = pr.shape_of(game, party(game.state, unit.id))
    region = pr.disembark_region(game, unit, shape)
    toward = pr.enemy_centre(game, player.player)
    anchor = ps.nearest_point(region, toward)
    assert anchor is not None
    where = pr.place(game, shape, region, anchor, toward)
    assert where
    assert game.check(Disembark(player.player, unit.id, where)).legal  # the first proposal, not refused


def test_the_heuristic_disembarks_in_that_position() -> None:
    game, unit, player = _first_disembark_position()
    action = player.decide(game)
    assert isinstance(action, Disembark) and action.unit_id == unit.id
    assert game.check(action).legal
    game.apply(action)
    assert game.state.units[unit.id].location is Location.TABLE


def test_the_enemy_zone_near_a_box_is_the_whole_zone_inside_it() -> None:
    """``enemy_zone`` from only the enemies whose grown footprints reach a box covers, inside the box, what the
    zone of every enemy covers (the arrival and Disembark regions ask for it near their own bounds)."""
    game, unit, _ = _first_disembark_position()
    s = game.state
    player = s.owner(unit.id)
    near = (20.0, 10.0, 40.0, 30.0)
    whole = ps.enemy_zone(s, player, 6.0)
    part = ps.enemy_zone(s, player, 6.0, near)
    window = shapely.box(*near)
    assert not whole.intersection(window).is_empty  # the box meets the zone: the test is not empty
    assert whole.intersection(window).symmetric_difference(part.intersection(window)).area < 1e-9
    assert part.area < whole.area  # enemies far from the box were left out
