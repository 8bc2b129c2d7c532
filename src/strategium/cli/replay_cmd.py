"""The ``strategium replay RECORD`` command: play a battle record (``strategium battle --json``) again.

The record's setup rebuilds the game (scenario, armies, game length) and its history is applied action by action;
the log printed is the battle's own, byte for byte. What the replay verifies is in :mod:`strategium.battle.replay`;
a file that is not a battle record, is broken or tampered with, or does not fit its setup any more, is one line on
stderr naming the file, the line and the place, and exit code 2 (``docs/input-limits.md``). ``--report DIR`` is
checked before the replay starts (:mod:`strategium.cli.paths`): it may not overwrite the record or a file its setup
names.
"""

from __future__ import annotations

import os
from typing import Annotated

import typer

import strategium.rules  # noqa: F401  (the rule plug-ins: a game needs them)
from strategium.battle.replay import record_setup, replay_battle
from strategium.battle.setup import scenario_path
from strategium.cli.battle_cmd import show_battle
from strategium.cli.paths import input_file, output_folder, refuse_inputs
from strategium.engine.core.record import read_record
from strategium.report.html import REPORT_FILE


def replay(
    record: Annotated[str, typer.Argument(metavar="RECORD", help="A game record written by strategium battle --json.")],
    report: Annotated[
        str | None, typer.Option("--report", metavar="DIR", help="Write the HTML report of the battle.")
    ] = None,
    quiet: Annotated[bool, typer.Option("--quiet", help="Print only the summary, not the whole log.")] = False,
) -> None:
    """Play a recorded battle again and print its log."""
    path = input_file(record, "game record", "RECORD")
    page = output_folder(report, REPORT_FILE, "--report", "report", [path]) if report is not None else None
    game_record = read_record(path)
    if page is not None:  # the files the record's setup names are inputs too
        setup = record_setup(game_record)
        named = [str(scenario_path(setup)), *(setup.armies or ())]
        refuse_inputs([page], [name for name in named if os.path.isfile(name)])
    result = replay_battle(game_record, regions=report is not None, file=record)
    show_battle(result, quiet, page, None)


def register(app: typer.Typer) -> None:
    """Add the ``replay`` command to the application."""
    app.command("replay")(replay)
