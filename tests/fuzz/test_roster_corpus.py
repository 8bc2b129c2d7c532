"""The roster corpus (``corpus_rosters``) through ``strategium roster`` and ``strategium battle --army``: every
run ends in exit 0 or one ``strategium: error:`` line with exit 2, within its time and memory budget, with no
file touched and no other file's content in the output."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import ROSTERS
from tests.fuzz.attacks import Attack, attack_problems, cases
from tests.fuzz.corpus_rosters import encoding_attacks, special_attacks, xml_attacks, zip_attacks
from tests.fuzz.harness import Sandbox
from tests.fuzz.known import KNOWN

BASE = (ROSTERS / "Basic Marines Validate.ros").read_bytes()
ATTACKS = xml_attacks(BASE) + encoding_attacks(BASE) + zip_attacks(BASE) + special_attacks()


@pytest.mark.parametrize("attack", cases(ATTACKS, KNOWN))
def test_a_hostile_roster_is_refused_cleanly(attack: Attack, tmp_path: Path) -> None:
    found = attack_problems(attack, Sandbox(tmp_path))
    assert not found, "\n".join(found)
