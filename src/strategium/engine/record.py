"""Game records: everything needed to play a game again exactly (DESIGN principle 3).

A record holds the seed, the strategium version, the rules-configuration overrides and the history: every
action in the order it was applied, with any dice that were forced between actions (tests and rulings force
dice; a battle played by AI players forces none). Replaying the history on the same armies and battlefield
gives the same state and the same log, event for event.
"""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass
from typing import Any

from strategium import __version__
from strategium.army.army import Army
from strategium.config import RulesConfig, parse_overrides
from strategium.dice import Forced, ScatterFace
from strategium.engine.actions import Action
from strategium.engine.board import Pose, ReserveMode
from strategium.errors import InputError
from strategium.geometry.terrain import Battlefield

FORMAT = "strategium.record/1"


@dataclass(frozen=True)
class ForcedDice:
    """Die faces forced before the next action (the next dice rolled take them, in order)."""

    faces: tuple[Forced, ...]

    def text(self) -> str:
        """E.g. ``force dice 6, 1`` (a Scatter face: ``Hit`` or ``arrow 90°``)."""
        return f"force dice {', '.join(map(str, self.faces))}"


Entry = Action | ForcedDice
"""One step of a game's history."""


def _action_types() -> dict[str, type[Action]]:
    """Every action class loaded (subclasses of ``Action`` in any module), by class name."""
    found: dict[str, type[Action]] = {}
    todo = list(Action.__subclasses__())
    while todo:
        cls = todo.pop()
        found[cls.__name__] = cls
        todo.extend(cls.__subclasses__())
    return found


def _face_to_json(face: Forced) -> object:
    """A forced face as JSON: the D6 face, or ``{"scatter": "hit"}`` / ``{"scatter": degrees}``."""
    if isinstance(face, ScatterFace):
        return {"scatter": "hit" if face.direction is None else face.direction}
    return face


def _face_from_json(value: Any) -> Forced:
    """The forced face :func:`_face_to_json` wrote."""
    if isinstance(value, dict):
        scatter = value.get("scatter")
        if scatter == "hit":
            return ScatterFace.hit()
        if not isinstance(scatter, int | float):
            raise InputError(f"a forced Scatter die must be 'hit' or degrees, not {scatter!r}", field="history")
        return ScatterFace.arrow(float(scatter))
    return int(value)


def entry_to_json(entry: Entry) -> dict[str, Any]:
    """A JSON-ready dict: ``{"type": "Deploy", "player": 1, "unit_id": ..., "positions": [[id, x, y, h]]}``."""
    if isinstance(entry, ForcedDice):
        return {"type": "ForceDice", "faces": [_face_to_json(f) for f in entry.faces]}
    out: dict[str, Any] = {"type": type(entry).__name__}
    for f in dataclasses.fields(entry):
        value = getattr(entry, f.name)
        if f.name == "positions":
            value = [[model_id, pose.x, pose.y, pose.heading] for model_id, pose in value]
        elif isinstance(value, ReserveMode):
            value = value.value
        out[f.name] = value
    return out


def entry_from_json(data: Any, where: str = "history") -> Entry:
    """Read one history entry written by :func:`entry_to_json`. Raises ``InputError`` naming ``where``."""
    if not isinstance(data, dict) or "type" not in data:
        raise InputError("each history entry must be a mapping with a 'type'", field=where)
    kind = data["type"]
    if kind == "ForceDice":
        return ForcedDice(tuple(_face_from_json(f) for f in data.get("faces", ())))
    cls = _action_types().get(kind)
    if cls is None:
        raise InputError(f"unknown action type {kind!r}", field=where)
    values = {k: v for k, v in data.items() if k != "type"}
    if "positions" in values:
        values["positions"] = tuple((str(p[0]), Pose(*map(float, p[1:]))) for p in values["positions"])
    if "mode" in values:
        values["mode"] = ReserveMode(values["mode"])
    try:
        return cls(**values)
    except (TypeError, ValueError) as err:
        raise InputError(f"bad {kind} entry: {err}", field=where) from None


@dataclass(frozen=True)
class GameRecord:
    """Seed, version, configuration overrides and history of one game; ``setup`` says where the armies and
    battlefield came from (e.g. ``{"scenario": "demo"}``)."""

    seed: int
    history: tuple[Entry, ...]
    overrides: dict[str, Any] = dataclasses.field(default_factory=dict)
    setup: dict[str, Any] = dataclasses.field(default_factory=dict)
    version: str = __version__

    def to_json(self) -> str:
        """The record as JSON text (stable key order)."""
        data = {
            "format": FORMAT,
            "version": self.version,
            "seed": self.seed,
            "setup": self.setup,
            "overrides": self.overrides,
            "history": [entry_to_json(e) for e in self.history],
        }
        return json.dumps(data, indent=1, sort_keys=False)

    @classmethod
    def from_json(cls, text: str, file: str = "<record>") -> GameRecord:
        """Read a record written by :meth:`to_json`. Raises ``InputError`` naming the file."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as err:
            raise InputError(f"not valid JSON: {err.msg}", file=file, line=err.lineno) from None
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise InputError(f"not a strategium game record (expected format {FORMAT})", file=file)
        try:
            history = tuple(entry_from_json(e, f"history[{i}]") for i, e in enumerate(data.get("history", ())))
        except InputError as err:
            raise InputError(err.message, file=file, field=err.field) from None
        return cls(int(data["seed"]), history, dict(data.get("overrides", {})), dict(data.get("setup", {})),
                   str(data.get("version", "")))  # fmt: skip

    def config(self) -> RulesConfig:
        """The rules configuration the game was played with."""
        return parse_overrides(self.overrides or None)


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
    from strategium.engine.game import Game

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
