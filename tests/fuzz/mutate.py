"""A seeded mutator of real input files: rosters (XML, and ``.rosz`` archives of them), YAML files and JSON game
records.

A mutation is a list of operations, each a name from :data:`ROSTER_OPS`, :data:`YAML_OPS` or :data:`RECORD_OPS`
with a seed of its own (``("number", 17)``): the same list on the same file gives the same bytes, on any machine.
The seeded corpus (``mutants``) and the hypothesis properties (which draw and shrink such lists) share the
operations. Each operation is a function ``(data: bytes, rnd: random.Random) -> bytes``; the structural ones parse
the (trusted, real) file, change one place and write it back, and fall back to a byte-level change when the data
no longer parses (after an earlier operation).
"""

from __future__ import annotations

import io
import json
import random
import re
import zipfile
from collections.abc import Callable, Sequence
from typing import Any
from xml.etree import ElementTree as ET

import yaml

Op = Callable[[bytes, random.Random], bytes]
Mutation = Sequence[tuple[str, int]]

NUMBER_TEXTS = (
    "0", "-1", "-0", "1000000", "1000000000000000000", "1e18", "1e400", "-1e400", "NaN", "nan", "inf", "-inf",
    "1.5", "", " ", "abc", "0x10", "+7", "1_000", "\u0663", "9" * 400, "1e-400", "2147483648", "-9223372036854775809",
)  # fmt: skip
"""Number-shaped attribute values: huge, negative, not a number, not finite, not a number at all."""
TOKENS = (
    "\x00", "\ufeff", "&lol;", "]]>", "<!--", "<!DOCTYPE x [<!ENTITY a 'b'>]>", "&#0;", "&#x110000;", "*alias",
    "&anchor ", "!!python/object/apply:os.system ['touch pwned']", "\n  - ", "{", "[", '"', "'", "\t", "\r",
    "\u202e", "\udcff", "%", "NaN", "-1e309", "99999999999999999999999", "\n---\n", "<<: *x", "? ", ": ",
)  # fmt: skip
"""Short strings that break parsers, inserted at random places by the ``token`` operation."""
YAML_VALUES: tuple[Any, ...] = (
    0, -1, 10**6, 10**18, 10**30, -(10**18), float("nan"), float("inf"), float("-inf"), 1e-300, 0.5, True, None,
    "", "x" * 20_000, "\x00", "\u202e", [], {}, [1, 2, 3], {"a": 1}, "1e18", "NaN", "-", '999"', "0x10",
)  # fmt: skip
"""Values the structural YAML and JSON operations put in place of a real one."""
ROSTER_NAMESPACE = "http://www.battlescribe.net/schema/rosterSchema"
ET.register_namespace("", ROSTER_NAMESPACE)


def apply(data: bytes, mutation: Mutation, ops: dict[str, Op]) -> bytes:
    """``data`` after the operations of ``mutation`` in order (each seeded by its own number)."""
    for name, seed in mutation:
        data = ops[name](data, random.Random(seed))
    return data


def random_mutation(rnd: random.Random, ops: dict[str, Op], most: int = 3) -> list[tuple[str, int]]:
    """One to ``most`` operations, drawn from ``ops`` with ``rnd``."""
    names = sorted(ops)
    return [(rnd.choice(names), rnd.randrange(2**32)) for _ in range(rnd.randint(1, most))]


# --- byte-level operations (any format) -------------------------------------------------------------------------


def flip(data: bytes, rnd: random.Random) -> bytes:
    """One to eight bytes replaced by random ones."""
    out = bytearray(data)
    for _ in range(rnd.randint(1, 8)):
        if out:
            out[rnd.randrange(len(out))] = rnd.randrange(256)
    return bytes(out)


def cut(data: bytes, rnd: random.Random) -> bytes:
    """A span of up to 200 bytes removed."""
    if not data:
        return data
    start = rnd.randrange(len(data))
    return data[:start] + data[start + rnd.randint(1, 200) :]


def repeat(data: bytes, rnd: random.Random) -> bytes:
    """A span of up to 400 bytes repeated (two to five times)."""
    if not data:
        return data
    start = rnd.randrange(len(data))
    span = data[start : start + rnd.randint(1, 400)]
    return data[:start] + span * rnd.randint(2, 5) + data[start:]


