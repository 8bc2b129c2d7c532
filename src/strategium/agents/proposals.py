"""Proposed actions that need geometry: where a unit may be deployed, infiltrated, brought on from Reserves or
disembarked (regions of legal centres, turned into formations by :mod:`strategium.agents.placement_sampling`),
and the Charge and Surge Moves of a charging unit. Both players build on these; the engine checks every proposal.

All lengths are inches.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache

import shapely
from shapely.geometry import Point
from shapely.geometry.base import BaseGeometry

from strategium.agents import placement_sampling as ps
from strategium.agents.charge_spots import approach
from strategium.agents.move_screen import static_areas
from strategium.agents.spots import Spots as Spots
from strategium.agents.spots import spots
from strategium.army.army import Model, Unit
from strategium.engine.assault import charges
from strategium.engine.attacks import damage
from strategium.engine.core.board import Location, Placement, Pose
from strategium.engine.core.game import Game
from strategium.engine.core.timing import PlayerId
from strategium.engine.movement.common import movement_of, party, run_bonus
from strategium.engine.movement.transports import hull_of
from strategium.engine.table import placement
from strategium.engine.table.placement import footprint
from strategium.engine.table.table_checks import coherency, coherency_distance
from strategium.geometry.measure import EPSILON, Footprint, distance, within
from strategium.geometry.pieces import default_height
from strategium.geometry.regions import (
    INFILTRATE_HIDDEN,
    INFILTRATE_PLAIN_SIGHT,
    deployment_region,
    grow,
    infiltrate_regions,
    on_table_region,
    standing_forbidden,
)
from strategium.geometry.sight import SightMap
from strategium.geometry.table import Edge
from strategium.geometry.terrain import Battlefield
from strategium.scenario.placing import default_heading


@dataclass(frozen=True)
class Shape:
    """What a formation of a party needs: its units and living models, the round probe standing for the widest
    (any heading), the grid steps (x, y) in inches for its models turned to ``heading``
    (:func:`~strategium.agents.placement_sampling.grid_steps`), whether diagonal grid neighbours are within
    coherency of each other, and the heading its models face (degrees)."""

    units: tuple[Unit, ...]
    models: tuple[Model, ...]
    probe: Footprint
    steps: tuple[float, float]
    diagonal: bool
    heading: float


def living_models(game: Game, units: Sequence[Unit]) -> tuple[Model, ...]:
    """The models of ``units`` that are not casualties, in order."""
    s = game.state
    return tuple(m for u in units for m in u.models if not s.units[u.id].is_casualty(m.id))


def probe_radius(game: Game, units: Sequence[Unit]) -> float:
    """The radius of the round probe of ``units``' living models at the default heading (inches): that of
    :attr:`Shape.probe` of :func:`shape_of`, without the rest of the shape or the probe itself (as
    :func:`~strategium.agents.placement_sampling.probe` measures it)."""
    s = game.state
    heading = default_heading(s.battlefield, s.owner(units[0].id))
    return max((ps.circumradius(m, heading) for m in living_models(game, units)), default=0.5)


def shape_of(game: Game, units: Sequence[Unit], heading: float | None = None) -> Shape:
    """The formation shape of ``units``' living models (default heading: toward the enemy's zone)."""
    s = game.state
    models = living_models(game, units)
    h = default_heading(s.battlefield, s.owner(units[0].id)) if heading is None else heading
    probe = ps.probe(models, h)
    steps = ps.grid_steps(models, h)
    diagonal = within(ps.diagonal_gaps(models, h, steps), coherency_distance(s, units))
    return Shape(tuple(units), models, probe, steps, diagonal, h)


def place(
    game: Game, shape: Shape, region: BaseGeometry | Spots, anchor: tuple[float, float], toward: tuple[float, float]
) -> Placement:
    """The shape as a formation inside ``region`` grown from ``anchor``: its models facing ``shape.heading``,
    the one nearest ``toward`` first. The formation must pass the engine's unit coherency check
    (:func:`strategium.engine.table.table_checks.coherency`); when diagonal neighbours make it fail, one linked only
    along x and y is tried. Empty when no formation fits or none is coherent."""
    for diagonal in (True, False) if shape.diagonal else (False,):
        centres = ps.formation(region, len(shape.models), shape.steps, anchor, diagonal)
        if centres is None:
            continue
        where = ps.assign(shape.models, centres, shape.heading, toward)
        models = {m.id: m for m in shape.models}
        placed = [(models[mid], footprint(models[mid], pose)) for mid, pose in where]
        if not coherency(game.state, shape.units, placed):
            return where
    return ()


def _free(game: Game, region: BaseGeometry, shape: Shape, moving: set[str]) -> BaseGeometry:
    """``region`` less the centres the probe may not take near other models (only models that can reach the
    region's bounds are measured: the others take nothing from it)."""
    if region.is_empty:
        return region
    taken = ps.occupied(game.state, moving, shape.probe.radius + ps.CLEARANCE, region.bounds)
    out: BaseGeometry = region.difference(taken)
    return out


def enemy_centre(game: Game, player: PlayerId) -> tuple[float, float]:
    """Where the enemy stands on average (the centre of their deployment zone before anything is placed)."""
    s = game.state
    pts = [p for u in s.units_of(3 - player, Location.TABLE) for p in s.units[u.id].poses.values()]
    if pts:
        return (sum(p.x for p in pts) / len(pts), sum(p.y for p in pts) / len(pts))
    dep = s.battlefield.deployment
    if dep is None:
        return s.battlefield.table.centre
    c = dep.zone(3 - player).polygon.centroid
    return (float(c.x), float(c.y))


# -- regions --------------------------------------------------------------------------------------------------


def deploy_region(game: Game, unit: Unit, shape: Shape) -> BaseGeometry:
    """Centres inside the owner's deployment zone, off terrain, clear of every model on the table."""
    s = game.state
    region = deployment_region(s.battlefield, s.owner(unit.id), shape.probe)
    return _free(game, region, shape, {unit.id})


def deploy_spots(game: Game, unit: Unit, shape: Shape) -> Spots:
    """The heuristic player's stand-in for :func:`deploy_region`: a :class:`~strategium.agents.spots.Spots` for
    the probe inside the owner's deployment zone, off terrain (:func:`zone_region`), clear of every other model on
    the table by :data:`~strategium.agents.placement_sampling.CLEARANCE`. No region polygon is built."""
    s = game.state
    r = shape.probe.radius
    table = placement.table_models(s)  # the engine's check reads the same snapshot
    others = [fp for uid, (_, fp) in zip(table.unit_ids, table.items, strict=True) if uid != unit.id]
    return spots(zone_region(s.battlefield, s.owner(unit.id), r), [(others, r + ps.CLEARANCE)])


_ZONES: dict[tuple[int, int, float], tuple[object, BaseGeometry]] = {}
"""(id of the battlefield, player, radius) -> (that battlefield, the region): each entry holds its battlefield, so
the id in its key cannot be reused by another object while the entry lives."""

_ZONES_SIZE = 64
"""At most this many entries are kept in :data:`_ZONES` (all are dropped when there would be more)."""


def zone_region(battlefield: Battlefield, player: PlayerId, radius: float) -> BaseGeometry:
    """:func:`~strategium.geometry.regions.deployment_region` for a round probe of ``radius`` inches, prepared;
    kept per battlefield, player and exact radius (the battlefield never changes)."""
    key = (id(battlefield), player, radius)
    entry = _ZONES.get(key)
    if entry is not None and entry[0] is battlefield:
        return entry[1]
    region = deployment_region(battlefield, player, Footprint(Point(0.0, 0.0), radius))
    shapely.prepare(region)
    if len(_ZONES) >= _ZONES_SIZE:
        _ZONES.clear()
    _ZONES[key] = (battlefield, region)
    return region


@lru_cache(maxsize=8)
def sight_of(battlefield: object) -> SightMap:
    """The battlefield's sight map (cached; the battlefield never changes)."""
    return damage.sight_map(battlefield)  # type: ignore[arg-type]


def infiltrate_area(game: Game, unit: Unit, shape: Shape) -> tuple[BaseGeometry, BaseGeometry]:
    """(hidden, plain sight) centres for an infiltrating unit: INF-3 and INF-5 regions, clear of models."""
    hidden, plain = infiltrate_areas(game, unit, shape)
    return hidden, plain


def infiltrate_areas(game: Game, unit: Unit, shape: Shape) -> Iterator[BaseGeometry]:
    """:func:`infiltrate_area`'s two regions in turn (hidden, then plain sight), each cleared of models only when
    it is asked for (a player that places the unit in the first never pays for the second). The game must not
    change between the two."""
    s = game.state
    player = s.owner(unit.id)
    height = default_height(unit.models[0].profile.unit_type.unit_type)
    regions = infiltrate_regions(
        s.battlefield, placement.enemies(s, player), shape.probe, height, sight_of(s.battlefield)
    )
    yield _free(game, regions.hidden, shape, {unit.id})
    yield _free(game, regions.plain_sight, shape, {unit.id})


def infiltrate_spots(game: Game, unit: Unit, shape: Shape) -> Iterator[Spots]:
    """The heuristic player's stand-ins for :func:`infiltrate_areas` (hidden, then plain sight; the second built
    only when asked for): :class:`~strategium.agents.spots.Spots` for the probe on the table off terrain, clear of
    other models, more than 9" (INF-3, and inside every enemy model's hidden area for the unit's height) or 12"
    (INF-5) from every enemy model, each with :data:`~strategium.agents.placement_sampling.CLEARANCE` to spare.
    No region polygon is built. The game must not change between the two."""
    s = game.state
    player = s.owner(unit.id)
    height = default_height(unit.models[0].profile.unit_type.unit_type)
    foes = placement.enemies(s, player)
    feet = [f for u in foes if u.on_table for f in u.footprints]
    r = shape.probe.radius
    allowed = static_areas(s, r)[0]
    table = placement.table_models(s)  # the engine's check reads the same snapshot
    mine = [  # the enemy: below
        fp
        for uid, owner, (_, fp) in zip(table.unit_ids, table.players, table.items, strict=True)
        if uid != unit.id and owner == player
    ]
    clear = (mine, r + ps.CLEARANCE)
    hidden = sight_of(s.battlefield).hidden_parts(foes, height)
    margin = r + EPSILON + ps.CLEARANCE
    yield spots(allowed, [clear, (feet, INFILTRATE_HIDDEN + EPSILON + ps.CLEARANCE + r)], hidden, margin)
    yield spots(allowed, [clear, (feet, INFILTRATE_PLAIN_SIGHT + EPSILON + ps.CLEARANCE + r)])


def allowance(game: Game, units: Sequence[Unit], run: bool) -> float:
    """The smallest Move (or Run) allowance among the party's living models, inches."""
    s = game.state
    best = math.inf
    for u in units:
        for m in u.models:
            if s.units[u.id].is_casualty(m.id):
                continue
            value = movement_of(game, u.id, m)
            if run:
                value += run_bonus(game, units, u.id, m)[0]
            best = min(best, value)
    return 0.0 if best is math.inf else best


def enemy_keep_out(
    game: Game, player: PlayerId, shape: Shape, near: tuple[float, float, float, float] | None = None
) -> BaseGeometry:
    """Centres at which the probe would end within ``movement.enemy_distance`` of an enemy model (``near``: only
    inside that box, as :func:`~strategium.agents.placement_sampling.enemy_zone`)."""
    s = game.state
    return ps.enemy_zone(s, player, s.config.movement.enemy_distance + shape.probe.radius, near)


def arrival_region(game: Game, unit: Unit, shape: Shape, edge: Edge, run: bool) -> BaseGeometry:
    """Centres wholly within the party's allowance of ``edge``, on the table, off terrain, clear of models and
    more than ``movement.enemy_distance`` from enemy models."""
    s = game.state
    units = party(s, unit.id)
    depth = allowance(game, units, run) - shape.probe.radius - ps.CLEARANCE
    strip = ps.edge_strip(s, edge, depth)
    region = strip.intersection(on_table_region(s.battlefield, shape.probe))
    region = region.difference(standing_forbidden(s.battlefield, shape.probe))
    region = region.difference(enemy_keep_out(game, s.owner(unit.id), shape, region.bounds))
    return _free(game, region, shape, {u.id for u in units})


def disembark_region(game: Game, unit: Unit, shape: Shape) -> BaseGeometry:
    """Centres wholly within ``transports.disembark_range`` of the unit's Transport or Building, on the table,
    off terrain, clear of models (the Transport's own hull too) and of the enemy."""
    s = game.state
    carrier = s.units[unit.id].embarked_in
    hull = hull_of(game, carrier) if carrier is not None else None
    if hull is None:
        return Point()
    reach = s.config.transports.disembark_range - shape.probe.radius - ps.CLEARANCE
    if reach <= 0:
        return Point()
    region = grow(hull, reach).intersection(on_table_region(s.battlefield, shape.probe))
    region = region.difference(standing_forbidden(s.battlefield, shape.probe))
    region = region.difference(enemy_keep_out(game, s.owner(unit.id), shape, region.bounds))
    return _free(game, region, shape, {u.id for u in party(s, unit.id)})  # the Transport itself stands in the way


# -- charges ---------------------------------------------------------------------------------------------------


def _feet_of(game: Game, unit_ids: Sequence[str]) -> list[tuple[str, Model, Footprint]]:
    return [f for u in unit_ids if game.state.units[u].location is Location.TABLE for f in charges.feet(game, u)]


def translation_to_contact(game: Game, unit_id: str) -> Placement:
    """The whole unit moved straight until its closest model touches the closest target model (a fallback
    Charge Move); empty when there is no Charge awaiting its move."""
    record = charges.charge_of(game, unit_id)
    if record is None:
        return ()
    mine = charges.feet(game, unit_id)
    targets = _feet_of(game, record.targets)
    if not mine or not targets:
        return ()
    _, _, fp, target = min(
        ((uid, m, f, t) for uid, m, f in mine for _, _, t in targets), key=lambda x: distance(x[2], x[3])
    )
    ux, uy, d = approach(fp, target)
    poses = {m.id: game.state.units[uid].poses[m.id] for uid, m, _ in mine}
    return tuple((mid, Pose(p.x + ux * d, p.y + uy * d, p.heading)) for mid, p in poses.items())


def surge_positions(game: Game, unit_id: str, surge: float) -> Placement:
    """A Surge Move: the whole unit straight toward its closest target model, stopping more than
    ``movement.enemy_distance`` short of it (no move when that leaves nothing)."""
    record = charges.charge_of(game, unit_id)
    mine = charges.feet(game, unit_id)
    poses = {m.id: game.state.units[uid].poses[m.id] for uid, m, _ in mine}
    if record is None or not mine:
        return tuple(poses.items())
    targets = _feet_of(game, record.targets)
    if not targets:
        return tuple(poses.items())
    _, _, fp, target = min(
        ((uid, m, f, t) for uid, m, f in mine for _, _, t in targets), key=lambda x: distance(x[2], x[3])
    )
    ux, uy, d = approach(fp, target)
    step = max(0.0, min(surge - 1e-3, d - game.state.config.movement.enemy_distance - 0.1))
    return tuple((mid, Pose(p.x + ux * step, p.y + uy * step, p.heading)) for mid, p in poses.items())


def coherency_of(game: Game, units: Sequence[Unit]) -> float:
    """The coherency distance of the party (inches)."""
    return coherency_distance(game.state, units)
