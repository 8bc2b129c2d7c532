"""The ``strategium battle`` command: a whole battle with AI players, its log, report and record; or many battles.

With no argument it plays the bundled demo scenario (both demo armies, a table with terrain and a Building, a
deployment map) with heuristic players and prints the log (``docs/battle.md``). ``--army A --army B`` takes other
armies (rosters, army files or demo army names) onto the scenario's table; ``--runs N`` plays N seeded battles in
parallel and prints a summary table instead of a log. Bad input (a file, an option) is one line on stderr and
exit code 2 (a usage error or an ``InputError``, via the entry point), before the battle starts: the files it
names are checked first, and so are ``--json`` and ``--report`` (:mod:`strategium.cli.paths`), which are then
written whole or not at all.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn

from strategium.battle.montecarlo import BattleStats, default_workers, run_battles, summarise
from strategium.battle.run import BattleResult, play_battle
from strategium.battle.setup import DEMO, PLAYER_KINDS, BattleSetup, build_scenario
from strategium.cli.options import MAX_SEED, MAX_TURNS, one_of, whole_number
from strategium.cli.paths import Output, input_file, output_file, output_folder, refuse_inputs, write_outputs
from strategium.cli.usage import usage_error
from strategium.limits import limits
from strategium.report.html import REPORT_FILE, render_report
from strategium.report.log import render_log, summary_lines
from strategium.report.summary import summary_view
from strategium.scenario import demo_scenario_path

DEFAULT_SEED = 3
"""The seed of ``strategium battle`` without ``--seed``: one in which every seed rule of the demo fires."""


def make_setup(
    armies: list[str] | None,
    scenario: str | None,
    turns: int | None,
    player: str,
    player1: str | None = None,
    player2: str | None = None,
) -> BattleSetup:
    """The battle the options describe. Raises a usage error for a wrong number of armies (the other values are
    checked as the options are read, :mod:`strategium.cli.options`)."""
    if armies and len(armies) != 2:
        raise usage_error("--army", f"give two armies (--army A --army B), not {len(armies)}")
    return BattleSetup(
        scenario if scenario is not None else DEMO,
        (armies[0], armies[1]) if armies else None,
        turns,
        (player1 or player, player2 or player),
    )


def battle_inputs(armies: list[str] | None, scenario: str | None) -> list[Path]:
    """The files the options name, checked (:func:`strategium.cli.paths.input_file`): each ``--army`` that names
    something on disk (any other value is a demo army's name, checked when the battle is set up), and the
    scenario file (the bundled demo's when None)."""
    files = [
        input_file(name, "roster or army file", "--army")
        for name in armies or ()
        if name == "" or "\0" in name or os.path.lexists(name)
    ]
    if scenario is None or scenario == DEMO:
        files.append(demo_scenario_path())
    else:
        files.append(input_file(scenario, "scenario file", "--scenario"))
    return files


def battle_outputs(report: str | None, record: str | None, inputs: list[Path]) -> tuple[Output | None, Output | None]:
    """The report and the game record to write, checked before the battle starts
    (:func:`strategium.cli.paths.output_folder`, :func:`~strategium.cli.paths.output_file`)."""
    page = output_folder(report, REPORT_FILE, "--report", "report", inputs) if report is not None else None
    data = output_file(record, "--json", "game record", inputs) if record is not None else None
    refuse_inputs([out for out in (page, data) if out is not None])
    return page, data


def show_battle(result: BattleResult, quiet: bool, report: Output | None, record: Output | None) -> None:
    """Write a battle's report and record when asked (both whole, or neither: :func:`write_outputs`), then print
    its log (or, ``quiet``, its summary)."""
    writes: list[tuple[Output, str]] = []
    if report is not None:
        writes.append((report, render_report(result)))
    if record is not None:
        writes.append((record, result.record().to_json() + "\n"))
    write_outputs(writes)
    for note in result.fallbacks:
        typer.echo(f"note: {note}", err=True)
    if quiet:
        typer.echo("\n".join(summary_lines(result)))
    else:
        typer.echo(render_log(result), nl=False)
    if report is not None:
        typer.echo(f"report: {report.shown}", err=True)
    if record is not None:
        typer.echo(f"game record: {record.shown}", err=True)


def _many(setup: BattleSetup, runs: int, seed: int, workers: int, quiet: bool) -> None:
    scenario = build_scenario(setup)  # bad input is reported before any process starts
    err = Console(stderr=True)
    columns = (
        TextColumn("battles"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
    )
    with Progress(*columns, console=err, transient=True, disable=quiet) as bar:
        task = bar.add_task("battles", total=runs)

        def advance(_: BattleStats) -> None:
            bar.advance(task)

        stats = run_battles(setup, runs, seed, workers, progress=advance)
    summary = summarise(stats)
    note = (
        f"{scenario.name}: {runs} battles, seeds {seed}-{seed + runs - 1}, "
        f"players {setup.players[0]} and {setup.players[1]}, {workers} worker(s)"
    )
    Console(width=120).print(summary_view(summary, scenario.armies, note))


_SEED = whole_number("--seed", minimum=0, maximum=MAX_SEED)
_TURNS = whole_number("--turns", minimum=1, maximum=MAX_TURNS, limit="game_turns", what="Game Turns")
_RUNS = whole_number("--runs", minimum=1, limit="battle_runs", what="battles")
_WORKERS = whole_number("--workers", minimum=1, limit="battle_workers", what="worker processes")


def _kind(option: str) -> Callable[[str], str]:
    return one_of(option, "player", PLAYER_KINDS)


def battle(
    army: Annotated[
        list[str] | None,
        typer.Option(
            "--army",
            metavar="ARMY",
            help="An army: a roster (.ros/.rosz), an army file (.yaml) or a demo army name. Give it twice "
            "(player 1, then player 2).",
        ),
    ] = None,
    scenario: Annotated[
        str | None,
        typer.Option("--scenario", metavar="FILE", help="A scenario file (table, terrain, deployment map)."),
    ] = None,
    seed: Annotated[
        int, typer.Option("--seed", metavar="N", parser=_SEED, help="The dice seed (Monte Carlo: the first seed).")
    ] = DEFAULT_SEED,
    turns: Annotated[
        int | None,
        typer.Option(
            "--turns",
            metavar="N",
            parser=_TURNS,
            help="Game Turns to play, 1 to 10 (default: the rules configuration's).",
        ),
    ] = None,
    player: Annotated[
        str,
        typer.Option(
            "--player", metavar="AI", parser=_kind("--player"), help="The AI of both players: heuristic or random."
        ),
    ] = "heuristic",
    player1: Annotated[
        str | None,
        typer.Option("--player1", metavar="AI", parser=_kind("--player1"), help="Player 1's AI (overrides --player)."),
    ] = None,
    player2: Annotated[
        str | None,
        typer.Option("--player2", metavar="AI", parser=_kind("--player2"), help="Player 2's AI (overrides --player)."),
    ] = None,
    report: Annotated[
        str | None, typer.Option("--report", metavar="DIR", help="Write an HTML report (maps, casualties, log).")
    ] = None,
    json_file: Annotated[
        str | None, typer.Option("--json", metavar="FILE", help="Write the game record (for strategium replay).")
    ] = None,
    quiet: Annotated[bool, typer.Option("--quiet", help="Print only the summary, not the whole log.")] = False,
    runs: Annotated[
        int, typer.Option("--runs", metavar="N", parser=_RUNS, help="Play this many battles (seeds SEED, SEED+1, ...).")
    ] = 1,
    workers: Annotated[
        int | None,
        typer.Option(
            "--workers",
            metavar="N",
            parser=_WORKERS,
            help="Processes for --runs (default: the CPU count; 1: in-process).",
        ),
    ] = None,
) -> None:
    """Play a whole battle with AI players and print its log (no arguments: the bundled demo)."""
    setup = make_setup(army, scenario, turns, player, player1, player2)
    if runs > 1 and (report is not None or json_file is not None):
        raise usage_error("--runs", "--report and --json describe one battle: leave out --runs")
    if seed + runs - 1 > MAX_SEED:
        raise usage_error("--runs", f"the last seed, {seed + runs - 1}, is past the largest seed, {MAX_SEED}")
    inputs = battle_inputs(army, scenario)
    page, data = battle_outputs(report, json_file, inputs)
    if runs > 1:
        _many(setup, runs, seed, workers or min(default_workers(), limits().battle_workers), quiet)
        return
    built = build_scenario(setup)
    refuse_inputs([out for out in (page, data) if out is not None], inputs)  # and the files the scenario named
    result = play_battle(setup, seed, regions=report is not None, scenario=built)
    show_battle(result, quiet, page, data)


def register(app: typer.Typer) -> None:
    """Add the ``battle`` command to the application."""
    app.command("battle")(battle)
