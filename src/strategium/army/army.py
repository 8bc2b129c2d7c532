"""The engine's army objects, whatever file they came from (roster import or demo library).

An ``Army`` has ``Detachment``s (one Force Organisation chart each) holding ``Unit``s of ``Model``s.
Each ``Model`` is one model on the table: a squad of ten is ten ``Model`` values.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from functools import cached_property
from typing import Any

from strategium.catalogue.registry import RuleEntry, RuleRef
from strategium.model.profiles import ModelProfile
from strategium.model.weapons import WeaponProfile


class ForceOrgSlot(StrEnum):
    """Battlefield roles of the Force Organisation chart (rulebook pp.~246-250)."""

    HQ = "HQ"
    TROOPS = "Troops"
    ELITES = "Elites"
    FAST_ATTACK = "Fast Attack"
    HEAVY_SUPPORT = "Heavy Support"
    LORD_OF_WAR = "Lord of War"
    FORTIFICATION = "Fortification"
    PRIMARCH = "Primarch"
    DEDICATED_TRANSPORT = "Dedicated Transport"
    NONE = "None"


class ChartKind(StrEnum):
    """Which Force Organisation chart a detachment uses."""

    CRUSADE = "Crusade"
    ALLIED = "Allied"
    LORD_OF_WAR = "Lord of War"
    ZONE_MORTALIS = "Zone Mortalis"
    OTHER = "Other"


def _has(rules: tuple[RuleEntry, ...], name: str) -> bool:
    return any(isinstance(r, RuleRef) and r.name == name for r in rules)


_RULE_NAMES = "army.has_rule"
"""The key in :attr:`Model.memo` of the model's answers to :meth:`Model.has_rule` (by rule name)."""


@dataclass(frozen=True)
class Model:
    """One model of an army list.

    ``rules`` is the model's complete list of special rules (unit-wide ones included).
    ``base_mm`` is the base size in millimetres, (diameter, diameter) for round bases or (length, width)
    for ovals; None for hulls and where unknown.
    """

    id: str
    name: str
    profile: ModelProfile
    weapons: tuple[WeaponProfile, ...] = ()
    wargear: tuple[str, ...] = ()
    rules: tuple[RuleEntry, ...] = ()
    base_mm: tuple[float, float] | None = None

    @cached_property
    def memo(self) -> dict[str, Any]:
        """Values other modules derive from this (immutable) model, each under its own key (e.g. its base or
        hull shape, :mod:`strategium.engine.table.placement`). A cache only: not a field, never compared or hashed."""
        return {}

    def has_rule(self, name: str) -> bool:
        """True if this model has the special rule with canonical ``name`` (the answer kept in :attr:`memo`)."""
        memo = self.memo
        known: dict[str, bool] | None = memo.get(_RULE_NAMES)
        if known is None:
            known = memo[_RULE_NAMES] = {}
        found = known.get(name)
        if found is None:
            found = known[name] = _has(self.rules, name)
        return found

    def rule(self, name: str) -> RuleRef | None:
        """The model's ``RuleRef`` with canonical ``name`` (the first), or None."""
        for r in self.rules:
            if isinstance(r, RuleRef) and r.name == name:
                return r
        return None


@dataclass(frozen=True)
class Unit:
    """A unit of an army list.

    ``slot`` is its Force Organisation slot. ``rules`` are the rules given to the unit as a whole (also
    present on each model). ``dedicated_transport_for`` is the id of the unit whose Dedicated Transport this
    is; ``attached_to`` the id of the unit this one was bought with (retinues, nested sections).
    ``compulsory`` overrides whether the unit may fill a compulsory slot (None: decided by its rules, e.g.
    Support Squad, rulebook p.248).
    """

    id: str
    name: str
    slot: ForceOrgSlot
    models: tuple[Model, ...]
    points: int = 0
    rules: tuple[RuleEntry, ...] = ()
    dedicated_transport_for: str | None = None
    attached_to: str | None = None
    compulsory: bool | None = None

    def any_model_has(self, name: str) -> bool:
        """True if at least one model has the rule (e.g. Infiltrate, p.242: 'a unit containing ...')."""
        return any(m.has_rule(name) for m in self.models)

    def all_models_have(self, name: str) -> bool:
        """True if every model has the rule (e.g. Outflank, p.244: 'made up entirely of ...')."""
        return bool(self.models) and all(m.has_rule(name) for m in self.models)

    @property
    def unknown_rules(self) -> tuple[str, ...]:
        """Names of rules on the unit or its models that the registry does not know (sorted, unique)."""
        names = {str(r) for r in self.rules if not isinstance(r, RuleRef)}
        for m in self.models:
            names |= {str(r) for r in m.rules if not isinstance(r, RuleRef)}
        return tuple(sorted(names))


@dataclass(frozen=True)
class Detachment:
    """One Force Organisation chart and the units in it.

    ``rules`` are rules bought for the detachment as a whole (Legion rule, Provenances, Rite of War...), kept
    apart from any unit; ``options`` names the detachment-wide choices made in the list (e.g. "Allegiance:
    Loyalist", "Rite of War: ...").
    """

    name: str
    chart: ChartKind
    units: tuple[Unit, ...]
    faction: str = ""
    rules: tuple[RuleEntry, ...] = ()
    options: tuple[str, ...] = ()


@dataclass(frozen=True)
class Army:
    """An army: its name, faction, points, detachments, and where it was read from.

    ``points_limit`` is the points limit the list was built to, when the list states one.
    """

    name: str
    detachments: tuple[Detachment, ...]
    points: int = 0
    faction: str = ""
    allegiance: str | None = None
    source: str = ""
    notes: tuple[str, ...] = field(default_factory=tuple)
    points_limit: int | None = None

    @property
    def units(self) -> tuple[Unit, ...]:
        """All units of all detachments, in order."""
        return tuple(u for d in self.detachments for u in d.units)
