"""The declared clauses of every rule (``clauses_weapon``, ``clauses_unit``), looked up by canonical rule name, and
their validation.

``clauses_of(name)`` gives a rule's clauses (empty for a rule with none). The tables are checked when first read
(:func:`clause_problems`; a problem is a ``RuntimeError``, as the registry's alias clashes are): the rule is
registered under that exact name; a clause uses its (X) only if the rule has one (a :class:`Natural` (X) needs a
number or a D6 target, a :class:`TargetMatches` a word); clause ids are unique; each effect is one the interpreter
plays at the clause's trigger, die conditions only with die effects, a condition decided at the To Wound roll
(``AT_TO_WOUND_ROLL``) only at that trigger; the bearer matches the table (weapon, or weapon
or model, in the weapon table; model in the model table), and a rule the model may bear has no weapon-only clause
that could act in close combat; a rule with clauses is not "not yet" in :mod:`strategium.catalogue.status`.
"""

from __future__ import annotations

from functools import cache

from strategium.catalogue.clauses_unit import UNIT_CLAUSES
from strategium.catalogue.clauses_weapon import WEAPON_CLAUSES
from strategium.catalogue.declared import (
    AT_TO_WOUND_ROLL,
    PLAYED,
    Bearer,
    Clause,
    MultiplyWounds,
    Natural,
    Not,
    Reroll,
    RerollWhich,
    Situation,
    TargetMatches,
    Trigger,
    XRef,
)
from strategium.catalogue.definitions import ImplementationStatus, XKind
from strategium.catalogue.registry import UnknownRuleName, get_rule_def

TABLES: tuple[tuple[Bearer, dict[str, tuple[Clause, ...]]], ...] = (
    (Bearer.WEAPON, WEAPON_CLAUSES),
    (Bearer.MODEL, UNIT_CLAUSES),
)
"""Each table of clauses with the bearer its clauses must name."""


def clause_problems() -> tuple[str, ...]:
    """Every problem of the clause tables, one line each (empty: the tables are sound); see the module docstring."""
    problems: list[str] = []
    seen: dict[str, str] = {}
    for bearer, table in TABLES:
        for name, clauses in table.items():
            try:
                rule = get_rule_def(name)
            except UnknownRuleName:
                problems.append(f"{name}: not a registered rule")
                continue
            if rule.name != name:
                problems.append(f"{name}: write the canonical name {rule.name!r}")
            if not clauses:
                problems.append(f"{name}: an empty tuple of clauses")
            if rule.status is ImplementationStatus.NOT_YET:
                problems.append(f"{name}: has clauses but is 'not yet' in catalogue/status.py")
            for clause in clauses:
                where = f"{name} {clause.id}"
                if clause.id in seen:
                    problems.append(f"{where}: id already used by {seen[clause.id]}")
                seen[clause.id] = name
                if clause.bearer not in _ALLOWED[bearer]:
                    problems.append(f"{where}: bearer {clause.bearer} in the {bearer} table")
                problems.extend(_x_problems(where, clause, rule.x_kind))
                problems.extend(_effect_problems(where, clause))
            problems.extend(_bearer_problems(name, clauses))
    return tuple(problems)


_ALLOWED: dict[Bearer, tuple[Bearer, ...]] = {
    Bearer.WEAPON: (Bearer.WEAPON, Bearer.WEAPON_OR_MODEL),
    Bearer.MODEL: (Bearer.MODEL,),
}
"""The bearers a table's clauses may name (a weapon rule's clause may act for the model too)."""


def _bearer_problems(name: str, clauses: tuple[Clause, ...]) -> list[str]:
    """A rule the model may bear is added, whole, to the model's close combat attacks
    (``strategium.combat.declared.acting_rules``): so each of its clauses only the weapon bears must be one that
    cannot act in close combat (it asks ``Situation.SHOOTING``)."""
    if not any(c.bearer.model_bears for c in clauses):
        return []
    return [
        f"{name} {c.id}: a clause of a rule the model may bear, borne by the weapon only, must ask Situation.SHOOTING"
        for c in clauses
        if not c.bearer.model_bears and Situation.SHOOTING not in c.when
    ]


def _x_problems(where: str, clause: Clause, kind: XKind) -> list[str]:
    out: list[str] = []
    if clause.uses_x() and kind is XKind.NONE:
        out.append(f"{where}: uses the (X) of a rule that has none")
    for condition in clause.when:
        if isinstance(condition, Natural):
            if isinstance(condition.at_least, XRef) and kind not in (XKind.TARGET, XKind.NUMBER):
                out.append(f"{where}: Natural(X) needs an (X) that is a number or a D6 target, not {kind}")
            if isinstance(condition.at_least, int) and not 1 <= condition.at_least <= 6:
                out.append(f"{where}: Natural({condition.at_least}) is no D6 result")
        if isinstance(condition, TargetMatches) and kind is not XKind.TEXT:
            out.append(f"{where}: TargetMatches(X) needs an (X) that is a word, not {kind}")
    for effect in clause.effect:
        if isinstance(effect, MultiplyWounds) and isinstance(effect.times, XRef) and kind is not XKind.NUMBER:
            out.append(f"{where}: MultiplyWounds(X) needs an (X) that is a number, not {kind}")
        if isinstance(effect, MultiplyWounds) and isinstance(effect.times, int) and effect.times < 1:
            out.append(f"{where}: MultiplyWounds({effect.times}) is fewer than one Wound")
    return out


def _effect_problems(where: str, clause: Clause) -> list[str]:
    out: list[str] = []
    if not clause.effect:
        out.append(f"{where}: no effect")
    played = PLAYED.get(clause.trigger, ())
    for effect in clause.effect:
        if not isinstance(effect, played):
            out.append(f"{where}: {type(effect).__name__} is not played at the {clause.trigger}")
    per_die = any(isinstance(c, Natural) for c in clause.when)
    if per_die and any(isinstance(e, Reroll) for e in clause.effect):
        out.append(f"{where}: a Reroll takes attack conditions only, not Natural")
    for effect in clause.effect:
        if not isinstance(effect, Reroll):
            continue
        at_penetration = clause.trigger is Trigger.ARMOUR_PENETRATION_ROLL
        if at_penetration and effect.which in (RerollWhich.ONES, RerollWhich.ONE_FAILED):
            out.append(f"{where}: Reroll({effect.which.name}) is not played at the {clause.trigger}")
        if not at_penetration and effect.which is RerollWhich.GLANCING:
            out.append(f"{where}: Reroll(GLANCING) is played at the Armour Penetration roll only")
    asked = {c.inner if isinstance(c, Not) else c for c in clause.when if isinstance(c, Situation | Not)}
    if clause.trigger is not Trigger.TO_WOUND_ROLL and asked & AT_TO_WOUND_ROLL:
        out.append(f"{where}: a condition decided at the To Wound roll, asked at the {clause.trigger}")
    return out


@cache
def _clauses() -> dict[str, tuple[Clause, ...]]:
    problems = clause_problems()
    if problems:
        raise RuntimeError("declared clauses: " + "; ".join(problems))
    return {name: clauses for _, table in TABLES for name, clauses in table.items()}


def clauses_of(name: str) -> tuple[Clause, ...]:
    """The declared clauses of the rule of canonical name ``name`` (empty if it has none). Raises ``RuntimeError``
    the first time if the tables have a problem (:func:`clause_problems`)."""
    return _clauses().get(name, ())


def declared_rules() -> tuple[str, ...]:
    """The canonical names of every rule with clauses, in table order."""
    return tuple(_clauses())
