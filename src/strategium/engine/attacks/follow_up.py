"""A hook for weapon rules that make more hits once an attack is resolved (Deflagrate, rulebook p.237).

The same module tells rules of every applied attack (:func:`after_wounds`: Rad-Phage, p.245).

After a group of shots (a volley against one unit) or of close combat blows is resolved and its Wounds applied,
the engine asks each registered rule, in registration order, for a :class:`FollowUp`: further automatic hits on
the same unit. The engine resolves each one at once against that unit as it stands (a shooting one only on the
models still within ``reach`` of the firers), applies it and counts it in the attack's totals; a follow-up's own
result is not offered to the rules again (it makes no further hits).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from strategium.catalogue.citations import Reason
from strategium.catalogue.registry import RuleRef
from strategium.combat import AttackSpec
from strategium.combat.attack import AttackResult
from strategium.engine.core import registries

if TYPE_CHECKING:
    from strategium.engine.core.game import Game


@dataclass(frozen=True)
class FollowUp:
    """Automatic hits to resolve on the same unit: ``spec`` (its ``skill`` None: they hit), with ``why``."""

    spec: AttackSpec
    why: tuple[Reason, ...]


FollowUpHook = Callable[["Game", str, AttackSpec, AttackResult, tuple[RuleRef, ...]], FollowUp | None]
"""(game, the attacking unit's id, the attack as resolved, its result, the weapon's own special rules)."""
_HOOKS: list[FollowUpHook] = []


def after_attack(fn: FollowUpHook) -> FollowUpHook:
    """Decorator: register a rule asked for further hits once an attack on a non-vehicle unit is resolved."""
    _HOOKS.append(fn)
    registries.changed()
    return fn


WoundsHook = Callable[["Game", str, AttackSpec, AttackResult, tuple[tuple[str, str], ...]], None]
"""(game, the attacking unit's id, the attack, its result once applied, the (unit id, model id) of each model of
``result.target`` by index)."""
_WOUNDS: list[WoundsHook] = []


def after_wounds(fn: WoundsHook) -> WoundsHook:
    """Decorator: register a rule told of every attack on a non-vehicle unit once its Wounds are applied (Rad-Phage,
    p.245), the further hits of :func:`after_attack` included."""
    _WOUNDS.append(fn)
    registries.changed()
    return fn


def wounds_applied(
    game: Game, unit_id: str, spec: AttackSpec, result: AttackResult, models: tuple[tuple[str, str], ...]
) -> None:
    """Tell the registered rules of ``result``, applied."""
    for hook in _WOUNDS:
        hook(game, unit_id, spec, result, models)


def follow_ups(
    game: Game, unit_id: str, spec: AttackSpec, result: AttackResult, weapon_rules: tuple[RuleRef, ...]
) -> list[FollowUp]:
    """The further hits the registered rules make after ``result``."""
    out: list[FollowUp] = []
    for hook in _HOOKS:
        more = hook(game, unit_id, spec, result, weapon_rules)
        if more is not None and more.spec.count > 0:
            out.append(more)
    return out
