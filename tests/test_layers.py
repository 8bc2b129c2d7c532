"""The layers of ``strategium`` (issue 19): which package may import which, checked on the source with ``ast``.

A top-level package (``engine``, ``rules``...) or top-level module (``dice``...) of ``src/strategium`` is a
*node*. Every ``import`` / ``from ... import`` of a ``strategium`` module is an edge between two nodes, whatever
runs it:

- ``module``: at import time (module level, class bodies, module-level ``if`` / ``try``);
- ``function``: inside a function (a deferred import still ties the two packages together);
- ``typing``: under ``if TYPE_CHECKING:`` (never runs, but a reader must know the other package to read it).

All three kinds count. Two rules hold (the test names say which fails):

1. **No cycle between nodes**: following imports from a package never leads back to it.
2. **Imports go down**: a node imports only nodes of its own layer or of a lower one of :data:`LAYERS`.

There is no exception: the engine imports no particular special rule (it offers hooks and queries, and the rule
plug-ins of ``strategium.rules`` register on them). :data:`KNOWN_UPWARD` is where an exception would have to be
written, with its reason; it is empty, and an entry that no longer matches an import fails the test.
"""

from __future__ import annotations

import ast
import itertools
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src"
PACKAGE = SRC / "strategium"

LAYERS: tuple[str, ...] = (
    # Lowest first; the nodes of a layer are separated by spaces. A node may import nodes of its own layer or of a
    # lower one, never of a higher one.
    "__init__ errors limits yaml_compose yaml_lines json_input validation_messages dice problems",  # the base
    "catalogue",  # the rule catalogue: definitions, registry, (X) parsing, status, citations (data, no behaviour)
    "model",  # Characteristics, Unit Types, weapon profiles (a weapon profile carries the rules it has)
    "geometry",  # the battlefield: table, terrain, bases, measuring, line of sight, SVG maps
    "config",  # the configurable rulings and their files
    "army",  # armies, and the readers of army files and BattleScribe rosters
    "combat",  # the attack pipeline: hits, wounds, saves, damage, as pure functions
    "engine",  # the game: state, phases, decisions, effects, hooks and queries
    "rules",  # rule plug-ins: they register on the engine's hooks and queries
    "scenario",  # scenario files (they name engine things: Vehicle Damage results, pre-game steps)
    "agents",  # the players: heuristic and random
    "battle",  # a whole battle played by two agents
    "check",  # the scenario runner of ``strategium check``
    "report",  # logs, HTML reports, army views
    "cli",  # the command line
    "__main__",  # ``python -m strategium``
)
"""The layers, lowest first (the base: the package's version, errors, input limits, YAML and JSON reading, dice,
the problems list)."""

KNOWN_UPWARD: frozenset[tuple[str, str]] = frozenset()
"""(importer, imported) pairs under ``strategium.`` allowed to point up, each with its reason: none."""


# -- the import graph ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Edge:
    """``importer`` imports ``imported`` (module names under ``strategium.``) at ``where`` (file:line), ``kind``
    ``module``, ``function`` or ``typing``."""

    importer: str
    imported: str
    where: str
    kind: str

    @property
    def nodes(self) -> tuple[str, str]:
        """The two nodes (top-level packages or modules) the edge joins."""
        return node(self.importer), node(self.imported)

    def __str__(self) -> str:
        return f"{self.where} [{self.kind}] {self.importer} -> {self.imported}"


def node(module: str) -> str:
    """``engine.core.hooks`` -> ``engine``; the package itself (``""``) -> ``__init__``."""
    return module.split(".")[0] or "__init__"


def module_names() -> dict[str, Path]:
    """Every module of ``src/strategium`` by its name under ``strategium.`` (a package by its own name)."""
    out = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(PACKAGE).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def import_statements(tree: ast.AST, kind: str = "module") -> Iterator[tuple[ast.Import | ast.ImportFrom, str]]:
    """Every import statement under ``tree`` with its kind (a function body inside ``TYPE_CHECKING`` is typing)."""
    for child in ast.iter_child_nodes(tree):
        if isinstance(child, ast.Import | ast.ImportFrom):
            yield child, kind
        elif isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            yield from import_statements(child, "typing" if kind == "typing" else "function")
        elif isinstance(child, ast.If) and _is_type_checking(child.test):
            for stmt in child.body:
                yield from import_statements(ast.Module(body=[stmt], type_ignores=[]), "typing")
            for stmt in child.orelse:
                yield from import_statements(ast.Module(body=[stmt], type_ignores=[]), kind)
        else:
            yield from import_statements(child, kind)


def imported_names(stmt: ast.Import | ast.ImportFrom, importer: str, is_package: bool) -> list[str]:
    """The dotted names a statement imports (``from a import b`` gives ``a.b``; relative imports resolved)."""
    if isinstance(stmt, ast.Import):
        return [alias.name for alias in stmt.names]
    base = stmt.module or ""
    if stmt.level:
        parts = ["strategium", *importer.split(".")] if importer else ["strategium"]
        parts = parts if is_package else parts[:-1]
        parts = parts[: len(parts) - (stmt.level - 1)]
        base = ".".join([*parts, *([stmt.module] if stmt.module else [])])
    return [f"{base}.{alias.name}" for alias in stmt.names]


