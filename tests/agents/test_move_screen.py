"""The move screen (agents/move_screen.py): it refuses what the engine would; its fast paths agree with the plain
tests: every offset at once (``plausible_moves``) with one at a time (``plausible``), and the paths' sure meetings
with building every buffer; rounding and distances bit for bit."""

from __future__ import annotations

import math

import numpy as np
import shapely
from hypothesis import given, settings
from hypothesis import strategies as st
from shapely.geometry import box

from strategium.agents import move_screen as ms
from strategium.agents import placement_sampling as ps
from strategium.agents.setup import demo_battle
from strategium.engine.core.board import Location, Pose
from strategium.engine.core.state import GameState
from tests.agents.games import heuristic_game

coord = st.floats(min_value=-5.0, max_value=30.0, allow_nan=False)


def _buffered(lines: np.ndarray, width: float, area: object) -> bool:
    return bool(np.any(shapely.intersects(shapely.buffer(lines, width, quad_segs=2), area)))


@settings(max_examples=400, deadline=None)
@given(
    st.lists(st.tuples(coord, coord, coord, coord), min_size=1, max_size=5),
    st.tuples(coord, coord, st.floats(0.1, 8.0), st.floats(0.1, 8.0)),
    st.floats(0.2, 2.0),
)
def test_paths_meet_as_their_buffers_do(
    segments: list[tuple[float, float, float, float]], rect: tuple[float, float, float, float], width: float
) -> None:
    x, y, w, h = rect
    area = box(x, y, x + w, y + h)
    lines = shapely.linestrings(np.array([[(a, b), (c, d)] for a, b, c, d in segments]))
    assert ms._paths_meet(lines, width, area) == _buffered(lines, width, area)


def test_paths_just_outside_the_sure_band_are_still_buffered() -> None:
    area = box(0.0, 0.0, 10.0, 10.0)
    for gap in (0.0, 0.5, 0.89, 0.91, 0.93, 0.99, 1.0, 1.01):
        for angle in (0.0, 22.5, 45.0):  # the caps' vertices and edges
            ux, uy = math.cos(math.radians(angle)), math.sin(math.radians(angle))
            start = (10.0 + gap * ux, 10.0 + gap * uy)
            lines = shapely.linestrings(np.array([[start, (start[0] + 3 * ux, start[1] + 3 * uy)]]))
            assert ms._paths_meet(lines, 1.0, area) == _buffered(lines, 1.0, area)


def test_every_offset_at_once_as_one_at_a_time() -> None:
    state = heuristic_game(4)[0].state
    rng = np.random.default_rng(7)
    tested = 0
    for uid, status in state.units.items():
        if status.location is not Location.TABLE or not status.poses:
            continue
        poses = dict(status.poses)
        for keep_away, penalty in ((1.0, 0.0), (1.0, 2.0), (9.0, 2.0)):
            screen = ms.MoveFilter(state, status.player, {uid}, 0.63, keep_away, penalty)
            reach = float(rng.uniform(3.0, 14.0))
            r = reach * np.sqrt(rng.random(23))
            a = rng.uniform(0.0, 2 * math.pi, 23)
            offsets = [(float(d * math.cos(t)), float(d * math.sin(t))) for d, t in zip(r, a, strict=True)]
            offsets += [(0.0, 0.0), (reach, 0.0)]
            one_by_one = [k for k, o in enumerate(offsets) if screen.plausible(poses, ps.translated(poses, *o), reach)]
            for chunk in (1, 5, 25):
                assert list(screen.plausible_moves(poses, offsets, reach, chunk)) == one_by_one
            tested += len(one_by_one)
    assert tested > 0, tested


def test_the_probe_radius_is_the_shapes() -> None:
    """``probe_radius`` (all the move screen needs) is the radius of the formation shape's probe."""
    from strategium.agents import proposals as pr
    from strategium.engine.movement.common import party

    game = heuristic_game(4)[0]
    units = [u for u in game.state.units_of(1) if game.state.units[u.id].location is Location.TABLE]
    assert units
    for unit in units:
        group = party(game.state, unit.id)
        assert pr.probe_radius(game, group) == pr.shape_of(game, group).probe.radius


