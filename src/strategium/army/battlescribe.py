"""Import BattleScribe / New Recruit rosters (``.ros`` XML, ``.rosz`` zipped) into the engine's ``Army``.

Entry point: :func:`import_roster`. The file is read safely (``strategium.army.rosz``), turned into plain
values (``roster_tree``), and built into ``Army`` / ``Detachment`` / ``Unit`` / ``Model`` here; no XML object
leaves the importer. Layout rules are in ``bs_layout`` and the sharing-out of wargear in ``bs_models``.

How a roster becomes units (shared BATTLESCRIBE.md §1.3, §3 items 6-8, §4):

- Each ``force`` is a ``Detachment``; its chart comes from the force's entry id (Crusade, Allied, Lord of War,
  Zone Mortalis), with the force name as a fallback.
- Each top-level selection is one Force Organisation choice; its slot is its primary category ("HQ:",
  "Troops:", ...). A choice with models of its own is a unit; a choice without (the Solar Auxilia Tercios,
  "Clade Assassins") is a container whose first nested unit takes the slot, its points and its rules.
- Nested units (``type="unit"`` selections, or upgrades carrying a Vehicle / Knights and Titans /
  Fortification profile) become units of their own. A nested Vehicle with the Transport Sub-type is the
  ``dedicated_transport_for`` the unit it sits in (slot Dedicated Transport); any other nested unit is
  ``attached_to`` it and keeps the choice's slot (retinues, Tercio sections).
- A top-level selection with no model anywhere (Allegiance, Legion, Rite of War, Provenances) is a
  detachment-wide option: its rules go to ``Detachment.rules``, its name to ``Detachment.options``.
- Points: each unit counts its own selection and everything below it except nested units; the sum over the
  units is the roster's total (options' points, if any, are named in ``Army.notes``).
- Rules: the unit's own selection (and a container's), force-level categories that carry rules and that the
  unit has (BattleScribe 2.03 exports: "Primarch:", "Fortification:"), the model's selection and the items it
  carries. Every written name goes through ``strategium.catalogue.registry.find_rule``; unknown names stay as
  ``UnknownRule``.
- ``Unit.compulsory``: where the roster marks units with the "Compulsory HQ:" / "Compulsory Troops:"
  categories (BATTLESCRIBE.md §2.4), an HQ or Troops choice is True with the mark and False without; it is
  left None (decided by the unit's rules, e.g. Support Squad) when the roster uses no such marks.

Limits (:mod:`strategium.limits`), checked before the work they guard: ``detachments_per_army``;
``units_per_army``, ``models_per_unit`` and ``models_per_army`` before a unit's models are built; a unit's
points must be 0 to ``points``; ``items_per_army`` while the models are given their wargear (``bs_models``).
Every unit has its own id, without ``:`` or ``/`` (the game prefixes shared ids with ``PLAYER:``, a model's id
is ``UNIT/N``), spaces or control characters; two units with one id are refused.
"""

from __future__ import annotations

import re
import stat
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Final

from strategium.army.army import Army, ChartKind, Detachment, ForceOrgSlot, Model, Unit
from strategium.army.bs_layout import model_groups, nested_units, subtree_points
from strategium.army.bs_markers import add_marker_sub_types
from strategium.army.bs_models import ItemBudget, build_models, display_name, unique_rules
from strategium.army.bs_profiles import ParsedProfiles
from strategium.army.library import looks_like_army_file
from strategium.army.militia_cavalry_mount import mount_model
from strategium.army.roster_tree import RawCategory, RawForce, RawRoster, RawSelection, read_roster_tree
from strategium.army.rosz import load_roster_element
from strategium.catalogue.registry import RuleEntry
from strategium.errors import InputError
from strategium.limits import check_limit

CHART_IDS: Final = {
    "d926-652f-8436-30ce": ChartKind.CRUSADE,
    "5430-5be1-1613-be44": ChartKind.ZONE_MORTALIS,
    "d4f2-6da5-b6de-06ec": ChartKind.ALLIED,
    "58a7-8821-3cd9-c73": ChartKind.LORD_OF_WAR,
}
"""Force entry ids of the HH2 game system's charts (``forceEntries`` in the .gst)."""

