"""Terrain pieces and Buildings, and the :class:`Battlefield` that holds them with the table and map.

What each kind of terrain does is in the Age of Darkness rulebook pp.220-226 (Battlefield Terrain); which
pieces block line of sight is agreed by the players before the game (CORE_A §3.1, §5.12), so each piece
carries an explicit :class:`SightRule` with a default per kind that a rules configuration may override.
Heights are in inches.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from functools import cached_property

import shapely
from shapely.geometry import Polygon
from shapely.geometry.base import BaseGeometry
from shapely.ops import unary_union

from strategium.errors import InputError
from strategium.geometry.bases import Hull
from strategium.geometry.deployment import DeploymentMap
from strategium.geometry.table import Table
from strategium.model.characteristics import Facing


class TerrainKind(StrEnum):
    """What a terrain piece is (rulebook pp.220-222)."""

    OPEN = "open"
    DIFFICULT = "difficult"
    DANGEROUS = "dangerous"
    IMPASSABLE = "impassable"
    AREA = "area"  # line-of-sight-blocking area terrain: ruins, woods (as the rules configuration says)
    BARRICADE = "barricade"  # Barricades and Walls (rulebook p.221)


class SightRule(StrEnum):
    """How a piece affects line of sight (see ``docs/geometry.md``).

    ``clear``: never blocks. ``height``: blocks a sight line that crosses it when the piece is at least as
    tall as both models. ``blocks``: blocks every sight line that crosses it, whatever the heights.
    """

    CLEAR = "clear"
    HEIGHT = "height"
    BLOCKS = "blocks"


DEFAULT_SIGHT: dict[TerrainKind, SightRule] = {
    TerrainKind.OPEN: SightRule.CLEAR,
    TerrainKind.DIFFICULT: SightRule.CLEAR,
    TerrainKind.DANGEROUS: SightRule.CLEAR,
    TerrainKind.IMPASSABLE: SightRule.HEIGHT,
    TerrainKind.AREA: SightRule.BLOCKS,
    TerrainKind.BARRICADE: SightRule.HEIGHT,
}
"""Default sight rule per kind (an agreed-terrain default, not a rule of the book)."""


def _check_polygon(name: str, poly: Polygon, convex: bool) -> None:
    if poly.is_empty or not poly.is_valid or poly.area <= 0:
        raise InputError(f"{name}: footprint is not a valid polygon", field="footprint")
    if convex and abs(poly.convex_hull.area - poly.area) > 1e-9 * max(1.0, poly.area):
        raise InputError(
            f"{name}: a piece that blocks line of sight must be convex; describe it as several convex pieces",
            field="footprint",
        )


@dataclass(frozen=True)
class TerrainPiece:
    """A terrain piece: footprint (polygon, inches), height (inches), kind and sight rule.

    ``difficult``/``dangerous`` add those properties to any kind (e.g. ruins that are Difficult). A piece
    whose sight rule is not ``clear`` must be convex. Raises :class:`InputError` for a bad footprint.
    """

    name: str
    footprint: Polygon
    kind: TerrainKind = TerrainKind.OPEN
    height: float = 0.0
    sight: SightRule = SightRule.CLEAR
    difficult: bool = False
    dangerous: bool = False
    cover_save: int | None = None

    def __post_init__(self) -> None:
        _check_polygon(self.name, self.footprint, self.sight is not SightRule.CLEAR)
        shapely.prepare(self.footprint)  # terrain is tested against many paths and bases: index it once
        if self.height < 0:
            raise InputError(f"{self.name}: height must not be negative", field="height")

    @property
    def is_difficult(self) -> bool:
        """Difficult Terrain (rulebook p.222)."""
        return self.difficult or self.kind is TerrainKind.DIFFICULT

    @property
    def is_dangerous(self) -> bool:
        """Dangerous Terrain (rulebook p.222)."""
        return self.dangerous or self.kind is TerrainKind.DANGEROUS

    @property
    def is_impassable(self) -> bool:
        """Impassable Terrain: no model may end a move in it."""
        return self.kind is TerrainKind.IMPASSABLE

    def blocks_sight(self, observer_height: float, target_height: float) -> bool:
        """Whether this piece blocks a sight line crossing it between models of these heights (inches)."""
        if self.sight is SightRule.BLOCKS:
            return True
        if self.sight is SightRule.HEIGHT:
            return self.height >= max(observer_height, target_height)
        return False


def terrain_piece(
    name: str,
    footprint: Polygon,
    kind: TerrainKind,
    height: float = 0.0,
    sight: SightRule | None = None,
    **flags: bool,
) -> TerrainPiece:
    """A :class:`TerrainPiece` whose sight rule defaults to :data:`DEFAULT_SIGHT` for its kind."""
    return TerrainPiece(
        name,
        footprint,
        kind,
        height,
        DEFAULT_SIGHT[kind] if sight is None else sight,
        difficult=flags.get("difficult", False),
        dangerous=flags.get("dangerous", False),
    )


@dataclass(frozen=True)
class FirePoint:
    """``count`` embarked models may shoot out of this Facing of a Building or Transport."""

    facing: Facing
    count: int


@dataclass(frozen=True)
class Building:
    """A Building (rulebook pp.221-226): an oriented rectangle with Facings, Armour Values, Hull Points,
    Transport Capacity, Fire Points, Access Points and battlements. A Building always blocks line of sight.

    Raises :class:`InputError` for negative values.
    """

    name: str
    hull: Hull
    height: float = 4.0
    front: int = 14
    side: int = 14
    rear: int = 14
    hull_points: int = 5
    transport_capacity: int = 0
    fire_points: tuple[FirePoint, ...] = ()
    access_points: tuple[Facing, ...] = ()
    battlements: bool = False

    def __post_init__(self) -> None:
        if min(self.front, self.side, self.rear, self.hull_points, self.transport_capacity) < 0:
            raise InputError(f"{self.name}: Building values must not be negative", field="building")

    @cached_property
    def footprint(self) -> Polygon:
        """The Building's outline (computed once, and prepared for fast predicates: Buildings never move)."""
        outline = self.hull.polygon()
        shapely.prepare(outline)
        return outline

    def armour(self, facing: Facing) -> int:
        """The Armour Value of one Facing."""
        return {Facing.FRONT: self.front, Facing.SIDE: self.side, Facing.REAR: self.rear}[facing]

    @property
    def can_be_entered(self) -> bool:
        """Units may embark only in a Building with a Transport Capacity (rulebook p.225)."""
        return self.transport_capacity > 0


