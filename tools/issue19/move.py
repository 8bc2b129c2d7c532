"""Move modules and rewrite every reference to them, with no compatibility shims (issue 19, planning).

Usage (from anywhere)::

    python move.py MAP [--repo DIR] [--dry-run] [--no-git] [--no-ruff] [--docs]

``MAP`` holds one move per line, ``old.dotted.module new.dotted.module`` (``#`` starts a comment), for modules
of ``strategium`` (``src/strategium/...``) and of the tests (``tests/...``). A module is a ``.py`` file, never a
package's ``__init__``. What it does, in order:

1. Checks the map: every old module exists; no two moves share a target; no target exists unless another move
   vacates it; a target folder may not be an existing module (``engine/shooting/attack.py`` cannot stay while
   ``engine/shooting/`` is made: move it too, say to ``engine/shooting/attack.py``).
2. ``git mv`` every file (through a temporary name, so moves may swap and a module may become a folder), and
   creates an ``__init__.py`` (a one-line docstring to write properly later) in every new folder.
3. Rewrites every ``.py`` file under ``src/``, ``tests/``, ``benchmarks/`` and ``tools/``:
   - every dotted name of an old module, wherever it stands (``from strategium.engine.x import a``,
     ``import strategium.engine.x as y``, ``"strategium.engine.x.func"`` in a monkeypatch target, docstrings,
     comments, ``strategium.engine.x.f()`` attribute chains), in one pass over the original text (a new name
     that starts with an old one is never rewritten twice);
   - every ``from package import module`` whose module moved: the statement is split into one statement per
     target package, names in their original order, ``as`` kept, and ``as old_name`` added when the module's
     name changed, so the code using it needs no change; comments of the statement (``# noqa: F401``) are kept
     on each new statement;
   - with ``--docs``, file paths too (``engine/x.py``, ``src/strategium/engine/x.py``, ``tests/engine/test_x.py``)
     in ``.py`` files and in ``docs/*.md`` and ``README.md``; the dotted names in those Markdown files always.
4. Runs ``ruff check --select I --fix`` on the files it changed (import blocks re-sorted), unless ``--no-ruff``.

It refuses relative imports in the files it would change (there are none in strategium today) and warns about
moved files that use ``__file__`` (their ``parents[N]`` depth may now be wrong). ``--dry-run`` prints what it
would do and changes nothing. Exit status 0, or 2 with one line on stderr for a bad map.
"""

from __future__ import annotations

import argparse
import ast
import io
import re
import subprocess
import sys
import tokenize
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

ROOTS = {"strategium": Path("src/strategium"), "tests": Path("tests")}
"""Where each top-level name's modules live, relative to the repository."""

PY_FOLDERS = ("src", "tests", "benchmarks", "tools")
DOC_FILES = ("docs/*.md", "README.md")


class MapError(Exception):
    """A bad map: the message names the line or the module."""


def module_path(name: str) -> Path:
    """``strategium.engine.x`` -> ``src/strategium/engine/x.py``; ``tests.engine.t`` -> ``tests/engine/t.py``."""
    top, _, rest = name.partition(".")
    if top not in ROOTS or not rest:
        raise MapError(f"{name}: not a module of strategium or of the tests")
    return ROOTS[top].joinpath(*rest.split(".")).with_suffix(".py")


def read_map(path: Path) -> dict[str, str]:
    """The moves of ``path`` (see the module docstring)."""
    out: dict[str, str] = {}
    for n, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        parts = line.split()
        if len(parts) != 2:
            raise MapError(f"{path}:{n}: expected 'old.module new.module', got {raw.strip()!r}")
        old, new = parts
        if old in out:
            raise MapError(f"{path}:{n}: {old} is moved twice")
        out[old] = new
    return out


def check_map(repo: Path, moves: dict[str, str]) -> None:
    """Raise :class:`MapError` for a move that cannot be made (see the module docstring, item 1)."""
    targets: dict[str, str] = {}
    vacated = {module_path(o) for o in moves}
    for old, new in moves.items():
        if new in targets:
            raise MapError(f"{old} and {targets[new]} both move to {new}")
        targets[new] = old
        src, dst = repo / module_path(old), repo / module_path(new)
        if not src.is_file():
            raise MapError(f"{old}: no file {module_path(old)}")
        if module_path(old).name == "__init__.py" or module_path(new).name == "__init__.py":
            raise MapError(f"{old} -> {new}: packages' __init__ modules are not moved")
        if dst.exists() and module_path(new) not in vacated:
            raise MapError(f"{new}: {module_path(new)} exists already")
        for parent in module_path(new).parents:
            if not parent.name:
                continue
            as_module = repo / parent.with_suffix(".py")
            if as_module.is_file() and parent.with_suffix(".py") not in vacated:
                raise MapError(f"{new}: the folder {parent} would shadow the module {parent.with_suffix('.py')}")


# -- moving files ------------------------------------------------------------------------------------------------


