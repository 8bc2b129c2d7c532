"""The army file's schema (pydantic) and the value types of its fields.

``docs/army-format.md`` describes the format; :mod:`strategium.army.library` reads a file with this schema and
turns it into the engine's :class:`~strategium.army.army.Army`. Every model forbids unknown keys. A value a
pydantic validator refuses becomes a plain message (``strategium.validation_messages``) at its line and field.

Numbers are whole numbers (YAML's true/false is refused, not read as 1 or 0) and stay within the input limits of
:mod:`strategium.limits`: points up to ``points``; Move and base sizes up to ``table_inches``; Hull Points,
Transport Capacity and Fire Points up to ``profile_value``. Text the profile parsers read (weapon columns, Unit
Types, rule names) holds no number of more than 18 digits.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from typing import Annotated, Literal

from pydantic import AfterValidator, BaseModel, BeforeValidator, ConfigDict, Field

from strategium.army.army import ChartKind, ForceOrgSlot
from strategium.errors import InputError
from strategium.geometry.measure import MM_PER_INCH
from strategium.limits import check_limit
from strategium.model.parse_values import parse_characteristic, parse_save

# ------------------------------------------------------------------------------------------ value validators


def _whole(value: object) -> object:
    """YAML's true/false is not a number (pydantic would read it as 1 or 0)."""
    if isinstance(value, bool):
        raise ValueError("must be a whole number, not true/false")
    return value


def _plain_text(text: str) -> str:
    """Text the profile parsers may read: no run of digits longer than any number strategium reads."""
    if _HUGE_NUMBER.search(text):
        raise ValueError("holds a number larger than any strategium reads (more than 18 digits)")
    return text


_HUGE_NUMBER = re.compile(r"\d{19,}")


def _limited(name: str, what: str) -> Callable[[int | None], int | None]:
    """A check that a number, when given, is within the input limit ``name`` (:mod:`strategium.limits`)."""

    def check(value: int | None) -> int | None:
        if value is not None:
            check_limit(value, name, what=what)
        return value

    return check


def _characteristic(value: object) -> object:
    """A Characteristic as written: a whole number, or text the data would hold ("7", "-")."""
    _whole(value)
    if isinstance(value, str):
        _plain_text(value)
        try:
            return parse_characteristic(value)
        except InputError as err:
            raise ValueError(err.message) from None
    return value


def _save(value: object) -> object:
    """A save as written: "3+" (or the bare target number 3); "-" for none."""
    _whole(value)
    if isinstance(value, str):
        _plain_text(value)
        try:
            return parse_save(value)
        except InputError as err:
            raise ValueError(err.message) from None
    return value


def _within(low: int, high: int | None) -> Callable[[int | None], int | None]:
    """A check that a Characteristic, when given, is between ``low`` and ``high`` (None: no upper bound)."""

    def check(value: int | None) -> int | None:
        if value is None or (value >= low and (high is None or value <= high)):
            return value
        if high is None:
            raise ValueError(f"must be at least {low} (got {value})")
        raise ValueError(f"must be between {low} and {high} (got {value})")

    return check


def _base(value: object) -> object:
    """A base size in millimetres: one number (round) or [length, width] (oval)."""
    if isinstance(value, bool) or (isinstance(value, list) and any(isinstance(v, bool) for v in value)):
        raise ValueError("must be a size in millimetres, not true/false")
    if isinstance(value, int | float):
        return (value, value)
    return value


def _base_size(value: tuple[float, float] | None) -> tuple[float, float] | None:
    """Both sides of a base finite and more than 0 mm, and no longer than the largest table side."""
    for side in value or ():
        if not math.isfinite(side) or side <= 0:
            raise ValueError(f"must be more than 0 mm (got {side:g})")
        check_limit(side / MM_PER_INCH, "table_inches", what="a base side in inches")
    return value


