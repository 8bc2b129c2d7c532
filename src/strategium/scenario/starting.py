"""Checks of the starting state a scenario gives its units (``strategium check``): damage and locked combats.

Per placement (``armies[N].positions.UNIT``): ``wounds_lost`` (one number per model in model order; Wounds lost
by models with a Wounds characteristic), ``hull_points_lost`` (the same for models with Hull Points),
``damage_results`` (Vehicle Damage results in force: vehicles only) and ``locked_with`` (enemy units it is locked
in combat with; both must stand on the table). Each mistake is one :class:`~strategium.errors.InputError` at its
place in the file, e.g. ``s.yaml:12: armies[0].positions.tac.wounds_lost[1]: model 2 (Legionary) has 1 Wound:
it cannot start having lost 1``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from strategium.army.army import Army, Model
from strategium.scenario.locate import Where
from strategium.scenario.spec import ArmyEntrySpec, PlacementSpec
from strategium.scenario.start_state import playable_damage_result
from strategium.scenario.values import Placement, Status
from strategium.yaml_lines import YamlPath


def _wounds(model: Model) -> int | None:
    """The model's Wounds characteristic, or None (vehicles and Buildings have Hull Points instead)."""
    if model.profile.has_armour_values:
        return None
    value = getattr(model.profile.characteristics, "w", None)
    return value if isinstance(value, int) else None


def _hull_points(model: Model) -> int | None:
    """The model's Hull Points, or None."""
    if not model.profile.has_armour_values:
        return None
    value = getattr(model.profile.characteristics, "hp", None)
    return value if isinstance(value, int) else None


def _check_losses(where: Where, here: YamlPath, spec: PlacementSpec, placement: Placement) -> dict[str, int]:
    """Model id → Wounds (or Hull Points) lost, from ``wounds_lost`` and ``hull_points_lost``."""
    out: dict[str, int] = {}
    models = placement.unit.models
    kinds = (("wounds_lost", _wounds, "Wound"), ("hull_points_lost", _hull_points, "Hull Point"))
    for key, characteristic, word in kinds:
        given: tuple[int, ...] | None = getattr(spec, key)
        if given is None:
            continue
        if placement.status is not Status.ON_TABLE:
            raise where.error((*here, key), f"only a unit on the table starts damaged (this one is {placement.status})")
        if len(given) > len(models):
            raise where.error((*here, key), f"{len(given)} numbers for a unit of {len(models)} models")
        for n, (model, lost) in enumerate(zip(models, given, strict=False)):
            have = characteristic(model)
            if have is None:
                other = "hull_points_lost" if key == "wounds_lost" else "wounds_lost"
                raise where.error((*here, key, n), f"model {n + 1} ({model.name}) has no {word}s: use {other}")
            if lost >= have:
                plural = "s" if have != 1 else ""
                raise where.error(
                    (*here, key, n),
                    f"model {n + 1} ({model.name}) has {have} {word}{plural}: it cannot start having lost {lost}",
                )
            if lost:
                out[model.id] = lost
    return out


def check_starting_state(
    entries: Sequence[ArmyEntrySpec], armies: tuple[Army, Army], placements: tuple[Placement, ...], where: Where
) -> tuple[Placement, ...]:
    """The placements with their starting damage and locked combats filled in (see the module docstring).

    Raises :class:`InputError` for losses on a unit not on the table, more numbers than models, a loss that would
    remove the model, Wounds given for a model with Hull Points (or the reverse), damage results on a non-vehicle,
    or ``locked_with`` naming no enemy unit, or a unit not on the table.
    """
    by_key = {(p.player, p.unit.id): p for p in placements}
    out: list[Placement] = []
    for p in placements:
        spec = entries[p.player - 1].positions.get(p.unit.id)
        if spec is None:
            out.append(p)
            continue
        here: YamlPath = ("armies", p.player - 1, "positions", p.unit.id)
        losses = _check_losses(where, here, spec, p)
        vehicle = all(m.profile.has_armour_values for m in p.unit.models) and p.status is Status.ON_TABLE
        if spec.damage_results and not vehicle:
            raise where.error((*here, "damage_results"), "Vehicle Damage results are for a vehicle on the table")
        results: list[tuple[str, str | None]] = []
        for k, entry in enumerate(spec.damage_results):
            problem = playable_damage_result(entry.result)
            if problem is not None:
                raise where.error((*here, "damage_results", k), problem)
            weapons = {w.name for m in p.unit.models for w in m.weapons}
            if entry.weapon is not None and entry.weapon not in weapons:
                known = ", ".join(sorted(weapons)) or "none"
                problem = f"no weapon {entry.weapon!r} (weapons: {known})"
                raise where.error((*here, "damage_results", k, "weapon"), problem)
            results.append((entry.result, entry.weapon))
        enemy = 3 - p.player
        enemy_ids = [u.id for u in armies[enemy - 1].units]
        for k, other in enumerate(spec.locked_with):
            path = (*here, "locked_with", k)
            if other not in enemy_ids:
                known = ", ".join(enemy_ids)
                raise where.error(path, f"no unit {other!r} in player {enemy}'s army (unit ids: {known})")
            for name, placed in ((p.unit.id, p), (other, by_key[(enemy, other)])):
                if placed.status is not Status.ON_TABLE:
                    raise where.error(path, f"a unit locked in combat stands on the table ({name} is {placed.status})")
        out.append(replace(p, wounds_lost=losses, damage_results=tuple(results), locked_with=spec.locked_with))
    return tuple(out)
