"""Roster profiles and rule names turned into engine values, through the project's own parsers.

Rule names go through ``strategium.catalogue.registry.find_rule``; Unit Types, Characteristics and weapons through
``strategium.model.parsing`` (tolerant mode: what cannot be read is kept visible in the value and recorded
as a note of the import, never silently dropped). Results are cached per distinct text or profile, since a
roster repeats the same weapon and model profiles many times.

Every Characteristic of a model or weapon profile is at most ``name_chars`` long (tables show them). Each
distinct rule name read, and each profile read with one more for each comma-separated item in its columns
(a weapon's Type is read item by item as rules), counts against ``roster_texts``: reading a rule name may try it
against every name in the registry for a typo, so a roster of a hundred thousand made-up rule names, or of a
thousand weapons with six hundred made-up rules in their Type each, would take minutes. Before a
text is parsed, every number written in it (a Characteristic, a Range, a number of shots, a rule's (X))
is checked against ``roster_number`` (:mod:`strategium.limits`): the parsers read any run of digits, and a
model with a billion Attacks or a weapon with a trillion shots would make a battle that never ends. Once read, a
weapon and a rule meet the same bounds as in an army file (``strategium.army.profile_limits``): a Range up to
``table_inches``; shots, dice, Strength and a rule's (X) up to ``profile_value``; a D6 target from 2+ to 6+.
"""

from __future__ import annotations

import re
from dataclasses import replace

from strategium.army.bs_layout import carried_model_profile, profile_kind
from strategium.army.profile_limits import check_rules, check_weapon
from strategium.army.roster_tree import RawProfile, RawSelection
from strategium.catalogue.registry import RuleEntry, find_rule
from strategium.errors import InputError
from strategium.limits import ENV_PREFIX, check_limit, limits
from strategium.model.parse_unit_type import is_typo_note
from strategium.model.parsing import ParseProblem, Severity, model_profile_from_columns, parse_unit_type
from strategium.model.parsing import weapon_from_columns as _weapon_from_columns
from strategium.model.profiles import ModelProfile
from strategium.model.unit_types import SubType, UnitTypeSpec
from strategium.model.weapons import WeaponProfile

_VEHICLE_KINDS = frozenset({"Vehicle", "Knights and Titans", "Fortification"})
_AUTHOR_ADVICE = re.compile(r"\s*\(use '-'[^)]*\)")
_DIGITS = re.compile(r"\d+")
_PROSE = frozenset({"Description", "Text"})
"""Columns that hold prose (a wargear item's or a psychic power's text), not a value shown in a table."""
_WHAT_NUMBER = "a number in a profile or rule"


def check_numbers(text: str, file: str, field: str, line: int | None = None) -> None:
    """Raise ``InputError`` if a run of digits in ``text`` is a number over ``roster_number``."""
    limit = limits().roster_number
    for found in _DIGITS.finditer(text):
        digits = found.group().lstrip("0") or "0"
        if len(digits) <= 18:
            check_limit(int(digits), "roster_number", what=_WHAT_NUMBER, file=file, line=line, field=field)
            continue
        shown = f"{digits[:6]}... ({len(digits)} digits)"
        raise InputError(
            f"{_WHAT_NUMBER}: {shown} is over the limit of {limit} (raise it with {ENV_PREFIX}ROSTER_NUMBER)",
            file=file,
            line=line,
            field=field,
        )


