"""Legal regions as geometry: where a model's centre may go, computed with polygons (never sampled).

A region here is a set of **centre positions** for one model footprint (a round base of radius r, or a
polygonal hull or oval at a fixed heading). Each region has a point check beside it that answers the same
question for one placement exactly (:mod:`strategium.geometry.measure`).

Agreement convention (tested with hypothesis): regions are **sound** (every centre inside a region passes
the point check) and **complete up to** :data:`REGION_TOLERANCE` (a centre that passes the point check and
lies farther than that from the region's boundary is inside it). Circles are polygons here: areas a model
must avoid are grown with circumscribed arcs, areas it must stay in are taken with inscribed arcs.

Clauses: INF-3, INF-4, INF-5 (Infiltrate, Age of Darkness rulebook p.242); SCT-2, SCT-3 (Scout, p.246);
deployment zones (mission rules, CORE_A §3.2).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import shapely
from shapely import affinity
from shapely.geometry import MultiPoint, Point, Polygon, box
from shapely.geometry.base import BaseGeometry

from strategium.geometry.measure import (
    EPSILON,
    Footprint,
    circle_polygon,
    distance,
    entirely_within,
    min_distance,
    more_than,
)
from strategium.geometry.pieces import PlacedUnit
from strategium.geometry.sight import SightMap
from strategium.geometry.terrain import Battlefield, Building
from strategium.model.unit_types import SubType, UnitType

QUAD_SEGS = 32
"""Segments per quarter circle in region polygons."""

_OUT = 1 / math.cos(math.pi / (4 * QUAD_SEGS))

REGION_TOLERANCE = 0.01
"""Inches: a region may leave out a band this wide next to its boundary (see the module docstring)."""

INFILTRATE_HIDDEN = 9.0
"""INF-3/INF-4: more than 9" from every enemy unit when hidden or inside a Building (rulebook p.242)."""

INFILTRATE_PLAIN_SIGHT = 12.0
"""INF-5: more than 12" from every enemy unit in plain sight (rulebook p.242)."""

SCOUT_ENEMY_DISTANCE = 9.0
"""SCT-3: Scouts stay more than 9" from every enemy unit (rulebook p.246)."""


def grow(geom: BaseGeometry, inches: float) -> BaseGeometry:
    """Everything within ``inches`` of ``geom``, with circumscribed arcs (contains the exact set). A point
    grows into :func:`circle_polygon`, the buffer's very polygon (vertex for vertex) at a fraction of its cost."""
    if type(geom) is Point and inches > 0:
        return circle_polygon((geom.x, geom.y), inches * _OUT, QUAD_SEGS)
    out: BaseGeometry = geom.buffer(inches * _OUT, quad_segs=QUAD_SEGS)
    return out


def shrink(geom: BaseGeometry, inches: float) -> BaseGeometry:
    """The points of ``geom`` at least ``inches`` inside it (contained in the exact set)."""
    out: BaseGeometry = geom.buffer(-inches * _OUT, quad_segs=QUAD_SEGS)
    return out


def _rel_core(model: Footprint) -> np.ndarray | None:
    """The core's vertices relative to the centre (None for a round base)."""
    if model.is_round:
        return None
    assert isinstance(model.core, Polygon)
    cx, cy = model.centre
    rel: np.ndarray = np.asarray(model.core.exterior.coords)[:-1] - np.array([cx, cy])
    return rel


def _reach(core: BaseGeometry, rel: np.ndarray | None) -> BaseGeometry:
    """Centres at which a model core (vertices ``rel`` about its centre) meets ``core``: core ⊕ (-shape)."""
    if rel is None:
        return core
    pts = np.asarray(core.convex_hull.exterior.coords if not isinstance(core, Point) else core.coords)
    sums = (pts[:, None, :] - rel[None, :, :]).reshape(-1, 2)
    return MultiPoint(sums).convex_hull


def forbidden_near(enemies: Sequence[Footprint], model: Footprint, inches: float) -> BaseGeometry:
    """Centres at which ``model`` would be within ``inches`` (inclusive) of any of ``enemies``."""
    rel = _rel_core(model)
    parts = [grow(_reach(e.core, rel), inches + EPSILON + model.radius + e.radius) for e in enemies]
    return shapely.union_all(np.array(parts, dtype=object)) if parts else Polygon()


def on_table_region(battlefield: Battlefield, model: Footprint) -> BaseGeometry:
    """Centres at which the whole footprint is on the table."""
    t = battlefield.table
    rel = _rel_core(model)
    if rel is None:
        r = model.radius
        return box(r, r, t.width - r, t.depth - r)
    return box(-rel[:, 0].min(), -rel[:, 1].min(), t.width - rel[:, 0].max(), t.depth - rel[:, 1].max())


