"""The ``strategium map`` command: draw a scenario's table as an SVG map, with legal-region overlays.

``strategium map [SCENARIO] --out FILE.svg [--overlay infiltrate:UNIT] [--overlay scout:UNIT]
[--overlay deployment:PLAYER] [--overlay next]``. SCENARIO is a scenario file, or ``demo`` (the default) for the
bundled one. A scenario with ``start:`` or ``actions:`` is drawn as the game stands after its actions
(:mod:`strategium.check.situation`), and overlays are measured against that state; ``next`` is the overlay of
the unit the engine asks to place next.
``--out`` is checked before the scenario is read (:mod:`strategium.cli.paths`): its folder must exist, and it may
not be the scenario file or a file the scenario names. The whole map is computed before anything is written, and
written whole: on an error nothing is written (exit code 2, one line).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Annotated

import typer

from strategium.check.situation import run_scenario
from strategium.check.situation_map import next_overlay, scenario_after
from strategium.cli.paths import input_file, output_file, refuse_inputs, write_outputs
from strategium.errors import InputError
from strategium.geometry.svg import Overlay, render_svg
from strategium.scenario import Scenario, Status, demo_scenario_path, load_scenario
from strategium.scenario.overlays import overlay_for


def scenario_file(name: str | None) -> Path:
    """The scenario file ``name`` names: the bundled demo for None or ``"demo"``, else a checked file
    (:func:`strategium.cli.paths.input_file`).

    Raises:
        InputError: no such file, a directory, a file that cannot be read.
    """
    if name is None or name == "demo":
        return demo_scenario_path()
    if name and "\0" not in name and not os.path.lexists(name):
        raise InputError("no such scenario file (give a file, or 'demo' for the bundled scenario)", file=name)
    return input_file(name, "scenario file", "SCENARIO")


def resolve_scenario(name: str | None) -> Scenario:
    """Load the scenario file ``name``, or the bundled demo for None or ``"demo"``.

    Raises:
        InputError: no such file, or any mistake in the file (see ``load_scenario``).
    """
    return load_scenario(scenario_file(name))


def summary(scenario: Scenario, out: str, notes: list[str]) -> str:
    """One line: where the map went and what it shows."""
    bf = scenario.battlefield
    on_table = scenario.with_status(Status.ON_TABLE)
    models = sum(len(p.placed.models) for p in on_table if p.placed is not None)
    per_side = " + ".join(str(len(scenario.with_status(Status.ON_TABLE, player))) for player in (1, 2))
    parts = [
        f'{bf.table.width:g}" x {bf.table.depth:g}" table',
        bf.deployment.name if bf.deployment is not None else "no deployment map",
        f"{len(bf.terrain)} terrain pieces",
        f"{len(bf.buildings)} Buildings",
        f"{len(on_table)} units on the table ({per_side}; {models} models)",
        f"{len(scenario.with_status(Status.EMBARKED))} embarked",
        f"{len(scenario.with_status(Status.RESERVES))} in Reserves",
        f"{len(scenario.with_status(Status.UNDEPLOYED))} not deployed",
    ]
    text = f"wrote {out}: " + ", ".join(parts)
    return text + (f"; overlays: {'; '.join(notes)}" if notes else "")


def map_command(
    out: Annotated[str, typer.Option("--out", "-o", metavar="FILE", help="Where to write the SVG map (required).")],
    scenario: Annotated[
        str | None,
        typer.Argument(metavar="SCENARIO", help="A scenario file, or 'demo' (the default) for the bundled one."),
    ] = None,
    overlay: Annotated[
        list[str] | None,
        typer.Option(
            "--overlay",
            metavar="KIND:ARG",
            help="infiltrate:UNIT, scout:UNIT, deployment:PLAYER or next (the unit to place next; repeatable); "
            "UNIT is an id or PLAYER:ID.",
        ),
    ] = None,
) -> None:
    """Draw the table, terrain, Buildings, deployment zones and placed units of a scenario as an SVG map."""
    source = scenario_file(scenario)
    target = output_file(out, "--out", "map", [source])
    loaded = load_scenario(source)
    refuse_inputs([target])  # nor any file the scenario named
    overlays: list[Overlay] = []
    notes: list[str] = []
    run = None
    if loaded.start is not None or loaded.actions:
        run = run_scenario(loaded)
        loaded = scenario_after(run)
        notes.append(f"after {len(loaded.actions)} actions: {run.status()}")
    for request in overlay or []:
        if request == "next":
            found = next_overlay(run) if run is not None else None
            if found is None:
                notes.append("next: no unit to place")
                continue
            request = found
        result = overlay_for(loaded, request)
        overlays.extend(result.overlays)
        notes.append(result.summary)
    svg = render_svg(loaded.battlefield, loaded.placed_units(), overlays, title=loaded.name)
    write_outputs([(target, svg)])
    typer.echo(summary(loaded, out, notes))


def register(app: typer.Typer) -> None:
    """Add the ``map`` command to the application."""
    app.command("map")(map_command)
