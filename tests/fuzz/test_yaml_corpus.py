"""The YAML corpus (``corpus_yaml``): army files through ``army show`` and ``battle --army``, scenario files
through ``map``, ``check`` and ``battle --scenario``, rules-configuration overrides (YAML and TOML) through
``rules config --file``. Every run: exit 0 (``check``: or 1, an unmet expectation) or one ``strategium: error:``
line with exit 2 naming the file at fault, within budget, nothing touched, nothing leaked."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.fuzz.attacks import Attack, attack_problems, cases
from tests.fuzz.corpus_yaml import army_attacks, config_attacks, generic_attacks, scenario_attacks
from tests.fuzz.harness import Sandbox
from tests.fuzz.known import KNOWN

ATTACKS = generic_attacks() + army_attacks() + scenario_attacks() + config_attacks()


@pytest.mark.parametrize("attack", cases(ATTACKS, KNOWN))
def test_a_hostile_yaml_file_is_refused_cleanly(attack: Attack, tmp_path: Path) -> None:
    found = attack_problems(attack, Sandbox(tmp_path))
    assert not found, "\n".join(found)
