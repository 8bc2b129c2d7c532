"""Project-authored army files (YAML) and the bundled demo armies.

An army file lists weapon profiles, units (with their models, written as the data writes them) and the
detachments that hold the units; the format is described in ``docs/army-format.md``. Loading validates the
file with pydantic and converts it to the engine's :class:`~strategium.army.army.Army`.

Every mistake is reported as one :class:`~strategium.errors.InputError` naming the file, the line and the
field in plain words, e.g. ``emperors_children.yaml:42: units[3].models[0].bs: must be a whole number``
(messages from ``strategium.validation_messages``). Special rules the registry does not know are kept as
``UnknownRule`` (listed, never dropped); a rule name read only by the registry's typo tolerance is kept and named
in ``Army.notes`` ("read 'Relentles' as Relentless"). A Unit Type, a weapon profile or a Characteristic that
cannot be read, or is out of its range, is an error; so is a Unit Type word that is only a typo of a known one
(the error says "did you mean ...?"). Militia Cavalry Mount's MCM-2 is applied to every model
(``strategium.army.militia_cavalry_mount``) and named in the notes.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import replace
from importlib import resources
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from strategium.army.army import Army, Detachment, ForceOrgSlot, Model, Unit
from strategium.army.army_schema import ArmySpec, ModelSpec, UnitSpec, WeaponSpec
from strategium.army.militia_cavalry_mount import mount_model
from strategium.army.profile_limits import check_rules, check_weapon
from strategium.army.rosz import looks_like_roster
from strategium.catalogue.registry import RuleEntry, find_rule
from strategium.errors import InputError
from strategium.limits import check_limit
from strategium.model.characteristics import (
    BuildingCharacteristics,
    Characteristics,
    KnightCharacteristics,
    Profile,
    VehicleCharacteristics,
)
from strategium.model.parse_unit_type import is_typo_note, parse_unit_type, typo_corrections
from strategium.model.parse_weapons import weapon_from_columns
from strategium.model.profiles import ModelProfile
from strategium.model.unit_types import SubType, UnitType, UnitTypeSpec
from strategium.model.weapons import WeaponProfile
from strategium.problems import Problems, Severity
from strategium.validation_messages import plain_message
from strategium.yaml_lines import field_text, line_of, load_yaml, read_limited, yaml_text

__all__ = ["DEMO_FOLDER", "demo_army_names", "demo_army_paths", "load_army", "load_demo_army", "parse_army_text"]

DEMO_FOLDER = "demo"
"""The folder of package ``strategium.army`` whose ``*.yaml`` files are the bundled demo armies (package data)."""

FORMAT_VERSION = 1

Path_ = tuple[str | int, ...]


# ------------------------------------------------------------------------------------- YAML with line numbers


def _load_yaml(text: str, file: str) -> tuple[object, dict[Path_, int]]:
    data, lines = load_yaml(text, file)
    if data is None:
        raise InputError("the file is empty", file=file, line=1)
    return data, lines


def _field_path(loc: Sequence[str | int], data: object) -> Path_:
    """The part of a pydantic ``loc`` that names places in the file (drops union and validator tags)."""
    path: list[str | int] = []
    node: object = data
    for n, part in enumerate(loc):
        child = _child(node, part)
        if child is not _MISSING:
            path.append(part)
            node = child
        elif n == len(loc) - 1 and not _is_tag(part):
            path.append(part)
    return tuple(path)


_MISSING = object()


def _child(node: object, part: str | int) -> object:
    if isinstance(part, int) and isinstance(node, list) and 0 <= part < len(node):
        return node[part]
    if isinstance(part, str) and isinstance(node, dict) and part in node:
        return node[part]
    return _MISSING


def _is_tag(part: str | int) -> bool:
    return isinstance(part, str) and (part[:1].isupper() or "[" in part or part in {"str", "int", "none"})


class _Where:
    """Turns a place in the file (a path) into an ``InputError`` with file, line and field, and collects the
    notes of the load (``FILE:LINE: FIELD: MESSAGE``, for ``Army.notes``)."""

    def __init__(self, file: str, lines: Mapping[Path_, int]) -> None:
        self.file = file
        self.lines = lines
        self.notes: list[str] = []

    def error(self, path: Path_, message: str) -> InputError:
        return InputError(message, file=self.file, line=line_of(self.lines, path), field=field_text(path) or None)

    def note(self, path: Path_, message: str) -> None:
        self.notes.append(str(self.error(path, message)))


# ------------------------------------------------------------------------------------------------ conversion


def _rules(written: Sequence[str], where: _Where, path: Path_) -> tuple[RuleEntry, ...]:
    """The registry's entries for rule names written at ``path``; typo-tolerant readings become notes."""
    out: list[RuleEntry] = []
    for k, text in enumerate(written):
        problems: Problems = []
        rule = find_rule(text, problems=problems)
        try:
            check_rules((rule,))
        except InputError as err:
            raise where.error((*path, k), err.message) from None
        out.append(rule)
        for problem in problems:
            if is_typo_note(problem):
                where.note((*path, k), problem.message)
    return tuple(out)