def truncate(data: bytes, rnd: random.Random) -> bytes:
    """The file cut short at a random place."""
    return data[: rnd.randrange(len(data))] if data else data


def token(data: bytes, rnd: random.Random) -> bytes:
    """A parser-breaking token (:data:`TOKENS`) inserted at a random place."""
    at = rnd.randrange(len(data) + 1)
    return data[:at] + rnd.choice(TOKENS).encode("utf-8", "surrogatepass") + data[at:]


def bom(data: bytes, rnd: random.Random) -> bytes:
    """A byte-order mark put in front, or the text re-encoded (UTF-16, UTF-32, Latin-1), or invalid UTF-8."""
    choice = rnd.randrange(5)
    if choice == 0:
        return b"\xef\xbb\xbf" + data
    text = data.decode("utf-8", "replace")
    if choice == 1:
        return text.encode("utf-16")
    if choice == 2:
        return text.encode("utf-32-le")
    if choice == 3:
        return text.encode("latin-1", "replace")
    at = rnd.randrange(len(data) + 1)
    return data[:at] + b"\xc3\x28\xff\xfe" + data[at:]


BYTE_OPS: dict[str, Op] = {"flip": flip, "cut": cut, "repeat": repeat, "truncate": truncate, "token": token, "bom": bom}


# --- rosters (XML) ----------------------------------------------------------------------------------------------

_NUMERIC_ATTRIBUTE = re.compile(rb'\b(number|value)="[^"]*"')
_ID_ATTRIBUTE = re.compile(rb'\bid="([^"]*)"')
_DECLARATION = re.compile(rb'encoding="[^"]*"')


def number(data: bytes, rnd: random.Random) -> bytes:
    """A ``number=`` (models, upgrades) or ``value=`` (points, limits) attribute given a hostile value."""
    found = list(_NUMERIC_ATTRIBUTE.finditer(data))
    if not found:
        return flip(data, rnd)
    hit = rnd.choice(found)
    new = hit.group(1) + b'="' + rnd.choice(NUMBER_TEXTS).encode() + b'"'
    return data[: hit.start()] + new + data[hit.end() :]


def same_id(data: bytes, rnd: random.Random) -> bytes:
    """One element's ``id`` set to another's (two units with the same id, say)."""
    found = list(_ID_ATTRIBUTE.finditer(data))
    if len(found) < 2:
        return flip(data, rnd)
    target, source = rnd.sample(found, 2)
    return data[: target.start(1)] + source.group(1) + data[target.end(1) :]


def encoding(data: bytes, rnd: random.Random) -> bytes:
    """The XML declaration names another encoding (unknown, or not the one the bytes are in)."""
    name = rnd.choice((b"x-klingon", b"utf-16", b"ISO-8859-1", b"utf-7", b"ebcdic-cp-us", b"", b"UTF-8\x00"))
    if _DECLARATION.search(data[:200]):
        return _DECLARATION.sub(b'encoding="' + name + b'"', data, count=1)
    return b'<?xml version="1.0" encoding="' + name + b'"?>' + data


def _tree_op(change: Callable[[ET.Element, list[ET.Element], random.Random], None]) -> Op:
    def op(data: bytes, rnd: random.Random) -> bytes:
        try:
            root = ET.fromstring(data)
        except (ET.ParseError, ValueError):
            return flip(data, rnd)
        change(root, list(root.iter()), rnd)
        return ET.tostring(root, encoding="utf-8", xml_declaration=True)

    return op


def _parent_map(root: ET.Element) -> dict[ET.Element, ET.Element]:
    return {child: parent for parent in root.iter() for child in parent}


def _duplicate(root: ET.Element, elements: list[ET.Element], rnd: random.Random) -> None:
    parents = _parent_map(root)
    element = rnd.choice(elements[1:] or elements)
    parent = parents.get(element)
    if parent is not None:
        for _ in range(rnd.choice((1, 1, 2, 50))):
            parent.append(element)  # the same element again: identical ids and all


def _remove(root: ET.Element, elements: list[ET.Element], rnd: random.Random) -> None:
    parents = _parent_map(root)
    element = rnd.choice(elements[1:] or elements)
    parent = parents.get(element)
    if parent is not None:
        parent.remove(element)


