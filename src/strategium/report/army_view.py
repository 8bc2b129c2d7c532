"""Rich rendering of an :class:`~strategium.army.army.Army` (pure functions: nothing is printed here).

``render_army`` gives a legend, one table per detachment (unit, slot, models, points, Unit Type, special rules
marked ✓ implemented / ~ partial / ○ not yet / ? unknown from the rule registry's status), then one table per
unit with its models' Characteristics, base or hull, weapons and wargear, the Force Organisation verdict
(``render_verdict``), the rules played in part or blocked with what of them is not played yet
(``status_gaps.GAPS``), the count of rule instances played (``rule_coverage``) and the army's notes. The JSON
form of the same content is ``strategium.cli.roster_json.roster_data`` (schema ``strategium.roster/1``). Used by
``strategium army show``, ``strategium battle`` and ``strategium roster``.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from strategium.army.army import Army, Detachment, Model, Unit
from strategium.army.bs_profiles import is_blank_weapon
from strategium.army.force_org import ForceOrgVerdict
from strategium.army.rule_coverage import model_rule_count, weapon_rule_count
from strategium.catalogue.registry import RuleEntry, is_type_marker, rule_status
from strategium.catalogue.status_gaps import BLOCKED, gap_of
from strategium.geometry.sizes import has_hull, hull_size, model_base
from strategium.model.characteristics import Characteristics, KnightCharacteristics, VehicleCharacteristics
from strategium.model.weapons import WeaponProfile

__all__ = [
    "RULE_MARKS",
    "coverage_line",
    "not_played_lines",
    "render_army",
    "render_verdict",
    "status_legend",
    "weapon_rules_left_line",
]

RULE_MARKS: dict[str, tuple[str, str, str]] = {
    "implemented": ("✓", "green", "implemented"),
    "partial": ("~", "yellow", "partial"),
    "not-yet": ("○", "dim", "not yet"),
    "unknown": ("?", "red", "unknown"),
}
"""Status (as JSON spells it) → (mark, rich style, words for people) shown after each rule name."""


def status_legend() -> Text:
    """The legend of the rule marks: "rules: ✓ implemented  ~ partial  ○ not yet  ? unknown (not in the registry)"."""
    legend = Text("rules: ")
    for n, (mark, style, words) in enumerate(RULE_MARKS.values()):
        legend.append(("" if n == 0 else "  ") + f"{mark} {words}", style=style)
    legend.append(" (not in the registry)", style="dim")
    return legend


def _rules_text(rules: Sequence[RuleEntry]) -> Text:
    text = Text()
    for n, rule in enumerate(rules):
        mark, style, _ = RULE_MARKS[rule_status(rule)]
        if n:
            text.append("\n")
        text.append(f"{mark} ", style=style)
        text.append(str(rule), style=None if style == "dim" else style)
    return text


def _unit_rules(unit: Unit) -> tuple[RuleEntry, ...]:
    """The unit's rules, then rules only some or all models have (each once, in order of first appearance)."""
    seen: dict[str, RuleEntry] = {}
    for rule in (*unit.rules, *(r for m in unit.models for r in m.rules)):
        seen.setdefault(str(rule), rule)
    return tuple(seen.values())


def _special_rules(unit: Unit) -> tuple[RuleEntry, ...]:
    """The unit's rules without the Unit Type and Sub-type markers (shown with the Unit Type instead)."""
    return tuple(rule for rule in _unit_rules(unit) if not is_type_marker(rule))


def _unit_type_text(unit: Unit) -> Text:
    """The models' Unit Types, then any marker rule the data gives that none of those Unit Types shows."""
    specs = [m.profile.unit_type for m in unit.models]
    text = Text("\n".join(sorted({str(spec) for spec in specs})))
    shown = {spec.unit_type.value for spec in specs if spec.unit_type} | {
        s.value for spec in specs for s in spec.sub_types
    }
    unmatched = [
        str(rule)
        for rule in _unit_rules(unit)
        if is_type_marker(rule) and rule.name.removesuffix(" Unit Type").removesuffix(" Sub-type") not in shown
    ]
    if unmatched:
        text.append("\nthe data also says: " + ", ".join(unmatched), style="dim")
    return text


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
            parts.append(f"Transport Capacity {c.transport_capacity}")
        if c.fire_points is not None:
            parts.append(f"Fire Points {c.fire_points}")
    if model.profile.invulnerable_save is not None:
        parts.append(f"Inv {model.profile.invulnerable_save}+")
    return " ".join(parts)


