"""YAML files with line numbers, for error messages that name file, line and field.

Every project-authored file format (army files, scenario files, rules-configuration overrides) is read through
:func:`read_yaml_file` (the file's size, kind and encoding, before it is parsed) and :func:`load_yaml`, which
returns the data together with a map from each place in it (a path of keys and list indexes, as pydantic writes an
error's ``loc``) to the 1-based line where that place starts. These files are untrusted: the input limits of
:mod:`strategium.limits` are checked while the YAML is composed (:mod:`strategium.yaml_compose`), before any value
is built; ``docs/input-limits.md`` lists what is refused.
"""

from __future__ import annotations

import stat
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import yaml

from strategium.errors import InputError
from strategium.limits import check_limit, limits
from strategium.yaml_compose import compose

YamlPath = tuple[str | int, ...]
LineMap = Mapping[YamlPath, int]


def field_text(path: YamlPath) -> str:
    """``("units", 3, "bs")`` → ``"units[3].bs"``; the empty path gives ``""``."""
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


def line_of(lines: LineMap, path: YamlPath) -> int | None:
    """The line of ``path``, or of its nearest enclosing place that has one."""
    for end in range(len(path), -1, -1):
        line = lines.get(path[:end])
        if line is not None:
            return line
    return None


_BOMS = {
    b"\xff\xfe\x00\x00": "UTF-32",
    b"\x00\x00\xfe\xff": "UTF-32",
    b"\xff\xfe": "UTF-16",
    b"\xfe\xff": "UTF-16",
}


def is_regular_file(path: Path) -> bool:
    """True for an existing regular file; False for anything else, a name the system refuses (too long, say)
    included, where ``Path.is_file`` raises ``OSError``."""
    try:
        return stat.S_ISREG(path.stat().st_mode)
    except (OSError, ValueError):
        return False


def is_directory(path: Path) -> bool:
    """True for an existing directory; False otherwise, a name the system refuses included (see
    :func:`is_regular_file`)."""
    try:
        return stat.S_ISDIR(path.stat().st_mode)
    except (OSError, ValueError):
        return False


def read_yaml_file(path: Path, what: str, *, name: str | None = None) -> str:
    """The text of the YAML file ``path`` (a ``what``, e.g. "army file", for the messages): :func:`read_limited`
    then :func:`yaml_text`. Errors name the file as ``name`` (default: ``str(path)``)."""
    shown = str(path) if name is None else name
    return yaml_text(read_limited(path, what, name=shown), what, shown)


def read_limited(path: Path, what: str, *, name: str | None = None) -> bytes:
    """The bytes of the file ``path``, read under the limit ``yaml_file_bytes`` (checked before reading it).

    Raises ``InputError`` naming the file as ``name`` (default: ``str(path)``) when it is missing, a directory or
    not a regular file (a FIFO, a device), cannot be read, or is larger than the limit.
    """
    shown = str(path) if name is None else name
    try:
        info = path.stat()
    except FileNotFoundError:
        raise InputError("no such file", file=shown) from None
    except OSError as err:
        raise InputError(f"cannot read the file ({err.strerror or type(err).__name__})", file=shown) from None
    if stat.S_ISDIR(info.st_mode):
        raise InputError(f"is a directory, not {_article(what)} {what}", file=shown)
    if not stat.S_ISREG(info.st_mode):
        raise InputError(f"is not a regular file (a device or a pipe?), not {_article(what)} {what}", file=shown)
    check_limit(info.st_size, "yaml_file_bytes", what="bytes in the file", file=shown)
    try:
        with path.open("rb") as stream:
            data = stream.read(limits().yaml_file_bytes + 1)
    except OSError as err:
        raise InputError(f"cannot read the file ({err.strerror or type(err).__name__})", file=shown) from None
    check_limit(len(data), "yaml_file_bytes", what="bytes in the file", file=shown)
    return data


def yaml_text(data: bytes, what: str, file: str) -> str:
    """``data`` decoded as UTF-8, a byte-order mark dropped. Raises ``InputError`` naming ``file`` (and the line of
    the first bad byte) for UTF-16 or UTF-32 text, or bytes that are not UTF-8."""
    for bom, encoding in _BOMS.items():
        if data.startswith(bom):
            message = f"the file is {encoding} text; save the {what} as UTF-8"
            raise InputError(message, file=file)
    try:
        return data.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError as err:
        line = data.count(b"\n", 0, err.start) + 1
        message = f"the file is not UTF-8 text (byte {err.start + 1}); save the {what} as UTF-8"
        raise InputError(message, file=file, line=line) from None


def _article(what: str) -> str:
    return "an" if what[:1] in "aeiou" else "a"


