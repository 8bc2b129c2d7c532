"""Weapon columns: Range, Strength, AP and Type (rulebook, Weapons section), including the data's odd forms."""

from __future__ import annotations

import pytest

from strategium.catalogue.registry import RuleRef, find_rule
from strategium.errors import InputError
from strategium.model.parsing import (
    ParseProblem,
    Severity,
    parse_ap,
    parse_strength,
    parse_weapon_range,
    parse_weapon_type,
    weapon_from_columns,
)
from strategium.model.weapons import RangeKind, StrengthKind, WeaponClass, WeaponRange, WeaponStrength

R = RangeKind
K = StrengthKind


@pytest.mark.parametrize(
    ("text", "kind", "maximum", "minimum"),
    [
        ('24"', R.DISTANCE, 24.0, None),
        ("24", R.DISTANCE, 24.0, None),
        ('10"\n', R.DISTANCE, 10.0, None),
        ("12”", R.DISTANCE, 12.0, None),
        ('Up to 18"', R.DISTANCE, 18.0, None),
        ('12"-60"', R.MIN_MAX, 60.0, 12.0),
        ('24"- 360"', R.MIN_MAX, 360.0, 24.0),
        ('36-180"', R.MIN_MAX, 180.0, 36.0),
        ('More than 18"-42"', R.MIN_MAX, 42.0, 18.0),
        ("Template", R.TEMPLATE, None, None),
        ("Template ", R.TEMPLATE, None, None),
        ("Hellstorm", R.HELLSTORM, None, None),
        ("-", R.MELEE, None, None),
        ("–", R.MELEE, None, None),
        ("Melee", R.MELEE, None, None),
    ],
)
def test_ranges(text: str, kind: RangeKind, maximum: float | None, minimum: float | None) -> None:
    problems: list[ParseProblem] = []
    assert parse_weapon_range(text, problems=problems) == WeaponRange(kind, maximum, minimum, text)
    assert problems == []


def test_misspelt_range_word_is_read_with_a_note() -> None:
    problems: list[ParseProblem] = []
    assert parse_weapon_range("Templat", problems=problems).kind is R.TEMPLATE
    assert [(p.severity, p.message) for p in problems] == [(Severity.NOTE, "read as 'template'")]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "blank Range"),
        (".", "not a Range"),
        ("far", "not a Range"),
        ('60"-12"', "minimum range not below the maximum"),
    ],
)
def test_unreadable_ranges_are_unknown(text: str, message: str) -> None:
    problems: list[ParseProblem] = []
    assert parse_weapon_range(text, problems=problems) == WeaponRange(R.UNKNOWN, text=text)
    assert problems == [ParseProblem("Range", text, message)]
    assert parse_weapon_range(text).kind is R.UNKNOWN  # no list: still no exception


@pytest.mark.parametrize(
    ("text", "kind", "value", "values", "footnote"),
    [
        ("8", K.FIXED, 8, (), None),
        ("User", K.USER, None, (), None),
        ("user", K.USER, None, (), None),
        ("+1", K.PLUS, 1, (), None),
        ("+ 2", K.PLUS, 2, (), None),
        ("User+4", K.PLUS, 4, (), None),
        ("-1", K.PLUS, -1, (), None),
        ("x2", K.TIMES, 2, (), None),
        ("2x", K.TIMES, 2, (), None),
        ("×2", K.TIMES, 2, (), None),
        ("User x2", K.TIMES, 2, (), None),
        ("10/8/6", K.SPECIAL, None, (10, 8, 6), None),
        ("5*", K.FIXED, 5, (), "*"),
        ("*", K.SPECIAL, None, (), "*"),
        ("†", K.SPECIAL, None, (), "†"),
        ("-", K.SPECIAL, None, (), None),
        ("D", K.DESTROYER, None, (), None),
    ],
)
def test_strengths(
    text: str, kind: StrengthKind, value: int | None, values: tuple[int, ...], footnote: str | None
) -> None:
    problems: list[ParseProblem] = []
    assert parse_strength(text, problems=problems) == WeaponStrength(kind, value, text, values, footnote)
    assert [p.severity for p in problems] == ([Severity.NOTE] if text == "5*" else [])


@pytest.mark.parametrize(
    ("text", "message"), [("", "blank Strength"), ("strong", "not a Strength"), ("x", "not a Strength")]
)
def test_unreadable_strengths_are_unknown(text: str, message: str) -> None:
    problems: list[ParseProblem] = []
    assert parse_strength(text, problems=problems).kind is K.UNKNOWN
    assert problems == [ParseProblem("Strength", text, message)]


@pytest.mark.parametrize(
    ("strength", "user", "expected"),
    [("8", 4, 8), ("User", 4, 4), ("+1", 4, 5), ("User+4", 3, 7), ("x2", 4, 8), ("2x", 5, 10), ("10/8/6", 4, None)],
)
def test_resolved_strength(strength: str, user: int, expected: int | None) -> None:
    assert parse_strength(strength).resolve(user) == expected


