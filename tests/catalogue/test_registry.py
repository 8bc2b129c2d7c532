"""The registry's definitions: lookups, pages of the seed rules, the single status table, paraphrase hygiene."""

from __future__ import annotations

import re
from functools import cache

import pytest
from defusedxml import ElementTree

from strategium.catalogue.definitions import Book, ImplementationStatus, RuleKind, XKind
from strategium.catalogue.registry import (
    UnknownRuleName,
    all_rule_defs,
    find_rule,
    get_rule_def,
    rule_key,
    rule_status,
)
from strategium.catalogue.status import STATUS
from strategium.errors import StrategiumError
from tests.conftest import BSDATA

# canonical name → (x_kind, book, page)
SEED_AND_LEANED_ON: list[tuple[str, XKind, Book, int | None]] = [
    ("Support Squad", XKind.NONE, Book.RULEBOOK, 248),
    ("Infiltrate", XKind.NONE, Book.RULEBOOK, 242),
    ("Scout", XKind.NONE, Book.RULEBOOK, 246),
    ("Outflank", XKind.NONE, Book.RULEBOOK, 244),
    ("Legiones Hereticus (Emperor's Children)", XKind.NONE, Book.EXEMPLARY_1, 107),
    ("Hammer of Wrath", XKind.NUMBER, Book.RULEBOOK, 239),
    ("Militia Cavalry Mount", XKind.NONE, Book.LEGACIES_MILITIA, 37),
    ("Relentless", XKind.NONE, Book.RULEBOOK, 245),
    ("Shrouded", XKind.TARGET, Book.RULEBOOK, 247),
    ("Feel No Pain", XKind.TARGET, Book.RULEBOOK, 238),
    ("Fearless", XKind.NONE, Book.RULEBOOK, 238),
    ("Instant Death", XKind.NONE, Book.RULEBOOK, 242),
    ("Eternal Warrior", XKind.NONE, Book.RULEBOOK, 237),
    ("Independent Character", XKind.NONE, Book.RULEBOOK, 241),
    ("Deep Strike", XKind.NONE, Book.RULEBOOK, 237),
    ("Fleet", XKind.NUMBER, Book.RULEBOOK, 238),
    ("Stubborn", XKind.NONE, Book.RULEBOOK, 248),
    ("Bulky", XKind.NUMBER, Book.RULEBOOK, 236),
    ("Fear", XKind.NUMBER, Book.RULEBOOK, 238),
    ("It Will Not Die", XKind.TARGET, Book.RULEBOOK, 242),
    ("Night Vision", XKind.NONE, Book.RULEBOOK, 243),
    ("Slow and Purposeful", XKind.NONE, Book.RULEBOOK, 247),
    ("Interceptor", XKind.NONE, Book.RULEBOOK, 309),
    ("Move Through Cover", XKind.NONE, Book.RULEBOOK, 243),
    ("Counter-Attack", XKind.NUMBER, Book.RULEBOOK, 236),
    ("Furious Charge", XKind.NUMBER, Book.RULEBOOK, 239),
    ("Rage", XKind.NUMBER, Book.RULEBOOK, 245),
    ("Hatred", XKind.TEXT, Book.RULEBOOK, 240),
    ("Precision Shots", XKind.TARGET, Book.RULEBOOK, 244),
    ("Precision Strikes", XKind.TARGET, Book.RULEBOOK, 245),
    ("Rending", XKind.TARGET, Book.RULEBOOK, 246),
    ("Shred", XKind.NONE, Book.RULEBOOK, 246),
    ("Breaching", XKind.TARGET, Book.ASTARTES_BOTH, 117),
    ("Armourbane", XKind.TEXT, Book.RULEBOOK, 231),
    ("Sunder", XKind.NONE, Book.RULEBOOK, 247),
    ("Concussive", XKind.NUMBER, Book.RULEBOOK, 236),
    ("Pinning", XKind.NONE, Book.RULEBOOK, 244),
    ("Blind", XKind.NONE, Book.RULEBOOK, 236),
    ("Ignores Cover", XKind.NONE, Book.RULEBOOK, 242),
    ("Gets Hot", XKind.NONE, Book.RULEBOOK, 239),
    ("Twin-linked", XKind.NONE, Book.RULEBOOK, 249),
    ("Blast", XKind.INCHES, Book.RULEBOOK, 234),
    ("Large Blast", XKind.INCHES, Book.RULEBOOK, 234),
    ("Template", XKind.NONE, Book.RULEBOOK, 248),
    ("Brutal", XKind.NUMBER, Book.ASTARTES_BOTH, 117),
    ("Specialist Weapon", XKind.NONE, Book.RULEBOOK, 247),
    ("Two-handed", XKind.NONE, Book.RULEBOOK, 249),
    ("Unwieldy", XKind.NONE, Book.RULEBOOK, 249),
    ("Poisoned", XKind.TARGET, Book.RULEBOOK, 244),
    ("Fleshbane", XKind.NONE, Book.RULEBOOK, 238),
    ("Haywire", XKind.NONE, Book.RULEBOOK_FAQ, 3),
    ("Deflagrate", XKind.NONE, Book.RULEBOOK, 237),
    ("Force", XKind.NONE, Book.RULEBOOK, 238),
    ("Master-crafted", XKind.NONE, Book.RULEBOOK, 243),
    ("Assault Vehicle", XKind.NONE, Book.RULEBOOK, 231),
    ("Explorator Adaptation", XKind.NONE, Book.UNKNOWN, None),
]


