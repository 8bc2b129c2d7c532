"""How far a firer is from the target unit, as the shooting plan measures it: each model's closest distance to the
target's models (:func:`closest`), and whether that is within half the weapon's range (Rapid Fire, p.240; Armourbane
(Melta), p.231: :func:`within_half_range`)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

import numpy as np

from strategium.catalogue.clauses import clauses_of
from strategium.catalogue.declared import Situation
from strategium.catalogue.registry import RuleRef
from strategium.geometry.measure import core_distances
from strategium.geometry.pieces import PlacedModel
from strategium.model.weapons import WeaponProfile

REACH_CACHE = 65536
"""Most closest distances (a model's footprint to a unit's footprints) :func:`closest` keeps."""

_REACH: dict[tuple[object, ...], float] = {}


def closest(models: Sequence[PlacedModel], targets: Sequence[PlacedModel], wanted: Sequence[bool]) -> list[float]:
    """For each of ``models`` whose ``wanted`` flag is set, the distance (inches) to the closest of ``targets`` as
    :func:`~strategium.geometry.measure.distance` gives it: max(0, core distance - both radii); 0.0 for the
    others. Kept by value (the footprints), at most :data:`REACH_CACHE` answers."""
    tkey = tuple([t.footprint.key for t in targets])
    out = [0.0] * len(models)
    todo: list[int] = []
    keys: list[tuple[object, ...]] = []
    key: tuple[object, ...]
    for i, (pm, want) in enumerate(zip(models, wanted, strict=True)):
        if not want:
            continue
        key = (pm.footprint.key, tkey)
        known = _REACH.get(key)
        if known is None:
            todo.append(i)
            keys.append(key)
        else:
            out[i] = known
    if todo and targets:
        radii = np.array([t.footprint.radius for t in targets])
        own = np.array([models[i].footprint.radius for i in todo])
        cores = core_distances([models[i].footprint for i in todo], [t.footprint for t in targets])
        gaps = (cores - own[:, None]) - radii[None, :]
        for i, key, low in zip(todo, keys, gaps.min(axis=1).tolist(), strict=True):
            out[i] = max(0.0, low)
            if len(_REACH) >= REACH_CACHE:
                _REACH.clear()
            _REACH[key] = out[i]
    return out


def within_half_range(weapon: WeaponProfile, reach: float) -> bool:
    """True if a firer ``reach`` inches from the target is within half ``weapon``'s Maximum Range (a weapon without
    one, a Template's included, never is)."""
    maximum = weapon.range.maximum
    return maximum is not None and reach <= maximum / 2


@cache
def half_range_asked(rules: tuple[RuleRef, ...]) -> bool:
    """True if a declared clause of ``rules`` asks whether the firer is within half range
    (``Situation.WITHIN_HALF_RANGE``: Armourbane (Melta), p.231): only then are a weapon's firers within and beyond
    half range kept in separate volleys."""
    return any(Situation.WITHIN_HALF_RANGE in clause.when for ref in rules for clause in clauses_of(ref.name))


NEAR: frozenset[Situation] = frozenset({Situation.WITHIN_HALF_RANGE})
"""The situation of an attack made within half range."""