def edges() -> list[Edge]:
    """Every import of a ``strategium`` module by a module of ``src/strategium``, of the three kinds."""
    modules = module_names()
    out: list[Edge] = []
    for importer, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for stmt, kind in import_statements(tree):
            found: list[str] = []
            for name in imported_names(stmt, importer, path.name == "__init__.py"):
                if name != "strategium" and not name.startswith("strategium."):
                    continue
                name = name.removeprefix("strategium").removeprefix(".")
                while name and name not in modules:  # ``from strategium.x import f``: the module is strategium.x
                    name = name.rpartition(".")[0]
                if name != importer and name not in found:
                    found.append(name)
            where = f"{path.relative_to(SRC.parent)}:{stmt.lineno}"
            out.extend(Edge(importer, name, where, kind) for name in found)
    return out


def layer_ranks() -> dict[str, int]:
    """Each node's layer: its index in :data:`LAYERS` (0 the base)."""
    return {n: i for i, layer in enumerate(LAYERS) for n in layer.split()}


def between_nodes() -> list[Edge]:
    """The edges that join two different nodes, without :data:`KNOWN_UPWARD`."""
    return [e for e in edges() if e.nodes[0] != e.nodes[1] and (e.importer, e.imported) not in KNOWN_UPWARD]


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One cycle of the graph as its nodes in order (the first repeated at the end), or None."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(v: str) -> list[str] | None:
        state[v] = 1
        path.append(v)
        for w in sorted(graph.get(v, ())):
            if state.get(w) == 1:
                return [*path[path.index(w) :], w]
            if w not in state and (found := visit(w)) is not None:
                return found
        path.pop()
        state[v] = 2
        return None

    for v in sorted(graph):
        if v not in state and (found := visit(v)) is not None:
            return found
    return None


# -- the tests ----------------------------------------------------------------------------------------------------


def test_no_import_cycle_between_top_level_packages() -> None:
    graph: dict[str, set[str]] = defaultdict(set)
    by_pair: dict[tuple[str, str], list[Edge]] = defaultdict(list)
    for e in between_nodes():
        graph[e.nodes[0]].add(e.nodes[1])
        by_pair[e.nodes].append(e)
    cycle = find_cycle(graph)
    if cycle is not None:
        rank = layer_ranks()
        lines = [" -> ".join(cycle)]
        for a, b in itertools.pairwise(cycle):
            found = by_pair[a, b]
            up = " (up the layers: the one to cut)" if rank.get(a, -1) < rank.get(b, -1) else ""
            lines += [f"  {a} -> {b}, {len(found)} import(s){up}:"] + [f"    {e}" for e in found[:5]]
            lines += [f"    ... and {len(found) - 5} more"] if len(found) > 5 else []
        raise AssertionError("an import cycle between top-level packages:\n" + "\n".join(lines))


def test_every_top_level_package_has_a_layer() -> None:
    placed = [n for layer in LAYERS for n in layer.split()]
    assert len(placed) == len(set(placed)), "a node is in two layers"
    missing = sorted({node(m) for m in module_names()} - set(placed))
    assert not missing, f"place these in a layer of LAYERS (tests/test_layers.py): {missing}"
    gone = sorted(set(placed) - {node(m) for m in module_names()})
    assert not gone, f"LAYERS names nodes that no longer exist: {gone}"


def test_imports_go_down_the_layers() -> None:
    rank = layer_ranks()
    upward = [e for e in between_nodes() if rank[e.nodes[0]] < rank[e.nodes[1]]]
    assert not upward, "imports of a higher layer (see LAYERS in tests/test_layers.py):\n" + "\n".join(
        f"  {e}" for e in upward
    )


def test_known_upward_edges_only_shrink() -> None:
    rank = layer_ranks()
    present = {(e.importer, e.imported) for e in edges()}
    stale = sorted(KNOWN_UPWARD - present)
    assert not stale, f"no longer imported: delete from KNOWN_UPWARD in tests/test_layers.py: {stale}"
    not_upward = sorted(p for p in KNOWN_UPWARD if rank[node(p[0])] >= rank[node(p[1])])
    assert not not_upward, f"not upward (nothing to allow): delete from KNOWN_UPWARD: {not_upward}"


def test_the_walk_counts_function_and_type_checking_imports() -> None:
    source = (
        "from typing import TYPE_CHECKING\n"
        "import strategium.dice\n"
        "if TYPE_CHECKING:\n"
        "    from strategium.engine.core.game import Game\n"
        "def f() -> None:\n"
        "    from strategium.rules.seed import scout\n"
        "class C:\n"
        "    from strategium.errors import InputError\n"
    )
    found = [(stmt.lineno, kind) for stmt, kind in import_statements(ast.parse(source))]
    assert found == [(1, "module"), (2, "module"), (4, "typing"), (6, "function"), (8, "module")]
    relative = ast.parse("from ..core import hooks\n").body[0]
    assert isinstance(relative, ast.ImportFrom)
    assert imported_names(relative, "engine.shooting.attack", False) == ["strategium.engine.core.hooks"]
