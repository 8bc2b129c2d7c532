"""Jump Packs and Jet Packs (rulebook p.163; strategium.rules.wargear.packs): a unit with one cannot Run.

Table 72" x 48", Dawn of War; 32 mm bases; Legionaries M7.
"""

from __future__ import annotations

import pytest

from strategium.engine.core.game import Game
from strategium.engine.movement.move import Move, Run
from strategium.engine.questions.queries import Query, ask
from tests.engine.builders import line, unit
from tests.engine.movement.test_movement import shifted
from tests.engine.moving import start


def squads(rules: tuple[str, ...]) -> Game:
    a1, r1 = unit("a1", rules=rules), unit("r1")
    return start([a1], [r1], {"a1": line(a1, 10, 5), "r1": line(r1, 10, 43)})


@pytest.mark.parametrize("pack", ["Jump Pack", "Jet Pack"])
def test_a_unit_with_a_pack_cannot_run_but_moves(pack: str) -> None:
    game = squads((pack,))
    answer = ask(game, Query.MAY_RUN, "a1")
    assert [(b.id, b.reason.rule, b.reason.page, b.reason.text) for b in answer.blocks] == [
        ("packs", pack, 163, f"a unit with a {pack} cannot Run")
    ]
    assert not game.check(Run(1, "a1", shifted(game, "a1", 0, 3))).legal
    assert game.check(Move(1, "a1", shifted(game, "a1", 0, 3))).legal


def test_both_packs_name_the_jump_pack_and_slow_and_purposeful_comes_first() -> None:
    assert [b.reason.rule for b in ask(squads(("Jet Pack", "Jump Pack")), Query.MAY_RUN, "a1").blocks] == ["Jump Pack"]
    blocks = ask(squads(("Jump Pack", "Slow and Purposeful")), Query.MAY_RUN, "a1").blocks
    assert [b.id for b in blocks] == ["slow-and-purposeful", "packs"]


def test_a_unit_without_a_pack_may_run() -> None:
    assert ask(squads(()), Query.MAY_RUN, "a1").allowed
