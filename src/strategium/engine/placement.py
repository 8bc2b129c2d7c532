"""From the state to the table's geometry: each model's footprint (base or hull) at its pose, and each unit
as a :class:`~strategium.geometry.pieces.PlacedUnit` for measuring and line of sight."""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from strategium.army.army import Model, Unit
from strategium.engine.board import Location, Placement, Pose, UnitStatus
from strategium.engine.timing import PlayerId, opponent
from strategium.geometry import sizes
from strategium.geometry.bases import Base, Hull
from strategium.geometry.measure import Footprint
from strategium.geometry.pieces import PlacedModel, PlacedUnit, default_height
from strategium.model.unit_types import UnitTypeSpec

if TYPE_CHECKING:
    from strategium.engine.state import GameState


def footprint(model: Model, pose: Pose) -> Footprint:
    """The model's base or hull with its centre at ``pose`` (bases in mm from the army, else the defaults of
    :mod:`strategium.geometry.sizes`). Footprints are immutable and cached by shape and pose."""
    return _footprint(_shape_of(model), pose.x, pose.y, pose.heading)


def hull_of(model: Model, pose: Pose) -> Hull | None:
    """The hull of a model without a base (Vehicles and Buildings), or None for a based model."""
    shape = _shape_of(model)
    if isinstance(shape, Base):
        return None
    return Hull(pose.x, pose.y, shape[0], shape[1], pose.heading)


Shape = Base | tuple[float, float]
"""A based model's ``Base``, or a hull's (length, width) in inches."""


def _shape_of(model: Model) -> Shape:
    profile = model.profile
    return _shape(model.base_mm, model.name, profile.unit_type, profile.has_armour_values)


@lru_cache(maxsize=4096)
def _shape(base_mm: tuple[float, float] | None, name: str, unit_type: UnitTypeSpec, armour: bool) -> Shape:
    if base_mm is not None:
        length, width = base_mm
        return Base(length, None if width == length else width)
    if armour:
        return sizes.hull_size(name, unit_type)
    return sizes.default_base(unit_type)


@lru_cache(maxsize=65536)
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
    where = dict(poses) if poses is not None else status.poses
    models = tuple(placed_model(m, where[m.id]) for m in unit.models if m.id in where)
    embarked = status.embarked_in if status.location is Location.EMBARKED else None
    return PlacedUnit(unit.id, status.player, models, unit.models[0].profile.unit_type.unit_type, embarked)


def enemies(state: GameState, player: PlayerId) -> list[PlacedUnit]:
    """The enemy units (of ``player``'s opponent) deployed on the table right now, as the geometry sees them."""
    return [placed_unit(u, state.units[u.id]) for u in state.units_of(opponent(player), Location.TABLE)]