def test_terrain_far_by_bounds_is_not_met() -> None:
    """The box screen of the paths' terrain test: a box far (by bounds) from every part never meets the area,
    and the screened test says what testing every path against the whole area says."""
    two = shapely.union_all([box(0, 0, 1, 1), box(5, 5, 6, 7)])
    assert sorted(ms.part_boxes(two)) == [(0.0, 0.0, 1.0, 1.0), (5.0, 5.0, 6.0, 7.0)]
    assert ms.part_boxes(shapely.Polygon()) == ()
    assert ms.boxes_far((2.0, 2.0, 3.0, 3.0), [(0.0, 0.0, 1.0, 1.0)], 0.99)
    assert not ms.boxes_far((2.0, 2.0, 3.0, 3.0), [(0.0, 0.0, 1.0, 1.0)], 1.0)
    assert ms.boxes_far((2.0, 2.0, 3.0, 3.0), [], 100.0)
    state = heuristic_game(4)[0].state
    rng = np.random.default_rng(3)
    for radius, penalty in ((0.63, 2.0), (1.2, 0.0), (2.5, 2.0)):
        screen = ms.MoveFilter(state, 1, set(), radius, 1.0, penalty)
        width = radius * 0.98
        for _ in range(300):
            n = int(rng.integers(1, 6))
            bx, by = rng.uniform(0.0, 72.0, n), rng.uniform(0.0, 48.0, n)
            step = rng.uniform(-8.0, 8.0, 2)
            ax, ay = ms.round4(bx + step[0]), ms.round4(by + step[1])
            reach = float(rng.uniform(3.0, 12.0))
            ends = np.empty((n, 2, 2))
            ends[:, 0, 0], ends[:, 0, 1], ends[:, 1, 0], ends[:, 1, 1] = bx, by, ax, ay
            lines = shapely.linestrings(ends)
            long = np.hypot(ax - bx, ay - by) > reach - penalty
            want = not ms._paths_meet(lines, width, screen.walls) and not (
                penalty > 0 and bool(long.any()) and ms._paths_meet(lines[long], width, screen.difficult)
            )
            assert screen._paths_clear(bx, by, ax, ay, reach) == want


def test_the_move_screen_refuses_impassable_ground_and_paths_through_it() -> None:
    game = demo_battle(3)
    screen = ms.MoveFilter(game.state, 1, set(), 0.63, 1.0)
    start = {"m": Pose(41.5, 10.0)}  # south of the Rock spire (40-43, 16-19)
    assert screen.plausible(start, (("m", Pose(41.5, 14.0)),), 7.0)
    assert not screen.plausible(start, (("m", Pose(41.5, 17.5)),), 7.0)  # ends inside the spire
    assert not screen.plausible(start, (("m", Pose(41.5, 21.0)),), 12.0)  # passes through it
    assert not screen.plausible(start, (("m", Pose(-1.0, 10.0)),), 43.0)  # off the table


def _bits(x: float) -> bytes:
    return np.float64(x).tobytes()


def test_round4_is_pythons_round_bit_for_bit_on_halves_and_their_neighbours() -> None:
    halves = [n / 1e4 + 0.00005 for n in range(-20000, 20000, 7)] + [38.24735, -13.30375, 14.44325, 54.37875]
    values = halves + [float(np.nextafter(h, s)) for h in halves for s in (-1e9, 1e9)]
    values += [0.0, -0.0, -0.00001, 0.00005, -0.00005, 2.5e-5, 1e12, -1e15]
    got = ms.round4(np.array(values))
    assert [_bits(v) for v in got] == [_bits(round(v, 4)) for v in values]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.floats(min_value=-1e6, max_value=1e6, allow_nan=False), min_size=1, max_size=30))
def test_round4_agrees_with_round(values: list[float]) -> None:
    got = ms.round4(np.array(values).reshape(-1, 1))
    assert got.shape == (len(values), 1)
    assert [_bits(v) for v in got.ravel()] == [_bits(round(v, 4)) for v in values]


def test_table_circles_are_those_of_every_model_on_the_table() -> None:
    from dataclasses import replace

    from strategium.engine.table.placement import table_models

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
        xs, ys, rs, owners = ms._table_circles_of(table_models(state))
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
        got = ms.round4(np.array([[math.inf, -math.inf], [math.nan, 1.23456]]))
    assert got[0, 0] == math.inf and got[0, 1] == -math.inf and math.isnan(got[1, 0]) and got[1, 1] == 1.2346
    assert ms.round4(np.empty((2, 0, 3))).shape == (2, 0, 3)


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
    got = ms._path_distances(bx, by, ax, ay, px[None, :] - bx[:, None], py[None, :] - by[:, None], px, py)
    want = ms.segment_distance(np.tile(bx, moves), np.tile(by, moves), ax.ravel(), ay.ravel(), px, py)
    assert got.tobytes() == want.reshape(moves, models, points).tobytes()


def test_table_circles_of_unchanged_units_are_kept_and_joined_in_order() -> None:
    from dataclasses import replace

    from strategium.engine.table.placement import table_models

    state = heuristic_game(6)[0].state
    first = ms._table_circles_of(table_models(state))
    rows = {uid: found[1] for uid, found in ms._CIRCLES[0][2].items()}
    moved = next(uid for uid, s in state.units.items() if s.location is Location.TABLE and s.poses)
    mid, pose = next(iter(state.units[moved].poses.items()))
    state.units[moved].poses[mid] = replace(pose, x=pose.x + 0.5)
    table = table_models(state)
    xs, ys, rs, owners = ms._table_circles_of(table)
    for uid, found in ms._CIRCLES[0][2].items():
        assert (found[1] is rows[uid]) == (uid != moved)
    assert xs.tolist() == [p.x for p in table.poses] and ys.tolist() == [p.y for p in table.poses]
    assert rs.tolist() == [ps.circumradius(m, p.heading) for m, p in zip(table.models, table.poses, strict=True)]
    assert owners.tolist() == [int(p) for p in table.players] and owners.dtype == first[3].dtype
    assert not xs.flags.writeable and not owners.flags.writeable
    assert sum(x != y for x, y in zip(xs.tolist(), first[0].tolist(), strict=True)) == 1
