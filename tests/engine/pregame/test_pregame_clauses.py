"""Infiltrate, Scout and Outflank clauses in the pre-game engine, each in an exact situation.

Table: tests/engine/builders.py (Dawn of War; a sight-blocking wall x 0-50, y 30-31; optional Bastion).
"""

from __future__ import annotations

from strategium.army.army import Unit
from strategium.engine.core.actions import (
    Choose,
    DeclareReserves,
    Deploy,
    EndStep,
    HoldToInfiltrate,
    Infiltrate,
    ScoutRedeploy,
)
from strategium.engine.core.board import Location, Pose, ReserveMode
from strategium.engine.core.effects import Duration, EffectKind
from strategium.engine.core.game import Game
from strategium.engine.core.pregame_track import PreGameStep
from strategium.rules.seed import outflank
from tests.engine.builders import army, battlefield, line, play, rhino, to_deployment, unit


def game_of(blue: tuple[Unit, ...], red: tuple[Unit, ...], forced: tuple[int, ...] = (6, 1), **kw: bool) -> Game:
    return Game.new((army("Blue", *blue), army("Red", *red)), battlefield(**kw), seed=7, forced_dice=forced)


def test_INF_2_both_sides_roll_off_and_alternate_one_unit_at_a_time() -> None:
    """RULINGS INF-08: Blue 2 infiltrators, Red 3; Blue wins the roll-off (5 v 2) and goes first: B, R, B, R, R."""
    blue = (unit("b-tac"), unit("b-inf1", rules=("Infiltrate",)), unit("b-inf2", rules=("Infiltrate",)))
    red = (unit("r-tac"), *(unit(f"r-inf{i}", rules=("Infiltrate",)) for i in (1, 2, 3)))
    game = game_of(blue, red)
    to_deployment(game)
    play(game, Deploy(1, "b-tac", line(game.state.unit("b-tac"), 5, 5)))
    play(game, HoldToInfiltrate(1, "b-inf1"), HoldToInfiltrate(1, "b-inf2"))
    play(game, Deploy(2, "r-tac", line(game.state.unit("r-tac"), 5, 44)))
    play(game, HoldToInfiltrate(2, "r-inf1"), HoldToInfiltrate(2, "r-inf2"))
    game.force_dice(5, 2)  # the Infiltrate roll-off, made as the last unit is held back: Blue 5, Red 2
    play(game, HoldToInfiltrate(2, "r-inf3"))
    assert game.state.pregame.step is PreGameStep.INFILTRATE
    assert game.pending is not None and game.pending.player == 1
    game.apply(Choose(1, "first"))
    order = []
    spots = {1: [(10, 20), (50, 20)], 2: [(10, 33), (30, 33), (62, 40)]}
    while game.state.pregame.step is PreGameStep.INFILTRATE:
        assert game.pending is not None
        player = game.pending.player
        uid = next(u.id for u in game.state.units_of(player, Location.HELD_FOR_INFILTRATE))
        x, y = spots[player].pop(0)
        game.apply(Infiltrate(player, uid, line(game.state.unit(uid), x, y)))
        order.append(player)
    assert order == [1, 2, 1, 2, 2]


def test_INF_4_inside_a_building_more_than_9_inches_away() -> None:
    """RULINGS INF-04: the Building must be more than 9" from every enemy unit; its occupants are unseen."""
    blue = (unit("b-tac"), unit("b-inf", rules=("Infiltrate",)))
    game = game_of(blue, (unit("r-tac"),), bastion=True)
    to_deployment(game)
    play(game, Deploy(1, "b-tac", line(game.state.unit("b-tac"), 5, 5)), HoldToInfiltrate(1, "b-inf"))
    # Bastion: x 56-62, y 17-23; Red stands in its zone, 13.87" away.
    play(game, Deploy(2, "r-tac", line(game.state.unit("r-tac"), 55, 37.5)))
    verdict = game.check(Infiltrate(1, "b-inf", building_id="Bastion"))
    assert verdict.legal and verdict.reasons[0].text.startswith("INF-4")
    game.apply(Infiltrate(1, "b-inf", building_id="Bastion"))
    status = game.state.units["b-inf"]
    assert (status.location, status.embarked_in) == (Location.EMBARKED, "Bastion")


