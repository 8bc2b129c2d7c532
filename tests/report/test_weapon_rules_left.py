"""The roster view names every weapon rule of the army that is not implemented, with its instances and status."""

from __future__ import annotations

from collections import Counter

from strategium.army.battlescribe import import_roster
from strategium.catalogue.registry import rule_status
from strategium.report.army_view import weapon_rules_left_line
from tests.conftest import ROSTERS
from tests.report.test_army_view import text_of


def test_the_weapon_rules_not_implemented_are_named_with_counts_and_status() -> None:
    army = import_roster(ROSTERS / "hhv2.mechanicum_zm.ros")
    left: Counter[tuple[str, str]] = Counter()
    for unit in army.units:
        for model in unit.models:
            for weapon in model.weapons:
                for rule in weapon.type.rules:
                    status = rule_status(rule)
                    if status != "implemented":
                        left[(rule.name, status)] += 1
    assert left  # the Mechanicum list carries Haywire, not played yet
    line = weapon_rules_left_line(army)
    assert line is not None
    text = text_of(line, width=400)
    assert text.startswith("Weapon rules not implemented: ")
    words = {"partial": "partial", "not-yet": "not yet", "unknown": "unknown"}
    for (name, status), n in left.items():
        assert f"{name} x{n} ({words[status]})" in text
    assert text.count(" x") == len(left)


def test_no_line_when_every_weapon_rule_is_implemented() -> None:
    army = import_roster(ROSTERS / "Basic Marines Validate.ros")
    assert all(
        rule_status(r) == "implemented" for u in army.units for m in u.models for w in m.weapons for r in w.type.rules
    )
    assert weapon_rules_left_line(army) is None
