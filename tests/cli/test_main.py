"""The command line's entry point."""

from __future__ import annotations

import re
from pathlib import Path

from typer.testing import CliRunner

from strategium import __version__
from strategium.cli.main import app
from tests.cli.running import run


def test_version_prints_the_package_version() -> None:
    result = run("--version")
    assert result.returncode == 0
    assert result.stdout.strip() == f"strategium {__version__}"


def test_help_lists_the_commands() -> None:
    result = run("--help")
    assert result.returncode == 0
    assert "Horus Heresy" in result.stdout


def test_every_document_the_readme_names_exists() -> None:
    root = Path(__file__).resolve().parents[2]
    readme = (root / "README.md").read_text(encoding="utf-8")
    named = set(re.findall(r"`(docs/[^`]+)`", readme))
    assert {"docs/roster-json.md", "docs/army-format.md", "docs/rules-configuration.md", "docs/geometry.md"} <= named
    for path in named:
        assert (root / path).is_file(), path
    assert "```\nmake battle\nmake test\n```" in readme


def test_help_has_no_type_tags_on_flags_nor_braces_in_usage() -> None:
    for args in (["roster", "--help"], ["army", "list", "--help"], ["rules", "config", "--help"], ["--help"]):
        result = CliRunner().invoke(app, args, env={"COLUMNS": "100"})
        assert result.exit_code == 0
        assert "<bool>" not in result.stdout and "{" not in result.stdout and "``" not in result.stdout, args
    usage = CliRunner().invoke(app, ["roster", "--help"], env={"COLUMNS": "100"}).stdout
    assert "Usage: strategium roster [OPTIONS] FILE" in usage
    assert "Import a BattleScribe / New Recruit roster and show its units and Force Organisation verdict." in usage


def test_python_dash_m_strategium_is_the_command_line() -> None:
    import subprocess
    import sys

    from strategium import __version__
    from tests.cli.running import CLI_ENV

    done = subprocess.run(
        [sys.executable, "-m", "strategium", "--version"], capture_output=True, text=True, check=False, env=CLI_ENV
    )
    assert (done.returncode, done.stderr) == (0, "")
    assert __version__ in done.stdout
    bad = subprocess.run(
        [sys.executable, "-m", "strategium", "bogus"], capture_output=True, text=True, check=False, env=CLI_ENV
    )
    assert bad.returncode == 2 and bad.stderr.startswith("strategium: error: no such command 'bogus'")