def test_INF_4_a_building_within_9_inches_of_an_enemy_unit_is_refused() -> None:
    """RULINGS INF-04: Building at 8.87" from an enemy infiltrator: illegal even though the occupants are unseen."""
    blue = (unit("b-tac"), unit("b-inf", rules=("Infiltrate",)))
    red = (unit("r-tac"), unit("r-inf", rules=("Infiltrate",)))
    game = game_of(blue, red, bastion=True)
    to_deployment(game)
    play(game, Deploy(1, "b-tac", line(game.state.unit("b-tac"), 5, 5)), HoldToInfiltrate(1, "b-inf"))
    play(game, Deploy(2, "r-tac", line(game.state.unit("r-tac"), 5, 44)))
    game.force_dice(1, 6)  # Infiltrate roll-off: Red wins
    play(game, HoldToInfiltrate(2, "r-inf"), Choose(2, "first"))
    # The Bastion spans y 17-23; Red's infiltrators stand with their base edges 8.87" from it.
    play(game, Infiltrate(2, "r-inf", line(game.state.unit("r-inf"), 57, 23 + 8.87 + 0.63)))
    verdict = game.check(Infiltrate(1, "b-inf", building_id="Bastion"))
    assert not verdict.legal
    assert verdict.reasons[0].text == 'INF-4: Bastion must be more than 9" from every enemy unit'


def test_INF_6_a_dedicated_transport_infiltrates_under_the_same_limits() -> None:
    """RULINGS INF-05: the Rhino, not its passengers, is measured and seen."""
    blue = (unit("b-tac"), unit("b-inf", rules=("Infiltrate",)), rhino("b-rhino", "b-inf"))
    game = game_of(blue, (unit("r-tac"), unit("r-dev")))
    to_deployment(game)
    play(game, Deploy(1, "b-tac", line(game.state.unit("b-tac"), 5, 5)))
    play(game, HoldToInfiltrate(1, "b-inf", transport_id="b-rhino"))
    play(game, Deploy(2, "r-tac", line(game.state.unit("r-tac"), 20, 37.5)))
    play(game, Deploy(2, "r-dev", line(game.state.unit("r-dev"), 62, 44)))
    # East of the wall, seen by Red, about 10.5" from r-dev: illegal for the Rhino as for the unit.
    visible = (("b-rhino.1", Pose(65, 44 - 0.63 - 10.5 - 1.5)),)
    verdict = game.check(Infiltrate(1, "b-inf", visible))
    assert not verdict.legal and verdict.reasons[0].text.startswith("INF-5")
    hidden = (("b-rhino.1", Pose(20, 37.5 - 0.63 - 9.5 - 1.5)),)
    verdict = game.check(Infiltrate(1, "b-inf", hidden))
    assert verdict.legal
    assert [r.text[:5] for r in verdict.reasons] == ["INF-3", "INF-6"]
    game.apply(Infiltrate(1, "b-inf", hidden))
    s = game.state
    assert (s.units["b-rhino"].location, s.units["b-inf"].location) == (Location.TABLE, Location.EMBARKED)
    assert s.units["b-inf"].embarked_in == "b-rhino"


def scout_game(blue: tuple[Unit, ...], red: tuple[Unit, ...]) -> Game:
    game = game_of(blue, red, wall=False)
    to_deployment(game)
    return game


def test_SCT_5_and_SCT_7_a_scout_unit_in_its_transport_redeploys_only_with_it() -> None:
    """RULINGS SCT-03: the Rhino gains Scout (SCT-7), moves up to 12" as a Vehicle, nobody disembarks (SCT-5);
    both get the first-Game-Turn charge ban (SCT-4)."""
    blue = (unit("b-scouts", rules=("Scout",)), rhino("b-rhino", "b-scouts"))
    game = scout_game(blue, (unit("r-tac"),))
    play(game, Deploy(1, "b-rhino", (("b-rhino.1", Pose(30, 6)),)), Deploy(1, "b-scouts", embark_in="b-rhino"))
    play(game, Deploy(2, "r-tac", line(game.state.unit("r-tac"), 5, 44)))
    assert game.state.pregame.step is PreGameStep.SCOUT
    verdict = game.check(ScoutRedeploy(1, "b-scouts", line(game.state.unit("b-scouts"), 30, 10)))
    assert not verdict.legal and verdict.reasons[0].text.startswith("SCT-5")
    verdict = game.check(ScoutRedeploy(1, "b-rhino", (("b-rhino.1", Pose(30, 18)),)))
    assert verdict.legal and verdict.reasons[0].text.startswith("SCT-7")
    assert not game.check(ScoutRedeploy(1, "b-rhino", (("b-rhino.1", Pose(30, 18.5)),))).legal  # 12.5"
    game.apply(ScoutRedeploy(1, "b-rhino", (("b-rhino.1", Pose(30, 18)),)))
    for uid in ("b-rhino", "b-scouts"):
        assert [e.duration for e in game.effects_on(uid, EffectKind.CANNOT_CHARGE)] == [Duration.UNTIL_END_OF_GAME_TURN]
    assert game.state.units["b-scouts"].embarked_in == "b-rhino"


