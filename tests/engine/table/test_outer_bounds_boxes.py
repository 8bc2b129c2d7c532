"""Broad phases of the engine: callers (damage, fight, morale checks, transports) take a footprint's kept
``outer_bounds`` for its box (the very same numbers as ``broad_phase.box_of``); the Charge and Surge Moves skip the
exact tests the boxes decide."""

from __future__ import annotations

import math

from hypothesis import given, settings
from hypothesis import strategies as st

from strategium.army.army import Model
from strategium.engine.core.board import Pose
from strategium.engine.table import broad_phase, table_checks
from strategium.engine.table.box_gap import SLACK, box_gap
from strategium.engine.table.placement import footprint
from strategium.geometry.measure import EPSILON, Footprint, distance, more_than
from tests.engine.table.test_box_gap import footprints
from tests.engine.table.test_unit_box import DEMO_MODELS

coord = st.floats(-40, 40, allow_nan=False)


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(DEMO_MODELS), coord, coord, st.floats(-360, 360))
def test_outer_bounds_is_the_broad_phase_box(model: Model, x: float, y: float, heading: float) -> None:
    fp = footprint(model, Pose(x, y, heading))
    assert fp.outer_bounds == broad_phase.box_of(fp)


@settings(max_examples=400, deadline=None)
@given(footprints(), footprints(), st.floats(0, 6))
def test_a_box_gap_beyond_the_gap_means_more_than_the_gap(a: Footprint, b: Footprint, gap: float) -> None:
    if box_gap(a.outer_bounds, b.outer_bounds) > gap + EPSILON + SLACK:
        assert more_than(distance(a, b), gap)


@settings(max_examples=400, deadline=None)
@given(footprints(), footprints())
def test_boxes_that_do_not_meet_hold_footprints_that_do_not_overlap(a: Footprint, b: Footprint) -> None:
    if not broad_phase.meet(a.outer_bounds, b.outer_bounds):
        assert not table_checks.overlaps(a, b)


box_side = st.floats(0.2, 6)


@settings(max_examples=300, deadline=None)
@given(
    coord, coord, st.floats(0, 2 * math.pi), st.floats(0.05, 18), box_side, box_side,
    st.lists(st.tuples(coord, coord, box_side, box_side), max_size=12),
    st.lists(st.tuples(coord, coord, box_side, box_side), max_size=3),
)  # fmt: skip
def test_fall_back_step_meets_are_the_scalar_tests(
    x: float,
    y: float,
    angle: float,
    inches: float,
    w: float,
    h: float,
    others: list[tuple[float, float, float, float]],
    walls: list[tuple[float, float, float, float]],
) -> None:
    from shapely.geometry import box as rectangle
    from shapely.ops import unary_union

    from strategium.engine.morale.fall_back_paths import FALL_BACK_STEP, Obstacles, shifted, step_meets

    start = Pose(x, y)
    direction = (math.cos(angle), math.sin(angle))
    first = (x - w / 2, y - h / 2, x + w / 2, y + h / 2)
    boxes = [(ox, oy, ox + ow, oy + oh) for ox, oy, ow, oh in others]
    wall = unary_union([rectangle(wx, wy, wx + ww, wy + wh) for wx, wy, ww, wh in walls]) if walls else None
    wall_boxes = broad_phase.parts_of(wall) if wall is not None else ()
    obstacles = Obstacles(broad_phase.Boxed.of([]), wall, wall_boxes, (-30.0, -20.0, 30.0, 20.0))
    steps = int(inches / FALL_BACK_STEP)
    meets, clear = step_meets(start, first, direction, inches, steps, boxes, obstacles)
    assert meets.shape == (steps, len(boxes)) and clear.shape == (steps,)
    for k in range(1, steps + 1):
        pose = shifted(start, direction, min(inches, k * FALL_BACK_STEP))
        box = broad_phase.shifted(first, pose.x - start.x, pose.y - start.y)
        met = [broad_phase.meet(b, box) for b in boxes]
        assert [bool(v) for v in meets[k - 1]] == met
        inside = broad_phase.inside(box, obstacles.table)
        walled = wall is not None and any(broad_phase.meet(box, b) for b in wall_boxes)
        assert bool(clear[k - 1]) == (inside and not walled and not any(met))
