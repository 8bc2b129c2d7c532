"""Regions into formations: compact, connected, inside the region; the move screen."""

from __future__ import annotations

import math

import numpy as np
import shapely
from hypothesis import given, settings
from hypothesis import strategies as st
from shapely.geometry import Polygon, box

from strategium.agents import placement_sampling as ps
from strategium.agents.setup import demo_battle
from strategium.engine.board import Location, Pose
from strategium.engine.placement import footprint
from strategium.engine.state import GameState
from tests.agents.games import heuristic_game


def test_a_formation_fills_the_grid_around_its_anchor() -> None:
    spots = ps.formation(box(0, 0, 10, 10), 5, 1.0, (5.0, 5.0))
    assert spots == [(5.0, 5.0), (5.0, 4.0), (4.0, 5.0), (6.0, 5.0), (5.0, 6.0)]


def test_a_formation_stays_in_one_connected_piece() -> None:
    two_rooms = box(0, 0, 3, 3).union(box(10, 0, 13, 3))
    spots = ps.formation(two_rooms, 9, 1.0, (1.5, 1.5))
    assert spots is not None and all(x < 3 for x, _ in spots)
    assert ps.formation(two_rooms, 10, 1.0, (1.5, 1.5)) is None  # 9 fit in a room; the 10th would be apart
    assert ps.formation(Polygon(), 1, 1.0, (0.0, 0.0)) is None


def test_translation_keeps_headings() -> None:
    moved = ps.translated({"a": Pose(1, 2, 90), "b": Pose(3, 4)}, 1.5, -2)
    assert moved == (("a", Pose(2.5, 0.0, 90)), ("b", Pose(4.5, 2.0, 0)))
    assert ps.heading_to((0, 0), (0, 5)) == 90.0 and math.isclose(ps.centroid(dict(moved))[0], 3.5)


def test_the_move_screen_refuses_impassable_ground_and_paths_through_it() -> None:
    game = demo_battle(3)
    screen = ps.MoveFilter(game.state, 1, set(), 0.63, 1.0)
    start = {"m": Pose(41.5, 10.0)}  # south of the Rock spire (40-43, 16-19)
    assert screen.plausible(start, (("m", Pose(41.5, 14.0)),), 7.0)
    assert not screen.plausible(start, (("m", Pose(41.5, 17.5)),), 7.0)  # ends inside the spire
    assert not screen.plausible(start, (("m", Pose(41.5, 21.0)),), 12.0)  # passes through it
    assert not screen.plausible(start, (("m", Pose(-1.0, 10.0)),), 43.0)  # off the table


def _slow_union(state: GameState, exclude: set[str], player: int | None, by: float) -> bytes:
    """The areas as first written: each footprint buffered on its own, then the union (WKB). With ``player``:
    its enemies grown by radius + ``by`` + CLEARANCE; else all but ``exclude`` grown by ``by`` from their edge."""
    parts = []
    for uid, status in state.units.items():
        if status.location is not Location.TABLE or uid in exclude or status.player == player:
            continue
        models = {m.id: m for m in state.unit(uid).models}
        for mid, pose in status.poses.items():
            fp = footprint(models[mid], pose)
            if player is not None:
                parts.append(fp.core.buffer(fp.radius + by + ps.CLEARANCE, quad_segs=4))
            else:
                parts.append(fp.core.buffer(fp.radius + by if fp.is_round else by, quad_segs=4))
    return bytes(shapely.union_all(np.array(parts, dtype=object)).wkb) if parts else bytes(Polygon().wkb)


def test_occupied_and_enemy_areas_are_exactly_those_buffered_one_by_one() -> None:
    for seed in (4, 6):
        state = heuristic_game(seed)[0].state
        units = [uid for uid, st in state.units.items() if st.location is Location.TABLE]
        assert any(not fp.is_round for fp in ps._footprints(state, lambda _u, _s: True))  # hulls are in it
        for exclude in (set(), set(units[:1]), set(units[::2])):
            for by in (0.0, 0.65, 1.27):
                fast = ps.occupied(state, exclude, by)
                assert fast.wkb == _slow_union(state, exclude, None, by)
                assert ps.occupied(state, set(exclude), by) is fast  # the same footprints: cached
        for player in (1, 2):
            for inches in (1.0, 1.65):
                assert ps.enemy_zone(state, player, inches).wkb == _slow_union(state, set(), player, inches)


def test_cached_shape_measures_agree_with_the_footprints() -> None:
    state = heuristic_game(4)[0].state
    models = [m for u in state.armies[0].units + state.armies[1].units for m in u.models]
    for m in models[:40]:
        for heading in (0.0, 30.0, 90.0):
            fp = footprint(m, Pose(0.0, 0.0, heading))
            coords = np.asarray(fp.polygon().exterior.coords)
            expect = fp.radius if fp.is_round else float(np.max(np.hypot(coords[:, 0], coords[:, 1])))
            assert ps.circumradius(m, heading) == expect
    outlines = ps._outlines(models, 0.0)
    assert len({(round(f.radius, 9), shapely.to_wkb(f.core)) for f in outlines}) == len(outlines)