def test_SCT_8_a_transport_with_scout_keeps_it_with_a_unit_without_scout_inside() -> None:
    blue = (unit("b-tac"), rhino("b-rhino", "b-tac", rules=("Scout",)))
    game = scout_game(blue, (unit("r-tac"),))
    play(game, Deploy(1, "b-rhino", (("b-rhino.1", Pose(30, 6)),)), Deploy(1, "b-tac", embark_in="b-rhino"))
    play(game, Deploy(2, "r-tac", line(game.state.unit("r-tac"), 5, 44)))
    verdict = game.check(ScoutRedeploy(1, "b-rhino", (("b-rhino.1", Pose(30, 12)),)))
    assert verdict.legal and verdict.reasons[0].text.startswith("SCT-8")


def test_SCT_6_both_sides_alternate_and_a_side_may_stop() -> None:
    """RULINGS SCT-07: Blue 2 Scout units, Red 1; Red wins the roll-off and goes first: R, B, B."""
    blue = (unit("b-s1", rules=("Scout",)), unit("b-s2", rules=("Scout",)))
    red = (unit("r-s1", rules=("Scout",)),)
    game = game_of(blue, red, forced=(6, 1), wall=False)
    to_deployment(game)
    play(game, Deploy(1, "b-s1", line(game.state.unit("b-s1"), 5, 5)))
    play(game, Deploy(1, "b-s2", line(game.state.unit("b-s2"), 30, 5)))
    game.force_dice(1, 4)  # Scout roll-off: Red wins
    play(game, Deploy(2, "r-s1", line(game.state.unit("r-s1"), 5, 44)))
    assert game.pending is not None and game.pending.player == 2
    game.apply(Choose(2, "first"))
    order = []
    moves = {"b-s1": (5, 10), "b-s2": (30, 10), "r-s1": (5, 39)}
    while game.state.pregame.step is PreGameStep.SCOUT:
        assert game.pending is not None
        player = game.pending.player
        uid = next(u for u in moves if game.state.owner(u) == player and not game.state.units[u].scouted)
        x, y = moves[uid]
        game.apply(ScoutRedeploy(player, uid, line(game.state.unit(uid), x, y)))
        order.append(player)
    assert order == [2, 1, 1]


def test_SCT_9_and_OUT_1_scouts_in_reserves_may_flank_but_a_joined_character_without_it_may_not() -> None:
    """RULINGS OUT-01: a character without Scout or Outflank stops the unit joining a Flanking Assault (the
    default of the contested reading)."""
    from strategium.engine.core.actions import JoinUnit

    praetor = unit("praetor", 1, rules=("Independent Character",), unit_type="Infantry (Character)")
    blue = (unit("b-scouts", rules=("Scout",)), praetor, unit("b-tac"), unit("b-2"))
    game = game_of(blue, (unit("r-tac"),))
    game.apply(Choose(1, "first"))
    assert game.check(DeclareReserves(1, "b-scouts", ReserveMode.FLANKING_ASSAULT)).legal  # SCT-9
    game.apply(JoinUnit(1, "praetor", "b-scouts"))
    verdict = game.check(DeclareReserves(1, "b-scouts", ReserveMode.FLANKING_ASSAULT))
    assert not verdict.legal and "contested" in verdict.reasons[0].text


def test_OUT_2_a_rule_may_give_units_another_deployment_option() -> None:
    def rite(unit: Unit) -> tuple[ReserveMode, ...]:
        return (ReserveMode.FLANKING_ASSAULT,) if unit.id == "b-tac" else ()

    game = game_of((unit("b-tac"), unit("b-2")), (unit("r-tac"),))
    game.apply(Choose(1, "first"))
    assert not game.check(DeclareReserves(1, "b-tac", ReserveMode.FLANKING_ASSAULT)).legal
    outflank.register_deployment_option(rite)
    try:
        assert game.check(DeclareReserves(1, "b-tac", ReserveMode.FLANKING_ASSAULT)).legal
        assert not game.check(DeclareReserves(1, "b-2", ReserveMode.FLANKING_ASSAULT)).legal
    finally:
        outflank.unregister_deployment_option(rite)
    assert EndStep(1).player == 1
