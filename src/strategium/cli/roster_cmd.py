"""The ``strategium roster FILE [--json]`` command: import a BattleScribe / New Recruit roster and show it.

Human output: the army's tables (``strategium.report.army_view.render_army``) followed by the Force
Organisation verdict. ``--json``: the ``strategium.roster/1`` document (``docs/roster-json.md``). A file that
is not a readable HH2 roster gives one line on stderr and exit code 2 (``InputError``, via the entry point).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console, Group, RenderableType
from rich.text import Text

from strategium.army.battlescribe import import_roster
from strategium.army.force_org import ForceOrgVerdict, validate_army
from strategium.cli.roster_json import roster_data
from strategium.report.army_view import render_army


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


def roster(
    file: Annotated[Path, typer.Argument(metavar="FILE", help="A .ros or .rosz roster (BattleScribe / New Recruit).")],
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the roster as JSON (schema strategium.roster/1).")
    ] = False,
) -> None:
    """Import a roster: units, models, weapons, special rules (implemented or not) and the Force Organisation
    verdict."""
    army = import_roster(file)
    verdict = validate_army(army)
    if as_json:
        typer.echo(json.dumps(roster_data(army, verdict), indent=2, ensure_ascii=False))
        return
    console = Console()
    console.print(render_army(army))
    console.print(render_verdict(verdict))


def register(app: typer.Typer) -> None:
    """Add the ``roster`` command to the application."""
    app.command("roster")(roster)
