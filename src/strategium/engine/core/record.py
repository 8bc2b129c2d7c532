"""Game records: everything needed to play a game again exactly (DESIGN principle 3).

A record holds the seed, the strategium version, the rules-configuration overrides and the history: every
action in the order it was applied, with any dice that were forced between actions (tests and rulings force
dice; a battle played by AI players forces none). Replaying the history on the same armies and battlefield
gives the same state and the same log, event for event. A battle's record also holds its ``result`` (the
outcome, the number of events and a SHA-256 of the log), which ``strategium replay`` checks
(:mod:`strategium.battle.replay`).

A record is untrusted input (``docs/input-limits.md``): :func:`read_record` and :meth:`GameRecord.from_json`
refuse anything that is not exactly what :meth:`GameRecord.to_json` writes, each refusal one ``InputError`` naming
the file, the line and the place (``history[12].unit_id``).
"""

from __future__ import annotations

import dataclasses
import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from strategium import __version__
from strategium.army.army import Army
from strategium.config import RulesConfig, parse_overrides
from strategium.dice import Forced
from strategium.engine.core.record_entries import (
    Entry,
    ForcedDice,
    RecordError,
    entry_from_json,
    entry_to_json,
    list_value,
    shown,
    text_value,
)
from strategium.errors import InputError
from strategium.geometry.terrain import Battlefield
from strategium.json_input import line_of, parse_json, read_json_file
from strategium.yaml_lines import YamlPath, field_text

__all__ = ["FORMAT", "Entry", "ForcedDice", "GameRecord", "entry_from_json", "entry_to_json", "read_record"]

FORMAT: Final = "strategium.record/1"

MAX_SEED: Final = 2**64 - 1
"""Largest seed a record may give (the dice generator takes a 64-bit seed)."""

_KEYS: Final = ("format", "version", "seed", "setup", "overrides", "history", "result")
_RESULT_KEYS: Final = ("outcome", "events", "log_sha256")
_SHA256: Final = re.compile("[0-9a-f]{64}")


@dataclass(frozen=True)
class GameRecord:
    """Seed, version, configuration overrides and history of one game; ``setup`` says where the armies and
    battlefield came from (e.g. ``{"scenario": "demo"}``); ``result`` (a battle's record) what the battle came to:
    ``{"outcome": text, "events": count, "log_sha256": hex}``. ``file`` and ``text``: where a record read from a
    file came from (for error messages; not part of the value)."""

    seed: int
    history: tuple[Entry, ...]
    overrides: dict[str, Any] = dataclasses.field(default_factory=dict)
    setup: dict[str, Any] = dataclasses.field(default_factory=dict)
    version: str = __version__
    result: dict[str, Any] | None = None
    file: str = dataclasses.field(default="<record>", compare=False, repr=False)
    text: str = dataclasses.field(default="", compare=False, repr=False)

    def to_json(self) -> str:
        """The record as JSON text (stable key order; ``result`` last, when there is one)."""
        data: dict[str, Any] = {
            "format": FORMAT,
            "version": self.version,
            "seed": self.seed,
            "setup": self.setup,
            "overrides": self.overrides,
            "history": [entry_to_json(e) for e in self.history],
        }
        if self.result is not None:
            data["result"] = self.result
        return json.dumps(data, indent=1, sort_keys=False)

    @classmethod
    def from_json(cls, text: str, file: str = "<record>") -> GameRecord:
        """Read a record written by :meth:`to_json`. Raises ``InputError`` naming the file, line and place."""
        return record_from_data(parse_json(text, file, "record_values"), text, file)

    def error(self, message: str, path: YamlPath = ()) -> InputError:
        """An ``InputError`` about the place ``path`` of this record (its file, line and place)."""
        line = line_of(self.text, path) if self.text else None
        return InputError(message, file=self.file, line=line, field=field_text(path) or None)

    def config(self) -> RulesConfig:
        """The rules configuration the game was played with."""
        return parse_overrides(self.overrides or None)


def read_record(path: Path) -> GameRecord:
    """Read the game record file ``path`` (untrusted input, see the module docstring). Raises ``InputError``."""
    data, text = read_json_file(path, "record_file_bytes", "record_values", "game record")
    return record_from_data(data, text, str(path))


def record_from_data(data: Any, text: str, file: str) -> GameRecord:
    """The record parsed JSON ``data`` describes (``text``: the JSON it was parsed from, for line numbers).
    Raises ``InputError`` naming the file, line and place of the first value refused."""
    try:
        return _record(data, text, file)
    except RecordError as err:
        line = line_of(text, err.path)
        raise InputError(err.message, file=file, line=line, field=field_text(err.path) or None) from None


