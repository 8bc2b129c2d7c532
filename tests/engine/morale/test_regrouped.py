"""A unit that Regrouped this turn (Age of Darkness rulebook p.193, Regroup; CORE_B §6.3): by default it may not
declare a Charge (``morale.regrouped_may_charge``) and its move that Movement phase is the Regroup move, at most
``morale.regroup_move`` inches, with no Run. Forced dice and exact positions (tests/engine/builders_combat.py)."""

from __future__ import annotations

from strategium.catalogue.citations import Reason
from strategium.engine.assault.charges import DeclareCharge
from strategium.engine.core.effects import EffectKind
from strategium.engine.core.game import Game
from strategium.engine.core.timing import Phase, SubPhase
from strategium.engine.morale.checks import fall_back
from strategium.engine.morale.regrouped import Regrouped
from strategium.engine.movement.move import Move, Run
from strategium.engine.questions.queries import Query, ask
from tests.engine.builders import line
from tests.engine.builders_assault import at
from tests.engine.builders_combat import battle, place, squad, to_turn

WHY = Reason("Morale checks", "test")


def regrouped(overrides: dict[str, object] | None = None) -> Game:
    """Blue's ``tac`` (5 legionaries, y 30) Falls Back 2" in Game Turn 1 and Regroups (6 against Ld 7) as Game Turn
    2's Movement phase begins; Red's ``red`` stands 6" north of it."""
    game = battle([squad("tac", 5)], [squad("red", 2)], overrides=overrides)
    place(game, game.state.unit("tac"), 10, 30)
    game.force_dice(1, 1)  # Fall Back 2" south
    fall_back(game, "tac", WHY)
    game.force_dice(3, 3)  # the Regroup test: 6 against Ld 7 passes
    to_turn(game, 2, 1, Phase.MOVEMENT)
    place(game, game.state.unit("red"), 10, 34)
    return game


def test_a_unit_that_passes_its_regroup_test_regroups_and_is_marked_for_the_turn() -> None:
    game = regrouped()
    assert [e.unit_id for e in game.state.events if isinstance(e, Regrouped)] == ["tac"]
    assert not game.effects_on("tac", EffectKind.FALLING_BACK)
    assert game.effects_on("tac", EffectKind.REGROUPED)
    at(game, 2, Phase.MOVEMENT, SubPhase.RESERVES)  # the end of Blue's turn ends it
    assert not game.effects_on("tac", EffectKind.REGROUPED)


def test_regrouped_unit_may_not_charge() -> None:
    game = regrouped()
    at(game, 1, Phase.ASSAULT, SubPhase.CHARGE)
    assert [b.id for b in ask(game, Query.MAY_CHARGE, "tac").blocks] == ["regrouped"]
    verdict = game.check(DeclareCharge(1, "tac", ("red",)))
    assert not verdict.legal
    [why] = verdict.reasons
    assert why.rule == "morale.regrouped_may_charge"
    assert why.text.startswith("a unit that Regrouped this turn may not declare a Charge")


def test_regrouped_unit_may_charge_when_the_setting_allows_it() -> None:
    game = regrouped({"morale": {"regrouped_may_charge": True}})
    at(game, 1, Phase.ASSAULT, SubPhase.CHARGE)
    assert ask(game, Query.MAY_CHARGE, "tac").allowed
    assert game.check(DeclareCharge(1, "tac", ("red",))).legal


def test_the_regroup_move_is_at_most_3_inches_and_no_run() -> None:
    game = regrouped()
    at(game, 1, Phase.MOVEMENT, SubPhase.MOVE)
    tac = game.state.unit("tac")
    start = min(p.y for p in game.state.units["tac"].poses.values())
    four = game.check(Move(1, "tac", line(tac, 10, start - 4, dx=1.5)))
    assert not four.legal and any("may move at most 3" in r.text for r in four.reasons)
    assert game.check(Move(1, "tac", line(tac, 10, start - 3, dx=1.5))).legal
    assert [b.id for b in ask(game, Query.MAY_RUN, "tac").blocks] == ["regrouped"]
    assert not game.check(Run(1, "tac", line(tac, 10, start - 3, dx=1.5))).legal


def test_a_longer_regroup_move_set_in_the_configuration_allows_a_longer_move() -> None:
    game = regrouped({"morale": {"regroup_move": 5.0}})
    at(game, 1, Phase.MOVEMENT, SubPhase.MOVE)
    tac = game.state.unit("tac")
    start = min(p.y for p in game.state.units["tac"].poses.values())
    assert game.check(Move(1, "tac", line(tac, 10, start - 4, dx=1.5))).legal
    assert not game.check(Move(1, "tac", line(tac, 10, start - 6, dx=1.5))).legal