_TYPE_WORDS = [t.value for t in UnitType] + [s.value for s in SubType]


def _unit_type(spec: ModelSpec, where: _Where, path: Path_) -> UnitTypeSpec:
    problems: Problems = []
    parsed = parse_unit_type(spec.unit_type, problems=problems)
    errors = [p for p in problems if p.severity is Severity.ERROR]
    here = (*path, "unit_type")
    if parsed.unit_type is None or parsed.unknown or errors:
        why = errors[0].message if errors else "names no Unit Type"
        close = difflib.get_close_matches(parsed.unknown[0], _TYPE_WORDS, n=1, cutoff=0.6) if parsed.unknown else []
        hint = f"; did you mean {close[0]!r}?" if close else ""
        raise where.error(here, f"cannot read Unit Type {spec.unit_type!r}: {why}{hint}")
    typos = typo_corrections(problems)
    if typos:
        written, known = typos[0]
        raise where.error(
            here,
            f"cannot read Unit Type {spec.unit_type!r}: {written!r} is not a Unit Type or Sub-type; "
            f"did you mean {known!r}?",
        )
    return parsed


_REQUIRED: dict[str, tuple[str, ...]] = {
    "vehicle": ("m", "bs", "front", "side", "rear", "hp"),
    "knight": ("m", "ws", "bs", "s", "front", "side", "rear", "i", "a", "hp"),
    "building": ("front", "side", "rear", "hp"),
    "unit": ("m", "ws", "bs", "s", "t", "w", "i", "a", "ld"),
}


def _profile_kind(unit_type: UnitTypeSpec) -> str:
    kind = unit_type.unit_type
    if kind in (UnitType.KNIGHT, UnitType.TITAN):
        return "knight"
    if kind is UnitType.VEHICLE:
        return "vehicle"
    if kind in (UnitType.FORTIFICATION, UnitType.BUILDING):
        return "building"
    return "unit"


def _characteristics(spec: ModelSpec, unit_type: UnitTypeSpec, where: _Where, path: Path_) -> Profile:
    kind = _profile_kind(unit_type)
    for name in _REQUIRED[kind]:
        if name in spec.model_fields_set and getattr(spec, name) is None:
            continue  # written as "-": the model lacks it
        if name not in spec.model_fields_set:
            kind_name = str(unit_type.unit_type)
            article = "an" if kind_name[:1] in "AEIOU" else "a"
            raise where.error((*path, name), f"is required for {article} {kind_name} model (write '-' if it has none)")
    if kind == "vehicle":
        return VehicleCharacteristics(
            m=spec.m, bs=spec.bs, front=_num(spec.front), side=_num(spec.side), rear=_num(spec.rear),
            hp=_num(spec.hp), transport_capacity=spec.transport_capacity,
        )  # fmt: skip
    if kind == "knight":
        return KnightCharacteristics(
            m=spec.m, ws=spec.ws, bs=spec.bs, s=spec.s, front=_num(spec.front), side=_num(spec.side),
            rear=_num(spec.rear), i=spec.i, a=spec.a, hp=_num(spec.hp),
        )  # fmt: skip
    if kind == "building":
        return BuildingCharacteristics(
            bs=spec.bs, front=_num(spec.front), side=_num(spec.side), rear=_num(spec.rear), hp=_num(spec.hp),
            transport_capacity=spec.transport_capacity, fire_points=spec.fire_points,
        )  # fmt: skip
    return Characteristics(
        m=spec.m, ws=spec.ws, bs=spec.bs, s=spec.s, t=spec.t, w=spec.w, i=spec.i, a=spec.a, ld=spec.ld, sv=spec.sv
    )


def _num(value: int | None) -> int:
    # Armour Values and Hull Points are required above; a "-" there is read as 0 (no armour).
    return 0 if value is None else value


def _weapon(spec: WeaponSpec, where: _Where, path: Path_) -> WeaponProfile:
    columns = {"Range": spec.range, "Strength": spec.strength, "AP": spec.ap, "Type": spec.type}
    problems: Problems = []
    weapon = weapon_from_columns(spec.name, columns, problems=problems)
    for problem in problems:
        if problem.severity is Severity.ERROR:
            field = _WEAPON_FIELDS.get(problem.field.rsplit(": ", 1)[-1], "type")
            raise where.error((*path, field), f"{problem.message} (got {problem.text!r})")
    try:
        check_weapon(weapon)
    except InputError as err:
        raise where.error((*path, err.field or "type"), err.message) from None
    return weapon


