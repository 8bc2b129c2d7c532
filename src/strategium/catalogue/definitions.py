"""What the registry records about one special rule: ``RuleDef`` and its enums.

These are plain values; the catalogue modules (``catalog*.py``) hold the registered ``RuleDef``s and
``registry.py`` indexes them. Implementation status is not written here but in ``status.py``.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any


class XKind(StrEnum):
    """What the (X) of a rule holds.

    - ``NONE``: the rule takes no (X) ("Fearless").
    - ``NUMBER``: a plain number, "Hammer of Wrath (2)", "Bulky (4)".
    - ``TARGET``: a dice target number written with a plus, "Shrouded (5+)", "Rending (6+)".
    - ``TEXT``: a word or phrase, "Hatred (Space Marines)", "Armourbane (Melta)".
    - ``INCHES``: a distance in inches, "Blast (3\")", "Torrent (12\")"; ``value`` holds the inches.
    """

    NONE = "none"
    NUMBER = "number"
    TARGET = "target"
    TEXT = "text"
    INCHES = "inches"


class ImplementationStatus(StrEnum):
    """How far the engine implements a rule. Set in one place only: ``strategium.catalogue.status``."""

    IMPLEMENTED = "implemented"
    PARTIAL = "partial"
    NOT_YET = "not-yet"


class RuleKind(StrEnum):
    """What sort of rule an entry is (the books file them in different places)."""

    SPECIAL_RULE = "special rule"
    WEAPON_RULE = "weapon special rule"
    UNIT_TYPE = "Unit Type"
    SUB_TYPE = "Sub-type"
    WARGEAR = "wargear"
    ARMY_RULE = "army rule"
    VEHICLE_RULE = "vehicle rule"
    REACTION = "Reaction"
    FORTIFICATION_RULE = "Building or Fortification rule"


class Book(StrEnum):
    """The publications the registry cites (short, stable titles)."""

    RULEBOOK = "Age of Darkness rulebook"
    RULEBOOK_FAQ = "Age of Darkness rulebook Errata and FAQ v1.2"
    ASTARTES_BOTH = "Liber Astartes / Liber Hereticus"
    LIBER_ASTARTES = "Liber Astartes"
    LIBER_HERETICUS = "Liber Hereticus"
    LIBER_MECHANICUM = "Liber Mechanicum"
    LIBER_IMPERIUM = "Liber Imperium"
    EXEMPLARY_1 = "Exemplary Battles of the Age of Darkness vol.1"
    LEGACIES_MILITIA = "Legacies of the Age of Darkness: Imperialis Militia"
    LEGACIES_ASTARTES = "Legacies of the Age of Darkness: Legiones Astartes"
    LEGACIES_MECHANICUM = "Legacies of the Age of Darkness: Mechanicum"
    LEGACIES_AUXILIA = "Legacies of the Age of Darkness: Solar Auxilia"
    LEGACIES_DAEMONS = "Legacies of the Age of Darkness: Daemons of the Ruinstorm"
    OHMN_MAT = "Exemplary Battles: The Burning of Ohmn-Mat"
    MARTIAN_CIVIL_WAR = "Campaigns in the Age of Darkness: Martian Civil War"
    BETA_GARMON = "Campaigns in the Age of Darkness: The Battle for Beta-Garmon"
    CONFIG = "strategium rules configuration"
    UNKNOWN = "unknown"


@dataclass(frozen=True)
class RuleDef:
    """One registered special rule.

    - ``name``: canonical name without the (X), e.g. "Hammer of Wrath".
    - ``x_kind``: what its (X) holds (``XKind.NONE`` if it takes none).
    - ``book``/``page``: where the rule is written; ``page`` is None when the data gives none (then say so).
    - ``paraphrase``: one or two sentences in the project's own words (never the book's text).
    - ``aliases``: other spellings seen in the data (typos, old names); matched after normalisation.
    - ``kind``: special rule, weapon special rule, Unit Type, Sub-type, wargear, ...
    - ``default_x``: the X a bare written name stands for, as text ("6+" for a plain "Shrouded"), if any.
    - ``status``: filled in by the registry from ``strategium.catalogue.status``; never set it in a catalogue.
    """

    name: str
    x_kind: XKind
    book: Book
    page: int | None
    paraphrase: str
    kind: RuleKind = RuleKind.SPECIAL_RULE
    aliases: tuple[str, ...] = ()
    default_x: str | None = None
    status: ImplementationStatus = ImplementationStatus.NOT_YET

    @property
    def display_name(self) -> str:
        """The name as the books head it: "Hammer of Wrath (X)", "Shrouded (X)", "Fearless"."""
        return self.name if self.x_kind is XKind.NONE else f"{self.name} (X)"

    @property
    def citation(self) -> str:
        """Book and page as one string, e.g. "Age of Darkness rulebook p.239"."""
        return f"{self.book.value} p.{self.page}" if self.page is not None else f"{self.book.value} (page unknown)"

    def as_dict(self) -> dict[str, Any]:
        """A JSON-ready mapping: name, display_name, x_kind, book, page, citation, status, kind, aliases,
        default_x and paraphrase (enums as their string values)."""
        return {
            "name": self.name,
            "display_name": self.display_name,
            "x_kind": self.x_kind.value,
            "book": self.book.value,
            "page": self.page,
            "citation": self.citation,
            "status": self.status.value,
            "kind": self.kind.value,
            "aliases": list(self.aliases),
            "default_x": self.default_x,
            "paraphrase": self.paraphrase,
        }
