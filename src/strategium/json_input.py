"""Untrusted JSON files (game records): read, decode and parse strictly, every refusal one ``InputError`` line.

:func:`read_json_file` reads at most the size limit (a special file such as ``/dev/zero`` is refused before it is
opened), decodes strict UTF-8 (a leading byte-order mark is allowed) and parses with Python's ``json`` module,
refusing what that module would otherwise accept or turn into a traceback:

- a key given twice in one mapping (``json`` keeps the last one silently);
- ``NaN``, ``Infinity`` and ``-Infinity`` (not JSON, though ``json`` reads them), and numbers of more than
  :data:`MAX_NUMBER_CHARS` characters (Python refuses integers of more than 4,300 digits with a ``ValueError``);
- nesting deeper than the parser's recursion allows (a ``RecursionError``);
- more values than a limit (counted from the commas and brackets before parsing, so that a file of empty lists
  cannot cost twenty times its size in memory).

Each error names the file, the line and the place as a path of keys and list indexes (``history[12].unit_id``,
:func:`strategium.yaml_lines.field_text`). Finding the line walks the text token by token (:func:`walk`), which is
only done once something is wrong.
"""

from __future__ import annotations

import dataclasses
import json
import math
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from strategium.errors import InputError
from strategium.limits import check_limit, limits
from strategium.yaml_lines import YamlPath, field_text

MAX_NUMBER_CHARS: Final = 40
"""Longest number literal accepted (the longest a record writes is a 20-digit seed or a 17-digit float)."""

DEEP: Final = 100
"""Nesting at which a file that broke the parser's recursion is reported (the place named is this deep)."""

_TOKEN: Final = re.compile(r'[ \t\n\r]*("[^"\\]*(?:\\.[^"\\]*)*"|[\[\]{}:,]|[^ \t\n\r\[\]{}:,"]+|")')
_SPACE: Final = re.compile(r"[ \t\n\r]*")
_STRING: Final = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"')
_CONSTANTS: Final = frozenset({"NaN", "Infinity", "-Infinity"})
_SKIPPER: Final = json.JSONDecoder()

KEY, VALUE, OPEN = "key", "value", "open"


@dataclass(frozen=True)
class Token:
    """One place in a JSON text met by :func:`walk`: ``kind`` is ``key`` (a mapping's key; ``path`` ends with
    it), ``value`` (a number, text, true, false or null), or ``open`` (a list or mapping starts); ``pos`` is the
    offset in the text, ``text`` the token as written, ``depth`` the number of lists and mappings it is in, and
    ``repeated`` whether a key was already given in the same mapping."""

    kind: str
    path: YamlPath
    pos: int
    text: str
    depth: int
    repeated: bool = False


Wanted = Callable[[str, str, int, bool], bool]
"""A test of a token by its kind, text, depth and ``repeated`` (see :class:`Token`)."""


def _key(token: str) -> str:
    if "\\" not in token:
        return token[1:-1]
    try:
        key = json.loads(token)
    except ValueError:
        return token.strip('"')
    return key if isinstance(key, str) else token


def _scan(text: str) -> Iterator[tuple[str, int, str, list[list[Any]], bool]]:
    """(kind, offset, token, the open containers, repeated) for every key and value, in order; tolerant: a broken
    text is scanned as far as it goes. A container is ``[is a mapping, current key or index, a key is expected,
    keys seen]``; the path of a token is the containers' keys and indexes at the moment it is given."""
    frames: list[list[Any]] = []
    for match in _TOKEN.finditer(text):
        token = match.group(1)
        head = token[0]
        if frames:
            top = frames[-1]
            if top[2]:  # a mapping expects a key
                if head == '"':
                    key = _key(token)
                    top[1], top[2] = key, False
                    seen: set[str] = top[3]
                    yield KEY, match.start(1), token, frames, key in seen
                    seen.add(key)
                elif head == "}":
                    frames.pop()
                continue
        if head == "{" or head == "[":
            yield OPEN, match.start(1), token, frames, False
            mapping = head == "{"
            frames.append([mapping, None if mapping else 0, mapping, set()])
        elif head == "}" or head == "]":
            if frames:
                frames.pop()
        elif head == ",":
            if frames:
                top = frames[-1]
                if top[0]:
                    top[2] = True
                else:
                    top[1] += 1
        elif head != ":":
            yield VALUE, match.start(1), token, frames, False


