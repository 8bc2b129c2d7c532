"""Models of one roster unit with their per-model wargear (BATTLESCRIBE.md §1.3 "Model count", "Per-model
wargear", "Unit-wide wargear"; §3 item 5).

How wargear is shared out (the roster does not say who holds what, so these are this importer's decisions):

1. **Model groups.** A model selection with ``number`` N stands for N identical models.
2. **Items under a model group** use BattleScribe's collective counts: an item's ``number`` is its total over
   the group's N models, so each model gets ``number // N`` and the first ``number % N`` models one more. An
   item's own children scale with it (child total = child.number x item total / item.number).
3. **Items bought for the whole unit** (children of the unit selection, not of a model):

   - ``number`` 1: every model gets one, except models that already carry an item of that name (a weapon
     profile of the same name, or wargear of the same name: no doubled Power Armour or Volkite Charger). In
     the real data these are squad-wide choices: armour, grenades, jet packs, and squad-wide weapons such as
     the Tactical Support Squad's Æther-Fire Blaster or the Militia Cavalry Squad's lances. (An upgrade taken
     by one model but written at unit level, e.g. one Thallax's Phased Plasma-Fusil in an older BattleScribe
     export, is then over-given: the data cannot tell the two cases apart.)
   - ``number`` at least the number of models: spread evenly as in 2.
   - otherwise (1 < number < models): a model group of exactly that size takes them, else the first models
     without the Character Sub-type, then Characters.

4. A weapon item's profiles go to ``Model.weapons`` (once per copy carried); its rules that no profile's Type
   names are added to each of its profiles. Items without a weapon go to ``Model.wargear`` (names) and their
   rules to ``Model.rules``; a "Wargear Item" whose description grants an "N+ Invulnerable Save" sets the
   model's ``invulnerable_save`` (the best one).

What the models are given is counted as it is given (each weapon copy, wargear copy and rule, and each item
looked at for a model, even one it already carries), over the whole army (:class:`ItemBudget`), and refused past
``items_per_army`` (:mod:`strategium.limits`), before the copies are made: the collective counts multiply down
the tree, so a few small numbers could otherwise ask for billions of copies, and the work and the output of
every command grow with this count. Items given to no model are skipped without a look at each model.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Final, Protocol

from strategium.army.army import Model
from strategium.army.bs_layout import (
    carried_model_profile,
    is_wargear_profile,
    is_weapon_profile,
    items_below,
    own_model_profile,
    unit_level_items,
)
from strategium.army.roster_tree import RawProfile, RawSelection
from strategium.catalogue.registry import RuleEntry, RuleRef, XKind, get_rule_def
from strategium.limits import check_limit, limits
from strategium.model.profiles import ModelProfile
from strategium.model.unit_types import SubType, UnitTypeSpec
from strategium.model.weapons import WeaponProfile

_NUMERIC_X: Final = frozenset({XKind.NUMBER, XKind.TARGET, XKind.INCHES})

_INVULNERABLE: Final = re.compile(r"(\d)\s*\+\s*invulnerable\s+save", re.IGNORECASE)
_SORT_PREFIX: Final = re.compile(r"^\s*\d+(?:\.\d+)*\)\s*")


@dataclass
class _Loadout:
    """What one model carries, gathered while walking its items."""

    weapons: list[WeaponProfile] = field(default_factory=list)
    wargear: list[str] = field(default_factory=list)
    rules: list[RuleEntry] = field(default_factory=list)
    invulnerable: int | None = None
    weapon_names: set[str] = field(default_factory=set)
    wargear_names: set[str] = field(default_factory=set)


class ProfileSource(Protocol):
    """What the model builder needs from the rest of the importer: parsed rules, weapons and profiles."""

    file: str
    """The roster file (named in errors)."""

    def rule(self, written: str) -> RuleEntry:
        """The registry entry for one written rule name."""

    def weapon(self, profile: RawProfile, extra_rules: tuple[RuleEntry, ...]) -> WeaponProfile:
        """The engine weapon for a Weapon profile, with ``extra_rules`` added to its Type's rules."""

    def model_profile(self, profile: RawProfile, invulnerable: int | None) -> ModelProfile:
        """The engine profile (Unit Type, Characteristics) for a model profile."""

    def unit_type(self, profile: RawProfile) -> UnitTypeSpec:
        """The parsed Unit Type of a model profile."""


def display_name(name: str) -> str:
    """A selection name without BattleScribe's ordering prefix ("1) Ogryn Brute" → "Ogryn Brute")."""
    return _SORT_PREFIX.sub("", name).strip() or name


def _share(total: int, models: int) -> list[int]:
    """``total`` copies spread over ``models`` models: equal shares, the remainder to the first ones."""
    if models <= 0:
        return []
    base, extra = divmod(max(total, 0), models)
    return [base + (1 if i < extra else 0) for i in range(models)]


def _shares(total: int, models: int) -> list[tuple[int, int]]:
    """The non-zero shares of ``_share(total, models)`` as (model index, copies), without a look at the others."""
    if models <= 0 or total <= 0:
        return []
    base, extra = divmod(total, models)
    if base == 0:
        return [(i, 1) for i in range(extra)]
    return [(i, base + (1 if i < extra else 0)) for i in range(models)]


