"""Unit Type text → Unit Type + Sub-types (rulebook pp.195-197), with the data's irregular forms."""

from __future__ import annotations

import pytest

from strategium.model.parsing import ParseProblem, Severity, parse_unit_type
from strategium.model.unit_types import SubType, UnitType, UnitTypeSpec

S = SubType
U = UnitType


@pytest.mark.parametrize(
    ("text", "unit_type", "subs"),
    [
        ("Infantry", U.INFANTRY, set()),
        ("Infantry (Character, Line)", U.INFANTRY, {S.CHARACTER, S.LINE}),
        ("Cavalry (Light, Militia, Character)", U.CAVALRY, {S.LIGHT, S.MILITIA, S.CHARACTER}),
        ("Vehicle (Transport, Reinforced)", U.VEHICLE, {S.TRANSPORT, S.REINFORCED}),
        ("Infantry (Character) (Psyker)", U.INFANTRY, {S.CHARACTER, S.PSYKER}),
        ("Dreadnought (Heavy)", U.DREADNOUGHT, {S.HEAVY}),
        ("Infantry (Automated Artillery)", U.INFANTRY, {S.AUTOMATED_ARTILLERY}),
        (" Infantry (Automated Artillery, Heavy)", U.INFANTRY, {S.AUTOMATED_ARTILLERY, S.HEAVY}),
        ("Vehicle (Flyer, Hover, Lumbering, Transport)", U.VEHICLE, {S.FLYER, S.HOVER, S.LUMBERING, S.TRANSPORT}),
        ("Vehicle (Third-line, Super-heavy)", U.VEHICLE, {S.THIRD_LINE, S.SUPER_HEAVY}),
        ("Infantry (Line, Close-order)", U.INFANTRY, {S.LINE, S.CLOSE_ORDER}),
        ("infantry (close order, SUPER HEAVY)", U.INFANTRY, {S.CLOSE_ORDER, S.SUPER_HEAVY}),
        ("Vehicle (Knight)", U.VEHICLE, {S.KNIGHT}),
        ("Vehicle (Fast, Titan)", U.VEHICLE, {S.FAST, S.TITAN}),
        ("Vehicle (Knight, Corrupted Engine)", U.VEHICLE, {S.KNIGHT, S.CORRUPTED_ENGINE}),
        ("Knight", U.VEHICLE, {S.KNIGHT}),
        ("Titan (Fast)", U.VEHICLE, {S.TITAN, S.FAST}),
        ("Daemon Primarch (Unique)", U.DAEMON_PRIMARCH, {S.UNIQUE}),
        ("Primarch (Unique, Corrupted)", U.PRIMARCH, {S.UNIQUE, S.CORRUPTED}),
        ("Automata (Guardian, Heavy, Line)", U.AUTOMATA, {S.GUARDIAN, S.HEAVY, S.LINE}),
        ("Armiger (Skirmish, Line)", U.ARMIGER, {S.SKIRMISH, S.LINE}),
        ("Fortification (Massive, Building)", U.FORTIFICATION, {S.MASSIVE, S.BUILDING}),
        ("Fortification (Emplacement)", U.FORTIFICATION, {S.EMPLACEMENT}),
        ("Building", U.BUILDING, set()),
        ("Infantry (Character, Cybertheurgist, Heavy)", U.INFANTRY, {S.CHARACTER, S.CYBERTHEURGIST, S.HEAVY}),
        ("Infantry (Static Artillery, Heavy)", U.INFANTRY, {S.STATIC_ARTILLERY, S.HEAVY}),
    ],
)
def test_clean_unit_types(text: str, unit_type: UnitType, subs: set[SubType]) -> None:
    problems: list[ParseProblem] = []
    spec = parse_unit_type(text, problems=problems)
    assert spec == UnitTypeSpec(unit_type, frozenset(subs), (), text)
    assert problems == []


