"""The engine's callers (damage, fight, morale checks, transports) take a footprint's kept ``outer_bounds`` for
its broad-phase box: the very same numbers as ``broad_phase.box_of``."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from strategium.army.army import Model
from strategium.engine import broad_phase
from strategium.engine.board import Pose
from strategium.engine.placement import footprint
from tests.rules.test_reaction_screens import DEMO_MODELS

coord = st.floats(-40, 40, allow_nan=False)


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(DEMO_MODELS), coord, coord, st.floats(-360, 360))
def test_outer_bounds_is_the_broad_phase_box(model: Model, x: float, y: float, heading: float) -> None:
    fp = footprint(model, Pose(x, y, heading))
    assert fp.outer_bounds == broad_phase.box_of(fp)