@pytest.mark.parametrize(("text", "expected"), [("-", None), ("1", 1), ("6", 6), ("AP2", 2), (" 3 ", 3)])
def test_ap(text: str, expected: int | None) -> None:
    problems: list[ParseProblem] = []
    assert parse_ap(text, problems=problems) == expected
    assert problems == []


def test_ap_with_footnote_is_read_with_a_note() -> None:
    problems: list[ParseProblem] = []
    assert parse_ap("2*", problems=problems) == 2
    assert [p.severity for p in problems] == [Severity.NOTE]


@pytest.mark.parametrize("text", ["", "0", "7", "D", "2+"])
def test_bad_ap_is_none_with_an_error_or_raises(text: str) -> None:
    problems: list[ParseProblem] = []
    assert parse_ap(text, problems=problems) is None
    assert [p.severity for p in problems] == [Severity.ERROR]
    with pytest.raises(InputError) as caught:
        parse_ap(text)
    assert caught.value.field == "AP"


def _rule(entry: object) -> tuple[str, int | None]:
    assert isinstance(entry, RuleRef), entry
    return entry.name, entry.value


def test_heavy_2_rending() -> None:
    problems: list[ParseProblem] = []
    t = parse_weapon_type("Heavy 2, Rending (6+)", problems=problems)
    assert (t.weapon_class, t.shots, t.shots_dice, t.unknown) == (WeaponClass.HEAVY, 2, None, ())
    assert [_rule(r) for r in t.rules] == [("Rending", 6)]
    assert t.rules == (find_rule("Rending (6+)"),)
    assert problems == []


@pytest.mark.parametrize(
    ("text", "weapon_class", "shots", "dice", "items"),
    [
        ("Assault 2, Rending (6+), Achean Force", WeaponClass.ASSAULT, 2, None, ["Rending (6+)", "Achean Force"]),
        ("Rapid Fire", WeaponClass.RAPID_FIRE, None, None, []),
        ("Rapid-fire, Twin-linked", WeaponClass.RAPID_FIRE, None, None, ["Twin-linked"]),
        ("Rapid fire", WeaponClass.RAPID_FIRE, None, None, []),
        ('Ordnance 1, Large Blast (5")', WeaponClass.ORDNANCE, 1, None, ['Large Blast (5")']),
        ('Ordnance1, Barrage, Large Blast (5")', WeaponClass.ORDNANCE, 1, None, ["Barrage", 'Large Blast (5")']),
        ("Melee, Specialist Weapon", WeaponClass.MELEE, None, None, ["Specialist Weapon"]),
        ("Melee", WeaponClass.MELEE, None, None, []),
        ("Pistol 1, Shred\n", WeaponClass.PISTOL, 1, None, ["Shred"]),
        ('Destroyer 1, Large Blast (5")', WeaponClass.DESTROYER, 1, None, ['Large Blast (5")']),
        ("Assault 2D6, Fleshbane", WeaponClass.ASSAULT, None, "2D6", ["Fleshbane"]),
        ("Assault D6, Haywire", WeaponClass.ASSAULT, None, "D6", ["Haywire"]),
        ('Bomb 1, Blast (3"), One Use', WeaponClass.BOMB, 1, None, ['Blast (3")', "One Use"]),
        ("Heavy 18, Pinning, Shell Shock (1)", WeaponClass.HEAVY, 18, None, ["Pinning", "Shell Shock (1)"]),
        ("Melee, Shred,, Sudden Strike (1)", WeaponClass.MELEE, None, None, ["Shred", "Sudden Strike (1)"]),
        ("Assault 1, Fleshbane, Gets Hot, ", WeaponClass.ASSAULT, 1, None, ["Fleshbane", "Gets Hot"]),
        (
            "Assault 6, Blind, Vox Silence,\tCybertheurgic Focus",
            WeaponClass.ASSAULT,
            6,
            None,
            ["Blind", "Vox Silence", "Cybertheurgic Focus"],
        ),
        ("Heavy 6., Rending (5+), Sunder", WeaponClass.HEAVY, 6, None, ["Rending (5+)", "Sunder"]),
    ],
)
def test_weapon_types(
    text: str, weapon_class: WeaponClass, shots: int | None, dice: str | None, items: list[str]
) -> None:
    problems: list[ParseProblem] = []
    t = parse_weapon_type(text, problems=problems)
    assert (t.weapon_class, t.shots, t.shots_dice, t.unknown, t.text) == (weapon_class, shots, dice, (), text)
    assert t.rules == tuple(find_rule(i) for i in items)
    assert problems == []