_SLOT_IDS: Final = {
    "4f85-eb33-30c9-8f51": ForceOrgSlot.HQ,
    "9b5d-fac7-799b-d7e7": ForceOrgSlot.TROOPS,
    "7aee-565f-b0ae-294e": ForceOrgSlot.ELITES,
    "20ef-cd01-a8da-376e": ForceOrgSlot.FAST_ATTACK,
    "7031-469a-1aeb-eab0": ForceOrgSlot.HEAVY_SUPPORT,
    "c658-dc6b-727b-c488": ForceOrgSlot.LORD_OF_WAR,
    "a24f-12d8-36c1-f477": ForceOrgSlot.FORTIFICATION,
    "e031-3c2-e3f8-d40a": ForceOrgSlot.PRIMARCH,
}
_SLOT_NAMES: Final = {
    "hq": ForceOrgSlot.HQ,
    "troops": ForceOrgSlot.TROOPS,
    "elites": ForceOrgSlot.ELITES,
    "elite": ForceOrgSlot.ELITES,
    "fast attack": ForceOrgSlot.FAST_ATTACK,
    "heavy support": ForceOrgSlot.HEAVY_SUPPORT,
    "lords of war": ForceOrgSlot.LORD_OF_WAR,
    "lord of war": ForceOrgSlot.LORD_OF_WAR,
    "fortification": ForceOrgSlot.FORTIFICATION,
    "fortifications": ForceOrgSlot.FORTIFICATION,
    "primarch": ForceOrgSlot.PRIMARCH,
}
_COMPULSORY_SLOTS: Final = (ForceOrgSlot.HQ, ForceOrgSlot.TROOPS)
_CHART_PREFIX: Final = re.compile(r"^\s*(?:ZM\s*)?\d+\.\s*")
_BAD_ID: Final = re.compile(r"[:/\s\x00-\x1f\x7f]")


def import_roster(path: str | Path) -> Army:
    """Read a ``.ros`` / ``.rosz`` roster file and build the ``Army`` it describes.

    Raises ``InputError`` (naming the file) for anything that is not a readable HH2 roster: missing, empty,
    truncated or garbled files, unsafe XML or archives, other game systems (matched on ``gameSystemId``),
    bad numbers, models without a profile.
    """
    file = Path(path)
    try:
        root = load_roster_element(file)
    except InputError:
        if _is_army_file(file):
            raise InputError(
                "this looks like a strategium army file (YAML): use `strategium army show FILE`", file=str(file)
            ) from None
        raise
    raw = read_roster_tree(root, str(file))
    return build_army(raw, str(file))


def _is_army_file(file: Path) -> bool:
    try:
        if not stat.S_ISREG(file.stat().st_mode):
            return False
        with file.open("rb") as stream:
            head = stream.read(65536)
    except OSError:
        return False
    return looks_like_army_file(head)


def build_army(raw: RawRoster, file: str) -> Army:
    """The ``Army`` of a roster already read into plain values (see :func:`import_roster`)."""
    if raw.points is not None and raw.points < 0:
        raise InputError(f"the roster totals {raw.points:g} points: below 0", file=file, field="roster cost")
    source = ParsedProfiles(file)
    marks = _uses_compulsory_marks(raw.forces)
    detachments: list[Detachment] = []
    notes: list[str] = []
    allegiance: str | None = None
    tally = _Tally(budget=ItemBudget(file))
    forces = _all_forces(raw.forces)
    check_limit(
        len(forces), "detachments_per_army", what="detachments (forces) in the roster", file=file, field="force"
    )
    for force in forces:
        builder = _ForceBuilder(force, source, file, marks, tally)
        detachments.append(builder.build())
        notes.extend(builder.notes)
        allegiance = allegiance or builder.allegiance
    notes.extend(source.notes())
    primary = next((d for d in detachments if d.chart in (ChartKind.CRUSADE, ChartKind.ZONE_MORTALIS)), None)
    faction = primary or (detachments[0] if detachments else None)
    unit_points = sum(u.points for d in detachments for u in d.units)
    if raw.points is not None and _whole(raw.points) != unit_points:
        notes.append(f"roster total {_whole(raw.points)} differs from the sum of its units' points, {unit_points}")
    return Army(
        name=raw.name or Path(file).stem,
        detachments=tuple(detachments),
        points=_whole(raw.points) if raw.points is not None else unit_points,
        faction=faction.faction if faction else "",
        allegiance=allegiance,
        source=file,
        notes=tuple(notes),
        points_limit=_whole(raw.points_limit) if raw.points_limit is not None else None,
    )