class ItemBudget:
    """What an army's models have been given so far (see the module docstring), for one roster file."""

    def __init__(self, file: str) -> None:
        self.file = file
        self.given = 0

    def give(self, amount: int, item: RawSelection) -> None:
        """Count ``amount`` more things; ``InputError`` (naming ``item`` and its line) past ``items_per_army``."""
        self.given += amount
        if self.given > limits().items_per_army:
            what = "weapons, wargear, rules and items given to the army's models"
            where = f"selection {item.name[:80]!r}"
            check_limit(self.given, "items_per_army", what=what, file=self.file, line=item.line, field=where)


@dataclass(frozen=True)
class _Facts:
    """What carrying one item gives, worked out once per item: its weapons (with the item's rules their Type does
    not name), its rules, whether it is a wargear entry, its invulnerable save."""

    weapons: tuple[WeaponProfile, ...]
    rules: tuple[RuleEntry, ...]
    wargear: bool
    invulnerable: int | None


class _Work:
    """What the sharing-out of one unit's wargear works with: the parsed profiles, the army's budget, and what is
    known of each selection (by identity: each item and subtree is looked at once, not once per model)."""

    def __init__(self, source: ProfileSource, budget: ItemBudget) -> None:
        self.source = source
        self.budget = budget
        self.known: dict[int, bool] = {}
        self.items: dict[int, _Facts] = {}
        self.names: dict[int, tuple[str, ...]] = {}
        self.children: dict[int, tuple[RawSelection, ...]] = {}

    def below(self, sel: RawSelection) -> tuple[RawSelection, ...]:
        """``bs_layout.items_below``, remembered."""
        found = self.children.get(id(sel))
        if found is None:
            found = self.children[id(sel)] = tuple(items_below(sel))
        return found

    def armed(self, sel: RawSelection) -> bool:
        """``bs_layout.has_weapon``, remembered."""
        found = self.known.get(id(sel))
        if found is None:
            found = any(is_weapon_profile(p) for p in sel.profiles) or any(self.armed(c) for c in self.below(sel))
            self.known[id(sel)] = found
        return found

    def facts(self, item: RawSelection) -> _Facts:
        """The :class:`_Facts` of ``item``, remembered."""
        found = self.items.get(id(item))
        if found is None:
            found = self.items[id(item)] = self._facts(item)
        return found

    def weapon_names(self, item: RawSelection) -> tuple[str, ...]:
        """The names of ``item``'s weapon profiles (nothing parsed), remembered."""
        found = self.names.get(id(item))
        if found is None:
            found = self.names[id(item)] = tuple(p.name for p in item.profiles if is_weapon_profile(p))
        return found

    def _facts(self, item: RawSelection) -> _Facts:
        source = self.source
        profiles = [p for p in item.profiles if is_weapon_profile(p)]
        rules = tuple(source.rule(r) for r in item.rules if r.strip())
        if profiles:
            parsed = [source.weapon(p, ()) for p in profiles]
            named = {_rule_key(r) for w in parsed for r in w.type.rules}
            extra = tuple(r for r in rules if _rule_key(r) not in named)
            weapons = tuple(source.weapon(profile, extra) for profile in profiles)
            return _Facts(weapons, rules, False, None)
        saves = [
            int(found.group(1))
            for profile in item.profiles
            if is_wargear_profile(profile) and (found := _INVULNERABLE.search(profile.column("Description")))
        ]
        wargear = own_model_profile(item) is None and not self.armed(item)
        return _Facts((), rules, wargear, min(saves) if saves else None)


def _carry(load: _Loadout, item: RawSelection, count: int, work: _Work) -> None:
    """Give ``count`` copies of ``item`` (and its sub-items, scaled) to one model."""
    if count <= 0:
        return
    budget, facts = work.budget, work.facts(item)
    budget.give(1 + (count * len(facts.weapons) if facts.weapons else len(facts.rules)), item)
    if facts.weapons:
        for weapon in facts.weapons:
            load.weapons.extend([weapon] * count)
            load.weapon_names.add(weapon.name)
    else:
        load.rules.extend(facts.rules)
        if facts.wargear:
            budget.give(count, item)
            entry = item.name if count == 1 else f"{item.name} x{count}"
            load.wargear.append(entry)
            load.wargear_names.add(entry)
        if facts.invulnerable is not None:
            value = facts.invulnerable
            load.invulnerable = value if load.invulnerable is None else min(load.invulnerable, value)
    for child in work.below(item):
        if item.number > 0:
            budget.give(1, child)
            _carry(load, child, round(count * child.number / item.number), work)


def _rule_key(rule: RuleEntry) -> str:
    return rule.name.casefold()


@dataclass
class _Slot:
    """One model being built: its group, profile, and whether it is a Character."""

    group: RawSelection
    profile: RawProfile
    character: bool
    load: _Loadout = field(default_factory=_Loadout)


