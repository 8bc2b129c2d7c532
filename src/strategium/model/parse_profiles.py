"""Build model profiles from a BattleScribe profile's columns (``{"Move": "7", "WS": "4", ...}``).

The HH2 profile types and their columns (game system ``2022 - Horus Heresy.gst``, profileTypes; rulebook
Characteristics, Vehicles p.~200, Knights and Titans p.216, Buildings pp.221-226):

=====================  ===================  ==============================================================
profile type           typeId               columns
=====================  ===================  ==============================================================
Unit                   4bb2-cb95-e6c8-5a21  Unit Type, Move, WS, BS, S, T, W, I, A, Ld, Save
Vehicle                2fae-b053-3f78-e7b2  Unit Type, Move, BS, Front, Side, Rear, HP, Transport Capacity,
                                            Access Points
Knights and Titans     75b5-9f7a-156e-6889  Unit Type, Move, WS, BS, S, Front, Side, Rear, I, A, HP
Fortification          eeec-bde3-8ee4-35b0  Unit Type, BS, Front, Side, Rear, HP, Transport Capacity,
                                            Fire Points
=====================  ===================  ==============================================================

Column names match ignoring case, spaces and punctuation, with the short forms "M", "Sv", "Hull Points".
Problems are reported as described in :mod:`strategium.problems`; every problem's ``field`` is
``"<name>: <column>"`` when a name is given. A Vehicle or Knight without readable Armour Values and Hull
Points cannot be built: the builder then raises (no ``problems`` list) or returns None (with one).
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from typing import overload

from strategium.model.characteristics import (
    BuildingCharacteristics,
    Characteristics,
    KnightCharacteristics,
    Profile,
    VehicleCharacteristics,
)
from strategium.model.parse_unit_type import parse_unit_type
from strategium.model.parse_values import parse_characteristic, parse_leading_number, parse_save
from strategium.model.profiles import ModelProfile
from strategium.model.text import clean, key
from strategium.model.unit_types import UnitTypeSpec
from strategium.problems import Problems, raise_first_error, report


class ProfileKind(StrEnum):
    """The four BattleScribe profile types that describe a model (``typeName`` in the data)."""

    UNIT = "Unit"
    VEHICLE = "Vehicle"
    KNIGHTS_AND_TITANS = "Knights and Titans"
    FORTIFICATION = "Fortification"


PROFILE_TYPE_IDS: dict[str, ProfileKind] = {
    "4bb2-cb95-e6c8-5a21": ProfileKind.UNIT,
    "2fae-b053-3f78-e7b2": ProfileKind.VEHICLE,
    "75b5-9f7a-156e-6889": ProfileKind.KNIGHTS_AND_TITANS,
    "eeec-bde3-8ee4-35b0": ProfileKind.FORTIFICATION,
}
"""The HH2 game system's profileType ids (stable across revisions, unlike names such as " Unit")."""

_ALIASES = {"m": "move", "sv": "save", "hullpoints": "hp", "transport": "transportcapacity"}


def profile_kind(type_name_or_id: str) -> ProfileKind | None:
    """The ``ProfileKind`` for a profile's ``typeName`` (" Unit" and case variants too) or ``typeId``;
    None for other profile types (Weapon, Wargear Item, ...)."""
    t = type_name_or_id.strip()
    if t in PROFILE_TYPE_IDS:
        return PROFILE_TYPE_IDS[t]
    by_key = {key(k.value): k for k in ProfileKind}
    return by_key.get(key(t))


class _Columns:
    """Column look-up by normalised name, reporting missing columns and bad values into one list."""

    def __init__(self, cols: Mapping[str, str], name: str, found: Problems) -> None:
        self.by_key = {_ALIASES.get(key(k), key(k)): v for k, v in cols.items()}
        self.name = name
        self.found = found

    def field(self, column: str) -> str:
        return f"{self.name}: {column}" if self.name else column

    def text(self, column: str, *, required: bool = True) -> str | None:
        k = key(column)
        if k in self.by_key:
            return self.by_key[k]
        if required:
            report(self.found, self.field(column), "", "column missing")
        return None

    def value(self, column: str) -> int | None:
        t = self.text(column)
        return None if t is None else parse_characteristic(t, field=self.field(column), problems=self.found)

    def save(self, column: str) -> int | None:
        t = self.text(column)
        return None if t is None else parse_save(t, field=self.field(column), problems=self.found)

    def required(self, column: str) -> int | None:
        """A value the profile cannot do without (Armour, Hull Points): a dash is an ERROR here."""
        t = self.text(column)
        if t is None:
            return None
        v = parse_characteristic(t, field=self.field(column), problems=self.found)
        if v is None and clean(t) in ("-", "--"):
            report(self.found, self.field(column), t, "this profile type needs a number here")
        return v

    def number_and_prose(self, column: str) -> tuple[int | None, str]:
        t = self.text(column, required=False)
        if t is None:
            return None, ""
        return parse_leading_number(t, field=self.field(column), problems=self.found)


