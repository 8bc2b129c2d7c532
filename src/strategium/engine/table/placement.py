"""From the state to the table's geometry: each model's footprint (base or hull) at its pose, each unit
as a :class:`~strategium.geometry.pieces.PlacedUnit` for measuring and line of sight, and every model on the
table at once (:func:`table_models`, with a spatial index, cached while no pose changes)."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from functools import lru_cache
from itertools import groupby
from typing import TYPE_CHECKING

import numpy as np
from shapely.geometry.base import BaseGeometry

from strategium.army.army import Model, Unit
from strategium.engine.core.board import Location, Placement, Pose, UnitStatus
from strategium.engine.core.timing import PlayerId, opponent
from strategium.engine.core.tracked import CLOCK, TrackedDict
from strategium.geometry import sizes
from strategium.geometry.bases import Base, Hull
from strategium.geometry.index import FootprintIndex
from strategium.geometry.measure import MM_PER_INCH, Footprint
from strategium.geometry.pieces import PlacedModel, PlacedUnit, default_height
from strategium.model.unit_types import UnitTypeSpec

if TYPE_CHECKING:
    from strategium.engine.core.state import GameState


def footprint(model: Model, pose: Pose) -> Footprint:
    """The model's base or hull with its centre at ``pose`` (bases in mm from the army, else the defaults of
    :mod:`strategium.geometry.sizes`). Footprints are immutable and cached by shape and pose (and the last one
    of each model in its memo: most calls ask again for a model that has not moved)."""
    memo = model.memo
    last: tuple[Pose, Footprint] | None = memo.get(_LAST)
    if last is not None and (last[0] is pose or last[0] == pose):
        return last[1]
    fp = _footprint(_shape_of(model), pose.x, pose.y, pose.heading)
    memo[_LAST] = (pose, fp)
    return fp


_LAST = "placement.footprint"
"""The key of a model's last (pose, footprint) in its :attr:`Model.memo`."""


def hull_of(model: Model, pose: Pose) -> Hull | None:
    """The hull of a model without a base (Vehicles and Buildings), or None for a based model."""
    shape = _shape_of(model)
    if isinstance(shape, Base):
        return None
    return Hull(pose.x, pose.y, shape[0], shape[1], pose.heading)


def inradius(model: Model) -> float:
    """The radius of a disc about the model's centre that lies inside its footprint at any pose (inches): a round
    base's radius, half an oval base's width (its polygon circumscribes the ellipse, which holds that disc), half
    the shorter side of a hull. Two models whose centres are closer than the sum of their inradii overlap."""
    shape = _shape_of(model)
    if isinstance(shape, Base):
        width = shape.length_mm if shape.width_mm is None else min(shape.length_mm, shape.width_mm)
        return width / MM_PER_INCH / 2
    return min(shape) / 2


Bounds = tuple[float, float, float, float]
"""min x, min y, max x, max y (inches)."""

Shape = Base | tuple[float, float]
"""A based model's ``Base``, or a hull's (length, width) in inches."""


_SHAPE = "placement.shape"
"""The key of a model's shape in its :attr:`Model.memo`."""


def _shape_of(model: Model) -> Shape:
    memo = model.memo
    shape: Shape | None = memo.get(_SHAPE)
    if shape is None:
        profile = model.profile
        shape = memo[_SHAPE] = _shape(model.base_mm, model.name, profile.unit_type, profile.has_armour_values)
    return shape


@lru_cache(maxsize=4096)
def _shape(base_mm: tuple[float, float] | None, name: str, unit_type: UnitTypeSpec, armour: bool) -> Shape:
    if base_mm is not None:
        length, width = base_mm
        return Base(length, None if width == length else width)
    if armour:
        return sizes.hull_size(name, unit_type)
    return sizes.default_base(unit_type)


@lru_cache(maxsize=16384)
def _footprint(shape: Shape, x: float, y: float, heading: float) -> Footprint:
    if isinstance(shape, Base):
        return shape.footprint(x, y, heading)
    return Hull(x, y, shape[0], shape[1], heading).footprint()


def placed_model(model: Model, pose: Pose) -> PlacedModel:
    """The model as the geometry sees it: footprint, height and (for vehicles) its hull."""
    height = default_height(model.profile.unit_type.unit_type)
    hull = hull_of(model, pose)
    if hull is not None:
        return PlacedModel.from_hull(hull, height, model.id)
    return PlacedModel(footprint(model, pose), height, model.id)


