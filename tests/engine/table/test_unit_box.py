"""A unit's outer box (``engine/table/unit_box.py``): a model's reach square holds its footprint at any pose, the
reach is the footprint's farthest point, and the box follows the poses and the joined characters."""

from __future__ import annotations

import math

import numpy as np
import pytest
import shapely
from hypothesis import given, settings
from hypothesis import strategies as st

from strategium.army.army import Model
from strategium.battle.setup import BattleSetup, build_scenario
from strategium.engine.core.board import Pose
from strategium.engine.table.placement import footprint
from strategium.engine.table.unit_box import outer_box, reach, shape_reach
from strategium.geometry.bases import Base
from tests.engine.builders_combat import battle, place, squad

coord = st.floats(-40, 40, allow_nan=False)

DEMO_MODELS: list[Model] = [m for army in build_scenario(BattleSetup()).armies for u in army.units for m in u.models]
"""Every model of the demo battle's two armies (their bases and hulls)."""


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(DEMO_MODELS), coord, coord, st.floats(-360, 360))
def test_the_square_of_a_models_reach_contains_its_footprint(model: Model, x: float, y: float, heading: float) -> None:
    pose = Pose(x, y, heading)
    r = reach(model, pose)
    x0, y0, x1, y1 = footprint(model, pose).outer_bounds
    slack = 1e-9
    assert x - r <= x0 + slack and y - r <= y0 + slack and x1 <= x + r + slack and y1 <= y + r + slack


def test_outer_box_follows_the_poses_and_joined_characters() -> None:
    game = battle([squad("tac", 2), squad("cap", 1)], [squad("red", 1)])
    s = game.state
    place(game, s.unit("tac"), 10, 10)
    first = outer_box(game, "tac")
    assert first is not None and first[0] < 10 < first[2] and outer_box(game, "tac") == first
    place(game, s.unit("tac"), 20, 10)
    moved = outer_box(game, "tac")
    assert moved is not None and moved[0] == pytest.approx(first[0] + 10) and moved[1] == first[1]
    place(game, s.unit("cap"), 40, 30)
    assert outer_box(game, "tac") == moved
    s.units["cap"].joined_to = "tac"
    joined = outer_box(game, "tac")
    assert joined is not None and joined[2] > 40 and joined[3] > 30 and joined[0] == moved[0]


def test_shape_reach_exact_values() -> None:
    """A round base reaches its radius from its centre; a hull, half its diagonal (inches)."""
    assert shape_reach(Base(32.0)) == Base(32.0).radius
    assert shape_reach((6.0, 4.0)) == pytest.approx(math.hypot(3.0, 2.0), abs=1e-12)
    assert shape_reach(Base(60.0, 35.0)) >= 60.0 / 25.4 / 2 - 1e-12


@settings(max_examples=100, deadline=None)
@given(st.sampled_from(DEMO_MODELS), coord, coord, st.floats(-360, 360))
def test_reach_is_the_farthest_point_of_the_footprint_at_any_pose(model: Model, x: float, y: float, h: float) -> None:
    """The reach measured once per shape equals the farthest point of the footprint at this pose (to rounding)."""
    pose = Pose(x, y, h)
    fp = footprint(model, pose)
    coords = shapely.get_coordinates(fp.core)
    here = float(np.max(np.hypot(coords[:, 0] - x, coords[:, 1] - y))) + fp.radius
    assert reach(model, pose) == pytest.approx(here, abs=1e-9)
