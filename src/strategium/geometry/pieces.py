"""Models and units on the table: each model is a footprint (base or hull) with a height.

Heights decide line of sight against terrain heights (``docs/geometry.md``). HH2 gives no model heights;
:data:`DEFAULT_HEIGHTS` are project defaults per Unit Type (inches) that a rules configuration may replace.
"""

from __future__ import annotations

from dataclasses import dataclass

from strategium.geometry.bases import Hull
from strategium.geometry.measure import Footprint
from strategium.model.unit_types import UnitType

DEFAULT_HEIGHTS: dict[UnitType, float] = {
    UnitType.INFANTRY: 1.25,
    UnitType.CAVALRY: 1.75,
    UnitType.DREADNOUGHT: 2.5,
    UnitType.AUTOMATA: 2.25,
    UnitType.PRIMARCH: 2.0,
    UnitType.DAEMON: 1.5,
    UnitType.ARMIGER: 3.0,
    UnitType.VEHICLE: 2.5,
    UnitType.KNIGHT: 5.0,
    UnitType.TITAN: 10.0,
    UnitType.FORTIFICATION: 3.0,
    UnitType.BUILDING: 4.0,
}
"""Height class per Unit Type, inches (project defaults, not book values)."""


def default_height(unit_type: UnitType | None) -> float:
    """The default height (inches) of a model of this Unit Type (Infantry's when unknown)."""
    return DEFAULT_HEIGHTS.get(unit_type, 1.25) if unit_type is not None else 1.25


@dataclass(frozen=True)
class PlacedModel:
    """A model on the table: its footprint, its height (inches), and its hull if it has Facings."""

    footprint: Footprint
    height: float = 1.25
    name: str = ""
    hull: Hull | None = None

    @classmethod
    def from_hull(cls, hull: Hull, height: float = 2.5, name: str = "") -> PlacedModel:
        """A vehicle model standing on its hull."""
        return cls(hull.footprint(), height, name, hull)


@dataclass(frozen=True)
class PlacedUnit:
    """A unit of ``player`` (1 or 2). ``embarked_in`` names the Transport or Building it is inside: an
    embarked unit is not on the table, cannot be seen and does not see (rulebook p.211, CORE_A §5.12)."""

    name: str
    player: int
    models: tuple[PlacedModel, ...]
    unit_type: UnitType | None = None
    embarked_in: str | None = None

    @property
    def on_table(self) -> bool:
        """True unless embarked."""
        return self.embarked_in is None

    @property
    def footprints(self) -> tuple[Footprint, ...]:
        """The footprints of its models."""
        return tuple(m.footprint for m in self.models)
