"""Cheap necessary conditions of the Core Reactions (see ``ReactionDef.screen``): a screen answers False only when
the Reaction's own condition would certainly refuse, so a Reaction window skips the exact measure for the units
that are far from the enemy.

Both screens compare boxes that contain the two units' footprints (each model's base or hull at its pose, the
unit's joined Independent Characters included). The distance between two boxes is at most the distance between
any two footprints inside them, so a box gap beyond the range (by more than :data:`SLACK`, which covers the
rounding of the exact measure) means every footprint of one is beyond the range of every footprint of the other.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from strategium.army.army import Model
from strategium.engine.reactions.registry import Trigger
from strategium.engine.shooting.plan import TEMPLATE_LENGTH
from strategium.engine.table.box_gap import SLACK, box_gap
from strategium.engine.table.unit_box import outer_box
from strategium.geometry.measure import EPSILON
from strategium.model.weapons import RangeKind, WeaponClass

if TYPE_CHECKING:
    from strategium.engine.core.game import Game


def beyond(game: Game, unit_id: str, enemy_id: str, inches: float) -> bool:
    """Every footprint of the unit (and its joined characters) is certainly more than ``inches`` (plus ``EPSILON``)
    from every footprint of the enemy (and its joined characters); False when either has no model on the table."""
    mine, theirs = outer_box(game, unit_id), outer_box(game, enemy_id)
    if mine is None or theirs is None:
        return False
    return box_gap(mine, theirs) > inches + EPSILON + SLACK


def longest_range(game: Game, unit_id: str) -> float | None:
    """The longest range (inches) at which any model of the unit with a pose could fire any of its weapons (a
    template's length for a template), or None when no model has a ranged weapon with a range. The shooting plan
    fires a weapon only within this range (``shooting_plan._cannot_fire``)."""
    s = game.state
    poses = s.units[unit_id].poses
    ranges = [r for m in s.unit(unit_id).models if m.id in poses and (r := model_range(m)) is not None]
    return max(ranges) if ranges else None


def model_range(model: Model) -> float | None:
    """The longest range (inches) of the model's ranged weapons (see :func:`longest_range`); kept in its memo."""
    memo = model.memo
    if _RANGE in memo:
        known: float | None = memo[_RANGE]
        return known
    longest: float | None = None
    for weapon in model.weapons:
        kind = weapon.range.kind
        if weapon.type.weapon_class in (None, WeaponClass.MELEE) or kind is RangeKind.MELEE:
            continue
        maximum = TEMPLATE_LENGTH if kind is RangeKind.TEMPLATE else weapon.range.maximum
        if maximum is not None and (longest is None or maximum > longest):
            longest = float(maximum)
    memo[_RANGE] = longest
    return longest


_RANGE = "reaction_screens.range"
"""The key of a model's :func:`model_range` in its :attr:`Model.memo`."""


def may_reach(game: Game, unit_id: str, enemy_id: str, trigger: Trigger) -> bool:
    """Return Fire, Overwatch and Interceptor: some weapon of the unit may reach some model of the enemy unit."""
    longest = longest_range(game, unit_id)
    if longest is None:  # no weapon the plan could fire: it has no volleys
        return False
    return not beyond(game, unit_id, enemy_id, longest)
