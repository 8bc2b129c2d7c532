"""Reading rules-configuration overrides from a YAML or TOML file.

A file holds only the settings it changes, grouped as in :class:`~strategium.config.RulesConfig`::

    reserves:
      target: 4
    charge:
      movement_bonus:
        - {min_movement: 10, bonus: 1}

Lists become tuples; everything else is checked strictly (no text for numbers, no numbers for true/false).
Any problem raises :class:`~strategium.errors.InputError` naming the file, the line (YAML: the key's line;
TOML: found by scanning the text) and the dotted setting, e.g.
``my.yaml:3: reserves.target: must be between 2 and 6``. A setting that allows none takes YAML's ``null`` or
``~``, or the word ``none`` (the only way in TOML, which has no null).

A file (a rules-configuration file, or a scenario's ``rules_config``) that sets a setting the engine does not
play yet (``ConfigEntry.played`` false) is accepted, with one :class:`~strategium.errors.StrategiumWarning` per
such setting:
``my.yaml:2: deep_strike.one_per_player: not played yet (Deep Strike Assault is not implemented yet): setting it
has no effect``.
"""

from __future__ import annotations

import math
import re
import tomllib
import types
import warnings
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Union, get_args, get_origin

from pydantic import ValidationError
from pydantic_core import ErrorDetails

from strategium.config.metadata import NOT_PLAYED
from strategium.config.rules_config import RulesConfig
from strategium.errors import InputError, StrategiumWarning
from strategium.limits import check_limit
from strategium.validation_messages import model_at, plain_message
from strategium.yaml_compose import BAD_TEXT
from strategium.yaml_lines import field_text, is_directory, line_of, load_yaml, read_yaml_file

Path_ = tuple[str | int, ...]
LineMap = Mapping[Path_, int]

_YAML_SUFFIXES = (".yaml", ".yml")


def load_config(path: str | Path) -> RulesConfig:
    """Read a YAML (``.yaml``/``.yml``) or TOML (``.toml``) file of overrides and return the full configuration.

    An empty file gives the defaults. Raises :class:`~strategium.errors.InputError` for an unreadable file,
    an unsupported suffix, a syntax error, an unknown group or setting, or a bad value.
    """
    file = str(path)
    suffix = Path(path).suffix.lower()
    if is_directory(Path(path)):
        raise InputError("is a directory, not a rules configuration file", file=file)
    if suffix not in (*_YAML_SUFFIXES, ".toml"):
        raise InputError("unsupported rules configuration file type (use .yaml, .yml or .toml)", file=file)
    text = read_yaml_file(Path(path), "rules configuration file", name=file)
    if suffix == ".toml":
        data, lines = _read_toml(text, file)
    else:
        data, lines = _read_yaml(text, file)
    return parse_overrides(data, file=file, lines=lines)


def parse_overrides(data: Any, *, file: str | None = None, lines: LineMap | None = None) -> RulesConfig:
    """Build a :class:`RulesConfig` from nested override data (``None`` or a mapping of groups).

    ``lines`` maps key paths (``("reserves", "target")``) to line numbers for error messages.
    Raises :class:`~strategium.errors.InputError`.
    """
    where = lines or {}
    if data is None:
        data = {}
    if not isinstance(data, dict):
        raise InputError("must be a mapping of setting groups (e.g. 'reserves:')", file=file, line=where.get(()))
    try:
        config = RulesConfig.model_validate(_freeze(data, (), file, where))
    except ValidationError as err:
        raise _input_error(err, file, where) from None
    if file is not None:
        _warn_not_played(config, data, file, where)
    return config


def _warn_not_played(config: RulesConfig, data: dict[str, Any], file: str, lines: LineMap) -> None:
    """One warning for each setting the file sets that the engine does not play yet (in the file's order).
    Overrides given in code (no ``file``: tests, game records) are not warned about."""
    for group_name, values in data.items():
        for name in values if isinstance(values, dict) else ():
            row = config.entry(f"{group_name}.{name}")
            if not row.played:
                text = f"{NOT_PLAYED} ({row.not_played}): setting it has no effect"
                where = InputError(text, file=file, line=_line(lines, (group_name, name)), field=row.name)
                warnings.warn(str(where), StrategiumWarning, stacklevel=3)


def _freeze(value: Any, path: Path_, file: str | None, lines: LineMap) -> Any:
    """Lists to tuples (recursively); mapping keys must be text; numbers finite, floats (distances, fractions) at
    most ``table_inches`` and whole numbers at most ``points`` in size (:mod:`strategium.limits`)."""
    if isinstance(value, dict):
        out: dict[str, Any] = {}
        for key, item in value.items():
            if not isinstance(key, str):
                raise InputError("setting names must be text", file=file, line=_line(lines, path), field=_dotted(path))
            out[key] = _freeze(item, (*path, key), file, lines)
        return out
    if isinstance(value, list):
        return tuple(_freeze(item, (*path, i), file, lines) for i, item in enumerate(value))
    if isinstance(value, str) and value.strip().lower() == NONE_WORD and _nullable(path):
        return None
    if isinstance(value, float) and not math.isfinite(value):
        raise InputError("must be a finite number", file=file, line=_line(lines, path), field=_dotted(path))
    if isinstance(value, int | float) and not isinstance(value, bool):
        # Distances (inches) and fractions are floats, dice targets, counts and points whole numbers.
        name, what = ("table_inches", "inches") if isinstance(value, float) else ("points", "a whole number")
        check_limit(abs(value), name, what=what, file=file, line=_line(lines, path), field=_dotted(path))
    return value