class ParsedProfiles:
    """Parses and caches the rules, weapons and model profiles of one roster file (``file`` names it in
    errors). Implements ``strategium.army.bs_models.ProfileSource``."""

    def __init__(self, file: str) -> None:
        self.file = file
        self.unit_name = ""
        """The unit being built: notes found while building it start with its name."""
        self._rules: dict[str, RuleEntry] = {}
        self._weapons: dict[tuple[RawProfile, tuple[RuleEntry, ...]], WeaponProfile] = {}
        self._profiles: dict[tuple[RawProfile, int | None], ModelProfile] = {}
        self._types: dict[str, UnitTypeSpec] = {}
        self._found: dict[object, tuple[str, ...]] = {}
        self._notes: dict[str, None] = {}
        self._checked: set[RawProfile] = set()
        self._read = 0

    def _count(self, field: str, line: int | None = None, amount: int = 1) -> None:
        """``amount`` more texts to read; ``InputError`` past ``roster_texts``."""
        self._read += amount
        if self._read > limits().roster_texts:
            what = "distinct rule names and profiles to read"
            check_limit(self._read, "roster_texts", what=what, file=self.file, line=line, field=field)

    def _check(self, profile: RawProfile) -> None:
        """The numbers of a model or weapon profile, once per distinct profile (see the module docstring)."""
        items = 1 + sum(text.count(",") for _, text in profile.columns)  # each item may be read as a rule
        self._count(f"profile {profile.name[:80]!r}", profile.line, items)
        if profile in self._checked:
            return
        for column, text in profile.columns:
            where = f"profile {profile.name[:80]!r} {column[:40]}"
            if len(text) > limits().name_chars and column not in _PROSE:
                what = "characters in a Characteristic"
                check_limit(len(text), "name_chars", what=what, file=self.file, line=profile.line, field=where)
            check_numbers(text, self.file, where, profile.line)
        self._checked.add(profile)

    def rule(self, written: str) -> RuleEntry:
        """The registry entry for one written rule name (``RuleRef`` or ``UnknownRule``)."""
        entry = self._rules.get(written)
        if entry is None:
            self._count(f"rule {written[:80]!r}")
            check_numbers(written, self.file, f"rule {written[:80]!r}")
            problems: list[ParseProblem] = []
            entry = find_rule(written, problems=problems)
            try:
                check_rules((entry,))
            except InputError as err:
                raise InputError(err.message, file=self.file, field=f"rule {written[:80]!r}") from None
            self._rules[written] = entry
            self._found[("rule", written)] = _noteworthy(problems)
        self._emit(("rule", written))
        return entry

    def weapon(self, profile: RawProfile, extra_rules: tuple[RuleEntry, ...]) -> WeaponProfile:
        """The ``WeaponProfile`` of a Weapon / Psychic Weapon profile, ``extra_rules`` appended to its Type's
        rules (rules the weapon's selection lists but its Type column does not)."""
        cache_key = (profile, extra_rules)
        weapon = self._weapons.get(cache_key)
        if weapon is None:
            self._check(profile)
            problems: list[ParseProblem] = []
            weapon = _weapon_from_columns(profile.name, profile.as_dict(), problems=problems)
            try:
                check_weapon(weapon)
            except InputError as err:
                column = {"range": "Range", "strength": "Strength"}.get(err.field or "", "Type")
                where = f"profile {profile.name[:80]!r} {column}"
                raise InputError(err.message, file=self.file, line=profile.line, field=where) from None
            blank = (f"{profile.name}: the roster gives this weapon a blank profile",)
            self._found[("weapon", profile)] = blank if is_blank_weapon(weapon) else _noteworthy(problems)
            if extra_rules:
                weapon = replace(weapon, type=replace(weapon.type, rules=(*weapon.type.rules, *extra_rules)))
            self._weapons[cache_key] = weapon
        self._emit(("weapon", profile))
        return weapon

    def unit_type(self, profile: RawProfile) -> UnitTypeSpec:
        """The parsed Unit Type column of a model profile."""
        text = profile.column("Unit Type")
        spec = self._types.get(text)
        if spec is None:
            self._check(profile)
            problems: list[ParseProblem] = []
            spec = self._types[text] = parse_unit_type(text, field=f"{profile.name}: Unit Type", problems=problems)
            self._found[("type", text)] = _noteworthy(problems)
        self._emit(("type", text))
        return spec

    def model_profile(self, profile: RawProfile, invulnerable: int | None) -> ModelProfile:
        """The ``ModelProfile`` of a model profile. Raises ``InputError`` if it cannot be built at all
        (e.g. a Vehicle without readable Armour Values)."""
        cache_key = (profile, invulnerable)
        built = self._profiles.get(cache_key)
        if built is None:
            self._check(profile)
            problems: list[ParseProblem] = []
            result = model_profile_from_columns(
                profile.name,
                profile.type_name or profile.type_id,
                profile.as_dict(),
                invulnerable_save=invulnerable,
                problems=problems,
            )
            self._found[("profile", profile)] = _noteworthy(problems)
            if result is None:
                reasons = "; ".join(p.message for p in problems if p.severity is Severity.ERROR) or "unreadable"
                raise InputError(f"profile {profile.name!r} cannot be read: {reasons}", file=self.file, field="profile")
            built = self._profiles[cache_key] = result
        self._emit(("profile", profile))
        return built

    def is_transport(self, sel: RawSelection) -> bool:
        """True if ``sel`` is a vehicle-like unit whose Unit Type has the Transport Sub-type."""
        profile = carried_model_profile(sel)
        if profile is None or profile_kind(profile) not in _VEHICLE_KINDS:
            return False
        return self.unit_type(profile).has(SubType.TRANSPORT)

    def _emit(self, key: object) -> None:
        prefix = f"{self.unit_name}: " if self.unit_name else ""
        for note in self._found.get(key, ()):
            self._notes.setdefault(prefix + note, None)

    def notes(self) -> tuple[str, ...]:
        """One line per distinct text the parsers could not fully read or read as a typo, in the order met, each
        starting with the unit it was found in."""
        return tuple(self._notes)


def _noteworthy(problems: list[ParseProblem]) -> tuple[str, ...]:
    """The problems worth a roster user's attention, as note lines: what could not be read, and typos read as a
    known name. Advice meant for authors of army files ("use '-' ...") is dropped: a roster user cannot edit the
    data."""
    out: list[str] = []
    for problem in problems:
        if problem.severity is Severity.ERROR:
            message = _AUTHOR_ADVICE.sub("", problem.message)
            seen = f" (the roster has {problem.text!r})" if problem.text else ""
            out.append(f"{problem.field}: {message}{seen}")
        elif is_typo_note(problem):
            out.append(f"{problem.field}: {problem.message}")
    return tuple(dict.fromkeys(out))


def is_blank_weapon(weapon: WeaponProfile) -> bool:
    """True for a weapon profile whose Range, Strength, AP and Type are all blank in the data (the Callidus's
    Phase Sword in some exports)."""
    return not (weapon.range.text or weapon.strength.text or weapon.type.text) and weapon.ap is None
