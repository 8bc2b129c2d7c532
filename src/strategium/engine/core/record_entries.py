"""A game record's history entries in JSON, read strictly by the types of the action's fields.

Each entry is ``{"type": NAME, FIELD: VALUE, ...}`` (:func:`entry_to_json`); :func:`entry_from_json` checks every
value against its field's annotation before building the action, so an entry that passes is an action of the
right shape (never a list where the engine expects a tuple, never a text where it expects a number): a field of
type ``str`` is a text of at most ``string_chars`` characters without control characters or lone surrogates; a
``float`` is a finite number within ``table_inches`` either side of zero (coordinates in inches, headings and
directions in degrees); ``player`` is 1 or 2; a list holds at most ``models_per_army`` items; a placement is a
list of ``[model id, x, y, heading]``. Unknown and missing fields are refused, and so are the action's own
refusals (its ``__post_init__``).

Every refusal is a :class:`RecordError` carrying the path of the bad value inside the entry; the record reader
adds the file, the line and the entry's place (``history[12].positions[3][1]``).
"""

from __future__ import annotations

import dataclasses
import math
import re
import types
import typing
from collections.abc import Callable
from enum import Enum
from typing import Any

from strategium.dice import Forced, ScatterFace
from strategium.engine.core.actions import Action
from strategium.engine.core.board import Pose, ReserveMode
from strategium.errors import InputError
from strategium.limits import check_limit, limits
from strategium.yaml_lines import YamlPath

FORCE_DICE = "ForceDice"
"""The ``type`` of an entry of forced dice."""


@dataclasses.dataclass(frozen=True)
class ForcedDice:
    """Die faces forced before the next action (the next dice rolled take them, in order)."""

    faces: tuple[Forced, ...]

    def text(self) -> str:
        """E.g. ``force dice 6, 1`` (a Scatter face: ``Hit`` or ``arrow 90°``)."""
        return f"force dice {', '.join(map(str, self.faces))}"


Entry = Action | ForcedDice
"""One step of a game's history."""


class RecordError(Exception):
    """A value of a record that is refused: ``path`` is where it is (keys and list indexes), ``message`` why."""

    def __init__(self, path: YamlPath, message: str) -> None:
        super().__init__(message)
        self.path = path
        self.message = message


def shown(value: Any) -> str:
    """A short form of a JSON value for a message (texts cut at 40 characters, lists and mappings named)."""
    if isinstance(value, list):
        return f"a list of {len(value)}"
    if isinstance(value, dict):
        return "a mapping"
    if value is None or isinstance(value, bool):
        return {None: "null", True: "true", False: "false"}[value]
    if isinstance(value, str) and len(value) > 40:
        return repr(value[:40]) + "..."
    text = repr(value)
    return text if len(text) <= 40 else f"{text[:20]}... ({len(text)} characters)"


_UNPRINTABLE = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff]")


def text_value(value: Any, path: YamlPath) -> str:
    """``value`` if it is a text a record may hold (at most ``string_chars`` characters, printable, valid Unicode);
    raises :class:`RecordError` otherwise."""
    if not isinstance(value, str):
        raise RecordError(path, f"must be a text, not {shown(value)}")
    _limited(len(value), "string_chars", "characters in this text", path)
    if _UNPRINTABLE.search(value):
        raise RecordError(path, f"must be a text without control characters or lone surrogates, not {shown(value)}")
    return value


def number_value(value: Any, path: YamlPath) -> float:
    """``value`` as a float if it is a finite number within ``table_inches`` of zero; :class:`RecordError`
    otherwise."""
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise RecordError(path, f"must be a number, not {shown(value)}")
    _limited(abs(value), "table_inches", "size of this number (inches or degrees)", path)
    return float(value)


def list_value(value: Any, path: YamlPath, most: str = "models_per_army") -> list[Any]:
    """``value`` if it is a list of at most the limit ``most`` items; :class:`RecordError` otherwise."""
    if not isinstance(value, list):
        raise RecordError(path, f"must be a list, not {shown(value)}")
    _limited(len(value), most, "items in this list", path)
    return value