def characteristics_from_columns(
    cols: Mapping[str, str], *, name: str = "", problems: Problems | None = None
) -> Characteristics:
    """Build a non-vehicle ``Characteristics`` from a ``Unit`` profile's columns (Move, WS, BS, S, T, W, I,
    A, Ld, Save; the Unit Type column is ignored here). A dash gives None; unreadable values give None
    with an ERROR; a missing column is an ERROR.

    Raises:
        InputError: ``problems`` is None and any ERROR was found.
    """
    found: Problems = []
    c = _Columns(cols, name, found)
    result = Characteristics(
        m=c.value("Move"),
        ws=c.value("WS"),
        bs=c.value("BS"),
        s=c.value("S"),
        t=c.value("T"),
        w=c.value("W"),
        i=c.value("I"),
        a=c.value("A"),
        ld=c.value("Ld"),
        sv=c.save("Save"),
    )
    raise_first_error(found, problems)
    return result


@overload
def vehicle_characteristics_from_columns(
    cols: Mapping[str, str], *, name: str = "", problems: None = None
) -> VehicleCharacteristics: ...
@overload
def vehicle_characteristics_from_columns(
    cols: Mapping[str, str], *, name: str = "", problems: Problems
) -> VehicleCharacteristics | None: ...
def vehicle_characteristics_from_columns(
    cols: Mapping[str, str], *, name: str = "", problems: Problems | None = None
) -> VehicleCharacteristics | None:
    """Build ``VehicleCharacteristics`` from a ``Vehicle`` profile's columns (Move, BS, Front, Side, Rear,
    HP, Transport Capacity, Access Points). Transport Capacity "-" or blank is None; prose keeps its
    leading number, if any, and the rest goes to ``transport_capacity_note`` (a NOTE).

    Returns None (with ``problems``) when Front, Side, Rear or HP cannot be read.

    Raises:
        InputError: ``problems`` is None and any ERROR was found.
    """
    found: Problems = []
    c = _Columns(cols, name, found)
    m, bs = c.value("Move"), c.value("BS")
    front, side, rear, hp = c.required("Front"), c.required("Side"), c.required("Rear"), c.required("HP")
    capacity, capacity_note = c.number_and_prose("Transport Capacity")
    access = clean(c.text("Access Points", required=False) or "")
    raise_first_error(found, problems)
    if front is None or side is None or rear is None or hp is None:
        return None
    return VehicleCharacteristics(
        m=m,
        bs=bs,
        front=front,
        side=side,
        rear=rear,
        hp=hp,
        transport_capacity=capacity,
        transport_capacity_note=capacity_note,
        access_points="" if access in ("-", "--") else access,
    )


@overload
def knight_characteristics_from_columns(
    cols: Mapping[str, str], *, name: str = "", problems: None = None
) -> KnightCharacteristics: ...
@overload
def knight_characteristics_from_columns(
    cols: Mapping[str, str], *, name: str = "", problems: Problems
) -> KnightCharacteristics | None: ...
def knight_characteristics_from_columns(
    cols: Mapping[str, str], *, name: str = "", problems: Problems | None = None
) -> KnightCharacteristics | None:
    """Build ``KnightCharacteristics`` from a ``Knights and Titans`` profile's columns (Move, WS, BS, S,
    Front, Side, Rear, I, A, HP; rulebook p.216).

    Returns None (with ``problems``) when Front, Side, Rear or HP cannot be read.

    Raises:
        InputError: ``problems`` is None and any ERROR was found.
    """
    found: Problems = []
    c = _Columns(cols, name, found)
    m, ws, bs, s = c.value("Move"), c.value("WS"), c.value("BS"), c.value("S")
    front, side, rear = c.required("Front"), c.required("Side"), c.required("Rear")
    i, a, hp = c.value("I"), c.value("A"), c.required("HP")
    raise_first_error(found, problems)
    if front is None or side is None or rear is None or hp is None:
        return None
    return KnightCharacteristics(m=m, ws=ws, bs=bs, s=s, front=front, side=side, rear=rear, i=i, a=a, hp=hp)


