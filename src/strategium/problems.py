"""How the free-text parsers of ``strategium.model`` report what they could not read.

The policy, shared by every parser in ``strategium.model.parsing``:

* Every parser takes a keyword ``problems: list[ParseProblem] | None``.
* **With a list**, a parser never raises on bad text: it returns its best value and appends one
  :class:`ParseProblem` per difficulty. ``Severity.ERROR`` means something was lost (the value is None,
  an ``UNKNOWN`` kind, or words were put in ``unknown``); ``Severity.NOTE`` means the value was read but the
  text was irregular (a typo corrected, a footnote mark, prose beside a number), so a report can show it.
* **Without a list** (strict use, e.g. project-authored files):

  - the parsers that return a structured value (``parse_unit_type``, ``parse_weapon_range``,
    ``parse_strength``, ``parse_weapon_type``) never raise: what they cannot read stays visible in the value
    (``UnitTypeSpec.unknown``, ``WeaponType.unknown``, ``RangeKind.UNKNOWN``, ``StrengthKind.UNKNOWN``);
  - the parsers that return a plain number (``parse_characteristic``, ``parse_save``, ``parse_ap``) and the
    profile builders (``*_from_columns``) raise :class:`strategium.errors.InputError` for the first ERROR,
    with ``field`` set to the column, since a bare ``None`` could not tell "-" from garbage.

Notes are never raised. A caller that knows the file and line turns a problem into an error with
:meth:`ParseProblem.to_error`.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from strategium.errors import InputError


class Severity(StrEnum):
    """How bad a parse problem is: ERROR loses information, NOTE only flags irregular text."""

    ERROR = "error"
    NOTE = "note"


@dataclass(frozen=True)
class ParseProblem:
    """One thing a parser could not read (or read only by correcting the text).

    ``field`` names the column or part (e.g. "Save", "Unit Type", "Bolter: Strength"), ``text`` is the text
    as given, ``message`` says what went wrong in one line.
    """

    field: str
    text: str
    message: str
    severity: Severity = Severity.ERROR

    def to_error(self, file: str | None = None, line: int | None = None) -> InputError:
        """This problem as an ``InputError`` (not raised), e.g. to stop on it in a strict import."""
        return InputError(f"{self.message} (got {self.text!r})", file=file, line=line, field=self.field)

    def __str__(self) -> str:
        return f"{self.severity}: {self.field}: {self.message} (got {self.text!r})"


Problems = list[ParseProblem]
"""The list a caller passes to collect problems."""


def report(
    problems: Problems | None,
    field: str,
    text: str,
    message: str,
    severity: Severity = Severity.ERROR,
    *,
    strict_raises: bool = True,
) -> None:
    """Record one problem: append it to ``problems``, or, with no list, raise ``InputError`` for an ERROR.

    ``strict_raises=False`` is for parsers whose value shows the gap itself: with no list they stay quiet.

    Raises:
        InputError: ``problems`` is None, ``severity`` is ERROR and ``strict_raises`` is true.
    """
    problem = ParseProblem(field=field, text=text, message=message, severity=severity)
    if problems is not None:
        problems.append(problem)
    elif strict_raises and severity is Severity.ERROR:
        raise problem.to_error()


def raise_first_error(problems: Problems, caller_problems: Problems | None) -> None:
    """Hand problems collected internally to the caller's list, or raise the first ERROR when it has none.

    Raises:
        InputError: ``caller_problems`` is None and ``problems`` holds an ERROR.
    """
    if caller_problems is not None:
        caller_problems.extend(problems)
        return
    for p in problems:
        if p.severity is Severity.ERROR:
            raise p.to_error()
