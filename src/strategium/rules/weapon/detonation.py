"""Detonation (Liber Astartes / Liber Hereticus p.118; the rule is the Libers' common weapon rule, carried by
meltabombs).

Paraphrase of what is implemented, on the hooks of :mod:`strategium.engine.assault.melee_choice`:

- DET-1: a weapon with Detonation may attack only models of the Vehicle, Dreadnought or Automata Unit Types, models
  whose Movement is 0 or '-', Buildings and Fortifications. In the Fight sub-phase a model does not fight with it
  unless every model of every enemy unit its unit is locked with (and of the characters joined to them) is such a
  target (read from the units, slain models included, so that a model's weapon and Initiative step stay the same
  through the combat); it fights with its next melee weapon, or with a close combat weapon. A refused weapon does
  not count as a second melee weapon (p.177). The Shooting phase is not concerned: no Detonation weapon on the
  rosters shoots.
- DET-2: a model that fights with a Detonation weapon makes a single attack, whatever its Attacks, the Charge bonus,
  a second weapon or other rules.

A unit that is not locked in combat (an agent's estimate before a Charge) is not refused: its foe is not known.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from strategium.army.army import Model
from strategium.catalogue.citations import Reason
from strategium.engine.assault.melee_choice import melee_attack_cap, melee_refusal
from strategium.model.unit_types import UnitType
from strategium.model.weapons import WeaponProfile

if TYPE_CHECKING:
    from strategium.engine.core.game import Game

RULE = "Detonation"
_TYPES = (UnitType.VEHICLE, UnitType.DREADNOUGHT, UnitType.AUTOMATA, UnitType.BUILDING, UnitType.FORTIFICATION)


def has_detonation(weapon: WeaponProfile | None) -> bool:
    """The weapon has the Detonation special rule."""
    return weapon is not None and any(getattr(r, "name", None) == RULE for r in weapon.type.rules)


def may_be_attacked(model: Model) -> bool:
    """DET-1: ``model`` is a target a Detonation weapon may attack (Vehicle, Dreadnought, Automata, Building or
    Fortification, or Movement 0 or '-')."""
    spec = model.profile.unit_type
    if any(spec.counts_as(t) for t in _TYPES):
        return True
    movement = getattr(model.profile.characteristics, "m", None)
    return movement is None or movement == 0


def _foes(game: Game, unit_id: str) -> list[Model]:
    """Every model of the enemy units locked with ``unit_id`` (its host's, for a joined character) and of the
    characters joined to them."""
    s = game.state
    host = s.units[unit_id].joined_to or unit_id
    out: list[Model] = []
    for enemy in sorted(s.assault.engaged.get(host, ())):
        for uid in (enemy, *[u.id for u in s.characters_joined_to(enemy)]):
            out += s.unit(uid).models
    return out


@melee_refusal
def _only_vehicles_and_the_like(game: Game, unit_id: str, model: Model, weapon: WeaponProfile) -> Reason | None:
    if not has_detonation(weapon):
        return None
    foes = _foes(game, unit_id)
    wrong = next((m for m in foes if not may_be_attacked(m)), None)
    if wrong is None:
        return None
    return Reason.of(
        RULE,
        f"DET-1: {weapon.name} may attack only Vehicles, Dreadnoughts, Automata, models of Movement 0 or '-', "
        f"Buildings and Fortifications ({wrong.name} is none of them)",
    )


@melee_attack_cap
def _a_single_attack(game: Game, unit_id: str, model: Model, weapon: WeaponProfile | None) -> tuple[int, Reason] | None:
    if not has_detonation(weapon):
        return None
    assert weapon is not None
    return 1, Reason.of(RULE, f"DET-2: a model fighting with {weapon.name} makes a single attack")
