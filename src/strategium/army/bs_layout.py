"""Where units, models and wargear sit in a roster's selection tree (shared BATTLESCRIBE.md §1.3, §3, §4).

Pure functions over ``RawSelection`` values; no engine objects are built here.

- A *model profile* is a profile of type Unit, Vehicle, Knights and Titans or Fortification (keyed on the
  type id, with the stripped type name as a fallback for files whose ids differ).
- A *nested game unit* is a selection of type ``unit`` below a Force Organisation choice, or any non-model
  selection whose own profile is a Vehicle, Knights and Titans or Fortification profile (Dedicated
  Transports bought as upgrades, e.g. the Militia Rhino, BATTLESCRIBE.md §1.3 last row).
- A *model group* is a selection of type ``model``, or a non-unit selection with its own model profile; its
  ``number`` is how many identical models it stands for. A unit with no model group is itself one model
  group (single characters, vehicles).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from strategium.army.roster_tree import RawProfile, RawSelection

_MODEL_TYPE_IDS: Final = {
    "4bb2-cb95-e6c8-5a21": "Unit",
    "2fae-b053-3f78-e7b2": "Vehicle",
    "75b5-9f7a-156e-6889": "Knights and Titans",
    "eee8-3c7c-2762-e33e": "Fortification",
}
_MODEL_TYPE_NAMES: Final = frozenset(_MODEL_TYPE_IDS.values())
_WEAPON_TYPE_IDS: Final = frozenset({"1a1a-e592-2849-a5c0", "cede-0217-1b10-2a34"})
_WEAPON_TYPE_NAMES: Final = frozenset({"Weapon", "Psychic Weapon"})
WARGEAR_ITEM_TYPE_ID: Final = "2a1f-7837-f0ef-be44"
_UNIT_KINDS: Final = frozenset({"Vehicle", "Knights and Titans", "Fortification"})


def profile_kind(profile: RawProfile) -> str | None:
    """ "Unit", "Vehicle", "Knights and Titans" or "Fortification" for a model profile, else None."""
    kind = _MODEL_TYPE_IDS.get(profile.type_id)
    if kind is None and profile.type_name in _MODEL_TYPE_NAMES:
        kind = profile.type_name
    return kind


def is_weapon_profile(profile: RawProfile) -> bool:
    """True for Weapon and Psychic Weapon profiles."""
    return profile.type_id in _WEAPON_TYPE_IDS or profile.type_name in _WEAPON_TYPE_NAMES


def is_wargear_profile(profile: RawProfile) -> bool:
    """True for "Wargear Item" profiles (one Description column)."""
    return profile.type_id == WARGEAR_ITEM_TYPE_ID or profile.type_name == "Wargear Item"


def own_model_profile(sel: RawSelection) -> RawProfile | None:
    """The first model profile on ``sel`` itself, or None."""
    return next((p for p in sel.profiles if profile_kind(p) is not None), None)


def is_nested_unit(sel: RawSelection) -> bool:
    """True if ``sel``, found below a Force Organisation choice, is a game unit of its own."""
    if sel.type == "unit":
        return True
    if sel.type == "model":
        return False
    profile = own_model_profile(sel)
    return profile is not None and profile_kind(profile) in _UNIT_KINDS


def items_below(sel: RawSelection) -> Iterator[RawSelection]:
    """The children of ``sel`` that are not nested game units."""
    return (child for child in sel.children if not is_nested_unit(child))


def has_weapon(sel: RawSelection) -> bool:
    """True if ``sel`` or a descendant (not crossing into nested units) has a weapon profile."""
    if any(is_weapon_profile(p) for p in sel.profiles):
        return True
    return any(has_weapon(child) for child in items_below(sel))


def carried_model_profile(sel: RawSelection) -> RawProfile | None:
    """The model profile of a model group: its own, else the first one on an item below it (some exports put
    a model's profile on an upgrade child, e.g. the Solar Auxilia "Auxilia Captain")."""
    own = own_model_profile(sel)
    if own is not None:
        return own
    for child in items_below(sel):
        found = carried_model_profile(child)
        if found is not None:
            return found
    return None


def _holds_models(sel: RawSelection) -> bool:
    return any(child.type == "model" or _holds_models(child) for child in items_below(sel))


def model_groups(unit: RawSelection) -> tuple[RawSelection, ...]:
    """The model groups of a game unit, in document order; ``(unit,)`` when the unit is its own model.

    Empty only if neither the unit nor anything below it (outside nested units) has a model profile.
    """
    groups: list[RawSelection] = []

    def visit(sel: RawSelection) -> None:
        for child in items_below(sel):
            if child.type == "model" or own_model_profile(child) is not None:
                groups.append(child)
            elif _holds_models(child):
                visit(child)

    visit(unit)
    if not groups and carried_model_profile(unit) is not None:
        return (unit,)
    return tuple(groups)


def unit_level_items(unit: RawSelection, groups: tuple[RawSelection, ...]) -> tuple[RawSelection, ...]:
    """Items bought for the unit as a whole: children that are neither model groups, holders of model
    groups, nor nested units. Empty when the unit is its own model group (then all items are the model's)."""
    if groups == (unit,):
        return ()
    ids = {id(g) for g in groups}
    return tuple(c for c in items_below(unit) if id(c) not in ids and not _holds_models(c))


def nested_units(sel: RawSelection) -> Iterator[tuple[RawSelection, RawSelection | None]]:
    """Every nested game unit below ``sel`` with the nearest enclosing nested unit (None if there is none
    below ``sel``), depth first in document order."""

    def visit(node: RawSelection, owner: RawSelection | None) -> Iterator[tuple[RawSelection, RawSelection | None]]:
        for child in node.children:
            if is_nested_unit(child):
                yield child, owner
                yield from visit(child, child)
            else:
                yield from visit(child, owner)

    return visit(sel, None)


def subtree_points(sel: RawSelection) -> float:
    """The points of ``sel`` and everything below it except nested game units (which count on their own)."""
    return sel.points + sum(subtree_points(child) for child in items_below(sel))
