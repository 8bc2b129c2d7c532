"""The import graph of ``src/strategium``, measured with the standard library's ``ast`` (issue 19, planning).

Every ``import`` / ``from ... import`` of a ``strategium`` module is one edge (importing module -> imported
module, line), of one of three kinds:

- ``module``: runs when the importing module is imported (module level, class bodies, module-level ``if`` and
  ``try`` blocks included);
- ``function``: inside a function or method body (runs when that function is called: a deferred import);
- ``typing``: under ``if TYPE_CHECKING:`` (at any depth): never runs, only mypy reads it.

``from strategium.engine import hooks`` is an edge to ``strategium.engine.core.hooks`` (the name is a module);
``from strategium.engine.core.hooks import on_step`` an edge to ``strategium.engine.core.hooks``; relative imports are
resolved. Edges are then grouped by *node*: the top-level package (``engine``, ``rules``, ...; a top-level
module such as ``dice.py`` is its own node) or, with ``--depth 2``, the second level (``engine.hooks``).

Usage (from the repository root, or pass ``--src``)::

    python imports.py                      # package matrix per kind, cycles (SCCs), every edge in a cycle
    python imports.py --layers L           # every edge that goes against the layer order L (see LAYERS)
    python imports.py --depth 2 --within engine   # the same inside one package, module by module
    python imports.py --map MAP            # first rename modules by MAP ("old new" per line, as move.py)
    python imports.py --json               # every edge, machine-readable

Exit status 0; 1 with ``--check`` when there is a cycle among nodes over runtime edges (module + function).
"""

from __future__ import annotations

import argparse
import ast
import json
import sys
from collections import defaultdict
from collections.abc import Iterable, Iterator
from dataclasses import asdict, dataclass
from pathlib import Path

KINDS = ("module", "function", "typing")

LAYERS = (
    # The layers of issue 19 as they stand today (rules/ split into its catalogue and its plug-ins, see
    # CATALOGUE), lowest first; a node may import only nodes of its own layer or lower ones.
    "__init__,errors,limits,yaml_lines,validation_messages,dice",
    "geometry,model",
    "rules.catalogue",  # the catalogue: rules.{registry,catalog*,definitions,status} (see CATALOGUE)
    "config",
    "army",
    "combat",
    "engine",
    "rules.plugins",  # every other module of rules/
    "scenario",
    "agents",
    "battle",
    "report",
    "cli",
)

TARGET_LAYERS = (
    # The proposed layers after the moves of mapping.txt (PLAN.md): the catalogue is its own package, below
    # model (a weapon profile carries RuleRefs); the scenario runner is "check"; scenario files name engine things.
    "__init__,errors,limits,yaml_lines,validation_messages,dice,problems",
    "catalogue",
    "model",
    "geometry",
    "config",
    "army",
    "combat",
    "engine",
    "rules",
    "scenario",
    "agents",
    "battle",
    "check",
    "report",
    "cli",
)

CATALOGUE = {
    "strategium.rules",
    "strategium.catalogue.registry",
    "strategium.catalogue.catalog",
    "strategium.catalogue.army_rules",
    "strategium.catalogue.core_rules",
    "strategium.catalogue.type_rules",
    "strategium.catalogue.weapon_rules",
    "strategium.catalogue.faction_weapon_rules",
    "strategium.catalogue.definitions",
    "strategium.catalogue.status",
}


@dataclass(frozen=True)
class Edge:
    """One import statement's edge: ``src`` imports ``dst`` at ``line`` (``kind`` in :data:`KINDS`)."""

    src: str
    dst: str
    line: int
    kind: str
    text: str


def module_name(path: Path, src: Path) -> str:
    """``src/strategium/engine/core/hooks.py`` -> ``strategium.engine.core.hooks`` (``__init__`` -> the package)."""
    parts = list(path.relative_to(src).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def all_modules(src: Path) -> dict[str, Path]:
    """Every module under ``src/strategium`` by dotted name."""
    return {module_name(p, src): p for p in sorted((src / "strategium").rglob("*.py"))}


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _walk(node: ast.AST, in_function: bool, in_typing: bool) -> Iterator[tuple[ast.stmt, bool, bool]]:
    """Every import statement under ``node`` with (in a function body, under ``if TYPE_CHECKING``)."""
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.Import | ast.ImportFrom):
            yield child, in_function, in_typing
        elif isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            yield from _walk(child, True, in_typing)
        elif isinstance(child, ast.If) and _is_type_checking(child.test):
            for stmt in child.body:
                yield from _walk(ast.Module(body=[stmt], type_ignores=[]), in_function, True)
            for stmt in child.orelse:
                yield from _walk(ast.Module(body=[stmt], type_ignores=[]), in_function, in_typing)
        else:
            yield from _walk(child, in_function, in_typing)


