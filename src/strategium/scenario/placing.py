"""Placing the armies' units: models on the table, units embarked, in Reserves, army Buildings.

Checks (each an :class:`InputError` at the place in the file): the unit id exists in that army; one
position per model; every model wholly on the table; no model on Impassable terrain or a Building; no two
models overlapping by more than :data:`OVERLAP_TOLERANCE` (touching is allowed); ``embarked_in`` names a
Transport of the same army or a Building that can be entered. Transport Capacity is not counted here (how
many places each model takes is not modelled yet).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace

import shapely
from shapely.geometry import Point

from strategium.army.army import Army, Model, Unit
from strategium.errors import InputError
from strategium.geometry.bases import Base, Hull, parse_base
from strategium.geometry.measure import MM_PER_INCH, Footprint
from strategium.geometry.pieces import PlacedModel, PlacedUnit, default_height
from strategium.geometry.regions import on_table
from strategium.geometry.sizes import has_hull, hull_size, model_base, sizing_type
from strategium.geometry.terrain import Battlefield, Building, FirePoint
from strategium.limits import check_limit
from strategium.model.characteristics import BuildingCharacteristics, Facing, VehicleCharacteristics
from strategium.model.unit_types import UnitType
from strategium.scenario.locate import Where
from strategium.scenario.spec import ArmyEntrySpec, PlacementSpec
from strategium.scenario.values import Placement, Status
from strategium.yaml_lines import YamlPath

OVERLAP_TOLERANCE = 0.001
"""Inches two models may overlap and still count as touching (oval bases are polygons up to ~0.0006" large)."""


@dataclass(frozen=True)
class _Model:
    """A placed model with its place in the file, for error messages."""

    path: YamlPath
    label: str
    placed: PlacedModel


def default_heading(battlefield: Battlefield, player: int) -> float:
    """Degrees: from the centre of ``player``'s deployment zone towards the opponent's (0 without a map)."""
    dep = battlefield.deployment
    if dep is None:
        return 0.0
    own, other = dep.zone(player).polygon.centroid, dep.zone(3 - player).polygon.centroid
    return round(math.degrees(math.atan2(other.y - own.y, other.x - own.x)), 6) % 360


def _transport_capacity(unit: Unit) -> int:
    chars = unit.models[0].profile.characteristics if unit.models else None
    if isinstance(chars, VehicleCharacteristics | BuildingCharacteristics):
        return chars.transport_capacity or 0
    return 0


def _is_building_unit(unit: Unit) -> bool:
    spec = unit.models[0].profile.unit_type if unit.models else None
    return sizing_type(spec) in (UnitType.BUILDING, UnitType.FORTIFICATION) and isinstance(
        unit.models[0].profile.characteristics, BuildingCharacteristics
    )


def unit_label(unit: Unit, army: Army) -> str:
    """The unit's name, with its id when another unit of the army has the same name."""
    same = sum(1 for u in army.units if u.name == unit.name)
    return unit.name if same == 1 else f"{unit.name} ({unit.id})"


def _building_from_unit(unit: Unit, hull: Hull) -> Building:
    """An army's Building/Fortification unit as a :class:`Building`: Armour, Hull Points and Transport
    Capacity from its profile; its Fire Points number is read as that many on each Facing (the data writes
    them as prose); Access Points are not read from the data; battlements when it has the rule."""
    chars = unit.models[0].profile.characteristics
    assert isinstance(chars, BuildingCharacteristics)
    fire = chars.fire_points or 0
    return Building(
        unit.name,
        hull,
        height=default_height(UnitType.BUILDING),
        front=chars.front or 0,
        side=chars.side or 0,
        rear=chars.rear or 0,
        hull_points=chars.hp or 0,
        transport_capacity=chars.transport_capacity or 0,
        fire_points=tuple(FirePoint(f, fire) for f in Facing) if fire else (),
        access_points=(),
        battlements=unit.any_model_has("Battlements"),
    )


class Placer:
    """Places both armies on one battlefield (see the module docstring for what is checked)."""

    def __init__(
        self,
        entries: Sequence[ArmyEntrySpec],
        armies: Sequence[Army],
        buildings: dict[str, Building],
        where: Where,
    ) -> None:
        self.entries = entries
        self.armies = armies
        self.buildings = buildings  # the scenario's own Buildings by id
        self.where = where
        self.units: list[dict[str, Unit]] = [{u.id: u for u in a.units} for a in armies]

    def _path(self, player: int, unit_id: str, *rest: str | int) -> YamlPath:
        return ("armies", player - 1, "positions", unit_id, *rest)

    def _coords_path(self, player: int, unit_id: str, spec: PlacementSpec, n: int) -> YamlPath:
        # the short form (a bare list) has no "models" key in the file
        lines = self.where.lines
        models_key = self._path(player, unit_id, "models")
        return (*models_key, n) if models_key in lines else self._path(player, unit_id, n)

    def check_units(self) -> None:
        """Every unit id named under ``positions`` exists in that army."""
        for n, (entry, army) in enumerate(zip(self.entries, self.armies, strict=True)):
            for unit_id in entry.positions:
                if unit_id not in self.units[n]:
                    known = ", ".join(self.units[n])
                    raise self.where.error(
                        self._path(n + 1, unit_id), f"no unit {unit_id!r} in {army.name!r} (unit ids: {known})"
                    )

    def army_buildings(self, battlefield: Battlefield) -> dict[tuple[int, str], Building]:
        """The armies' Building units that are given a position, as Buildings (key: player, unit id)."""
        out: dict[tuple[int, str], Building] = {}
        for n, entry in enumerate(self.entries):
            player = n + 1
            for unit_id, spec in entry.positions.items():
                unit = self.units[n][unit_id]
                if not _is_building_unit(unit) or spec.models is None:
                    continue
                if len(spec.models) != 1:
                    raise self.where.error(self._path(player, unit_id), "a Building takes one position [x, y, heading]")
                coord = spec.models[0]
                heading = coord[2] if len(coord) == 3 else default_heading(battlefield, player)
                length, width = spec.hull or hull_size(unit.models[0].name, unit.models[0].profile.unit_type)
                building = _building_from_unit(unit, Hull(coord[0], coord[1], length, width, heading))
                if not on_table(battlefield, Footprint(building.footprint)):
                    raise self.where.error(
                        self._coords_path(player, unit_id, spec, 0), f"{unit.name} lies (partly) off the table"
                    )
                out[(player, unit_id)] = building
        return out

    def place(self, battlefield: Battlefield, army_buildings: dict[tuple[int, str], Building]) -> tuple[Placement, ...]:
        """Every unit of both armies as a :class:`Placement`, after all checks."""
        placements: list[Placement] = []
        models: list[_Model] = []
        for n, (entry, army) in enumerate(zip(self.entries, self.armies, strict=True)):
            player = n + 1
            heading = default_heading(battlefield, player)
            for unit in army.units:
                spec = entry.positions.get(unit.id)
                if (player, unit.id) in army_buildings:
                    building = army_buildings[(player, unit.id)]
                    placements.append(Placement(player, unit, Status.BUILDING, building=building))
                    continue
                base = self._base_override(player, unit.id, spec) if spec is not None else None
                hull = spec.hull if spec is not None else None
                shapes = tuple(_placed_model(m, 0.0, 0.0, heading, base, hull) for m in unit.models)
                effects = spec.effects if spec is not None else ()
                extra = Placement(player, unit, Status.UNDEPLOYED, shapes=shapes, hull=hull, effects=effects)
                if base is not None:
                    extra = replace(extra, base_mm=(base.length_mm, base.width_mm or base.length_mm))
                if spec is not None and spec.joined_to is not None:
                    extra = replace(extra, joined_to=self._joined_to(player, unit, spec.joined_to))
                placed_somewhere = spec is not None and (
                    spec.reserves or spec.infiltrate or spec.embarked_in is not None or spec.models is not None
                )
                if spec is None or not placed_somewhere:
                    placements.append(extra)
                elif spec.infiltrate:
                    transport = None
                    if spec.embarked_in is not None:
                        transport = self._held_transport(player, unit, spec.embarked_in)
                    placements.append(replace(extra, status=Status.HELD, transport=transport))
                elif spec.reserves:
                    placements.append(replace(extra, status=Status.RESERVES, reserve_mode=spec.mode or "normal"))
                elif spec.embarked_in is not None:
                    target = self._embark_target(player, unit, spec.embarked_in, army_buildings)
                    placed = PlacedUnit(unit_label(unit, army), player, (), _unit_type(unit), embarked_in=target)
                    placements.append(replace(extra, status=Status.EMBARKED, placed=placed))
                else:
                    placed_models = self._models(player, unit, spec, battlefield)
                    models.extend(placed_models)
                    placed = PlacedUnit(
                        unit_label(unit, army), player, tuple(m.placed for m in placed_models), _unit_type(unit)
                    )
                    assert spec.models is not None
                    coords = tuple((c[0], c[1], c[2] if len(c) == 3 else heading) for c in spec.models)
                    placements.append(replace(extra, status=Status.ON_TABLE, placed=placed, coords=coords))
        self._check_overlaps(models)
        self._check_joined(placements)
        return tuple(placements)

    def _joined_to(self, player: int, unit: Unit, target: str) -> str:
        here = self._path(player, unit.id, "joined_to")
        if target == unit.id:
            raise self.where.error(here, "a unit cannot join itself")
        if target not in self.units[player - 1]:
            raise self.where.error(here, f"no unit {target!r} in this army")
        return target

    def _held_transport(self, player: int, unit: Unit, target: str) -> str:
        here = self._path(player, unit.id, "embarked_in")
        carrier = self.units[player - 1].get(target)
        if carrier is None or carrier.dedicated_transport_for != unit.id:
            raise self.where.error(here, f"{target!r} is not this unit's Dedicated Transport (INF-6)")
        if target in self.entries[player - 1].positions:
            raise self.where.error(here, f"{target!r} is held back with the unit: give it no place of its own")
        return target

    def _check_joined(self, placements: list[Placement]) -> None:
        """A joined character is where its unit is (on the table beside it, embarked in the same place, ...)."""
        by_key = {(p.player, p.unit.id): p for p in placements}
        for p in placements:
            if p.joined_to is None:
                continue
            other = by_key[(p.player, p.joined_to)]
            same = p.status is other.status
            if same and p.status is Status.EMBARKED and p.placed is not None and other.placed is not None:
                same = p.placed.embarked_in == other.placed.embarked_in
            if not same:
                raise self.where.error(
                    self._path(p.player, p.unit.id, "joined_to"),
                    f"a joined character is where its unit is: {p.unit.id} is {p.status.value}, "
                    f"{other.unit.id} is {other.status.value}",
                )

    def _embark_target(
        self,
        player: int,
        unit: Unit,
        target: str,
        army_buildings: dict[tuple[int, str], Building],
    ) -> str:
        here = self._path(player, unit.id, "embarked_in")
        own = self.units[player - 1]
        if target == unit.id:
            raise self.where.error(here, "a unit cannot embark in itself")
        if target in own:
            carrier = own[target]
            if not has_hull(carrier.models[0].profile.unit_type if carrier.models else None):
                raise self.where.error(here, f"{target!r} is not a Transport or Building")
            if _transport_capacity(carrier) <= 0:
                raise self.where.error(here, f"{target!r} has no Transport Capacity")
            carrier_spec = self.entries[player - 1].positions.get(target)
            if carrier_spec is not None and carrier_spec.embarked_in is not None:
                raise self.where.error(here, f"{target!r} is itself embarked")
            if _is_building_unit(carrier) and (player, target) not in army_buildings:
                raise self.where.error(here, f"the Building {target!r} is not placed on the table")
            return target
        names = dict(self.buildings)
        names.update({unit_id: b for (_, unit_id), b in army_buildings.items()})
        if target in names:
            if not names[target].can_be_entered:
                raise self.where.error(here, f"the Building {target!r} has no Transport Capacity")
            return target
        raise self.where.error(here, f"no Transport of this army and no Building with id {target!r}")

    def _base_override(self, player: int, unit_id: str, spec: PlacementSpec) -> Base | None:
        if spec.base is None:
            return None
        try:
            base = parse_base(spec.base)
            for side in (base.length_mm, base.width_mm or base.length_mm):
                if not math.isfinite(side) or side <= 0:
                    raise InputError(f"a base size must be more than 0 mm, not {spec.base!r}", field="base")
                check_limit(side / MM_PER_INCH, "table_inches", what="a base side in inches")
            return base
        except InputError as err:
            raise self.where.error(self._path(player, unit_id, "base"), err.message) from None

    def _models(self, player: int, unit: Unit, spec: PlacementSpec, battlefield: Battlefield) -> list[_Model]:
        assert spec.models is not None
        if len(spec.models) != len(unit.models):
            raise self.where.error(
                self._path(player, unit.id),
                f"the unit has {len(unit.models)} model{'s' if len(unit.models) != 1 else ''}, "
                f"{len(spec.models)} position{'s' if len(spec.models) != 1 else ''} given",
            )
        base = self._base_override(player, unit.id, spec)
        heading0 = default_heading(battlefield, player)
        out: list[_Model] = []
        for k, (model, coord) in enumerate(zip(unit.models, spec.models, strict=True)):
            path = self._coords_path(player, unit.id, spec, k)
            heading = coord[2] if len(coord) == 3 else heading0
            placed = _placed_model(model, coord[0], coord[1], heading, base, spec.hull)
            label = f"{player}:{unit.id} model {k + 1} ({model.name})"
            if not on_table(battlefield, placed.footprint):
                raise self.where.error(
                    path,
                    f"model {k + 1} ({model.name}) at [{coord[0]:g}, {coord[1]:g}] is (partly) off the "
                    f'{battlefield.table.width:g}" x {battlefield.table.depth:g}" table',
                )
            blocker = _standing_on(battlefield, placed.footprint)
            if blocker is not None:
                raise self.where.error(path, f"model {k + 1} ({model.name}) stands on {blocker}")
            out.append(_Model(path, label, placed))
        return out

    def _check_overlaps(self, models: Sequence[_Model]) -> None:
        if len(models) < 2:
            return
        polys = [m.placed.footprint.polygon() for m in models]
        tree = shapely.STRtree(polys)
        for i, m in enumerate(models):
            for j in sorted(int(j) for j in tree.query(polys[i], predicate="intersects")):
                if j >= i:
                    break
                if overlap(models[j].placed.footprint, m.placed.footprint):
                    other = models[j].label
                    raise self.where.error(m.path, f"{m.label.split(' ', 1)[1]} overlaps {other}")


def _unit_type(unit: Unit) -> UnitType | None:
    return sizing_type(unit.models[0].profile.unit_type) if unit.models else None


def _placed_model(
    model: Model, x: float, y: float, heading: float, base: Base | None, hull: tuple[float, float] | None
) -> PlacedModel:
    spec = model.profile.unit_type
    height = default_height(sizing_type(spec))
    if hull is not None or (base is None and has_hull(spec)):
        length, width = hull or hull_size(model.name, spec)
        return PlacedModel.from_hull(Hull(x, y, length, width, heading), height, model.name)
    chosen = base or model_base(model.base_mm, spec)
    return PlacedModel(chosen.footprint(x, y, heading), height, model.name)


def overlap(a: Footprint, b: Footprint) -> bool:
    """True if two footprints overlap by more than :data:`OVERLAP_TOLERANCE` inches (touching is not)."""
    tol = OVERLAP_TOLERANCE
    if a.is_round and b.is_round:
        return float(a.core.distance(b.core)) < a.radius + b.radius - tol
    if a.is_round or b.is_round:
        disc, other = (a, b) if a.is_round else (b, a)
        assert isinstance(disc.core, Point)
        if other.core.contains(disc.core):
            return True
        return float(other.core.distance(disc.core)) < disc.radius + other.radius - tol
    inner = a.core.buffer(-tol)
    return bool(inner.intersects(b.core))


def _standing_on(battlefield: Battlefield, fp: Footprint) -> str | None:
    """The Impassable piece or Building the footprint overlaps, as words, or None."""
    for piece in battlefield.terrain:
        if piece.is_impassable and overlap(fp, Footprint(piece.footprint)):
            return f"Impassable terrain ({piece.name})"
    for b in battlefield.buildings:
        if overlap(fp, Footprint(b.footprint)):
            return f"the Building {b.name!r}"
    return None


def with_buildings(battlefield: Battlefield, extra: Sequence[Building]) -> Battlefield:
    """The battlefield with the armies' Buildings added."""
    return replace(battlefield, buildings=battlefield.buildings + tuple(extra))
