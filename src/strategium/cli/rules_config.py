"""`strategium rules config`: every rules-configuration setting with its value, default, source and confidence.

``--file OVERRIDES.yaml`` (or ``.toml``) applies a file of overrides first; a bad file raises
:class:`~strategium.errors.InputError` before anything is printed (the entry point turns it into one line on
stderr and exit code 2). ``--json`` prints ``{"file": ..., "settings": [{name, value, default, overridden,
source, confidence, description}, ...]}``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from strategium.config import Confidence, ConfigEntry, RulesConfig, load_config
from strategium.config.metadata import format_value

_STYLE = {
    Confidence.CONFIRMED: "green",
    Confidence.LIKELY: "cyan",
    Confidence.UNCONFIRMED: "yellow",
    Confidence.CONTESTED: "magenta",
}


def register(app: typer.Typer) -> None:
    """Add this command to the `rules` group."""
    app.command("config")(config_command)


def config_command(
    file: Annotated[
        Path | None,
        typer.Option("--file", "-f", help="YAML or TOML file of overrides (only the settings it changes)."),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print machine-readable JSON instead of a table.")] = False,
) -> None:
    """Show every rules-configuration setting: value, default, overridden or not, source and confidence."""
    config = load_config(file) if file is not None else RulesConfig()
    rows = config.describe()
    if as_json:
        payload = {"file": str(file) if file is not None else None, "settings": [row.as_dict() for row in rows]}
        typer.echo(json.dumps(payload, indent=2, ensure_ascii=False))
        return
    Console().print(_table(rows, file))


def _table(rows: list[ConfigEntry], file: Path | None) -> Table:
    overridden = sum(row.overridden for row in rows)
    title = f"Rules configuration ({len(rows)} settings"
    title += f", {overridden} overridden by {file})" if file is not None else ", all defaults)"
    table = Table(title=title, show_lines=False)
    table.add_column("Setting", no_wrap=True)
    table.add_column("Value")
    table.add_column("Default")
    table.add_column("Overridden")
    table.add_column("Confidence")
    table.add_column("Source")
    for row in rows:
        table.add_row(
            row.name,
            format_value(row.value),
            format_value(row.default),
            "yes" if row.overridden else "",
            f"[{_STYLE[row.confidence]}]{row.confidence.value}[/]",
            row.source,
        )
    return table