def _resolve_from(mod: str, is_package: bool, node: ast.ImportFrom) -> str:
    if node.level == 0:
        return node.module or ""
    base = mod.split(".") if is_package else mod.split(".")[:-1]
    if node.level > 1:
        base = base[: -(node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def edges_of(mod: str, path: Path, modules: dict[str, Path]) -> Iterator[Edge]:
    """Every edge from ``mod`` to another ``strategium`` module."""
    source = path.read_text(encoding="utf-8")
    tree = ast.parse(source, str(path))
    lines = source.splitlines()
    is_package = path.name == "__init__.py"
    for stmt, in_function, in_typing in _walk(tree, False, False):
        kind = "typing" if in_typing else "function" if in_function else "module"
        text = lines[stmt.lineno - 1].strip()
        targets: list[str] = []
        if isinstance(stmt, ast.Import):
            targets = [a.name for a in stmt.names]
        else:
            assert isinstance(stmt, ast.ImportFrom)
            base = _resolve_from(mod, is_package, stmt)
            for a in stmt.names:
                sub = f"{base}.{a.name}"
                targets.append(sub if sub in modules else base)
        for t in dict.fromkeys(targets):
            while t and t not in modules:  # "import strategium.x.y" of a name that is not a module
                t = t.rpartition(".")[0]
            if t.startswith("strategium") and t != mod:
                yield Edge(mod, t, stmt.lineno, kind, text)


def read_map(path: Path | None) -> dict[str, str]:
    """``old new`` pairs, one per line (``#`` comments), dotted module names."""
    if path is None:
        return {}
    out = {}
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.split("#", 1)[0].strip()
        if line:
            old, new = line.split()
            out[old] = new
    return out


def node_of(mod: str, depth: int, catalogue_split: bool) -> str:
    """The node a module belongs to: its first ``depth`` components after ``strategium``."""
    parts = mod.split(".")[1:] or ["__init__"]
    if catalogue_split and parts[0] == "rules" and depth == 1:
        return "rules.catalogue" if mod in CATALOGUE else "rules.plugins"
    return ".".join(parts[:depth])


def sccs(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one node (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []
    counter = [0]

    def visit(v: str) -> None:
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    sys.setrecursionlimit(10000)
    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def short_cycles(graph: dict[str, set[str]], limit: int = 40) -> list[list[str]]:
    """Up to ``limit`` elementary cycles, shortest first (each node's shortest cycle back to it, by BFS)."""
    found: dict[frozenset[tuple[str, str]], list[str]] = {}
    for start in sorted(graph):
        prev: dict[str, str] = {}
        queue = [start]
        seen = {start}
        while queue:
            nxt: list[str] = []
            for v in queue:
                for w in sorted(graph.get(v, ())):
                    if w == start:
                        path = [v]
                        while path[-1] != start:
                            path.append(prev[path[-1]])
                        cyc = list(reversed(path))
                        found.setdefault(frozenset(zip(cyc, cyc[1:] + cyc[:1], strict=True)), cyc)
                        nxt = []
                        queue = []
                        break
                    if w not in seen:
                        seen.add(w)
                        prev[w] = v
                        nxt.append(w)
                else:
                    continue
                break
            queue = nxt
    return sorted(found.values(), key=lambda c: (len(c), c))[:limit]


def main(argv: Iterable[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--src", type=Path, default=Path("src"))
    ap.add_argument("--depth", type=int, default=1, help="1: top-level packages; 2: their modules/subpackages")
    ap.add_argument("--within", help="only edges between modules of this top-level package (with --depth 2+)")
    ap.add_argument("--map", type=Path, help="rename modules first (old new per line)")
    ap.add_argument("--split-rules", action="store_true", help="rules as two nodes: catalogue and plug-ins")
    ap.add_argument("--layers", action="store_true", help="list the edges against LAYERS (implies --split-rules)")
    ap.add_argument("--target", action="store_true", help="list the edges against TARGET_LAYERS (after the moves)")
    ap.add_argument("--json", action="store_true", help="print every edge as JSON")
    ap.add_argument("--cycle-edges", action="store_true", help="list every edge inside a runtime cycle")
    ap.add_argument("--check", action="store_true", help="exit 1 on a runtime cycle among nodes")
    args = ap.parse_args(list(argv) if argv is not None else None)
    split = (args.split_rules or args.layers) and not args.target

    modules = all_modules(args.src)
    renames = read_map(args.map)

    def ren(m: str) -> str:
        return renames.get(m, m)

    edges = [e for m, p in modules.items() for e in edges_of(m, p, modules)]
    edges = [Edge(ren(e.src), ren(e.dst), e.line, e.kind, e.text) for e in edges]
    if args.json:
        print(json.dumps([asdict(e) for e in edges], indent=1))
        return 0

    def nd(m: str) -> str:
        return node_of(m, args.depth, split)

    if args.within:
        edges = [e for e in edges if e.src.split(".")[1:2] == [args.within] and e.dst.split(".")[1:2] == [args.within]]
    by_pair: dict[tuple[str, str], list[Edge]] = defaultdict(list)
    for e in edges:
        a, b = nd(e.src), nd(e.dst)
        if a != b:
            by_pair[a, b].append(e)
    nodes = sorted({n for pair in by_pair for n in pair})

    print(f"# {len(modules)} modules, {len(edges)} import edges to strategium modules")
    for kind in KINDS:
        print(f"  {kind}: {sum(e.kind == kind for e in edges)}")
    print("\n## Node -> node: statements by kind (module / function / typing)")
    for (a, b), es in sorted(by_pair.items()):
        c = [sum(e.kind == k for e in es) for k in KINDS]
        print(f"  {a:>22} -> {b:<22} {c[0]:3d} / {c[1]:3d} / {c[2]:3d}")

    rc = 0
    for label, kinds in (
        ("module-level", {"module"}),
        ("runtime (module + function)", {"module", "function"}),
        ("all (typing included)", set(KINDS)),
    ):
        graph: dict[str, set[str]] = defaultdict(set)
        for (a, b), es in by_pair.items():
            if any(e.kind in kinds for e in es):
                graph[a].add(b)
        comps = sccs(graph)
        print(f"\n## Cycles over {label} edges: {len(comps)} strongly connected group(s)")
        for comp in comps:
            print("  SCC: " + ", ".join(comp))
        for cyc in short_cycles(graph):
            print("  cycle: " + " -> ".join([*cyc, cyc[0]]))
        if comps and "function" in kinds and "typing" not in kinds and args.check:
            rc = 1
        if label.startswith("runtime"):
            runtime_comps = comps
    for comp in runtime_comps if args.cycle_edges else []:
        print("\n## Every node-to-node edge inside a runtime cycle (module / function edges; typing marked)")
        members = set(comp)
        for (a, b), es in sorted(by_pair.items()):
            if a in members and b in members:
                print(f"  {a} -> {b}")
                for e in sorted(es, key=lambda e: (e.src, e.line)):
                    print(f"      {e.src}:{e.line} [{e.kind}] -> {e.dst}    {e.text}")

    if args.layers or args.target:
        order = TARGET_LAYERS if args.target else LAYERS
        rank = {n: i for i, layer in enumerate(order) for n in layer.split(",")}
        print("\n## Edges against the layer order (an importer in a lower layer than what it imports)")
        for (a, b), es in sorted(by_pair.items()):
            if a in rank and b in rank and rank[a] < rank[b]:
                print(f"  {a} (layer {rank[a]}) -> {b} (layer {rank[b]})")
                for e in sorted(es, key=lambda e: (e.src, e.line)):
                    print(f"      {e.src}:{e.line} [{e.kind}] -> {e.dst}    {e.text}")
        unknown = [n for n in nodes if n not in rank]
        if unknown:
            print("  (nodes not in LAYERS: " + ", ".join(unknown) + ")")
    return rc


if __name__ == "__main__":
    raise SystemExit(main())
