"""Default base and hull sizes (project defaults, geometry/sizes.py)."""

from __future__ import annotations

import pytest

from strategium.geometry.bases import Base
from strategium.geometry.sizes import (
    base_from_mm,
    default_base,
    has_hull,
    hull_size,
    model_base,
    sizing_type,
)
from strategium.model.parse_unit_type import parse_unit_type
from strategium.model.unit_types import UnitType


@pytest.mark.parametrize(
    ("unit_type", "base"),
    [
        ("Infantry (Line)", Base(32)),
        ("Infantry (Character)", Base(32)),
        ("Infantry (Line, Militia)", Base(25)),
        ("Infantry (Character, Militia, Monstrous)", Base(40)),
        ("Infantry (Heavy)", Base(40)),
        ("Infantry (Artillery)", Base(50)),
        ("Cavalry (Light, Militia)", Base(60, 35)),
        ("Dreadnought", Base(60)),
        ("Automata", Base(60)),
        ("Automata (Light)", Base(40)),
        ("Primarch (Unique)", Base(60)),
        ("Daemon", Base(40)),
    ],
)
def test_default_base_by_unit_type_and_sub_types(unit_type: str, base: Base) -> None:
    assert default_base(parse_unit_type(unit_type)) == base


def test_default_base_without_a_unit_type_is_32mm() -> None:
    assert default_base(None) == Base(32)


def test_a_hull_unit_type_has_no_default_base() -> None:
    with pytest.raises(ValueError, match="stands on a hull"):
        default_base(parse_unit_type("Vehicle (Transport)"))


@pytest.mark.parametrize(
    ("unit_type", "hull"),
    [
        ("Vehicle (Transport)", True),
        ("Vehicle (Knight)", True),
        ("Fortification (Building)", True),
        ("Infantry (Line)", False),
        ("Cavalry (Antigrav, Heavy)", False),
    ],
)
def test_has_hull(unit_type: str, hull: bool) -> None:
    assert has_hull(parse_unit_type(unit_type)) is hull


def test_knights_and_titans_are_sized_as_their_class() -> None:
    assert sizing_type(parse_unit_type("Vehicle (Knight)")) is UnitType.KNIGHT
    assert sizing_type(parse_unit_type("Vehicle (Titan)")) is UnitType.TITAN
    assert sizing_type(None) is None


@pytest.mark.parametrize(
    ("name", "unit_type", "size"),
    [
        ("Legion Rhino Transport", "Vehicle (Transport)", (4.6, 3.5)),
        ("Militia Leman Russ", "Vehicle (Third-line)", (5.2, 3.6)),
        ("Land Raider Proteus Carrier", "Vehicle (Transport)", (7.0, 4.6)),
        ("Sicaran Venator", "Vehicle (Fast)", (5.2, 3.8)),
        ("Malcador Infernus", "Vehicle", (6.6, 4.1)),
        ("Predator", "Vehicle", (4.6, 4.3)),
        ("Mystery Tank", "Vehicle", (5.0, 3.5)),
        ("Mystery Behemoth", "Vehicle (Super-heavy)", (9.8, 5.2)),
        ("Cerastus Knight-Lancer", "Vehicle (Knight)", (6.7, 4.3)),
        ("Imperial Bunker", "Fortification (Building)", (6.0, 6.0)),
    ],
)
def test_hull_size_by_name_then_by_type(name: str, unit_type: str, size: tuple[float, float]) -> None:
    assert hull_size(name, parse_unit_type(unit_type)) == size


def test_hull_size_without_a_unit_type_falls_back_to_a_vehicle() -> None:
    assert hull_size("Unknown") == (5.0, 3.5)
    assert hull_size("RHINO") == (4.6, 3.5)  # case-insensitive


def test_model_base_prefers_the_army_entry() -> None:
    spec = parse_unit_type("Infantry (Line, Militia)")
    assert model_base((40.0, 40.0), spec) == Base(40)
    assert model_base(None, spec) == Base(25)
    assert base_from_mm((60.0, 35.0)) == Base(60, 35)
    assert base_from_mm((32.0, 32.0)).is_round