def _weapon_line(weapon: WeaponProfile, count: int) -> str:
    ap = "-" if weapon.ap is None else str(weapon.ap)
    times = f"{count}× " if count > 1 else ""
    if is_blank_weapon(weapon):
        return f"{times}{weapon.name} (profile blank in the data)"
    strength = weapon.strength.text or "-"
    strength = f"S{strength}" if strength[:1].isdigit() else f"S {strength}"
    return f"{times}{weapon.name}: {weapon.range.text or '-'}, {strength}, AP{ap}, {weapon.type.text}"


def _weapons_text(weapons: Sequence[WeaponProfile]) -> str:
    counted: dict[WeaponProfile, int] = {}
    for w in weapons:
        counted[w] = counted.get(w, 0) + 1
    return "\n".join(_weapon_line(w, n) for w, n in counted.items())


def _base(model: Model) -> str:
    """The base (millimetres) or hull (inches) the engine uses; "(default)" when the army entry gives none
    and the project default of ``strategium.geometry.sizes`` stands in."""
    spec = model.profile.unit_type
    if model.base_mm is None and (has_hull(spec) or model.profile.has_armour_values):
        length, width = hull_size(model.name, spec)
        return f'hull {length:g}×{width:g}"\n(default)'
    base = model_base(model.base_mm, spec)
    size = f"{base.length_mm:g} mm" if base.width_mm is None else f"{base.length_mm:g}×{base.width_mm:g} mm"
    return size if model.base_mm is not None else f"{size}\n(default)"


def _detachment_table(det: Detachment) -> Table:
    title = f"{det.name} ({det.chart.value} chart)" + (f" · {det.faction}" if det.faction else "")
    table = Table(title=Text(title), title_justify="left", expand=True)
    table.add_column("Unit", ratio=3, min_width=12, overflow="fold")
    table.add_column("Slot", min_width=9, overflow="fold")
    table.add_column("Models", justify="right", min_width=6, no_wrap=True)
    table.add_column("Pts", justify="right", min_width=4, no_wrap=True)
    table.add_column("Unit Type", ratio=3, min_width=12, overflow="fold")
    table.add_column("Special rules", ratio=3, min_width=14, overflow="fold")
    names = {unit.id: unit.name for unit in det.units}
    for unit in det.units:
        name = Text(unit.name)
        if unit.dedicated_transport_for:
            owner = names.get(unit.dedicated_transport_for, unit.dedicated_transport_for)
            name.append(f"\nDedicated Transport of {owner}", style="dim")
        elif unit.attached_to and unit.attached_to in names:
            name.append(f"\nwith {names[unit.attached_to]}", style="dim")
        table.add_row(
            name,
            unit.slot.value,
            str(len(unit.models)),
            str(unit.points),
            _unit_type_text(unit),
            _rules_text(_special_rules(unit)),
        )
    return table


def _unit_table(unit: Unit) -> Table:
    table = Table(title=Text(unit.name), title_justify="left", expand=True)
    table.add_column("Model", ratio=2, min_width=10, overflow="fold")
    table.add_column("Characteristics", ratio=3, min_width=14, overflow="fold")
    table.add_column("Base", min_width=9, overflow="fold")
    table.add_column("Weapons", ratio=4, min_width=16, overflow="fold")
    table.add_column("Wargear", ratio=2, min_width=10, overflow="fold")
    for model, count in _groups(unit):
        table.add_row(  # Text, not str: a name from a roster is never read as rich markup ("[/]" would raise)
            Text(f"{count}× {model.name}" if count > 1 else model.name),
            Text(_profile_line(model)),
            Text(_base(model)),
            Text(_weapons_text(model.weapons)),
            Text(", ".join(model.wargear)),
        )
    return table


