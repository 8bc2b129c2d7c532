"""No dead switches (issue 17): every rules-configuration setting is read by the engine or marked "not played yet".

How "read" is decided (statically, from the source of ``src/strategium`` outside ``strategium/config``, with
``ast``; the setting ``group.name`` below):

1. an attribute chain ``<anything>.group.name`` (``game.state.config.movement.coherency``,
   ``s.config.reserves.target``);
2. an attribute ``.name`` of a variable bound, in the same module, to ``<anything>.group``
   (``fa = s.config.flanking_assault`` then ``fa.disordered_on``), or ``getattr(that, "name")``;
3. a string constant that is exactly ``"group.name"`` (how rulings cite a setting and read it by name:
   ``config_reason(game, "reserves.target")``, ``config.get("reserves.target")``, ``configured(...)``), or a
   conditional of such constants (``"a.x" if flanking else "b.x"``). A setting only named in a docstring, a
   comment or inside a longer text does not count.

A setting counts as read only when its own group is named: ``.disordered_on`` of ``flanking_assault`` does not
read ``deep_strike.disordered_on``. So a setting read only through a computed name is missed (reported as not
read): then read it by one of the forms above. The test fails both ways: a setting neither read nor marked
``not_played`` in ``src/strategium/config/groups_*.py``, and a setting marked ``not_played`` that is read (a
stale mark: remove it, and document the setting as played).
"""

from __future__ import annotations

import ast
from collections.abc import Iterable
from pathlib import Path

from strategium.config import RulesConfig

SRC = Path(__file__).resolve().parents[2] / "src" / "strategium"


def settings_read(sources: Iterable[str], names: Iterable[str]) -> set[str]:
    """The dotted settings among ``names`` that the Python ``sources`` read (the three forms of the module
    docstring)."""
    wanted = set(names)
    groups = {name.split(".", 1)[0] for name in wanted}
    found: set[str] = set()
    for source in sources:
        tree = ast.parse(source)
        docstrings = _docstrings(tree)
        aliases = _aliases(tree, groups)
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute):
                inner = node.value
                if isinstance(inner, ast.Attribute) and inner.attr in groups:
                    found.add(f"{inner.attr}.{node.attr}")
                elif isinstance(inner, ast.Name) and inner.id in aliases:
                    found.update(f"{group}.{node.attr}" for group in aliases[inner.id])
            elif isinstance(node, ast.Call) and _is_getattr(node):
                target, attr = node.args[0], node.args[1]
                assert isinstance(attr, ast.Constant)
                if isinstance(target, ast.Attribute) and target.attr in groups:
                    found.add(f"{target.attr}.{attr.value}")
                elif isinstance(target, ast.Name) and target.id in aliases:
                    found.update(f"{group}.{attr.value}" for group in aliases[target.id])
            elif isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
                found.add(node.value)
    return found & wanted


def _docstrings(tree: ast.Module) -> set[int]:
    """The ids of the string constants that are docstrings (or other bare string statements)."""
    return {
        id(node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)
    }


def _aliases(tree: ast.Module, groups: set[str]) -> dict[str, set[str]]:
    """Variable names bound (``x = ...group``, ``x: T = ...group``, ``with``/walrus alike) to a settings group."""
    out: dict[str, set[str]] = {}
    for node in ast.walk(tree):
        pairs: list[tuple[ast.expr, ast.expr | None]] = []
        if isinstance(node, ast.Assign):
            pairs = [(target, node.value) for target in node.targets]
        elif isinstance(node, ast.AnnAssign | ast.NamedExpr):
            pairs = [(node.target, node.value)]
        for target, value in pairs:
            if isinstance(target, ast.Name) and isinstance(value, ast.Attribute) and value.attr in groups:
                out.setdefault(target.id, set()).add(value.attr)
    return out


def _is_getattr(node: ast.Call) -> bool:
    return (
        isinstance(node.func, ast.Name)
        and node.func.id == "getattr"
        and len(node.args) >= 2
        and isinstance(node.args[1], ast.Constant)
        and isinstance(node.args[1].value, str)
    )


def engine_sources() -> list[str]:
    """The text of every module of ``src/strategium`` outside the ``config`` package, in a fixed order."""
    return [
        path.read_text(encoding="utf-8")
        for path in sorted(SRC.rglob("*.py"))
        if path.relative_to(SRC).parts[0] != "config"
    ]


def test_every_setting_is_read_by_the_engine_or_marked_not_played_yet() -> None:
    rows = RulesConfig().describe()
    read = settings_read(engine_sources(), (row.name for row in rows))
    dead = [row.name for row in rows if row.played and row.name not in read]
    assert not dead, (
        f"settings no code outside strategium.config reads: {dead}; play them (read them and test that flipping "
        'them changes an outcome), remove them, or mark them not_played="why" in src/strategium/config/groups_*.py'
    )


def test_no_setting_marked_not_played_yet_is_read() -> None:
    rows = RulesConfig().describe()
    read = settings_read(engine_sources(), (row.name for row in rows))
    stale = [row.name for row in rows if not row.played and row.name in read]
    assert not stale, f"settings marked not played yet that the engine reads: {stale}; remove their not_played mark"


def test_the_reader_sees_chains_aliases_getattr_and_names_but_not_docstrings_or_other_groups() -> None:
    names = [f"{group}.{name}" for group in ("reserves", "charge", "fight", "damage", "cover") for name in "abcde"]
    source = '''
"""Module docstring naming "reserves.e" and `cover.a`."""
def f(game, flanking):
    """Docstring: fight.a."""
    x = game.state.config.reserves.a
    cfg = game.state.config.charge
    y = cfg.b + getattr(cfg, "c") + getattr(game.config.fight, "d")
    why = config_reason(game, "damage.e" if flanking else "damage.d")
    text = "a longer text about cover.b"
    return game.config.movement.a, other.e
'''
    read = settings_read([source], names)
    assert read == {"reserves.a", "charge.b", "charge.c", "fight.d", "damage.e", "damage.d"}