def _all_forces(forces: tuple[RawForce, ...]) -> list[RawForce]:
    out: list[RawForce] = []
    for force in forces:
        out.append(force)
        out.extend(_all_forces(force.forces))
    return out


def _whole(points: float) -> int:
    return round(points)


def _clean(name: str) -> str:
    return " ".join(name.split()).rstrip(":").strip()


def chart_of(force: RawForce) -> ChartKind:
    """The chart of a force: by entry id, else by a word in its name, else ``ChartKind.OTHER``."""
    if force.entry_id in CHART_IDS:
        return CHART_IDS[force.entry_id]
    name = force.name.lower()
    for word, kind in (
        ("mortalis", ChartKind.ZONE_MORTALIS),
        ("crusade", ChartKind.CRUSADE),
        ("allied", ChartKind.ALLIED),
        ("lord of war", ChartKind.LORD_OF_WAR),
    ):
        if word in name:
            return kind
    return ChartKind.OTHER


def slot_of(categories: tuple[RawCategory, ...]) -> ForceOrgSlot:
    """The Force Organisation slot named by the primary category (by id, else by name), or ``NONE``."""
    for category in categories:
        if category.primary:
            if category.entry_id in _SLOT_IDS:
                return _SLOT_IDS[category.entry_id]
            slot = _SLOT_NAMES.get(_clean(category.name).lower())
            if slot is not None:
                return slot
    return ForceOrgSlot.NONE


def compulsory_marks(categories: tuple[RawCategory, ...]) -> frozenset[ForceOrgSlot]:
    """The slots named by "Compulsory <slot>:" categories among ``categories``."""
    found = set()
    for category in categories:
        name = _clean(category.name).lower()
        if name.startswith("compulsory "):
            slot = _SLOT_NAMES.get(name.removeprefix("compulsory ").strip())
            if slot is not None:
                found.add(slot)
    return frozenset(found)


def _uses_compulsory_marks(forces: tuple[RawForce, ...]) -> bool:
    return any(compulsory_marks(sel.categories) for force in _all_forces(forces) for sel in force.selections)


@dataclass
class _Tally:
    """What the army holds so far: its units (id → name), models and the things given to them, checked against
    the limits."""

    budget: ItemBudget
    units: dict[str, str] = field(default_factory=dict)
    models: int = 0


@dataclass(frozen=True)
class _Found:
    """A game unit found in a choice: its selection, the unit it sits in (None at the top), its role."""

    sel: RawSelection
    owner: RawSelection | None
    transport: bool


