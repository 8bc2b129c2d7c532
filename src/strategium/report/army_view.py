"""Rich rendering of an :class:`~strategium.army.army.Army` (pure functions: nothing is printed here).

``render_army`` gives one table per detachment (unit, slot, models, points, Unit Type, special rules marked
implemented / partial / not yet / unknown from the rule registry's status), then one table per unit with its
models' Characteristics and weapons. ``army_to_data`` gives the same content as plain JSON-ready values.
Used by ``strategium army show``, ``strategium battle`` and the roster command.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import fields
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from strategium.army.army import Army, Detachment, Model, Unit
from strategium.model.characteristics import Characteristics, KnightCharacteristics, VehicleCharacteristics
from strategium.model.weapons import WeaponProfile
from strategium.rules.registry import ImplementationStatus, RuleEntry, RuleRef, UnknownRuleName, get_rule_def

__all__ = ["RULE_MARKS", "army_to_data", "render_army", "rule_status"]

RULE_MARKS: dict[str, tuple[str, str]] = {
    "implemented": ("✓", "green"),
    "partial": ("~", "yellow"),
    "not yet": ("·", "dim"),
    "unknown": ("?", "red"),
}
"""Status word → (mark, rich style) used after each rule name."""


def rule_status(rule: RuleEntry) -> str:
    """'implemented', 'partial', 'not yet' (registered rules, from the registry) or 'unknown' (not registered)."""
    if not isinstance(rule, RuleRef):
        return "unknown"
    try:
        status = get_rule_def(rule.name).status
    except UnknownRuleName:
        return "unknown"
    return {
        ImplementationStatus.IMPLEMENTED: "implemented",
        ImplementationStatus.PARTIAL: "partial",
    }.get(status, "not yet")


def _rules_text(rules: Sequence[RuleEntry]) -> Text:
    text = Text()
    for n, rule in enumerate(rules):
        mark, style = RULE_MARKS[rule_status(rule)]
        if n:
            text.append("\n")
        text.append(str(rule), style=None if style == "dim" else style)
        text.append(f" {mark}", style=style)
    return text


def _unit_rules(unit: Unit) -> tuple[RuleEntry, ...]:
    """The unit's rules, then rules only some or all models have (each once, in order of first appearance)."""
    seen: dict[str, RuleEntry] = {}
    for rule in (*unit.rules, *(r for m in unit.models for r in m.rules)):
        seen.setdefault(str(rule), rule)
    return tuple(seen.values())


def _groups(unit: Unit) -> list[tuple[Model, int]]:
    """Consecutive models with the same profile, weapons, wargear and rules, as (first model, count)."""
    out: list[tuple[Model, int]] = []
    for model in unit.models:
        if out and _same(out[-1][0], model):
            out[-1] = (out[-1][0], out[-1][1] + 1)
        else:
            out.append((model, 1))
    return out


def _same(a: Model, b: Model) -> bool:
    return (a.name, a.profile, a.weapons, a.wargear, a.rules, a.base_mm) == (
        b.name, b.profile, b.weapons, b.wargear, b.rules, b.base_mm,
    )  # fmt: skip


def _stat(value: int | None, plus: bool = False) -> str:
    if value is None:
        return "-"
    return f"{value}+" if plus else str(value)


def _profile_line(model: Model) -> str:
    c = model.profile.characteristics
    if isinstance(c, Characteristics):
        parts = [f"M{_stat(c.m)}", f"WS{_stat(c.ws)}", f"BS{_stat(c.bs)}", f"S{_stat(c.s)}", f"T{_stat(c.t)}"]
        parts += [f"W{_stat(c.w)}", f"I{_stat(c.i)}", f"A{_stat(c.a)}", f"Ld{_stat(c.ld)}", f"Sv{_stat(c.sv, True)}"]
    elif isinstance(c, VehicleCharacteristics):
        parts = [f"M{_stat(c.m)}", f"BS{_stat(c.bs)}", f"AV{c.front}/{c.side}/{c.rear}", f"HP{c.hp}"]
        if c.transport_capacity is not None:
            parts.append(f"Transport Capacity {c.transport_capacity}")
    elif isinstance(c, KnightCharacteristics):
        parts = [f"M{_stat(c.m)}", f"WS{_stat(c.ws)}", f"BS{_stat(c.bs)}", f"S{_stat(c.s)}"]
        parts += [f"AV{c.front}/{c.side}/{c.rear}", f"I{_stat(c.i)}", f"A{_stat(c.a)}", f"HP{c.hp}"]
    else:  # a Building or Fortification
        parts = [f"BS{_stat(c.bs)}", f"AV{c.front}/{c.side}/{c.rear}", f"HP{c.hp}"]
        if c.transport_capacity is not None:
            parts.append(f"capacity {c.transport_capacity}")
        if c.fire_points is not None:
            parts.append(f"Fire Points {c.fire_points}")
    if model.profile.invulnerable_save is not None:
        parts.append(f"Inv {model.profile.invulnerable_save}+")
    return " ".join(parts)