Stat = Annotated[int | None, BeforeValidator(_characteristic), AfterValidator(_within(0, 10))]
"""WS, BS, S, T, I, A, Ld: 0 to 10 (Age of Darkness rulebook pp.160-162 profiles), or "-" for none."""
Wounds = Annotated[int | None, BeforeValidator(_characteristic), AfterValidator(_within(1, 10))]
"""W: 1 to 10 (a model with no Wounds is not a model)."""
Move = Annotated[
    int | None,
    BeforeValidator(_characteristic),
    AfterValidator(_within(0, None)),
    AfterValidator(_limited("table_inches", "the Move in inches")),
]
"""M in inches, at least 0 (and at most the input limit ``table_inches``)."""
Armour = Annotated[int | None, BeforeValidator(_characteristic), AfterValidator(_within(0, 14))]
"""Armour Values: 0 to 14."""
HullPoints = Annotated[
    int | None,
    BeforeValidator(_characteristic),
    AfterValidator(_within(1, None)),
    AfterValidator(_limited("profile_value", "the Hull Points")),
]
"""Hull Points: at least 1 (and at most the input limit ``profile_value``)."""
Count = Annotated[
    int | None,
    BeforeValidator(_characteristic),
    AfterValidator(_within(0, None)),
    AfterValidator(_limited("profile_value", "the number")),
]
"""Transport Capacity and Fire Points: at least 0 (and at most the input limit ``profile_value``)."""
Save = Annotated[int | None, BeforeValidator(_save), AfterValidator(_within(2, 6))]
"""A save target: 2+ to 6+, or "-" for none."""
Base = Annotated[tuple[float, float] | None, BeforeValidator(_base), AfterValidator(_base_size)]
Points = Annotated[int, BeforeValidator(_whole), Field(ge=0), AfterValidator(_limited("points", "the points value"))]
"""A points value: a whole number from 0 to the input limit ``points``."""
ModelCount = Annotated[int, BeforeValidator(_whole), Field(ge=1)]
"""How many identical models an entry stands for (the limits on models are checked per unit and army)."""
Text = Annotated[str, AfterValidator(_plain_text)]
"""Text the profile parsers read (a weapon column, a rule name): no number of more than 18 digits."""


# ------------------------------------------------------------------------------------------------ the schema


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class WeaponSpec(_Strict):
    """One weapon profile, columns as the data writes them (Range, Strength, AP, Type)."""

    name: str = Field(min_length=1)
    range: Text
    strength: Text
    ap: Text
    type: Text


class ModelSpec(_Strict):
    """``count`` identical models. Which Characteristics are required depends on the Unit Type:
    Vehicles m/bs/front/side/rear/hp; Knights and Titans add ws/s/i/a; Buildings and Fortifications
    front/side/rear/hp (bs optional); everything else m ws bs s t w i a ld sv."""

    name: str = Field(min_length=1)
    count: ModelCount = 1
    unit_type: Text
    m: Move = None
    ws: Stat = None
    bs: Stat = None
    s: Stat = None
    t: Stat = None
    w: Wounds = None
    i: Stat = None
    a: Stat = None
    ld: Stat = None
    sv: Save = None
    front: Armour = None
    side: Armour = None
    rear: Armour = None
    hp: HullPoints = None
    transport_capacity: Count = None
    fire_points: Count = None
    invulnerable_save: Save = None
    base_mm: Base = None
    rules: tuple[Text, ...] = ()
    wargear: tuple[str, ...] = ()
    weapons: tuple[str | WeaponSpec, ...] = ()


class UnitSpec(_Strict):
    """One unit: id (unique in the file), name, Force Organisation slot, points, unit-wide rules, models."""

    id: str = Field(min_length=1)
    name: str = Field(min_length=1)
    slot: ForceOrgSlot
    points: Points
    rules: tuple[Text, ...] = ()
    models: tuple[ModelSpec, ...] = Field(min_length=1)
    transport_for: str | None = None
    compulsory: bool | None = None


class DetachmentSpec(_Strict):
    """One Force Organisation chart and the ids of the units it holds."""

    name: str = Field(min_length=1)
    chart: ChartKind
    faction: str = ""
    units: tuple[str, ...] = Field(min_length=1)


class ArmySpec(_Strict):
    """A whole army file. ``points``, when given, must equal the sum of the units' points."""

    format: Annotated[Literal[1], BeforeValidator(_whole)]
    name: str = Field(min_length=1)
    faction: str = ""
    allegiance: Literal["Loyalist", "Traitor"] | None = None
    points: Points | None = None
    notes: tuple[str, ...] = ()
    weapons: tuple[WeaponSpec, ...] = ()
    units: tuple[UnitSpec, ...] = Field(min_length=1)
    detachments: tuple[DetachmentSpec, ...] = Field(min_length=1)
