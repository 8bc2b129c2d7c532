"""Formations spaced by the real extents of bases and hulls, turned as placed: the Cargo-8 Hauler Squadron of
``OgrynChainaxeFix.ros`` (two 5" x 3.5" hulls) stands in unit coherency (4" for a squadron of Vehicles, rules
configuration ``movement.squadron_coherency``) by the engine's own check."""

from __future__ import annotations

from functools import cache

import pytest
from shapely.geometry import box

from strategium.agents import placement_sampling as ps
from strategium.agents import proposals as pr
from strategium.army.army import Unit
from strategium.battle.setup import BattleSetup, new_game
from strategium.config import RulesConfig
from strategium.engine.core.game import Game
from strategium.engine.table import table_checks
from strategium.geometry.measure import distance
from tests.conftest import ROSTERS


@cache
def _game() -> Game:
    setup = BattleSetup(armies=(str(ROSTERS / "OgrynChainaxeFix.ros"), str(ROSTERS / "hhv2.solar_aux_zm.ros")))
    return new_game(setup, 1)


def _unit(name: str) -> Unit:
    return next(u for u in _game().state.armies[0].units if u.name == name)


def test_grid_steps_follow_the_hull_as_it_is_turned() -> None:
    haulers = _unit("IM - Cargo-8 Hauler Squadron").models
    assert ps.grid_steps(haulers, 0.0) == (5.05, 3.55)  # 5" long along x, 3.5" wide along y, plus GAP
    assert ps.grid_steps(haulers, 90.0) == (3.55, 5.05)
    assert ps.grid_steps(haulers, 45.0) == (4.999747, 4.999747)  # twice 1.75" / cos 45°, plus GAP
    grenadiers = _unit("IM - Grenadier Squad").models  # 25 mm bases
    assert ps.grid_steps(grenadiers, 0.0) == (1.034252, 1.034252)
    # the old spacing, twice the circumradius, left 2 x 3.0516 + 0.05 - 3.5 = 2.65" between hulls side by side
    assert 2 * ps.circumradius(haulers[0]) + ps.GAP == pytest.approx(6.153278, abs=1e-6)


def test_diagonal_neighbours_count_only_when_within_coherency() -> None:
    haulers = _unit("IM - Cargo-8 Hauler Squadron").models
    assert ps.diagonal_gaps(haulers, 0.0, (5.05, 3.55)) == pytest.approx(0.05 * 2**0.5)  # corner to corner
    assert ps.diagonal_gaps(haulers, 30.0, ps.grid_steps(haulers, 30.0)) == pytest.approx(2.955053, abs=1e-6)
    assert pr.shape_of(_game(), [_unit("IM - Cargo-8 Hauler Squadron")]).diagonal
    # a squadron of Vehicles keeps movement.squadron_coherency (4"): the 2.96" diagonal at 30 degrees counts,
    assert pr.shape_of(_game(), [_unit("IM - Cargo-8 Hauler Squadron")], 30.0).diagonal
    narrow = _game().state.snapshot()  # but not where that coherency is 2"
    narrow.config = RulesConfig.model_validate({"movement": {"squadron_coherency": 2.0}})
    assert not pr.shape_of(Game(narrow), [_unit("IM - Cargo-8 Hauler Squadron")], 30.0).diagonal


def test_a_formation_on_an_uneven_grid_and_without_diagonals() -> None:
    spots = ps.formation(box(0, 0, 20, 20), 3, (3.55, 5.05), (10.0, 10.0))
    assert spots == [(10.0, 10.0), (6.45, 10.0), (13.55, 10.0)]  # side by side along the shorter step
    ell = box(0, 0, 3, 1).union(box(2, 0, 3, 3))  # grid points (0.5, 0.5), (2.5, 0.5), (2.5, 2.5) inside
    assert ps.formation(ell, 3, 2.0, (0.5, 0.5), diagonal=False) == [(0.5, 0.5), (2.5, 0.5), (2.5, 2.5)]
    corner = box(0, 0, 1, 1).union(box(2, 2, 3, 3))  # (0.5, 0.5) and (2.5, 2.5) only: diagonal neighbours
    assert ps.formation(corner, 2, 2.0, (0.5, 0.5)) == [(0.5, 0.5), (2.5, 2.5)]
    assert ps.formation(corner, 2, 2.0, (0.5, 0.5), diagonal=False) is None


@pytest.mark.parametrize(("heading", "gap"), [(None, 0.05), (30.0, 0.043299), (45.0, 0.035322)])
def test_the_hauler_squadron_deploys_in_coherency(heading: float | None, gap: float) -> None:
    game = _game()
    unit = _unit("IM - Cargo-8 Hauler Squadron")
    shape = pr.shape_of(game, [unit], heading)
    region = pr.deploy_region(game, unit, shape)
    anchor = region.representative_point()
    where = pr.place(game, shape, region, (anchor.x, anchor.y), pr.enemy_centre(game, 1))
    assert len(where) == 2 and {p.heading for _, p in where} == {shape.heading}
    placed = table_checks.footprints([unit], where)
    assert distance(placed[0][1], placed[1][1]) == pytest.approx(gap, abs=1e-6)
    assert table_checks.coherency(game.state, [unit], placed) == []
    assert table_checks.standing_room(game.state, placed, {unit.id}) == []
    assert table_checks.in_deployment_zone(game.state, 1, placed) == []
