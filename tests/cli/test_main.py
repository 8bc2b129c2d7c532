"""The command line's entry point."""

from __future__ import annotations

import subprocess
import sys

from strategium import __version__


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", "from strategium.cli.main import main; main()", *args],
        capture_output=True,
        text=True,
        check=False,
    )


def test_version_prints_the_package_version() -> None:
    result = run("--version")
    assert result.returncode == 0
    assert result.stdout.strip() == f"strategium {__version__}"


def test_help_lists_the_commands() -> None:
    result = run("--help")
    assert result.returncode == 0
    assert "Horus Heresy" in result.stdout
