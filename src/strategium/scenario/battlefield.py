"""Building the table, deployment map, terrain pieces and Buildings of a scenario from its checked spec.

Sight rules: a piece's ``sight`` when given; else for ``feature: ruins`` / ``woods`` the rules
configuration's ``line_of_sight.ruins_block`` / ``woods_block`` (blocks or clear); else the default of its
kind (:data:`strategium.geometry.terrain.DEFAULT_SIGHT`). Ruins are Difficult when the configuration's
``terrain.ruins_difficult`` says so, woods always, unless the piece gives ``difficult:``.
"""

from __future__ import annotations

from shapely.geometry import Polygon, box

from strategium.config import RulesConfig
from strategium.errors import InputError
from strategium.geometry.bases import Hull
from strategium.geometry.deployment import (
    DeploymentMap,
    DeploymentZone,
    dawn_of_war,
    hammer_and_anvil,
    vanguard_strike,
)
from strategium.geometry.table import Edge, Table
from strategium.geometry.terrain import (
    DEFAULT_SIGHT,
    Building,
    FirePoint,
    SightRule,
    TerrainKind,
    TerrainPiece,
)
from strategium.scenario.locate import Where
from strategium.scenario.spec import BuildingSpec, DeploymentSpec, ScenarioSpec, TerrainSpec

OFF_TABLE_TOLERANCE = 1e-6
"""Inches a terrain piece or Building may stick out past the table edge (rounding only)."""


def build_deployment(spec: ScenarioSpec, table: Table, where: Where) -> DeploymentMap | None:
    """The deployment map named or described by ``deployment:`` (None when the key is absent)."""
    written = spec.deployment
    if written is None:
        return None
    if isinstance(written, str):
        written = DeploymentSpec(map=written)
    if written.zones is not None:
        zones = []
        for n, zone in enumerate(written.zones):
            poly = Polygon(zone.polygon)
            if not poly.is_valid or poly.area <= 0:
                raise where.error(("deployment", "zones", n, "polygon"), "not a valid polygon (edges cross?)")
            _check_on_table(poly, table, where, ("deployment", "zones", n, "polygon"), "the zone")
            zones.append(DeploymentZone(zone.player, poly, tuple(Edge(e) for e in zone.edges)))
        zones.sort(key=lambda z: z.player)
        return DeploymentMap(written.name or "custom", tuple(zones), confirmed=True, note="defined by the scenario")
    assert written.map is not None
    name = written.map.replace("_", "-")
    if name == "vanguard-strike":
        if written.depth is not None:
            raise where.error(("deployment", "depth"), "vanguard_strike takes 'centre_exclusion', not 'depth'")
        exclusion = 12.0 if written.centre_exclusion is None else written.centre_exclusion
        try:
            return vanguard_strike(table, exclusion)
        except InputError as err:
            raise where.rewrap(err, ("deployment", "centre_exclusion")) from None
    if written.centre_exclusion is not None:
        raise where.error(("deployment", "centre_exclusion"), f"{written.map} takes 'depth', not 'centre_exclusion'")
    long_edges = name == "dawn-of-war"
    depth = (12.0 if long_edges else 24.0) if written.depth is None else written.depth
    across = min(table.width, table.depth) if long_edges else max(table.width, table.depth)
    if depth > across:
        raise where.error(("deployment", "depth"), f'a zone {depth:g}" deep does not fit on the table ({across:g}")')
    return dawn_of_war(table, depth) if long_edges else hammer_and_anvil(table, depth)


def _check_on_table(poly: Polygon, table: Table, where: Where, path: tuple[str | int, ...], what: str) -> None:
    minx, miny, maxx, maxy = poly.bounds
    tol = OFF_TABLE_TOLERANCE
    if minx < -tol or miny < -tol or maxx > table.width + tol or maxy > table.depth + tol:
        raise where.error(path, f'{what} lies (partly) off the {table.width:g}" x {table.depth:g}" table')


def _sight(spec: TerrainSpec, kind: TerrainKind, config: RulesConfig) -> SightRule:
    if spec.sight is not None:
        return SightRule(spec.sight)
    if spec.feature == "ruins":
        return SightRule.BLOCKS if config.line_of_sight.ruins_block else SightRule.CLEAR
    if spec.feature == "woods":
        return SightRule.BLOCKS if config.line_of_sight.woods_block else SightRule.CLEAR
    return DEFAULT_SIGHT[kind]


def _difficult(spec: TerrainSpec, config: RulesConfig) -> bool:
    if spec.difficult is not None:
        return spec.difficult
    if spec.feature == "ruins":
        return config.terrain.ruins_difficult
    return spec.feature == "woods"


def build_terrain(spec: TerrainSpec, index: int, table: Table, config: RulesConfig, where: Where) -> TerrainPiece:
    """One terrain piece. Raises :class:`InputError` at the piece's shape for a bad, non-convex
    (when it blocks sight) or off-table footprint."""
    path: tuple[str | int, ...] = ("terrain", index, "rect" if spec.rect is not None else "polygon")
    if spec.rect is not None:
        x, y, w, d = spec.rect
        poly = box(x, y, x + w, y + d)
    else:
        assert spec.polygon is not None
        poly = Polygon(spec.polygon)
    kind = TerrainKind(spec.kind)
    try:
        piece = TerrainPiece(
            spec.name or spec.id,
            poly,
            kind,
            spec.height,
            _sight(spec, kind, config),
            difficult=_difficult(spec, config),
            dangerous=spec.dangerous,
        )
    except InputError as err:
        raise where.error(path, err.message.removeprefix(f"{spec.name or spec.id}: ")) from None
    _check_on_table(poly, table, where, path, "the piece")
    return piece


def build_building(spec: BuildingSpec, index: int, table: Table, where: Where) -> Building:
    """One Building of the ``buildings:`` list (rulebook pp.221-226)."""
    length, width = spec.size
    hull = Hull(spec.at[0], spec.at[1], length, width, spec.heading)
    _check_on_table(hull.polygon(), table, where, ("buildings", index, "at"), "the Building")
    return Building(
        spec.name or spec.id,
        hull,
        height=spec.height,
        front=spec.armour.front,
        side=spec.armour.side,
        rear=spec.armour.rear,
        hull_points=spec.hull_points,
        transport_capacity=spec.capacity,
        fire_points=tuple(FirePoint(f.facing, f.count) for f in spec.fire_points),
        access_points=spec.access_points,
        battlements=spec.battlements,
    )


def check_ids(spec: ScenarioSpec, where: Where) -> None:
    """Terrain and Building ids are unique across both lists."""
    seen: dict[str, str] = {}
    ids = [("terrain", n, t.id) for n, t in enumerate(spec.terrain)]
    ids += [("buildings", n, b.id) for n, b in enumerate(spec.buildings)]
    for group, n, item_id in ids:
        if item_id in seen:
            raise where.error((group, n, "id"), f"id {item_id!r} is already used by {seen[item_id]}")
        seen[item_id] = f"{group}[{n}]"
