"""The scenario file's schema (pydantic): what each key may hold, before anything is built from it.

The format is documented in ``docs/scenario-format.md``. Every model forbids unknown keys, so a misspelt key
is an error and a later version can add keys (``actions:``) without changing how version-1 files read.
Distances are inches; base sizes millimetres; headings degrees anticlockwise from east (+x).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, model_validator

from strategium.model.characteristics import Facing

FORMAT_VERSION = 1
"""The version of the scenario format this code reads (``version: 1``)."""

Number = Annotated[float, Field(allow_inf_nan=False)]
Positive = Annotated[float, Field(gt=0, allow_inf_nan=False)]
NonNegative = Annotated[float, Field(ge=0, allow_inf_nan=False)]
XY = tuple[Number, Number]
Heading = Number


def _no_bool(value: object) -> object:
    """YAML ``true``/``false`` is not a number (pydantic would read it as 1/0)."""
    if isinstance(value, bool):
        raise ValueError("must be a number, not true/false")
    return value


def _listify(value: object) -> object:
    return tuple(value) if isinstance(value, list) else value


Coordinate = Annotated[
    tuple[Annotated[Number, BeforeValidator(_no_bool)], ...],
    BeforeValidator(_listify),
    Field(min_length=2, max_length=3),
]
"""``[x, y]`` or ``[x, y, heading]``."""


class Strict(BaseModel):
    """Frozen, unknown keys forbidden."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class TableSpec(Strict):
    """``table: {width: 72, depth: 48}`` (inches)."""

    width: Positive = 72.0
    depth: Positive = 48.0


DeploymentName = Literal[
    "dawn_of_war", "hammer_and_anvil", "vanguard_strike", "dawn-of-war", "hammer-and-anvil", "vanguard-strike"
]


class ZoneSpec(Strict):
    """A custom deployment zone: its player, polygon (at least three corners) and battlefield edge(s)."""

    player: Literal[1, 2]
    polygon: tuple[XY, ...] = Field(min_length=3)
    edges: tuple[Literal["north", "south", "east", "west"], ...] = ()


class DeploymentSpec(Strict):
    """A built-in map with optional numbers (``depth`` for the edge maps, ``centre_exclusion`` for Vanguard
    Strike), or ``zones`` (custom polygons) with an optional ``name``. Exactly one of ``map`` and ``zones``."""

    map: DeploymentName | None = None
    depth: Positive | None = None
    centre_exclusion: NonNegative | None = None
    name: str | None = None
    zones: tuple[ZoneSpec, ...] | None = None

    @model_validator(mode="after")
    def _one_kind(self) -> DeploymentSpec:
        if (self.map is None) == (self.zones is None):
            raise ValueError("give either 'map' (a built-in map) or 'zones' (custom polygons)")
        if self.zones is not None and sorted(z.player for z in self.zones) != [1, 2]:
            raise ValueError("custom zones must be one for player 1 and one for player 2")
        return self


class TerrainSpec(Strict):
    """A terrain piece: ``rect: [x, y, width, depth]`` (south-west corner and size) or ``polygon``."""

    id: str = Field(min_length=1)
    name: str | None = None
    kind: Literal["open", "difficult", "dangerous", "impassable", "area", "barricade"]
    feature: Literal["ruins", "woods"] | None = None
    rect: tuple[Number, Number, Positive, Positive] | None = None
    polygon: tuple[XY, ...] | None = Field(default=None, min_length=3)
    height: NonNegative = 0.0
    sight: Literal["clear", "height", "blocks"] | None = None
    difficult: bool | None = None
    dangerous: bool = False

    @model_validator(mode="after")
    def _one_shape(self) -> TerrainSpec:
        if (self.rect is None) == (self.polygon is None):
            raise ValueError("give either 'rect' [x, y, width, depth] or 'polygon' [[x, y], ...]")
        return self


class FirePointSpec(Strict):
    """``{facing: Front, count: 2}``."""

    facing: Facing
    count: int = Field(ge=1)


class ArmourSpec(Strict):
    """Armour Values per Facing."""

    front: int = Field(ge=0, le=15)
    side: int = Field(ge=0, le=15)
    rear: int = Field(ge=0, le=15)


class BuildingSpec(Strict):
    """A Building on the table (rulebook pp.221-226): centre, size (length along the heading x width),
    heading (the way its Front faces), height, Armour, Hull Points, Transport Capacity, Fire and Access
    Points, battlements."""

    id: str = Field(min_length=1)
    name: str | None = None
    at: XY
    size: tuple[Positive, Positive]
    heading: Heading = 0.0
    height: Positive = 4.0
    armour: ArmourSpec = ArmourSpec(front=14, side=14, rear=14)
    hull_points: int = Field(default=5, ge=1)
    capacity: int = Field(default=0, ge=0)
    fire_points: tuple[FirePointSpec, ...] = ()
    access_points: tuple[Facing, ...] = ()
    battlements: bool = False


class PlacementSpec(Strict):
    """Where one unit is: ``models`` (one ``[x, y]`` or ``[x, y, heading]`` per model, in the unit's model
    order), ``embarked_in`` (a Transport of the same army or a Building), or ``reserves: true``; none of the
    three: not deployed yet. ``base`` overrides the base of every model ("40mm", "60x35mm" or a number of
    mm); ``hull`` the hull size (length, width in inches)."""

    models: tuple[Coordinate, ...] | None = Field(default=None, min_length=1)
    embarked_in: str | None = Field(default=None, min_length=1)
    reserves: bool = False
    base: Annotated[str | None, BeforeValidator(lambda v: f"{v}" if isinstance(v, int | float) else v)] = None
    hull: tuple[Positive, Positive] | None = None

    @model_validator(mode="before")
    @classmethod
    def _short_form(cls, value: object) -> object:
        if isinstance(value, list):  # a bare list of coordinates
            return {"models": value}
        return value

    @model_validator(mode="after")
    def _one_place(self) -> PlacementSpec:
        given = [self.models is not None, self.embarked_in is not None, self.reserves]
        if sum(given) > 1:
            raise ValueError("give only one of 'models' (positions), 'embarked_in' or 'reserves: true'")
        if self.base is not None and self.hull is not None:
            raise ValueError("give 'base' or 'hull', not both")
        return self


class ArmyEntrySpec(Strict):
    """One side: the army (exactly one of ``demo``, ``army``, ``roster``) and its units' placements by unit
    id. Units not named are not yet deployed (e.g. Infiltrators waiting for their turn to deploy)."""

    demo: str | None = None
    army: str | None = None
    roster: str | None = None
    positions: dict[str, PlacementSpec] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _one_source(self) -> ArmyEntrySpec:
        if sum(v is not None for v in (self.demo, self.army, self.roster)) != 1:
            raise ValueError("give exactly one of 'demo', 'army' or 'roster'")
        return self


class ScenarioSpec(Strict):
    """A whole scenario file (version 1). ``armies`` holds player 1's side, then player 2's."""

    version: Literal[1]
    name: str = Field(min_length=1)
    description: str = ""
    table: TableSpec = TableSpec()
    deployment: DeploymentName | DeploymentSpec | None = None
    terrain: tuple[TerrainSpec, ...] = ()
    buildings: tuple[BuildingSpec, ...] = ()
    rules_config: dict[str, object] | str | None = None
    armies: tuple[ArmyEntrySpec, ArmyEntrySpec]