def load_yaml(text: str, file: str) -> tuple[Any, dict[YamlPath, int]]:
    """Parse untrusted YAML text safely and map every key and list item to its line.

    Only plain YAML is read (no Python object or other tags), within the input limits of
    :mod:`strategium.limits` (``yaml_file_bytes``, ``yaml_aliases``, ``yaml_nodes``, ``yaml_depth``,
    ``string_chars``), all checked on the node graph before any Python value is built
    (:mod:`strategium.yaml_compose`). A byte-order mark at the start is dropped.

    Returns ``(data, lines)``; ``data`` is None for an empty document. Raises ``InputError`` naming the file and
    line for a syntax error, a key given twice in one mapping, a value that cannot be read (``!!int abc``, a date
    such as 2024-13-45) or anything :func:`~strategium.yaml_compose.compose` refuses.
    """
    try:
        node = compose(text.removeprefix("\ufeff"), file)
        lines: dict[YamlPath, int] = {}
        if node is None:
            return None, lines
        lines[()] = node.start_mark.line + 1
        places: dict[int, YamlPath] = {id(node): ()}
        _record(node, (), lines, file, places)
        data = _Constructor(file, places).construct_document(node)
    except yaml.MarkedYAMLError as err:
        mark = err.problem_mark or err.context_mark
        line = mark.line + 1 if mark is not None else None
        raise InputError(f"not valid YAML: {err.problem or err.context}", file=file, line=line) from None
    except yaml.reader.ReaderError as err:
        raise InputError(f"not valid YAML: {err.reason}", file=file) from None
    except yaml.YAMLError as err:
        raise InputError(f"not valid YAML: {str(err).splitlines()[0]}", file=file) from None
    except RecursionError:
        raise InputError("not valid YAML: nested too deeply", file=file) from None
    return data, lines


_KINDS = {
    "tag:yaml.org,2002:int": "a whole number",
    "tag:yaml.org,2002:float": "a number",
    "tag:yaml.org,2002:bool": "true or false",
}

LARGEST_WHOLE_NUMBER = 10**18
"""The largest whole number (in size) a YAML file may write; every limit of :mod:`strategium.limits` is far
below it, and a larger one (written in hexadecimal, say) could not even be printed in an error message."""


class _Constructor(yaml.constructor.SafeConstructor):
    """PyYAML's safe constructor, with a value it cannot convert reported as an ``InputError`` at its line (its
    own converters raise a bare ``ValueError`` or ``KeyError``: ``!!int abc``, ``!!bool maybe``, 2024-13-45, an
    integer of 5,000 digits), and whole numbers past :data:`LARGEST_WHOLE_NUMBER` refused."""

    def __init__(self, file: str, places: Mapping[int, YamlPath]) -> None:
        super().__init__()
        self.file = file
        self.places = places

    def fail(self, node: yaml.Node, message: str) -> InputError:
        """The error for ``node``: its line, and the field of the first place it stands at."""
        field = field_text(self.places.get(id(node), ())) or None
        return InputError(message, file=self.file, line=node.start_mark.line + 1, field=field)

    def construct_object(self, node: yaml.Node, deep: bool = False) -> Any:
        try:
            return super().construct_object(node, deep)
        except InputError:
            raise
        except (ValueError, OverflowError, TypeError, KeyError) as err:
            value = node.value if isinstance(node.value, str) else ""
            kind = _KINDS.get(node.tag)
            why = f"is not {kind}" if kind else f"cannot be read ({str(err).splitlines()[0]})"
            raise self.fail(node, f"{_shown(value)} {why}") from None

    def construct_whole_number(self, node: yaml.Node) -> int:
        text = node.value if isinstance(node.value, str) else ""
        base: Any = super().construct_yaml_int
        try:
            value: int = base(node)
        except ValueError:
            if sum(c.isdigit() for c in text) <= 18:
                raise
            value = LARGEST_WHOLE_NUMBER + 1  # more digits than Python converts: certainly too large
        if abs(value) > LARGEST_WHOLE_NUMBER:
            raise self.fail(node, f"{_shown(text)} is larger than any whole number strategium reads (10^18)")
        return value


_Constructor.add_constructor("tag:yaml.org,2002:int", _Constructor.construct_whole_number)  # type: ignore[type-var]


def _shown(value: str) -> str:
    return repr(value[:40]) + (f" ({len(value)} characters)" if len(value) > 40 else "")


def _record(
    node: yaml.Node, path: YamlPath, lines: dict[YamlPath, int], file: str, places: dict[int, YamlPath]
) -> None:
    """Fill ``lines`` (place → line) under ``node`` at ``path``, and ``places`` (node → the first place it stands
    at: an aliased node stands at several). Raises ``InputError`` for a key given twice in one mapping."""
    if isinstance(node, yaml.MappingNode):
        for key, value in node.value:
            child = (*path, str(key.value))
            line = key.start_mark.line + 1
            if child in lines:
                raise InputError("given twice", file=file, line=line, field=field_text(child))
            lines[child] = line
            places.setdefault(id(value), child)
            _record(value, child, lines, file, places)
    elif isinstance(node, yaml.SequenceNode):
        for index, item in enumerate(node.value):
            lines[(*path, index)] = item.start_mark.line + 1
            places.setdefault(id(item), (*path, index))
            _record(item, (*path, index), lines, file, places)
