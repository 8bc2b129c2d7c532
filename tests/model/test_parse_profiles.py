"""Profile builders: BattleScribe columns → Characteristics, Vehicle, Knight/Titan and Fortification profiles."""

from __future__ import annotations

import pytest

from strategium.errors import InputError
from strategium.model.characteristics import (
    BuildingCharacteristics,
    Characteristics,
    Facing,
    KnightCharacteristics,
    VehicleCharacteristics,
)
from strategium.model.parsing import (
    ParseProblem,
    ProfileKind,
    Severity,
    building_characteristics_from_columns,
    characteristics_from_columns,
    knight_characteristics_from_columns,
    model_profile_from_columns,
    profile_from_columns,
    profile_kind,
    vehicle_characteristics_from_columns,
)
from strategium.model.unit_types import SubType, UnitType

SERGEANT = {
    "Unit Type": "Infantry (Character, Line)",
    "Move": "7",
    "WS": "4",
    "BS": "4",
    "S": "4",
    "T": "4",
    "W": "1",
    "I": "4",
    "A": "2",
    "Ld": "8",
    "Save": "3+",
}
TANK = {
    "Unit Type": "Vehicle (Transport)",
    "Move": '14"',
    "BS": "4",
    "Front": "11",
    "Side": "11",
    "Rear": "10",
    "HP": "3",
    "Transport Capacity": "12",
    "Access Points": "One on each side and one at the rear.",
}
WALKER = {
    "Unit Type": "Vehicle (Knight)",
    "Move": "12",
    "WS": "4",
    "BS": "4",
    "S": "10",
    "Front": "13",
    "Side": "12",
    "Rear": "12",
    "I": "4",
    "A": "3",
    "HP": "7",
}
BUNKER = {
    "Unit Type": "Fortification (Building)",
    "BS": "-",
    "Front": "14",
    "Side": "14",
    "Rear": "14",
    "HP": "4",
    "Transport Capacity": "10, Two Access Points at the Rear",
    "Fire Points": "Fire Point (Front 4)",
}


def test_unit_profile() -> None:
    assert characteristics_from_columns(SERGEANT) == Characteristics(7, 4, 4, 4, 4, 1, 4, 2, 8, 3)


def test_unit_profile_short_column_names_and_dashes() -> None:
    cols = {"M": '6"', "WS": "1", "BS": "4", "S": "1", "T": "5", "W": "2", "I": "1", "A": "1", "LD": "-", "Sv": "-"}
    assert characteristics_from_columns(cols) == Characteristics(6, 1, 4, 1, 5, 2, 1, 1, None, None)


def test_unit_profile_blank_value_is_an_error_named_by_model_and_column() -> None:
    problems: list[ParseProblem] = []
    c = characteristics_from_columns({**SERGEANT, "T": ""}, name="Legionary", problems=problems)
    assert c.t is None and c.w == 1
    assert problems == [
        ParseProblem("Legionary: T", "", "blank value (use '-' for a missing Characteristic)", Severity.ERROR)
    ]
    with pytest.raises(InputError) as caught:
        characteristics_from_columns({**SERGEANT, "T": ""}, name="Legionary")
    assert caught.value.field == "Legionary: T"


def test_unit_profile_missing_column_is_an_error() -> None:
    cols = {k: v for k, v in SERGEANT.items() if k != "Ld"}
    problems: list[ParseProblem] = []
    assert characteristics_from_columns(cols, problems=problems).ld is None
    assert problems == [ParseProblem("Ld", "", "column missing")]


def test_vehicle_profile() -> None:
    v = vehicle_characteristics_from_columns(TANK)
    assert v == VehicleCharacteristics(14, 4, 11, 11, 10, 3, 12, "", "One on each side and one at the rear.")
    assert v.armour(Facing.REAR) == 10


def test_vehicle_transport_capacity_prose_is_kept_as_a_note() -> None:
    problems: list[ParseProblem] = []
    prose = "* None: one walker may embark by its own rule."
    v = vehicle_characteristics_from_columns({**TANK, "Move": "-", "Transport Capacity": prose}, problems=problems)
    assert v is not None
    assert (v.m, v.transport_capacity, v.transport_capacity_note) == (None, None, prose)
    assert [p.severity for p in problems] == [Severity.NOTE]


@pytest.mark.parametrize("capacity", ["-", ""])
def test_vehicle_without_transport_capacity(capacity: str) -> None:
    v = vehicle_characteristics_from_columns({**TANK, "Transport Capacity": capacity, "Access Points": "-"})
    assert (v.transport_capacity, v.transport_capacity_note, v.access_points) == (None, "", "")