@pytest.mark.parametrize(
    ("text", "weapon_class", "shots", "items", "note"),
    [
        (
            'Ordinance 1, Massive Blast (7")',
            WeaponClass.ORDNANCE,
            1,
            ['Massive Blast (7")'],
            "read 'Ordinance' as 'Ordnance'",
        ),
        ("Heavy 2. Twin-linked", WeaponClass.HEAVY, 2, ["Twin-linked"], "full stop read as an item separator"),
        ("Assault 2*, Deflagrate", WeaponClass.ASSAULT, 2, ["Deflagrate"], "footnote mark beside the shots"),
        (
            "Heavy 1, †Graviton Pulse, Haywire",
            WeaponClass.HEAVY,
            1,
            ["Graviton Pulse", "Haywire"],
            "footnote mark '†' on 'Graviton Pulse'",
        ),
        (
            "Heavy 2, Graviton Pulse*, Haywire",
            WeaponClass.HEAVY,
            2,
            ["Graviton Pulse", "Haywire"],
            "footnote mark '*' on 'Graviton Pulse'",
        ),
    ],
)
def test_irregular_weapon_types_read_with_a_note(
    text: str, weapon_class: WeaponClass, shots: int, items: list[str], note: str
) -> None:
    problems: list[ParseProblem] = []
    t = parse_weapon_type(text, problems=problems)
    assert (t.weapon_class, t.shots, t.unknown) == (weapon_class, shots, ())
    assert t.rules == tuple(find_rule(i) for i in items)
    assert problems == [ParseProblem("Type", text, note, Severity.NOTE)]


@pytest.mark.parametrize(
    ("text", "weapon_class", "rules", "unknown", "error"),
    [
        ("Pinning, Force", None, ["Pinning", "Force"], (), "no weapon class"),
        ("Pistol, Deflagrate", WeaponClass.PISTOL, ["Deflagrate"], (), "no number of shots for Pistol"),
        ('Assault, Torrent (5")', WeaponClass.ASSAULT, ['Torrent (5")'], (), "no number of shots for Assault"),
        ("", None, [], (), "blank Type"),
        (
            "Melee, Shred\n\nA note in prose.",
            WeaponClass.MELEE,
            ["Shred"],
            ("A note in prose.",),
            "text after the Type line: 'A note in prose.'",
        ),
    ],
)
def test_weapon_types_with_errors(
    text: str, weapon_class: WeaponClass | None, rules: list[str], unknown: tuple[str, ...], error: str
) -> None:
    problems: list[ParseProblem] = []
    t = parse_weapon_type(text, problems=problems)
    assert (t.weapon_class, t.shots, t.unknown) == (weapon_class, None, unknown)
    assert t.rules == tuple(find_rule(r) for r in rules)
    assert problems == [ParseProblem("Type", text, error)]
    assert parse_weapon_type(text) == t  # no list: the same value, no exception


def test_weapon_from_columns() -> None:
    cols = {"Range": '18"', "Strength": "6", "AP": "4", "Type": "Assault 2, Rending (6+)"}
    w = weapon_from_columns("Blaster ", cols)
    assert w.name == "Blaster"
    assert w.range == WeaponRange(R.DISTANCE, 18.0, text='18"')
    assert w.strength == WeaponStrength(K.FIXED, 6, "6")
    assert w.ap == 4
    assert (w.type.weapon_class, w.type.shots) == (WeaponClass.ASSAULT, 2)
    assert [_rule(r) for r in w.type.rules] == [("Rending", 6)]
    assert not w.is_melee


def test_weapon_from_columns_accepts_spacing_and_case_in_column_names() -> None:
    w = weapon_from_columns("Fist", {" range": "-", "STRENGTH": "x2", "ap ": "2", "Type": "Melee"})
    assert (w.range.kind, w.strength.kind, w.strength.value, w.ap) == (R.MELEE, K.TIMES, 2, 2)
    assert w.is_melee


def test_weapon_from_columns_collects_every_problem_with_the_weapon_name() -> None:
    problems: list[ParseProblem] = []
    w = weapon_from_columns("Phase Sword", {"Range": "", "Strength": "", "AP": "", "Type": ""}, problems=problems)
    assert [p.field for p in problems] == [
        "Phase Sword: Range",
        "Phase Sword: Strength",
        "Phase Sword: AP",
        "Phase Sword: Type",
    ]
    assert (w.range.kind, w.strength.kind, w.ap, w.type.weapon_class) == (R.UNKNOWN, K.UNKNOWN, None, None)


def test_weapon_from_columns_reports_a_missing_column_or_raises() -> None:
    problems: list[ParseProblem] = []
    w = weapon_from_columns("Bolter", {"Range": '24"', "Strength": "4", "Type": "Rapid Fire"}, problems=problems)
    assert problems == [ParseProblem("Bolter: AP", "", "column missing")]
    assert w.ap is None
    with pytest.raises(InputError) as caught:
        weapon_from_columns("Bolter", {"Range": '24"', "Strength": "4", "Type": "Rapid Fire"})
    assert str(caught.value) == "Bolter: AP: column missing (got '')"


def test_weapon_from_columns_strict_raises_on_an_unreadable_type_but_not_on_a_note() -> None:
    with pytest.raises(InputError) as caught:
        weapon_from_columns("Staff", {"Range": ".", "Strength": "+1", "AP": "-", "Type": "Melee"})
    assert caught.value.field == "Staff: Range"
    w = weapon_from_columns("Cannon", {"Range": '24"', "Strength": "5*", "AP": "3", "Type": "Ordinance 1"})
    assert (w.strength.value, w.type.weapon_class) == (5, WeaponClass.ORDNANCE)
