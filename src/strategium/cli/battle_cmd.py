"""The ``strategium battle`` command (interim: the battle engine does not exist yet).

Until it does, ``strategium battle`` loads the two bundled demo armies, shows them, and says plainly that no
battle is played. No fake battle output is produced.
"""

from __future__ import annotations

import typer
from rich.console import Console

from strategium.army.library import demo_army_names, load_demo_army
from strategium.report.army_view import render_army

NOT_IMPLEMENTED_NOTE = "The battle engine is not implemented yet: no battle was played; these are the two demo armies."


def battle() -> None:
    """Play the bundled demo battle (for now: show the two demo armies; the battle engine is not written yet)."""
    console = Console()
    for name in demo_army_names():
        console.print(render_army(load_demo_army(name)))
        console.print()
    console.print(NOT_IMPLEMENTED_NOTE, style="bold yellow", markup=False, highlight=False)


def register(app: typer.Typer) -> None:
    """Add the ``battle`` command to the application."""
    app.command("battle")(battle)
