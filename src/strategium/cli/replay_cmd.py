"""The ``strategium replay RECORD`` command: play a battle record (``strategium battle --json``) again.

The record's setup rebuilds the game (scenario, armies, game length) and its history is applied action by action;
the log printed is the battle's own, byte for byte. A file that is not a battle record, or one that does not fit
its setup any more, is one line on stderr and exit code 2.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from strategium.battle.run import replay_battle
from strategium.cli.battle_cmd import show_battle
from strategium.engine.record import GameRecord
from strategium.errors import InputError


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
    try:
        text = record.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        raise InputError(f"cannot read the record: {err}", file=str(record)) from None
    game_record = GameRecord.from_json(text, file=str(record))
    result = replay_battle(game_record, regions=report is not None, file=str(record))
    show_battle(result, quiet, report, None)


def register(app: typer.Typer) -> None:
    """Add the ``replay`` command to the application."""
    app.command("replay")(replay)
