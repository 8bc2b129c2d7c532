"""Who may not react (``Query.MAY_REACT`` blockers of :mod:`strategium.engine.reactions.windows`, registered when it is
imported): a unit not on the table, embarked (unless configured), or joined to another; a Falling Back unit; a
unit with an Artillery, Automata or Fortification model; then the place of the special rules that forbid Reactions
(:data:`RULES_THAT_FORBID_REACTIONS`: Slow and Purposeful, :mod:`strategium.rules.unit.slow_and_purposeful`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from strategium.army.army import Model, Unit
from strategium.catalogue.citations import Reason
from strategium.catalogue.definitions import Book
from strategium.combat.sources import configured, core
from strategium.engine.core.board import Location
from strategium.engine.core.effects import EffectKind
from strategium.engine.questions.queries import Block, Query, blocker, place
from strategium.model.unit_types import SubType, UnitType

if TYPE_CHECKING:
    from strategium.engine.core.game import Game

REACTIONS = "Reactions"  # the section cited, as reactions.REACTIONS


@blocker(Query.MAY_REACT)
def _not_on_table(game: Game, unit_id: str) -> Block | None:
    s = game.state
    status = s.units[unit_id]
    if status.location is Location.EMBARKED:
        if s.config.transports.embarked_may_react:
            return None
        return Block("embarked", configured(s.config, "transports.embarked_may_react", "the unit is embarked"))
    if status.location is not Location.TABLE:
        return Block("not-on-table", core(REACTIONS, f"the unit is {status.location.value}"))
    if status.joined_to is not None:
        return Block("joined", Reason.of("Independent Character", "a joined character reacts with its unit"))
    return None


@blocker(Query.MAY_REACT)
def _falling_back(game: Game, unit_id: str) -> Block | None:
    if game.effects_on(unit_id, EffectKind.FALLING_BACK):
        return Block("falling-back", core("Fall Back", "a Falling Back unit makes no Reactions (CORE_B §4.2)"))
    return None


@blocker(Query.MAY_REACT)
def _unit_types(game: Game, unit_id: str) -> Block | None:
    unit = game.state.unit(unit_id)
    if not _may_block(unit):
        return None  # whichever models stand, none keeps the unit from reacting
    status = game.state.units[unit_id]
    models = [m for m in unit.models if m.id in status.poses] or list(unit.models)
    for m in models:
        block = _model_block(m)
        if block is not None:
            return block
    return None


RULES_THAT_FORBID_REACTIONS = place(Query.MAY_REACT, "special rules that forbid Reactions")
"""Where the blockers of the special rules that forbid Reactions stand: after the Unit Types'."""


def _may_block(unit: Unit) -> bool:
    """Some model of the (immutable) unit keeps it from reacting when it stands; kept in its first model's memo
    with the unit it was worked out for."""
    if not unit.models:
        return False
    memo = unit.models[0].memo
    known: tuple[Unit, bool] | None = memo.get(_UNIT_BLOCKS)
    if known is None or known[0] is not unit:
        known = memo[_UNIT_BLOCKS] = (unit, any(_model_block(m) is not None for m in unit.models))
    return known[1]


_UNIT_BLOCKS = "reactions.unit_blocks"
"""The key of :func:`_may_block`'s answer in a unit's first model's :attr:`Model.memo`."""


def _model_block(model: Model) -> Block | None:
    """What of the (immutable) model keeps its unit from reacting: its unit type's block (Artillery, Automata,
    Fortification), or None. Kept in the model's memo."""
    memo = model.memo
    if _BLOCK not in memo:
        memo[_BLOCK] = _type_block(model)
    block: Block | None = memo[_BLOCK]
    return block


_BLOCK = "reactions.unit_type_block"
"""The key of :func:`_model_block` in a model's :attr:`Model.memo`."""


def _type_block(model: Model) -> Block | None:
    spec = model.profile.unit_type
    if spec.has(SubType.ARTILLERY):
        why = Reason.of("Artillery Sub-type", "a unit with an Artillery model makes no Reactions")
        return Block("artillery", why)
    if spec.unit_type is UnitType.AUTOMATA:
        return Block("automata", Reason.of("Automata Unit Type", "Automata make no Reactions"))
    if spec.unit_type in (UnitType.FORTIFICATION, UnitType.BUILDING):
        why = Reason("Fortification Unit Type", "Fortifications make no Reactions", 103, Book.LEGACIES_ASTARTES)
        return Block("fortification", why)
    return None
