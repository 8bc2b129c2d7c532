"""``movement.reaction_moves_count_as_moved``: whether an Advance made in the opponent's turn stops the unit
counting as Stationary (Heavy and Ordnance weapons) in its own next turn. Default false: it still counts."""

from __future__ import annotations

from strategium.engine.core.actions import Choose
from strategium.engine.core.game import Game
from strategium.engine.core.timing import Phase, SubPhase
from strategium.engine.movement.move import Move
from strategium.engine.questions.queries import Query, ask
from tests.engine.builders import line, unit
from tests.engine.builders_combat import place
from tests.engine.moving import start, to_step


def advanced(counts_as_moved: bool) -> Game:
    """Blue's squad a moves to 11" of Red's squad r, which Advances (a Reaction) in Blue's Movement phase."""
    a, r = unit("a"), unit("r")
    overrides = {"reactions": {"allotment": 1}, "movement": {"reaction_moves_count_as_moved": counts_as_moved}}
    game = start([a], [r], {"a": line(a, 10, 5), "r": line(r, 10, 43)}, overrides=overrides)
    place(game, r, 10, 22)
    game.apply(Move(1, "a", line(a, 10, 11)))
    game.apply(Choose(2, "Advance with r (a)"))
    assert {round(p.y, 6) for p in game.state.units["r"].poses.values()} == {18.0}  # it did move
    return game


def test_by_default_a_reaction_move_leaves_the_unit_stationary_in_its_next_turn() -> None:
    game = advanced(counts_as_moved=False)
    to_step(game, 2, Phase.SHOOTING, SubPhase.NONE)
    verdict = ask(game, Query.STATIONARY_FOR_HEAVY, "r")
    assert verdict.allowed and not verdict.blocks


def test_a_reaction_move_counts_as_moved_in_the_units_next_turn_when_so_configured() -> None:
    game = advanced(counts_as_moved=True)
    assert ask(game, Query.STATIONARY_FOR_HEAVY, "r").allowed  # the rest of Blue's turn: not its own turn
    to_step(game, 2, Phase.SHOOTING, SubPhase.NONE)
    verdict = ask(game, Query.STATIONARY_FOR_HEAVY, "r")
    assert not verdict.allowed
    assert [b.id for b in verdict.blocks] == ["moved"]
    assert verdict.blocks[0].reason.text == (
        "the Advance Reaction move counts as moving in its next turn; rules configuration "
        "`movement.reaction_moves_count_as_moved` = true (overridden)"
    )
    to_step(game, 1, Phase.SHOOTING, SubPhase.NONE, game_turn=2)
    to_step(game, 2, Phase.SHOOTING, SubPhase.NONE, game_turn=2)
    assert ask(game, Query.STATIONARY_FOR_HEAVY, "r").allowed  # it ended with that turn of Red's
