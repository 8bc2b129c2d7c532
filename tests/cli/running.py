"""Running the ``strategium`` command line in a child process, as a user would (shared by the CLI tests)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import strategium

CLI_ENV = {
    "COLUMNS": "200",
    "PATH": "/usr/bin:/bin",
    "PYTHONPATH": str(Path(strategium.__file__).resolve().parents[1]),
}
"""A small, fixed environment: wide enough that rich does not wrap lines, nothing inherited from the caller; the
child imports the same ``strategium`` as the tests (the checkout under test, not whatever is installed)."""


def run(*args: str, cwd: Path | None = None, hash_seed: str | None = None) -> subprocess.CompletedProcess[str]:
    """``strategium ARGS...`` in a fresh interpreter (this one's), its output captured as text; never raises on a
    non-zero exit (the tests read ``returncode``). ``hash_seed`` sets ``PYTHONHASHSEED`` (what a program must
    not depend on)."""
    env = CLI_ENV if hash_seed is None else {**CLI_ENV, "PYTHONHASHSEED": hash_seed}
    return subprocess.run(
        [sys.executable, "-c", "from strategium.cli.main import main; main()", *args],
        capture_output=True,
        text=True,
        check=False,
        cwd=cwd,
        env=env,
    )
