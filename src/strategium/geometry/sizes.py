"""Default base and hull sizes for models whose army entry gives none (rosters never do).

HH2 does not fix base or hull sizes in its rules: models are used on the base they are supplied with. The
values here are **community / project defaults, not rules**: the sizes the Forge World and Games Workshop
kits are commonly sold on, rounded, as the project's stand-ins. An army file may give ``base_mm`` per model
and a scenario may override a unit's base or hull (``docs/scenario-format.md``).

* A model with a base (every Unit Type but Vehicle, Knight, Titan, Fortification and Building) gets a
  :class:`~strategium.geometry.bases.Base` from its Unit Type and Sub-types (:func:`default_base`).
* A model with a hull gets a length x width in inches: by name from :data:`HULL_SIZES` where the table knows
  the kit (:func:`hull_size`), otherwise by Unit Type and Sub-type (:data:`FALLBACK_HULLS`).
"""

from __future__ import annotations

from strategium.geometry.bases import Base
from strategium.model.unit_types import SubType, UnitType, UnitTypeSpec

HULL_UNIT_TYPES = frozenset(
    {UnitType.VEHICLE, UnitType.KNIGHT, UnitType.TITAN, UnitType.FORTIFICATION, UnitType.BUILDING}
)
"""Unit Types that stand on a hull (an oriented rectangle with Facings) rather than a base."""

DEFAULT_BASES_MM: dict[UnitType, tuple[float, float | None]] = {
    UnitType.INFANTRY: (32, None),
    UnitType.CAVALRY: (60, 35),
    UnitType.DREADNOUGHT: (60, None),
    UnitType.AUTOMATA: (60, None),
    UnitType.PRIMARCH: (60, None),
    UnitType.DAEMON: (40, None),
    UnitType.DAEMON_PRIMARCH: (60, None),
    UnitType.ARMIGER: (100, None),
}
"""Base per Unit Type in millimetres, (diameter, None) or (length, width) for an oval (project defaults)."""

SUB_TYPE_BASES_MM: tuple[tuple[UnitType | None, SubType, tuple[float, float | None]], ...] = (
    (None, SubType.ARTILLERY, (50, None)),
    (None, SubType.AUTOMATED_ARTILLERY, (50, None)),
    (UnitType.INFANTRY, SubType.MONSTROUS, (40, None)),
    (UnitType.INFANTRY, SubType.HEAVY, (40, None)),
    (UnitType.INFANTRY, SubType.MILITIA, (25, None)),
    (UnitType.AUTOMATA, SubType.LIGHT, (40, None)),
    (UnitType.DAEMON, SubType.MONSTROUS, (60, None)),
)
"""Sub-types that change the default, checked in this order; the first that applies wins (None: any Unit
Type). So a Militia Ogryn (Infantry, Monstrous, Militia) is on 40 mm, a Militia infantryman on 25 mm, a
Legion Terminator (Infantry, Heavy) on 40 mm, Artillery on 50 mm."""

HULL_SIZES: tuple[tuple[str, tuple[float, float]], ...] = (
    ("land raider", (7.0, 4.6)),
    ("spartan", (8.0, 4.7)),
    ("rhino", (4.6, 3.5)),
    ("razorback", (4.6, 3.5)),
    ("predator", (4.6, 4.3)),
    ("vindicator", (4.6, 3.5)),
    ("whirlwind", (4.6, 3.5)),
    ("sicaran", (5.2, 3.8)),
    ("kratos", (6.4, 4.2)),
    ("leman russ", (5.2, 3.6)),
    ("malcador", (6.6, 4.1)),
    ("chimera", (4.9, 3.5)),
    ("arvus", (5.5, 5.5)),
    ("drop pod", (4.5, 4.5)),
    ("fellblade", (9.8, 5.2)),
    ("typhon", (9.8, 5.2)),
    ("baneblade", (9.8, 5.2)),
    ("mastodon", (11.0, 5.5)),
)
"""Hull length x width in inches by a word of the model's name (case-insensitive; the longest matching key
wins, so "Land Raider Proteus" is a Land Raider). Approximate kit sizes, rounded (project defaults)."""

FALLBACK_HULLS: dict[UnitType, tuple[float, float]] = {
    UnitType.VEHICLE: (5.0, 3.5),
    UnitType.KNIGHT: (6.7, 4.3),
    UnitType.TITAN: (10.0, 7.0),
    UnitType.FORTIFICATION: (6.0, 6.0),
    UnitType.BUILDING: (6.0, 6.0),
}
"""Hull length x width in inches when the name is not in :data:`HULL_SIZES` (project defaults)."""

SUPER_HEAVY_HULL = (9.8, 5.2)
"""Hull of a Super-heavy Vehicle whose name is not in :data:`HULL_SIZES` (project default)."""


def sizing_type(spec: UnitTypeSpec | None) -> UnitType | None:
    """The Unit Type that decides the size: a ``Vehicle (Knight)`` is a Knight, ``Vehicle (Titan)`` a Titan,
    a Fortification with the Building Sub-type a Building."""
    if spec is None or spec.unit_type is None:
        return None
    if spec.has(SubType.TITAN):
        return UnitType.TITAN
    if spec.has(SubType.KNIGHT):
        return UnitType.KNIGHT
    return spec.unit_type


def has_hull(spec: UnitTypeSpec | None) -> bool:
    """True if a model of this Unit Type stands on a hull (Vehicle, Knight, Titan, Fortification, Building)."""
    return sizing_type(spec) in HULL_UNIT_TYPES


def default_base(spec: UnitTypeSpec | None) -> Base:
    """The project-default base for a model of this Unit Type and Sub-types (32 mm when nothing is known).

    Raises ``ValueError`` for a Unit Type that stands on a hull (see :func:`has_hull`).
    """
    kind = sizing_type(spec)
    if kind in HULL_UNIT_TYPES:
        raise ValueError(f"a {kind} stands on a hull, not a base")
    subs = spec.sub_types if spec is not None else frozenset()
    for unit_type, sub_type, size in SUB_TYPE_BASES_MM:
        if sub_type in subs and unit_type in (None, kind):
            return Base(*size)
    length, width = DEFAULT_BASES_MM.get(kind, (32, None)) if kind is not None else (32, None)
    return Base(length, width)


def base_from_mm(base_mm: tuple[float, float]) -> Base:
    """An army file's ``base_mm`` pair as a :class:`Base` (equal numbers: round)."""
    length, width = base_mm
    return Base(length) if length == width else Base(length, width)


def model_base(base_mm: tuple[float, float] | None, spec: UnitTypeSpec | None) -> Base:
    """The base a model stands on: its army entry's ``base_mm`` when given, else :func:`default_base`."""
    return base_from_mm(base_mm) if base_mm is not None else default_base(spec)


def hull_size(name: str, spec: UnitTypeSpec | None = None) -> tuple[float, float]:
    """Hull length x width (inches) for a model: by name from :data:`HULL_SIZES`, else a Super-heavy's
    :data:`SUPER_HEAVY_HULL`, else :data:`FALLBACK_HULLS` by Unit Type (a Vehicle's when unknown)."""
    lowered = name.lower()
    matches = [(len(key), size) for key, size in HULL_SIZES if key in lowered]
    if matches:
        return max(matches)[1]
    if spec is not None and spec.has(SubType.SUPER_HEAVY):
        return SUPER_HEAVY_HULL
    kind = sizing_type(spec)
    return (
        FALLBACK_HULLS.get(kind, FALLBACK_HULLS[UnitType.VEHICLE])
        if kind is not None
        else FALLBACK_HULLS[UnitType.VEHICLE]
    )