def git_move(repo: Path, moves: dict[str, str], *, use_git: bool, dry: bool) -> list[Path]:
    """Move every file (through a temporary name) and create the new packages' ``__init__.py``; returns them."""
    tmp = repo / ".move-tmp"
    staged: list[tuple[Path, Path]] = []
    for n, (old, new) in enumerate(moves.items()):
        staged.append((tmp / f"{n}.py", repo / module_path(new)))
        if not dry:
            tmp.mkdir(exist_ok=True)
            _mv(repo, repo / module_path(old), tmp / f"{n}.py", use_git)
    created: list[Path] = []
    for src, dst in staged:
        for parent in reversed(dst.relative_to(repo).parents[:-1]):
            folder = repo / parent
            init = folder / "__init__.py"
            if init.exists() or init in created or parent in (Path("src"), Path(".")):
                continue
            created.append(init)
            if not dry:
                folder.mkdir(parents=True, exist_ok=True)
                dotted = ".".join(parent.parts[1:] if parent.parts[0] == "src" else parent.parts)
                init.write_text(f'"""{dotted}: (issue 19) say what this package holds."""\n', encoding="utf-8")
                if use_git:
                    subprocess.run(["git", "add", str(init.relative_to(repo))], cwd=repo, check=True)
        if not dry:
            _mv(repo, src, dst, use_git)
    if not dry and tmp.exists():
        tmp.rmdir()
    return created


def _mv(repo: Path, src: Path, dst: Path, use_git: bool) -> None:
    dst.parent.mkdir(parents=True, exist_ok=True)
    if use_git:
        subprocess.run(["git", "mv", str(src.relative_to(repo)), str(dst.relative_to(repo))], cwd=repo, check=True)
    else:
        src.rename(dst)


# -- rewriting references ------------------------------------------------------------------------------------------


def dotted_pattern(olds: Iterable[str]) -> re.Pattern[str]:
    """Any old dotted name, whole (not inside a longer name; an attribute after it is fine)."""
    alternatives = "|".join(re.escape(o) for o in sorted(olds, key=len, reverse=True))
    return re.compile(rf"(?<![\w.])({alternatives})(?!\w)")


def path_pattern(moves: dict[str, str]) -> tuple[re.Pattern[str], dict[str, str]]:
    """Old file paths as written in docs and docstrings: ``engine/x.py`` (relative to ``src/strategium``, with or
    without that prefix) and ``tests/...`` paths; and the replacement of each."""
    subs: dict[str, str] = {}
    for old, new in moves.items():
        po, pn = module_path(old).as_posix(), module_path(new).as_posix()
        subs[po] = pn
        if po.startswith("src/strategium/"):
            subs[po.removeprefix("src/strategium/")] = pn.removeprefix("src/strategium/")
            subs[po.removeprefix("src/")] = pn.removeprefix("src/")
    alternatives = "|".join(re.escape(p) for p in sorted(subs, key=len, reverse=True))
    return re.compile(rf"(?<![\w/.])({alternatives})(?![\w/])"), subs


@dataclass
class Rewrite:
    """What rewriting one file did."""

    path: Path
    dotted: int = 0
    split: int = 0
    paths: int = 0
    notes: list[str] = field(default_factory=list)


def _comments(source: str, first: int, last: int) -> list[str]:
    """The comments on lines ``first``..``last`` (1-based) of ``source``."""
    out = []
    try:
        for tok in tokenize.generate_tokens(io.StringIO(source).readline):
            if tok.type == tokenize.COMMENT and first <= tok.start[0] <= last:
                out.append(tok.string)
    except tokenize.TokenError:
        pass
    return out


def _format_from(indent: str, module: str, names: list[str], comment: str) -> str:
    """``from module import a, b as c`` on one line, or parenthesised one name a line when longer than 120."""
    tail = f"  {comment}" if comment else ""
    line = f"{indent}from {module} import {', '.join(names)}{tail}"
    if len(line) <= 120:
        return line
    inner = "".join(f"{indent}    {n},\n" for n in names)
    return f"{indent}from {module} import ({tail}\n{inner}{indent})"


def split_from_imports(source: str, moves: dict[str, str], rw: Rewrite) -> str:
    """Rewrite each ``from package import module`` whose module moved (see the module docstring, item 3)."""
    try:
        tree = ast.parse(source)
    except SyntaxError as exc:
        rw.notes.append(f"not parsed, from-imports of moved modules left as they are: {exc}")
        return source
    lines = source.splitlines(keepends=True)
    edits: list[tuple[int, int, str]] = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.ImportFrom) or node.module is None:
            continue
        if node.level:
            if any(f"{node.module}.{a.name}" in moves for a in node.names):
                raise MapError(f"{rw.path}:{node.lineno}: relative import of a moved module; make it absolute first")
            continue
        if not any(f"{node.module}.{a.name}" in moves for a in node.names):
            continue
        groups: list[tuple[str, list[str]]] = []
        for a in node.names:
            full = f"{node.module}.{a.name}"
            if full in moves:
                package, _, name = moves[full].rpartition(".")
                local = a.asname or a.name
                text = name if local == name else f"{name} as {local}"
            else:
                package, text = node.module, a.name if a.asname is None else f"{a.name} as {a.asname}"
            if groups and groups[-1][0] == package:
                groups[-1][1].append(text)
            else:
                groups.append((package, [text]))
        assert node.end_lineno is not None
        comments = _comments(source, node.lineno, node.end_lineno)
        kept = " ".join(c for c in comments if "noqa" in c or "type:" in c)
        others = [c for c in comments if c not in kept]
        indent = lines[node.lineno - 1][: node.col_offset]
        if kept:  # one statement a name, each with the comment: the import sorter keeps a comment per statement
            statements = [_format_from(indent, pkg, [n], kept) for pkg, names in groups for n in names]
        else:
            statements = [_format_from(indent, pkg, names, kept) for pkg, names in groups]
        if others:
            statements[0] = f"{indent}{' '.join(others)}\n{statements[0]}"
        edits.append((node.lineno, node.end_lineno, "\n".join(statements) + "\n"))
        rw.split += 1
    for first, last, text in sorted(edits, reverse=True):
        lines[first - 1 : last] = [text]
    return "".join(lines)


