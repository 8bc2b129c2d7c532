"""Barrage weapons (rulebook p.232, CORE_B §1.8): Blast weapons that may fire indirectly.

- A model that cannot see the target may fire its Barrage (or Apocalyptic Barrage) weapon at it indirectly, when
  the target is beyond the weapon's Minimum Range (:func:`strategium.engine.shooting.plan._cannot_fire` keeps that
  limit for every shot); such a volley is ``Volley.indirect``. In a Reaction's Shooting Attack only with
  ``weapon_rules.barrage_indirect_in_reactions`` (Return Fire forbids indirect fire: CORE_B §4.3).
- An indirect marker goes over any model of the target unit (no sight needed) and scatters the full 2D6 unless the
  Scatter die shows a Hit: the firer's Ballistic Skill is not subtracted (:mod:`strategium.engine.shooting.area_fire`).
- Every hit of a Barrage attack on a Vehicle is resolved against its Side Armour (:func:`side_armour`).
- Multiple Barrages (a volley of more than one Barrage shot): the first marker is placed and scattered as above;
  each later one rolls the Scatter die alone: an arrow puts it touching the first marker's edge in that direction,
  a Hit lets the firer put it touching any marker of the group (the engine: over the most target models); Cover
  Saves are judged from the first marker's hole (:mod:`strategium.engine.shooting.area_fire`,
  ``AreaHits.barrage_from``).

Not played: a Multiple Barrage made of several volleys (different weapons of the unit fire as separate groups), the
closest Barrage weapon firing first, a direct Barrage shot within its Minimum Range, and the Apocalyptic Barrage
marker (no weapon in the data carries it).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from strategium.catalogue.citations import Reason
from strategium.catalogue.registry import RuleRef
from strategium.combat.sources import core
from strategium.model.weapons import WeaponProfile

if TYPE_CHECKING:
    from strategium.army.army import Model
    from strategium.engine.core.game import Game

BARRAGE_PAGE = 232
BARRAGES = ("Barrage", "Apocalyptic Barrage")


def has_barrage(rules: Sequence[object]) -> bool:
    """True if ``rules`` include Barrage or Apocalyptic Barrage."""
    return any(isinstance(r, RuleRef) and r.name in BARRAGES for r in rules)


def indirect(game: Game, unit_id: str, weapons: Sequence[WeaponProfile]) -> bool:
    """Whether a model of the unit with ``weapons`` may fire one of them indirectly in this Shooting Attack: one is a
    Barrage weapon, and the attack is the unit's own (not a Reaction's) unless
    ``weapon_rules.barrage_indirect_in_reactions``."""
    if not any(has_barrage(w.type.rules) for w in weapons):
        return False
    s = game.state
    return s.owner(unit_id) == s.clock.active_player or s.config.weapon_rules.barrage_indirect_in_reactions


@dataclass(frozen=True)
class BarrageOnly:
    """A weapon filter for a model that cannot see the target: its Barrage weapons only (then ``inner``'s limits),
    the others refused for ``unseen`` (the model's sight)."""

    inner: Callable[[Model, WeaponProfile], Reason | None] | None
    unseen: Reason

    def __call__(self, model: Model, weapon: WeaponProfile) -> Reason | None:
        if not has_barrage(weapon.type.rules):
            return self.unseen
        return self.inner(model, weapon) if self.inner is not None else None


SIDE = core("Barrage", "a Barrage attack's hits on a Vehicle are on its Side Armour", BARRAGE_PAGE)
"""The ruling of :func:`side_armour`."""


def side_armour(rules: Sequence[object]) -> bool:
    """Whether a Vehicle hit by an attack with ``rules`` takes it on its Side Armour (Barrage, p.232)."""
    return has_barrage(rules)
