"""The ``strategium roster FILE [--json]`` command: import a BattleScribe / New Recruit roster and show it.

Human output: the army's tables, the Force Organisation verdict and the import's notes
(``strategium.report.army_view.render_army``). ``--json``: the ``strategium.roster/1`` document
(``docs/roster-json.md``). A file that is not a readable HH2 roster gives one line on stderr and exit code 2
(``InputError``, via the entry point).
"""

from __future__ import annotations

import json
from typing import Annotated

import typer
from rich.console import Console

from strategium.army.battlescribe import import_roster
from strategium.army.force_org import validate_army
from strategium.cli.paths import input_file
from strategium.cli.roster_json import roster_data
from strategium.report.army_view import render_army


def roster(
    file: Annotated[str, typer.Argument(metavar="FILE", help="A .ros or .rosz roster (BattleScribe / New Recruit).")],
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the roster as JSON (schema strategium.roster/1).")
    ] = False,
) -> None:
    """Import a BattleScribe / New Recruit roster and show its units and Force Organisation verdict."""
    army = import_roster(input_file(file, "roster file", "FILE"))
    verdict = validate_army(army)
    if as_json:
        typer.echo(json.dumps(roster_data(army, verdict), indent=2, ensure_ascii=False))
        return
    Console().print(render_army(army, verdict, notes_heading="Notes from the import"))


def register(app: typer.Typer) -> None:
    """Add the ``roster`` command to the application."""
    app.command("roster")(roster)
