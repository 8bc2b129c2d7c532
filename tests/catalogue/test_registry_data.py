"""Every rule name the shared HH2 data writes parses to a registered rule or is reported unknown (never crashes).

Names are collected at test time from the rosters and the BattleScribe files (``tests/catalogue/rule_names.py``).
The counts are exact so that a registry or parser regression shows up as a changed number.
"""

from __future__ import annotations

import pytest

from strategium.catalogue.registry import RuleRef, UnknownRule, all_rule_defs, find_rule, normalise_written, rule_key
from tests.catalogue.rule_names import bsdata_rule_names, roster_rule_names, weapon_class_items, weapon_type_items

ROSTER_UNKNOWN = {
    " IMPERIALIS MILITIA (JNP)",
    "Death Frenzy",
    "Expanded Army Lists",
    "Feral Warriors",
    "Lacyraemarta",
    "LoW (where are they?) THIS ENTRY CAN BE REMOVED FROM YOUR ROSTER WITHOUT ISSUE",
    "Ogryn Conscripts",
    "Phase Shift",
    "Reign of Confusion",
    "Solar Pattern Cohorts",
    "Synaptic Disruptor",
    "The Muster of Worlds",
}


def _keys_of(name: str) -> set[str]:
    rule = next(r for r in all_rule_defs() if r.name == name)
    return {rule_key(w) for w in (rule.name, *rule.aliases)}


def _check(names: frozenset[str]) -> tuple[int, int]:
    """(recognised, unknown); asserts each recognised name really starts with its rule's name or an alias."""
    recognised = unknown = 0
    for written in sorted(names):
        entry = find_rule(written)
        assert entry.written == written
        if isinstance(entry, RuleRef):
            recognised += 1
            key = rule_key(normalise_written(written))
            assert any(key.startswith(k) for k in _keys_of(entry.name)), (written, entry)
        else:
            assert isinstance(entry, UnknownRule)
            unknown += 1
    return recognised, unknown


def test_roster_rule_names(shared_data: object) -> None:
    names = roster_rule_names()
    assert (len(names), *_check(names)) == (116, 104, 12)
    assert {n for n in names if isinstance(find_rule(n), UnknownRule)} == ROSTER_UNKNOWN


def test_bsdata_rule_names(shared_data: object) -> None:
    names = bsdata_rule_names()
    assert (len(names), *_check(names)) == (630, 260, 370)


def test_weapon_type_items(shared_data: object) -> None:
    names = weapon_type_items()
    assert (len(names), *_check(names)) == (161, 141, 20)
    # Weapon classes ("Heavy 2", "Melee", "Rapid-fire", ...) are left to model.weapons: none is a rule here.
    classes = weapon_class_items()
    assert len(classes) == 45
    assert not any(isinstance(find_rule(c), RuleRef) for c in classes)


@pytest.mark.parametrize(
    ("written", "expected"),
    [
        ("Bulky (2 or 3)", "Bulky (2 or 3)"),
        ("Legiones Astartes (Ultramarines)", "Legiones Astartes (Ultramarines)"),
        ("Militia Unit Sub-type", "Militia Sub-type"),
    ],
)
def test_names_seen_in_the_rosters(shared_data: object, written: str, expected: str) -> None:
    assert written in roster_rule_names() | bsdata_rule_names()
    assert str(find_rule(written)) == expected
