"""The ``strategium army`` command group: ``army show`` (one army file or bundled demo) and ``army list``.

``army show`` prints the same tables as ``strategium roster`` and the Force Organisation verdict; with
``--json`` it writes the same ``strategium.roster/1`` document (``docs/roster-json.md``). ``army list --json``
writes ``{"armies": [{"name", "title", "faction", "points"}, ...]}``.
"""

from __future__ import annotations

import json
import os
from typing import Annotated

import typer
from rich.console import Console

from strategium.army.army import Army
from strategium.army.force_org import validate_army
from strategium.army.library import demo_army_names, load_army, load_demo_army
from strategium.cli.paths import input_file
from strategium.cli.roster_json import roster_data
from strategium.errors import InputError
from strategium.report.army_view import render_army

army_app = typer.Typer(help="Project-authored army files and the bundled demo armies.", no_args_is_help=True)


def resolve_army(file_or_demo: str) -> Army:
    """Load ``file_or_demo``: an existing army file, else a bundled demo army's name.

    Raises:
        InputError: a directory or a file that cannot be read (:func:`strategium.cli.paths.input_file`),
            neither a file nor a demo name, a roster (use ``strategium roster``), or the file is not a valid army
            file.
    """
    if file_or_demo == "" or "\0" in file_or_demo or os.path.lexists(file_or_demo):
        return load_army(input_file(file_or_demo, "army file", "FILE_OR_DEMO_NAME"))
    if file_or_demo in demo_army_names():
        return load_demo_army(file_or_demo)
    known = ", ".join(demo_army_names())
    raise InputError(f"no such file, and no demo army of that name (bundled: {known})", file=file_or_demo)


def show(
    file_or_demo: Annotated[
        str, typer.Argument(metavar="FILE_OR_DEMO_NAME", help="An army file (YAML), or a demo army name.")
    ],
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the army as JSON (schema strategium.roster/1).")
    ] = False,
) -> None:
    """Print an army: units, models, weapons, special rules (with status) and the Force Organisation verdict."""
    army = resolve_army(file_or_demo)
    verdict = validate_army(army)
    if as_json:
        typer.echo(json.dumps(roster_data(army, verdict), indent=2, ensure_ascii=False))
        return
    Console().print(render_army(army, verdict))


def list_demos(
    as_json: Annotated[bool, typer.Option("--json", help="Print the list as JSON.")] = False,
) -> None:
    """List the bundled demo armies (names usable with 'strategium army show')."""
    armies = [(name, load_demo_army(name)) for name in demo_army_names()]
    if as_json:
        payload = {
            "armies": [
                {"name": name, "title": army.name, "faction": army.faction, "points": army.points}
                for name, army in armies
            ]
        }
        typer.echo(json.dumps(payload, indent=2, ensure_ascii=False))
        return
    for name, army in armies:
        typer.echo(f"{name}\t{army.name} ({army.faction}, {army.points} points)")


army_app.command("show")(show)
army_app.command("list")(list_demos)


def register(app: typer.Typer) -> None:
    """Add ``army show`` and ``army list`` to the application."""
    app.add_typer(army_app, name="army")