def building_characteristics_from_columns(
    cols: Mapping[str, str], *, name: str = "", problems: Problems | None = None
) -> BuildingCharacteristics:
    """Build ``BuildingCharacteristics`` from a ``Fortification`` profile's columns (BS, Front, Side, Rear,
    HP, Transport Capacity, Fire Points; Buildings pp.221-226). Armour and HP may be "-" (a Barricade).
    Transport Capacity and Fire Points keep a leading number; prose goes to the ``*_note`` fields (a NOTE).

    Raises:
        InputError: ``problems`` is None and any ERROR was found.
    """
    found: Problems = []
    c = _Columns(cols, name, found)
    bs = c.value("BS")
    front, side, rear, hp = c.value("Front"), c.value("Side"), c.value("Rear"), c.value("HP")
    capacity, capacity_note = c.number_and_prose("Transport Capacity")
    fire_points, fire_note = c.number_and_prose("Fire Points")
    raise_first_error(found, problems)
    return BuildingCharacteristics(
        bs=bs,
        front=front,
        side=side,
        rear=rear,
        hp=hp,
        transport_capacity=capacity,
        fire_points=fire_points,
        transport_capacity_note=capacity_note,
        fire_points_note=fire_note,
    )


@overload
def profile_from_columns(
    type_name_or_id: str, cols: Mapping[str, str], *, name: str = "", problems: None = None
) -> Profile: ...
@overload
def profile_from_columns(
    type_name_or_id: str, cols: Mapping[str, str], *, name: str = "", problems: Problems
) -> Profile | None: ...
def profile_from_columns(
    type_name_or_id: str, cols: Mapping[str, str], *, name: str = "", problems: Problems | None = None
) -> Profile | None:
    """Build the profile for a BattleScribe profile type (name such as "Unit"/" Vehicle", or typeId).

    Returns None (with ``problems``) for a profile type that does not describe a model, or one that cannot
    be built (see the builders).

    Raises:
        InputError: ``problems`` is None and the type is not a model profile or any ERROR was found.
    """
    kind = profile_kind(type_name_or_id)
    if kind is ProfileKind.UNIT:
        return characteristics_from_columns(cols, name=name, problems=problems)
    if kind is ProfileKind.VEHICLE:
        return vehicle_characteristics_from_columns(cols, name=name, problems=problems)
    if kind is ProfileKind.KNIGHTS_AND_TITANS:
        return knight_characteristics_from_columns(cols, name=name, problems=problems)
    if kind is ProfileKind.FORTIFICATION:
        return building_characteristics_from_columns(cols, name=name, problems=problems)
    found: Problems = []
    report(found, f"{name}: profile type" if name else "profile type", type_name_or_id, "not a model profile type")
    raise_first_error(found, problems)
    return None


@overload
def model_profile_from_columns(
    name: str,
    type_name_or_id: str,
    cols: Mapping[str, str],
    *,
    invulnerable_save: int | None = None,
    problems: None = None,
) -> ModelProfile: ...
@overload
def model_profile_from_columns(
    name: str,
    type_name_or_id: str,
    cols: Mapping[str, str],
    *,
    invulnerable_save: int | None = None,
    problems: Problems,
) -> ModelProfile | None: ...
def model_profile_from_columns(
    name: str,
    type_name_or_id: str,
    cols: Mapping[str, str],
    *,
    invulnerable_save: int | None = None,
    problems: Problems | None = None,
) -> ModelProfile | None:
    """Build a ``ModelProfile``: the Unit Type column through ``parse_unit_type`` (unknown words are ERRORs
    here), the rest through :func:`profile_from_columns`. ``invulnerable_save`` (a target number) comes from
    wargear or rules, which HH2 profiles have no column for.

    Raises:
        InputError: ``problems`` is None and any ERROR was found (including unknown Unit Type words).
    """
    found: Problems = []
    c = _Columns(cols, name, found)
    type_text = c.text("Unit Type")
    unit_type = (
        UnitTypeSpec(None)
        if type_text is None
        else parse_unit_type(type_text, field=c.field("Unit Type"), problems=found)
    )
    characteristics = profile_from_columns(type_name_or_id, cols, name=name, problems=found)
    raise_first_error(found, problems)
    if characteristics is None:
        return None
    return ModelProfile(
        name=clean(name), unit_type=unit_type, characteristics=characteristics, invulnerable_save=invulnerable_save
    )
