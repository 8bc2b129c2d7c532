"""Who fires in a unit's Shooting Attack: the unit's models and its joined Independent Characters'.

An Independent Character joined to a unit "counts as part of the unit for all rules purposes" (rulebook p.241), so
it fires in the unit's Shooting Attack (and makes none of its own: ``Query.MAY_SHOOT`` blocks it, "joined"). Each
model is planned with its own unit's id, so its Characteristics now and its own rules (Relentless) are its own.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from strategium.army.army import Model
from strategium.catalogue.citations import Reason
from strategium.engine.questions.queries import Query, ask
from strategium.engine.table.placement import placed_unit
from strategium.geometry.pieces import PlacedModel, PlacedUnit

if TYPE_CHECKING:
    from strategium.engine.core.game import Game


def shooters(game: Game, unit_id: str, placed: PlacedUnit) -> tuple[list[tuple[str, Model]], list[PlacedModel]]:
    """The models that may fire in ``unit_id``'s Shooting Attack, each with the id of its own unit, and where they
    stand: the unit's models on the table (``placed``, the unit as :func:`placed_unit` gives it), then those of
    the Independent Characters joined to it, which belong to the unit while joined and so fire in its attack
    (Independent Character, rulebook p.241)."""
    s = game.state
    status = s.units[unit_id]
    mine = {pm.name: pm for pm in placed.models}  # each model with a pose (by id), as the geometry sees it
    shooters = [(unit_id, model) for model in s.unit(unit_id).models if model.id in status.poses]
    placed_shooters = [mine[model.id] for _, model in shooters]
    for character in s.characters_joined_to(unit_id):
        theirs = s.units[character.id]
        where = {pm.name: pm for pm in placed_unit(character, theirs).models}
        for model in character.models:
            if model.id in where:
                shooters.append((character.id, model))
                placed_shooters.append(where[model.id])
    return shooters, placed_shooters


def member_flags(
    game: Game, unit_id: str, snap_shots: bool, snap_all: bool, stationary: bool
) -> dict[str, tuple[bool, bool, tuple[Reason, ...], tuple[Reason, ...]]]:
    """Per member of the unit (its id, then each joined character's): whether its models fire only Snap Shots,
    whether they count as Stationary for Heavy weapons, and the reasons for each. The unit's own answers
    (``snap_all``, ``stationary``) hold for every member; a character's own answers add to them: a Snap Shot rule
    on it (say Pinned before it joined) makes its shots Snap Shots, and its own Relentless lets it fire Heavy
    weapons as if Stationary (REL-1 names "Relentless models")."""
    out: dict[str, tuple[bool, bool, tuple[Reason, ...], tuple[Reason, ...]]] = {
        unit_id: (snap_all, stationary, (), ())
    }
    for character in game.state.characters_joined_to(unit_id):
        full = ask(game, Query.FULL_BALLISTIC_SKILL, character.id)
        still = ask(game, Query.STATIONARY_FOR_HEAVY, character.id)
        snap = snap_all or snap_shots or not full
        out[character.id] = (snap, stationary or bool(still), full.reasons if not full else (), still.reasons)
    return out
