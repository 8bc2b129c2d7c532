"""Regions into formations: compact, connected, inside the region; the move screen."""

from __future__ import annotations

import math

from shapely.geometry import Polygon, box

from strategium.agents import placement_sampling as ps
from strategium.agents.setup import demo_battle
from strategium.engine.board import Pose


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