def on_table(battlefield: Battlefield, model: Footprint) -> bool:
    """Whether the whole footprint is on the table (point check of :func:`on_table_region`)."""
    minx, miny, maxx, maxy = model.bounds
    r = model.radius
    t = battlefield.table
    return (
        minx - r >= -EPSILON
        and miny - r >= -EPSILON
        and maxx + r <= t.width + EPSILON
        and maxy + r <= t.depth + EPSILON
    )


def standing_forbidden(battlefield: Battlefield, model: Footprint) -> BaseGeometry:
    """Centres at which the footprint would overlap Impassable terrain or a Building (touching is allowed
    by the point check; the region leaves touching positions out, which is the sound side)."""
    rel = _rel_core(model)
    pieces = [t.footprint for t in battlefield.terrain if t.is_impassable] + [
        b.footprint for b in battlefield.buildings
    ]
    parts = [grow(_reach(p, rel), model.radius) for p in pieces]
    return shapely.union_all(np.array(parts, dtype=object)) if parts else Polygon()


def may_stand(battlefield: Battlefield, model: Footprint) -> bool:
    """Whether the footprint is wholly on the table and overlaps no Impassable terrain or Building."""
    if not on_table(battlefield, model):
        return False
    minx, miny, maxx, maxy = model.bounds
    r = model.radius
    for p, (pminx, pminy, pmaxx, pmaxy) in battlefield.standing_blockers:
        if minx - r > pmaxx or maxx + r < pminx or miny - r > pmaxy or maxy + r < pminy:
            continue  # the boxes are apart: the footprint cannot reach the piece
        if model.is_round:
            if float(model.core.distance(p)) < model.radius - EPSILON:
                return False
        elif model.core.intersects(p) and not model.core.touches(p):
            return False
    return True


def _enemy_footprints(enemies: Sequence[PlacedUnit]) -> list[Footprint]:
    return [f for u in enemies if u.on_table for f in u.footprints]


# --- Infiltrate (rulebook p.242) -------------------------------------------------------------------


@dataclass(frozen=True)
class InfiltrateRegions:
    """Where one model of an infiltrating unit may have its centre, by clause.

    ``hidden`` (INF-3): more than 9" from every enemy unit and out of sight of every deployed enemy model;
    ``plain_sight`` (INF-5): more than 12" from every enemy unit; ``buildings`` (INF-4): Buildings with a
    Transport Capacity that are more than 9" from every enemy unit (the unit deploys embarked in one).
    A whole unit is legal when all its models are in ``hidden`` or all in ``plain_sight``.
    """

    hidden: BaseGeometry
    plain_sight: BaseGeometry
    buildings: tuple[Building, ...]

    @property
    def any(self) -> BaseGeometry:
        """``hidden`` and ``plain_sight`` together (the picture for a single model)."""
        out: BaseGeometry = self.hidden.union(self.plain_sight)
        return out


def infiltrate_buildings(battlefield: Battlefield, enemies: Sequence[PlacedUnit]) -> tuple[Building, ...]:
    """INF-4: the Buildings that may be entered and are more than 9" from every enemy unit."""
    fps = _enemy_footprints(enemies)
    return tuple(
        b
        for b in battlefield.buildings
        if b.can_be_entered and all(more_than(distance(f, b.footprint), INFILTRATE_HIDDEN) for f in fps)
    )


def infiltrate_regions(
    battlefield: Battlefield,
    enemies: Sequence[PlacedUnit],
    model: Footprint,
    height: float,
    sight: SightMap | None = None,
) -> InfiltrateRegions:
    """Compute the INF-3, INF-4 and INF-5 regions for a model shaped like ``model`` (its position is
    ignored) of the given height (inches), against the deployed ``enemies``."""
    sight = sight or SightMap(battlefield)
    fps = _enemy_footprints(enemies)
    base = on_table_region(battlefield, model).difference(standing_forbidden(battlefield, model))
    plain = base.difference(forbidden_near(fps, model, INFILTRATE_PLAIN_SIGHT))
    hidden_pts = sight.hidden_from_all(enemies, height)
    rel = _rel_core(model)
    margin = model.radius + EPSILON if rel is None else float(np.max(np.linalg.norm(rel, axis=1)))
    hidden = shrink(hidden_pts, margin).intersection(base).difference(forbidden_near(fps, model, INFILTRATE_HIDDEN))
    return InfiltrateRegions(hidden, plain, infiltrate_buildings(battlefield, enemies))


