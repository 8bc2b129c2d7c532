"""The special-rule registry: canonical names, parsed (X) values, aliases, pages and implementation status.

CONTRACT (filled in by the registry work; these names are used across the project):

- ``RuleRef``: a recognised rule as a model, unit or weapon carries it (canonical name + parsed X).
- ``UnknownRule``: a name the registry does not know; kept, never dropped, so reports can list it.
- ``RuleEntry = RuleRef | UnknownRule``.
- ``find_rule(text) -> RuleEntry``: parse one written rule name, e.g. "Hammer of Wraith (1)".
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class RuleRef:
    """A recognised special rule with its parsed (X).

    ``value`` is the number in X (2 for "(2)", 5 for "(5+)"), ``x_text`` the X as normalised text ("5+"),
    ``written`` the text exactly as it came from the data.
    """

    name: str
    value: int | None = None
    x_text: str | None = None
    written: str = ""

    def __str__(self) -> str:
        return f"{self.name} ({self.x_text})" if self.x_text is not None else self.name


@dataclass(frozen=True)
class UnknownRule:
    """A special rule name the registry does not know. ``name`` is a cleaned form, ``written`` the original."""

    name: str
    x_text: str | None = None
    written: str = ""

    def __str__(self) -> str:
        return f"{self.name} ({self.x_text})" if self.x_text is not None else self.name


RuleEntry = RuleRef | UnknownRule
