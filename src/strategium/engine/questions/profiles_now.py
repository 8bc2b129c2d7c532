"""Characteristics as they are now: the profile's values plus modifier records, in one documented order
(STYLE item 8). Nothing is ever changed on the profile; dropping an effect drops its modifiers.

Order: every additive modifier (+1 Strength while Stupefied, -1 WS from Concussive...) is summed, then every
"set to" modifier (WS1 and BS1 while Blind) applies, the last one winning; then the floors: Initiative at least
1, the others at least 0 (CORE_A §2.1).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from strategium.army.army import Model
from strategium.catalogue.citations import Reason
from strategium.engine.core import registries
from strategium.engine.core.effects import Effect, EffectKind
from strategium.model.characteristics import Characteristics, KnightCharacteristics

if TYPE_CHECKING:
    from strategium.engine.core.game import Game

FIELDS = ("m", "ws", "bs", "s", "t", "w", "i", "a", "ld", "sv")


@dataclass(frozen=True)
class Modifier:
    """A change to one Characteristic (a field name of ``Characteristics``): ``add`` or ``set_to``."""

    characteristic: str
    reason: Reason
    add: int = 0
    set_to: int | None = None


ModifierSource = Callable[["Game", str, Model], list[Modifier]]
_SOURCES: list[tuple[ModifierSource, frozenset[EffectKind] | None, bool]] = []
"""The registered sources in order: (source, the effect kinds it needs or None for a plain source, whether it needs
them on the unit asked about or the unit it has joined)."""


def modifier_source(fn: ModifierSource) -> ModifierSource:
    """Decorator: register a source of modifiers (a rule module's)."""
    _SOURCES.append((fn, None, False))
    _active_kept.clear()
    registries.changed()
    return fn


def effect_modifier_source(*kinds: EffectKind, on_unit: bool = False) -> Callable[[ModifierSource], ModifierSource]:
    """Decorator: register a source of modifiers that gives none unless some effect of one of ``kinds`` is in
    force in the game (on any unit): while there is none, :func:`modifiers` does not call it (the same answer,
    an empty list, without the call). With ``on_unit``, the source promises more: it gives none to a model unless
    its unit, or the unit that unit has joined (:attr:`UnitStatus.joined_to`), has an effect of one of ``kinds``
    (:func:`current` does not call it for the others). A source that reads anything else must use
    :func:`modifier_source`."""

    def register(fn: ModifierSource) -> ModifierSource:
        _SOURCES.append((fn, frozenset(kinds), on_unit))
        _active_kept.clear()
        registries.changed()
        return fn

    return register


def modifiers(game: Game, unit_id: str, model: Model) -> list[Modifier]:
    """Every modifier in force on ``model`` of ``unit_id`` (the sources' in registration order)."""
    sources = active_sources(game.state.effects)
    if not sources:
        return []
    out: list[Modifier] = []
    for source in sources:
        out += source(game, unit_id, model)
    return out


_Active = tuple[tuple[Effect, ...], tuple[ModifierSource, ...], frozenset[str] | None]
"""What :func:`_active` finds for a tuple of effects: the tuple itself, the sources that may give a modifier while
they are in force and, when every one of those is an ``on_unit`` source, the ids of the units bearing an effect of a
kind one of them needs (else None: some source may give a modifier to any unit)."""

_active_kept: list[_Active] = []
"""The last effects tuple :func:`active_sources` was asked about and its answer (one entry, replaced whole;
emptied when a source is registered)."""


def active_sources(effects: tuple[Effect, ...]) -> tuple[ModifierSource, ...]:
    """The registered sources, in order, that may give a modifier while ``effects`` (a state's
    :attr:`GameState.effects`) are in force: every plain source, and each effect source one of whose kinds is among
    the effects'. The tuple of effects is immutable (replaced whenever the effects change): the last answer is kept,
    found again by identity (the tuple itself being held)."""
    last = _active_kept[0] if _active_kept else None
    if last is not None and last[0] is effects:
        return last[1]
    return _active(effects)[1]


def _active(effects: tuple[Effect, ...]) -> _Active:
    """:func:`active_sources`' answer with the bearers of the effects the active sources need, computed afresh and
    kept in :data:`_active_kept`."""
    kinds = effect_kinds(effects)
    active = [(fn, needs, on_unit) for fn, needs, on_unit in _SOURCES if needs is None or not needs.isdisjoint(kinds)]
    bearers: frozenset[str] | None = None
    if all(needs is not None and on_unit for _, needs, on_unit in active):
        needed = frozenset().union(*(needs for _, needs, _ in active if needs is not None))
        bearers = frozenset(e.unit_id for e in effects if e.kind in needed)
    got = (effects, tuple(fn for fn, _, _ in active), bearers)
    _active_kept[:] = [got]
    return got


def effect_kinds(effects: tuple[Effect, ...]) -> frozenset[EffectKind]:
    """The kinds of ``effects``."""
    return frozenset(e.kind for e in effects)


def _floor_holds(name: str, value: int | None) -> bool:
    return value is None or value >= (1 if name == "i" else 0)


@lru_cache(maxsize=1024)
def _floors_hold(base: Characteristics | KnightCharacteristics) -> bool:
    """Every Characteristic of the (immutable) profile is at or above its floor already."""
    return all(_floor_holds(name, getattr(base, name, None)) for name in FIELDS)


def current(game: Game, unit_id: str, model: Model) -> Characteristics | KnightCharacteristics | None:
    """The model's Characteristics now, or None for a model without them (a Vehicle or Building).

    Primarchs are immune to modifiers that lower their Characteristics other than Wounds (rulebook p.196):
    the caller's modifier sources are expected to respect that.
    """
    base = model.profile.characteristics
    if not isinstance(base, _PROFILES):
        return None
    effects = game.state.effects
    last = _active_kept[0] if _active_kept else None
    if last is None or last[0] is not effects:
        last = _active(effects)
    sources, bearers = last[1], last[2]
    mods: list[Modifier] = []
    if sources and (
        bearers is None  # (when set, no source gives a modifier unless the unit or the unit it has joined bears one)
        or unit_id in bearers
        or ((status := game.state.units.get(unit_id)) is not None and status.joined_to in bearers)
    ):
        for source in sources:  # as modifiers(), without the calls when no source may give the unit a modifier
            mods += source(game, unit_id, model)
    if not mods:  # the profile itself if its values are at their floors (kept in the model's memo)
        floors: bool | None = model.memo.get(_FLOORS)
        if floors is None:
            floors = model.memo[_FLOORS] = _floors_hold(base)
        if floors:
            return base
    return apply_modifiers(base, mods)


_PROFILES = (Characteristics, KnightCharacteristics)
"""The profiles with Characteristics (a tuple: ``isinstance`` checks it faster than the union)."""

_FLOORS = "profiles_now.floors"
"""The key in a model's :attr:`Model.memo` of whether its (immutable) profile's values are at their floors."""


def apply_modifiers(
    base: Characteristics | KnightCharacteristics, mods: list[Modifier]
) -> Characteristics | KnightCharacteristics:
    """``base`` with ``mods`` applied in the module's order (sums, then "set to", then the floors); ``base``
    itself when there is nothing to apply. A Characteristic the profile lacks (or has as None) is left alone.

    The answer depends on nothing but the two (immutable) values: it is kept per profile and modifiers
    (:func:`_applied`; the same profile and modifiers are asked about again and again while an effect lasts)."""
    if not mods and _floors_hold(base):
        return base  # nothing to apply
    return _applied(base, tuple(mods))


@lru_cache(maxsize=4096)
def _applied(
    base: Characteristics | KnightCharacteristics, mods: tuple[Modifier, ...]
) -> Characteristics | KnightCharacteristics:
    """:func:`apply_modifiers` computed afresh (a new profile), kept per profile and modifiers (immutable,
    hashable values)."""
    # with the profile's values at their floors already, only the Characteristics a modifier names can change
    named = {m.characteristic for m in mods}
    names = FIELDS if not _floors_hold(base) else [n for n in FIELDS if n in named]
    changes: dict[str, int] = {}
    for name in names:
        if not hasattr(base, name):
            continue
        value = getattr(base, name)
        if value is None:
            continue
        value += sum(m.add for m in mods if m.characteristic == name)
        for m in mods:
            if m.characteristic == name and m.set_to is not None:
                value = m.set_to
        changes[name] = max(1 if name == "i" else 0, value)
    return dataclasses.replace(base, **changes)  # type: ignore[arg-type]
