"""Militia Cavalry Mount, clause MCM-1 (Legacies of the Age of Darkness: Imperialis Militia p.37).

Paraphrase: when a unit with models on this mount Runs, those models are Shrouded (5+) until their controlling
player's next turn begins. The engine gives the effect to each unit of the running party (the unit and any
Independent Character joined to it) that has a model with the mount, as a ``GRANTS_RULE`` effect carrying
``Shrouded (5+)`` with the Duration ``UNTIL_START_OF_CONTROLLERS_NEXT_TURN`` (RULINGS MIL-01: a Run in Game
Turn 2 protects the unit through the enemy's turn and ends as its controller's Game Turn 3 turn begins). The
attack pipeline reads granted rules from these effects. MCM-2 lives in :mod:`strategium.army.militia_cavalry_mount`.

The hook listens to :class:`strategium.engine.movement.move.UnitRan`, which the Run action and an arrival from
Reserves made as a Run emit.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from strategium.catalogue.citations import Reason
from strategium.catalogue.registry import RuleRef, find_rule
from strategium.engine.core.effects import Duration, EffectKind
from strategium.engine.core.hooks import on_event
from strategium.engine.movement.move import UnitRan

if TYPE_CHECKING:
    from strategium.engine.core.game import Game

RULE: Final = "Militia Cavalry Mount"
GRANTED: Final = "Shrouded (5+)"


def shrouded() -> RuleRef:
    """The rule the mount grants after a Run: Shrouded with X = 5."""
    ref = find_rule(GRANTED)
    assert isinstance(ref, RuleRef)
    return ref


@on_event(UnitRan)
def after_run(game: Game, event: UnitRan) -> None:
    """MCM-1: each running unit with a mounted model gains Shrouded (5+) until its controller's next turn."""
    for unit_id in event.unit_ids:
        unit = game.state.unit(unit_id)
        if not unit.any_model_has(RULE):
            continue
        game.add_effect(
            EffectKind.GRANTS_RULE,
            unit_id,
            Duration.UNTIL_START_OF_CONTROLLERS_NEXT_TURN,
            Reason.of(RULE, "MCM-1: it Ran, so it is Shrouded (5+) until the start of its controller's next turn"),
            rule=shrouded(),
        )
