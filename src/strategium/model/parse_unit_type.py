"""Read the data's free-text Unit Type ("Infantry (Character, Line)") into a ``UnitTypeSpec``.

The Unit Types and Sub-types are those of the Age of Darkness rulebook pp.195-197 (vehicle Sub-types
pp.214-219) plus the faction books' Sub-types listed in :class:`strategium.model.unit_types.SubType`.
The text comes from the ``Unit Type`` column of a BattleScribe profile; the forms seen in real data are
``Type``, ``Type (Sub, Sub)``, several groups ``Infantry (Character) (Psyker)``, a name before the type
``Legionary (Infantry)``, bullets ``• Vehicle (Transport)``, footnote marks ``Vehicle (Transport*)``,
typos ``Fortication``/``Monsterous``, and prose after the type (on later lines, or after the groups).
"""

from __future__ import annotations

import re

from strategium.model.text import clean, key, lookup, split_footnote
from strategium.model.unit_types import SubType, UnitType, UnitTypeSpec
from strategium.problems import ParseProblem, Problems, Severity, report

FIELD = "Unit Type"

_TYPES: dict[str, tuple[UnitType, SubType | None]] = {key(t.value): (t, None) for t in UnitType}
# Knights and Titans are Vehicles with a Sub-type in the data (see the unit_types module docstring).
_TYPES[key("Knight")] = (UnitType.VEHICLE, SubType.KNIGHT)
_TYPES[key("Titan")] = (UnitType.VEHICLE, SubType.TITAN)

_SUBS: dict[str, SubType] = {key(s.value): s for s in SubType}

_BULLETS = "•·▪◦‣>-* "
_TYPO_NOTE = re.compile(r"^read (?P<written>'[^']*'|\"[^\"]*\") as '?(?P<known>[^']+)'?$")


def is_typo_note(problem: ParseProblem) -> bool:
    """True for a NOTE saying a word was recognised only by typo tolerance ("read 'Infantri' as 'Infantry'").

    The Unit Type parser and the rule registry (``strategium.catalogue.registry.find_rule``) word such notes alike.
    """
    return problem.severity is Severity.NOTE and _TYPO_NOTE.match(problem.message) is not None


def typo_corrections(problems: Problems) -> tuple[tuple[str, str], ...]:
    """(written, known) for each typo NOTE in ``problems``: ``[("Infantri", "Infantry")]``."""
    out: list[tuple[str, str]] = []
    for problem in problems:
        found = _TYPO_NOTE.match(problem.message) if problem.severity is Severity.NOTE else None
        if found is not None:
            out.append((found["written"][1:-1], found["known"]))
    return tuple(out)


def _scan(line: str) -> tuple[str, list[str], list[str], bool]:
    """Split one line into (head before the first group, group contents, text between/after groups,
    whether a parenthesis was left open)."""
    head: list[str] = []
    groups: list[str] = []
    outside: list[str] = []
    current: list[str] = []
    depth = 0
    seen_group = False
    for ch in line:
        if ch == "(":
            if depth == 0:
                current = []
            else:
                current.append(ch)
            depth += 1
        elif ch == ")" and depth > 0:
            depth -= 1
            if depth == 0:
                groups.append("".join(current))
                seen_group = True
            else:
                current.append(ch)
        elif depth > 0:
            current.append(ch)
        elif seen_group:
            outside.append(ch)
        else:
            head.append(ch)
    unclosed = depth > 0
    if unclosed:
        groups.append("".join(current))
    tail = "".join(outside).strip(" +&,;/").strip()
    return "".join(head).strip(), groups, [tail] if tail else [], unclosed


