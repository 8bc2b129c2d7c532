"""Worst cases of the YAML inputs (army, scenario and rules-configuration files): wall time, CPU time and peak
memory of one ``strategium`` command on a file at, or just past, each input limit. Target (issue 18): under 5 s and
300 MiB for any single input file. Figures go in ``docs/input-limits.md``.

Usage: ``python benchmarks/yaml_inputs.py``. Each case runs in a fresh interpreter (``strategium.cli.main.main``)
so that its peak resident memory is its own; the files are generated in a temporary folder.
"""

from __future__ import annotations

import json
import math
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import strategium

SRC = Path(strategium.__file__).resolve().parents[1]
DEMO_ARMY = (SRC / "strategium" / "army" / "demo" / "emperors_children.yaml").read_text(encoding="utf-8")
DEMO_SCENARIO = (SRC / "strategium" / "scenarios" / "demo.yaml").read_text(encoding="utf-8")

CHILD = """
import json, resource, sys, time
started, cpu = time.perf_counter(), time.process_time()
code = 0
try:
    from strategium.cli.main import main
    main(sys.argv[1:])
except SystemExit as exit:
    code = exit.code if isinstance(exit.code, int) else 1
print(json.dumps({"code": code, "wall": time.perf_counter() - started, "cpu": time.process_time() - cpu,
                  "rss": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}), file=sys.stderr)
"""


def billion_laughs() -> str:
    lines = ["a0: &a0 [lol]"]
    lines += [f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 10) + "]" for i in range(1, 10)]
    return "\n".join(lines) + "\n"


def army_with_notes(count: int, item: str) -> str:
    """The demo army with a ``notes:`` list of ``count`` items (the nodes a file may hold, almost all in one list)."""
    return DEMO_ARMY.replace("points: 1565\n", "points: 1565\nnotes: [" + ", ".join([item] * count) + "]\n", 1)


def long_texts(count: int, chars: int) -> str:
    """The demo army with ``count`` notes of ``chars`` characters each."""
    notes = "".join(f"  - {'x' * chars}\n" for _ in range(count))
    return DEMO_ARMY.replace("points: 1565\n", "points: 1565\nnotes:\n" + notes, 1)


def biggest_army(units: int, models: int) -> str:
    """``units`` units of ``models`` Legionaries each, all in one Crusade detachment."""
    body = ["format: 1", "name: Horde", "units:"]
    for n in range(units):
        body.append(
            f"  - {{id: u{n}, name: Squad {n}, slot: Troops, points: 100, models: [{{name: Legionary, count: {models}, "
            "unit_type: Infantry (Line), m: 7, ws: 4, bs: 4, s: 4, t: 4, w: 1, i: 4, a: 1, ld: 7, sv: 3+, "
            "base_mm: 32}]}"
        )
    ids = ", ".join(f"u{n}" for n in range(units))
    body += ["detachments:", "  - name: Primary", "    chart: Crusade", f"    units: [{ids}]"]
    return "\n".join(body) + "\n"


def busiest_scenario(pieces: int, corners: int) -> str:
    """The demo scenario on a 1000" x 1000" table, with ``pieces`` convex terrain pieces of ``corners`` corners."""
    terrain = []
    for n in range(pieces):
        cx, cy = 100 + 80 * (n % 10), 100 + 80 * (n // 10)
        angles = [2 * math.pi * k / corners for k in range(corners)]
        ring = ", ".join(f"[{cx + 20 * math.cos(a):.4f}, {cy + 20 * math.sin(a):.4f}]" for a in angles)
        terrain.append(f"  - {{id: t{n}, kind: area, feature: ruins, height: 3, polygon: [{ring}]}}")
    head, rest = DEMO_SCENARIO.split("\nterrain:\n", 1)
    rest = rest[rest.index("\nbuildings:") :]
    text = head + "\nterrain:\n" + "\n".join(terrain) + rest
    return text.replace("table: {width: 72, depth: 48}", "table: {width: 1000, depth: 1000}")


CASES: list[tuple[str, str, str, Callable[[], str]]] = [
    ("billion laughs (refused)", "army.yaml", "army show {f}", billion_laughs),
    (
        "1 MiB file of comments and the demo army",
        "army.yaml",
        "army show {f}",
        lambda: DEMO_ARMY + "#" * (1024 * 1024 - len(DEMO_ARMY.encode()) - 1) + "\n",
    ),
    ("49,000 notes (accepted, all printed)", "army.yaml", "army show {f}", lambda: army_with_notes(49_000, "n")),
    (
        "49,000 numbers where text goes (refused by the schema)",
        "army.yaml",
        "army show {f}",
        lambda: army_with_notes(49_000, "1"),
    ),
    (
        "16,000 mappings where text goes (refused by the schema)",
        "army.yaml",
        "army show {f}",
        lambda: army_with_notes(16_000, "{a: 1}"),
    ),
    ("500 units, 3,000 models (accepted)", "army.yaml", "army show {f}", lambda: biggest_army(500, 6)),
    (
        "64 levels of nesting (accepted YAML, refused by the schema)",
        "army.yaml",
        "army show {f}",
        lambda: "notes: " + "[" * 63 + "]" * 63 + "\n" + DEMO_ARMY,
    ),
    ("100 texts of 10,000 characters (accepted)", "army.yaml", "army show {f}", lambda: long_texts(100, 10_000)),
    (
        '1,000" table, 100 pieces of 64 corners (map)',
        "scenario.yaml",
        "map {f} --out {d}/map.svg",
        lambda: busiest_scenario(100, 64),
    ),
    ("billion laughs scenario (check)", "scenario.yaml", "check {f}", lambda: billion_laughs() + DEMO_SCENARIO),
    (
        "TOML configuration of 50,000 values (refused)",
        "rules.toml",
        "rules config --file {f}",
        lambda: "[game]\nextra_turn_targets = [" + ", ".join(["3"] * 50_000) + "]\n",
    ),
]


def main() -> None:
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        for title, name, command, make in CASES:
            path = Path(folder) / name
            path.write_text(make(), encoding="utf-8")
            argv = command.format(f=path, d=folder).split()
            started = time.perf_counter()
            done = subprocess.run(
                [sys.executable, "-c", CHILD, *argv],
                capture_output=True,
                text=True,
                check=False,
                env={"PYTHONPATH": str(SRC), "COLUMNS": "200", "PATH": "/usr/bin:/bin"},
            )
            figures = json.loads(done.stderr.strip().splitlines()[-1])
            error = next((line for line in done.stderr.splitlines() if line.startswith("strategium: error")), "")
            size = path.stat().st_size / 1024
            rows.append((title, size, figures, time.perf_counter() - started, error[:110]))
    print(f"{'case':62} {'KiB':>7} {'exit':>4} {'wall s':>7} {'cpu s':>6} {'peak MiB':>8}")
    for title, size, figures, _, error in rows:
        print(
            f"{title:62} {size:7.0f} {figures['code']:4} {figures['wall']:7.2f} {figures['cpu']:6.2f} "
            f"{figures['rss']:8.0f}"
        )
        if error:
            print(f"    {error}")


if __name__ == "__main__":
    main()
