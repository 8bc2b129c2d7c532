"""Places in a scenario file: turning a path of keys into an :class:`InputError` with file, line and field."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from pydantic import ValidationError
from pydantic_core import ErrorDetails

from strategium.errors import InputError
from strategium.yaml_lines import YamlPath, field_text, line_of


class Where:
    """A scenario file's name and line map; :meth:`error` builds the error for one place in it."""

    def __init__(self, file: str, lines: Mapping[YamlPath, int]) -> None:
        self.file = file
        self.lines = lines

    def error(self, path: YamlPath, message: str) -> InputError:
        """``FILE:LINE: FIELD: MESSAGE`` for the place ``path`` (line of the nearest enclosing place)."""
        return InputError(message, file=self.file, line=line_of(self.lines, path), field=field_text(path) or None)

    def rewrap(self, err: InputError, path: YamlPath) -> InputError:
        """An error raised without a place (e.g. by a geometry constructor) moved to ``path``."""
        return self.error(path, err.message)

    def validation_error(self, err: ValidationError, data: object) -> InputError:
        """The most specific problem pydantic found, at its place in the file.

        Errors that only say a union's other alternative has another type are dropped; of the rest the
        deepest place wins (it is the branch the author meant), ties going to the earliest line.
        """
        best: tuple[int, int, YamlPath, ErrorDetails] | None = None
        details = err.errors(include_url=False)
        meant = [d for d in details if not _wrong_branch(d)] or details
        for detail in meant:
            path = data_path(detail["loc"], data)
            line = line_of(self.lines, path) or 0
            key = (-len(path), line)
            if best is None or key < best[:2]:
                best = (*key, path, detail)
        assert best is not None
        return self.error(best[2], message(best[3]))


_MISSING = object()

_SCALAR_KINDS = frozenset({"literal_error", "string_type", "float_type", "int_type", "bool_type", "enum"})


def _wrong_branch(detail: ErrorDetails) -> bool:
    """An error that only says the input is not of this union alternative's type (a mapping given where
    text was one option, text where a mapping was another)."""
    kind = detail["type"]
    if kind in ("model_type", "dict_type"):
        return True
    return kind in _SCALAR_KINDS and isinstance(detail.get("input"), dict | list)


def _child(node: object, part: str | int) -> object:
    if isinstance(part, int) and isinstance(node, list) and 0 <= part < len(node):
        return node[part]
    if isinstance(part, str) and isinstance(node, dict) and part in node:
        return node[part]
    return _MISSING


def _is_tag(part: str | int) -> bool:
    """Parts of a pydantic ``loc`` that name a union branch or validator, not a key of the file."""
    if not isinstance(part, str):
        return False
    return part[:1].isupper() or "[" in part or part in {"str", "int", "float", "bool", "none", "dict", "list"}


def data_path(loc: Sequence[str | int], data: object) -> YamlPath:
    """The part of a pydantic ``loc`` that names places in the file (a missing key at the end is kept)."""
    path: list[str | int] = []
    node = data
    for n, part in enumerate(loc):
        child = _child(node, part)
        if child is not _MISSING:
            path.append(part)
            node = child
        elif n == len(loc) - 1 and not _is_tag(part) and not isinstance(part, int):
            path.append(part)
    return tuple(path)


_SIMPLE = {
    "missing": "is required",
    "extra_forbidden": "unknown key",
    "float_type": "must be a number",
    "float_parsing": "must be a number",
    "int_type": "must be a whole number",
    "int_parsing": "must be a whole number",
    "int_from_float": "must be a whole number",
    "bool_type": "must be true or false",
    "bool_parsing": "must be true or false",
    "string_type": "must be text",
    "dict_type": "must be a mapping",
    "model_type": "must be a mapping",
    "tuple_type": "must be a list",
    "finite_number": "must be a finite number",
}


def message(detail: ErrorDetails) -> str:
    """A short message for one pydantic error."""
    kind = detail["type"]
    ctx = detail.get("ctx") or {}
    if kind in _SIMPLE:
        return _SIMPLE[kind]
    if kind == "greater_than":
        return f"must be more than {ctx.get('gt')}"
    if kind == "greater_than_equal":
        return f"must be at least {ctx.get('ge')}"
    if kind == "less_than_equal":
        return f"must be at most {ctx.get('le')}"
    if kind == "too_short":
        return f"must have at least {ctx.get('min_length')} items, not {ctx.get('actual_length')}"
    if kind == "too_long":
        return f"must have at most {ctx.get('max_length')} items, not {ctx.get('actual_length')}"
    if kind == "literal_error":
        return f"must be one of {ctx.get('expected')}"
    if kind == "enum":
        return f"must be one of {ctx.get('expected')}"
    text = str(detail["msg"]).removeprefix("Value error, ")
    return text[:1].lower() + text[1:]
