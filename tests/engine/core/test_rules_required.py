"""The engine imports no special rule, and refuses to start a game without the rule plug-ins
(:func:`strategium.engine.core.registries.require_rules`). Checked in a fresh interpreter, where nothing has
imported :mod:`strategium.rules` yet."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

SRC = Path(__file__).resolve().parents[3] / "src"

PROBE = """
import sys
from strategium.engine.core import game, registries
from strategium.errors import StrategiumError
print(sorted(m for m in sys.modules if m.startswith("strategium.rules")))
try:
    registries.require_rules()
except StrategiumError as e:
    print(e)
import strategium.rules
registries.require_rules()
print("loaded")
"""


def test_the_engine_loads_no_rule_and_a_game_needs_the_rules() -> None:
    out = subprocess.run(
        [sys.executable, "-c", PROBE], capture_output=True, text=True, env={"PYTHONPATH": str(SRC)}, check=True
    ).stdout.splitlines()
    assert out == [
        "[]",
        "the special rules are not loaded: import strategium.rules before starting a game",
        "loaded",
    ]
