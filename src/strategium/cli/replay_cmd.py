"""The ``strategium replay RECORD`` command: play a battle record (``strategium battle --json``) again.

The record's setup rebuilds the game (scenario, armies, game length) and its history is applied action by action;
the log printed is the battle's own, byte for byte. What the replay verifies is in :mod:`strategium.battle.replay`;
a file that is not a battle record, is broken or tampered with, or does not fit its setup any more, is one line on
stderr naming the file, the line and the place, and exit code 2 (``docs/input-limits.md``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from strategium.battle.replay import replay_battle
from strategium.cli.battle_cmd import show_battle
from strategium.engine.record import read_record


def replay(
    record: Annotated[
        Path, typer.Argument(metavar="RECORD", help="A game record written by strategium battle --json.")
    ],
    report: Annotated[
        Path | None, typer.Option("--report", metavar="DIR", help="Write the HTML report of the battle.")
    ] = None,
    quiet: Annotated[bool, typer.Option("--quiet", help="Print only the summary, not the whole log.")] = False,
) -> None:
    """Play a recorded battle again and print its log."""
    game_record = read_record(record)
    result = replay_battle(game_record, regions=report is not None)
    show_battle(result, quiet, report, None)


def register(app: typer.Typer) -> None:
    """Add the ``replay`` command to the application."""
    app.command("replay")(replay)