class _Targets:
    """Who gets the copies of a unit-level item (rule 3 of the module docstring), worked out once per unit."""

    def __init__(self, slots: Sequence[_Slot], groups: Sequence[RawSelection]) -> None:
        self.slots = slots
        self.members: dict[int, list[int]] = {}
        for index, slot in enumerate(slots):
            self.members.setdefault(id(slot.group), []).append(index)
        self.by_size: dict[int, RawSelection] = {}
        for group in groups:
            self.by_size.setdefault(group.number, group)
        self.order = [i for i, s in enumerate(slots) if not s.character] + [
            i for i, s in enumerate(slots) if s.character
        ]

    def of(self, total: int) -> list[tuple[int, int]]:
        """(model index, copies) for each model that gets copies of an item of ``number`` ``total``."""
        n = len(self.slots)
        if total <= 0:
            return []
        if total == 1:
            return [(i, 1) for i in range(n)]
        if total >= n:
            return _shares(total, n)
        same_size = self.by_size.get(total)
        if same_size is not None:
            return [(i, 1) for i in self.members.get(id(same_size), [])]
        return [(i, 1) for i in sorted(self.order[:total])]


def build_models(
    unit: RawSelection,
    groups: tuple[RawSelection, ...],
    unit_rules: tuple[RuleEntry, ...],
    source: ProfileSource,
    fail: Callable[[str], Exception],
    budget: ItemBudget | None = None,
) -> tuple[Model, ...]:
    """The ``Model`` values of one game unit (see the module docstring for who carries what).

    ``unit_rules`` are given to every model first. ``fail(message)`` makes the error raised when a model group
    has no model profile at all. ``budget`` counts what the army's models are given (a fresh one when None);
    ``InputError`` past ``items_per_army``.
    """
    budget = budget if budget is not None else ItemBudget(source.file)
    slots: list[_Slot] = []
    for group in groups:
        profile = carried_model_profile(group)
        if profile is None:
            raise fail(f"model {group.name!r} of unit {unit.name!r} has no profile")
        character = source.unit_type(profile).has(SubType.CHARACTER)
        group_rules = tuple(source.rule(r) for r in group.rules if r.strip()) if group is not unit else ()
        for _ in range(group.number):
            slot = _Slot(group, profile, character)
            budget.give(len(unit_rules) + len(group_rules), group)
            slot.load.rules.extend(unit_rules)
            slot.load.rules.extend(group_rules)
            slots.append(slot)
    targets = _Targets(slots, groups)
    work = _Work(source, budget)
    # items under each model group (collective counts)
    for group in groups:
        members = [slots[i] for i in targets.members.get(id(group), [])]
        for item in items_below(group):
            for index, count in _shares(item.number, len(members)):
                _carry(members[index].load, item, count, work)
    # items bought for the whole unit
    for item in unit_level_items(unit, groups):
        for index, count in targets.of(item.number):
            slot = slots[index]
            if item.number == 1 and _already_carries(slot.load, item, work):
                budget.give(1, item)
                continue
            _carry(slot.load, item, count, work)
    models = []
    for index, slot in enumerate(slots, start=1):
        models.append(
            Model(
                id=f"{unit.id}/{index}",
                name=slot.profile.name if slot.group is unit else display_name(slot.group.name),
                profile=source.model_profile(slot.profile, slot.load.invulnerable),
                weapons=tuple(slot.load.weapons),
                wargear=tuple(dict.fromkeys(slot.load.wargear)),
                rules=_unique(slot.load.rules),
                base_mm=None,
            )
        )
    return tuple(models)


def _already_carries(load: _Loadout, item: RawSelection, work: _Work) -> bool:
    """True if the model already has a weapon of each of ``item``'s weapon profiles (by name), or, for an
    item without weapons, a wargear entry of the same name."""
    weapons = work.weapon_names(item)
    if weapons:
        return all(name in load.weapon_names for name in weapons)
    return item.name in load.wargear_names


def _unique(rules: Sequence[RuleEntry]) -> tuple[RuleEntry, ...]:
    """``rules`` without repeats, first occurrence kept.

    Repeats are the same kind and text, and also two (X) values of one numeric rule: the data may give a model
    "Bulky (2)" and "Bulky (2 or 3)" (the Thallax); the first specific value is kept ("Bulky (2)"), and a
    choice such as "2 or 3" only when no specific value is given. Rules whose X is a word ("Hatred (...)") keep
    every distinct X.
    """
    chosen: dict[tuple[str, str], RuleEntry] = {}
    for rule in rules:
        mark = _mark(rule)
        current = chosen.get(mark)
        if current is None or (current.x_text is not None and _vague(current) and not _vague(rule)):
            chosen[mark] = rule
    return tuple(chosen.values())


def _mark(rule: RuleEntry) -> tuple[str, str]:
    if isinstance(rule, RuleRef) and rule.x_text is not None and get_rule_def(rule.name).x_kind in _NUMERIC_X:
        return ("numeric", rule.name)
    return (type(rule).__name__, str(rule).casefold())


def _vague(rule: RuleEntry) -> bool:
    """True for an (X) that is not one value ("2 or 3", "X")."""
    return isinstance(rule, RuleRef) and rule.value is None


unique_rules = _unique