def _attribute(root: ET.Element, elements: list[ET.Element], rnd: random.Random) -> None:
    element = rnd.choice(elements)
    if not element.attrib:
        return
    key = rnd.choice(sorted(element.attrib))
    choice = rnd.randrange(4)
    if choice == 0:
        del element.attrib[key]
    elif choice == 1:
        element.attrib[key] = rnd.choice(NUMBER_TEXTS)
    elif choice == 2:
        element.attrib[key] = rnd.choice(("", "x" * 50_000, "\u202e\u0000"[:1], "a\nb", "<&>"))
    else:
        element.attrib[key] = str(rnd.choice(elements).attrib.get(key, "x"))


def _nest(root: ET.Element, elements: list[ET.Element], rnd: random.Random) -> None:
    element = rnd.choice(elements)
    inner = element
    for _ in range(rnd.choice((5, 50, 300))):
        child = ET.SubElement(inner, element.tag, dict(element.attrib))
        inner = child


def _retag(root: ET.Element, elements: list[ET.Element], rnd: random.Random) -> None:
    element = rnd.choice(elements)
    others = sorted({e.tag for e in elements})
    element.tag = rnd.choice(others)


ROSTER_OPS: dict[str, Op] = {
    **BYTE_OPS,
    "number": number,
    "number2": number,  # (drawn twice as often: the numbers are where rosters break most)
    "same_id": same_id,
    "encoding": encoding,
    "duplicate": _tree_op(_duplicate),
    "remove": _tree_op(_remove),
    "attribute": _tree_op(_attribute),
    "nest": _tree_op(_nest),
    "retag": _tree_op(_retag),
}