def _limited(value: float, name: str, what: str, path: YamlPath) -> None:
    if value <= getattr(limits(), name):
        return
    try:
        check_limit(value, name, what=what)
    except InputError as err:
        raise RecordError(path, err.message) from None


def _face_to_json(face: Forced) -> object:
    """A forced face as JSON: the D6 face, or ``{"scatter": "hit"}`` / ``{"scatter": degrees}``."""
    if isinstance(face, ScatterFace):
        return {"scatter": "hit" if face.direction is None else face.direction}
    return face


def _face_from_json(value: Any, path: YamlPath) -> Forced:
    """The forced face :func:`_face_to_json` wrote."""
    if isinstance(value, dict):
        if set(value) != {"scatter"}:
            raise RecordError(path, 'a forced Scatter die must be {"scatter": "hit"} or {"scatter": degrees}')
        scatter = value["scatter"]
        if scatter == "hit":
            return ScatterFace.hit()
        if isinstance(scatter, bool) or not isinstance(scatter, int | float):
            raise RecordError((*path, "scatter"), f"must be 'hit' or degrees, not {shown(scatter)}")
        return ScatterFace.arrow(number_value(scatter, (*path, "scatter")))
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 6:
        raise RecordError(path, f"a forced die must be a face from 1 to 6 or a Scatter face, not {shown(value)}")
    return value


def entry_to_json(entry: Entry) -> dict[str, Any]:
    """A JSON-ready dict: ``{"type": "Deploy", "player": 1, "unit_id": ..., "positions": [[id, x, y, h]]}``."""
    if isinstance(entry, ForcedDice):
        return {"type": FORCE_DICE, "faces": [_face_to_json(f) for f in entry.faces]}
    out: dict[str, Any] = {"type": type(entry).__name__}
    for f in dataclasses.fields(entry):
        value = getattr(entry, f.name)
        if f.name == "positions":
            value = [[model_id, pose.x, pose.y, pose.heading] for model_id, pose in value]
        elif isinstance(value, ReserveMode):
            value = value.value
        out[f.name] = value
    return out


def action_types() -> dict[str, type[Action]]:
    """Every action class loaded (subclasses of ``Action`` in any module), by class name."""
    found: dict[str, type[Action]] = {}
    todo = list(Action.__subclasses__())
    while todo:
        cls = todo.pop()
        found[cls.__name__] = cls
        todo.extend(cls.__subclasses__())
    return found


_HINTS: dict[type[Action], dict[str, Any]] = {}
_KNOWN: dict[str, type[Action]] = {}


def _hints(cls: type[Action]) -> dict[str, Any]:
    """The field annotations of an action class, resolved (kept: resolving them is slow)."""
    hints = _HINTS.get(cls)
    if hints is None:
        hints = _HINTS[cls] = typing.get_type_hints(cls)
    return hints


_PLACED = tuple[str, Pose]


Converter = Callable[[Any, YamlPath], Any]
"""Reads one JSON value of a field's type at a place in the record (raises :class:`RecordError`)."""

_CONVERTERS: dict[Any, Converter] = {}


def _value(value: Any, hint: Any, path: YamlPath) -> Any:
    """``value`` converted to the annotation ``hint`` (see the module docstring); :class:`RecordError` if it is
    not of that shape."""
    convert = _CONVERTERS.get(hint)
    if convert is None:
        convert = _CONVERTERS[hint] = _converter(hint)
    return convert(value, path)


def _boolean(value: Any, path: YamlPath) -> bool:
    if not isinstance(value, bool):
        raise RecordError(path, f"must be true or false, not {shown(value)}")
    return value


def _whole(value: Any, path: YamlPath) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RecordError(path, f"must be a whole number, not {shown(value)}")
    _limited(abs(value), "table_inches", "size of this number", path)
    return value


_NUMBERS = (float, int)


