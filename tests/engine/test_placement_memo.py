"""A model's last footprint is kept in its memo: the same answers as building the footprint again."""

from __future__ import annotations

from strategium.engine.board import Pose
from strategium.engine.placement import _footprint, _shape_of, footprint
from tests.engine.builders_combat import squad


def test_the_last_footprint_is_reused_and_a_new_pose_gets_its_own() -> None:
    model = squad("m", 1).models[0]
    a = footprint(model, Pose(10.0, 20.0))
    assert footprint(model, Pose(10.0, 20.0)) is a  # an equal pose: the kept one
    b = footprint(model, Pose(11.0, 20.0, 45.0))
    assert b.key != a.key and b.centre == (11.0, 20.0)
    assert b.key == _footprint(_shape_of(model), 11.0, 20.0, 45.0).key
    assert footprint(model, Pose(10.0, 20.0)).key == a.key


def test_a_placed_unit_is_kept_while_its_poses_stay_the_same() -> None:
    from strategium.engine.board import Location, UnitStatus
    from strategium.engine.placement import placed_unit

    unit = squad("u", 3)
    poses = {m.id: Pose(10.0 + i, 20.0) for i, m in enumerate(unit.models)}
    status = UnitStatus(unit.id, 1, Location.TABLE, poses)
    first = placed_unit(unit, status)
    assert placed_unit(unit, UnitStatus(unit.id, 1, Location.TABLE, dict(poses))) is first
    moved = dict(poses)
    moved[unit.models[1].id] = Pose(30.0, 30.0)
    again = placed_unit(unit, UnitStatus(unit.id, 1, Location.TABLE, moved))
    assert again is not first and again.models[1].footprint.centre == (30.0, 30.0)
    assert placed_unit(unit, UnitStatus(unit.id, 2, Location.TABLE, moved)).player == 2
    fresh = placed_unit(unit, status, tuple(poses.items()))  # given poses: built, not kept
    assert [m.footprint.key for m in fresh.models] == [m.footprint.key for m in first.models]
