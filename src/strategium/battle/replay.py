"""Replaying a battle record (``strategium replay``), and what the replay verifies.

:func:`replay_battle` rebuilds the game from the record's ``setup`` and plays its history decision by decision
through :func:`strategium.battle.run.drive`, as the battle was played. It verifies, in this order, and refuses the
record with one ``InputError`` naming the file, the line and the place at the first check that fails:

1. the setup can be rebuilt: ``setup.scenario`` is ``demo`` or a scenario file that exists, each of
   ``setup.armies`` a file that exists or a demo army's name;
2. ``overrides`` are the rules-configuration settings the rebuilt game has (the first that differs is named);
3. each decision is legal when its turn comes: an action the engine refuses is
   ``decision N: illegal: <the engine's reasons>`` (``N`` is its index in ``history``), and any other refusal by
   the engine (a forced die of the wrong kind, say) is ``decision N: <the engine's message>``;
4. the history ends where the battle ends: not before (``the record ends before the battle does``), not after
   (``decision N: the battle was over before it``), and every forced die was rolled;
5. when the record has a ``result`` (every ``battle --json`` record since it was added), the replay reaches it:
   the same outcome, the same number of events and the same SHA-256 of the log. A record whose seed, dice,
   armies or scenario are not the battle's, but whose decisions all stay legal, fails here.

A record written by another strategium version is replayed all the same (what counts is that the checks above
pass); when it fails, the message says which version wrote it.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

from strategium import __version__
from strategium.agents.base import PlayerError
from strategium.battle.run import BattleResult, Watcher, battle_result, drive, result_of
from strategium.battle.setup import DEMO, BattleSetup, army_entry, build_scenario, new_game
from strategium.engine.core.actions import Action
from strategium.engine.core.game import Game
from strategium.engine.core.record import ForcedDice, GameRecord, overrides_of
from strategium.errors import InputError, StrategiumError
from strategium.yaml_lines import YamlPath


def _path(field: str | None) -> YamlPath:
    """``"setup.armies"`` → ``("setup", "armies")``."""
    return tuple(field.split(".")) if field else ()


def record_setup(record: GameRecord) -> BattleSetup:
    """The battle setup the record names, checked (its scenario and army files exist and load). Raises
    ``InputError`` naming the record's file, line and place."""
    try:
        setup = BattleSetup.from_json(record.setup, record.file)
    except InputError as err:
        raise record.error(err.message, _path(err.field)) from None
    if setup.scenario != DEMO and not Path(setup.scenario).is_file():
        raise record.error(f"not an existing scenario file: {setup.scenario!r}", ("setup", "scenario"))
    for index, reference in enumerate(setup.armies or ()):
        try:
            army_entry(reference)
        except InputError as err:
            raise record.error(f"{reference!r}: {err.message}", ("setup", "armies", index)) from None
    return setup


def _settings(data: dict[str, Any]) -> dict[tuple[str, str], Any]:
    return {(group, name): value for group, values in data.items() for name, value in values.items()}


def _check_overrides(record: GameRecord, game: Game) -> None:
    played = _settings(overrides_of(game.state.config))
    recorded = _settings(record.overrides)
    for key in sorted(played.keys() | recorded.keys()):
        if played.get(key) != recorded.get(key):
            now = f"{played[key]!r}" if key in played else "the default"
            was = f"{recorded[key]!r}" if key in recorded else "the default"
            raise record.error(
                f"the record was played with {was}, but its scenario's rules configuration gives {now}",
                ("overrides", *key) if key in recorded else ("overrides",),
            )


def _version_note(record: GameRecord) -> str:
    if record.version == __version__:
        return ""
    return f" (the record was written by strategium {record.version or '(unknown)'}; this is {__version__})"


class _Source:
    """Gives the record's decisions one by one, forcing the dice recorded between them; ``index``: the place in
    the history of the decision given last."""

    def __init__(self, record: GameRecord) -> None:
        self.record = record
        self.index = -1
        self.next = 0

    def __call__(self, game: Game) -> Action:
        history = self.record.history
        while self.next < len(history):
            entry = history[self.next]
            self.index = self.next
            self.next += 1
            if isinstance(entry, ForcedDice):
                game.force_dice(*entry.faces)
                continue
            return entry
        raise self.record.error(f"the record ends before the battle does ({game.state.clock})", ("history",))


def replay_battle(record: GameRecord, regions: bool = False, file: str | None = None) -> BattleResult:
    """Play a battle record again (its setup rebuilds the game), verifying it as the module docstring says.
    ``regions``: keep the Infiltrate and Scout regions (for the HTML report); ``file``: the record's file, when
    ``record`` does not know it. Raises :class:`InputError` naming the file, line and place."""
    if file is not None and record.file == "<record>":
        record = dataclasses.replace(record, file=file)
    setup = record_setup(record)
    try:
        scenario = build_scenario(setup)
        game = new_game(setup, record.seed, scenario)
    except InputError as err:  # a file the setup names is refused, or does not make a game with the other
        raise record.error(str(err), ("setup",)) from None
    _check_overrides(record, game)
    source = _Source(record)
    watcher = Watcher(regions)
    note = _version_note(record)
    try:
        drive(game, source, watcher)
    except InputError:
        raise
    except PlayerError as err:
        why = "; ".join(str(r) for r in err.verdict.reasons) or "not allowed now"
        raise record.error(f"decision {source.index}: illegal: {_cut(why)}{note}", ("history", source.index)) from None
    except StrategiumError as err:
        raise record.error(f"decision {source.index}: {_cut(str(err))}{note}", ("history", source.index)) from None
    if source.next < len(record.history):
        left = len(record.history) - source.next
        raise record.error(
            f"decision {source.next}: the battle was over before it ({game.state.clock}); "
            f"the record goes on for {left} more entr{'y' if left == 1 else 'ies'}",
            ("history", source.next),
        )
    if game.state.dice.pending_forced:
        unrolled = ", ".join(map(str, game.state.dice.pending_forced))
        raise record.error(f"dice forced but never rolled: {unrolled}", ("history",))
    result = battle_result(setup, scenario, record.seed, game, watcher)
    if record.result is not None:
        _check_result(record, result_of(result.events, result.outcome), note)
    return result


MAX_REASON = 400
"""Characters of the engine's reasons shown in one error line (a reason may list thousands of model ids)."""


def _cut(text: str, most: int = MAX_REASON) -> str:
    return text if len(text) <= most else text[: most - 3] + "..."


def _check_result(record: GameRecord, replayed: dict[str, Any], note: str) -> None:
    recorded = record.result or {}
    if replayed == recorded:
        return
    why = "(its seed, dice, armies or scenario are not the battle's)"
    if (replayed["outcome"], replayed["events"]) == (recorded["outcome"], recorded["events"]):
        raise record.error(
            f"the replayed log is not the recorded one (SHA-256 {replayed['log_sha256'][:12]}..., recorded "
            f"{recorded['log_sha256'][:12]}...), though the outcome is the same {why}{note}",
            ("result", "log_sha256"),
        )
    raise record.error(
        f"the replay does not reach the recorded result: recorded {_cut(recorded['outcome'], 100)!r} after "
        f"{recorded['events']} events, replayed {_cut(replayed['outcome'], 100)!r} after {replayed['events']} events "
        f"{why}{note}",
        ("result",),
    )