def _path(frames: list[list[Any]]) -> YamlPath:
    return tuple(frame[1] for frame in frames)


def walk(text: str) -> Iterator[Token]:
    """Every key and value of a JSON text, in order, with its path (tolerant: a broken text is walked as far as
    it goes)."""
    for kind, pos, token, frames, repeated in _scan(text):
        yield Token(kind, _path(frames), pos, token, len(frames), repeated)


def _first(text: str, wanted: Wanted) -> Token | None:
    """The first token ``wanted`` accepts."""
    for kind, pos, token, frames, repeated in _scan(text):
        if wanted(kind, token, len(frames), repeated):
            return Token(kind, _path(frames), pos, token, len(frames), repeated)
    return None


def line_at(text: str, pos: int) -> int:
    """The 1-based line of offset ``pos``."""
    return text.count("\n", 0, pos) + 1


def line_of(text: str, path: YamlPath) -> int | None:
    """The line where the value at ``path`` starts in the valid JSON ``text`` (or its nearest enclosing value that
    is in the text). The values on the way that are not on the path are skipped by the ``json`` module's own
    scanner, so that finding a place at the end of a large file costs about what parsing it did."""
    try:
        return line_at(text, _position(text, path))
    except (ValueError, IndexError, AttributeError, RecursionError):  # not valid JSON after all
        return None


def _position(text: str, path: YamlPath) -> int:
    pos = _space(text, 0)
    for part in path:
        opener = text[pos]
        if opener == "{" and isinstance(part, str):
            found = _member(text, pos, part)
        elif opener == "[" and isinstance(part, int):
            found = _item(text, pos, part)
        else:
            return pos
        if found is None:
            return pos
        pos = found
    return pos


def _space(text: str, pos: int) -> int:
    end: int = _SPACE.match(text, pos).end()  # type: ignore[union-attr]  # matches the empty string
    return end


def _member(text: str, pos: int, wanted: str) -> int | None:
    """The offset of the value of key ``wanted`` of the mapping at ``pos``, or None."""
    pos = _space(text, pos + 1)
    while text[pos] == '"':
        match = _STRING.match(text, pos)
        if match is None:
            return None
        pos = _space(text, match.end())
        if text[pos] != ":":
            return None
        pos = _space(text, pos + 1)
        if _key(match.group()) == wanted:
            return pos
        pos = _space(text, _SKIPPER.raw_decode(text, pos)[1])
        if text[pos] == ",":
            pos = _space(text, pos + 1)
    return None


def _item(text: str, pos: int, wanted: int) -> int | None:
    """The offset of item ``wanted`` of the list at ``pos``, or None."""
    pos = _space(text, pos + 1)
    index = 0
    while text[pos] != "]":
        if index == wanted:
            return pos
        pos = _space(text, _SKIPPER.raw_decode(text, pos)[1])
        if text[pos] != ",":
            return None
        pos = _space(text, pos + 1)
        index += 1
    return None


class _Refused(Exception):
    """Raised inside the parser's hooks; :func:`parse_json` finds the place and reports it."""

    def __init__(self, why: str, wanted: Wanted) -> None:
        super().__init__(why)
        self.why = why
        self.wanted = wanted


