"""Odd command-line values (``corpus_cli``): one ``strategium: error:`` line and exit 2, and an output path that
is an input or lies in a missing folder refused before any work (nothing printed, nothing written)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.fuzz.attacks import Attack, attack_problems, cases
from tests.fuzz.corpus_cli import cli_attacks
from tests.fuzz.harness import Sandbox
from tests.fuzz.known import KNOWN


@pytest.mark.parametrize("attack", cases(cli_attacks(), KNOWN))
def test_an_odd_command_line_is_refused_cleanly(attack: Attack, tmp_path: Path) -> None:
    found = attack_problems(attack, Sandbox(tmp_path))
    assert not found, "\n".join(found)