@pytest.mark.parametrize(
    ("text", "unit_type", "subs", "notes"),
    [
        ("• Vehicle (Transport)", U.VEHICLE, {S.TRANSPORT}, ["leading mark '•' ignored"]),
        ("Fortication (Barricade)", U.FORTIFICATION, {S.BARRICADE}, ["read 'Fortication' as 'Fortification'"]),
        ("Infantry (Unique, Monsterous)", U.INFANTRY, {S.UNIQUE, S.MONSTROUS}, ["read 'Monsterous' as 'Monstrous'"]),
        ("Infantry (Character", U.INFANTRY, {S.CHARACTER}, ["unclosed parenthesis"]),
        ("Vehicle (Transport*)", U.VEHICLE, {S.TRANSPORT}, ["footnote mark '*' on 'Transport'"]),
    ],
)
def test_irregular_text_is_read_with_notes(
    text: str, unit_type: UnitType, subs: set[SubType], notes: list[str]
) -> None:
    problems: list[ParseProblem] = []
    spec = parse_unit_type(text, problems=problems)
    assert (spec.unit_type, spec.sub_types, spec.unknown) == (unit_type, frozenset(subs), ())
    assert [p.message for p in problems] == notes
    assert {p.severity for p in problems} == {Severity.NOTE}


def test_footnoted_sub_type_is_remembered() -> None:
    assert parse_unit_type("Vehicle (Transport*)").footnoted == frozenset({S.TRANSPORT})
    assert parse_unit_type("Vehicle (Transport)").footnoted == frozenset()


@pytest.mark.parametrize(
    ("text", "unit_type", "subs", "unknown"),
    [
        ("Legionary (Infantry)", U.INFANTRY, set(), ("Legionary",)),
        ("Legionary (Infantry) (Psyker)", U.INFANTRY, {S.PSYKER}, ("Legionary",)),
        ("Fortification (Building) (Small)", U.FORTIFICATION, {S.BUILDING}, ("Small",)),
        (
            "Cavalry (Mechanised) + (Heavy) from Reinforced Void Armor",
            U.CAVALRY,
            {S.MECHANISED, S.HEAVY},
            ("from Reinforced Void Armor",),
        ),
        ("Fortification (Barricade)\nTwo walls\nOne gate", U.FORTIFICATION, {S.BARRICADE}, ("Two walls", "One gate")),
        ("Infantry (Cavalry)", U.INFANTRY, set(), ("Cavalry",)),
        ("Jump Infantry (Character)", U.INFANTRY, {S.CHARACTER}, ("Jump",)),
        ("Infantry (Frobnicated, Line)", U.INFANTRY, {S.LINE}, ("Frobnicated",)),
    ],
)
def test_unknown_words_are_kept_and_reported(
    text: str, unit_type: UnitType, subs: set[SubType], unknown: tuple[str, ...]
) -> None:
    problems: list[ParseProblem] = []
    spec = parse_unit_type(text, problems=problems)
    assert (spec.unit_type, spec.sub_types, spec.unknown) == (unit_type, frozenset(subs), unknown)
    errors = [p.message for p in problems if p.severity is Severity.ERROR]
    assert errors == [f"unknown word {w!r}" for w in unknown]


@pytest.mark.parametrize(
    ("text", "subs", "unknown", "errors"),
    [
        ("Transport*", {S.TRANSPORT}, (), ["no Unit Type named"]),
        ("", set(), (), ["blank Unit Type"]),
        ("Gribble", set(), ("Gribble",), ["unknown word 'Gribble'", "no Unit Type named"]),
    ],
)
def test_no_unit_type(text: str, subs: set[SubType], unknown: tuple[str, ...], errors: list[str]) -> None:
    problems: list[ParseProblem] = []
    spec = parse_unit_type(text, problems=problems)
    assert (spec.unit_type, spec.sub_types, spec.unknown) == (None, frozenset(subs), unknown)
    assert [p.message for p in problems if p.severity is Severity.ERROR] == errors


def test_unit_type_parsing_never_raises_without_a_list() -> None:
    spec = parse_unit_type("Gribble (Frob)")
    assert spec.unit_type is None
    assert spec.unknown == ("Gribble", "Frob")


def test_counts_as() -> None:
    daemon_primarch = parse_unit_type("Daemon Primarch (Unique)")
    assert daemon_primarch.counts_as(U.DAEMON) and daemon_primarch.counts_as(U.PRIMARCH)
    assert not daemon_primarch.counts_as(U.INFANTRY)
    knight = parse_unit_type("Vehicle (Knight)")
    assert knight.counts_as(U.VEHICLE) and knight.counts_as(U.KNIGHT) and not knight.counts_as(U.TITAN)
    assert knight.is_knight_or_titan
    assert not parse_unit_type("Vehicle (Transport)").is_knight_or_titan
    assert UnitTypeSpec(U.TITAN).counts_as(U.VEHICLE)
    assert str(parse_unit_type("Cavalry (Militia, Light)")) == "Cavalry (Light, Militia)"
