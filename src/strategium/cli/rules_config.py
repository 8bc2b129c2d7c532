"""`strategium rules config`: every rules-configuration setting with its value, default, source and confidence.

The table has one compact row per setting, grouped: name, value (marked ``*`` with the default beside it when
overridden) and confidence; a setting the engine does not play yet is marked "not played yet" under its name
(``-v``: with the reason). ``--verbose``/``-v`` adds each setting's meaning, allowed values and source.
``--file OVERRIDES.yaml`` (or ``.toml``) applies a file of overrides first; a bad file raises
:class:`~strategium.errors.InputError` before anything is printed (the entry point turns it into one line on
stderr and exit code 2); a file that sets a setting not played yet gets one warning line on stderr each.
``--json`` prints ``{"file": ..., "settings": [{name, value, default, overridden, source, confidence,
description, allowed, played, not_played}, ...]}`` (``not_played``: the reason, empty when played).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text

from strategium.cli.paths import input_file
from strategium.config import Confidence, ConfigEntry, RulesConfig, load_config
from strategium.config.metadata import NOT_PLAYED, format_value

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
        str | None,
        typer.Option(
            "--file", "-f", metavar="FILE", help="YAML or TOML file of overrides (only the settings it changes)."
        ),
    ] = None,
    verbose: Annotated[
        bool, typer.Option("--verbose", "-v", help="Also show each setting's meaning, default and source.")
    ] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print machine-readable JSON instead of a table.")] = False,
) -> None:
    """Show every rules-configuration setting: its value (marked when overridden) and confidence."""
    path = input_file(file, "rules configuration file", "--file") if file is not None else None
    config = load_config(path) if path is not None else RulesConfig()
    rows = config.describe()
    if as_json:
        payload = {"file": str(path) if path is not None else None, "settings": [row.as_dict() for row in rows]}
        typer.echo(json.dumps(payload, indent=2, ensure_ascii=False))
        return
    Console().print(render_config(rows, path, verbose=verbose))


OVERRIDDEN_MARK = "*"


def render_config(rows: list[ConfigEntry], file: Path | None, *, verbose: bool = False) -> RenderableType:
    """One table per group of settings. Each row: the setting's name within its group, its value (``*`` and
    the default beside it when overridden) and its confidence; ``verbose`` adds a line with its meaning and
    source under each row. Columns wrap (never cut) at any console width."""
    overridden = sum(row.overridden for row in rows)
    title = f"Rules configuration ({len(rows)} settings"
    title += f", {overridden} overridden by {file}" if file is not None else ", all defaults"
    unplayed = sum(not row.played for row in rows)
    title += f", {unplayed} {NOT_PLAYED})" if unplayed else ")"
    parts: list[RenderableType] = [Text(title, style="bold")]
    groups: dict[str, list[ConfigEntry]] = {}
    for row in rows:
        groups.setdefault(row.name.split(".", 1)[0], []).append(row)
    for group, members in groups.items():
        table = Table(title=f"{group}.", title_justify="left", expand=True, show_lines=verbose)
        table.add_column("Setting", ratio=3, min_width=12, overflow="fold")
        table.add_column("Value", ratio=2, min_width=8, overflow="fold")
        table.add_column("Confidence", min_width=11, overflow="fold")
        for row in members:
            table.add_row(_setting_cell(row, verbose), _value_cell(row), _confidence_cell(row))
        parts.append(table)
    legend = f"{OVERRIDDEN_MARK} overridden (default in brackets). ({NOT_PLAYED}): the engine does not play that"
    legend += " setting's rule yet; changing it has no effect."
    if not verbose:
        legend += " --verbose adds what each setting means and its source; --json gives everything."
    parts.append(Text(legend, style="dim"))
    return Group(*parts)


def _setting_cell(row: ConfigEntry, verbose: bool) -> Text:
    text = Text(row.name.split(".", 1)[1], style="bold" if row.overridden else "")
    if not row.played:
        text.append(f"\n({NOT_PLAYED}" + (f": {row.not_played})" if verbose else ")"), style="red")
    if verbose:
        text.append(f"\n{row.description}", style="")
        text.append(f"\nallowed: {row.allowed}\nsource: {row.source}", style="dim")
    return text


def _value_cell(row: ConfigEntry) -> Text:
    if not row.overridden:
        return Text(format_value(row.value))
    text = Text(f"{format_value(row.value)} {OVERRIDDEN_MARK}", style="bold")
    text.append(f" (default {format_value(row.default)})", style="dim")
    return text


def _confidence_cell(row: ConfigEntry) -> Text:
    return Text(row.confidence.value, style=_STYLE[row.confidence])
