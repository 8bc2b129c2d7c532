"""Text clean-up shared by the model parsers: Unicode forms, quotes, dashes, footnote marks, fuzzy look-up.

The BattleScribe data mixes typographic and plain characters ("5”" and "5\"", "Duellist’s" and
"Duellist's", "–" and "-") and uses "*" and "†" as footnote marks. These helpers make such variants compare
equal; they never decide what a word means.
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Mapping
from typing import TypeVar

T = TypeVar("T")

_QUOTES = str.maketrans(
    {
        "\u201c": '"',  # left double quotation mark
        "\u201d": '"',  # right double quotation mark
        "\u2033": '"',  # double prime
        "\u2018": "'",
        "\u2019": "'",
        "\u2032": "'",
        "\u2013": "-",  # en dash
        "\u2014": "-",  # em dash
        "\u2212": "-",  # minus sign
        "\u00d7": "x",  # multiplication sign
        "\t": " ",
    }
)

DASHES = frozenset({"-", "--"})
"""After :func:`clean`, the texts that mean "no value" in a profile (the data's "-", "–", "—")."""

FOOTNOTE_MARKS = "*†‡"
"""Characters the data uses as footnote marks beside a value or a word ("5*", "†Graviton Pulse")."""


def clean(text: str) -> str:
    """``text`` in NFKC form with typographic quotes and dashes made plain, tabs made spaces, runs of spaces
    collapsed (newlines kept) and the ends stripped."""
    out = unicodedata.normalize("NFKC", text).translate(_QUOTES)
    out = "\n".join(re.sub(r" {2,}", " ", line).strip() for line in out.splitlines())
    return out.strip()


def key(text: str) -> str:
    """A comparison key: letters and digits only, case-folded ("Close-order" and "close order" agree)."""
    return re.sub(r"[^0-9a-z]", "", clean(text).casefold())


def split_footnote(text: str) -> tuple[str, str | None]:
    """Split footnote marks off both ends: ``"5*"`` -> ``("5", "*")``, ``"†Graviton Pulse"`` ->
    ``("Graviton Pulse", "†")``; ``(text, None)`` when there is none."""
    stripped = text.strip()
    core = stripped.strip(FOOTNOTE_MARKS).strip()
    if core == stripped:
        return stripped, None
    marks = "".join(ch for ch in stripped if ch in FOOTNOTE_MARKS)
    return core, marks


FUZZY_CUTOFF = 0.85
"""Least ``difflib`` similarity for a typo to be read as a known word ("Fortication" = 0.92 to
"Fortification", "Monsterous" = 0.95 to "Monstrous"; "Light"/"Line" = 0.67 stays apart)."""


def lookup(word: str, table: Mapping[str, T]) -> tuple[T | None, bool]:
    """Find ``word`` in ``table`` (keyed by :func:`key`): exactly, else by the closest key above
    :data:`FUZZY_CUTOFF`. Returns ``(value, corrected)``; ``(None, False)`` if nothing is close enough."""
    k = key(word)
    if not k:
        return None, False
    if k in table:
        return table[k], False
    close = difflib.get_close_matches(k, list(table), n=1, cutoff=FUZZY_CUTOFF)
    if close:
        return table[close[0]], True
    return None, False
