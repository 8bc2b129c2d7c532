"""Table-driven tests over the real HH2 data: every Unit Type and weapon column text in the shared rosters
and BattleScribe files parses to a value or is reported, and none raises.

The expected unreadable texts are listed explicitly (by their first line, so no long data prose is copied
here): a parser regression, or a change in the data, shows as a difference in these lists or counts.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from strategium.catalogue.registry import RuleRef, UnknownRule
from strategium.model.characteristics import BuildingCharacteristics, KnightCharacteristics, VehicleCharacteristics
from strategium.model.parsing import (
    ParseProblem,
    Severity,
    model_profile_from_columns,
    parse_ap,
    parse_strength,
    parse_unit_type,
    parse_weapon_range,
    parse_weapon_type,
    weapon_from_columns,
)
from strategium.model.text import key
from strategium.model.unit_types import SubType, UnitType
from strategium.model.weapons import RangeKind, StrengthKind, WeaponClass
from tests.conftest import DATA
from tests.model.real_data import MODEL_TYPES, WEAPON_TYPES, distinct, real_profiles

pytestmark = pytest.mark.skipif(not DATA.is_dir(), reason="shared data not found")


def _first_line(text: str) -> str:
    return text.split("\n", 1)[0]


def _errored(texts: frozenset[str], parse: Callable[..., object]) -> list[str]:
    """First lines of the texts whose parse reported an ERROR, sorted. Each parse must not raise."""
    out = []
    for text in texts:
        problems: list[ParseProblem] = []
        parse(text, problems=problems)
        if any(p.severity is Severity.ERROR for p in problems):
            out.append(_first_line(text))
    return sorted(out)


UNIT_TYPE_UNREAD = [
    "Cavalry (Mechanised) + (Heavy) from Reinforced Void Armor",  # note on where Heavy comes from
    "Fortication (Barricade)",  # followed by two lines naming the parts
    "Fortification (Building) (Small)",  # "Small" is no Sub-type we know
    "Legionary (Infantry)",  # a model name in the Unit Type column
    "Legionary (Infantry) (Psyker)",
]


def test_every_unit_type_text_in_the_data() -> None:
    texts = distinct(MODEL_TYPES, "Unit Type")
    assert len(texts) == 130
    assert _errored(texts, parse_unit_type) == UNIT_TYPE_UNREAD
    for text in texts:
        spec = parse_unit_type(text)
        assert spec.unit_type is not None, text
        assert spec.unknown or not [p for p in _problems(parse_unit_type, text) if p.severity is Severity.ERROR]


def _problems(parse: Callable[..., object], text: str) -> list[ParseProblem]:
    problems: list[ParseProblem] = []
    parse(text, problems=problems)
    return problems


def test_unit_type_spot_checks_on_the_data() -> None:
    texts = distinct(MODEL_TYPES, "Unit Type")
    for text, unit_type, subs in [
        ("Cavalry (Light, Militia, Character)", UnitType.CAVALRY, {SubType.LIGHT, SubType.MILITIA, SubType.CHARACTER}),
        ("Vehicle (Transport, Reinforced)", UnitType.VEHICLE, {SubType.TRANSPORT, SubType.REINFORCED}),
        ("• Vehicle (Transport)", UnitType.VEHICLE, {SubType.TRANSPORT}),
        ("Vehicle (Transport*)", UnitType.VEHICLE, {SubType.TRANSPORT}),
        ("Daemon Primarch (Unique)", UnitType.DAEMON_PRIMARCH, {SubType.UNIQUE}),
    ]:
        assert text in texts
        spec = parse_unit_type(text)
        assert (spec.unit_type, spec.sub_types, spec.unknown) == (unit_type, frozenset(subs), ())


def test_every_sub_type_and_unit_type_word_in_the_data_is_known_except_the_listed() -> None:
    texts = distinct(MODEL_TYPES, "Unit Type")
    found_types = {parse_unit_type(t).unit_type for t in texts}
    assert found_types == {
        UnitType.INFANTRY,
        UnitType.CAVALRY,
        UnitType.DREADNOUGHT,
        UnitType.AUTOMATA,
        UnitType.PRIMARCH,
        UnitType.DAEMON,
        UnitType.DAEMON_PRIMARCH,
        UnitType.ARMIGER,
        UnitType.VEHICLE,
        UnitType.FORTIFICATION,
    }
    unknown_words = sorted({w for t in texts for w in parse_unit_type(t).unknown if "\n" not in w})
    assert unknown_words == [
        "Four double Blast Shields",
        "Four single Blast Shields",
        "Legionary",
        "Small",
        "from Reinforced Void Armor",
    ]


@pytest.mark.parametrize(
    ("column", "parse", "count", "unread"),
    [
        ("Range", parse_weapon_range, 45, ["", "."]),
        ("Strength", parse_strength, 27, [""]),
        ("AP", parse_ap, 8, [""]),
        (
            "Type",
            parse_weapon_type,
            468,
            [
                "",
                'Assault, Torrent (5"), Fleshbane',  # no shots
                "Melee, Shred, Rending (5+), Specialist Weapon",  # then a paragraph of prose
                "Pinning, Force",  # no weapon class
                "Pistol, Deflagrate",  # no shots
                "Pistol, Disruption (6+)",  # no shots
            ],
        ),
    ],
)
def test_every_weapon_column_text_in_the_data(
    column: str, parse: Callable[..., object], count: int, unread: list[str]
) -> None:
    texts = distinct(WEAPON_TYPES, column)
    assert len(texts) == count
    assert _errored(texts, parse) == unread


def test_weapon_value_kinds_seen_in_the_data() -> None:
    ranges = {parse_weapon_range(t).kind for t in distinct(WEAPON_TYPES, "Range")}
    assert ranges == set(RangeKind)
    strengths = {parse_strength(t).kind for t in distinct(WEAPON_TYPES, "Strength")}
    assert strengths == set(StrengthKind) - {StrengthKind.DESTROYER}
    aps = {parse_ap(t, problems=[]) for t in distinct(WEAPON_TYPES, "AP")}
    assert aps == {None, 1, 2, 3, 4, 5, 6}
    classes = {parse_weapon_type(t).weapon_class for t in distinct(WEAPON_TYPES, "Type")}
    assert classes == {
        None,
        WeaponClass.ASSAULT,
        WeaponClass.HEAVY,
        WeaponClass.RAPID_FIRE,
        WeaponClass.ORDNANCE,
        WeaponClass.PISTOL,
        WeaponClass.MELEE,
        WeaponClass.DESTROYER,
        WeaponClass.BOMB,
    }


def test_every_weapon_rule_item_in_the_data_reaches_the_registry() -> None:
    """Each rule item after the class becomes a RuleRef or an UnknownRule whose written text is in the Type."""
    items = 0
    for text in distinct(WEAPON_TYPES, "Type"):
        parsed = parse_weapon_type(text)
        for entry in parsed.rules:
            assert isinstance(entry, RuleRef | UnknownRule)
            assert entry.written and key(entry.written) in key(text), (entry, text)
            items += 1
    assert items == 1055  # comma items after the class, counted independently when this test was written


def test_weapon_type_spot_checks_on_the_data() -> None:
    types = distinct(WEAPON_TYPES, "Type")
    assert "Heavy 2, Rending (6+)" in types
    heavy = parse_weapon_type("Heavy 2, Rending (6+)")
    assert (heavy.weapon_class, heavy.shots) == (WeaponClass.HEAVY, 2)
    assert [(r.name, r.value) for r in heavy.rules if isinstance(r, RuleRef)] == [("Rending", 6)]
    assert '12"-60"' in distinct(WEAPON_TYPES, "Range")
    long_range = parse_weapon_range('12"-60"')
    assert (long_range.kind, long_range.minimum, long_range.maximum) == (RangeKind.MIN_MAX, 12.0, 60.0)
    strengths = distinct(WEAPON_TYPES, "Strength")
    assert {"User", "x2", "2x", "10/8/6", "†"} <= strengths
    assert parse_strength("User").kind is StrengthKind.USER
    assert (parse_strength("x2").kind, parse_strength("x2").value) == (StrengthKind.TIMES, 2)


MODEL_PROFILES_WITH_ERRORS = [
    ("2022 - Horus Heresy.gst", "Defence Line"),  # Unit Type prose lines
    ("2022 - Horus Heresy.gst", "Fortified Wall (Strongpoint)"),  # "(Small)"
    ("2022 - Horus Heresy.gst", "Imperial Bunker"),  # "(Small)"
    ("2022 - LI - Solar Auxilia.cat", "Hermes Veletarii Sentinel"),  # "from Reinforced Void Armor"
    ("2022 - Legiones Astartes.cat", "Legionary"),  # "Legionary (Infantry)" and a blank T
    ("2022 - Legiones Astartes.cat", "Legionary"),  # a blank T
    ("Dedicated Transport Squad Costs.ros", "Legionary"),  # "Legionary (Infantry) (Psyker)" and a blank T
]


def test_every_model_profile_in_the_data_builds() -> None:
    profiles = [p for p in real_profiles() if p.type_name in MODEL_TYPES]
    assert len(profiles) == 424
    with_errors = []
    for p in profiles:
        problems: list[ParseProblem] = []
        built = model_profile_from_columns(p.name, p.type_name, dict(p.cols), problems=problems)
        assert built is not None, p
        if any(x.severity is Severity.ERROR for x in problems):
            with_errors.append((p.file, p.name))
    assert sorted(with_errors) == MODEL_PROFILES_WITH_ERRORS


WEAPON_PROFILES_WITH_ERRORS = [
    ("2022 - Daemons - Daemons of the Ruinstorm.cat", "Dark Flame"),
    ("2022 - Horus Heresy.gst", "Force Staff"),
    ("2022 - LI - Assassins.cat", "Excoricare"),
    ("2022 - LI - Assassins.cat", "Lidless Stare (Psychic Weapon)"),
    ("2022 - Legiones Astartes.cat", "Raven's Talons"),
    ("2022 - Mech Library.cat", "Arc Pistol"),
    ("OgrynChainaxeFix.ros", "Phase Sword"),
]


def test_every_weapon_profile_in_the_data_builds() -> None:
    profiles = [p for p in real_profiles() if p.type_name in WEAPON_TYPES]
    assert len(profiles) == 728
    with_errors = []
    for p in profiles:
        problems: list[ParseProblem] = []
        weapon_from_columns(p.name, dict(p.cols), problems=problems)
        if any(x.severity is Severity.ERROR for x in problems):
            with_errors.append((p.file, p.name))
    assert sorted(with_errors) == WEAPON_PROFILES_WITH_ERRORS


def test_real_vehicle_knight_and_fortification_profiles() -> None:
    by_name = {(p.type_name, p.name): dict(p.cols) for p in real_profiles() if p.type_name in MODEL_TYPES}
    pod = model_profile_from_columns("Pod", "Vehicle", by_name[("Vehicle", "Dreadnought Drop Pod")])
    assert pod.unit_type.footnoted == frozenset({SubType.TRANSPORT})
    assert isinstance(pod.characteristics, VehicleCharacteristics)
    assert (pod.characteristics.m, pod.characteristics.hp, pod.characteristics.transport_capacity) == (None, 3, None)
    assert pod.characteristics.transport_capacity_note.startswith("* ")
    titan_cols = by_name[("Knights and Titans", "Warhound Scout Titan")]
    titan = model_profile_from_columns("Warhound", "Knights and Titans", titan_cols)
    assert titan.unit_type.is_knight_or_titan and titan.unit_type.has(SubType.FAST)
    assert isinstance(titan.characteristics, KnightCharacteristics)
    assert titan.characteristics.hp == 12
    redoubt = model_profile_from_columns("Redoubt", "Fortification", by_name[("Fortification", "Primus Redoubt")])
    assert isinstance(redoubt.characteristics, BuildingCharacteristics)
    assert (redoubt.characteristics.transport_capacity, redoubt.characteristics.hp) == (50, 10)
    assert redoubt.characteristics.transport_capacity_note != ""
