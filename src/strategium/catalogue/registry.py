"""The special-rule registry: canonical names, parsed (X) values, aliases, pages and implementation status.

CONTRACT (these names are used across the project):

- ``RuleRef``: a recognised rule as a model, unit or weapon carries it (canonical name + parsed X).
- ``UnknownRule``: a name the registry does not know; kept, never dropped, so reports can list it.
- ``RuleEntry = RuleRef | UnknownRule``.
- ``find_rule(text) -> RuleEntry``: parse one written rule name, e.g. "Hammer of Wraith (1)".
- ``get_rule_def(name) -> RuleDef``: the registered definition (book, page, paraphrase, status) of a rule.
- ``all_rule_defs() -> tuple[RuleDef, ...]``: every registered rule, sorted by name.
- ``rule_status(entry) -> str``: "implemented", "partial", "not-yet" or "unknown" (the JSON outputs' spelling).

Parsing is tolerant of what real BattleScribe / New Recruit data holds (see shared BATTLESCRIBE.md §1.3, §3):
case, spacing, typographic apostrophes, a trailing colon, stray brackets ("Shrouded 5{+)"), decorations after
the (X) ("Hammer of Wrath (2) (Abhuman Muster)", "Hammer of Wrath (1 - Deflagrate [IT ✓])") and typos.

**Typo tolerance** (one rule for every name): comparing letters and digits only, a written name that is not a
registered name or alias is read as the registered name it is closest to when that is at most
:func:`typo_allowance` edits away, and only when one rule is closest. An edit is one letter dropped or added,
or two neighbouring letters swapped; a changed letter counts as two edits, because it so often makes another
real word ("Prisoned" is a weapon rule of its own, not "Poisoned"; "Feat" is not "Fear"). The allowance is no
edit for names under 4 letters, 1 for 4 to 19, 2 for 20 or more. So "Relentles", "Fearles" and "Scot" are read
as Relentless, Fearless and Scout; "Fea", "Blint" and "Prisoned" stay as they are.
Aliases that are themselves such misspellings of the rule's name ("Hammer of Wraith", "Infilitrate",
"Independant Character") count as typos too. Whenever a name is recognised only by typo tolerance,
``find_rule`` adds a ``Severity.NOTE`` ``ParseProblem`` "read 'Relentles' as Relentless" to the caller's
``problems`` list (see :func:`is_typo_note` in ``strategium.model.parse_unit_type``): the roster importer lists
it in the import notes; the army-file loader, for project-authored files, also puts it in ``Army.notes``.

Unit Type and Sub-type markers that the data copies in as rules ("Infantry Unit Type", "Line Sub-type",
"Heavy Sub-type:", "Automata Unit-type") are recognised as entries of kind ``RuleKind.UNIT_TYPE`` /
``RuleKind.SUB_TYPE`` with canonical names "<Type> Unit Type" / "<Sub-type> Sub-type". A bare "Heavy" or
"Infantry" is deliberately *not* recognised (it would clash with weapon classes and Unit Type text); the
model's Unit Type characteristic is parsed by ``strategium.model.unit_types``.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, replace
from functools import cache

from strategium.catalogue.definitions import Book, ImplementationStatus, RuleDef, RuleKind, XKind
from strategium.errors import StrategiumError
from strategium.problems import Problems, Severity, report

__all__ = [
    "Book",
    "ImplementationStatus",
    "RuleDef",
    "RuleEntry",
    "RuleKind",
    "RuleRef",
    "UnknownRule",
    "UnknownRuleName",
    "XKind",
    "all_rule_defs",
    "find_rule",
    "get_rule_def",
    "is_type_marker",
    "normalise_written",
    "rule_key",
    "rule_status",
    "typo_allowance",
]


@dataclass(frozen=True)
class RuleRef:
    """A recognised special rule with its parsed (X).

    ``value`` is the number in X (2 for "(2)", 5 for "(5+)"), ``x_text`` the X as normalised text ("5+"),
    ``written`` the text exactly as it came from the data.
    """

    name: str
    value: int | None = None
    x_text: str | None = None
    written: str = ""

    def __str__(self) -> str:
        return f"{self.name} ({self.x_text})" if self.x_text is not None else self.name


@dataclass(frozen=True)
class UnknownRule:
    """A special rule name the registry does not know. ``name`` is a cleaned form, ``written`` the original."""

    name: str
    x_text: str | None = None
    written: str = ""

    def __str__(self) -> str:
        return f"{self.name} ({self.x_text})" if self.x_text is not None else self.name


RuleEntry = RuleRef | UnknownRule


class UnknownRuleName(StrategiumError):
    """``get_rule_def`` was asked for a name the registry does not hold."""


# --------------------------------------------------------------------------------------------------- normalising

_QUOTES = str.maketrans(
    {
        "\u2019": "'",
        "\u2018": "'",
        "`": "'",
        "\u00b4": "'",
        "\u201c": '"',
        "\u201d": '"',
        "\u2033": '"',
        "\u2013": "-",
        "\u2014": "-",
    }
)
_EDGE_JUNK = " :;,.•*^†\u2022\t"
_SPLIT_POINT = re.compile(r"[(\[{]|\d")
_NUMBER_X = re.compile(r"^[\s(\[{]*(?P<n>\d+)\s*[{(\[]?\s*(?P<plus>\+)?")
_ALTERNATIVES_X = re.compile(r"^[\s(\[{]*(?P<alt>\d+\+?\s*(?:or|/)\s*\d+\+?)")
_DICE_X = re.compile(r"^[\s(\[{]*(?P<d>\d*\s*[dD]\s*\d+(?:\s*\+\s*\d+)?)")
_PLACEHOLDER_X = re.compile(r"^[\s(\[{]*(?P<x>[xX])\s*(?P<plus>\+)?\s*[)\]}]")
_TRAILING_X = re.compile(r"^(?P<name>.*?)\s*\(\s*(?P<x>\d+\s*\+?|\d*[dD]\d+|[xX]\+?)\s*\)\s*$")
_TYPO_FIELD = "special rule"


def normalise_written(text: str) -> str:
    """``text`` with Unicode compatibility forms folded (NFKC), typographic quotes and dashes made plain,
    runs of whitespace collapsed and bullets, daggers, carets and trailing colons stripped from both ends.

    Only the first non-empty line counts: a rule name never spans lines, and data that runs a rule's
    explanation into the name ("Specialist Weapon\\n\\nWhen a model ...") keeps just the name.
    """
    folded = unicodedata.normalize("NFKC", text).translate(_QUOTES)
    lines = [line for line in folded.splitlines() if line.strip(_EDGE_JUNK)]
    first = lines[0] if lines else ""
    return " ".join(first.split()).strip(_EDGE_JUNK)


def rule_key(text: str) -> str:
    """The lookup key of a rule name: lower case, apostrophes dropped, other punctuation as spaces.

    >>> rule_key("Counter-Attack")
    'counter attack'
    >>> rule_key("Legiones Hereticus (Emperor’s Children)")
    'legiones hereticus emperors children'
    """
    lowered = normalise_written(text).lower().replace("'", "")
    return " ".join(re.sub(r"[^a-z0-9]+", " ", lowered).split())


# ----------------------------------------------------------------------------------------------------- the index


@cache
def _index() -> dict[str, RuleDef]:
    """Key (canonical name or alias) → definition, with status applied from ``status.py``."""
    from strategium.catalogue.catalog import CATALOG
    from strategium.catalogue.status import STATUS

    index: dict[str, RuleDef] = {}
    for entry in CATALOG:
        rule = replace(entry, status=STATUS.get(entry.name, ImplementationStatus.NOT_YET))
        for written in (rule.name, *rule.aliases):
            key = rule_key(written)
            other = index.get(key)
            if other is not None and other.name != rule.name:
                raise RuntimeError(f"registry: {written!r} names both {other.name!r} and {rule.name!r}")
            index[key] = rule
    return index


@cache
def _by_name() -> dict[str, RuleDef]:
    return {rule.name: rule for rule in _index().values()}


def all_rule_defs() -> tuple[RuleDef, ...]:
    """Every registered rule, sorted by canonical name (case-insensitive)."""
    return tuple(sorted(_by_name().values(), key=lambda r: r.name.lower()))


def get_rule_def(name: str) -> RuleDef:
    """The definition of a rule, by canonical name, alias or any written form ``find_rule`` recognises.

    Raises ``UnknownRuleName`` (a ``StrategiumError``) if the name is not registered.
    """
    exact = _by_name().get(name)
    if exact is not None:
        return exact
    entry = find_rule(name)
    if isinstance(entry, RuleRef):
        return _by_name()[entry.name]
    raise UnknownRuleName(f"unknown special rule: {name!r}")


def is_type_marker(rule: RuleEntry) -> bool:
    """True for a registered Unit Type or Sub-type marker ("Infantry Unit Type", "Line Sub-type")."""
    if not isinstance(rule, RuleRef):
        return False
    found = _by_name().get(rule.name)
    return found is not None and found.kind in (RuleKind.UNIT_TYPE, RuleKind.SUB_TYPE)


def rule_status(rule: RuleEntry) -> str:
    """'implemented', 'partial', 'not-yet' (registered rules, from the registry) or 'unknown' (not registered).
    The same spelling as ``ImplementationStatus`` values and the JSON outputs."""
    if not isinstance(rule, RuleRef):
        return "unknown"
    try:
        return get_rule_def(rule.name).status.value
    except UnknownRuleName:
        return "unknown"


def _lookup(head: str) -> RuleDef | None:
    return _index().get(rule_key(head))


def _compact(text: str) -> str:
    return rule_key(text).replace(" ", "")


def typo_allowance(length: int) -> int:
    """How many edits typo tolerance allows in a name of ``length`` letters and digits: 0 under 4, 1 from 4
    to 19, 2 from 20."""
    if length < 4:
        return 0
    return 1 if length < 20 else 2


def _edits(a: str, b: str, limit: int) -> int:
    """Edits from ``a`` to ``b`` (insert or delete 1, swap of neighbours 1, change 2); ``limit + 1`` once over
    ``limit``."""
    if abs(len(a) - len(b)) > limit:
        return limit + 1
    previous2: list[int] = []
    previous = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        current = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            cost = 0 if a[i - 1] == b[j - 1] else 2
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                current[j] = min(current[j], previous2[j - 2] + 1)
        if min(current) > limit:
            return limit + 1
        previous2, previous = previous, current
    return previous[-1]


@cache
def _compact_index() -> dict[str, RuleDef]:
    return {key.replace(" ", ""): rule for key, rule in _index().items()}


@cache
def _typo_match(compact: str) -> RuleDef | None:
    """The one rule whose name or alias is within the typo allowance of ``compact``, closest first."""
    limit = typo_allowance(len(compact))
    if limit == 0:
        return None
    best: dict[str, RuleDef] = {}
    best_distance = limit + 1
    for key, rule in _compact_index().items():
        distance = _edits(compact, key, limit)
        if distance < best_distance:
            best, best_distance = {rule.name: rule}, distance
        elif distance == best_distance and distance <= limit:
            best[rule.name] = rule
    return next(iter(best.values())) if len(best) == 1 and best_distance <= limit else None


@cache
def _is_misspelt_alias(key: str) -> bool:
    """True if the alias with lookup key ``key`` is a misspelling of its rule's name (within the allowance)."""
    rule = _index()[key]
    compact, name = key.replace(" ", ""), _compact(rule.name)
    return compact != name and _edits(compact, name, typo_allowance(len(compact))) <= typo_allowance(len(compact))


