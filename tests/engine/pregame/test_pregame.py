"""The pre-game sequence: deployment roll-off, Reserves, deployment, Infiltrate, Scout, Seize the Initiative.

Exact situations on a hand-built table (tests/engine/builders.py): Dawn of War, a sight-blocking wall along
y 30-31 from x 0 to 50. Player 1 deploys south, player 2 north.
"""

from __future__ import annotations

import pytest

from strategium.engine.core.actions import (
    Choose,
    DeclareReserves,
    Deploy,
    EndStep,
    HoldToInfiltrate,
    IllegalActionError,
    Infiltrate,
    JoinUnit,
    ScoutRedeploy,
)
from strategium.engine.core.board import Location, Pose, ReserveMode
from strategium.engine.core.effects import Duration, EffectKind
from strategium.engine.core.game import Game
from strategium.engine.core.pregame_track import PreGameStep
from strategium.engine.core.timing import Phase
from strategium.engine.table.placement import footprint
from strategium.geometry.measure import min_distance
from tests.engine.builders import army, battlefield, line, play, rhino, to_deployment, unit

ROLLS_P1_WINS = (6, 1)


def blue_red(**kw: object) -> tuple:
    blue = army("Blue", unit("tac"), unit("recon", rules=("Infiltrate", "Scout")), rhino("rhino", "recon"))
    red = army("Red", unit("red-tac"), unit("red-dev"))
    return blue, red


def new(forced: tuple[int, ...] = ROLLS_P1_WINS, **kw: object) -> Game:
    return Game.new(blue_red(), battlefield(**kw), seed=1, forced_dice=forced)  # type: ignore[arg-type]


def gap(game: Game, placement: tuple, enemy_id: str) -> float:
    """The distance from a proposed placement to an enemy unit on the table."""
    s = game.state
    mine = [footprint(m, pose) for mid, pose in placement for u in s.armies[0].units for m in u.models if m.id == mid]
    theirs = [footprint(m, s.units[enemy_id].poses[m.id]) for m in s.unit(enemy_id).models]
    return min_distance(mine, theirs)


def test_roll_off_winner_chooses_who_deploys_first() -> None:
    game = new(forced=(2, 5))
    assert game.pending is not None and game.pending.player == 2 and game.pending.options == ("first", "second")
    game.apply(Choose(2, "second"))
    assert game.state.pregame.first_deployer == 1
    assert game.state.pregame.step is PreGameStep.RESERVES
    assert game.pending.player == 1


def deploy_red(game: Game) -> None:
    play(game, Deploy(2, "red-tac", line(game.state.unit("red-tac"), 20, 37.5)))
    play(game, Deploy(2, "red-dev", line(game.state.unit("red-dev"), 62, 44)))


def infiltrate_setup() -> Game:
    """Player 1 deploys the Tactical Squad and the Rhino and holds the Recon Squad back; player 2 deploys."""
    game = new()
    to_deployment(game)
    play(game, Deploy(1, "tac", line(game.state.unit("tac"), 5, 5)), Deploy(1, "rhino", (("rhino.1", Pose(30, 6)),)))
    play(game, HoldToInfiltrate(1, "recon"))
    deploy_red(game)
    return game


def test_INF_1_held_back_units_are_placed_after_all_others_without_a_roll_off_if_only_one_side() -> None:
    game = infiltrate_setup()
    s = game.state
    assert s.pregame.step is PreGameStep.INFILTRATE
    assert s.units["recon"].location is Location.HELD_FOR_INFILTRATE
    assert [u for u in ("red-tac", "red-dev", "tac", "rhino") if s.units[u].location is not Location.TABLE] == []
    assert game.pending is not None and game.pending.player == 1
    assert len(s.dice.log) == 2  # only the deployment roll-off: no Infiltrate roll-off with one side (INF-2)


@pytest.mark.parametrize(("edge_gap", "legal"), [(10.0, True), (9.001, True), (9.0, False), (8.9, False)])
def test_INF_3_hidden_placement_needs_more_than_9_inches(edge_gap: float, legal: bool) -> None:
    """RULINGS INF-01: hidden behind the wall, more than 9" away is enough; exactly 9" is not."""
    game = infiltrate_setup()
    radius = 32 / 25.4 / 2
    y = 37.5 - 2 * radius - edge_gap
    placement = line(game.state.unit("recon"), 20, y)
    assert gap(game, placement, "red-tac") == pytest.approx(edge_gap)
    verdict = game.check(Infiltrate(1, "recon", placement))
    assert verdict.legal is legal
    assert verdict.reasons[0].text.startswith("INF-3" if legal else "INF-3: must be more than 9")


