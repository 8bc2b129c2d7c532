"""From the state to the table's geometry: each model's footprint (base or hull) at its pose, and each unit
as a :class:`~strategium.geometry.pieces.PlacedUnit` for measuring and line of sight."""

from __future__ import annotations

from strategium.army.army import Model, Unit
from strategium.engine.board import Location, Placement, Pose, UnitStatus
from strategium.geometry import sizes
from strategium.geometry.bases import Base, Hull
from strategium.geometry.measure import Footprint
from strategium.geometry.pieces import PlacedModel, PlacedUnit, default_height


def footprint(model: Model, pose: Pose) -> Footprint:
    """The model's base or hull with its centre at ``pose`` (bases in mm from the army, else the defaults of
    :mod:`strategium.geometry.sizes`)."""
    hull = hull_of(model, pose)
    if hull is not None:
        return hull.footprint()
    if model.base_mm is not None:
        length, width = model.base_mm
        base = Base(length, None if width == length else width)
    else:
        base = sizes.default_base(model.profile.unit_type)
    return base.footprint(pose.x, pose.y, pose.heading)


def hull_of(model: Model, pose: Pose) -> Hull | None:
    """The hull of a model without a base (Vehicles and Buildings), or None for a based model."""
    if model.base_mm is not None or not model.profile.has_armour_values:
        return None
    length, width = sizes.hull_size(model.name, model.profile.unit_type)
    return Hull(pose.x, pose.y, length, width, pose.heading)


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