def _note_typo(problems: Problems | None, written: str, rule: RuleDef) -> None:
    report(problems, _TYPO_FIELD, written, f"read {written!r} as {rule.name}", Severity.NOTE)


# ------------------------------------------------------------------------------------------------------- parsing


def _parse_x(rule: RuleDef, tail: str) -> tuple[int | None, str | None]:
    """(value, x_text) read from the text after the rule's name; (None, None) if it holds no usable X."""
    if rule.x_kind is XKind.NONE:
        return None, None
    if rule.x_kind is XKind.TEXT:
        match = re.match(r"^\s*[(\[{]\s*(?P<t>[^)\]}]*?)\s*[)\]}]", tail)
        if match and match.group("t"):
            text = match.group("t")
            return (int(text), text) if text.isdigit() else (None, text[0].upper() + text[1:])
        return None, None
    if rule.x_kind is XKind.INCHES:
        inches = re.match(r"^[\s(\[{]*(?P<n>\d+)", tail)
        return (int(inches.group("n")), f'{inches.group("n")}"') if inches else (None, None)
    alternatives = _ALTERNATIVES_X.match(tail)
    if alternatives:
        return None, " ".join(alternatives.group("alt").split())
    dice = _DICE_X.match(tail)
    if dice:
        return None, re.sub(r"\s+", "", dice.group("d")).upper()
    number = _NUMBER_X.match(tail)
    if number:
        value = int(number.group("n"))
        plus = number.group("plus") is not None or rule.x_kind is XKind.TARGET
        return value, f"{value}+" if plus else str(value)
    placeholder = _PLACEHOLDER_X.match(tail)
    if placeholder:
        return None, "X+" if rule.x_kind is XKind.TARGET else "X"
    return None, None


