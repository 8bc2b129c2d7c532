"""Weapon profiles: Range, Strength, AP, Type (HH2 rulebook 'Weapons', pp.~170-180).

In the data a weapon is ``Range, Strength, AP, Type``; ``Type`` holds the weapon class, its shots and the
weapon's own special rules as one comma list (e.g. ``Heavy 2, Rending (6+)``).
``strategium.model.parse_weapons`` reads those columns into the values below.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from strategium.catalogue.registry import RuleEntry


class WeaponClass(StrEnum):
    """The weapon type that says how a weapon fires (Assault, Heavy, Rapid Fire, ...)."""

    ASSAULT = "Assault"
    HEAVY = "Heavy"
    RAPID_FIRE = "Rapid Fire"
    ORDNANCE = "Ordnance"
    PISTOL = "Pistol"
    MELEE = "Melee"
    DESTROYER = "Destroyer"
    SALVO = "Salvo"
    PRIMARY = "Primary"
    ARTILLERY = "Artillery"
    PSYCHIC = "Psychic"
    BOMB = "Bomb"  # flyer bombs in the data ("Bomb 1, Blast (3\"), One Use")


class RangeKind(StrEnum):
    """How a weapon's Range is given."""

    DISTANCE = "distance"  # e.g. 24"
    MIN_MAX = "min-max"  # e.g. 12"-60"
    TEMPLATE = "template"
    HELLSTORM = "hellstorm"
    MELEE = "melee"  # "-"
    UNKNOWN = "unknown"  # the text could not be read (blank, ".", prose): see the parse problems


@dataclass(frozen=True)
class WeaponRange:
    """A weapon's Range in inches. ``maximum`` is None for Template/Hellstorm/Melee/Unknown.

    ``minimum`` is set for the data's "12\"-60\"" and "More than 18\"-42\"" forms: the weapon may not fire
    at targets that close (whether exactly ``minimum`` inches is allowed is the rulebook's call, not the
    parser's). ``text`` is the text as given.
    """

    kind: RangeKind
    maximum: float | None = None
    minimum: float | None = None
    text: str = ""


class StrengthKind(StrEnum):
    """How a weapon's Strength is given."""

    FIXED = "fixed"  # "8"
    USER = "user"  # "User"
    PLUS = "plus"  # "+1", "User+4"
    TIMES = "times"  # "x2", "2x"
    SPECIAL = "special"  # "*", "-", "10/8/6", "†": see the weapon's rules
    DESTROYER = "destroyer"  # "D"
    UNKNOWN = "unknown"  # the text could not be read (blank, prose): see the parse problems


@dataclass(frozen=True)
class WeaponStrength:
    """A weapon's Strength: a number, the user's, a bonus to it, or a multiple of it.

    ``value`` is the number for FIXED, the bonus for PLUS (may be negative), the factor for TIMES.
    ``values`` holds banded Strengths such as "10/8/6" (kind SPECIAL: the weapon's rules say which applies).
    ``footnote`` is a footnote mark written beside the value ("5*" → "*"; "†" alone → "†").
    """

    kind: StrengthKind
    value: int | None = None
    text: str = ""
    values: tuple[int, ...] = ()
    footnote: str | None = None

    def resolve(self, user_strength: int) -> int | None:
        """The Strength used when a model with ``user_strength`` uses this weapon (None if not a number)."""
        if self.kind is StrengthKind.FIXED:
            return self.value
        if self.kind is StrengthKind.USER:
            return user_strength
        if self.kind is StrengthKind.PLUS and self.value is not None:
            return user_strength + self.value
        if self.kind is StrengthKind.TIMES and self.value is not None:
            return user_strength * self.value
        return None


@dataclass(frozen=True)
class WeaponType:
    """The parsed ``Type`` column: weapon class, shots (None where the class has none, e.g. Melee),
    the weapon's own special rules, and words that could not be read.

    ``shots_dice`` is set instead of ``shots`` when the shots are rolled ("Assault 2D6" → "2D6").
    ``rules`` keeps every rule item, recognised (``RuleRef``) or not (``UnknownRule``), in written order.
    ``unknown`` holds text that is neither class, shots nor a rule item (e.g. prose on later lines).
    """

    weapon_class: WeaponClass | None
    shots: int | None = None
    rules: tuple[RuleEntry, ...] = ()
    unknown: tuple[str, ...] = ()
    text: str = ""
    shots_dice: str | None = None


@dataclass(frozen=True)
class WeaponProfile:
    """One weapon profile. ``ap`` is 1..6 or None for "-"."""

    name: str
    range: WeaponRange
    strength: WeaponStrength
    ap: int | None
    type: WeaponType

    @property
    def is_melee(self) -> bool:
        """True for close combat weapons."""
        return self.type.weapon_class is WeaponClass.MELEE