def infiltrate_clause(
    battlefield: Battlefield, enemies: Sequence[PlacedUnit], unit: PlacedUnit, sight: SightMap | None = None
) -> str | None:
    """Point check for an infiltrating unit placed on the table: the clause that makes it legal
    (``"INF-5"`` when more than 12" from every enemy unit, else ``"INF-3"`` when more than 9" and unseen by
    every deployed enemy unit) or None when it is illegal. Every model must be wholly on the table and off
    Impassable terrain. For a unit inside a Building use :func:`infiltrate_buildings` (INF-4); for a
    Dedicated Transport pass the Transport as ``unit`` (INF-6)."""
    if not all(may_stand(battlefield, f) for f in unit.footprints):
        return None
    fps = _enemy_footprints(enemies)
    d = min_distance(unit.footprints, fps) if fps else math.inf
    if more_than(d, INFILTRATE_PLAIN_SIGHT):
        return "INF-5"
    sight = sight or SightMap(battlefield)
    if more_than(d, INFILTRATE_HIDDEN) and not sight.any_unit_sees([e for e in enemies if e.on_table], unit):
        return "INF-3"
    return None


# --- Scout (rulebook p.246) -----------------------------------------------------------------------


def scout_distance(unit_type: UnitType | None, sub_types: frozenset[SubType] = frozenset()) -> float:
    """SCT-2: 6" for Infantry, Artillery, Dreadnought or Automata; 12" for every other Unit Type."""
    if unit_type in (UnitType.INFANTRY, UnitType.DREADNOUGHT, UnitType.AUTOMATA):
        return 6.0
    if SubType.ARTILLERY in sub_types:
        return 6.0
    return 12.0


def scout_region(
    battlefield: Battlefield, enemies: Sequence[PlacedUnit], model: Footprint, max_move: float
) -> BaseGeometry:
    """SCT-2/SCT-3: centres for ``model`` (at its current position, heading kept) entirely within
    ``max_move`` inches of where it stands and more than 9" from every enemy unit, on the table and off
    Impassable terrain. Scouts may leave their deployment zone, so the zone is not used."""
    rel = _rel_core(model)
    if rel is None:
        reach: BaseGeometry = Point(model.centre).buffer(max_move, quad_segs=QUAD_SEGS)
    else:
        near = model.core.buffer(max_move, quad_segs=QUAD_SEGS)  # inscribed: inside the exact set
        parts = [affinity.translate(near, -dx, -dy) for dx, dy in rel]
        reach = shapely.intersection_all(np.array(parts, dtype=object))
    base = reach.intersection(on_table_region(battlefield, model)).difference(standing_forbidden(battlefield, model))
    out: BaseGeometry = base.difference(forbidden_near(_enemy_footprints(enemies), model, SCOUT_ENEMY_DISTANCE))
    return out


def scout_move_legal(
    battlefield: Battlefield,
    enemies: Sequence[PlacedUnit],
    before: Footprint,
    after: Footprint,
    max_move: float,
) -> bool:
    """Point check for one Scout model: ``after`` is entirely within ``max_move`` of ``before`` (SCT-2),
    more than 9" from every enemy model (SCT-3), wholly on the table and off Impassable terrain."""
    if not entirely_within(after, before, max_move) or not may_stand(battlefield, after):
        return False
    fps = _enemy_footprints(enemies)
    return not fps or more_than(min_distance([after], fps), SCOUT_ENEMY_DISTANCE)


# --- Deployment and reach ---------------------------------------------------------------------------


def deployment_region(battlefield: Battlefield, player: int, model: Footprint) -> BaseGeometry:
    """Centres at which ``model`` stands wholly within ``player``'s deployment zone and off Impassable
    terrain and Buildings. Raises :class:`InputError` if the battlefield has no map or no zone for them."""
    from strategium.errors import InputError

    if battlefield.deployment is None:
        raise InputError("the battlefield has no deployment map", field="deployment")
    zone = battlefield.deployment.zone(player).polygon
    rel = _rel_core(model)
    margin = model.radius if rel is None else float(np.max(np.linalg.norm(rel, axis=1)))
    out: BaseGeometry = shrink(zone, margin).difference(standing_forbidden(battlefield, model))
    return out


def reach_region(unit: PlacedUnit, inches: float) -> BaseGeometry:
    """Everything within ``inches`` of some model of ``unit`` (inscribed: inside the exact set), e.g. the
    ground a charge of that length could reach, before terrain and other models are considered."""
    parts = [f.polygon(QUAD_SEGS).buffer(inches, quad_segs=QUAD_SEGS) for f in unit.footprints]
    out: BaseGeometry = shapely.union_all(np.array(parts, dtype=object))
    return out
