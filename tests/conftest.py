"""Shared test fixtures.

Real HH2 data (BattleScribe game system, catalogues, rosters) is read from ``../shared/data`` beside the
repository (or from ``$STRATEGIUM_SHARED``). It is test data only: nothing from it is committed or packaged.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import strategium.rules  # noqa: F401  (the rule plug-ins: a game needs them)

REPO = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("STRATEGIUM_SHARED", REPO.parent / "shared")).resolve()
DATA = SHARED / "data"
ROSTERS = DATA / "rosters"
BSDATA = DATA / "bsdata"


@pytest.fixture(scope="session")
def shared_data() -> Path:
    """The ``shared/data`` folder; the test run fails loudly if it is missing."""
    assert DATA.is_dir(), f"shared data not found at {DATA} (set STRATEGIUM_SHARED)"
    return DATA