_WEAPON_FIELDS = {"Range": "range", "Strength": "strength", "AP": "ap", "Type": "type"}


def _model_weapons(
    spec: ModelSpec, table: Mapping[str, WeaponProfile], where: _Where, path: Path_
) -> tuple[WeaponProfile, ...]:
    out: list[WeaponProfile] = []
    for n, item in enumerate(spec.weapons):
        here = (*path, "weapons", n)
        if isinstance(item, str):
            if item not in table:
                raise where.error(here, f"no weapon named {item!r} in the file's weapons list")
            out.append(table[item])
        else:
            out.append(_weapon(item, where, here))
    return tuple(out)


def _unit(spec: UnitSpec, index: int, table: Mapping[str, WeaponProfile], where: _Where) -> Unit:
    path: Path_ = ("units", index)
    unit_rules = _rules(spec.rules, where, (*path, "rules"))
    models: list[Model] = []
    for m, model_spec in enumerate(spec.models):
        here = (*path, "models", m)
        unit_type = _unit_type(model_spec, where, here)
        profile = ModelProfile(
            name=model_spec.name,
            unit_type=unit_type,
            characteristics=_characteristics(model_spec, unit_type, where, here),
            invulnerable_save=model_spec.invulnerable_save,
        )
        weapons = _model_weapons(model_spec, table, where, here)
        rules = unit_rules + _rules(model_spec.rules, where, (*here, "rules"))
        first = Model(
            id="",
            name=model_spec.name,
            profile=profile,
            weapons=weapons,
            wargear=model_spec.wargear,
            rules=rules,
            base_mm=model_spec.base_mm,
        )
        first, mounted = mount_model(first)
        if mounted is not None:
            where.note((*here, "unit_type"), mounted)
        for _ in range(model_spec.count):
            models.append(replace(first, id=f"{spec.id}/{len(models) + 1}"))
    return Unit(
        id=spec.id,
        name=spec.name,
        slot=spec.slot,
        models=tuple(models),
        points=spec.points,
        rules=unit_rules,
        dedicated_transport_for=spec.transport_for,
        compulsory=spec.compulsory,
    )


def _check_sizes(spec: ArmySpec, where: _Where) -> None:
    """The input limits on units and models (``units_per_army``, ``models_per_unit``, ``models_per_army``),
    checked before any model is built."""

    def check(value: int, name: str, what: str, path: Path_) -> None:
        line = line_of(where.lines, path)
        check_limit(value, name, what=what, file=where.file, line=line, field=field_text(path))

    check(len(spec.units), "units_per_army", "units in the army", ("units",))
    total = 0
    for n, unit in enumerate(spec.units):
        for m, model in enumerate(unit.models):
            check(model.count, "models_per_unit", "models in this unit", ("units", n, "models", m, "count"))
        in_unit = sum(model.count for model in unit.models)
        check(in_unit, "models_per_unit", "models in this unit", ("units", n, "models"))
        total += in_unit
        check(total, "models_per_army", "models in the army", ("units", n, "models"))


def _check_links(spec: ArmySpec, where: _Where) -> dict[str, str]:
    """Unique ids, every unit in exactly one detachment, transports beside their units. Returns id → detachment."""
    ids: dict[str, int] = {}
    for n, unit in enumerate(spec.units):
        if unit.id in ids:
            raise where.error(("units", n, "id"), f"unit id {unit.id!r} is already used by units[{ids[unit.id]}]")
        ids[unit.id] = n
    home: dict[str, str] = {}
    for d, det in enumerate(spec.detachments):
        for k, unit_id in enumerate(det.units):
            if unit_id not in ids:
                raise where.error(("detachments", d, "units", k), f"no unit with id {unit_id!r}")
            if unit_id in home:
                raise where.error(("detachments", d, "units", k), f"unit {unit_id!r} is already in {home[unit_id]!r}")
            home[unit_id] = det.name
    for n, unit in enumerate(spec.units):
        if unit.id not in home:
            raise where.error(("units", n, "id"), f"unit {unit.id!r} is in no detachment")
        if unit.transport_for is None:
            if unit.slot is ForceOrgSlot.DEDICATED_TRANSPORT:
                raise where.error(("units", n, "transport_for"), "a Dedicated Transport must name its unit")
            continue
        here = ("units", n, "transport_for")
        if unit.transport_for not in ids:
            raise where.error(here, f"no unit with id {unit.transport_for!r}")
        if unit.transport_for == unit.id:
            raise where.error(here, "a unit cannot be its own Dedicated Transport")
        if home[unit.transport_for] != home[unit.id]:
            raise where.error(here, f"the transport and unit {unit.transport_for!r} are in different detachments")
        if unit.slot is not ForceOrgSlot.DEDICATED_TRANSPORT:
            raise where.error(("units", n, "slot"), "a unit with transport_for must have slot 'Dedicated Transport'")
    if spec.points is not None:
        total = sum(u.points for u in spec.units)
        if total != spec.points:
            raise where.error(("points",), f"the units' points add up to {total}, not {spec.points}")
    return home


