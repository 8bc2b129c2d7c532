"""Squadron coherency: a unit of several Vehicles keeps ``movement.squadron_coherency`` (4" by default, the
7th-edition value; HH2's is not read, CORE_A §5.4) instead of the 2" of ``movement.coherency``."""

from __future__ import annotations

from typing import Any

import pytest

from strategium.army.army import ForceOrgSlot, Model, Unit
from strategium.engine.core.board import Pose
from strategium.engine.core.game import Game
from strategium.engine.movement.move import Move
from strategium.engine.table import table_checks
from strategium.geometry.measure import distance
from tests.engine.builders import line, rhino, unit
from tests.engine.moving import start

GAP = 3.0  # inches between the two hulls after the move: more than 2", less than 4"


def squadron(uid: str) -> Unit:
    hull = rhino("x", None).models[0]
    models = tuple(Model(f"{uid}.{i}", "Rhino", hull.profile) for i in (1, 2))
    return Unit(uid, "Rhino Squadron", ForceOrgSlot.HEAVY_SUPPORT, models)


def game_with(overrides: dict[str, Any] | None = None) -> Game:
    tanks, red = squadron("t1"), unit("r1")
    return start([tanks], [red], {"t1": line(tanks, 20, 5, dx=6.0), "r1": line(red, 10, 43)}, overrides=overrides)


def spread(game: Game) -> tuple[tuple[str, Pose], ...]:
    """The second hull moved sideways until GAP inches of table lie between the two hulls."""
    poses = game.state.units["t1"].poses
    first, second = poses["t1.1"], poses["t1.2"]
    unit_ = game.state.unit("t1")
    now = distance(*(fp for _, fp in table_checks.footprints([unit_], tuple(poses.items()))))
    return (("t1.1", first), ("t1.2", Pose(second.x + GAP - now, second.y, second.heading)))


def test_a_vehicle_squadron_keeps_4_inch_coherency() -> None:
    game = game_with()
    placed = table_checks.footprints([game.state.unit("t1")], spread(game))
    assert distance(placed[0][1], placed[1][1]) == pytest.approx(GAP)
    assert table_checks.coherency_distance(game.state, [game.state.unit("t1")]) == 4.0
    assert game.check(Move(1, "t1", spread(game))).legal


def test_squadron_coherency_setting_decides_a_3_inch_gap() -> None:
    game = game_with({"movement": {"squadron_coherency": 2.0}})
    verdict = game.check(Move(1, "t1", spread(game)))
    assert not verdict.legal
    assert [r.rule for r in verdict.reasons] == ["Unit coherency"]
    assert verdict.reasons[0].text.endswith(
        "a squadron: rules configuration `movement.squadron_coherency` = 2.0 (overridden)"
    )


def test_infantry_keep_the_2_inch_coherency_whatever_the_squadron_setting() -> None:
    game = game_with({"movement": {"squadron_coherency": 6.0}})
    assert table_checks.coherency_distance(game.state, [game.state.unit("r1")]) == 2.0
