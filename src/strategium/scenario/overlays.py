"""Legal-region overlays for a scenario's map: Infiltrate, Scout and deployment zones.

Requests are written ``KIND:ARGUMENT`` (``strategium map --overlay``):

* ``infiltrate:UNIT`` — where a model of the unit may be set up by Infiltrate (Age of Darkness rulebook
  p.242): INF-3 hidden from every deployed enemy unit and more than 9" away, INF-5 more than 12" away, and
  the Buildings it may deploy inside (INF-4). Measured against the enemy units placed in the scenario; the
  enemy army's own Buildings count as enemy units and are never offered for INF-4, nor is a Building that
  holds enemy units. The region is for the unit's largest model at its tallest height.
* ``scout:UNIT`` — where each model of a unit on the table may end its Scout move (rulebook p.246,
  SCT-2/SCT-3): entirely within 6" or 12" of where it stands and more than 9" from every enemy unit.
* ``deployment:PLAYER`` — that player's deployment zone without Impassable terrain and Buildings.

``UNIT`` is a unit id, or ``PLAYER:UNIT_ID`` when both armies use the id.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import shapely
from shapely.geometry import Polygon
from shapely.geometry.base import BaseGeometry

from strategium.errors import InputError
from strategium.geometry.measure import Footprint, distance, more_than
from strategium.geometry.pieces import PlacedModel, PlacedUnit
from strategium.geometry.regions import (
    INFILTRATE_HIDDEN,
    INFILTRATE_PLAIN_SIGHT,
    SCOUT_ENEMY_DISTANCE,
    forbidden_near,
    infiltrate_regions,
    scout_distance,
    scout_region,
)
from strategium.geometry.sight import SightMap
from strategium.geometry.svg import Overlay
from strategium.geometry.terrain import Building
from strategium.scenario.values import Placement, Scenario, Status

COLOURS = {
    "INF-3": "#2e9e4f",
    "INF-5": "#e0a526",
    "INF-4": "#8e44ad",
    "scout": "#1f9bb3",
    "deployment": "#5b5b5b",
}
"""Overlay colours by kind."""

KINDS = ("infiltrate", "scout", "deployment")
"""The overlay kinds ``KIND:ARGUMENT`` may name."""


@dataclass(frozen=True)
class OverlayResult:
    """The overlays one request produced and a few words on what they show (for the command's summary)."""

    overlays: tuple[Overlay, ...]
    summary: str


def _enemies(scenario: Scenario, player: int) -> tuple[PlacedUnit, ...]:
    return scenario.placed_units(3 - player)


def _enemy_buildings(scenario: Scenario, player: int) -> list[Building]:
    return [p.building for p in scenario.with_status(Status.BUILDING, 3 - player) if p.building is not None]


def _largest(shapes: Sequence[PlacedModel]) -> PlacedModel:
    return max(shapes, key=lambda m: m.footprint.polygon().area)


def _minus_near(region: BaseGeometry, buildings: Sequence[Building], model: Footprint, inches: float) -> BaseGeometry:
    if not buildings:
        return region
    out: BaseGeometry = region.difference(forbidden_near([Footprint(b.footprint) for b in buildings], model, inches))
    return out


def infiltrate_overlays(scenario: Scenario, placement: Placement) -> OverlayResult:
    """INF-3, INF-5 and INF-4 overlays for one unit (see the module docstring). Raises :class:`InputError`
    for a Building unit."""
    if not placement.shapes:
        raise InputError(f"{placement.ref} is a Building: it cannot infiltrate")
    player = placement.player
    shape = _largest(placement.shapes)
    height = max(m.height for m in placement.shapes)
    enemies = _enemies(scenario, player)
    regions = infiltrate_regions(scenario.battlefield, enemies, shape.footprint, height, SightMap(scenario.battlefield))
    walls = _enemy_buildings(scenario, player)
    hidden = _minus_near(regions.hidden, walls, shape.footprint, INFILTRATE_HIDDEN)
    plain = _minus_near(regions.plain_sight, walls, shape.footprint, INFILTRATE_PLAIN_SIGHT)
    ids = scenario.building_ids
    held = {id(ids[u.embarked_in]) for u in enemies if u.embarked_in is not None and u.embarked_in in ids}
    enemy_owned = {id(b) for b in walls}
    inside = [
        b
        for b in regions.buildings
        if id(b) not in enemy_owned | held
        and all(more_than(distance(Footprint(b.footprint), w.footprint), INFILTRATE_HIDDEN) for w in walls)
    ]
    ref = placement.ref
    overlays = [
        Overlay(f'INF-3: {ref} hidden, more than 9" from enemies', hidden, COLOURS["INF-3"]),
        Overlay(f'INF-5: {ref} more than 12" from enemies', plain, COLOURS["INF-5"], 0.3),
    ]
    if inside:
        footprint = shapely.union_all(np.array([b.footprint for b in inside], dtype=object))
        names_text = ", ".join(b.name for b in inside)
        overlays.append(Overlay(f"INF-4: {ref} may deploy inside {names_text}", footprint, COLOURS["INF-4"], 0.6))
    note = "" if placement.unit.any_model_has("Infiltrate") else " (the unit has no Infiltrate)"
    return OverlayResult(tuple(overlays), f"Infiltrate regions of {ref}{note}")


def scout_overlays(scenario: Scenario, placement: Placement) -> OverlayResult:
    """Where each model of a unit on the table may end a Scout move (SCT-2, SCT-3). Raises
    :class:`InputError` if the unit is not on the table."""
    if placement.status is not Status.ON_TABLE or placement.placed is None:
        raise InputError(f"{placement.ref} is not on the table ({placement.status.value}): it has no Scout move")
    unit = placement.placed
    spec = placement.unit.models[0].profile.unit_type
    inches = scout_distance(spec.unit_type, spec.sub_types)
    enemies = _enemies(scenario, placement.player)
    walls = _enemy_buildings(scenario, placement.player)
    parts = []
    for model in unit.models:
        region = scout_region(scenario.battlefield, enemies, model.footprint, inches)
        parts.append(_minus_near(region, walls, model.footprint, SCOUT_ENEMY_DISTANCE))
    merged: BaseGeometry = shapely.union_all(np.array(parts, dtype=object)) if parts else Polygon()
    overlay = Overlay(f'Scout: {placement.ref} within {inches:g}", more than 9" from enemies', merged, COLOURS["scout"])
    note = "" if placement.unit.any_model_has("Scout") else " (the unit has no Scout)"
    return OverlayResult((overlay,), f'Scout region ({inches:g}") of {placement.ref}{note}')


def deployment_overlay(scenario: Scenario, player: int) -> OverlayResult:
    """``player``'s deployment zone minus Impassable terrain and Buildings."""
    bf = scenario.battlefield
    if bf.deployment is None:
        raise InputError("the scenario has no deployment map")
    zone: BaseGeometry = bf.deployment.zone(player).polygon
    blocked = bf.impassable()
    if blocked is not None:
        zone = zone.difference(blocked)
    overlay = Overlay(f"deployment zone of player {player}", zone, COLOURS["deployment"], 0.25)
    return OverlayResult((overlay,), f"deployment zone of player {player}")


def overlay_for(scenario: Scenario, request: str) -> OverlayResult:
    """The overlays for one ``KIND:ARGUMENT`` request. Raises :class:`InputError` for an unknown kind, unit
    or player."""
    kind, sep, argument = request.partition(":")
    if not sep or not argument or kind not in KINDS:
        raise InputError(f"cannot read overlay {request!r} (expected infiltrate:UNIT, scout:UNIT or deployment:PLAYER)")
    if kind == "deployment":
        if argument not in ("1", "2"):
            raise InputError(f"overlay {request!r}: the player must be 1 or 2")
        return deployment_overlay(scenario, int(argument))
    placement = scenario.find(argument)
    if kind == "infiltrate":
        return infiltrate_overlays(scenario, placement)
    return scout_overlays(scenario, placement)
