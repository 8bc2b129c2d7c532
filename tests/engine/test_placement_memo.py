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
