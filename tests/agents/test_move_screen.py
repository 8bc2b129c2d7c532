"""The move screen's fast paths agree with the plain tests: every offset at once (``plausible_moves``) with one
at a time (``plausible``), and the paths' sure meetings with building every buffer."""

from __future__ import annotations

import math

import numpy as np
import shapely
from hypothesis import given, settings
from hypothesis import strategies as st
from shapely.geometry import box

from strategium.agents import placement_sampling as ps
from strategium.engine.board import Location
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
    assert ps._paths_meet(lines, width, area) == _buffered(lines, width, area)


def test_paths_just_outside_the_sure_band_are_still_buffered() -> None:
    area = box(0.0, 0.0, 10.0, 10.0)
    for gap in (0.0, 0.5, 0.89, 0.91, 0.93, 0.99, 1.0, 1.01):
        for angle in (0.0, 22.5, 45.0):  # the caps' vertices and edges
            ux, uy = math.cos(math.radians(angle)), math.sin(math.radians(angle))
            start = (10.0 + gap * ux, 10.0 + gap * uy)
            lines = shapely.linestrings(np.array([[start, (start[0] + 3 * ux, start[1] + 3 * uy)]]))
            assert ps._paths_meet(lines, 1.0, area) == _buffered(lines, 1.0, area)


def test_every_offset_at_once_as_one_at_a_time() -> None:
    state = heuristic_game(4)[0].state
    rng = np.random.default_rng(7)
    tested = 0
    for uid, status in state.units.items():
        if status.location is not Location.TABLE or not status.poses:
            continue
        poses = dict(status.poses)
        for keep_away, penalty in ((1.0, 0.0), (1.0, 2.0), (9.0, 2.0)):
            screen = ps.MoveFilter(state, status.player, {uid}, 0.63, keep_away, penalty)
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
    from strategium.engine.movement_common import party

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
    assert sorted(ps.part_boxes(two)) == [(0.0, 0.0, 1.0, 1.0), (5.0, 5.0, 6.0, 7.0)]
    assert ps.part_boxes(shapely.Polygon()) == ()
    assert ps.boxes_far((2.0, 2.0, 3.0, 3.0), [(0.0, 0.0, 1.0, 1.0)], 0.99)
    assert not ps.boxes_far((2.0, 2.0, 3.0, 3.0), [(0.0, 0.0, 1.0, 1.0)], 1.0)
    assert ps.boxes_far((2.0, 2.0, 3.0, 3.0), [], 100.0)
    state = heuristic_game(4)[0].state
    rng = np.random.default_rng(3)
    for radius, penalty in ((0.63, 2.0), (1.2, 0.0), (2.5, 2.0)):
        screen = ps.MoveFilter(state, 1, set(), radius, 1.0, penalty)
        width = radius * 0.98
        for _ in range(300):
            n = int(rng.integers(1, 6))
            bx, by = rng.uniform(0.0, 72.0, n), rng.uniform(0.0, 48.0, n)
            step = rng.uniform(-8.0, 8.0, 2)
            ax, ay = ps.round4(bx + step[0]), ps.round4(by + step[1])
            reach = float(rng.uniform(3.0, 12.0))
            ends = np.empty((n, 2, 2))
            ends[:, 0, 0], ends[:, 0, 1], ends[:, 1, 0], ends[:, 1, 1] = bx, by, ax, ay
            lines = shapely.linestrings(ends)
            long = np.hypot(ax - bx, ay - by) > reach - penalty
            want = not ps._paths_meet(lines, width, screen.walls) and not (
                penalty > 0 and bool(long.any()) and ps._paths_meet(lines[long], width, screen.difficult)
            )
            assert screen._paths_clear(bx, by, ax, ay, reach) == want