def _weapon_line(weapon: WeaponProfile, count: int) -> str:
    ap = "-" if weapon.ap is None else str(weapon.ap)
    times = f"{count}× " if count > 1 else ""
    strength = weapon.strength.text or "-"
    strength = f"S{strength}" if strength[:1].isdigit() else f"S {strength}"
    return f"{times}{weapon.name}: {weapon.range.text or '-'}, {strength}, AP{ap}, {weapon.type.text}"


def _weapons_text(weapons: Sequence[WeaponProfile]) -> str:
    counted: dict[WeaponProfile, int] = {}
    for w in weapons:
        counted[w] = counted.get(w, 0) + 1
    return "\n".join(_weapon_line(w, n) for w, n in counted.items())


def _base(model: Model) -> str:
    if model.base_mm is None:
        return "hull" if model.profile.has_armour_values else "-"
    a, b = model.base_mm
    return f"{a:g} mm" if a == b else f"{a:g}×{b:g} mm"


def _detachment_table(det: Detachment) -> Table:
    title = f"{det.name} ({det.chart.value} chart)" + (f" · {det.faction}" if det.faction else "")
    table = Table(title=title, title_justify="left", show_lines=False, expand=False)
    for header, kw in (("Unit", {}), ("Slot", {}), ("Models", {"justify": "right"}), ("Points", {"justify": "right"})):
        table.add_column(header, **kw)  # type: ignore[arg-type]
    table.add_column("Unit Type")
    table.add_column("Special rules")
    for unit in det.units:
        name = unit.name
        if unit.dedicated_transport_for:
            name += f"\n(Dedicated Transport of {unit.dedicated_transport_for})"
        types = sorted({str(m.profile.unit_type) for m in unit.models})
        table.add_row(
            f"{name}\n[dim]{unit.id}[/dim]",
            unit.slot.value,
            str(len(unit.models)),
            str(unit.points),
            "\n".join(types),
            _rules_text(_unit_rules(unit)),
        )
    return table


def _unit_table(unit: Unit) -> Table:
    table = Table(title=f"{unit.name} [dim]({unit.id})[/dim]", title_justify="left", expand=False)
    table.add_column("Model")
    table.add_column("Characteristics")
    table.add_column("Base")
    table.add_column("Weapons")
    table.add_column("Wargear")
    for model, count in _groups(unit):
        table.add_row(
            f"{count}× {model.name}" if count > 1 else model.name,
            _profile_line(model),
            _base(model),
            _weapons_text(model.weapons),
            ", ".join(model.wargear),
        )
    return table


def render_army(army: Army) -> RenderableType:
    """A rich renderable showing ``army``: summary, one table per detachment, then one table per unit."""
    head = Text()
    head.append(army.name, style="bold")
    details = [s for s in (army.faction, army.allegiance, f"{army.points} points") if s]
    head.append(" · " + " · ".join(details))
    if army.source:
        head.append(f"\nsource: {army.source}", style="dim")
    legend = Text("rules: ")
    for n, (word, (mark, style)) in enumerate(RULE_MARKS.items()):
        legend.append(("" if n == 0 else "  ") + f"{mark} {word}", style=style)
    parts: list[RenderableType] = [head, legend]
    parts += [_detachment_table(det) for det in army.detachments]
    parts += [_unit_table(unit) for unit in army.units]
    parts += [Text(note, style="italic") for note in army.notes]
    return Group(*parts)


def _plain(value: Any) -> Any:
    """Dataclasses, enums, frozensets and tuples as JSON-ready values."""
    if hasattr(value, "__dataclass_fields__"):
        return {f.name: _plain(getattr(value, f.name)) for f in fields(value)}
    if isinstance(value, str):
        return str(value)
    if isinstance(value, frozenset):
        return sorted(_plain(v) for v in value)
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    return value


def army_to_data(army: Army) -> dict[str, Any]:
    """``army`` as plain values for JSON: every field of the dataclasses, plus each rule's status and kind
    ("rule" or "unknown") so a reader can tell registered rules from unknown ones."""
    data: dict[str, Any] = _plain(army)
    for det_data, det in zip(data["detachments"], army.detachments, strict=True):
        for unit_data, unit in zip(det_data["units"], det.units, strict=True):
            unit_data["rules"] = [_rule_data(r) for r in unit.rules]
            for model_data, model in zip(unit_data["models"], unit.models, strict=True):
                model_data["rules"] = [_rule_data(r) for r in model.rules]
                model_data["profile"]["characteristics"]["kind"] = type(model.profile.characteristics).__name__
    return data


def _rule_data(rule: RuleEntry) -> dict[str, Any]:
    return {"text": str(rule), "written": rule.written, "status": rule_status(rule)} | (
        {"name": rule.name, "x": rule.x_text}
    )
