"""The Reactions' screens (``rules/core/reaction_screens.py``): a model's reach square holds its footprint, and over
real battles a screen never rules out a unit the Reaction's own condition would let react (the box gap's own
tests are in ``tests/engine/table/test_box_gap.py``)."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from strategium.army.army import Model
from strategium.battle.run import play_battle
from strategium.battle.setup import BattleSetup, build_scenario
from strategium.engine.core.board import Pose
from strategium.engine.reactions import windows as reactions
from strategium.engine.table.placement import footprint
from strategium.rules.core.reaction_screens import reach

coord = st.floats(-40, 40, allow_nan=False)

DEMO_MODELS: list[Model] = [m for army in build_scenario(BattleSetup()).armies for u in army.units for m in u.models]


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(DEMO_MODELS), coord, coord, st.floats(-360, 360))
def test_the_square_of_a_models_reach_contains_its_footprint(model: Model, x: float, y: float, heading: float) -> None:
    pose = Pose(x, y, heading)
    r = reach(model, pose)
    x0, y0, x1, y1 = footprint(model, pose).outer_bounds
    slack = 1e-9
    assert x - r <= x0 + slack and y - r <= y0 + slack and x1 <= x + r + slack and y1 <= y + r + slack


@pytest.mark.parametrize("seed", [0, 3])
def test_a_screen_never_rules_out_a_unit_that_may_react(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    seen = {"out": 0, "in": 0}
    real = reactions._Window.passes_screen

    def checked(window: reactions._Window, definition: reactions.ReactionDef, unit_id: str, enemy_id: str) -> bool:
        passed = real(window, definition, unit_id, enemy_id)
        own = definition.eligible(window.game, unit_id, enemy_id, window.trigger)
        if not passed:
            assert own is not None, (definition.name, unit_id, enemy_id)
        seen["out" if not passed else "in"] += 1
        return passed

    monkeypatch.setattr(reactions._Window, "passes_screen", checked)
    play_battle(BattleSetup(players=("heuristic", "heuristic")), seed)
    assert seen["out"] > 0 and seen["in"] > 0


def test_outer_box_follows_the_poses_and_joined_characters() -> None:
    from strategium.rules.core.reaction_screens import outer_box
    from tests.engine.builders_combat import battle, place, squad

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


@settings(max_examples=60, deadline=None)
@given(st.floats(-6, 6), st.floats(-6, 6), st.floats(-180, 180))
def test_each_leg_makes_the_legs_of_a_move(dx: float, dy: float, turn: float) -> None:
    from strategium.engine.movement.move import legs
    from strategium.rules.core.reactions import each_leg
    from tests.engine.builders_combat import battle, place, squad

    game = battle([squad("tac", 3), squad("cap", 1)], [squad("red", 2)])
    s = game.state
    place(game, s.unit("tac"), 20, 20)
    place(game, s.unit("cap"), 20, 23)
    s.units["cap"].joined_to = "tac"
    units = [s.unit("tac"), s.unit("cap")]
    positions = tuple(
        (m.id, Pose(p.x + dx, p.y + dy, p.heading + turn))
        for u in units
        for m in u.models
        if (p := s.units[u.id].poses.get(m.id)) is not None
    )
    slow, fast = legs(game, units, positions), list(each_leg(game, units, positions))
    assert [(g.unit_id, g.model.id, g.before.key, g.after.key) for g in slow] == [
        (g.unit_id, g.model.id, g.before.key, g.after.key) for g in fast
    ]
    assert all(a.path.equals_exact(b.path, 0.0) for a, b in zip(slow, fast, strict=True))


def test_shape_reach_exact_values() -> None:
    """A round base reaches its radius from its centre; a hull, half its diagonal (inches)."""
    from strategium.geometry.bases import Base
    from strategium.rules.core.reaction_screens import shape_reach

    assert shape_reach(Base(32.0)) == Base(32.0).radius
    assert shape_reach((6.0, 4.0)) == pytest.approx(math.hypot(3.0, 2.0), abs=1e-12)
    assert shape_reach(Base(60.0, 35.0)) >= 60.0 / 25.4 / 2 - 1e-12


@settings(max_examples=100, deadline=None)
@given(st.sampled_from(DEMO_MODELS), coord, coord, st.floats(-360, 360))
def test_reach_is_the_farthest_point_of_the_footprint_at_any_pose(model: Model, x: float, y: float, h: float) -> None:
    """The reach measured once per shape equals the farthest point of the footprint at this pose (to rounding)."""
    import numpy as np
    import shapely

    pose = Pose(x, y, h)
    fp = footprint(model, pose)
    coords = shapely.get_coordinates(fp.core)
    here = float(np.max(np.hypot(coords[:, 0] - x, coords[:, 1] - y))) + fp.radius
    assert reach(model, pose) == pytest.approx(here, abs=1e-9)
