"""The Resolution sub-phase: combat result, the loser's Morale check at minus the difference, Sweeping Advance."""

from __future__ import annotations

from strategium.engine.assault.charges import ChargeMove, DeclareCharge, is_locked
from strategium.engine.assault.fight import FightCombat
from strategium.engine.assault.resolution import CombatResult, SweepingAdvance
from strategium.engine.core.actions import EndStep
from strategium.engine.core.board import Location, Pose
from strategium.engine.core.game import Game
from tests.engine.builders_assault import TOUCH, assault_game, place, squad, to_charge


def fought(rules: tuple[str, ...] = ()) -> Game:
    """a (1 marine) charges b (3 marines) and kills one; b's three attacks miss."""
    game = assault_game([squad("a")], [squad("b", 3, rules=rules)])
    place(game, "a", (("a.1", Pose(20, 20)),))
    place(game, "b", tuple((f"b.{i + 1}", Pose(20 + i * TOUCH, 25)) for i in range(3)))
    to_charge(game)
    game.force_dice(3, 3)
    game.apply(DeclareCharge(1, "a", ("b",)))
    game.apply(ChargeMove(1, "a", (("a.1", Pose(20, 25 - TOUCH)),)))
    game.apply(EndStep(1))
    game.force_dice(6, 6, 6, 6, 1, 6, 1, 1, 1)
    game.apply(FightCombat(1, "a"))
    return game


def test_the_loser_fails_its_morale_check_and_is_caught_by_the_sweeping_advance() -> None:
    game = fought()
    game.force_dice(6, 6, 4, 3)  # Ld 7 - 1: 12 fails; sweep 4 + 4 against 3 + 4
    events = game.apply(EndStep(1))
    result = next(e for e in events if isinstance(e, CombatResult))
    assert result.scores == ((1, 1), (2, 0)) and result.winner == 1
    sweep = next(e for e in events if isinstance(e, SweepingAdvance))
    assert (sweep.winners, sweep.loser, sweep.caught) == (8, 7, True)
    assert game.state.units["b"].location is Location.DESTROYED
    assert not is_locked(game, "a")


def test_a_fearless_loser_holds_and_stays_locked() -> None:
    game = fought(("Fearless",))
    events = game.apply(EndStep(1))
    assert not any(isinstance(e, SweepingAdvance) for e in events)
    assert is_locked(game, "a") and is_locked(game, "b")
