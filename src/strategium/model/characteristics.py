"""Characteristic profiles (HH2 rulebook p.~150 'Characteristics'; profile columns as in the BSData game system).

Non-vehicles have ten Characteristics: M WS BS S T W I A Ld Sv. HH2 has no Cool/Willpower/Intelligence or
Invulnerable columns (those are 3rd edition); invulnerable saves come from wargear or special rules.
A value of ``None`` stands for the data's "-": the model lacks that Characteristic.
Saves (``sv``, ``invulnerable_save``) are target numbers: 3 means "3+".
``strategium.model.parse_profiles`` builds these from a BattleScribe profile's columns.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Facing(StrEnum):
    """Armour Facings of a Vehicle, Knight, Titan or Building."""

    FRONT = "Front"
    SIDE = "Side"
    REAR = "Rear"


@dataclass(frozen=True)
class Characteristics:
    """Non-vehicle profile: M WS BS S T W I A Ld Sv (M in inches; Sv a target number)."""

    m: int | None
    ws: int | None
    bs: int | None
    s: int | None
    t: int | None
    w: int | None
    i: int | None
    a: int | None
    ld: int | None
    sv: int | None


@dataclass(frozen=True)
class VehicleCharacteristics:
    """Vehicle profile: M, BS, Front/Side/Rear Armour, Hull Points, Transport Capacity (in models).

    ``transport_capacity_note`` keeps prose written in the Transport Capacity column (the Dreadnought Drop
    Pod's "*" note); ``access_points`` keeps the Access Points column, which is prose in the data.
    """

    m: int | None
    bs: int | None
    front: int
    side: int
    rear: int
    hp: int
    transport_capacity: int | None = None
    transport_capacity_note: str = ""
    access_points: str = ""

    def armour(self, facing: Facing) -> int:
        """The Armour Value of one Facing."""
        return {Facing.FRONT: self.front, Facing.SIDE: self.side, Facing.REAR: self.rear}[facing]


@dataclass(frozen=True)
class KnightCharacteristics:
    """Knights and Titans profile: M, WS, BS, S, Front/Side/Rear Armour, I, A, Hull Points (rulebook p.216)."""

    m: int | None
    ws: int | None
    bs: int | None
    s: int | None
    front: int
    side: int
    rear: int
    i: int | None
    a: int | None
    hp: int

    def armour(self, facing: Facing) -> int:
        """The Armour Value of one Facing."""
        return {Facing.FRONT: self.front, Facing.SIDE: self.side, Facing.REAR: self.rear}[facing]


@dataclass(frozen=True)
class BuildingCharacteristics:
    """Building / Fortification profile: BS, Armour per Facing, Hull Points, capacity, Fire Points (pp.221-226).

    Armour and Hull Points are None where the data gives "-" (a Barricade such as the Defence Line has
    neither). ``transport_capacity_note`` and ``fire_points_note`` keep prose written in those columns
    ("10, Two Access Points at the Rear"; "Fire Point (Front 4)" lines), which the parser does not interpret.
    """

    bs: int | None
    front: int | None
    side: int | None
    rear: int | None
    hp: int | None
    transport_capacity: int | None = None
    fire_points: int | None = None
    transport_capacity_note: str = ""
    fire_points_note: str = ""

    def armour(self, facing: Facing) -> int | None:
        """The Armour Value of one Facing (None if the Fortification has none)."""
        return {Facing.FRONT: self.front, Facing.SIDE: self.side, Facing.REAR: self.rear}[facing]


Profile = Characteristics | VehicleCharacteristics | KnightCharacteristics | BuildingCharacteristics
"""Any one of the four profile shapes a model can have."""
