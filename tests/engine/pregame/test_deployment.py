"""Deploying inside Transports, and what goes into Reserves with a unit (CORE_A §1.4, §5.10; Scout p.246;
Outflank p.244).

Table 72" x 48", Dawn of War (player 1 south, y < 12). The Rhino's hull is 4.6" x 3.5"; Transport Capacity 12.
"""

from __future__ import annotations

from typing import Any

from strategium.config import parse_overrides
from strategium.engine.core.actions import DeclareReserves, Deploy, EndStep, ScoutRedeploy
from strategium.engine.core.board import Location, Pose, ReserveMode
from strategium.engine.core.game import Game
from strategium.engine.core.pregame_track import PreGameStep
from tests.engine.builders import army, battlefield, line, rhino, to_deployment, unit


def game_with(overrides: dict[str, Any] | None = None, *, scouts: bool = False) -> Game:
    """Blue: squad "tac" (5), its Dedicated Rhino "dt", squad "other" (5, Scout if ``scouts``), and a Heavy
    Support Rhino "lr" (no unit's Dedicated Transport). Red: one squad. Blue deploys first."""
    blue = army(
        "Blue",
        unit("tac"),
        rhino("dt", "tac"),
        unit("other", rules=("Scout",) if scouts else ()),
        rhino("lr", None),
    )
    config = parse_overrides(overrides or {})
    game = Game.new((blue, army("Red", unit("red"))), battlefield(wall=False), config, seed=1)
    to_deployment(game, first=1)
    game.apply(Deploy(1, "dt", (("dt.1", Pose(20, 6)),)))
    game.apply(Deploy(1, "lr", (("lr.1", Pose(40, 6)),)))
    return game


def test_any_unit_may_deploy_inside_a_transport_that_is_no_units_dedicated_transport() -> None:
    game = game_with()
    verdict = game.check(Deploy(1, "other", (), "lr"))
    assert verdict.legal, verdict.reasons
    game.apply(Deploy(1, "other", (), "lr"))
    assert (game.state.units["other"].location, game.state.units["other"].embarked_in) == (Location.EMBARKED, "lr")


def test_a_dedicated_transport_carries_only_its_own_unit_at_deployment_by_default() -> None:
    game = game_with()
    verdict = game.check(Deploy(1, "other", (), "dt"))
    assert not verdict.legal
    assert "deployment.transports_carry_only_own_unit" in verdict.reasons[0].text
    assert "Dedicated Transport of tac" in verdict.reasons[0].text
    assert game.check(Deploy(1, "tac", (), "dt")).legal


def test_a_dedicated_transport_takes_another_unit_when_the_switch_is_off() -> None:
    game = game_with({"deployment": {"transports_carry_only_own_unit": False}})
    assert game.check(Deploy(1, "other", (), "dt")).legal


def test_deploying_inside_a_transport_counts_its_capacity_by_the_transport_rules() -> None:
    """Capacity 12 (the Rhino's): 5 + 5 fit in the Heavy Support Rhino, and a third squad of 5 would not."""
    game = game_with()
    game.apply(Deploy(1, "other", (), "lr"))
    assert game.check(Deploy(1, "tac", (), "lr")).legal  # 10 of 12 seats
    bigger = unit("big", 8)
    blue = army("Blue", bigger, rhino("lr", None))
    game2 = Game.new((blue, army("Red", unit("red"))), battlefield(wall=False), seed=1)
    to_deployment(game2, first=1)
    game2.apply(Deploy(1, "lr", (("lr.1", Pose(40, 6)),)))
    assert game2.check(Deploy(1, "big", (), "lr")).legal
    overfull = army("Blue", unit("huge", 13), rhino("lr", None))
    game3 = Game.new((overfull, army("Red", unit("red"))), battlefield(wall=False), seed=1)
    to_deployment(game3, first=1)
    game3.apply(Deploy(1, "lr", (("lr.1", Pose(40, 6)),)))
    verdict = game3.check(Deploy(1, "huge", (), "lr"))
    assert not verdict.legal and "room for 12 more (needs 13)" in verdict.reasons[0].text


def test_SCT_7_only_a_dedicated_transport_gains_scout_from_its_passengers() -> None:
    """A Scout squad inside a Heavy Support Rhino gives it nothing: neither may redeploy (SCT-5: no disembarking);
    inside its Dedicated Transport it would (SCT-7, tests/scenarios/SCT-7_*)."""
    game = game_with(scouts=True)
    game.apply(Deploy(1, "other", (), "lr"))
    game.apply(Deploy(1, "tac", (), "dt"))
    game.apply(Deploy(2, "red", line(game.state.unit("red"), 10, 43)))
    for _ in range(10):
        if game.state.pregame.step is not PreGameStep.DEPLOY:
            break
        assert game.pending is not None
        game.apply(EndStep(game.pending.player))
    from strategium.rules.seed.scout_step import eligible, scout_clause

    assert scout_clause(game.state, game.state.unit("lr")) is None
    assert eligible(game.state, 1) == []
    assert not game.check(ScoutRedeploy(1, "lr", (("lr.1", Pose(40, 10)),))).legal


def test_a_dedicated_transport_without_outflank_stays_out_of_a_flanking_assault() -> None:
    """OUT-1: the Rhino has no Outflank; with Outflank it goes with its squad (one group)."""
    for rules, where in (((), Location.UNDEPLOYED), (("Outflank",), Location.RESERVES)):
        blue = army("Blue", unit("o1", rules=("Outflank",)), rhino("dt", "o1", rules=rules))
        config = parse_overrides({"reserves": {"max_fraction": None}})
        game = Game.new((blue, army("Red", unit("red"))), battlefield(wall=False), config, seed=1)
        to_deployment(game, first=1, before=(DeclareReserves(1, "o1", ReserveMode.FLANKING_ASSAULT),))
        assert game.state.units["o1"].location is Location.RESERVES
        assert game.state.units["dt"].location is where
        reserved = game.state.units["dt"].reserve_mode
        assert reserved is (ReserveMode.FLANKING_ASSAULT if where is Location.RESERVES else None)
