"""Where a ruling comes from: rule name, book and page, and the ruling in the project's own words."""

from __future__ import annotations

from dataclasses import dataclass

from strategium.catalogue.definitions import Book
from strategium.catalogue.registry import get_rule_def


@dataclass(frozen=True)
class Reason:
    """One cited reason for a ruling: ``rule`` (its name or clause id), ``book`` and ``page``, and ``text``
    (the ruling in the project's own words). ``page`` is None for configuration values."""

    rule: str
    text: str
    page: int | None = None
    book: Book = Book.RULEBOOK

    @property
    def citation(self) -> str:
        """E.g. ``Infiltrate (Age of Darkness rulebook p.242)``."""
        where = f"{self.book.value} p.{self.page}" if self.page is not None else self.book.value
        return f"{self.rule} ({where})"

    def __str__(self) -> str:
        return f"{self.text} [{self.citation}]"

    @classmethod
    def of(cls, rule: str, text: str) -> Reason:
        """A reason citing a registered special rule: book and page come from the registry.

        Raises ``UnknownRuleName`` if ``rule`` is not registered.
        """
        definition = get_rule_def(rule)
        return cls(definition.name, text, definition.page, definition.book)

    def to_json(self) -> dict[str, str | int | None]:
        """The JSON form used by ``strategium check --json``: ``rule``, ``page``, ``book``, ``text``."""
        return {"rule": self.rule, "page": self.page, "book": self.book.value, "text": self.text}