@pytest.mark.parametrize(("edge_gap", "legal"), [(11.0, False), (12.0, False), (12.1, True)])
def test_INF_5_in_plain_sight_needs_more_than_12_inches(edge_gap: float, legal: bool) -> None:
    """RULINGS INF-02: east of the wall, red-dev can see the unit, so it must be more than 12" away."""
    game = infiltrate_setup()
    radius = 32 / 25.4 / 2
    y = 44 - 2 * radius - edge_gap
    placement = line(game.state.unit("recon"), 62, y)
    assert gap(game, placement, "red-dev") == pytest.approx(edge_gap)
    verdict = game.check(Infiltrate(1, "recon", placement))
    assert verdict.legal is legal
    if legal:
        assert verdict.reasons[0].text.startswith("INF-5")
    else:  # the unit that sees it need not be the closest one (RULINGS INF-02)
        assert verdict.reasons[0].text.startswith("INF-5: seen by red-tac, red-dev, so it must be more than 12")


def test_INF_7_infiltrators_may_not_charge_in_their_first_turn() -> None:
    game = infiltrate_setup()
    game.apply(Infiltrate(1, "recon", line(game.state.unit("recon"), 5, 20)))
    bans = game.effects_on("recon", EffectKind.CANNOT_CHARGE)
    assert [(e.duration, e.reason.text[:5]) for e in bans] == [(Duration.UNTIL_END_OF_CONTROLLERS_NEXT_TURN, "INF-7")]


def test_scout_redeploy_within_6_inches_and_more_than_9_from_the_enemy() -> None:
    """SCT-2/SCT-3 after INF-9 (the unit infiltrated, then Scouts); RULINGS SCT-01."""
    game = infiltrate_setup()
    game.apply(Infiltrate(1, "recon", line(game.state.unit("recon"), 5, 20)))
    s = game.state
    assert s.pregame.step is PreGameStep.SCOUT
    assert game.pending is not None and game.pending.player == 1
    too_far = line(s.unit("recon"), 5, 26.5)  # 6.5" north
    verdict = game.check(ScoutRedeploy(1, "recon", too_far))
    assert not verdict.legal and verdict.reasons[0].text.startswith("SCT-2")
    ok = line(s.unit("recon"), 5, 26.0)
    assert game.check(ScoutRedeploy(1, "recon", ok)).legal
    game.apply(ScoutRedeploy(1, "recon", ok))
    bans = [e.duration for e in game.effects_on("recon", EffectKind.CANNOT_CHARGE)]
    assert bans == [Duration.UNTIL_END_OF_CONTROLLERS_NEXT_TURN, Duration.UNTIL_END_OF_GAME_TURN]
    # Scouting done: the first turn is decided and player 2 may try to seize.
    assert s.pregame.step is PreGameStep.SEIZE
    assert game.pending is not None and game.pending.player == 2 and game.pending.options == ("seize", "decline")


def test_seize_the_initiative_on_a_6_and_the_battle_begins() -> None:
    game = infiltrate_setup()
    game.apply(Infiltrate(1, "recon", line(game.state.unit("recon"), 5, 20)))
    game.apply(EndStep(1))  # no Scout redeployment
    game.state.dice.force(6)
    game.apply(Choose(2, "seize"))
    s = game.state
    assert s.first_player == 2
    assert (s.clock.phase, s.clock.game_turn, s.clock.active_player) == (Phase.MOVEMENT, 1, 2)


def test_deployment_outside_the_zone_is_illegal_and_changes_nothing() -> None:
    game = new()
    to_deployment(game)
    before = game.state.snapshot()
    with pytest.raises(IllegalActionError, match="deployment zone"):
        game.apply(Deploy(1, "tac", line(game.state.unit("tac"), 5, 12)))
    assert game.state == before


def test_reserves_and_flanking_assault() -> None:
    """INF-8: a unit of Infiltrators kept in Reserves gains Outflank and may join a Flanking Assault;
    OUT-1: a unit without Outflank may not."""
    game = new()
    to_deployment(game, before=(DeclareReserves(1, "recon", ReserveMode.FLANKING_ASSAULT),))
    assert game.state.units["recon"].location is Location.RESERVES
    # OUT-1: its Dedicated Transport has no Outflank, so it does not join the Flanking Assault (it is deployed)
    assert game.state.units["rhino"].location is Location.UNDEPLOYED
    assert any("Rhino does not join the Flanking Assault" in e.text() for e in game.state.events)
    game2 = new()
    game2.apply(Choose(1, "first"))
    verdict = game2.check(DeclareReserves(1, "tac", ReserveMode.FLANKING_ASSAULT))
    assert not verdict.legal and verdict.reasons[0].text.startswith("OUT-1")


def test_character_without_infiltrate_may_not_infiltrate_with_the_unit() -> None:
    """INF-10 (RULINGS INF-13 A)."""
    blue = army(
        "Blue",
        unit("tac"),
        unit("recon", rules=("Infiltrate",)),
        unit("praetor", 1, rules=("Independent Character",), unit_type="Infantry (Character)"),
    )
    game = Game.new((blue, army("Red", unit("red-tac"))), battlefield(), seed=1, forced_dice=ROLLS_P1_WINS)
    game.apply(Choose(1, "first"))
    game.apply(JoinUnit(1, "praetor", "recon"))
    verdict = game.check(HoldToInfiltrate(1, "recon"))
    assert not verdict.legal and verdict.reasons[0].text.startswith("INF-10")
