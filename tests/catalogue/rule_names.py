"""Collect every special-rule name the shared HH2 data writes (read at test time, never copied).

- ``roster_rule_names()``: ``rule@name`` in ``rosters/*.ros``.
- ``bsdata_rule_names()``: ``rule@name`` in the game system and catalogues.
- ``weapon_type_items()``: the comma-separated items of every weapon profile's ``Type`` characteristic, with the
  weapon classes (Assault 2, Heavy 1, Melee, ...) taken out: those belong to ``model.weapons``, not the registry.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from xml.etree.ElementTree import Element

from defusedxml import ElementTree

from tests.conftest import BSDATA, ROSTERS

WEAPON_PROFILE_TYPES = frozenset({"Weapon", "Psychic Weapon"})
_CLASSES = r"assault|heavy|rapid[ -]?fire|ordnance|ordinance|pistol|melee|destroyer|salvo|bomb|primary"
WEAPON_CLASS = re.compile(rf"^({_CLASSES})(?![a-z])[\s\d.*D+]*$", re.IGNORECASE)


def _local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1]


def _elements(paths: list[Path]) -> Iterator[Element]:
    for path in paths:
        yield from ElementTree.parse(path).getroot().iter()


@cache
def roster_rule_names() -> frozenset[str]:
    paths = sorted(ROSTERS.glob("*.ros"))
    return frozenset(el.get("name", "") for el in _elements(paths) if _local(el.tag) == "rule")


@cache
def bsdata_rule_names() -> frozenset[str]:
    paths = sorted(p for p in BSDATA.iterdir() if p.suffix in {".gst", ".cat"})
    return frozenset(el.get("name", "") for el in _elements(paths) if _local(el.tag) == "rule")


@cache
def _weapon_type_items() -> tuple[frozenset[str], frozenset[str]]:
    items: set[str] = set()
    classes: set[str] = set()
    paths = sorted(p for p in BSDATA.iterdir() if p.suffix in {".gst", ".cat"}) + sorted(ROSTERS.glob("*.ros"))
    for el in _elements(paths):
        if _local(el.tag) != "profile" or (el.get("typeName") or "").strip() not in WEAPON_PROFILE_TYPES:
            continue
        for ch in el.iter():
            if _local(ch.tag) == "characteristic" and ch.get("name") == "Type":
                for part in (ch.text or "").split(","):
                    item = part.strip()
                    if item:
                        (classes if WEAPON_CLASS.match(item) else items).add(item)
    return frozenset(items), frozenset(classes)


def weapon_type_items() -> frozenset[str]:
    return _weapon_type_items()[0]


def weapon_class_items() -> frozenset[str]:
    return _weapon_type_items()[1]