def rewrite_text(
    text: str,
    dotted: re.Pattern[str],
    moves: dict[str, str],
    paths: tuple[re.Pattern[str], dict[str, str]] | None,
    rw: Rewrite,
) -> str:
    """Every old dotted name (and, with ``paths``, every old file path) replaced, in one pass each."""

    def sub_dotted(m: re.Match[str]) -> str:
        rw.dotted += 1
        return moves[m.group(1)]

    text = dotted.sub(sub_dotted, text)
    if paths is not None:
        pattern, subs = paths

        def sub_path(m: re.Match[str]) -> str:
            rw.paths += 1
            return subs[m.group(1)]

        text = pattern.sub(sub_path, text)
    return text


def rewrite_repo(
    repo: Path, moves: dict[str, str], *, docs: bool, dry: bool, skip: Iterable[Path] = ()
) -> list[Rewrite]:
    """Rewrite every Python file but ``skip`` (the new packages' ``__init__``: their docstring names the new
    package, which may be an old module's name) and, with ``docs``, the Markdown docs; returns what changed."""
    skipped = set(skip)
    dotted = dotted_pattern(moves)
    paths = path_pattern(moves) if docs else None
    done: list[Rewrite] = []
    files = [
        p
        for folder in PY_FOLDERS
        for p in sorted((repo / folder).rglob("*.py"))
        if ".move-tmp" not in p.parts and p not in skipped
    ]
    for path in files:
        original = path.read_text(encoding="utf-8")
        rw = Rewrite(path.relative_to(repo))
        text = rewrite_text(original, dotted, moves, paths, rw)
        text = split_from_imports(text, moves, rw)
        if text != original:
            done.append(rw)
            if not dry:
                path.write_text(text, encoding="utf-8")
    md = [p for pattern in DOC_FILES for p in sorted(repo.glob(pattern))]
    for path in md:
        original = path.read_text(encoding="utf-8")
        rw = Rewrite(path.relative_to(repo))
        text = rewrite_text(original, dotted, moves, paths, rw)
        if text != original:
            done.append(rw)
            if not dry:
                path.write_text(text, encoding="utf-8")
    return done


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("map", type=Path)
    ap.add_argument("--repo", type=Path, default=Path("."))
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--no-git", action="store_true", help="plain renames instead of git mv")
    ap.add_argument("--no-ruff", action="store_true", help="do not re-sort the import blocks")
    ap.add_argument("--docs", action="store_true", help="also rewrite file paths, and docs/*.md and README.md")
    ap.add_argument("--ruff", default="ruff", help="the ruff executable")
    args = ap.parse_args(argv)
    repo = args.repo.resolve()
    try:
        moves = read_map(args.map)
        check_map(repo, moves)
    except MapError as exc:
        print(f"move.py: error: {exc}", file=sys.stderr)
        return 2
    for old, new in moves.items():
        src = (repo / module_path(old)).read_text(encoding="utf-8")
        if "__file__" in src and len(module_path(old).parts) != len(module_path(new).parts):
            print(f"warning: {module_path(old)} uses __file__ and moves to another depth: check its parents[N]")
    created = git_move(repo, moves, use_git=not args.no_git, dry=args.dry_run)
    try:
        done = rewrite_repo(repo, moves, docs=args.docs, dry=args.dry_run, skip=created)
    except MapError as exc:
        print(f"move.py: error: {exc}", file=sys.stderr)
        return 2
    print(f"{len(moves)} modules moved, {len(created)} packages created: {', '.join(str(c) for c in created)}")
    for rw in done:
        extra = f" (paths {rw.paths})" if rw.paths else ""
        print(f"  {rw.path}: {rw.dotted} dotted names, {rw.split} from-imports split{extra}")
        for note in rw.notes:
            print(f"    note: {note}")
    changed = [str(repo / rw.path) for rw in done if rw.path.suffix == ".py"]
    if not args.dry_run and not args.no_ruff and changed:
        subprocess.run([args.ruff, "check", "--select", "I", "--fix", "--quiet", *changed], cwd=repo, check=False)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
