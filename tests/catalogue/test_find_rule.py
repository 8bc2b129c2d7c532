"""``find_rule``: tolerant parsing of written rule names and their (X) (registry; BATTLESCRIBE.md §1.3, §3)."""

from __future__ import annotations

import pytest

from strategium.catalogue.registry import RuleRef, UnknownRule, find_rule

# written text → (canonical name, value, x_text)
RECOGNISED: list[tuple[str, str, int | None, str | None]] = [
    ("Hammer of Wrath (2)", "Hammer of Wrath", 2, "2"),
    ("Shrouded (5+)", "Shrouded", 5, "5+"),
    ("Bulky (4)", "Bulky", 4, "4"),
    ("Rending (6+)", "Rending", 6, "6+"),
    ("Hammer of Wraith (1)", "Hammer of Wrath", 1, "1"),
    ("Shrouded 5{+)", "Shrouded", 5, "5+"),
    ("Hammer of Wrath (2) (Abhuman Muster)", "Hammer of Wrath", 2, "2"),
    ("Hammer of Wrath (1 - Deflagrate [IT ✓])", "Hammer of Wrath", 1, "1"),
    ("Shrouded", "Shrouded", 6, "6+"),
    ("Shrouded (5)", "Shrouded", 5, "5+"),
    ("  infiltrate: ", "Infiltrate", None, None),
    ("Infilitrate", "Infiltrate", None, None),
    ("SCOUT", "Scout", None, None),
    ("Deepstike", "Deep Strike", None, None),
    ("Deep Strike (On the turn you deepstrike this unit)", "Deep Strike", None, None),
    ("Legiones Hereticus (Emperor’s Children)", "Legiones Hereticus (Emperor's Children)", None, None),
    ("Militia Cavalry Mount", "Militia Cavalry Mount", None, None),
    ("Support Squad", "Support Squad", None, None),
    ("Outflank", "Outflank", None, None),
    ("Relentless", "Relentless", None, None),
    ("Feel No Pain (6+)", "Feel No Pain", 6, "6+"),
    ("It Will Not Die (5+)", "It Will Not Die", 5, "5+"),
    ("Fear (1)", "Fear", 1, "1"),
    ("Fleet (D3)", "Fleet", None, "D3"),
    ("Bulky (2 or 3)", "Bulky", None, "2 or 3"),
    ("Hatred (Everything)", "Hatred", None, "Everything"),
    ("Hatred", "Hatred", None, None),
    ("Armourbane (melee)", "Armourbane", None, "Melee"),
    ("Legiones Astartes (Thousand Sons)", "Legiones Astartes", None, "Thousand Sons"),
    ("Counter-attack", "Counter-Attack", 1, "1"),
    ("Counter-Attack (2)", "Counter-Attack", 2, "2"),
    ("Poison (3+)", "Poisoned", 3, "3+"),
    ("Poisoned", "Poisoned", 4, "4+"),
    ("Murderous Strike 4+", "Murderous Strike", 4, "4+"),
    ("Brutual (2)", "Brutal", 2, "2"),
    ("Brutal 2", "Brutal", 2, "2"),
    ('Blast (3")', "Blast", 3, '3"'),
    ("Large Blast (5”)", "Large Blast", 5, '5"'),
    ('Large (5") Blast', "Large Blast", 5, '5"'),
    ('Torrent (12")', "Torrent", 12, '12"'),
    ("Two-Handed", "Two-handed", None, None),
    ("Twin-Linked", "Twin-linked", None, None),
    ("One Use", "One Use/One Shot", None, None),
    ("†Graviton Pulse", "Graviton Pulse", None, None),
    ("Graviton pulse*", "Graviton Pulse", None, None),
    ("Specialist Weapon\n\nWhen a model has two of these", "Specialist Weapon", None, None),
    ("Duellist’s Edge (1)", "Duellist's Edge", 1, "1"),
    ("Hammer of Wrath (X)", "Hammer of Wrath", None, "X"),
    ("Adamantium Will (X+)", "Adamantium Will", None, "X+"),
    ("Infantry Unit Type", "Infantry Unit Type", None, None),
    ("Infantry:", "Infantry Unit Type", None, None),
    ("Automata Unit-type", "Automata Unit Type", None, None),
    ("Line Sub-type", "Line Sub-type", None, None),
    ("Heavy Sub-type:", "Heavy Sub-type", None, None),
    ("Militia Unit Sub-type", "Militia Sub-type", None, None),
    ("Assassin Sub-Type", "Assassin Sub-type", None, None),
    ("Hammer of Wrathh (3)", "Hammer of Wrath", 3, "3"),
]


@pytest.mark.parametrize(("written", "name", "value", "x_text"), RECOGNISED)
def test_written_name_parses_to_the_registered_rule(
    written: str, name: str, value: int | None, x_text: str | None
) -> None:
    assert find_rule(written) == RuleRef(name, value=value, x_text=x_text, written=written)


def test_str_of_a_rule_ref_shows_the_canonical_name_and_x() -> None:
    assert str(find_rule("Hammer of Wraith (1)")) == "Hammer of Wrath (1)"
    assert str(find_rule("Shrouded")) == "Shrouded (6+)"
    assert str(find_rule("Fearless")) == "Fearless"


# written text → (cleaned name, x_text)
UNKNOWN: list[tuple[str, str, str | None]] = [
    ("Feral Warriors", "Feral Warriors", None),
    ("Wrathful Blows (3)", "Wrathful Blows", "3"),
    ("Immune to Fear (X) (Sire of the Night Lords)", "Immune to Fear (X) (Sire of the Night Lords)", None),
    ("  The  Muster of Worlds: ", "The Muster of Worlds", None),
    # Bare weapon classes and Sub-type words are deliberately not special rules.
    ("Heavy", "Heavy", None),
    ("Heavy 2", "Heavy 2", None),
    ("Assault 2", "Assault 2", None),
    ("Line", "Line", None),
    ("", "", None),
]


@pytest.mark.parametrize(("written", "name", "x_text"), UNKNOWN)
def test_unknown_name_is_kept_cleaned_with_the_original(written: str, name: str, x_text: str | None) -> None:
    assert find_rule(written) == UnknownRule(name, x_text=x_text, written=written)


def test_short_names_are_never_matched_fuzzily() -> None:
    # "Feat" is one letter from "Fear" but too short for a typo match.
    assert isinstance(find_rule("Feat (2)"), UnknownRule)
    assert isinstance(find_rule("Blint"), UnknownRule)
