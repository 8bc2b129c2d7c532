"""The sizes of ``src/strategium`` (issue 19): short modules, small folders, and tests laid out like the source.

Three rules, one test each:

1. **A module holds at most** :data:`MAX_LINES` **lines** (every line of the file, blank and docstring lines too,
   as ``wc -l`` counts them). A longer module is split by what its parts are about (as in section (b) of
   ``docs/plans/issue-19-rules-layer.md``).
2. **A folder holds at most** :data:`MAX_MODULES` **modules**, ``__init__.py`` not counted: past that, it wants
   subpackages (the engine is split by phase: ``engine/core``, ``engine/shooting``...).
3. **Every source folder has its tests' folder**: ``src/strategium/<path>/`` (a folder of Python files) has
   ``tests/<path>/`` with an ``__init__.py``, so the tests of a module are found where the module is
   (``src/strategium/engine/shooting/attack.py`` -> ``tests/engine/shooting/``; ``src/strategium`` -> ``tests``).

Exceptions are named in the allow-lists below, each with its reason. An entry that no longer needs to be there
fails the test, so the lists only shrink.
"""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "src" / "strategium"
TESTS = ROOT / "tests"

MAX_LINES = 600
"""Lines a module may hold."""

MAX_MODULES = 20
"""Modules a folder may hold (``__init__.py`` not counted)."""

LONG_MODULES: dict[str, str] = {
    # module (path under src/strategium) -> why it is longer than MAX_LINES for now
}

FULL_FOLDERS: dict[str, str] = {
    # folder (path under src/strategium) -> why it holds more than MAX_MODULES modules for now
}

UNMIRRORED: dict[str, str] = {
    # source folder (path under src/strategium) -> why it has no tests/<path>/ for now
}


def lines_of(path: Path) -> int:
    """The file's lines, as ``wc -l`` counts them (a last line without a newline counts too)."""
    return len(path.read_text(encoding="utf-8").splitlines())


def source_folders() -> list[Path]:
    """Every folder of ``src/strategium`` that holds Python files (``src/strategium`` itself included; data folders
    such as ``army/demo`` hold none)."""
    return sorted({p.parent for p in PACKAGE.rglob("*.py")})


def _stale(allowed: dict[str, str], still: set[str]) -> list[str]:
    return sorted(set(allowed) - still)


def test_no_module_is_longer_than_max_lines() -> None:
    long = {str(p.relative_to(PACKAGE)): lines_of(p) for p in PACKAGE.rglob("*.py") if lines_of(p) > MAX_LINES}
    new = {m: n for m, n in sorted(long.items()) if m not in LONG_MODULES}
    assert not new, f"modules over {MAX_LINES} lines (split them by what their parts are about): {new}"
    stale = _stale(LONG_MODULES, set(long))
    assert not stale, f"no longer over {MAX_LINES} lines: delete from LONG_MODULES in tests/test_sizes.py: {stale}"


def test_no_folder_holds_more_than_max_modules() -> None:
    counts = {
        str(d.relative_to(PACKAGE)): len([p for p in d.glob("*.py") if p.name != "__init__.py"])
        for d in source_folders()
    }
    full = {d: n for d, n in counts.items() if n > MAX_MODULES}
    new = {d: n for d, n in sorted(full.items()) if d not in FULL_FOLDERS}
    assert not new, f"folders with more than {MAX_MODULES} modules (make subpackages): {new}"
    stale = _stale(FULL_FOLDERS, set(full))
    assert not stale, f"no longer over {MAX_MODULES} modules: delete from FULL_FOLDERS in tests/test_sizes.py: {stale}"


def test_every_source_folder_has_its_tests_folder() -> None:
    missing = {
        str(d.relative_to(PACKAGE))
        for d in source_folders()
        if not (TESTS / d.relative_to(PACKAGE) / "__init__.py").is_file()
    }
    new = sorted(missing - set(UNMIRRORED))
    assert not new, f"source folders without tests/<same path>/__init__.py: {new}"
    stale = _stale(UNMIRRORED, missing)
    assert not stale, f"mirrored now: delete from UNMIRRORED in tests/test_sizes.py: {stale}"