def placed_unit(unit: Unit, status: UnitStatus, poses: Placement | None = None) -> PlacedUnit:
    """The unit's models on the table at ``poses`` (default: where they stand now). Models without a pose
    (removed as casualties) are left out; a unit not on the table is returned with no models."""
    embarked = status.embarked_in if status.location is Location.EMBARKED else None
    memo = unit.models[0].memo if poses is None else None
    if memo is not None:  # the unit where it stands now: kept while its poses stay the same
        last = memo.get(_PLACED)
        if last is not None and last[0] is unit and last[1] == status.poses and last[2] == (status.player, embarked):
            kept: PlacedUnit = last[3]
            return kept
    where = dict(poses) if poses is not None else status.poses
    models = tuple(placed_model(m, where[m.id]) for m in unit.models if m.id in where)
    placed = PlacedUnit(unit.id, status.player, models, unit.models[0].profile.unit_type.unit_type, embarked)
    if memo is not None:
        memo[_PLACED] = (unit, dict(where), (status.player, embarked), placed)
    return placed


_PLACED = "placement.placed_unit"
"""The key of a unit's last placed form in its first model's :attr:`Model.memo`: (unit, poses, (player, embarked
in), PlacedUnit)."""


def enemies(state: GameState, player: PlayerId) -> list[PlacedUnit]:
    """The enemy units (of ``player``'s opponent) deployed on the table right now, as the geometry sees them."""
    return [placed_unit(u, state.units[u.id]) for u in state.units_of(opponent(player), Location.TABLE)]


class TableModels:
    """Every model on the table at one moment, with a spatial index over their footprints.

    ``items`` are (model id, footprint) in the state's unit order, each unit's models in army order;
    ``unit_ids`` and ``players`` say whose each item is, ``models`` and ``poses`` which model it is and where it
    stands; ``parts`` are the entries of each unit with models on the table, in that order (given, or found by
    unit id: :func:`table_models` passes its units' parts, the same tuple objects from one snapshot to the next
    while a unit's part is unchanged). Built by :func:`table_models`; never changed.
    """

    def __init__(self, entries: list[Entry], parts: Sequence[tuple[Entry, ...]] | None = None) -> None:
        if parts is None:
            parts = [tuple(group) for _, group in groupby(entries, key=lambda e: e[0])]
        self.parts: tuple[tuple[Entry, ...], ...] = tuple(p for p in parts if p)
        unit_ids, players, model_ids, models, poses, feet = zip(*entries, strict=True) if entries else ((),) * 6
        self.unit_ids: tuple[str, ...] = unit_ids
        self.players: tuple[PlayerId, ...] = players
        self.models: tuple[Model, ...] = models
        self.poses: tuple[Pose, ...] = poses
        self.items: tuple[tuple[str, Footprint], ...] = tuple(zip(model_ids, feet, strict=True))
        self.index = FootprintIndex(self.items)
        self._masks: dict[object, np.ndarray] = {}

    def others(self, moving: Collection[str]) -> list[tuple[str, Footprint]]:
        """(model id, footprint) of every model outside the units ``moving`` (unit ids)."""
        return [item for uid, item in zip(self.unit_ids, self.items, strict=True) if uid not in moving]

    def enemies_of(self, player: PlayerId) -> list[tuple[str, Footprint]]:
        """(model id, footprint) of every model of ``player``'s opponent."""
        return [item for p, item in zip(self.players, self.items, strict=True) if p != player]

    def near_others(
        self, geometry: BaseGeometry, moving: Collection[str], inches: float = 0.0, bounds: Bounds | None = None
    ) -> list[tuple[str, Footprint]]:
        """The models outside ``moving`` that may lie within ``inches`` of ``geometry``: a superset of those
        that do, in the order of :meth:`others` (the index's broad phase; callers apply the exact test).
        ``bounds``, if given, must contain ``geometry`` (:meth:`FootprintIndex.indices_near`)."""
        found = self.index.indices_near(geometry, inches, self._outside(moving), bounds)
        return [self.items[i] for i in found]

    def near_enemies(
        self, geometry: BaseGeometry, player: PlayerId, inches: float = 0.0, bounds: Bounds | None = None
    ) -> list[tuple[str, Footprint]]:
        """The models of ``player``'s opponent that may lie within ``inches`` of ``geometry`` (a superset, in
        the order of :meth:`enemies_of`)."""
        return [self.items[i] for i in self.index.indices_near(geometry, inches, self._foes(player), bounds)]

    def others_near_boxes(
        self, boxes: Sequence[Bounds], moving: Collection[str], inches: float = 0.0
    ) -> list[list[tuple[str, Footprint]]]:
        """For each box: the models outside ``moving`` whose cores come (by bounds) within ``inches`` + the
        largest radius of it, in the order of :meth:`others` (a superset of those within ``inches`` of anything
        inside the box; callers apply the exact test)."""
        return [[self.items[i] for i in row] for row in self.index.boxes_near(boxes, inches, self._outside(moving))]

    def enemies_near_boxes(
        self, boxes: Sequence[Bounds], player: PlayerId, inches: float = 0.0
    ) -> list[list[tuple[str, Footprint]]]:
        """For each box: the models of ``player``'s opponent that may come within ``inches`` of it (by
        bounds; a superset), in the order of :meth:`enemies_of`."""
        return [[self.items[i] for i in row] for row in self.index.boxes_near(boxes, inches, self._foes(player))]

    def outside(self, moving: Collection[str]) -> np.ndarray:
        """One boolean per item: whether its unit is not among ``moving`` (unit ids); kept per set (read-only)."""
        return self._outside(moving)

    def _outside(self, moving: Collection[str]) -> np.ndarray:
        key = frozenset(moving)
        mask = self._masks.get(key)
        if mask is None:
            mask = self._masks[key] = np.array([u not in key for u in self.unit_ids], dtype=bool)
            mask.flags.writeable = False
        return mask

    def _foes(self, player: PlayerId) -> np.ndarray:
        mask = self._masks.get(player)
        if mask is None:
            mask = self._masks[player] = np.array([p != player for p in self.players], dtype=bool)
            mask.flags.writeable = False
        return mask


