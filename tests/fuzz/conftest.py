"""The fuzz suite's guard over the real files it reads: the real rosters (``../shared/data/rosters``) and the
bundled YAML files must be byte for byte the same after the whole suite as before it."""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.conftest import ROSTERS

PACKAGE = Path(__file__).resolve().parents[2] / "src" / "strategium"


def _hashes() -> dict[str, str]:
    files = sorted(ROSTERS.glob("*")) + sorted(PACKAGE.rglob("*.yaml"))
    return {str(path): hashlib.sha256(path.read_bytes()).hexdigest() for path in files if path.is_file()}


@pytest.fixture(scope="session", autouse=True)
def real_inputs_untouched() -> Iterator[None]:
    """Fails the run if any test changed a real roster or a bundled YAML file."""
    before = _hashes()
    yield
    after = _hashes()
    changed = sorted(k for k in before.keys() | after.keys() if before.get(k) != after.get(k))
    assert not changed, f"the fuzz suite changed real input files: {changed}"