def _ref(rule: RuleDef, tail: str, written: str) -> RuleRef:
    value, x_text = _parse_x(rule, tail)
    if x_text is None and rule.default_x is not None:
        value, x_text = _parse_x(rule, f"({rule.default_x})")
    return RuleRef(rule.name, value=value, x_text=x_text, written=written)


def _unknown(cleaned: str, written: str) -> UnknownRule:
    match = _TRAILING_X.match(cleaned)
    if match and match.group("name"):
        return UnknownRule(match.group("name"), x_text=re.sub(r"\s+", "", match.group("x")), written=written)
    return UnknownRule(cleaned, written=written)


def find_rule(text: str, *, problems: Problems | None = None) -> RuleEntry:
    """Parse one written rule name into a ``RuleRef`` (registered) or an ``UnknownRule``; never raises.

    The (X) is read according to the rule's ``XKind``: "Hammer of Wrath (2)" → value 2, x_text "2";
    "Shrouded (5+)" → value 5, x_text "5+"; "Hatred (Legiones Astartes)" → value None, x_text "Legiones Astartes";
    "Fleet (D3)" → value None, x_text "D3"; "Blast (3\")" → value 3, x_text '3"'; a choice such as
    "Bulky (2 or 3)" → value None, x_text "2 or 3"; an unfilled "(X)" → value None, x_text "X". A rule with a
    ``default_x`` written bare takes it ("Shrouded" → 6+). Words after the X are decoration and are dropped.

    A name recognised only by typo tolerance (module docstring) adds a NOTE "read 'Relentles' as Relentless"
    (field "special rule") to ``problems`` when a list is given.
    """
    cleaned = normalise_written(text)
    if not cleaned:
        return UnknownRule("", written=text)
    whole = _lookup(cleaned)
    if whole is not None:
        if _is_misspelt_alias(rule_key(cleaned)):
            _note_typo(problems, text, whole)
        return _ref(whole, "", text)
    heads = [(m.start(), cleaned[: m.start()]) for m in _SPLIT_POINT.finditer(cleaned) if m.start() > 0]
    for start, head in heads:
        rule = _lookup(head)
        if rule is not None:
            if _is_misspelt_alias(rule_key(head)):
                _note_typo(problems, text, rule)
            return _ref(rule, cleaned[start:], text)
    first_start, first_head = heads[0] if heads else (len(cleaned), cleaned)
    rule = _typo_match(_compact(first_head))
    if rule is not None:
        _note_typo(problems, text, rule)
        return _ref(rule, cleaned[first_start:], text)
    return _unknown(cleaned, text)
