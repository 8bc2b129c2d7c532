"""Whether a Reaction move stops a unit counting as Stationary in its own next turn
(rules configuration ``movement.reaction_moves_count_as_moved``; default false).

The rulebook's Stationary wording (a unit that did not move in the preceding Movement phase of its own turn) leaves
open whether an Advance or Withdraw made in the opponent's turn counts (CORE_A §5.5, flagged). With the default a
Reaction move changes nothing: the engine's "moved this turn" facts are cleared at the start of every Player Turn.
With the setting true, each unit of a party that made a Reaction move gets an effect ("moved by a Reaction") until
the end of its controller's next turn, and in that turn of its own it does not count as Stationary for Heavy and
Ordnance weapons: the block has the id ``moved`` of the ordinary "it moved this turn" block, so what lifts that one
(Relentless, Dreadnought and Monstrous models) lifts this one too.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from strategium.army.army import Unit
from strategium.combat.sources import configured
from strategium.engine.core.effects import Duration, EffectKind
from strategium.engine.questions.queries import Block, Query, blocker

if TYPE_CHECKING:
    from strategium.engine.core.game import Game

SETTING = "movement.reaction_moves_count_as_moved"


def note_reaction_move(game: Game, units: Sequence[Unit], name: str) -> None:
    """After a Reaction move (``name``: "Advance", "Withdraw") of ``units``, when the setting says it counts,
    mark each unit as moved for its controller's next turn."""
    config = game.state.config
    if not config.movement.reaction_moves_count_as_moved:
        return
    why = configured(config, SETTING, f"the {name} Reaction move counts as moving in its next turn")
    for unit in units:
        game.add_effect(EffectKind.MOVED_BY_REACTION, unit.id, Duration.UNTIL_END_OF_CONTROLLERS_NEXT_TURN, why)


@blocker(Query.STATIONARY_FOR_HEAVY)
def _moved_by_reaction(game: Game, unit_id: str) -> Block | None:
    s = game.state
    if s.clock.active_player != s.owner(unit_id):
        return None  # only in the unit's own turn, after the opponent's turn in which it moved
    effects = game.effects_on(unit_id, EffectKind.MOVED_BY_REACTION)
    return Block("moved", effects[0].reason) if effects else None
