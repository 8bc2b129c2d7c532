"""The JSON form of an imported roster (``strategium roster FILE --json``), schema ``strategium.roster/1``.

The schema is documented field by field in ``docs/roster-json.md``; field names here are part of it and do
not change within a schema version. Pure functions: nothing is printed here.
"""

from __future__ import annotations

from dataclasses import fields, is_dataclass
from typing import Any, Final

from strategium.army.army import Army, Detachment, Model, Unit
from strategium.army.force_org import ForceOrgProblem, ForceOrgVerdict
from strategium.army.rule_coverage import model_rule_count, weapon_rule_count
from strategium.catalogue.registry import RuleEntry, RuleRef, rule_status
from strategium.model.unit_types import UnitTypeSpec
from strategium.model.weapons import WeaponProfile

SCHEMA: Final = "strategium.roster/1"


def rule_data(rule: RuleEntry) -> dict[str, Any]:
    """One special rule: canonical (or cleaned) name, X, text, as written, registry status, implemented flag."""
    status = rule_status(rule)
    return {
        "name": rule.name,
        "x": rule.x_text,
        "text": str(rule),
        "written": rule.written,
        "known": isinstance(rule, RuleRef),
        "status": status,
        "implemented": status == "implemented",
    }


def _unit_type_data(spec: UnitTypeSpec) -> dict[str, Any]:
    return {
        "text": str(spec),
        "type": spec.unit_type.value if spec.unit_type else None,
        "sub_types": sorted(s.value for s in spec.sub_types),
        "unread": list(spec.unknown),
    }


def _characteristics_data(model: Model) -> dict[str, Any]:
    values = model.profile.characteristics
    data: dict[str, Any] = {"kind": type(values).__name__}
    if is_dataclass(values):
        for f in fields(values):
            data[f.name] = getattr(values, f.name)
    return data


def weapon_data(weapon: WeaponProfile) -> dict[str, Any]:
    """One weapon profile: the four columns as text plus the parsed class, shots, AP and rules."""
    return {
        "name": weapon.name,
        "range": weapon.range.text,
        "strength": weapon.strength.text,
        "ap": weapon.ap,
        "type": weapon.type.text,
        "class": weapon.type.weapon_class.value if weapon.type.weapon_class else None,
        "shots": weapon.type.shots,
        "rules": [rule_data(r) for r in weapon.type.rules],
    }


def model_data(model: Model) -> dict[str, Any]:
    """One model: profile name, Unit Type, Characteristics, invulnerable save, weapons, wargear, rules."""
    return {
        "id": model.id,
        "name": model.name,
        "profile": model.profile.name,
        "unit_type": _unit_type_data(model.profile.unit_type),
        "characteristics": _characteristics_data(model),
        "invulnerable_save": model.profile.invulnerable_save,
        "weapons": [weapon_data(w) for w in model.weapons],
        "wargear": list(model.wargear),
        "rules": [rule_data(r) for r in model.rules],
    }


def _all_rules(unit: Unit) -> tuple[RuleEntry, ...]:
    seen: dict[str, RuleEntry] = {}
    for rule in (*unit.rules, *(r for m in unit.models for r in m.rules)):
        seen.setdefault(str(rule), rule)
    return tuple(seen.values())


def unit_data(unit: Unit) -> dict[str, Any]:
    """One unit: name, slot, points, Unit Type(s), links to other units, rules, unknown rules, models."""
    types = list(dict.fromkeys(str(m.profile.unit_type) for m in unit.models))
    return {
        "id": unit.id,
        "name": unit.name,
        "slot": unit.slot.value,
        "points": unit.points,
        "unit_type": " / ".join(types),
        "model_count": len(unit.models),
        "dedicated_transport_for": unit.dedicated_transport_for,
        "attached_to": unit.attached_to,
        "compulsory": unit.compulsory,
        "rules": [rule_data(r) for r in _all_rules(unit)],
        "unknown_rules": list(unit.unknown_rules),
        "models": [model_data(m) for m in unit.models],
    }


def detachment_data(detachment: Detachment) -> dict[str, Any]:
    """One detachment: its name, chart, faction, detachment-wide options and rules, and units."""
    return {
        "name": detachment.name,
        "chart": detachment.chart.value,
        "faction": detachment.faction,
        "options": list(detachment.options),
        "rules": [rule_data(r) for r in detachment.rules],
        "units": [unit_data(u) for u in detachment.units],
    }


def problem_data(problem: ForceOrgProblem) -> dict[str, Any]:
    """One Force Organisation problem: rule code, book page, text, and what it concerns."""
    return {
        "rule": problem.rule,
        "page": problem.page,
        "text": problem.text,
        "detachment": problem.detachment,
        "slot": problem.slot.value if problem.slot else None,
        "unit": problem.unit,
    }


def roster_data(army: Army, verdict: ForceOrgVerdict) -> dict[str, Any]:
    """The whole ``strategium.roster/1`` document for an imported army and its Force Organisation verdict."""
    return {
        "schema": SCHEMA,
        "name": army.name,
        "source": army.source,
        "points": army.points,
        "points_limit": army.points_limit,
        "faction": army.faction,
        "allegiance": army.allegiance,
        "notes": list(army.notes),
        "detachments": [detachment_data(d) for d in army.detachments],
        "force_org": {"valid": verdict.valid, "problems": [problem_data(p) for p in verdict.problems]},
        "coverage": coverage_data(army),
    }


def coverage_data(army: Army) -> dict[str, Any]:
    """How many rule instances the engine plays (``strategium.army.rule_coverage``): ``weapon_rules`` (every rule
    on every weapon of every model: issue 20's acceptance figure) and ``model_rules``."""
    return {"weapon_rules": weapon_rule_count(army).data(), "model_rules": model_rule_count(army).data()}