def _record(data: Any, text: str, file: str) -> GameRecord:
    if not isinstance(data, dict) or not isinstance(data.get("format"), str):
        raise RecordError((), f"not a strategium game record (expected format {FORMAT})")
    form = text_value(data["format"], ("format",))
    if form != FORMAT:
        if form.startswith("strategium.record/"):
            raise RecordError(("format",), f"{shown(form)} is not a record format this strategium reads ({FORMAT})")
        raise RecordError(("format",), f"not a strategium game record (expected format {FORMAT})")
    for key in data:
        if key not in _KEYS:
            raise RecordError((key,), f"a game record has no key {shown(key)} (its keys: {', '.join(_KEYS)})")
    for key in ("seed", "history"):
        if key not in data:
            raise RecordError((), f"a game record needs its {key!r}")
    seed = data["seed"]
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise RecordError(("seed",), f"must be a whole number from 0 to 2**64 - 1, not {shown(seed)}")
    version = text_value(data.get("version", ""), ("version",))
    setup = data.get("setup", {})
    if not isinstance(setup, dict):
        raise RecordError(("setup",), f"must be a mapping, not {shown(setup)}")
    overrides = _overrides(data.get("overrides", {}))
    entries = list_value(data["history"], ("history",), "record_entries")
    history = tuple(entry_from_json(e, ("history", i)) for i, e in enumerate(entries))
    result = _result(data["result"]) if "result" in data else None
    return GameRecord(seed, history, overrides, setup, version, result, file, text)


def _overrides(value: Any) -> dict[str, Any]:
    """The ``overrides`` mapping: group → setting → a JSON scalar or a list of them."""
    path: YamlPath = ("overrides",)
    if not isinstance(value, dict):
        raise RecordError(path, f"must be a mapping of setting groups, not {shown(value)}")
    for group, settings in value.items():
        text_value(group, path)
        if not isinstance(settings, dict):
            raise RecordError((*path, group), f"must be a mapping of settings, not {shown(settings)}")
        for name, setting in settings.items():
            text_value(name, (*path, group))
            items = list_value(setting, (*path, group, name)) if isinstance(setting, list) else [setting]
            for item in items:
                if isinstance(item, list | dict):
                    raise RecordError((*path, group, name), "must be a value or a list of values")
                if isinstance(item, str):
                    text_value(item, (*path, group, name))
    return value


def _result(value: Any) -> dict[str, Any]:
    """The ``result`` mapping a battle's record ends with."""
    path: YamlPath = ("result",)
    if not isinstance(value, dict) or sorted(value) != sorted(_RESULT_KEYS):
        raise RecordError(path, f"must be a mapping of {', '.join(_RESULT_KEYS)}, not {shown(value)}")
    text_value(value["outcome"], (*path, "outcome"))
    events = value["events"]
    if isinstance(events, bool) or not isinstance(events, int) or events < 0:
        raise RecordError((*path, "events"), f"must be a whole number of events, not {shown(events)}")
    if not isinstance(value["log_sha256"], str) or not _SHA256.fullmatch(value["log_sha256"]):
        raise RecordError((*path, "log_sha256"), f"must be 64 hexadecimal digits, not {shown(value['log_sha256'])}")
    return value


def overrides_of(config: RulesConfig) -> dict[str, Any]:
    """The settings that differ from the defaults, as nested mappings (``{"reserves": {"target": 4}}``)."""
    out: dict[str, Any] = {}
    for entry in config.describe():
        if entry.overridden:
            group, _, name = entry.name.partition(".")
            value = list(entry.value) if isinstance(entry.value, tuple) else entry.value
            out.setdefault(group, {})[name] = value
    return out


def replay(record: GameRecord, armies: tuple[Army, Army], battlefield: Battlefield) -> Any:
    """Play the record's history again on these armies and battlefield; returns the ``Game``.

    Raises ``IllegalActionError`` if an action is illegal (the record does not fit these armies).
    """
    from strategium.engine.core.game import Game

    history = list(record.history)
    opening: list[Forced] = []  # dice forced before the game began are forced before its first roll
    while history and isinstance(first := history[0], ForcedDice):
        opening.extend(first.faces)
        history.pop(0)
    game = Game.new(armies, battlefield, record.config(), record.seed, tuple(opening))
    for entry in history:
        if isinstance(entry, ForcedDice):
            game.force_dice(*entry.faces)
        else:
            game.apply(entry)
    return game