NONE_WORD = "none"
"""The word a file may write for "no value" in a setting that allows none (YAML's ``null`` and ``~`` work too)."""


def _nullable(path: Path_) -> bool:
    """True if the setting at ``path`` (group, name) accepts none."""
    if len(path) != 2 or not all(isinstance(part, str) for part in path):
        return False
    model = model_at(RulesConfig, path)
    info = model.model_fields.get(str(path[1])) if model is not None else None
    if info is None:
        return False
    annotation = info.annotation
    return get_origin(annotation) in (Union, types.UnionType) and type(None) in get_args(annotation)


# -- errors ------------------------------------------------------------------------------------------------


def _dotted(path: Path_) -> str | None:
    return field_text(path) or None


def _line(lines: LineMap, path: Path_) -> int | None:
    return line_of(lines, path)


def _input_error(err: ValidationError, file: str | None, lines: LineMap) -> InputError:
    errors = err.errors()
    # The earliest line first; on one line an unknown key before what it leaves missing ("bonuss" before "bonus").
    first = min(errors, key=lambda e: (_line(lines, tuple(e["loc"])) or 10**9, e["type"] != "extra_forbidden"))
    loc = tuple(first["loc"])
    more = f" (and {len(errors) - 1} more problem{'s' if len(errors) > 2 else ''})" if len(errors) > 1 else ""
    return InputError(_message(first) + more, file=file, line=_line(lines, loc), field=_dotted(loc))


def _key_noun(loc: Sequence[str | int]) -> str:
    return "setting group" if len(loc) == 1 else "setting"


def _message(error: ErrorDetails) -> str:
    return plain_message(error, RulesConfig, key_noun=_key_noun, mapping_of="settings")


# -- YAML ------------------------------------------------------------------------------------------------


def _read_yaml(text: str, file: str) -> tuple[Any, dict[Path_, int]]:
    return load_yaml(text, file)


# -- TOML ------------------------------------------------------------------------------------------------

_TOML_HEADER = re.compile(r"^\s*(\[\[?)\s*([^\]]+?)\s*\]\]?\s*(#.*)?$")
_TOML_KEY = re.compile(r"^\s*([A-Za-z0-9_.\"' -]+?)\s*=")


def _read_toml(text: str, file: str) -> tuple[Any, dict[Path_, int]]:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        found = re.search(r"\(at line (\d+), column \d+\)", str(err))
        message = re.sub(r"\s*\(at line \d+, column \d+\)", "", str(err)) or "not valid TOML"
        raise InputError(f"TOML syntax error: {message}", file=file, line=int(found[1]) if found else None) from None
    except RecursionError:
        raise InputError("TOML syntax error: nested too deeply", file=file) from None
    except ValueError:  # Python's own limit on the digits of a whole number (4,300), met while parsing
        raise InputError("TOML value: a number of thousands of digits, not a setting's value", file=file) from None
    lines = _toml_lines(text)
    _check_toml_values(data, file, lines)
    return data, lines


def _check_toml_values(data: dict[str, Any], file: str, lines: LineMap) -> None:
    """The limits a YAML file meets, for a TOML one: ``yaml_nodes`` values, ``yaml_depth`` levels, text of at most
    ``string_chars`` characters and without control characters (keys too)."""
    count = 0
    stack: list[tuple[Any, Path_]] = [(data, ())]
    while stack:
        value, path = stack.pop()
        count += 1
        line, field = _line(lines, path), _dotted(path)
        check_limit(count, "yaml_nodes", what="values in the file", file=file, line=line, field=field)
        depth = len(path) + 1
        check_limit(depth, "yaml_depth", what="levels of nested tables and arrays", file=file, line=line, field=field)
        for text in [value] if isinstance(value, str) else list(value) if isinstance(value, dict) else []:
            what = "characters in one text value"
            check_limit(len(text), "string_chars", what=what, file=file, line=line, field=field)
            bad = BAD_TEXT.search(text)
            if bad is not None:
                message = f"a text value holds the control character U+{ord(bad[0]):04X}"
                raise InputError(message, file=file, line=line, field=field)
        if isinstance(value, dict):
            stack.extend((item, (*path, key)) for key, item in value.items())
        elif isinstance(value, list):
            stack.extend((item, (*path, n)) for n, item in enumerate(value))


# -- TOML line map ------------------------------------------------------------------------------------------


def _toml_key(text: str) -> Path_:
    return tuple(part.strip().strip("\"'") for part in text.split("."))


def _toml_lines(text: str) -> dict[Path_, int]:
    """Best-effort map of key paths to line numbers (tables, arrays of tables, dotted keys)."""
    lines: dict[Path_, int] = {}
    table: Path_ = ()
    counts: dict[Path_, int] = {}
    for number, raw in enumerate(text.splitlines(), start=1):
        header = _TOML_HEADER.match(raw)
        if header:
            path = _toml_key(header[2])
            lines.setdefault(path, number)
            if header[1] == "[[":
                index = counts.get(path, 0)
                counts[path] = index + 1
                path = (*path, index)
                lines.setdefault(path, number)
            table = path
            continue
        key = _TOML_KEY.match(raw)
        if key:
            lines.setdefault((*table, *_toml_key(key[1])), number)
    return lines
