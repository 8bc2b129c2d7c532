"""Weapons and special rules that would make the engine roll without end: refused when the army file is read, at the
weapon's column or the rule's place."""

from __future__ import annotations

import pytest

from strategium import limits as lim
from strategium.army.library import parse_army_text
from strategium.army.profile_limits import check_rules, check_weapon
from strategium.catalogue.registry import find_rule
from strategium.model.parse_weapons import weapon_from_columns
from tests.army.test_army_schema import TINY, over, refused

WEAPON = """{name: Bolter, range: '24"', strength: "4", ap: "5", type: Rapid Fire}"""


def weapon(range_: str = '24"', strength: str = "4", type_: str = "Rapid Fire") -> str:
    return f"{{name: Bolter, range: '{range_}', strength: \"{strength}\", ap: \"5\", type: '{type_}'}}"


@pytest.mark.parametrize(
    ("new", "message"),
    [
        (
            weapon(type_="Assault 1000000000"),
            "tiny.yaml:4: weapons[0].type: " + over("the number of shots", 1000000000, "profile_value"),
        ),
        (
            weapon(type_="Assault 1000000000D6"),
            "tiny.yaml:4: weapons[0].type: " + over("the number of dice for shots", 1000000000, "profile_value"),
        ),
        (
            weapon(type_="Assault 2D1000"),
            "tiny.yaml:4: weapons[0].type: " + over("the sides of the dice for shots", 1000, "profile_value"),
        ),
        (
            weapon(type_="Assault " + "9" * 5000),
            "tiny.yaml:4: weapons[0].type: holds a number larger than any strategium reads (more than 18 digits)",
        ),
        (
            weapon(type_='Heavy 1, Blast (1000000")'),
            "tiny.yaml:4: weapons[0].type: " + over("the (X) of Blast", 1000000, "profile_value"),
        ),
        (
            weapon(type_="Heavy 1, Brutal (1000000000)"),
            "tiny.yaml:4: weapons[0].type: " + over("the (X) of Brutal", 1000000000, "profile_value"),
        ),
        (
            weapon(type_="Heavy 1, Rending (0+)"),
            "tiny.yaml:4: weapons[0].type: the (X) of Rending is a D6 target: 2+ to 6+, not 0+",
        ),
        (
            weapon(strength="1000000000"),
            "tiny.yaml:4: weapons[0].strength: " + over("the Strength", 1000000000, "profile_value"),
        ),
        (weapon(strength="x1000"), "tiny.yaml:4: weapons[0].strength: " + over("the Strength", 1000, "profile_value")),
        (
            weapon(range_='1000000000"'),
            "tiny.yaml:4: weapons[0].range: " + over("the Range in inches", "1e+09", "table_inches"),
        ),
        (
            weapon(range_='12"-5000"'),
            "tiny.yaml:4: weapons[0].range: " + over("the Range in inches", 5000, "table_inches"),
        ),
    ],
)
def test_weapon_numbers_past_the_limits(new: str, message: str) -> None:
    assert refused(WEAPON, new) == message


@pytest.mark.parametrize(
    ("rule", "message"),
    [
        (
            "Hammer of Wrath (1000000000)",
            "tiny.yaml:25: units[0].models[0].rules[0]: "
            + over("the (X) of Hammer of Wrath", 1000000000, "profile_value"),
        ),
        (
            "Hammer of Wrath (" + "9" * 30 + ")",
            "tiny.yaml:25: units[0].models[0].rules[0]: holds a number larger than any strategium reads "
            "(more than 18 digits)",
        ),
        (
            "Feel No Pain (1+)",
            "tiny.yaml:25: units[0].models[0].rules[0]: the (X) of Feel No Pain is a D6 target: 2+ to 6+, not 1+",
        ),
        (
            "Shrouded (7+)",
            "tiny.yaml:25: units[0].models[0].rules[0]: the (X) of Shrouded is a D6 target: 2+ to 6+, not 7+",
        ),
    ],
)
def test_rule_values_past_the_limits(rule: str, message: str) -> None:
    assert refused("rules: [Fearless]", f"rules: ['{rule}']") == message


def test_the_limits_can_be_raised_and_real_values_pass() -> None:
    big = weapon(type_="Heavy 150")
    with lim.using_limits(profile_value=200):
        army = parse_army_text(TINY.replace(WEAPON, big), file="tiny.yaml")
    assert army.units[0].models[0].weapons[0].type.shots == 150
    for columns in (
        {"Range": '72"', "Strength": "9", "AP": "2", "Type": 'Heavy 2, Sunder, Blast (5")'},
        {"Range": '12"-60"', "Strength": "D", "AP": "1", "Type": "Destroyer 2D6"},
    ):
        check_weapon(weapon_from_columns("w", columns))
    check_rules([find_rule("Hammer of Wrath (2)"), find_rule("Feel No Pain (5+)"), find_rule("Bulky (2 or 3)")])
