"""Run every benchmark script in ``benchmarks/`` in turn (``make bench``).

A benchmark script is a ``benchmarks/*.py`` file with a ``__main__`` block; helper modules without one
(``geometry_setup.py``) and this file are skipped. Each runs in its own Python process with the same
interpreter; its output is passed through. Exit status: 1 if any script failed, else 0. Figures belong in
``docs/benchmarks.md``.
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent


def scripts(folder: Path = HERE) -> list[Path]:
    """The benchmark scripts of ``folder``, sorted by name."""
    return [
        p
        for p in sorted(folder.glob("*.py"))
        if p.name != Path(__file__).name and 'if __name__ == "__main__"' in p.read_text(encoding="utf-8")
    ]


def main() -> int:
    """Run each script; print its output and how long it took. Returns the exit status."""
    failed: list[str] = []
    for script in scripts():
        print(f"== {script.name}", flush=True)
        start = time.perf_counter()
        result = subprocess.run([sys.executable, str(script)], check=False, cwd=HERE.parent)
        seconds = time.perf_counter() - start
        if result.returncode != 0:
            failed.append(script.name)
            print(f"   FAILED with exit code {result.returncode} ({seconds:.1f} s)", flush=True)
        else:
            print(f"   ok ({seconds:.1f} s)", flush=True)
    if failed:
        print(f"{len(failed)} benchmark(s) failed: {', '.join(failed)}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