@dataclass(frozen=True)
class Battlefield:
    """The table with its deployment map, terrain and Buildings (the fixed geometry of one battle)."""

    table: Table = field(default_factory=Table)
    deployment: DeploymentMap | None = None
    terrain: tuple[TerrainPiece, ...] = ()
    buildings: tuple[Building, ...] = ()

    def impassable(self) -> BaseGeometry | None:
        """The union of Impassable pieces and Buildings (no model stands there), or None if there are none."""
        return self._impassable

    @cached_property
    def _impassable(self) -> BaseGeometry | None:
        parts = [t.footprint for t in self.terrain if t.is_impassable] + [b.footprint for b in self.buildings]
        if not parts:
            return None
        merged: BaseGeometry = unary_union(parts)
        return merged

    @cached_property
    def standing_blockers(self) -> tuple[tuple[Polygon, tuple[float, float, float, float]], ...]:
        """The footprints no model may overlap (Impassable pieces, then Buildings), each with its bounds
        (min x, min y, max x, max y; inches). Computed once."""
        parts = [t.footprint for t in self.terrain if t.is_impassable] + [b.footprint for b in self.buildings]
        return tuple((p, p.bounds) for p in parts)

    @cached_property
    def terrain_bounds(self) -> tuple[tuple[float, float, float, float], ...]:
        """The bounds of each terrain piece's footprint, in :attr:`terrain` order (min x, min y, max x, max y;
        inches): a broad phase for tests against many paths. Computed once."""
        return tuple(_bounds(t.footprint) for t in self.terrain)

    @cached_property
    def difficult_bounds(self) -> tuple[tuple[TerrainPiece, tuple[float, float, float, float]], ...]:
        """The Difficult pieces with their bounds (as :attr:`terrain_bounds`), in :attr:`terrain` order."""
        return tuple((t, b) for t, b in zip(self.terrain, self.terrain_bounds, strict=True) if t.is_difficult)

    @cached_property
    def building_bounds(self) -> tuple[tuple[float, float, float, float], ...]:
        """The bounds of each Building's footprint, in :attr:`buildings` order (inches). Computed once."""
        return tuple(_bounds(b.footprint) for b in self.buildings)

    def sight_blockers(self, observer_height: float, target_height: float) -> tuple[Polygon, ...]:
        """Footprints that block a sight line between models of these heights (Buildings always)."""
        return tuple(t.footprint for t in self.terrain if t.blocks_sight(observer_height, target_height)) + tuple(
            b.footprint for b in self.buildings
        )


def _bounds(poly: Polygon) -> tuple[float, float, float, float]:
    minx, miny, maxx, maxy = poly.bounds
    return (float(minx), float(miny), float(maxx), float(maxy))
