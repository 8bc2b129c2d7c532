"""`strategium rules list`: the special-rule registry as a table (or JSON).

``--status implemented|partial|not-yet|unknown`` keeps only rules with that implementation status. "unknown" is
the mark a roster or army gets for a rule name the registry does not hold, so no registered rule has it: the
list is then empty and says why. ``--json`` prints ``{"count": N, "status": <filter or null>, "rules":
[RuleDef.as_dict() + "not_played", ...]}`` sorted by name, statuses spelt as in every JSON output (``"not-yet"``).
``not_played`` is what of the rule is not played yet, or why a not-yet rule is blocked ("blocked: ..."), from
:data:`strategium.catalogue.status_gaps.GAPS` (null when nothing is written); the table shows it under the
paraphrase.
"""

from __future__ import annotations

import json
from enum import StrEnum
from typing import Annotated

import typer
from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text

from strategium.catalogue.registry import ImplementationStatus, RuleDef, XKind, all_rule_defs
from strategium.catalogue.status_gaps import BLOCKED, gap_of
from strategium.cli.options import one_of
from strategium.report.army_view import RULE_MARKS

UNKNOWN_NOTE = (
    "No registered rule is 'unknown': that mark is for rule names in a roster or army file that the registry "
    "does not know (see 'strategium roster FILE')."
)


class StatusFilter(StrEnum):
    """What ``--status`` accepts: the registry's statuses and "unknown" (never a registered rule's)."""

    IMPLEMENTED = "implemented"
    PARTIAL = "partial"
    NOT_YET = "not-yet"
    UNKNOWN = "unknown"


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


def select_rules(status: ImplementationStatus | StatusFilter | None) -> tuple[RuleDef, ...]:
    """The registered rules, sorted by name, keeping only those with ``status`` when it is given (none for
    ``StatusFilter.UNKNOWN``)."""
    if status is None:
        return all_rule_defs()
    return tuple(rule for rule in all_rule_defs() if rule.status.value == status.value)


def list_command(
    status: Annotated[
        StatusFilter | None,
        typer.Option(
            "--status",
            metavar="STATUS",
            parser=one_of("--status", "status", tuple(StatusFilter), lambda status: status.value),
            help="Only rules with this implementation status: implemented, partial, not-yet or unknown.",
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print machine-readable JSON instead of a table.")] = False,
) -> None:
    """List the registered special rules: name, (X), book, page, implementation status and a paraphrase."""
    rules = select_rules(status)
    if as_json:
        payload = {
            "count": len(rules),
            "status": status.value if status is not None else None,
            "rules": [rule_data(rule) for rule in rules],
        }
        typer.echo(json.dumps(payload, indent=2, ensure_ascii=False))
        return
    Console().print(_output(rules, status))


def rule_data(rule: RuleDef) -> dict[str, object]:
    """One rule of ``--json``: :meth:`RuleDef.as_dict` and ``not_played`` (what is not played yet, or null)."""
    return {**rule.as_dict(), "not_played": gap_of(rule.name)}


def _paraphrase(rule: RuleDef) -> Text:
    """The paraphrase, then "Not played yet: ..." (or the reason it is blocked) when the registry's gaps say."""
    text = Text(rule.paraphrase)
    gap = gap_of(rule.name)
    if gap is not None and gap.startswith(BLOCKED):
        text.append("\nBlocked: " + gap.removeprefix(BLOCKED), style="yellow")
    elif gap is not None:
        text.append("\nNot played yet: " + gap, style="yellow")
    return text


def _output(rules: tuple[RuleDef, ...], status: StatusFilter | None) -> RenderableType:
    if status is StatusFilter.UNKNOWN:
        return Text(UNKNOWN_NOTE)
    return _table(rules, status)


def _status_text(status: ImplementationStatus) -> Text:
    mark, style, words = RULE_MARKS[status.value]
    return Text(f"{mark} {words}", style=style)


def _table(rules: tuple[RuleDef, ...], status: StatusFilter | None) -> RenderableType:
    title = f"Special rules ({len(rules)}"
    title += f", status {status.value})" if status is not None else ")"
    table = Table(title=title, show_lines=False, expand=True)
    table.add_column("Rule", ratio=2, min_width=12, overflow="fold")
    table.add_column("(X)", no_wrap=True)
    table.add_column("Source", ratio=2, min_width=12, overflow="fold")
    table.add_column("Status", min_width=9, overflow="fold")
    table.add_column("Paraphrase", ratio=5, min_width=24, overflow="fold")
    for rule in rules:
        table.add_row(
            rule.display_name,
            _X_LABEL[rule.x_kind],
            rule.citation,
            _status_text(rule.status),
            _paraphrase(rule),
        )
    counts = {s: sum(r.status is s for r in all_rule_defs()) for s in ImplementationStatus}
    summary = Text(
        "registry: " + ", ".join(f"{counts[s]} {RULE_MARKS[s.value][2]}" for s in ImplementationStatus), style="dim"
    )
    return Group(table, summary)