def _mapping(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out = dict(pairs)
    if len(out) != len(pairs):
        raise _Refused("", lambda kind, token, depth, repeated: repeated)
    return out


def _constant(name: str) -> Any:
    raise _Refused(f"{name} is not a JSON number", lambda kind, token, depth, repeated: token in _CONSTANTS)


def _long(text: str) -> bool:
    return len(text) > MAX_NUMBER_CHARS and text[0] in "-0123456789"


def _integer(text: str) -> int:
    if len(text) > MAX_NUMBER_CHARS:
        raise _Refused("", lambda kind, token, depth, repeated: _long(token))
    return int(text)


def _float(text: str) -> float:
    if len(text) > MAX_NUMBER_CHARS:
        raise _Refused("", lambda kind, token, depth, repeated: _long(token))
    value = float(text)
    if not math.isfinite(value):
        raise _Refused(f"{text} is too large a number", lambda kind, token, depth, repeated: token == text)
    return value


def _error(text: str, file: str, why: str, token: Token | None) -> InputError:
    if token is None:
        return InputError(why, file=file)
    return InputError(why, file=file, line=line_at(text, token.pos), field=field_text(token.path) or None)


def parse_json(text: str, file: str, values_limit: str) -> Any:
    """Parse ``text`` strictly (see the module docstring). ``values_limit``: the :class:`~strategium.limits.
    InputLimits` field bounding the number of values. Raises ``InputError`` naming ``file``, the line and place."""
    values = text.count(",") + text.count("[") + text.count("{") + 1
    check_limit(values, values_limit, what="values (numbers, texts, lists, mappings) in this file", file=file)
    try:
        return json.loads(text, object_pairs_hook=_mapping, parse_constant=_constant, parse_int=_integer,
                          parse_float=_float)  # fmt: skip
    except _Refused as refused:
        token = _first(text, refused.wanted)
        why = refused.why
        if not why and token is not None:
            why = (
                f"the key {token.path[-1]!r} is given twice in this mapping"
                if token.repeated
                else f"a number of more than {MAX_NUMBER_CHARS} characters ({token.text[:12]}...)"
            )
        raise _error(text, file, why or "not valid JSON", token) from None
    except RecursionError:
        deep = _first(text, lambda kind, token, depth, repeated: kind == OPEN and depth >= DEEP)
        if deep is not None:  # name where the nesting starts, not a hundred list indexes
            deep = dataclasses.replace(deep, path=deep.path[:2])
        raise _error(text, file, f"lists and mappings nested more than {DEEP} deep", deep) from None
    except json.JSONDecodeError as err:
        place: tuple[str, YamlPath, int, str, int] | None = None
        for kind, pos, written, frames, _ in _scan(text):
            if pos > err.pos:
                break
            place = (kind, _path(frames), pos, written, len(frames))
        last = Token(*place) if place is not None else None
        ends = not text[err.pos :].strip() or err.msg.startswith("Unterminated string")  # strings hold no newline
        cut = " (the file ends too soon: cut short?)" if ends else ""
        found = _error(text, file, f"not valid JSON: {err.msg}{cut}", last)
        raise InputError(found.message, file=file, line=err.lineno, field=found.field) from None


def decode_utf8(data: bytes, file: str) -> str:
    """``data`` as text: strict UTF-8, a leading byte-order mark dropped. Raises ``InputError`` naming the line of
    the first byte that is not UTF-8."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as err:
        line = data.count(b"\n", 0, err.start) + 1
        raise InputError(
            f"not UTF-8 text (byte 0x{data[err.start]:02x} at offset {err.start})", file=file, line=line
        ) from None
    return text.removeprefix("\ufeff")


def read_json_file(path: Path, bytes_limit: str, values_limit: str, what: str) -> tuple[Any, str]:
    """Read and parse the JSON file ``path``; returns ``(data, text)``. ``bytes_limit`` and ``values_limit``:
    the :class:`~strategium.limits.InputLimits` fields bounding its size and number of values; ``what`` names it
    in errors (``game record``). Raises ``InputError`` (missing, not a regular file, too big, not UTF-8, not
    valid JSON, see :func:`parse_json`)."""
    file = str(path)
    try:
        if not path.exists():
            raise InputError(f"no such file (the {what} to read)", file=file)
        if not path.is_file():
            raise InputError(f"not a regular file (the {what} to read)", file=file)
        limit = getattr(limits(), bytes_limit)
        check_limit(path.stat().st_size, bytes_limit, what=f"bytes in this {what}", file=file)
        with path.open("rb") as stream:
            data = stream.read(limit + 1)
    except OSError as err:
        raise InputError(f"cannot read the {what}: {err.strerror or err}", file=file) from None
    check_limit(len(data), bytes_limit, what=f"bytes in this {what}", file=file)
    text = decode_utf8(data, file)
    return parse_json(text, file, values_limit), text
