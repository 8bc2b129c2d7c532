"""`strategium rules list`: the special-rule registry as a table (or JSON).

``--status implemented|partial|not-yet`` keeps only rules with that implementation status; ``--json`` prints
``{"count": N, "status": <filter or null>, "rules": [RuleDef.as_dict(), ...]}`` sorted by name.
"""

from __future__ import annotations

import json
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from strategium.rules.registry import ImplementationStatus, RuleDef, XKind, all_rule_defs

_STYLE = {
    ImplementationStatus.IMPLEMENTED: "green",
    ImplementationStatus.PARTIAL: "yellow",
    ImplementationStatus.NOT_YET: "dim",
}

_X_LABEL = {
    XKind.NONE: "",
    XKind.NUMBER: "number",
    XKind.TARGET: "X+",
    XKind.TEXT: "text",
    XKind.INCHES: "inches",
}


def register(app: typer.Typer) -> None:
    """Add this command to the `rules` group."""
    app.command("list")(list_command)


def select_rules(status: ImplementationStatus | None) -> tuple[RuleDef, ...]:
    """The registered rules, sorted by name, keeping only those with ``status`` when it is given."""
    return tuple(rule for rule in all_rule_defs() if status is None or rule.status is status)


def list_command(
    status: Annotated[
        ImplementationStatus | None,
        typer.Option("--status", case_sensitive=False, help="Only rules with this implementation status."),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print machine-readable JSON instead of a table.")] = False,
) -> None:
    """List the registered special rules: name, (X), book, page, implementation status and a paraphrase."""
    rules = select_rules(status)
    if as_json:
        payload = {
            "count": len(rules),
            "status": status.value if status is not None else None,
            "rules": [rule.as_dict() for rule in rules],
        }
        typer.echo(json.dumps(payload, indent=2, ensure_ascii=False))
        return
    Console().print(_table(rules, status))


def _table(rules: tuple[RuleDef, ...], status: ImplementationStatus | None) -> Table:
    title = f"Special rules ({len(rules)}"
    title += f", status {status.value})" if status is not None else ")"
    table = Table(title=title, show_lines=False, expand=True)
    table.add_column("Rule", ratio=2, min_width=12)
    table.add_column("(X)", no_wrap=True)
    table.add_column("Source", ratio=2, min_width=12)
    table.add_column("Status", no_wrap=True)
    table.add_column("Paraphrase", ratio=5, min_width=24)
    for rule in rules:
        table.add_row(
            rule.display_name,
            _X_LABEL[rule.x_kind],
            rule.citation,
            f"[{_STYLE[rule.status]}]{rule.status.value}[/]",
            rule.paraphrase,
        )
    return table