class _Builder:
    """Collects the parts of one Unit Type text while reporting problems."""

    def __init__(self, text: str, field: str, problems: Problems | None) -> None:
        self.text = text
        self.field = field
        self.problems = problems
        self.unit_type: UnitType | None = None
        self.subs: set[SubType] = set()
        self.footnoted: set[SubType] = set()
        self.unknown: list[str] = []

    def note(self, message: str) -> None:
        report(self.problems, self.field, self.text, message, Severity.NOTE, strict_raises=False)

    def unknown_word(self, word: str) -> None:
        self.unknown.append(word)
        report(self.problems, self.field, self.text, f"unknown word {word!r}", strict_raises=False)

    def set_type(self, found: tuple[UnitType, SubType | None]) -> bool:
        unit_type, sub = found
        if self.unit_type is not None and self.unit_type is not unit_type:
            return False
        self.unit_type = unit_type
        if sub is not None:
            self.subs.add(sub)
        return True

    def head(self, words: str) -> None:
        """The text before the first group: a Unit Type ("Daemon Primarch"), else read word by word."""
        found, corrected = lookup(words, _TYPES)
        if found is not None and self.set_type(found):
            if corrected:
                self.note(f"read {words!r} as {found[0].value!r}")
            return
        parts = words.split()
        if len(parts) == 1:
            self.item(words)
            return
        for word in parts:
            found, corrected = lookup(word, _TYPES)
            if found is not None and self.set_type(found):
                if corrected:
                    self.note(f"read {word!r} as {found[0].value!r}")
            else:
                self.item(word)

    def item(self, word: str) -> None:
        core, mark = split_footnote(word)
        if not core:
            return
        sub, corrected = lookup(core, _SUBS)
        if sub is not None:
            self.subs.add(sub)
            if corrected:
                self.note(f"read {core!r} as {sub.value!r}")
            if mark:
                self.footnoted.add(sub)
                self.note(f"footnote mark {mark!r} on {sub.value!r}")
            return
        found, corrected = lookup(core, _TYPES)
        if found is not None and self.set_type(found):
            if corrected:
                self.note(f"read {core!r} as {found[0].value!r}")
            return
        self.unknown_word(word)

    def build(self) -> UnitTypeSpec:
        return UnitTypeSpec(
            unit_type=self.unit_type,
            sub_types=frozenset(self.subs),
            unknown=tuple(self.unknown),
            text=self.text,
            footnoted=frozenset(self.footnoted),
        )


def parse_unit_type(text: str, *, field: str = FIELD, problems: Problems | None = None) -> UnitTypeSpec:
    """Read a Unit Type text into its Unit Type, Sub-types and the words that could not be read.

    Examples: "Cavalry (Light, Militia, Character)" gives CAVALRY with {LIGHT, MILITIA, CHARACTER};
    "Legionary (Infantry)" gives INFANTRY with unknown ("Legionary",); "Vehicle (Knight)" gives VEHICLE
    with {KNIGHT}; "Transport*" gives no Unit Type, {TRANSPORT} (footnoted) and an ERROR.

    Never raises: whatever is not understood is in ``unknown`` (and reported as an ERROR when ``problems``
    is given); corrected typos, bullets and footnote marks are NOTEs. Lines after the first are kept in
    ``unknown`` as written (the data puts a Fortification's parts there).
    """
    b = _Builder(text, field, problems)
    lines = [line for line in clean(text).splitlines() if line]
    if not lines:
        report(problems, field, text, "blank Unit Type", strict_raises=False)
        return b.build()
    first = lines[0]
    bare = first.lstrip(_BULLETS)
    if bare != first:
        b.note(f"leading mark {first[: len(first) - len(bare)].strip()!r} ignored")
    head, groups, tails, unclosed = _scan(bare)
    if unclosed:
        b.note("unclosed parenthesis")
    if head:
        b.head(head)
    for group in groups:
        for item in group.split(","):
            if item.strip():
                b.item(item.strip())
    for extra in tails + lines[1:]:
        b.unknown_word(extra)
    if b.unit_type is None:
        report(problems, field, text, "no Unit Type named", strict_raises=False)
    return b.build()
