"""Bitter Duty (Liber Astartes / Liber Hereticus p.117), clause BD-1: a unit with the rule may be joined only by
a character that has it too, in the pre-game (``JoinUnit``) and by a move during the battle.

Hand-built armies (tests/engine/builders.py): Blue's Ogryn-like squad ``ogryns`` carries Bitter Duty; the
Independent Characters ``medic`` (with Bitter Duty) and ``officer`` (without) try to join it."""

from __future__ import annotations

from strategium.engine.core.actions import Choose, JoinUnit
from strategium.engine.core.board import Pose
from strategium.engine.core.game import Game
from strategium.engine.movement.move import Move
from tests.engine.builders import army, battlefield, line, unit
from tests.engine.moving import start

ROLLS_P1_WINS = (6, 1)
IC = ("Independent Character",)
CHARACTER = "Infantry (Character)"


def pregame(*units: object) -> Game:
    """The pre-game at player 1's Reserves declarations (player 1 won the roll-off and deploys first)."""
    game = Game.new(
        (army("Blue", *units), army("Red", unit("red-tac"))),  # type: ignore[arg-type]
        battlefield(),
        seed=1,
        forced_dice=ROLLS_P1_WINS,
    )
    game.apply(Choose(1, "first"))
    return game


def test_bitter_duty_refuses_a_character_without_it_in_the_pregame() -> None:
    game = pregame(unit("ogryns", rules=("Bitter Duty",)), unit("officer", 1, rules=IC, unit_type=CHARACTER))
    verdict = game.check(JoinUnit(1, "officer", "ogryns"))
    assert not verdict.legal
    assert [(r.rule, r.page, r.text) for r in verdict.reasons] == [
        ("Bitter Duty", 117, "BD-1: ogryns has Bitter Duty: officer, without it, may not join")
    ]
    assert game.state.units["officer"].joined_to is None


def test_bitter_duty_lets_a_character_with_it_join_in_the_pregame() -> None:
    medic = unit("medic", 1, rules=(*IC, "Bitter Duty"), unit_type=CHARACTER)
    game = pregame(unit("ogryns", rules=("Bitter Duty",)), medic)
    game.apply(JoinUnit(1, "medic", "ogryns"))
    assert game.state.units["medic"].joined_to == "ogryns"


def test_bitter_duty_does_not_stop_its_bearer_joining_a_unit_without_it() -> None:
    """The literal reading: the rule closes the Bitter Duty unit, not its bearer."""
    medic = unit("medic", 1, rules=(*IC, "Bitter Duty"), unit_type=CHARACTER)
    game = pregame(unit("tac"), medic)
    game.apply(JoinUnit(1, "medic", "tac"))
    assert game.state.units["medic"].joined_to == "tac"


def test_bitter_duty_refuses_a_join_by_a_move() -> None:
    ogryns = unit("ogryns", 2, rules=("Bitter Duty",))
    officer = unit("officer", 1, rules=IC, unit_type=CHARACTER)
    medic = unit("medic", 1, rules=(*IC, "Bitter Duty"), unit_type=CHARACTER)
    red = unit("r1", 1)
    places = {
        "ogryns": line(ogryns, 10, 5),
        "officer": (("officer.1", Pose(20, 5)),),
        "medic": (("medic.1", Pose(20, 7)),),
        "r1": line(red, 5, 43),
    }
    game = start([ogryns, officer, medic], [red], places)
    refused = game.check(Move(1, "officer", (("officer.1", Pose(13, 5)),), join="ogryns"))
    assert not refused.legal
    assert [(r.rule, r.text) for r in refused.reasons] == [
        ("Bitter Duty", "BD-1: ogryns has Bitter Duty: officer, without it, may not join")
    ]
    game.apply(Move(1, "medic", (("medic.1", Pose(13.5, 7)),), join="ogryns"))
    assert game.state.units["medic"].joined_to == "ogryns"
