"""INF-10 after deployment (contested): an Independent Character joining, by a move in Game Turn 1, a unit that
deployed by Infiltrate (``statuses.ic_may_join_infiltrated_unit_after_deployment``), and INF-7 for the unit it
joins. Table 72" x 48"; 32 mm bases (0.63" radius, touching at 1.26"); M7; coherency 2"."""

from __future__ import annotations

from strategium.engine.core.board import DeployedBy, Pose
from strategium.engine.core.effects import Duration, EffectKind
from strategium.engine.core.game import Game
from strategium.engine.movement.move import Move
from strategium.engine.questions.queries import Query, ask
from strategium.rules.seed import infiltrate
from tests.engine.builders import line, unit
from tests.engine.moving import start

LATE_JOIN = "statuses.ic_may_join_infiltrated_unit_after_deployment"
TO_RECON = (("praetor.1", Pose(10.5, 5)),)  # 5.5" from (5, 5); 0.24" from recon.1 at (12, 5)


def game_with(allowed: bool, praetor_rules: tuple[str, ...] = ()) -> Game:
    """Blue's Recon squad (Infiltrate) at (12, 5), marked as deployed by Infiltrate; a Praetor at (5, 5)."""
    recon = unit("recon", rules=("Infiltrate",))
    praetor = unit("praetor", 1, rules=("Independent Character", *praetor_rules), unit_type="Infantry (Character)")
    red = unit("red", 1)
    places = {"recon": line(recon, 12, 5), "praetor": (("praetor.1", Pose(5, 5)),), "red": line(red, 30, 43)}
    overrides = {"statuses": {"ic_may_join_infiltrated_unit_after_deployment": allowed}}
    game = start([recon, praetor], [red], places, overrides=overrides)
    game.state.units["recon"].deployed_by = DeployedBy.INFILTRATE
    return game


def said(event: object) -> str:
    reasons = getattr(event, "reasons", ())
    return " ".join([event.text(), *(r.text for r in reasons)])  # type: ignore[attr-defined]


def test_INF_10_a_character_without_infiltrate_may_join_an_infiltrated_unit_after_deployment_by_default() -> None:
    game = game_with(True)
    game.apply(Move(1, "praetor", TO_RECON, join="recon"))
    assert game.state.units["praetor"].joined_to == "recon"
    [ruling] = [said(e) for e in game.state.events if LATE_JOIN in said(e)]
    assert "praetor joins recon" in ruling and "during deployment only" in ruling


def test_INF_10_a_character_without_infiltrate_may_not_join_an_infiltrated_unit_when_configured() -> None:
    game = game_with(False)
    verdict = game.check(Move(1, "praetor", TO_RECON, join="recon"))
    assert not verdict.legal
    assert LATE_JOIN in verdict.reasons[0].text and "lacks Infiltrate" in verdict.reasons[0].text
    assert game.check(Move(1, "praetor", TO_RECON)).legal  # the move itself is fine


def test_INF_10_a_character_with_infiltrate_joins_an_infiltrated_unit_under_either_setting() -> None:
    for allowed in (True, False):
        game = game_with(allowed, ("Infiltrate",))
        assert game.check(Move(1, "praetor", TO_RECON, join="recon")).legal, allowed


def test_INF_7_an_infiltrated_character_that_joins_a_unit_keeps_its_first_turn_charge_ban() -> None:
    """The Praetor deployed by Infiltrate (its INF-7 ban made as the Infiltrate step makes it); it joins a unit
    that did not: the unit, which it now charges with, may not declare a Charge this turn."""
    tac = unit("tac")
    praetor = unit("praetor", 1, rules=("Independent Character", "Infiltrate"), unit_type="Infantry (Character)")
    red = unit("red", 1)
    places = {"tac": line(tac, 12, 5), "praetor": (("praetor.1", Pose(5, 5)),), "red": line(red, 30, 43)}
    game = start([tac, praetor], [red], places)
    game.state.units["praetor"].deployed_by = DeployedBy.INFILTRATE
    ban = infiltrate.reason("INF-7", "deployed by Infiltrate: no Charge in its first turn")
    game.add_effect(EffectKind.CANNOT_CHARGE, "praetor", Duration.UNTIL_END_OF_CONTROLLERS_NEXT_TURN, ban)
    assert ask(game, Query.MAY_CHARGE, "tac")
    game.apply(Move(1, "praetor", (("praetor.1", Pose(10.5, 5)),), join="tac"))
    answer = ask(game, Query.MAY_CHARGE, "tac")
    assert [b.id for b in answer.blocks] == ["cannot-charge"]
    assert answer.reasons[0].text.startswith("praetor, joined to the unit: INF-7")
