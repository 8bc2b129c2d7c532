"""Contested readings of Stupefied (Exemplary Battles vol.1 p.107), each a rules-configuration setting: declaring
a Stupefied unit Stupefied again (STU-1, STU-7: ``statuses.stupefied_reselect``) and Blind or Concussed gained
after it became Stupefied (STU-2: ``statuses.stupefied_ignores_later_blind_concussive``).

Red (player 2) shoots Blue's Emperor's Children (5 models, BS4) in Red's Shooting phase; every die missed."""

from __future__ import annotations

from strategium.catalogue.citations import Reason
from strategium.engine.core.actions import Choose
from strategium.engine.core.effects import Duration, EffectKind
from strategium.engine.core.game import Game
from strategium.engine.core.timing import Phase
from strategium.engine.questions.choices import BattleChoice
from strategium.engine.questions.profiles_now import current
from strategium.engine.shooting.declare import Shoot
from strategium.rules.seed.stupefied import BECOME, become_stupefied
from tests.engine.builders_combat import battle, place, squad, to_phase

EC = "Legiones Hereticus (Emperor's Children)"
RESELECT = "statuses.stupefied_reselect"
LATER = "statuses.stupefied_ignores_later_blind_concussive"


def said(event: object) -> str:
    """An event's text and the text of every reason it gives."""
    reasons = getattr(event, "reasons", ())
    return " ".join([event.text(), *(r.text for r in reasons)])  # type: ignore[attr-defined]


def red_shoots_stupefied_ec(reselect: str) -> Game:
    """Blue's EC squad already Stupefied in Red's Game Turn 1 turn; Red's bolters (3 shots) all miss."""
    ec, red = squad("ec", 5, rules=(EC,)), squad("red", 3)
    game = battle([ec], [red], overrides={"statuses": {"stupefied_reselect": reselect}})
    to_phase(game, Phase.SHOOTING, player=2)
    place(game, ec, 10, 20)
    place(game, red, 10, 34)
    become_stupefied(game, "ec")
    game.force_dice(1, 1, 1)
    game.apply(Shoot(2, "red", "ec"))
    return game


def test_STU_1_a_stupefied_unit_may_not_be_declared_stupefied_again_by_default() -> None:
    game = red_shoots_stupefied_ec("refused")
    assert not isinstance(game.pending, BattleChoice)
    [refusal] = [said(e) for e in game.state.events if "cannot become Stupefied" in e.text()]
    assert RESELECT in refusal and "already Stupefied" in refusal
    assert len(game.effects_on("ec", EffectKind.STUPEFIED)) == 1


def test_STU_7_declared_stupefied_again_restarts_its_duration_when_configured() -> None:
    """``restarts``: the choice is offered; the old status is replaced by one made now (one effect, a later id)."""
    game = red_shoots_stupefied_ec("restarts")
    [before] = game.effects_on("ec", EffectKind.STUPEFIED)
    assert isinstance(game.pending, BattleChoice) and game.pending.options[0] == BECOME
    game.apply(Choose(1, BECOME))
    [after] = game.effects_on("ec", EffectKind.STUPEFIED)
    assert after.id > before.id
    assert any("Stupefied again" in e.text() and RESELECT in said(e) for e in game.state.events)


def blind(game: Game) -> None:
    game.add_effect(EffectKind.BLIND, "ec", Duration.UNTIL_END_OF_CONTROLLERS_NEXT_TURN, Reason.of("Blind", "test"))


def stupefied_then_blind(ignore_later: bool) -> tuple[Game, int | None]:
    """Blue's EC squad becomes Stupefied, then is Blinded: its BS (4, or 1 when Blind applies)."""
    ec = squad("ec", 5, rules=(EC,))
    game = battle(
        [ec], [squad("red", 3)], overrides={"statuses": {"stupefied_ignores_later_blind_concussive": ignore_later}}
    )
    to_phase(game, Phase.SHOOTING, player=2)
    become_stupefied(game, "ec")
    blind(game)
    return game, getattr(current(game, "ec", ec.models[0]), "bs", None)


def test_STU_2_blind_gained_after_becoming_stupefied_applies_by_default() -> None:
    game, bs = stupefied_then_blind(False)
    assert bs == 1
    [ruling] = [said(e) for e in game.state.events if "Blind while Stupefied" in e.text()]
    assert LATER in ruling and "applies" in ruling


def test_STU_2_blind_gained_after_becoming_stupefied_is_ignored_when_configured() -> None:
    game, bs = stupefied_then_blind(True)
    assert bs == 4
    assert any("Blind while Stupefied" in e.text() and "is ignored" in said(e) for e in game.state.events)


def test_STU_2_blind_had_before_becoming_stupefied_is_ignored_under_either_setting() -> None:
    for ignore_later in (False, True):
        ec = squad("ec", 5, rules=(EC,))
        overrides: dict[str, object] = {"statuses": {"stupefied_ignores_later_blind_concussive": ignore_later}}
        game = battle([ec], [squad("red", 3)], overrides=overrides)
        to_phase(game, Phase.SHOOTING, player=2)
        blind(game)
        model = ec.models[0]
        assert getattr(current(game, "ec", model), "bs", None) == 1
        become_stupefied(game, "ec")
        assert getattr(current(game, "ec", model), "bs", None) == 4, ignore_later
