"""Declared unit rules in the Fight sub-phase: Hatred (X) (rulebook p.240, HAT-1) re-rolls failed To Hit rolls in
the first round of a combat, read per unit: it made a successful Charge this Player Turn, or an enemy unit's
successful Charge locked it. Forced dice, exact results."""

from __future__ import annotations

from strategium.engine.assault.charges import ChargeMove, DeclareCharge
from strategium.engine.assault.fight import FightCombat, MeleeAttacksResolved
from strategium.engine.assault.fighter import first_round
from strategium.engine.core.actions import EndStep
from strategium.engine.core.board import Pose
from strategium.engine.core.events import DiceRolled
from strategium.engine.core.game import Game
from strategium.engine.core.timing import Phase, SubPhase
from strategium.model.characteristics import Characteristics
from tests.engine.builders_assault import TOUCH, assault_game, at, place, squad, to_charge

HATER = Characteristics(7, 4, 4, 4, 4, 1, 4, 3, 7, 3)
"""WS4, I4, three Attacks (four on the charge)."""
TOUGH = Characteristics(7, 4, 4, 4, 4, 5, 1, 1, 7, 3)
"""WS4, five Wounds, Initiative 1, one Attack."""


def charged(rules: tuple[str, ...]) -> Game:
    game = assault_game([squad("a", chars=HATER, rules=rules)], [squad("b", chars=TOUGH)])
    place(game, "a", (("a.1", Pose(20, 20)),))
    place(game, "b", (("b.1", Pose(20, 25)),))
    to_charge(game)
    game.force_dice(3, 3)
    game.apply(DeclareCharge(1, "a", ("b",)))
    game.apply(ChargeMove(1, "a", (("a.1", Pose(20, 25 - TOUCH)),)))
    game.apply(EndStep(1))
    return game


def fight(game: Game, player: int) -> list[MeleeAttacksResolved]:
    return [e for e in game.apply(FightCombat(player, "a")) if isinstance(e, MeleeAttacksResolved)]


def test_hatred_rerolls_misses_in_the_first_round_and_not_in_the_next() -> None:
    game = charged(("Hatred (Everything)",))
    assert first_round(game, "a") and first_round(game, "b")  # a charged, b was charged by an enemy unit
    # a: four attacks 4+: 1, 2, 5, 6; the 1 and 2 re-rolled: 4, 3 -> three hits; To Wound 1, 1, 1. b: misses (1).
    game.force_dice(1, 2, 5, 6, 4, 3, 1, 1, 1, 1)
    a, b = fight(game, 1)
    assert (a.unit_id, a.summary) == ("a", "4 attacks, 3 hits, 0 wounds, 0 unsaved, 0 mitigated, 0 removed")
    assert any(r.rule == "Hatred" and r.text.startswith("HAT-1: ") and r.page == 240 for r in a.why)
    assert b.unit_id == "b"
    # Red's turn: the combat goes on, nobody charged this Player Turn: a later round, no re-roll
    at(game, 2, Phase.ASSAULT, SubPhase.FIGHT)
    assert not first_round(game, "a") and not first_round(game, "b")
    game.force_dice(1, 2, 5, 1, 1, 1)  # a: three attacks: 5 hits; To Wound 1. b: misses
    events = game.apply(FightCombat(2, "a"))
    a, b = (e for e in events if isinstance(e, MeleeAttacksResolved))
    assert a.summary == "3 attacks, 1 hits, 0 wounds, 0 unsaved, 0 mitigated, 0 removed"
    assert not any(r.rule == "Hatred" for r in a.why)
    assert not any("re-roll" in e.roll.reason for e in events if isinstance(e, DiceRolled))


def test_hatred_of_a_foe_it_cannot_read_rerolls_nothing() -> None:
    game = charged(("Hatred (Space Wolves)",))
    game.force_dice(1, 2, 5, 6, 1, 1, 1)
    a, _ = fight(game, 1)
    assert a.summary.startswith("4 attacks, 2 hits")
    assert [r.text[:18] for r in a.why if r.rule == "Hatred"] == ["HAT-1 not applied:"]