def _placed(value: Any, path: YamlPath) -> tuple[str, Pose]:
    bound = limits().table_inches
    if type(value) is list and len(value) == 4:  # the fast way for the bulk of a record; errors below
        model, x, y, heading = value
        if (
            type(model) is str
            and len(model) <= limits().string_chars
            and not _UNPRINTABLE.search(model)
            and type(x) in _NUMBERS
            and type(y) in _NUMBERS
            and type(heading) in _NUMBERS
            and -bound <= x <= bound  # False for NaN
            and -bound <= y <= bound
            and -bound <= heading <= bound
        ):
            return (model, Pose(float(x), float(y), float(heading)))
    item = list_value(value, path)
    if len(item) != 4:
        raise RecordError(path, f"a placement must be [model id, x, y, heading], not {shown(value)}")
    x, y, heading = (number_value(item[i], (*path, i)) for i in (1, 2, 3))
    return (text_value(item[0], (*path, 0)), Pose(x, y, heading))


def _converter(hint: Any) -> Converter:
    """The reader of a field annotated ``hint``."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        kinds = [a for a in args if a is not type(None)]
        inner = _converter(kinds[0])
        return lambda value, path: None if value is None else inner(value, path)
    simple: dict[Any, Converter] = {bool: _boolean, int: _whole, float: number_value, str: text_value}
    if hint in simple:
        return simple[hint]
    if isinstance(hint, type) and issubclass(hint, Enum):
        return _enum(hint)
    if hint == _PLACED:
        return _placed
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        each = _converter(args[0])
        return lambda value, path: tuple(each(item, (*path, i)) for i, item in enumerate(list_value(value, path)))
    if origin is tuple:
        parts = [_converter(a) for a in args]

        def fixed(value: Any, path: YamlPath) -> tuple[Any, ...]:
            item = list_value(value, path)
            if len(item) != len(parts):
                raise RecordError(path, f"must be a list of {len(parts)}, not {shown(value)}")
            return tuple(part(v, (*path, i)) for i, (v, part) in enumerate(zip(item, parts, strict=True)))

        return fixed

    def unknown(value: Any, path: YamlPath) -> Any:  # a new action's field of a type records do not hold yet
        raise RecordError(path, f"a field of type {hint} cannot be read from a record")

    return unknown


def _enum(hint: type[Enum]) -> Converter:
    choices = [m.value for m in hint]

    def convert(value: Any, path: YamlPath) -> Enum:
        if value not in choices:
            raise RecordError(path, f"must be one of {', '.join(map(repr, choices))}, not {shown(value)}")
        return hint(value)

    return convert


def entry_from_json(data: Any, path: YamlPath = ("history",)) -> Entry:
    """Read one history entry written by :func:`entry_to_json`; ``path``: its place in the record. Raises
    :class:`RecordError` naming the place of the bad value."""
    if not isinstance(data, dict) or "type" not in data:
        raise RecordError(path, "each history entry must be a mapping with a 'type'")
    kind = text_value(data["type"], (*path, "type"))
    if kind == FORCE_DICE:
        if set(data) != {"type", "faces"}:
            raise RecordError(path, "a ForceDice entry has exactly 'type' and 'faces'")
        faces = list_value(data["faces"], (*path, "faces"), "record_entries")
        return ForcedDice(tuple(_face_from_json(f, (*path, "faces", i)) for i, f in enumerate(faces)))
    cls = _KNOWN.get(kind)
    if cls is None:  # not seen yet: look again (a plug-in may have loaded more actions since)
        _KNOWN.update(action_types())
        cls = _KNOWN.get(kind)
    if cls is None:
        raise RecordError(path, f"unknown action type {shown(kind)}")
    fields = {f.name: f for f in dataclasses.fields(cls)}
    for key in data:
        if key != "type" and key not in fields:
            raise RecordError((*path, key), f"a {kind} has no field {shown(key)} (its fields: {', '.join(fields)})")
    values: dict[str, Any] = {}
    for name, f in fields.items():
        if name not in data:
            if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
                raise RecordError(path, f"a {kind} entry needs its {name!r}")
            continue
        values[name] = _value(data[name], _hints(cls)[name], (*path, name))
    if values["player"] not in (1, 2):
        raise RecordError((*path, "player"), f"must be 1 or 2 (the player), not {shown(data['player'])}")
    try:
        return cls(**values)
    except (TypeError, ValueError) as err:
        raise RecordError(path, f"bad {kind} entry: {str(err)[:200]}") from None
