"""One import point for the model's free-text parsers (real rosters and BattleScribe data).

=========================================  ===========================================================
function                                   reads
=========================================  ===========================================================
``parse_unit_type(text)``                  "Infantry (Character, Line)" → ``UnitTypeSpec``
``parse_characteristic(text)``             "7", "7\\"", "-" → ``int | None``
``parse_save(text)``                       "3+" → 3
``parse_leading_number(text)``             "10, Two Access Points…" → (10, prose)
``characteristics_from_columns(cols)``     a ``Unit`` profile → ``Characteristics``
``vehicle_characteristics_from_columns``   a ``Vehicle`` profile → ``VehicleCharacteristics``
``knight_characteristics_from_columns``    a ``Knights and Titans`` profile → ``KnightCharacteristics``
``building_characteristics_from_columns``  a ``Fortification`` profile → ``BuildingCharacteristics``
``profile_from_columns(type, cols)``       any of the four, chosen by profile type name or id
``model_profile_from_columns(...)``        name + type + columns → ``ModelProfile``
``parse_weapon_range(text)``               "24\\"", "12\\"-60\\"", "Template" → ``WeaponRange``
``parse_strength(text)``                   "User", "+1", "x2", "10/8/6" → ``WeaponStrength``
``parse_ap(text)``                         "-", "1".."6" → ``int | None``
``parse_weapon_type(text)``                "Heavy 2, Rending (6+)" → ``WeaponType``
``weapon_from_columns(name, cols)``        a ``Weapon`` profile → ``WeaponProfile``
=========================================  ===========================================================

How problems are reported (a ``problems`` list, or ``InputError`` in strict use): see
:mod:`strategium.problems`.
"""

from __future__ import annotations

from strategium.model.parse_profiles import (
    PROFILE_TYPE_IDS,
    ProfileKind,
    building_characteristics_from_columns,
    characteristics_from_columns,
    knight_characteristics_from_columns,
    model_profile_from_columns,
    profile_from_columns,
    profile_kind,
    vehicle_characteristics_from_columns,
)
from strategium.model.parse_unit_type import parse_unit_type
from strategium.model.parse_values import parse_characteristic, parse_leading_number, parse_save
from strategium.model.parse_weapons import (
    parse_ap,
    parse_strength,
    parse_weapon_range,
    parse_weapon_type,
    weapon_from_columns,
)
from strategium.problems import ParseProblem, Problems, Severity

__all__ = [
    "PROFILE_TYPE_IDS",
    "ParseProblem",
    "Problems",
    "ProfileKind",
    "Severity",
    "building_characteristics_from_columns",
    "characteristics_from_columns",
    "knight_characteristics_from_columns",
    "model_profile_from_columns",
    "parse_ap",
    "parse_characteristic",
    "parse_leading_number",
    "parse_save",
    "parse_strength",
    "parse_unit_type",
    "parse_weapon_range",
    "parse_weapon_type",
    "profile_from_columns",
    "profile_kind",
    "vehicle_characteristics_from_columns",
    "weapon_from_columns",
]
