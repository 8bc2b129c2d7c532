"""Reading a scenario file: YAML with line numbers, the schema, then the battlefield, armies and placements.

``load_scenario(path)`` is the entry point; ``docs/scenario-format.md`` describes the format. Every mistake is
one :class:`~strategium.errors.InputError` naming the file, the line and the field, e.g.
``demo.yaml:57: armies[0].positions.recon[2]: model 3 (Recon Legionary) at [80, 4] is (partly) off the
72" x 48" table``. Errors inside a referenced army, roster or rules-configuration file name that file.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from strategium.army.army import Army
from strategium.army.library import load_army, load_demo_army
from strategium.config import RulesConfig, load_config, parse_overrides
from strategium.errors import InputError
from strategium.geometry.table import Table
from strategium.geometry.terrain import Battlefield
from strategium.scenario.battlefield import build_building, build_deployment, build_terrain, check_ids
from strategium.scenario.locate import Where
from strategium.scenario.placing import Placer, with_buildings
from strategium.scenario.spec import ArmyEntrySpec, ScenarioSpec
from strategium.scenario.starting import check_starting_state
from strategium.scenario.steps import check_actions, check_expect_state
from strategium.scenario.values import Scenario
from strategium.yaml_lines import YamlPath, field_text, is_regular_file, load_yaml, read_yaml_file

DEMO_NAME = "demo"
"""The bundled scenario's name (``strategium map demo``)."""


def demo_scenario_path() -> Path:
    """The bundled demo scenario file (package data ``strategium/scenarios/demo.yaml``)."""
    return Path(str(resources.files("strategium").joinpath("scenarios", f"{DEMO_NAME}.yaml")))


def load_scenario(path: str | Path) -> Scenario:
    """Load, validate and build a scenario file. Paths inside it are relative to the file's folder.

    Raises:
        InputError: the file cannot be read, is not valid YAML, breaks the schema (unknown key, wrong
            type, missing field), names an unknown deployment map, demo army, unit id, Transport or
            Building; a position is off the table or on Impassable terrain; a unit's model count does not
            match its positions; models overlap; or a referenced army, roster or configuration is bad.
    """
    p = Path(path)
    text = read_yaml_file(p, "scenario file")
    return parse_scenario_text(text, file=p.name, folder=p.parent, source=str(p))


def parse_scenario_text(text: str, file: str = "<scenario>", folder: Path | None = None, source: str = "") -> Scenario:
    """Parse the text of a scenario file. ``file`` names it in errors; ``folder`` is where relative paths
    (armies, rosters, rules configuration) are looked up (the current folder when None).

    Raises :class:`InputError` (see :func:`load_scenario`).
    """
    data, lines = load_yaml(text, file)
    where = Where(file, lines)
    if data is None:
        raise InputError("the file is empty", file=file, line=1)
    if not isinstance(data, dict):
        raise where.error((), "a scenario file must be a mapping (version:, name:, armies:, ...)")
    if "version" in data and (data["version"] != 1 or isinstance(data["version"], bool)):
        raise where.error(("version",), f"this strategium reads scenario version 1, not {data['version']!r}")
    try:
        spec = ScenarioSpec.model_validate(data)
    except ValidationError as err:
        raise where.validation_error(err, data) from None
    base = folder if folder is not None else Path.cwd()
    config = _config(spec, base, where)
    check_ids(spec, where)
    table = Table(spec.table.width, spec.table.depth)
    deployment = build_deployment(spec, table, where)
    terrain = tuple(build_terrain(t, n, table, config, where) for n, t in enumerate(spec.terrain))
    buildings = {b.id: build_building(b, n, table, where) for n, b in enumerate(spec.buildings)}
    battlefield = Battlefield(table, deployment, terrain, tuple(buildings.values()))
    armies = (_army(spec.armies[0], 0, base, where), _army(spec.armies[1], 1, base, where))
    placer = Placer(spec.armies, armies, buildings, where)
    placer.check_units()
    army_buildings = placer.army_buildings(battlefield)
    battlefield = with_buildings(battlefield, tuple(army_buildings.values()))
    placements = check_starting_state(spec.armies, armies, placer.place(battlefield, army_buildings), where)
    ids = dict(buildings)
    ids.update({unit_id: b for (_, unit_id), b in army_buildings.items()})
    check_actions(spec.actions, armies, battlefield, ids, where)
    check_expect_state(spec.expect_state, armies, where)
    return Scenario(
        spec.name,
        battlefield,
        armies,
        placements,
        config,
        source or file,
        spec.description,
        ids,
        seed=spec.seed,
        start=spec.start,
        actions=spec.actions,
        action_lines=tuple(lines_of_actions(where, len(spec.actions))),
        expect_state=spec.expect_state,
        file=file,
        strict=spec.strict,
    )


def lines_of_actions(where: Where, count: int) -> list[int | None]:
    """The line where each ``actions:`` entry starts."""
    return [where.lines.get(("actions", n)) for n in range(count)]


def _army(entry: ArmyEntrySpec, index: int, folder: Path, where: Where) -> Army:
    here: YamlPath = ("armies", index)
    if entry.demo is not None:
        try:
            return load_demo_army(entry.demo)
        except InputError as err:
            raise where.rewrap(err, (*here, "demo")) from None
    key, written = ("army", entry.army) if entry.army is not None else ("roster", entry.roster)
    assert written is not None
    path = folder / written
    if not is_regular_file(path):
        raise where.error((*here, key), f"no such file: {written}")
    if key == "army":
        return load_army(path)
    from strategium.army.battlescribe import import_roster  # only scenarios that use a roster need the importer

    return import_roster(path)


def _config(spec: ScenarioSpec, folder: Path, where: Where) -> RulesConfig:
    written = spec.rules_config
    if written is None:
        return RulesConfig()
    if isinstance(written, str):
        path = folder / written
        if not is_regular_file(path):
            raise where.error(("rules_config",), f"no such file: {written}")
        return load_config(path)
    prefix: YamlPath = ("rules_config",)
    sub = {k[1:]: v for k, v in where.lines.items() if k[:1] == prefix}
    try:
        return parse_overrides(_plain(written), file=where.file, lines=sub)
    except InputError as err:
        inner = tuple(err.field.split(".")) if err.field else ()
        err.field = field_text((*prefix, *inner))
        if err.line is None:
            err.line = where.lines.get(prefix)
        raise InputError(err.message, file=err.file, line=err.line, field=err.field) from None


def _plain(value: Any) -> Any:
    """Pydantic may hand back the inline mapping as is; copy it to plain dicts and lists."""
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value
