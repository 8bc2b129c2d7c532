"""Leadership tests, Pinning (p.244) and what Pinned forbids; Characteristic modifiers (Blind p.236)."""

from __future__ import annotations

from strategium.catalogue.citations import Reason
from strategium.engine.core.actions import Choose, Deploy
from strategium.engine.core.effects import Duration, EffectKind, EndTrigger
from strategium.engine.core.game import Game
from strategium.engine.morale.leadership import leadership_test, pinning_test
from strategium.engine.questions.profiles_now import current
from strategium.engine.questions.queries import Query, ask
from tests.engine.builders import army, battlefield, line, to_deployment, unit


def battle(*blue: object) -> Game:
    """Player 1's units given, player 2 one Tactical Squad; all deployed; Game Turn 1 begins."""
    units = blue or (unit("a1"),)
    game = Game.new((army("A", *units), army("B", unit("b1"))), battlefield(), seed=5)  # type: ignore[arg-type]
    to_deployment(game)
    for i, u in enumerate(units):
        game.apply(Deploy(1, u.id, line(u, 5 + 15 * i, 5, dx=2.5)))  # type: ignore[attr-defined]
    game.apply(Deploy(2, "b1", line(game.state.unit("b1"), 10, 43)))
    game.apply(Choose(2, "decline"))
    return game


def test_leadership_test_passes_on_ld_or_less() -> None:
    game = battle()
    game.force_dice(3, 4)
    assert leadership_test(game, "a1", "test") is True  # 7 against Ld 7
    game.force_dice(4, 4)
    assert leadership_test(game, "a1", "test") is False  # 8
    game.force_dice(4, 4)
    assert leadership_test(game, "a1", "test", modifier=1) is True


def test_a_failed_pinning_test_pins_until_the_end_of_the_next_turn_or_a_forced_move() -> None:
    game = battle()
    game.force_dice(6, 5)
    assert pinning_test(game, "a1", "test weapon") is False
    [pinned] = game.effects_on("a1", EffectKind.PINNED)
    assert pinned.duration is Duration.UNTIL_END_OF_CONTROLLERS_NEXT_TURN
    for query in (Query.MAY_MOVE, Query.MAY_RUN, Query.MAY_CHARGE, Query.MAY_REACT, Query.FULL_BALLISTIC_SKILL):
        answer = ask(game, query, "a1")
        assert not answer and answer.blocks[0].id == "pinned" and answer.reasons[0].page == 244
    assert ask(game, Query.MAY_BE_PINNED, "a1").blocks[0].id == "already-pinned"
    game.trigger("a1", EndTrigger.FORCED_TO_MOVE)
    assert not game.effects_on("a1", EffectKind.PINNED) and ask(game, Query.MAY_MOVE, "a1")


def test_cavalry_cannot_be_pinned_and_fearless_units_pass() -> None:
    cavalry = unit("cav", unit_type="Cavalry (Light, Militia)", base=50)
    game = battle(cavalry, unit("dread", 1, unit_type="Dreadnought"))
    rolls_before = len(game.state.dice.log)
    assert pinning_test(game, "cav", "test") is True
    assert pinning_test(game, "dread", "test") is True  # Dreadnoughts are Fearless
    assert len(game.state.dice.log) == rolls_before  # no dice were rolled


def test_blind_sets_ws_and_bs_to_1_and_expires_by_effect() -> None:
    game = battle()
    model = game.state.unit("a1").models[0]
    game.add_effect(EffectKind.BLIND, "a1", Duration.UNTIL_END_OF_CONTROLLERS_NEXT_TURN, Reason.of("Blind", "test"))
    now = current(game, "a1", model)
    assert now is not None and (now.ws, now.bs, now.s) == (1, 1, 4)
