"""The ``strategium battle`` command: a whole battle with AI players, its log, report and record; or many battles.

With no argument it plays the bundled demo scenario (both demo armies, a table with terrain and a Building, a
deployment map) with heuristic players and prints the log (``docs/battle.md``). ``--army A --army B`` takes other
armies (rosters, army files or demo army names) onto the scenario's table; ``--runs N`` plays N seeded battles in
parallel and prints a summary table instead of a log. Bad input (a file, an option) is one line on stderr and
exit code 2 (``InputError``, via the entry point).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn

from strategium.battle.montecarlo import BattleStats, default_workers, run_battles, summarise
from strategium.battle.run import BattleResult, play_battle
from strategium.battle.setup import DEMO, PLAYER_KINDS, BattleSetup, build_scenario
from strategium.errors import InputError
from strategium.report.html import write_report
from strategium.report.log import render_log, summary_lines
from strategium.report.summary import summary_view

DEFAULT_SEED = 3
"""The seed of ``strategium battle`` without ``--seed``: one in which every seed rule of the demo fires."""


def _player(value: str | None, option: str) -> str | None:
    if value is not None and value not in PLAYER_KINDS:
        raise InputError(f"unknown player {value!r} (choose {' or '.join(PLAYER_KINDS)})", field=option)
    return value


def make_setup(
    armies: list[str] | None,
    scenario: Path | None,
    turns: int | None,
    player: str,
    player1: str | None = None,
    player2: str | None = None,
) -> BattleSetup:
    """The battle the options describe. Raises :class:`InputError` for a wrong number of armies, a bad player or
    a bad number of turns."""
    if armies and len(armies) != 2:
        raise InputError(f"give two armies (--army A --army B), not {len(armies)}", field="--army")
    if turns is not None and not 1 <= turns <= 10:
        raise InputError("the number of Game Turns must be 1 to 10", field="--turns")
    both = _player(player, "--player") or "heuristic"
    kinds = (_player(player1, "--player1") or both, _player(player2, "--player2") or both)
    return BattleSetup(
        str(scenario) if scenario is not None else DEMO,
        (armies[0], armies[1]) if armies else None,
        turns,
        kinds,
    )


def _write_json(result: BattleResult, file: Path) -> None:
    try:
        file.write_text(result.record().to_json() + "\n", encoding="utf-8")
    except OSError as err:
        raise InputError(f"cannot write the game record: {err.strerror}", file=str(file)) from None


def show_battle(result: BattleResult, quiet: bool, report: Path | None, record: Path | None) -> None:
    """Print a battle's log (or, ``quiet``, its summary), and write its report and record when asked."""
    for note in result.fallbacks:
        typer.echo(f"note: {note}", err=True)
    if quiet:
        typer.echo("\n".join(summary_lines(result)))
    else:
        typer.echo(render_log(result), nl=False)
    if report is not None:
        path = write_report(result, report)
        typer.echo(f"report: {path}", err=True)
    if record is not None:
        _write_json(result, record)
        typer.echo(f"game record: {record}", err=True)


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
        Path | None,
        typer.Option("--scenario", metavar="FILE", help="A scenario file (table, terrain, deployment map)."),
    ] = None,
    seed: Annotated[int, typer.Option("--seed", help="The dice seed (Monte Carlo: the first seed).")] = DEFAULT_SEED,
    turns: Annotated[
        int | None, typer.Option("--turns", help="Game Turns to play (default: the rules configuration's).")
    ] = None,
    player: Annotated[str, typer.Option("--player", help="The AI of both players: heuristic or random.")] = "heuristic",
    player1: Annotated[str | None, typer.Option("--player1", help="Player 1's AI (overrides --player).")] = None,
    player2: Annotated[str | None, typer.Option("--player2", help="Player 2's AI (overrides --player).")] = None,
    report: Annotated[
        Path | None, typer.Option("--report", metavar="DIR", help="Write an HTML report (maps, casualties, log).")
    ] = None,
    json_file: Annotated[
        Path | None, typer.Option("--json", metavar="FILE", help="Write the game record (for strategium replay).")
    ] = None,
    quiet: Annotated[bool, typer.Option("--quiet", help="Print only the summary, not the whole log.")] = False,
    runs: Annotated[int, typer.Option("--runs", help="Play this many battles (seeds SEED, SEED+1, ...).")] = 1,
    workers: Annotated[
        int | None, typer.Option("--workers", help="Processes for --runs (default: the CPU count; 1: in-process).")
    ] = None,
) -> None:
    """Play a whole battle with AI players and print its log (no arguments: the bundled demo)."""
    setup = make_setup(army, scenario, turns, player, player1, player2)
    if runs < 1:
        raise InputError("must be at least 1", field="--runs")
    if workers is not None and workers < 1:
        raise InputError("must be at least 1", field="--workers")
    if runs > 1:
        if report is not None or json_file is not None:
            raise InputError("--report and --json describe one battle: leave out --runs", field="--runs")
        _many(setup, runs, seed, workers or default_workers(), quiet)
        return
    result = play_battle(setup, seed, regions=report is not None)
    show_battle(result, quiet, report, json_file)


def register(app: typer.Typer) -> None:
    """Add the ``battle`` command to the application."""
    app.command("battle")(battle)