@pytest.mark.parametrize(("name", "x_kind", "book", "page"), SEED_AND_LEANED_ON)
def test_required_rule_is_registered_with_its_source(name: str, x_kind: XKind, book: Book, page: int | None) -> None:
    rule = get_rule_def(name)
    assert (rule.name, rule.x_kind, rule.book, rule.page) == (name, x_kind, book, page)


def test_citation_and_display_name() -> None:
    rule = get_rule_def("Hammer of Wrath")
    assert rule.display_name == "Hammer of Wrath (X)"
    assert rule.citation == "Age of Darkness rulebook p.239"
    assert get_rule_def("Explorator Adaptation").citation == "unknown (page unknown)"


def test_get_rule_def_accepts_aliases_and_written_forms() -> None:
    assert get_rule_def("Hammer of Wraith (1)").name == "Hammer of Wrath"
    assert get_rule_def("Stupefied").name == "Legiones Hereticus (Emperor's Children)"
    assert get_rule_def("Line Sub-type").kind is RuleKind.SUB_TYPE


def test_get_rule_def_of_an_unknown_name_raises_a_strategium_error() -> None:
    with pytest.raises(UnknownRuleName, match="unknown special rule: 'Feral Warriors'") as info:
        get_rule_def("Feral Warriors")
    assert isinstance(info.value, StrategiumError)


def test_all_rule_defs_is_sorted_unique_and_complete() -> None:
    rules = all_rule_defs()
    names = [r.name for r in rules]
    assert names == sorted(names, key=str.lower)
    assert len(names) == len(set(names)) == 246
    kinds = {kind: sum(r.kind is kind for r in rules) for kind in RuleKind}
    assert kinds == {
        RuleKind.SPECIAL_RULE: 57,
        RuleKind.WEAPON_RULE: 82,
        RuleKind.UNIT_TYPE: 11,
        RuleKind.SUB_TYPE: 31,
        RuleKind.WARGEAR: 7,
        RuleKind.ARMY_RULE: 23,
        RuleKind.VEHICLE_RULE: 27,
        RuleKind.REACTION: 1,
        RuleKind.FORTIFICATION_RULE: 7,
    }


def test_every_rule_parses_back_from_its_own_name_and_aliases() -> None:
    for rule in all_rule_defs():
        for written in (rule.name, rule.display_name, *rule.aliases):
            entry = find_rule(written)
            assert getattr(entry, "name", None) == rule.name, written


def test_status_is_set_in_one_table_of_registered_names() -> None:
    registered = {r.name for r in all_rule_defs()}
    assert set(STATUS) <= registered
    for rule in all_rule_defs():
        assert rule.status is STATUS.get(rule.name, ImplementationStatus.NOT_YET)
    # When a rule is implemented, update STATUS and these expectations together.
    assert get_rule_def("Support Squad").status is ImplementationStatus.IMPLEMENTED
    assert get_rule_def("Militia Cavalry Mount").status is ImplementationStatus.IMPLEMENTED
    assert sum(r.status is ImplementationStatus.NOT_YET for r in all_rule_defs()) == len(all_rule_defs()) - len(STATUS)


def test_paraphrases_are_short() -> None:
    for rule in all_rule_defs():
        assert rule.paraphrase.strip(), rule.name
        assert len(rule.paraphrase) <= 240, rule.name


@cache
def _description_runs(width: int) -> frozenset[tuple[str, ...]]:
    runs: set[tuple[str, ...]] = set()
    for path in BSDATA.iterdir():
        if path.suffix not in {".gst", ".cat"}:
            continue
        for el in ElementTree.parse(path).getroot().iter():
            if el.tag.rsplit("}", 1)[-1] in {"description", "characteristic"} and el.text:
                words = re.findall(r"[a-z0-9']+", el.text.lower().replace("’", "'"))
                runs.update(tuple(words[i : i + width]) for i in range(len(words) - width + 1))
    return frozenset(runs)


def test_no_paraphrase_shares_a_ten_word_run_with_the_data_descriptions() -> None:
    runs = _description_runs(10)
    assert len(runs) > 50_000  # the descriptions were really read
    for rule in all_rule_defs():
        words = re.findall(r"[a-z0-9']+", rule.paraphrase.lower())
        shared = [w for i in range(len(words) - 9) if (w := tuple(words[i : i + 10])) in runs]
        assert not shared, (rule.name, shared)


def test_rule_key_folds_case_punctuation_and_apostrophes() -> None:
    assert rule_key("Duellist’s Edge") == rule_key("duellists edge") == "duellists edge"
    assert rule_key("Heavy Sub-type:") == "heavy sub type"


def test_rule_status_words_match_the_json_spelling() -> None:
    for name in ("Relentless", "Support Squad", "Militia Cavalry Mount", "Stubborn"):
        assert rule_status(find_rule(name)) == STATUS.get(name, ImplementationStatus.NOT_YET).value
    assert rule_status(find_rule("Support Squad")) == "implemented"
    assert rule_status(find_rule("Strength in Numbers")) == "unknown"