def render_verdict(verdict: ForceOrgVerdict) -> RenderableType:
    """The Force Organisation verdict as rich text: valid, or one line per problem with its rule and page."""
    if verdict.valid:
        return Text("Force Organisation: valid", style="bold green")
    lines = [Text(f"Force Organisation: INVALID ({len(verdict.problems)} problems)", style="bold red")]
    for problem in verdict.problems:
        line = Text("  ")
        line.append(problem.rule, style="bold")
        line.append(f" {problem.text} ")
        line.append(f"[{problem.page}]", style="dim")
        lines.append(line)
    return Group(*lines)


def _army_rules(army: Army) -> dict[str, RuleEntry]:
    """Every rule of the army (detachments, units, models, weapons), each canonical name once, in order."""
    found: dict[str, RuleEntry] = {}
    for det in army.detachments:
        for rule in det.rules:
            found.setdefault(rule.name, rule)
        for unit in det.units:
            for rule in (*unit.rules, *(r for m in unit.models for r in (*m.rules, *_weapon_rules(m)))):
                found.setdefault(rule.name, rule)
    return found


def _weapon_rules(model: Model) -> tuple[RuleEntry, ...]:
    return tuple(r for w in model.weapons for r in w.type.rules)


def not_played_lines(army: Army) -> list[Text]:
    """One line per rule of the army played in part (or blocked) with what of it is not played yet, by name."""
    lines: list[Text] = []
    for name, rule in sorted(_army_rules(army).items()):
        status = rule_status(rule)
        gap = gap_of(name) if status in ("partial", "not-yet") else None
        if gap is None:
            continue
        mark, style, _ = RULE_MARKS[status]
        line = Text("  ")
        line.append(f"{mark} {name}: ", style=style)
        line.append(f"blocked: {gap.removeprefix(BLOCKED)}" if gap.startswith(BLOCKED) else gap)
        lines.append(line)
    return lines


def coverage_line(army: Army) -> Text:
    """ "Rule instances played: weapon rules N (...); model rules M (...)" (``strategium.army.rule_coverage``)."""
    words = {status: words for status, (_, _, words) in RULE_MARKS.items()}
    text = Text("Rule instances: ", style="bold")
    text.append(f"on weapons {weapon_rule_count(army).summary(words)}; ")
    text.append(f"of models {model_rule_count(army).summary(words)}")
    return text


def weapon_rules_left_line(army: Army) -> Text | None:
    """ "Weapon rules not implemented: NAME xN (status), ..." for every weapon rule of the army's models that is not
    implemented (most instances first), or None when every one is."""
    rows = sorted(
        ((name, status, n) for (name, status), n in weapon_rule_count(army).by_rule.items() if status != "implemented"),
        key=lambda row: (-row[2], row[0]),
    )
    if not rows:
        return None
    text = Text("Weapon rules not implemented: ", style="bold")
    for i, (name, status, n) in enumerate(rows):
        mark, style, words = RULE_MARKS[status]
        text.append(", " if i else "")
        text.append(f"{mark} {name} x{n} ({words})", style=style)
    return text


def render_army(army: Army, verdict: ForceOrgVerdict | None = None, *, notes_heading: str = "Notes") -> RenderableType:
    """A rich renderable showing ``army``: summary and legend, one table per detachment, one table per unit,
    the Force Organisation ``verdict`` when given, then the army's notes under ``notes_heading``.

    Tables fill the console's width; cells wrap rather than cut text. No BattleScribe ids are shown (the JSON
    keeps them).
    """
    head = Text()
    head.append(army.name, style="bold")
    details = [s for s in (army.faction, army.allegiance, f"{army.points} points") if s]
    head.append(" · " + " · ".join(details))
    if army.source:
        head.append(f"\nsource: {army.source}", style="dim")
    parts: list[RenderableType] = [head, status_legend()]
    parts += [_detachment_table(det) for det in army.detachments]
    parts += [_unit_table(unit) for unit in army.units]
    if verdict is not None:
        parts.append(render_verdict(verdict))
    gaps = not_played_lines(army)
    if gaps:
        parts.append(Text("Not played yet (rules played in part, or blocked):", style="bold"))
        parts += gaps
    parts.append(coverage_line(army))
    left = weapon_rules_left_line(army)
    if left is not None:
        parts.append(left)
    if army.notes:
        parts.append(Text(f"{notes_heading}:", style="bold"))
        parts += [Text(f"  {note}", style="italic") for note in army.notes]
    return Group(*parts)