def test_vehicle_without_armour_cannot_be_built() -> None:
    problems: list[ParseProblem] = []
    assert vehicle_characteristics_from_columns({**TANK, "Front": "-"}, name="Tank", problems=problems) is None
    assert problems == [ParseProblem("Tank: Front", "-", "this profile type needs a number here")]
    with pytest.raises(InputError):
        vehicle_characteristics_from_columns({**TANK, "HP": "lots"})


def test_knight_profile() -> None:
    k = knight_characteristics_from_columns(WALKER)
    assert k == KnightCharacteristics(12, 4, 4, 10, 13, 12, 12, 4, 3, 7)
    assert k.armour(Facing.FRONT) == 13
    problems: list[ParseProblem] = []
    assert knight_characteristics_from_columns({**WALKER, "HP": ""}, problems=problems) is None
    assert [p.field for p in problems] == ["HP"]


def test_fortification_profile() -> None:
    problems: list[ParseProblem] = []
    b = building_characteristics_from_columns(BUNKER, problems=problems)
    assert b == BuildingCharacteristics(
        None, 14, 14, 14, 4, 10, None, "Two Access Points at the Rear", "Fire Point (Front 4)"
    )
    assert [(p.field, p.severity) for p in problems] == [
        ("Transport Capacity", Severity.NOTE),
        ("Fire Points", Severity.NOTE),
    ]


def test_barricade_has_no_armour() -> None:
    dashes = dict.fromkeys(("BS", "Front", "Side", "Rear", "HP", "Transport Capacity", "Fire Points"), "-")
    b = building_characteristics_from_columns(dashes)
    assert b == BuildingCharacteristics(None, None, None, None, None)
    assert b.armour(Facing.SIDE) is None


@pytest.mark.parametrize(
    ("given", "kind"),
    [
        ("Unit", ProfileKind.UNIT),
        (" Unit", ProfileKind.UNIT),
        (" Vehicle", ProfileKind.VEHICLE),
        ("Knights and Titans", ProfileKind.KNIGHTS_AND_TITANS),
        ("Fortification", ProfileKind.FORTIFICATION),
        ("4bb2-cb95-e6c8-5a21", ProfileKind.UNIT),
        ("2fae-b053-3f78-e7b2", ProfileKind.VEHICLE),
        ("75b5-9f7a-156e-6889", ProfileKind.KNIGHTS_AND_TITANS),
        ("eeec-bde3-8ee4-35b0", ProfileKind.FORTIFICATION),
        ("Weapon", None),
    ],
)
def test_profile_kind(given: str, kind: ProfileKind | None) -> None:
    assert profile_kind(given) is kind


def test_profile_from_columns_dispatches_on_the_type() -> None:
    assert isinstance(profile_from_columns(" Unit", SERGEANT), Characteristics)
    assert isinstance(profile_from_columns("Vehicle", TANK), VehicleCharacteristics)
    assert isinstance(profile_from_columns("Knights and Titans", WALKER), KnightCharacteristics)
    assert isinstance(profile_from_columns("eeec-bde3-8ee4-35b0", BUNKER), BuildingCharacteristics)
    problems: list[ParseProblem] = []
    assert profile_from_columns("Wargear Item", {"Description": "x"}, name="Cloak", problems=problems) is None
    assert problems == [ParseProblem("Cloak: profile type", "Wargear Item", "not a model profile type")]
    with pytest.raises(InputError):
        profile_from_columns("Wargear Item", {"Description": "x"})


def test_model_profile() -> None:
    m = model_profile_from_columns("Sergeant ", "Unit", SERGEANT, invulnerable_save=5)
    assert m.name == "Sergeant"
    assert (m.unit_type.unit_type, m.unit_type.sub_types) == (
        UnitType.INFANTRY,
        frozenset({SubType.CHARACTER, SubType.LINE}),
    )
    assert m.characteristics == Characteristics(7, 4, 4, 4, 4, 1, 4, 2, 8, 3)
    assert m.invulnerable_save == 5
    assert not m.has_armour_values
    assert model_profile_from_columns("Tank", "Vehicle", TANK).has_armour_values


def test_model_profile_unknown_unit_type_word_is_an_error_in_strict_use() -> None:
    cols = {**SERGEANT, "Unit Type": "Legionary (Infantry)"}
    with pytest.raises(InputError) as caught:
        model_profile_from_columns("Legionary", "Unit", cols)
    assert str(caught.value) == "Legionary: Unit Type: unknown word 'Legionary' (got 'Legionary (Infantry)')"
    problems: list[ParseProblem] = []
    m = model_profile_from_columns("Legionary", "Unit", cols, problems=problems)
    assert m is not None and m.unit_type.unknown == ("Legionary",)
    assert [p.field for p in problems] == ["Legionary: Unit Type"]