def zipped(data: bytes, rnd: random.Random | None = None, name: str = "roster.ros") -> bytes:
    """``data`` as a ``.rosz``: a ZIP archive holding it as one deflated entry (``rnd``: also corrupt the
    archive: a flipped byte in the compressed stream, a cut, or another compression method)."""
    out = io.BytesIO()
    method = zipfile.ZIP_DEFLATED
    if rnd is not None and rnd.random() < 0.3:
        method = rnd.choice((zipfile.ZIP_STORED, zipfile.ZIP_BZIP2, zipfile.ZIP_LZMA))
    with zipfile.ZipFile(out, "w", method) as archive:
        archive.writestr(name, data)
    packed = out.getvalue()
    if rnd is None:
        return packed
    choice = rnd.randrange(3)
    if choice == 0:
        return packed
    if choice == 1:  # inside the compressed data (after the 30-byte local header and the name)
        at = 30 + len(name) + rnd.randrange(max(1, len(packed) // 2))
        return packed[:at] + bytes([packed[at] ^ 0xFF]) + packed[at + 1 :]
    return packed[: rnd.randrange(len(packed))]


# --- YAML -------------------------------------------------------------------------------------------------------


def _places(data: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [path]
    if isinstance(data, dict):
        for key, value in data.items():
            out += _places(value, (*path, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            out += _places(value, (*path, index))
    return out


def _at(data: Any, path: tuple[Any, ...]) -> Any:
    for part in path:
        data = data[part]
    return data


def _structural(load: Callable[[bytes], Any], dump: Callable[[Any], bytes]) -> Callable[[str], Op]:
    def make(kind: str) -> Op:
        def op(data: bytes, rnd: random.Random) -> bytes:
            try:
                tree = load(data)
            except Exception:  # an earlier operation broke it: change bytes instead
                return flip(data, rnd)
            places = _places(tree)[1:]
            if not places:
                return flip(data, rnd)
            path = rnd.choice(places)
            parent, key = _at(tree, path[:-1]), path[-1]
            if kind == "value":
                parent[key] = rnd.choice(YAML_VALUES)
            elif kind == "drop":
                del parent[key]
            elif kind == "extra" and isinstance(parent, list):
                parent.insert(key, parent[key])
            elif kind == "extra":
                parent[f"unknown_{rnd.randrange(100)}"] = parent[key]
            elif kind == "nest":
                value = parent[key]
                for _ in range(rnd.choice((3, 40, 200))):
                    value = [value]
                parent[key] = value
            elif kind == "swap":
                other = rnd.choice(places)
                other_parent = _at(tree, other[:-1])
                if other_parent is not parent or other[-1] != key:
                    parent[key], other_parent[other[-1]] = other_parent[other[-1]], parent[key]
            try:
                return dump(tree)
            except (RecursionError, ValueError, TypeError):
                return flip(data, rnd)

        return op

    return make


def _yaml_load(data: bytes) -> Any:
    return yaml.safe_load(data.decode("utf-8"))


def _yaml_dump(tree: Any) -> bytes:
    return yaml.safe_dump(tree, sort_keys=False, allow_unicode=True, width=120).encode("utf-8")


def _line_op(change: Callable[[list[bytes], int, random.Random], None]) -> Op:
    def op(data: bytes, rnd: random.Random) -> bytes:
        lines = data.split(b"\n")
        change(lines, rnd.randrange(len(lines)), rnd)
        return b"\n".join(lines)

    return op


def _dup_line(lines: list[bytes], at: int, rnd: random.Random) -> None:
    lines.insert(at, lines[at])  # a key given twice, or a list item


def _indent(lines: list[bytes], at: int, rnd: random.Random) -> None:
    lines[at] = rnd.choice((b" ", b"   ", b"\t", b"")) + lines[at].lstrip(b" ")


def _alias(lines: list[bytes], at: int, rnd: random.Random) -> None:
    """An anchor on one line and aliases to it elsewhere (maybe to itself, maybe a merge key)."""
    line = lines[at]
    if b": " in line:
        key, _, value = line.partition(b": ")
        lines[at] = key + b": &fz " + value
        for _ in range(rnd.choice((1, 3, 30))):
            where = rnd.randrange(at, len(lines))
            if b": " in lines[where]:
                key2, _, _ = lines[where].partition(b": ")
                lines[where] = key2 + b": *fz"


_yaml_structural = _structural(_yaml_load, _yaml_dump)
YAML_OPS: dict[str, Op] = {
    **BYTE_OPS,
    "value": _yaml_structural("value"),
    "value2": _yaml_structural("value"),
    "drop": _yaml_structural("drop"),
    "extra": _yaml_structural("extra"),
    "nest": _yaml_structural("nest"),
    "swap": _yaml_structural("swap"),
    "dup_line": _line_op(_dup_line),
    "indent": _line_op(_indent),
    "alias": _line_op(_alias),
}


# --- JSON game records ------------------------------------------------------------------------------------------


def _json_load(data: bytes) -> Any:
    return json.loads(data.decode("utf-8"))


def _json_dump(tree: Any) -> bytes:
    return json.dumps(tree, indent=1).encode("utf-8")


def _history_op(change: Callable[[list[Any], random.Random], None]) -> Op:
    def op(data: bytes, rnd: random.Random) -> bytes:
        try:
            tree = _json_load(data)
            history = tree["history"]
            if not isinstance(history, list) or not history:
                return flip(data, rnd)
        except Exception:
            return flip(data, rnd)
        change(history, rnd)
        return _json_dump(tree)

    return op


def _drop_action(history: list[Any], rnd: random.Random) -> None:
    del history[rnd.randrange(len(history))]


def _swap_actions(history: list[Any], rnd: random.Random) -> None:
    a, b = rnd.randrange(len(history)), rnd.randrange(len(history))
    history[a], history[b] = history[b], history[a]


def _repeat_action(history: list[Any], rnd: random.Random) -> None:
    at = rnd.randrange(len(history))
    history[at:at] = [history[at]] * rnd.choice((1, 2, 1000))


def _forge_dice(history: list[Any], rnd: random.Random) -> None:
    faces = [rnd.choice((0, 7, -1, 6, 10**20, 1.5, "six", None, {"scatter": 1e308})) for _ in range(3)]
    history.insert(rnd.randrange(len(history) + 1), {"type": "ForceDice", "faces": faces})


_json_structural = _structural(_json_load, _json_dump)
RECORD_OPS: dict[str, Op] = {
    "flip": flip,
    "cut": cut,
    "truncate": truncate,
    "token": token,
    "bom": bom,
    "value": _json_structural("value"),
    "value2": _json_structural("value"),
    "value3": _json_structural("value"),
    "drop": _json_structural("drop"),
    "extra": _json_structural("extra"),
    "nest": _json_structural("nest"),
    "swap": _json_structural("swap"),
    "drop_action": _history_op(_drop_action),
    "swap_actions": _history_op(_swap_actions),
    "repeat_action": _history_op(_repeat_action),
    "forge_dice": _history_op(_forge_dice),
}