class _ForceBuilder:
    """Builds one ``Detachment`` from one ``force``."""

    def __init__(self, force: RawForce, source: ParsedProfiles, file: str, marks: bool, tally: _Tally) -> None:
        self.force = force
        self.tally = tally
        self.source = source
        self.file = file
        self.marks = marks
        self.notes: list[str] = []
        self.allegiance: str | None = None
        self.category_rules = {c.entry_id: c.rules for c in force.categories if c.rules}

    def build(self) -> Detachment:
        units: list[Unit] = []
        options: list[str] = []
        rules: list[RuleEntry] = []
        for choice in self.force.selections:
            built = self._choice(choice)
            if built:
                units.extend(built)
                continue
            options.append(self._option(choice))
            rules.extend(self.source.rule(r) for sel in choice.walk() for r in sel.rules if r.strip())
            points = subtree_points(choice)
            if points:
                self.notes.append(f"{choice.name!r}: {points:g} points in a detachment-wide option, not in a unit")
        return Detachment(
            name=_CHART_PREFIX.sub("", self.force.name) or self.force.name,
            chart=chart_of(self.force),
            units=tuple(units),
            faction=self.force.catalogue_name,
            rules=unique_rules(rules),
            options=tuple(options),
        )

    def _option(self, choice: RawSelection) -> str:
        name = _clean(choice.name)
        picked = [_clean(c.name) for c in choice.children]
        if name.lower() == "allegiance" and picked:
            self.allegiance = picked[0]
        return f"{name}: {', '.join(picked)}" if picked else name

    def _fail(self, message: str) -> InputError:
        return InputError(message, file=self.file, field="selection")

    def _count(self, sel: RawSelection, groups: tuple[RawSelection, ...]) -> None:
        """Check the unit's id and its share of the limits before its models are built."""
        name = display_name(sel.name)[:80]
        where = f"unit {name!r}"
        if not sel.id:
            raise InputError("the unit has no id", file=self.file, line=sel.line, field=f"{where} id")
        if _BAD_ID.search(sel.id):
            raise InputError(
                f"unit id {sel.id[:80]!r} holds ':', '/', a space or a control character (roster ids never do)",
                file=self.file,
                line=sel.line,
                field=f"{where} id",
            )
        other = self.tally.units.get(sel.id)
        if other is not None:
            raise InputError(
                f"unit id {sel.id[:80]!r} is used twice (units {other!r} and {name!r})",
                file=self.file,
                line=sel.line,
                field=f"{where} id",
            )
        self.tally.units[sel.id] = name
        models = sum(group.number for group in groups)
        self.tally.models += models
        for value, limit, what in (
            (len(self.tally.units), "units_per_army", "units in the army"),
            (models, "models_per_unit", "models in this unit"),
            (self.tally.models, "models_per_army", "models in the army"),
        ):
            check_limit(value, limit, what=what, file=self.file, line=sel.line, field=where)

    def _rules(self, sel: RawSelection) -> list[RuleEntry]:
        written = [r for r in sel.rules if r.strip()]
        for category in sel.categories:
            written.extend(self.category_rules.get(category.entry_id, ()))
        return [self.source.rule(r) for r in written]

    def _choice(self, choice: RawSelection) -> list[Unit]:
        """The units of one Force Organisation choice (empty if it holds no model: an option)."""
        slot = slot_of(choice.categories)
        container = not model_groups(choice)
        found = [_Found(sel, owner, self.source.is_transport(sel)) for sel, owner in nested_units(choice)]
        if container and not found:
            return []
        lead = choice if not container else found[0].sel
        shared = self._rules(choice) if container else []
        extra_points = subtree_points(choice) if container else 0.0
        compulsory = self._compulsory(choice, slot)
        units: list[Unit] = []
        if not container:
            units.append(self._unit(choice, slot, [], 0.0, compulsory))
        for item in found:
            owner = item.owner or (lead if item.sel is not lead else None)
            if item.sel is lead:
                units.append(self._unit(lead, slot, shared, extra_points, compulsory))
            elif item.transport and owner is not None:
                units.append(
                    replace(
                        self._unit(item.sel, ForceOrgSlot.DEDICATED_TRANSPORT, [], 0.0, None),
                        dedicated_transport_for=owner.id,
                    )
                )
            else:
                inherited = shared if item.owner is None else []
                units.append(
                    replace(
                        self._unit(item.sel, slot, inherited, 0.0, None),
                        attached_to=owner.id if owner is not None else None,
                    )
                )
        return units

    def _adjust(self, unit_name: str, models: tuple[Model, ...]) -> tuple[Model, ...]:
        """Sub-types the roster gives as rules (``bs_markers``), then MCM-2 (``rules.militia_cavalry_mount``);
        each change is named once in the import notes."""
        out: list[Model] = []
        for model in models:
            model, marked = add_marker_sub_types(model)
            model, mounted = mount_model(model)
            for note in (marked, mounted):
                if note is not None and f"{unit_name}: {note}" not in self.notes:
                    self.notes.append(f"{unit_name}: {note}")
            out.append(model)
        return tuple(out)

    def _compulsory(self, choice: RawSelection, slot: ForceOrgSlot) -> bool | None:
        if not self.marks or slot not in _COMPULSORY_SLOTS:
            return None
        return slot in compulsory_marks(choice.categories)

    def _unit(
        self,
        sel: RawSelection,
        slot: ForceOrgSlot,
        shared: list[RuleEntry],
        extra_points: float,
        compulsory: bool | None,
    ) -> Unit:
        groups = model_groups(sel)
        if not groups:
            raise self._fail(f"unit {sel.name!r} has no model profile")
        self._count(sel, groups)
        points = _whole(subtree_points(sel) + extra_points)
        where = f"unit {display_name(sel.name)[:80]!r} points"
        if points < 0:
            raise InputError(f"the unit totals {points} points: below 0", file=self.file, line=sel.line, field=where)
        check_limit(points, "points", what="points of this unit", file=self.file, line=sel.line, field=where)
        self.source.unit_name = display_name(sel.name)
        rules = unique_rules([*shared, *self._rules(sel)])
        built = build_models(sel, groups, rules, self.source, self._fail, self.tally.budget)
        models = self._adjust(display_name(sel.name), built)
        return Unit(
            id=sel.id,
            name=display_name(sel.name),
            slot=slot,
            models=models,
            points=points,
            rules=rules,
            compulsory=compulsory,
        )
