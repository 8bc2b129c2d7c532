"""Slow and Purposeful (rulebook p.247; strategium.rules.unit.slow_and_purposeful): no Run, no Reactions, no Sweeping
Advance, each a blocker at its query, cited.

Table 72" x 48", Dawn of War; 32 mm bases (radius 0.63"); Legionaries M7 I4 Ld 7.
"""

from __future__ import annotations

import subprocess
import sys

from strategium.engine.assault.charges import ChargeMove, DeclareCharge
from strategium.engine.assault.fight import FightCombat
from strategium.engine.assault.resolution import SweepingAdvance, may_sweep
from strategium.engine.core.actions import EndStep
from strategium.engine.core.board import Pose
from strategium.engine.core.effects import EffectKind
from strategium.engine.core.game import Game
from strategium.engine.movement.move import Move, Run
from strategium.engine.questions.queries import Query, ask
from tests.engine.builders import line, unit
from tests.engine.builders_assault import TOUCH, assault_game, place, squad, to_charge
from tests.engine.movement.test_movement import shifted
from tests.engine.moving import start

RULE = "Slow and Purposeful"


def squads(blue_type: str = "Infantry (Line)", rules: tuple[str, ...] = (RULE,)) -> Game:
    a1, r1 = unit("a1", unit_type=blue_type, rules=rules), unit("r1")
    return start([a1], [r1], {"a1": line(a1, 10, 5), "r1": line(r1, 10, 43)})


def test_a_slow_and_purposeful_unit_cannot_run_but_moves() -> None:
    game = squads()
    answer = ask(game, Query.MAY_RUN, "a1")
    assert [(b.id, b.reason.rule, b.reason.page) for b in answer.blocks] == [("slow-and-purposeful", RULE, 247)]
    verdict = game.check(Run(1, "a1", shifted(game, "a1", 0, 3)))
    assert not verdict.legal and verdict.reasons[0].text == "the unit cannot Run"
    assert game.check(Move(1, "a1", shifted(game, "a1", 0, 3))).legal


def test_its_block_stands_after_the_sub_types_and_before_the_vehicles() -> None:
    """A Heavy Slow and Purposeful unit: the Heavy block first, then Slow and Purposeful (registration order)."""
    game = squads("Infantry (Heavy)")
    assert [b.id for b in ask(game, Query.MAY_RUN, "a1").blocks] == ["sub-type-heavy", "slow-and-purposeful"]


def test_the_may_run_blockers_keep_their_order() -> None:
    """In a fresh process (a test session imports the modules in another order), as a battle registers them."""
    code = (
        "import strategium.rules\n"
        "from strategium.engine.questions.queries import _BLOCKERS, Query\n"
        "print(' '.join(f'{f.__module__}.{f.__name__}' for f in _BLOCKERS[Query.MAY_RUN]))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    move = "strategium.engine.movement.move."
    assert out[:6] == [
        f"{move}_heavy_or_artillery", f"{move}_close_order", "strategium.rules.unit.slow_and_purposeful._no_run",
        "strategium.rules.wargear.packs._no_run", f"{move}_vehicles", f"{move}_guardian",
    ]  # fmt: skip


def test_a_slow_and_purposeful_unit_makes_no_reactions_and_an_artillery_one_lists_both_blocks() -> None:
    game = squads()
    answer = ask(game, Query.MAY_REACT, "a1")
    assert [(b.id, b.reason.rule, b.reason.page) for b in answer.blocks] == [("slow-and-purposeful", RULE, 247)]
    assert answer.reasons[0].text == "the unit makes no Reactions"
    guns = squads("Infantry (Artillery)")
    assert [b.id for b in ask(guns, Query.MAY_REACT, "a1").blocks] == ["artillery", "slow-and-purposeful"]
    assert ask(squads(rules=()), Query.MAY_REACT, "a1").allowed


def fought(rules: tuple[str, ...]) -> Game:
    """a (1 Legionary with ``rules``) charges b (3 Legionaries) and kills one; b's three attacks miss."""
    game = assault_game([squad("a", rules=rules)], [squad("b", 3)])
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


def test_a_slow_and_purposeful_winner_makes_no_sweeping_advance() -> None:
    """b loses by 1: Morale check 6 + 6 = 12 against Ld 6 fails; a may not sweep, so no sweep roll: b Falls Back
    (2D6 3 + 3 = 6")."""
    game = fought((RULE,))
    assert not may_sweep(game, "a")
    answer = ask(game, Query.MAY_SWEEP, "a")
    assert [(b.id, b.reason.rule, b.reason.page) for b in answer.blocks] == [("slow-and-purposeful", RULE, 247)]
    game.force_dice(6, 6, 3, 3)
    events = game.apply(EndStep(1))
    assert not any(isinstance(e, SweepingAdvance) for e in events)
    assert game.effects_on("b", EffectKind.FALLING_BACK)


def test_without_the_rule_the_same_winner_sweeps() -> None:
    game = fought(())
    assert may_sweep(game, "a") and ask(game, Query.MAY_SWEEP, "a").allowed
    game.force_dice(6, 6, 4, 3)  # Morale 12 fails; sweep 4 + 4 against 3 + 4
    sweep = next(e for e in game.apply(EndStep(1)) if isinstance(e, SweepingAdvance))
    assert (sweep.winners, sweep.loser, sweep.caught) == (8, 7, True)
