"""The ``strategium check`` command: rulings on a described situation.

``strategium check SCENARIO [--json]`` loads a scenario file, builds the game at its ``start:``
(:mod:`strategium.check.situation`) and applies its ``actions:`` in order. For each it prints legal or illegal,
the reasons with rule and page, and what changed; an illegal action changes nothing and the next one is tried.
Before the results it lists the special rules of the units in play that the engine does not play, or plays in
part (as ``strategium battle`` does). Exit code 0 when every ``expect`` (and ``expect_state``, ``expect_rolls``,
``expect_counts``, ``strict``) is met or none is given, 1 when one fails, 2 for a bad
file (one line naming file, line and field). ``--json`` prints the schema of ``docs/check-json.md``.
"""

from __future__ import annotations

import json
from typing import Annotated

import typer

from strategium.battle.coverage import gaps_text
from strategium.check.situation import CheckRecord, CheckRun, run_scenario
from strategium.cli.paths import input_file
from strategium.scenario import load_scenario


def load_and_run(path: str) -> CheckRun:
    """Load the scenario file and play its actions (what both the command and the scenario tests use).

    Raises :class:`InputError` for a missing, unreadable or malformed file.
    """
    return run_scenario(load_scenario(input_file(path, "scenario file", "SCENARIO")))


def _record_lines(record: CheckRecord) -> list[str]:
    where = f" (line {record.line})" if record.line is not None else ""
    if record.kind == "dice":
        return [f"[{record.index}]{where} {record.action}: {record.events[0]}"]
    if record.kind == "question":
        verdict = "yes" if record.legal else "no"
    else:
        verdict = "legal" if record.legal else "ILLEGAL (nothing changed)"
    lines = [f"[{record.index}]{where} {record.action}: {verdict}"]
    lines += [f"    because: {r.text} [{r.citation}]" for r in record.reasons]
    if record.log:
        for entry in record.log:
            label = {"step": "", "roll": "roll: "}.get(entry.kind, "changed: ")
            lines.append(f"    {label}{entry.text}")
            lines += [f"        why: {r.text} [{r.citation}]" for r in entry.reasons]
    else:
        lines += [f"    changed: {text.strip()}" for text in record.events]
    if record.expected is not None or record.expected_reason is not None:
        wanted = " ".join(x for x in (record.expected, record.expected_reason and f"({record.expected_reason})") if x)
        lines.append(f"    expected {wanted}: {'met' if record.verdict_met else 'NOT MET'}")
    if record.checks:
        lines += [f"    {text}: NOT MET" for text in record.check_failures]
        if not record.check_failures:
            lines.append(f"    {', '.join(record.checks)}: met")
    return lines


def human_report(run: CheckRun) -> str:
    """The text ``strategium check`` prints."""
    lines = [f"{run.scenario.name} ({run.scenario.source})"]
    lines += [f"rules: {text}" for text in gaps_text(run.gaps)]
    lines.append(f"start: {run.start}")
    lines += [f"    {text.strip()}" for text in run.start_events]
    for record in run.records:
        lines += _record_lines(record)
    lines.append(f"now: {run.status()}")
    strict = [text for text in run.state_failures if text.startswith("strict:")]
    state = [text for text in run.state_failures if not text.startswith("strict:")]
    if run.scenario.expect_state is not None:
        lines += [f"expect_state: NOT MET: {text}" for text in state] or ["expect_state: met"]
    if run.scenario.strict:
        lines += [f"{text}: NOT MET" for text in strict] or ["strict: met"]
    final = (run.scenario.expect_state is not None) + run.scenario.strict
    expected = sum(1 for r in run.records if r.met is not None) + final
    if expected:
        unmet = sum(1 for r in run.records if r.met is False) + bool(state) + bool(strict)  # each counts once
        lines.append(f"expectations: {expected - unmet} of {expected} met" if unmet else "all met")
    return "\n".join(lines)


def check_command(
    scenario: Annotated[str, typer.Argument(metavar="SCENARIO", help="A scenario file with actions to rule on.")],
    as_json: Annotated[bool, typer.Option("--json", help="Print the rulings as JSON (docs/check-json.md).")] = False,
) -> None:
    """Apply a scenario's actions in order and rule on each: legal or illegal, why (rule and page), what changed."""
    run = load_and_run(scenario)
    if as_json:
        typer.echo(json.dumps(run.to_json(), indent=1))
    else:
        typer.echo(human_report(run))
    if not run.ok:
        raise typer.Exit(1)


def register(app: typer.Typer) -> None:
    """Add the ``check`` command to the application."""
    app.command("check")(check_command)
