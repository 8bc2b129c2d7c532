"""Army files with hostile or absurd numbers: each is one ``InputError`` at its file, line and field, found before
any model is built (a count of 10^18 models is refused at once, not after filling the memory)."""

from __future__ import annotations

import time

import pytest

from strategium import limits as lim
from strategium.army.library import parse_army_text
from strategium.errors import InputError

TINY = """\
format: 1
name: Tiny
weapons:
  - {name: Bolter, range: '24"', strength: "4", ap: "5", type: Rapid Fire}
units:
  - id: a
    name: Squad
    slot: Troops
    points: 100
    models:
      - name: Legionary
        count: 2
        unit_type: Infantry (Line)
        m: 7
        ws: 4
        bs: 4
        s: 4
        t: 4
        w: 1
        i: 4
        a: 1
        ld: 7
        sv: 3+
        base_mm: 32
        rules: [Fearless]
        weapons: [Bolter]
  - id: rhino
    name: Rhino
    slot: Dedicated Transport
    points: 35
    transport_for: a
    models:
      - {name: Rhino, unit_type: Vehicle (Transport), m: 12, bs: 4, front: 11, side: 11, rear: 10, hp: 3,
         transport_capacity: 12}
detachments:
  - name: Primary
    chart: Crusade
    units: [a, rhino]
"""


def over(what: str, value: object, name: str) -> str:
    """The end of ``check_limit``'s message for the limit ``name`` in force."""
    limit = getattr(lim.limits(), name)
    return f"{what}: {value} is over the limit of {limit} (raise it with STRATEGIUM_LIMIT_{name.upper()})"


def refused(old: str, new: str) -> str:
    assert old in TINY, old
    with pytest.raises(InputError) as caught:
        parse_army_text(TINY.replace(old, new, 1), file="tiny.yaml")
    message = str(caught.value)
    assert "\n" not in message
    return message


def test_the_tiny_army_loads() -> None:
    army = parse_army_text(TINY, file="tiny.yaml")
    assert [len(u.models) for u in army.units] == [2, 1]


def test_a_count_of_ten_to_the_eighteen_models_is_refused_at_once() -> None:
    started = time.perf_counter()
    message = refused("count: 2", "count: 1000000000000000000")
    assert time.perf_counter() - started < 0.5
    assert message == (
        "tiny.yaml:12: units[0].models[0].count: models in this unit: 1000000000000000000 is over the limit of 300 "
        "(raise it with STRATEGIUM_LIMIT_MODELS_PER_UNIT)"
    )


def test_models_per_unit_are_summed_over_its_entries_and_over_the_army() -> None:
    text = TINY.replace("count: 2", "count: 200").replace(
        "        weapons: [Bolter]\n",
        "        weapons: [Bolter]\n      - {name: Sergeant, count: 150, unit_type: Infantry, m: 7, ws: 4, bs: 4,"
        " s: 4, t: 4, w: 1, i: 4, a: 1, ld: 7}\n",
    )
    with pytest.raises(InputError) as caught:
        parse_army_text(text, file="tiny.yaml")
    assert str(caught.value) == (
        "tiny.yaml:10: units[0].models: models in this unit: 350 is over the limit of 300 "
        "(raise it with STRATEGIUM_LIMIT_MODELS_PER_UNIT)"
    )
    with lim.using_limits(models_per_unit=400, models_per_army=300), pytest.raises(InputError) as caught:
        parse_army_text(text, file="tiny.yaml")
    assert str(caught.value) == (
        "tiny.yaml:10: units[0].models: models in the army: 350 is over the limit of 300 "
        "(raise it with STRATEGIUM_LIMIT_MODELS_PER_ARMY)"
    )
    with lim.using_limits(models_per_unit=400):
        assert len(parse_army_text(text, file="tiny.yaml").units[0].models) == 350