Entry = tuple[str, PlayerId, str, Model, Pose, Footprint]
"""One model of :class:`TableModels`: unit id, player, model id, model, pose, footprint."""

Part = tuple[str, PlayerId, Location, dict[str, Pose], tuple[Entry, ...]]
"""A unit's part of the last :func:`table_models` snapshot: unit id, player, location, a copy of its poses (by value)
and its entries (none unless it is on the table)."""

_last_table: list[tuple[object, TableModels, dict[str, Part]]] = []
"""The last snapshot of :func:`table_models`, the armies it was built for and, by unit id in the state's order, each
unit's part (one entry, replaced whole)."""


def table_models(state: GameState) -> TableModels:
    """Every model on the table in ``state`` (units whose location is the table, models with a pose).

    Cached: the snapshot is rebuilt only when the armies, the units (in order) or any unit's player, location or
    poses differ from those it was built for (compared by value, each unit's poses against a copy kept with its
    part, so a change made in place is seen too); a rebuild takes the entries of the units whose part is unchanged
    from the last snapshot. Asked again while nothing tracked has changed (``tracked.CLOCK``, as ``GameState.key``
    uses it), it is given at once.
    """
    tracked = state.units if type(state.units) is TrackedDict else None
    now = _unchanged[0] if _unchanged else None  # one read: the marks and their snapshot go together
    if tracked is not None and now is not None and now[0] is tracked and now[1] == CLOCK.now and now[2] is state.armies:
        return now[3]
    armies = state.armies
    last = _last_table[0] if _last_table else None
    same = last is not None and (last[0] is armies or last[0] == armies)
    reuse = last[2] if last is not None and same else {}
    kept_parts = iter(reuse.values())
    same = same and len(reuse) == len(state.units)  # the same units, in the same order, each with an unchanged part
    by_unit: dict[str, Part] = {}
    for status in state.units.values():
        uid = status.unit_id
        # the unit's part is reused when its player, location and poses are equal (the poses of an unmoved unit are
        # the same objects, which the comparison passes at once)
        kept = next(kept_parts, None) if same else None
        if kept is None or kept[0] != uid:
            same = False
            kept = reuse.get(uid)
        poses = status.poses
        if kept is None or kept[1] != status.player or kept[2] != status.location or kept[3] != poses:
            same = False
            got: tuple[Entry, ...] = ()
            if status.location is Location.TABLE:
                got = tuple(
                    (uid, status.player, m.id, m, poses[m.id], footprint(m, poses[m.id]))
                    for m in state.unit(uid).models
                    if m.id in poses
                )
            kept = (uid, status.player, status.location, dict(poses), got)
        by_unit[uid] = kept
    if same and last is not None:  # (``same`` implies a last snapshot)
        snapshot = last[1]
    else:
        entries: list[Entry] = []
        parts = [part[4] for part in by_unit.values() if part[4]]
        for got in parts:
            entries.extend(got)
        snapshot = TableModels(entries, parts)
    _last_table[:] = [(armies, snapshot, by_unit)]  # replaced whole, never edited
    if tracked is not None:
        _unchanged[:] = [(tracked, CLOCK.now, armies, snapshot)]
    return snapshot


_unchanged: list[tuple[object, int, object, TableModels]] = []
"""The last snapshot of :func:`table_models` with the state's units (a :class:`TrackedDict`, held so that its identity
is never reused), :data:`~strategium.engine.core.tracked.CLOCK` and armies when it was last given: while the same units
dict stands and nothing tracked has changed anywhere (the clock has not moved), the snapshot is given without
building its key."""
