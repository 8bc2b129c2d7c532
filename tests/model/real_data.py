"""Every profile in the shared HH2 test data (rosters and BattleScribe catalogues), read once per run.

Nothing from the data is stored in the repository: the tests read ``shared/data`` at run time.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from tests.conftest import BSDATA, ROSTERS


@dataclass(frozen=True)
class RealProfile:
    """One ``profile`` element: file name, ``typeName`` (stripped), ``typeId``, ``name`` and its columns."""

    file: str
    type_name: str
    type_id: str
    name: str
    cols: tuple[tuple[str, str], ...]

    def col(self, column: str) -> str | None:
        """The text of one column, or None if the profile has no such column."""
        for name, text in self.cols:
            if name == column:
                return text
        return None


def _local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1]


def data_files() -> list[Path]:
    """The real data files: every ``.ros`` roster and every game system / catalogue file."""
    return sorted(ROSTERS.glob("*.ros")) + sorted(BSDATA.glob("*.cat")) + sorted(BSDATA.glob("*.gst"))


@cache
def real_profiles() -> tuple[RealProfile, ...]:
    """All profiles of all data files, in file order (about 1,600; about a second to read)."""
    out: list[RealProfile] = []
    for path in data_files():
        for _event, el in ET.iterparse(path):
            if _local(el.tag) != "profile":
                continue
            cols = tuple(
                ((c.get("name") or "").strip(), c.text or "") for c in el.iter() if _local(c.tag) == "characteristic"
            )
            out.append(
                RealProfile(
                    file=path.name,
                    type_name=(el.get("typeName") or "").strip(),
                    type_id=el.get("typeId") or "",
                    name=el.get("name") or "",
                    cols=cols,
                )
            )
            el.clear()
    return tuple(out)


MODEL_TYPES = frozenset({"Unit", "Vehicle", "Knights and Titans", "Fortification"})
WEAPON_TYPES = frozenset({"Weapon", "Psychic Weapon"})


def distinct(type_names: frozenset[str], column: str) -> frozenset[str]:
    """Every distinct text (exactly as written) of ``column`` in profiles of the given ``typeName``s."""
    return frozenset(
        text for p in real_profiles() if p.type_name in type_names for text in [p.col(column)] if text is not None
    )
