"""Tampered game records (``corpus_records``) through ``strategium replay``: exit 0 or one ``strategium:
error:`` line with exit 2 naming the record, within budget, nothing touched, nothing leaked."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.fuzz.attacks import Attack, attack_problems, cases
from tests.fuzz.corpus_records import record_attacks
from tests.fuzz.harness import Sandbox
from tests.fuzz.known import KNOWN
from tests.fuzz.records import demo_record


@pytest.mark.parametrize("attack", cases(record_attacks(demo_record()), KNOWN))
def test_a_tampered_record_is_refused_cleanly(attack: Attack, tmp_path: Path) -> None:
    found = attack_problems(attack, Sandbox(tmp_path))
    assert not found, "\n".join(found)
