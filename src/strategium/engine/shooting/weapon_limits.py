"""Limits the game state or a weapon's rules put on one model's weapon in a Shooting Attack, read by
:mod:`strategium.engine.shooting.plan` (w20l):

- :func:`spent`: a weapon that may make no more Shooting Attacks this battle (``UnitStatus.weapons_spent``, filled by
  Limited Ammunition and One Use in :mod:`strategium.rules.weapon.ammunition`).
- :func:`snap_shot_rule`: a hook for a rule that makes a weapon fire Snap Shots at some targets (Skyfire,
  :mod:`strategium.rules.weapon.skyfire`); :func:`forced_snap` asks them.
- :func:`volley_rule_source`: a hook for a rule that gives a weapon more special rules in this Shooting Attack
  (Rocket Barrage, :mod:`strategium.rules.weapon.rocket_barrage`); :func:`granted_rules` collects them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from strategium.army.army import Model
from strategium.catalogue.citations import Reason
from strategium.catalogue.registry import RuleRef
from strategium.engine.core import registries
from strategium.model.weapons import WeaponProfile

if TYPE_CHECKING:
    from strategium.engine.core.game import Game

SnapRule = Callable[["Game", str, Model, WeaponProfile, str], Reason | None]
"""(game, the firing model's unit id, the model, its weapon, the target unit's id) -> why the weapon fires Snap Shots
at that target, or None. It must read only what a plan may read (see ``plan.plan_key``): the armies, not the log."""
_SNAP_RULES: list[SnapRule] = []


def snap_shot_rule(fn: SnapRule) -> SnapRule:
    """Decorator: register a rule asked whether a weapon fires only Snap Shots at a target."""
    _SNAP_RULES.append(fn)
    registries.changed()
    return fn


def forced_snap(game: Game, unit_id: str, model: Model, weapon: WeaponProfile, target_id: str) -> Reason | None:
    """The first registered rule's reason for the weapon to fire Snap Shots at ``target_id``, or None."""
    for rule in _SNAP_RULES:
        why = rule(game, unit_id, model, weapon, target_id)
        if why is not None:
            return why
    return None


RuleSource = Callable[["Game", str, Model, WeaponProfile], tuple[tuple[RuleRef, ...], Reason] | None]
"""(game, the firing model's unit id, the model, its weapon) -> the rules the weapon gains now, and why; or None. It
must read only what a plan may read (see ``plan.plan_key``)."""
_RULE_SOURCES: list[RuleSource] = []


def volley_rule_source(fn: RuleSource) -> RuleSource:
    """Decorator: register a rule asked which special rules a weapon gains for a Shooting Attack."""
    _RULE_SOURCES.append(fn)
    registries.changed()
    return fn


def granted_rules(
    game: Game, unit_id: str, model: Model, weapon: WeaponProfile
) -> list[tuple[tuple[RuleRef, ...], Reason]]:
    """Every registered source's rules for the weapon now, with its reason."""
    out = []
    for source in _RULE_SOURCES:
        got = source(game, unit_id, model, weapon)
        if got is not None:
            out.append(got)
    return out


def spent(game: Game, unit_id: str, model: Model, weapon: WeaponProfile) -> Reason | None:
    """Why the model's ``weapon`` may make no more Shooting Attacks this battle (``UnitStatus.weapons_spent``), or
    None."""
    used = game.state.units[unit_id].weapons_spent
    rule = next((r for m, w, r in used if m == model.id and w == weapon.name), None) if used else None
    if rule is None:
        return None
    return Reason.of(rule, f"{model.id}'s {weapon.name} may make no more Shooting Attacks this battle")
