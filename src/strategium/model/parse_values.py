"""Parsers for single Characteristic values as the data writes them ("7", "7\"", "3+", "-", "", ...).

Characteristics are whole numbers; a dash means the model lacks that Characteristic (Age of Darkness
rulebook, Characteristics, and CORE_A §2.1: a Rapier Carrier has Ld "-"). Saves are target numbers: "3+" is 3.
Problems are reported as described in :mod:`strategium.problems`.
"""

from __future__ import annotations

import re

from strategium.model.text import DASHES, clean, split_footnote
from strategium.problems import Problems, Severity, report

_NUMBER = re.compile(r"^(\d+)\s*\"?$")
_TARGET = re.compile(r"^(\d+)\s*\+$")


def parse_characteristic(text: str, *, field: str = "", problems: Problems | None = None) -> int | None:
    """Read one Characteristic value: a whole number, with an optional inch mark (Move "7\"").

    Returns the number, or None for a dash ("-", "–", "—": the model lacks the Characteristic) and for
    text that cannot be read. Blank text, a bare footnote mark ("*"), a target number ("2+") and anything
    else that is not a whole number are ERRORs; a footnote mark beside a number ("5*") is a NOTE.

    Raises:
        InputError: the text cannot be read and ``problems`` is None (see :mod:`strategium.problems`).
    """
    t = clean(text)
    if t in DASHES:
        return None
    if not t:
        report(problems, field, text, "blank value (use '-' for a missing Characteristic)")
        return None
    core, mark = split_footnote(t)
    if not core:
        report(problems, field, text, "only a footnote mark: the value is given by a special rule")
        return None
    m = _NUMBER.match(core)
    if m:
        if mark:
            report(problems, field, text, f"footnote mark {mark!r} beside the value", Severity.NOTE)
        return int(m.group(1))
    if _TARGET.match(core):
        report(problems, field, text, "a target number ('N+') where a plain number belongs")
        return None
    report(problems, field, text, "not a whole number")
    return None


def parse_save(text: str, *, field: str = "Save", problems: Problems | None = None) -> int | None:
    """Read a save as its target number: "3+" is 3. A bare "3" (a data error seen in rosters) is read as 3
    with a NOTE. A dash means no save (None). Targets outside 2..6 are ERRORs (no save can be passed on 1).

    Raises:
        InputError: the text cannot be read and ``problems`` is None.
    """
    t = clean(text)
    if t in DASHES:
        return None
    if not t:
        report(problems, field, text, "blank save (use '-' for none)")
        return None
    core, mark = split_footnote(t)
    m = _TARGET.match(core)
    value: int | None = None
    if m:
        value = int(m.group(1))
    elif re.fullmatch(r"\d+", core):
        value = int(core)
        report(problems, field, text, f"save written without '+': read as {value}+", Severity.NOTE)
    if value is None:
        report(problems, field, text, "not a save target such as '3+'")
        return None
    if not 2 <= value <= 6:
        report(problems, field, text, "a save target must be between 2+ and 6+")
        return None
    if mark:
        report(problems, field, text, f"footnote mark {mark!r} beside the save", Severity.NOTE)
    return value


def parse_leading_number(text: str, *, field: str = "", problems: Problems | None = None) -> tuple[int | None, str]:
    """Split a number-or-prose column (Transport Capacity, Fire Points) into ``(number, prose)``.

    "12" gives ``(12, "")``; "10, Two Access Points at the Rear" gives ``(10, "Two Access Points at the
    Rear")``; a dash or blank gives ``(None, "")``; prose with no leading number gives ``(None, prose)``.
    Prose is kept and flagged as a NOTE (never an ERROR: nothing is dropped). Never raises.
    """
    t = clean(text)
    if not t or t in DASHES:
        return None, ""
    m = re.match(r"^(\d+)\s*(?:[,.;:]\s*)?(.*)$", t, flags=re.DOTALL)
    if m:
        prose = m.group(2).strip()
        if prose:
            report(problems, field, text, "prose after the number kept as a note", Severity.NOTE)
        return int(m.group(1)), prose
    report(problems, field, text, "prose without a leading number kept as a note", Severity.NOTE)
    return None, t
