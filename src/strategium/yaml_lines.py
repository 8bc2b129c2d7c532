"""YAML files with line numbers, for error messages that name file, line and field.

Every project-authored file format (army files, scenario files, rules-configuration overrides) is read through
:func:`load_yaml`, which returns the data together with a map from each place in it (a path of keys and list
indexes, as pydantic writes an error's ``loc``) to the 1-based line where that place starts.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import yaml

from strategium.errors import InputError

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


def load_yaml(text: str, file: str) -> tuple[Any, dict[YamlPath, int]]:
    """Parse YAML text safely (no Python object tags) and map every key and list item to its line.

    Returns ``(data, lines)``; ``data`` is None for an empty document. Raises ``InputError`` naming the file and
    line for a syntax error or a key given twice in one mapping.
    """
    loader = yaml.SafeLoader(text)
    try:
        node = loader.get_single_node()
        lines: dict[YamlPath, int] = {}
        if node is None:
            return None, lines
        lines[()] = node.start_mark.line + 1
        _record(node, (), lines, file)
        data = loader.construct_document(node)
    except yaml.MarkedYAMLError as err:
        mark = err.problem_mark or err.context_mark
        line = mark.line + 1 if mark is not None else None
        raise InputError(f"not valid YAML: {err.problem or err.context}", file=file, line=line) from None
    except yaml.YAMLError as err:
        raise InputError(f"not valid YAML: {err}", file=file) from None
    finally:
        loader.dispose()
    return data, lines


def _record(node: yaml.Node, path: YamlPath, lines: dict[YamlPath, int], file: str) -> None:
    if isinstance(node, yaml.MappingNode):
        for key, value in node.value:
            child = (*path, str(key.value))
            line = key.start_mark.line + 1
            if child in lines:
                raise InputError("given twice", file=file, line=line, field=field_text(child))
            lines[child] = line
            _record(value, child, lines, file)
    elif isinstance(node, yaml.SequenceNode):
        for index, item in enumerate(node.value):
            lines[(*path, index)] = item.start_mark.line + 1
            _record(item, (*path, index), lines, file)
