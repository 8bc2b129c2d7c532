"""Dump every plug-in registry of the engine in registration order (issue 19, planning).

Why: hooks, blockers, exemptions, modifier sources, Reactions... run (and list their reasons) in registration
order, and that order is import order. Moving modules and taking the rule imports out of ``engine/core/game.py`` may
change it, and with it the order of reasons in a ruling and of hooks after an event: the guard logs would differ.
Dump before and after the refactor and compare (module names mapped through the move map):

    PYTHONPATH=src python registrations.py > before.txt                  # on main
    PYTHONPATH=src python registrations.py --map MAP > after.txt         # on the branch (MAP: old new per line)
    diff before.txt after.txt

``--entry MODULE`` (repeatable) imports those modules first, as an entry point would (default:
``strategium.engine.core.game``, then ``strategium.battle.setup``). A registry not found (renamed or moved) is reported
as ``MISSING``, never skipped silently. Registries are looked up by their module's *current* name: pass
``--registry-map`` (the same MAP) after the move, so the old names in REGISTRIES are found at their new homes.
``--map`` may be given more than once: ``splits.txt`` maps each part of a split module back to the old name
(``--map mapping.txt --map splits.txt``).
"""

from __future__ import annotations

import argparse
import dataclasses
import importlib
from pathlib import Path
from typing import Any

REGISTRIES = (
    ("strategium.engine.core.handlers", "HANDLERS"),
    ("strategium.engine.core.hooks", "_HOOKS"),
    ("strategium.engine.core.hooks", "_EVENT_HOOKS"),
    ("strategium.engine.questions.queries", "_BLOCKERS"),
    ("strategium.engine.questions.queries", "_EXEMPTIONS"),
    ("strategium.engine.questions.profiles_now", "_SOURCES"),
    ("strategium.engine.questions.choices", "_ANSWERS"),
    ("strategium.engine.questions.choices", "_LATER"),
    ("strategium.engine.reactions.registry", "_REACTIONS"),
    ("strategium.engine.reactions.registry", "_SOURCES"),
    ("strategium.engine.reactions.registry", "_FREE"),
    ("strategium.engine.reactions.registry", "_CONTINUE"),
    ("strategium.engine.assault.charges", "_CAUSES"),
    ("strategium.engine.assault.charges", "_TERRAIN_EXEMPTIONS"),
    ("strategium.engine.assault.charges", "_CHARGE_BONUSES"),
    ("strategium.engine.movement.common", "_RUN_BONUSES"),
    ("strategium.engine.movement.common", "_NOT_SLOWED"),
    ("strategium.engine.movement.common", "_DANGEROUS_EXEMPTIONS"),
    ("strategium.engine.assault.fight", "_STEP_HOOKS"),
    ("strategium.engine.morale.leadership", "_SUPPRESSORS"),
    ("strategium.engine.morale.leadership", "_LD_MODIFIERS"),
    ("strategium.engine.assault.resolution", "_BONUSES"),
    ("strategium.engine.assault.resolution", "_NOTES"),
    ("strategium.scenario.start_state", "_STARTERS"),
    ("strategium.rules.seed.outflank", "_PROVIDERS"),
    # step 4: the questions the rules answer instead of being imported by the engine
    ("strategium.engine.questions.joining", "_JOIN_RULES"),
    ("strategium.engine.pregame.deployment", "_FLANKING_RULES"),
    ("strategium.engine.pregame.sequence", "_STEP_RULES"),
)


def read_pairs(path: Path | None) -> list[tuple[str, str]]:
    """The ``old new`` pairs of a map, in order (an old name may have several new ones: a split module)."""
    if path is None:
        return []
    pairs = (line.split("#", 1)[0].split() for line in path.read_text(encoding="utf-8").splitlines())
    return [(p[0], p[1]) for p in pairs if len(p) == 2]


def read_map(path: Path | None) -> dict[str, str]:
    return dict(read_pairs(path))


def name(obj: Any, back: dict[str, str]) -> str:
    """A callable as ``module.qualname`` (module mapped back to its old name); other values by their type/name."""
    if isinstance(obj, tuple):
        return "(" + ", ".join(name(o, back) for o in obj) + ")"
    if isinstance(obj, frozenset | set):
        return "{" + ", ".join(sorted(str(o) for o in obj)) + "}"
    mod = getattr(obj, "__module__", None)
    qual = getattr(obj, "__qualname__", None)
    if mod and qual:
        return f"{back.get(mod, mod)}.{qual}"
    if hasattr(obj, "check") and hasattr(obj, "apply"):  # engine.handlers.Handler
        return f"Handler({name(obj.check, back)}, {name(obj.apply, back)})"
    for attr in ("name", "value"):
        if hasattr(obj, attr):
            return f"{type(obj).__name__}:{getattr(obj, attr)}"
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):  # e.g. sequence.StepRule: its callables by name
        return f"{type(obj).__name__}({', '.join(name(getattr(obj, f.name), back) for f in dataclasses.fields(obj))})"
    return repr(obj)


def key_name(key: Any) -> str:
    if isinstance(key, type):
        return key.__qualname__  # event and action classes: the class name only (modules move)
    if isinstance(key, tuple):
        return "(" + ", ".join(key_name(k) for k in key) + ")"
    return str(getattr(key, "value", key))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--entry", action="append")
    ap.add_argument(
        "--map",
        type=Path,
        action="append",
        help="old new module pairs: print functions under their OLD names (repeatable: a module split in several"
        " parts is one line per part in another map, e.g. splits.txt)",
    )
    ap.add_argument("--registry-map", type=Path, help="old new pairs: find REGISTRIES at their new modules")
    args = ap.parse_args()
    back = {new: old for m in args.map or [] for old, new in read_pairs(m)}
    where = read_map(args.registry_map)
    for entry in args.entry or ["strategium.engine.core.game", "strategium.battle.setup"]:
        importlib.import_module(entry)
    for module, attr in REGISTRIES:
        try:
            value = getattr(importlib.import_module(where.get(module, module)), attr)
        except (ImportError, AttributeError):
            print(f"## {module}.{attr}: MISSING")
            continue
        print(f"## {module}.{attr} ({len(value)})")
        if isinstance(value, dict):
            for k, v in value.items():
                items = v if isinstance(v, list) else [v]
                for item in items:
                    print(f"  {key_name(k)}: {name(item, back)}")
        else:
            for item in value:
                print(f"  {name(item, back)}")


if __name__ == "__main__":
    main()