def test_the_models_near_a_region_take_from_it_what_all_of_them_take() -> None:
    state = heuristic_game(6)[0].state
    table = state.battlefield.table
    centres = [p for st in state.units.values() if st.location is Location.TABLE for p in st.poses.values()]
    regions = [box(0, 0, table.width, table.depth)] + [box(p.x - 4, p.y - 3, p.x + 5, p.y + 6) for p in centres[::3]]
    xs, ys = np.meshgrid(np.linspace(0, table.width, 241), np.linspace(0, table.depth, 193))
    for region in regions:
        everyone = region.difference(ps.occupied(state, set(), 0.65))
        near = region.difference(ps.occupied(state, set(), 0.65, region.bounds))
        assert everyone.symmetric_difference(near).area < 1e-9
        assert np.array_equal(shapely.contains_xy(everyone, xs, ys), shapely.contains_xy(near, xs, ys))
    far = box(-30, -30, -20, -20)
    assert ps.occupied(state, set(), 0.65, far.bounds).is_empty


def _bits(x: float) -> bytes:
    return np.float64(x).tobytes()


def test_round4_is_pythons_round_bit_for_bit_on_halves_and_their_neighbours() -> None:
    halves = [n / 1e4 + 0.00005 for n in range(-20000, 20000, 7)] + [38.24735, -13.30375, 14.44325, 54.37875]
    values = halves + [float(np.nextafter(h, s)) for h in halves for s in (-1e9, 1e9)]
    values += [0.0, -0.0, -0.00001, 0.00005, -0.00005, 2.5e-5, 1e12, -1e15]
    got = ps.round4(np.array(values))
    assert [_bits(v) for v in got] == [_bits(round(v, 4)) for v in values]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.floats(min_value=-1e6, max_value=1e6, allow_nan=False), min_size=1, max_size=30))
def test_round4_agrees_with_round(values: list[float]) -> None:
    got = ps.round4(np.array(values).reshape(-1, 1))
    assert got.shape == (len(values), 1)
    assert [_bits(v) for v in got.ravel()] == [_bits(round(v, 4)) for v in values]


def test_table_circles_are_those_of_every_model_on_the_table() -> None:
    from dataclasses import replace

    from strategium.engine.placement import table_models

    def expected(state: GameState) -> list[tuple[float, float, float, int]]:
        out = []
        for uid, status in state.units.items():
            if status.location is not Location.TABLE:
                continue
            models = {m.id: m for m in state.unit(uid).models}
            for mid, pose in status.poses.items():
                out.append((pose.x, pose.y, ps.circumradius(models[mid], pose.heading), int(status.player)))
        return sorted(out)

    def got(state: GameState) -> list[tuple[float, float, float, int]]:
        xs, ys, rs, owners = ps._table_circles_of(table_models(state))
        return sorted(zip(xs.tolist(), ys.tolist(), rs.tolist(), owners.tolist(), strict=True))

    state = heuristic_game(6)[0].state
    kept = got(state)
    assert kept == expected(state)
    moved = next(uid for uid, s in state.units.items() if s.location is Location.TABLE and s.poses)
    mid, pose = next(iter(state.units[moved].poses.items()))
    state.units[moved].poses[mid] = replace(pose, x=pose.x + 0.5, heading=pose.heading + 10.0)
    again = got(state)  # a new snapshot: measured again
    assert again == expected(state)
    assert again != kept


def test_round4_keeps_the_values_that_are_not_numbers_and_empty_arrays() -> None:
    with np.errstate(invalid="ignore"):  # inf - inf on the way, as before
        got = ps.round4(np.array([[math.inf, -math.inf], [math.nan, 1.23456]]))
    assert got[0, 0] == math.inf and got[0, 1] == -math.inf and math.isnan(got[1, 0]) and got[1, 1] == 1.2346
    assert ps.round4(np.empty((2, 0, 3))).shape == (2, 0, 3)


_coord = st.floats(min_value=-80, max_value=80, allow_nan=False)


@settings(max_examples=100, deadline=None)
@given(st.integers(1, 4), st.integers(1, 5), st.integers(1, 6), st.data())
def test_path_distances_are_those_of_segment_distance_bit_for_bit(
    moves: int, models: int, points: int, data: st.DataObject
) -> None:
    def arr(*shape: int) -> np.ndarray:
        size = math.prod(shape)
        return np.array(data.draw(st.lists(_coord, min_size=size, max_size=size))).reshape(shape)

    bx, by, px, py = arr(models), arr(models), arr(points), arr(points)
    ax, ay = arr(moves, models), arr(moves, models)
    ax[0, 0], ay[0, 0] = bx[0], by[0]  # a model that does not move
    got = ps._path_distances(bx, by, ax, ay, px[None, :] - bx[:, None], py[None, :] - by[:, None], px, py)
    want = ps._segment_distance(np.tile(bx, moves), np.tile(by, moves), ax.ravel(), ay.ravel(), px, py)
    assert got.tobytes() == want.reshape(moves, models, points).tobytes()