def test_units_per_army() -> None:
    with lim.using_limits(units_per_army=1), pytest.raises(InputError) as caught:
        parse_army_text(TINY, file="tiny.yaml")
    assert str(caught.value) == (
        "tiny.yaml:5: units: units in the army: 2 is over the limit of 1 "
        "(raise it with STRATEGIUM_LIMIT_UNITS_PER_ARMY)"
    )


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("count: 2", "count: true", "tiny.yaml:12: units[0].models[0].count: must be a whole number, not true/false"),
        ("count: 2", "count: .nan", "tiny.yaml:12: units[0].models[0].count: must be a finite number"),
        ("count: 2", "count: .inf", "tiny.yaml:12: units[0].models[0].count: must be a finite number"),
        ("count: 2", "count: -1", "tiny.yaml:12: units[0].models[0].count: must be at least 1"),
        ("count: 2", "count: 2.5", "tiny.yaml:12: units[0].models[0].count: must be a whole number"),
        ("points: 100", "points: true", "tiny.yaml:9: units[0].points: must be a whole number, not true/false"),
        ("points: 100", "points: -5", "tiny.yaml:9: units[0].points: must be at least 0"),
        (
            "points: 100",
            "points: 1000001",
            "tiny.yaml:9: units[0].points: " + over("the points value", 1000001, "points"),
        ),
        (
            "name: Tiny\n",
            "name: Tiny\npoints: 10000000\n",
            "tiny.yaml:3: points: " + over("the points value", 10000000, "points"),
        ),
        ("m: 7", "m: true", "tiny.yaml:14: units[0].models[0].m: must be a whole number, not true/false"),
        ("m: 7", "m: 1001", "tiny.yaml:14: units[0].models[0].m: " + over("the Move in inches", 1001, "table_inches")),
        (
            "m: 7",
            "m: '99999999999999999999'",
            "tiny.yaml:14: units[0].models[0].m: holds a number larger than any strategium reads (more than 18 digits)",
        ),
        ("bs: 4", "bs: false", "tiny.yaml:16: units[0].models[0].bs: must be a whole number, not true/false"),
        ("sv: 3+", "sv: true", "tiny.yaml:23: units[0].models[0].sv: must be a whole number, not true/false"),
        (
            "hp: 3",
            "hp: 1000000000",
            "tiny.yaml:33: units[1].models[0].hp: " + over("the Hull Points", 1000000000, "profile_value"),
        ),
        ("hp: 3", "hp: .nan", "tiny.yaml:33: units[1].models[0].hp: must be a finite number"),
        (
            "transport_capacity: 12",
            "transport_capacity: 1000000",
            "tiny.yaml:34: units[1].models[0].transport_capacity: " + over("the number", 1000000, "profile_value"),
        ),
        ("base_mm: 32", "base_mm: .nan", "tiny.yaml:24: units[0].models[0].base_mm: must be more than 0 mm (got nan)"),
        (
            "base_mm: 32",
            "base_mm: [60, .inf]",
            "tiny.yaml:24: units[0].models[0].base_mm: must be more than 0 mm (got inf)",
        ),
        ("base_mm: 32", "base_mm: -32", "tiny.yaml:24: units[0].models[0].base_mm: must be more than 0 mm (got -32)"),
        ("base_mm: 32", "base_mm: 0", "tiny.yaml:24: units[0].models[0].base_mm: must be more than 0 mm (got 0)"),
        (
            "base_mm: 32",
            "base_mm: true",
            "tiny.yaml:24: units[0].models[0].base_mm: must be a size in millimetres, not true/false",
        ),
        (
            "base_mm: 32",
            "base_mm: [true, 32]",
            "tiny.yaml:24: units[0].models[0].base_mm: must be a size in millimetres, not true/false",
        ),
        (
            "base_mm: 32",
            "base_mm: 1000000000",
            "tiny.yaml:24: units[0].models[0].base_mm: " + over("a base side in inches", "3.93701e+07", "table_inches"),
        ),
    ],
)
def test_numbers_out_of_range_or_of_the_wrong_kind(old: str, new: str, message: str) -> None:
    assert refused(old, new) == message