def _validation_error(err: ValidationError, data: object, where: _Where) -> InputError:
    """The first problem pydantic found, in plain words. Where a value may be a name or a mapping (a model's
    weapons), the complaint about the form actually written is preferred."""
    errors = err.errors(include_url=False)
    specific = [e for e in errors if "str" not in e["loc"][:-1] and not (e["loc"] and e["loc"][-1] == "str")]
    first = (specific or errors)[0]
    path = _field_path(first["loc"], data)
    return where.error(path, plain_message({**first, "loc": path}, ArmySpec))


def parse_army_text(text: str, file: str = "<army>") -> Army:
    """Parse the text of an army file (``file`` names it in errors and in ``Army.source``).

    Raises:
        InputError: bad YAML, a field of the wrong type or missing, a Unit Type, Characteristic or weapon
            column that cannot be read, a unit id used twice or not found, points that do not add up.
    """
    data, lines = _load_yaml(text, file)
    where = _Where(file, lines)
    if not isinstance(data, dict):
        raise where.error((), "an army file must be a mapping (name:, units:, detachments:, ...)")
    try:
        spec = ArmySpec.model_validate(data)
    except ValidationError as err:
        raise _validation_error(err, data, where) from None
    table: dict[str, WeaponProfile] = {}
    for n, weapon in enumerate(spec.weapons):
        if weapon.name in table:
            raise where.error(("weapons", n, "name"), f"weapon {weapon.name!r} is listed twice")
        table[weapon.name] = _weapon(weapon, where, ("weapons", n))
    _check_sizes(spec, where)
    _check_links(spec, where)
    units = {u.id: _unit(u, n, table, where) for n, u in enumerate(spec.units)}
    detachments = tuple(
        Detachment(
            name=d.name, chart=d.chart, units=tuple(units[i] for i in d.units), faction=d.faction or spec.faction
        )
        for d in spec.detachments
    )
    return Army(
        name=spec.name,
        detachments=detachments,
        points=sum(u.points for u in units.values()),
        faction=spec.faction,
        allegiance=spec.allegiance,
        source=file,
        notes=(*spec.notes, *where.notes),
    )


def load_army(path: str | Path) -> Army:
    """Load and validate one army file.

    Raises:
        InputError: the file cannot be read, or any mistake listed in :func:`parse_army_text` (reported as
            ``FILE:LINE: FIELD: MESSAGE``, FILE being the file's name).
    """
    p = Path(path)
    data = read_limited(p, "army file")
    if looks_like_roster(data):
        raise InputError("this looks like a BattleScribe roster: use `strategium roster FILE`", file=str(p))
    text = yaml_text(data, "army file", str(p))
    return parse_army_text(text, file=p.name)


def looks_like_army_file(data: bytes) -> bool:
    """True for text that reads as an army file: a YAML mapping with ``format:`` and ``units:`` keys."""
    try:
        text = data[:65536].decode("utf-8")
    except UnicodeDecodeError:
        return False
    keys = {line.split(":", 1)[0].strip() for line in text.splitlines() if line[:1].isalpha() and ":" in line}
    return {"format", "units"} <= keys


def _demo_files() -> Iterator[Any]:
    for entry in resources.files("strategium.army").joinpath(DEMO_FOLDER).iterdir():
        if entry.name.endswith(".yaml"):
            yield entry


def demo_army_names() -> tuple[str, ...]:
    """Names of the bundled demo armies (their file names without ``.yaml``), sorted."""
    return tuple(sorted(entry.name.removesuffix(".yaml") for entry in _demo_files()))


def demo_army_paths() -> dict[str, Path]:
    """The bundled demo armies: name → path of its YAML file (the package is installed as files)."""
    return {entry.name.removesuffix(".yaml"): Path(str(entry)) for entry in _demo_files()}


def load_demo_army(name: str) -> Army:
    """Load a bundled demo army by name (e.g. ``"emperors_children"``, ``"imperialis_militia"``).

    Raises:
        InputError: no demo army has that name.
    """
    for entry in _demo_files():
        if entry.name == f"{name}.yaml":
            return parse_army_text(entry.read_text(encoding="utf-8"), file=entry.name)
    known = ", ".join(demo_army_names())
    raise InputError(f"no demo army named {name!r} (bundled: {known})")
