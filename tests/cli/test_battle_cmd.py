"""The interim `strategium battle`: shows the two demo armies and says the engine is not written yet."""

from __future__ import annotations

import subprocess
import sys

from strategium.cli.battle_cmd import NOT_IMPLEMENTED_NOTE


def test_battle_shows_both_demo_armies_and_an_honest_note() -> None:
    result = subprocess.run(
        [sys.executable, "-c", "from strategium.cli.main import main; main()", "battle"],
        capture_output=True,
        text=True,
        check=False,
        env={"COLUMNS": "200", "PATH": "/usr/bin:/bin"},
    )
    assert result.returncode == 0, result.stderr
    assert "Emperor's Children demo" in result.stdout
    assert "Imperialis Militia demo" in result.stdout
    assert result.stdout.rstrip().endswith(NOT_IMPLEMENTED_NOTE)
    assert "not implemented yet" in NOT_IMPLEMENTED_NOTE
