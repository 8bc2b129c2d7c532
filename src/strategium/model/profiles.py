"""A model's full profile: name, Unit Type with Sub-types, Characteristics, invulnerable save."""

from __future__ import annotations

from dataclasses import dataclass

from strategium.model.characteristics import (
    BuildingCharacteristics,
    KnightCharacteristics,
    Profile,
    VehicleCharacteristics,
)
from strategium.model.unit_types import UnitTypeSpec


@dataclass(frozen=True)
class ModelProfile:
    """Name, Unit Type and Characteristics of one kind of model.

    ``invulnerable_save`` is a target number (4 = "4+"), taken from wargear or rules: HH2 has no column for it.
    """

    name: str
    unit_type: UnitTypeSpec
    characteristics: Profile
    invulnerable_save: int | None = None

    @property
    def has_armour_values(self) -> bool:
        """True for Vehicles, Knights, Titans and Buildings (they have Armour Values and Hull Points)."""
        return isinstance(
            self.characteristics, VehicleCharacteristics | KnightCharacteristics | BuildingCharacteristics
        )
