"""Print issue 20's acceptance figure: how many weapon-rule instances of the real rosters the engine plays.

Usage (from the repository root): ``PYTHONPATH=src python tools/rule_coverage.py [ROSTER_DIR]`` (default
``../shared/data/rosters``). Each ``.ros`` / ``.rosz`` file is read as ``strategium roster FILE --json`` reads it, and
its ``coverage`` block (``docs/roster-json.md``, "Coverage") is summed: every rule on every weapon of every model,
then the model rules. Prints the totals by status, the implemented and played (implemented or partial) shares, one
line per file, and each rule not implemented everywhere with its instances by status, most instances first.
"""

from __future__ import annotations

import sys
from collections import Counter, defaultdict
from pathlib import Path

from strategium.army.battlescribe import import_roster
from strategium.army.force_org import validate_army
from strategium.cli.roster_json import roster_data
from strategium.errors import StrategiumError

STATUSES = ("implemented", "partial", "not-yet", "unknown")
DEFAULT = Path(__file__).resolve().parents[2] / "shared" / "data" / "rosters"


def _share(part: int, whole: int) -> str:
    return f"{100 * part / whole:.1f}%" if whole else "-"


def _line(label: str, by: Counter[str]) -> str:
    n = sum(by.values())
    counts = ", ".join(f"{by[s]} {s}" for s in STATUSES)
    played = by["implemented"] + by["partial"]
    return f"{label}: {n} ({counts}); implemented {_share(by['implemented'], n)}, played {_share(played, n)}"


def main(argv: list[str]) -> int:
    """Print the totals for the rosters of ``argv[0]`` (or :data:`DEFAULT`). Returns 1 when a file cannot be read."""
    folder = Path(argv[0]) if argv else DEFAULT
    files = sorted(p for p in folder.iterdir() if p.suffix in (".ros", ".rosz"))
    totals: dict[str, Counter[str]] = {"weapon rules": Counter(), "model rules": Counter()}
    by_rule: defaultdict[str, Counter[str]] = defaultdict(Counter)
    failed = 0
    for path in files:
        try:
            army = import_roster(path)
        except StrategiumError as error:
            print(f"FAILED {path.name}: {error}")
            failed += 1
            continue
        coverage = roster_data(army, validate_army(army))["coverage"]
        for key, block in (("weapon rules", coverage["weapon_rules"]), ("model rules", coverage["model_rules"])):
            totals[key].update(block["by_status"])
        for row in coverage["weapon_rules"]["by_rule"]:
            by_rule[row["name"]][row["status"]] += row["count"]
        print(_line(f"  {path.name} weapon rules", Counter(coverage["weapon_rules"]["by_status"])))
    print(f"{len(files) - failed} rosters in {folder}")
    for key, by in totals.items():
        print(_line(key, by))
    print("weapon rules not implemented everywhere:")
    for name, by in sorted(by_rule.items(), key=lambda kv: (-sum(kv[1].values()), kv[0])):
        if by["implemented"] != sum(by.values()):
            print(f"  {name:32} {sum(by.values()):5}  " + ", ".join(f"{by[s]} {s}" for s in STATUSES if by[s]))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
