"""Read a weapon profile's columns (Range, Strength, AP, Type) into ``strategium.model.weapons`` values.

Weapon profiles and weapon types: Age of Darkness rulebook, Weapons section (pp.~170-180). The forms read
here are those of the BattleScribe data (see shared BATTLESCRIBE.md §1.3, §3): Range "24\"", "12\"-60\"",
"More than 18\"-42\"", "Up to 18\"", "Template", "Hellstorm", "-"; Strength "8", "User", "+1", "User+4",
"x2", "2x", "10/8/6", "5*", "*", "†", "-", "D"; AP "-", "1".."6", "2*"; Type "Heavy 2, Rending (6+)".
Problems are reported as described in :mod:`strategium.problems`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from strategium.catalogue.registry import RuleEntry, find_rule
from strategium.model.text import DASHES, clean, key, lookup, split_footnote
from strategium.model.weapons import (
    RangeKind,
    StrengthKind,
    WeaponClass,
    WeaponProfile,
    WeaponRange,
    WeaponStrength,
    WeaponType,
)
from strategium.problems import Problems, Severity, raise_first_error, report

_RANGE_WORDS: dict[str, RangeKind] = {
    key("Template"): RangeKind.TEMPLATE,
    key("Hellstorm"): RangeKind.HELLSTORM,
    key("Melee"): RangeKind.MELEE,
}
_INCHES = r"(\d+(?:\.\d+)?)\s*\"?"
_RANGE_DISTANCE = re.compile(rf"^(?:up\s*to\s*)?{_INCHES}$", re.IGNORECASE)
_RANGE_MIN_MAX = re.compile(rf"^(?:more\s*than\s*)?{_INCHES}\s*-\s*{_INCHES}$", re.IGNORECASE)


def parse_weapon_range(text: str, *, field: str = "Range", problems: Problems | None = None) -> WeaponRange:
    """Read a weapon's Range (inches).

    "24\"" (or "24", "Up to 24\"") → DISTANCE max 24; "12\"-60\"" (or "More than 12\"-60\"") → MIN_MAX
    min 12 max 60; "Template", "Hellstorm" → those kinds; "-" or "Melee" → MELEE. Anything else (blank, ".",
    prose, a minimum above the maximum) → ``RangeKind.UNKNOWN`` and an ERROR. Never raises.
    """
    t = clean(text)
    if t in DASHES:
        return WeaponRange(RangeKind.MELEE, text=text)
    m = _RANGE_DISTANCE.match(t)
    if m:
        return WeaponRange(RangeKind.DISTANCE, maximum=float(m.group(1)), text=text)
    m = _RANGE_MIN_MAX.match(t)
    if m:
        low, high = float(m.group(1)), float(m.group(2))
        if low < high:
            return WeaponRange(RangeKind.MIN_MAX, maximum=high, minimum=low, text=text)
        report(problems, field, text, "minimum range not below the maximum", strict_raises=False)
        return WeaponRange(RangeKind.UNKNOWN, text=text)
    kind, corrected = lookup(t, _RANGE_WORDS)
    if kind is not None:
        if corrected:
            report(problems, field, text, f"read as {kind.value!r}", Severity.NOTE, strict_raises=False)
        return WeaponRange(kind, text=text)
    report(problems, field, text, "not a Range" if t else "blank Range", strict_raises=False)
    return WeaponRange(RangeKind.UNKNOWN, text=text)


def parse_strength(text: str, *, field: str = "Strength", problems: Problems | None = None) -> WeaponStrength:
    """Read a weapon's Strength.

    "8" → FIXED 8; "User" → USER; "+1", "User+4", "-1" → PLUS 1 / 4 / -1; "x2", "2x", "User x2" → TIMES 2;
    "D" → DESTROYER; "-", "*", "†" → SPECIAL (the weapon's rules give it); "10/8/6" → SPECIAL with
    ``values`` (10, 8, 6). A footnote mark beside a value ("5*") is kept in ``footnote`` and is a NOTE.
    Blank or unreadable text → ``StrengthKind.UNKNOWN`` and an ERROR. Never raises.
    """
    t = clean(text)
    if not t:
        report(problems, field, text, "blank Strength", strict_raises=False)
        return WeaponStrength(StrengthKind.UNKNOWN, text=text)
    if t in DASHES:
        return WeaponStrength(StrengthKind.SPECIAL, text=text)
    core, mark = split_footnote(t)
    if not core:
        return WeaponStrength(StrengthKind.SPECIAL, text=text, footnote=mark)
    k = re.sub(r"\s+", "", core.casefold())
    found = _strength(k, text, mark)
    if found is None:
        report(problems, field, text, "not a Strength", strict_raises=False)
        return WeaponStrength(StrengthKind.UNKNOWN, text=text, footnote=mark)
    if mark:
        report(problems, field, text, f"footnote mark {mark!r} beside the Strength", Severity.NOTE, strict_raises=False)
    return found


def _strength(k: str, text: str, mark: str | None) -> WeaponStrength | None:
    """The Strength for a squashed, case-folded core ``k``, or None if it is not one."""
    if k.isdigit():
        return WeaponStrength(StrengthKind.FIXED, int(k), text=text, footnote=mark)
    if k in ("user", "u"):
        return WeaponStrength(StrengthKind.USER, text=text, footnote=mark)
    if k == "d":
        return WeaponStrength(StrengthKind.DESTROYER, text=text, footnote=mark)
    m = re.fullmatch(r"(?:user|u)?([+-])(\d+)", k)
    if m:
        value = int(m.group(2)) * (-1 if m.group(1) == "-" else 1)
        return WeaponStrength(StrengthKind.PLUS, value, text=text, footnote=mark)
    m = re.fullmatch(r"(?:user|u)?x(\d+)|(\d+)x(?:user|u)?", k)
    if m:
        return WeaponStrength(StrengthKind.TIMES, int(m.group(1) or m.group(2)), text=text, footnote=mark)
    if re.fullmatch(r"\d+(?:/\d+)+", k):
        values = tuple(int(v) for v in k.split("/"))
        return WeaponStrength(StrengthKind.SPECIAL, text=text, values=values, footnote=mark)
    return None


def parse_ap(text: str, *, field: str = "AP", problems: Problems | None = None) -> int | None:
    """Read a weapon's AP: "1".."6" (also "AP2") → that number; "-" → None (no AP). A footnote mark ("2*")
    is read past with a NOTE. Blank text, numbers outside 1..6 and other text are ERRORs (value None).

    Raises:
        InputError: the text cannot be read and ``problems`` is None.
    """
    t = clean(text)
    if t in DASHES:
        return None
    if not t:
        report(problems, field, text, "blank AP (use '-' for none)")
        return None
    core, mark = split_footnote(t)
    m = re.fullmatch(r"(?:ap\s*)?(\d+)", core, flags=re.IGNORECASE)
    if not m or not 1 <= int(m.group(1)) <= 6:
        report(problems, field, text, "AP must be 1 to 6 or '-'")
        return None
    if mark:
        report(problems, field, text, f"footnote mark {mark!r} beside the AP", Severity.NOTE)
    return int(m.group(1))


_CLASSES: dict[str, WeaponClass] = {key(c.value): c for c in WeaponClass}
_NEEDS_SHOTS = frozenset(
    {
        WeaponClass.ASSAULT,
        WeaponClass.HEAVY,
        WeaponClass.ORDNANCE,
        WeaponClass.PISTOL,
        WeaponClass.DESTROYER,
        WeaponClass.SALVO,
        WeaponClass.BOMB,
    }
)
_CLASS_ITEM = re.compile(
    r"^(?P<name>[^\W\d_][^\W\d_ -]*(?:[ -][^\W\d_]+)*?)\s*(?P<shots>\d*\s*[dD]\s*\d+|\d+)?\s*(?P<mark>[*†‡]*)$"
)


def _split_items(line: str) -> tuple[list[str], bool]:
    """Split a Type line at commas (and at a full stop followed by a space) outside brackets.

    Returns the non-empty items, trimmed of spaces and trailing full stops, and whether a full stop split."""
    items: list[str] = []
    current: list[str] = []
    depth = 0
    stop_split = False
    for i, ch in enumerate(line):
        nxt = line[i + 1] if i + 1 < len(line) else ""
        if ch in "([{":
            depth += 1
        elif ch in ")]}" and depth > 0:
            depth -= 1
        if depth == 0 and (ch == "," or (ch == "." and nxt == " ")):
            stop_split = stop_split or ch == "."
            items.append("".join(current))
            current = []
            continue
        current.append(ch)
    items.append("".join(current))
    return [s for s in (item.strip().rstrip(".").strip() for item in items) if s], stop_split


def parse_weapon_type(text: str, *, field: str = "Type", problems: Problems | None = None) -> WeaponType:
    """Read a weapon's Type column: the weapon class with its shots, then one special rule per item.

    "Heavy 2, Rending (6+)" → HEAVY, shots 2, rules [find_rule("Rending (6+)")]; "Assault 2D6, Fleshbane" →
    ASSAULT, ``shots_dice`` "2D6"; "Melee, Specialist Weapon" → MELEE, no shots. Each rule item goes through
    ``strategium.catalogue.registry.find_rule`` (footnote marks such as "†Graviton Pulse" are taken off first,
    with a NOTE); unknown names stay in ``rules`` as ``UnknownRule``. Misspelt classes ("Ordinance",
    "Rapid-fire") are read with a NOTE. ERRORs: blank text, no class ("Pinning, Force"), a class that fires a
    number of shots written without one ("Assault, Torrent (5\")"), and prose lines after the first (kept in
    ``unknown``). Never raises.
    """
    lines = [line for line in clean(text).splitlines() if line]
    if not lines:
        report(problems, field, text, "blank Type", strict_raises=False)
        return WeaponType(None, text=text)
    items, stop_split = _split_items(lines[0])
    if stop_split:
        report(problems, field, text, "full stop read as an item separator", Severity.NOTE, strict_raises=False)
    weapon_class: WeaponClass | None = None
    shots: int | None = None
    shots_dice: str | None = None
    m = _CLASS_ITEM.match(items[0]) if items else None
    if m:
        weapon_class, corrected = lookup(m.group("name"), _CLASSES)
        if weapon_class is not None and corrected:
            report(
                problems,
                field,
                text,
                f"read {m.group('name')!r} as {weapon_class.value!r}",
                Severity.NOTE,
                strict_raises=False,
            )
    if m and weapon_class is not None:
        items = items[1:]
        written = re.sub(r"\s+", "", m.group("shots") or "").upper()
        if written.isdigit():
            shots = int(written)
        elif written:
            shots_dice = written
        if m.group("mark"):
            report(problems, field, text, "footnote mark beside the shots", Severity.NOTE, strict_raises=False)
        if not written and weapon_class in _NEEDS_SHOTS:
            report(problems, field, text, f"no number of shots for {weapon_class.value}", strict_raises=False)
    else:
        report(problems, field, text, "no weapon class", strict_raises=False)
    rules: list[RuleEntry] = []
    for item in items:
        core, mark = split_footnote(item)
        if mark:
            report(problems, field, text, f"footnote mark {mark!r} on {core!r}", Severity.NOTE, strict_raises=False)
        rules.append(find_rule(core))
    unknown = tuple(lines[1:])
    for extra in unknown:
        report(problems, field, text, f"text after the Type line: {extra[:40]!r}", strict_raises=False)
    return WeaponType(weapon_class, shots=shots, rules=tuple(rules), unknown=unknown, text=text, shots_dice=shots_dice)


def weapon_from_columns(name: str, cols: Mapping[str, str], *, problems: Problems | None = None) -> WeaponProfile:
    """Build a ``WeaponProfile`` from a BattleScribe ``Weapon`` / ``Psychic Weapon`` profile's columns.

    ``cols`` maps column names to texts; names match ignoring case, spaces and punctuation ("Range", "AP",
    "Strength" or "S", "Type"). A missing column is an ERROR and gives the UNKNOWN/None value. Problems carry
    the field ``"<name>: <column>"``.

    Raises:
        InputError: ``problems`` is None and any ERROR was found (the first one is raised).
    """
    found: Problems = []
    by_key = {key(k): v for k, v in cols.items()}

    def column(*names: str) -> str | None:
        for n in names:
            if key(n) in by_key:
                return by_key[key(n)]
        report(found, f"{name}: {names[0]}", "", "column missing")
        return None

    range_text = column("Range", "Rng")
    strength_text = column("Strength", "S", "Str")
    ap_text = column("AP")
    type_text = column("Type")
    weapon_range = (
        WeaponRange(RangeKind.UNKNOWN)
        if range_text is None
        else parse_weapon_range(range_text, field=f"{name}: Range", problems=found)
    )
    strength = (
        WeaponStrength(StrengthKind.UNKNOWN)
        if strength_text is None
        else parse_strength(strength_text, field=f"{name}: Strength", problems=found)
    )
    ap = None if ap_text is None else parse_ap(ap_text, field=f"{name}: AP", problems=found)
    weapon_type = (
        WeaponType(None) if type_text is None else parse_weapon_type(type_text, field=f"{name}: Type", problems=found)
    )
    raise_first_error(found, problems)
    return WeaponProfile(name=clean(name), range=weapon_range, strength=strength, ap=ap, type=weapon_type)
