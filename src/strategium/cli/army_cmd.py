"""The ``strategium army`` command group: ``army show`` (one army file or bundled demo) and ``army list``."""

from __future__ import annotations

import json
from pathlib import Path

import typer
from rich.console import Console

from strategium.army.army import Army
from strategium.army.library import demo_army_names, load_army, load_demo_army
from strategium.errors import InputError
from strategium.report.army_view import army_to_data, render_army

army_app = typer.Typer(help="Project-authored army files and the bundled demo armies.", no_args_is_help=True)


def resolve_army(file_or_demo: str) -> Army:
    """Load ``file_or_demo``: an existing army file, else a bundled demo army's name.

    Raises:
        InputError: neither a file nor a demo name, or the file is not a valid army file.
    """
    path = Path(file_or_demo)
    if path.is_file():
        return load_army(path)
    if file_or_demo in demo_army_names():
        return load_demo_army(file_or_demo)
    known = ", ".join(demo_army_names())
    raise InputError(f"no such file, and no demo army of that name (bundled: {known})", file=file_or_demo)


@army_app.command("show")
def show(
    file_or_demo: str = typer.Argument(..., metavar="FILE_OR_DEMO_NAME", help="An army file, or a demo army name."),
    as_json: bool = typer.Option(False, "--json", help="Print the army as JSON instead of tables."),
) -> None:
    """Print an army: its detachments, units, special rules (with status), models and weapons."""
    army = resolve_army(file_or_demo)
    if as_json:
        typer.echo(json.dumps(army_to_data(army), indent=2, ensure_ascii=False))
        return
    Console().print(render_army(army))


@army_app.command("list")
def list_demos() -> None:
    """List the bundled demo armies (names usable with ``army show``)."""
    for name in demo_army_names():
        army = load_demo_army(name)
        typer.echo(f"{name}\t{army.name} ({army.faction}, {army.points} points)")


def register(app: typer.Typer) -> None:
    """Add ``army show`` and ``army list`` to the application."""
    app.add_typer(army_app, name="army")
