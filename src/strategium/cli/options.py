"""Reading option values: whole numbers in a range (and within :mod:`strategium.limits`), and one of a few words.

Each function returns a parser for ``typer.Option(parser=...)``. A value it refuses is a usage error
(:func:`strategium.cli.usage.usage_error`), printed as one line naming the option, e.g.
``strategium: error: --runs: must be at least 1, not -3 (see strategium battle --help)``. Only ASCII digits
with an optional minus sign are a whole number (no ``1e3``, ``0x10``, ``1_000`` or other scripts' digits).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import TypeVar

from strategium.cli.usage import usage_error
from strategium.errors import InputError
from strategium.limits import check_limit

MAX_SEED = 2**64 - 1
"""The largest dice seed (``--seed``): seeds are unsigned 64-bit whole numbers."""

MAX_TURNS = 10
"""The most Game Turns ``--turns`` may ask for: the range of the rules configuration's ``game.turns`` (1 to 10,
:class:`strategium.config.groups_setup.GameConfig`)."""

_DIGITS = 40
"""A value with more digits than this is past every range here: it is refused without being converted."""

_E = TypeVar("_E")


def shown(value: str) -> str:
    """A value as an error message quotes it: ``repr``, cut to 40 characters."""
    text = repr(value)
    return text if len(text) <= 40 else text[:36] + "...'"


def whole_number(
    option: str,
    *,
    minimum: int,
    maximum: int | None = None,
    limit: str | None = None,
    what: str = "",
) -> Callable[[str | int], int]:
    """A parser of ``option``'s value: a whole number from ``minimum`` to ``maximum`` (no upper bound when None),
    and at most the input limit ``limit`` (a field of :class:`~strategium.limits.InputLimits`; ``what`` says
    what it counts). A default given as an ``int`` is taken as it is."""

    def parse(value: str | int) -> int:
        if isinstance(value, int):
            return value
        text = value.strip()
        if not re.fullmatch(r"-?[0-9]+", text):
            raise usage_error(option, f"{shown(value)} is not a whole number")
        if len(text.lstrip("-")) > _DIGITS:
            bound = f"{maximum}" if maximum is not None else "the limit"
            raise usage_error(option, f"{shown(value)} is far past {bound}")
        number = int(text)
        span = f"{minimum} to {maximum}" if maximum is not None else ""
        if number < minimum:
            raise usage_error(option, f"must be {span or f'at least {minimum}'}, not {number}")
        if limit is not None:
            try:
                check_limit(number, limit, what=what or option)
            except InputError as err:
                raise usage_error(option, err.message) from None
        if maximum is not None and number > maximum:
            raise usage_error(option, f"must be {span}, not {number}")
        return number

    return parse


def one_of(option: str, noun: str, choices: Sequence[_E], spelling: Callable[[_E], str] = str) -> Callable[[str], _E]:
    """A parser of ``option``'s value: one of ``choices``, written as ``spelling`` gives it (any letter case);
    ``noun`` names what is chosen in the error (``unknown player 'clever' (choose heuristic or random)``)."""
    words = {spelling(choice).lower(): choice for choice in choices}

    def parse(value: str) -> _E:
        if not isinstance(value, str):
            return value
        found = words.get(value.strip().lower())
        if found is None:
            names = [spelling(choice) for choice in choices]
            listed = ", ".join(names[:-1]) + f" or {names[-1]}" if len(names) > 1 else names[0]
            raise usage_error(option, f"unknown {noun} {shown(value)} (choose {listed})")
        return found

    return parse
