"""How many of an army's special-rule instances the engine plays: issue 20's acceptance figure, counted.

- **Weapon rules**: every rule on every weapon of every model (a model carrying a weapon twice counts its rules
  twice; a squad of ten with bolters counts the bolter's rules ten times), as ``strategium roster FILE --json``
  lists them under ``models[].weapons[].rules``.
- **Model rules**: every rule of every model (``models[].rules``: the unit's, the model's own and its wargear's),
  without the Unit Type and Sub-type markers the data copies in as rules ("Infantry Unit Type", "Line Sub-type"),
  which are not special rules.

Each instance is counted under its status (``implemented``, ``partial``, ``not-yet``, ``unknown``: the JSON
spelling of :func:`strategium.catalogue.registry.rule_status`) and under its rule: the canonical name without the
(X) for a known rule, the cleaned text for an unknown one. Pure functions; the JSON form is :meth:`RuleCount.data`
(``docs/roster-json.md``, "Coverage").
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Final

from strategium.army.army import Army
from strategium.catalogue.registry import RuleEntry, is_type_marker, rule_status

__all__ = ["STATUSES", "RuleCount", "count_rules", "model_rule_count", "weapon_rule_count"]

STATUSES: Final = ("implemented", "partial", "not-yet", "unknown")
"""The statuses counted, in the order shown."""


@dataclass(frozen=True)
class RuleCount:
    """Rule instances counted: ``by_status`` (every status of :data:`STATUSES`, 0 included) and ``by_rule``
    ((name, status) -> instances)."""

    by_status: dict[str, int]
    by_rule: dict[tuple[str, str], int]

    @property
    def instances(self) -> int:
        """All the instances counted."""
        return sum(self.by_status.values())

    def percent(self, status: str) -> float | None:
        """The share of the instances with ``status``, in percent rounded to 0.1 (None when nothing is counted)."""
        if not self.instances:
            return None
        return round(100 * self.by_status[status] / self.instances, 1)

    def data(self) -> dict[str, Any]:
        """The JSON form: ``instances``, ``by_status``, ``implemented_percent``, ``played_percent`` (implemented or
        partial) and ``by_rule`` (``name``, ``status``, ``count``; most instances first, then by name)."""
        played = self.by_status["implemented"] + self.by_status["partial"]
        rows = sorted(self.by_rule.items(), key=lambda kv: (-kv[1], kv[0][0], kv[0][1]))
        return {
            "instances": self.instances,
            "by_status": dict(self.by_status),
            "implemented_percent": self.percent("implemented"),
            "played_percent": round(100 * played / self.instances, 1) if self.instances else None,
            "by_rule": [{"name": name, "status": status, "count": n} for (name, status), n in rows],
        }

    def summary(self, words: dict[str, str]) -> str:
        """One line, e.g. ``"120 (30 implemented 25.0%, 10 partial, 70 not yet, 10 unknown)"``; ``words`` gives
        each status's words for people."""
        parts = []
        for status in STATUSES:
            part = f"{self.by_status[status]} {words[status]}"
            if status == "implemented" and self.instances:
                part += f" {self.percent(status)}%"
            parts.append(part)
        return f"{self.instances} ({', '.join(parts)})"


def count_rules(rules: Iterable[RuleEntry]) -> RuleCount:
    """Count ``rules`` by status and by rule."""
    by_status: Counter[str] = Counter(dict.fromkeys(STATUSES, 0))
    by_rule: Counter[tuple[str, str]] = Counter()
    for rule in rules:
        status = rule_status(rule)
        by_status[status] += 1
        by_rule[(rule.name, status)] += 1
    return RuleCount({s: by_status[s] for s in STATUSES}, dict(by_rule))


def weapon_rule_count(army: Army) -> RuleCount:
    """Every rule on every weapon of every model of ``army``."""
    return count_rules(r for unit in army.units for m in unit.models for w in m.weapons for r in w.type.rules)


def model_rule_count(army: Army) -> RuleCount:
    """Every special rule of every model of ``army`` (Unit Type and Sub-type markers left out)."""
    return count_rules(r for unit in army.units for m in unit.models for r in m.rules if not is_type_marker(r))
