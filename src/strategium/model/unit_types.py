"""Unit Types and Sub-types (HH2 Age of Darkness rulebook pp.195-197; Legacies and Libers for faction Sub-types).

A model's Unit Type is written in the data as ``Type (Sub1, Sub2, ...)``, e.g. ``Infantry (Character, Line)``.
``strategium.model.parse_unit_type.parse_unit_type`` reads that text into a :class:`UnitTypeSpec`.

Knights and Titans: the data writes them ``Vehicle (Knight)`` / ``Vehicle (Titan)`` and files them under the
categories "Knight Sub-type" / "Titan Sub-type", so the parser gives ``UnitType.VEHICLE`` with
``SubType.KNIGHT`` / ``SubType.TITAN``. ``UnitType.KNIGHT`` and ``UnitType.TITAN`` stay for code that names
the class of model; :meth:`UnitTypeSpec.counts_as` answers for both spellings.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum


class UnitType(StrEnum):
    """The Unit Types of HH2 (rulebook pp.195-197; Fortification: Legacies p.103; Daemon Primarch:
    Exemplary Battles of the Age of Darkness vol.1 p.102, counts as both Daemon and Primarch)."""

    INFANTRY = "Infantry"
    CAVALRY = "Cavalry"
    DREADNOUGHT = "Dreadnought"
    AUTOMATA = "Automata"
    PRIMARCH = "Primarch"
    DAEMON = "Daemon"
    DAEMON_PRIMARCH = "Daemon Primarch"
    ARMIGER = "Armiger"
    VEHICLE = "Vehicle"
    KNIGHT = "Knight"
    TITAN = "Titan"
    FORTIFICATION = "Fortification"
    BUILDING = "Building"


class SubType(StrEnum):
    """Sub-types (rulebook pp.196-197, vehicle Sub-types pp.214-219, faction books as noted in the registry)."""

    # non-vehicle
    LINE = "Line"
    HEAVY = "Heavy"
    LIGHT = "Light"
    SKIRMISH = "Skirmish"
    CHARACTER = "Character"
    INDEPENDENT_CHARACTER = "Independent Character"
    UNIQUE = "Unique"
    ARTILLERY = "Artillery"
    AUTOMATED_ARTILLERY = "Automated Artillery"
    MONSTROUS = "Monstrous"
    CLOSE_ORDER = "Close-order"
    MILITIA = "Militia"
    THIRD_LINE = "Third-line"
    MECHANISED = "Mechanised"
    ASSASSIN = "Assassin"
    ANATHEMA = "Anathema"
    CORRUPTED = "Corrupted"
    GUARDIAN = "Guardian"
    CYBERNETICA = "Cybernetica"
    PSY_AUTOMATA = "Psy-automata"
    PARAGON = "Paragon"
    GARGANTUAN = "Gargantuan"
    ANTIGRAV = "Antigrav"
    PSYKER = "Psyker"
    BOUND = "Bound"
    COMMAND = "Command"
    # vehicle
    TRANSPORT = "Transport"
    FAST = "Fast"
    SLOW = "Slow"
    FLYER = "Flyer"
    HOVER = "Hover"
    LUMBERING = "Lumbering"
    SUPER_HEAVY = "Super-heavy"
    REINFORCED = "Reinforced"
    BOMBARD = "Bombard"
    SKIMMER = "Skimmer"
    STATIC = "Static"
    KNIGHT = "Knight"  # "Knight Sub-type" category; Knights and Titans rules, rulebook p.216
    TITAN = "Titan"  # "Titan Sub-type" category; rulebook p.216
    CORRUPTED_ENGINE = "Corrupted Engine"  # "Corrupted Engine Sub-type" category (Dreadnoughts, Knights)
    # non-vehicle, from faction books (pages as the BSData categories give them)
    CYBERTHEURGIST = "Cybertheurgist"  # Liber Mechanicum pp.92-96
    ABOMINATION = "Abomination"  # Campaigns of the Age of Darkness: The Siege of Cthonia p.221
    INDUCTII = "Inductii"  # The Siege of Cthonia pp.225-234
    STATIC_ARTILLERY = "Static Artillery"  # Solar Auxilia (BSData category "Static Artillery")
    # Fortification (Legacies of the Age of Darkness: Legiones Astartes p.103; Buildings rulebook pp.221-226)
    BUILDING = "Building"
    EMPLACEMENT = "Emplacement"
    BARRICADE = "Barricade"
    MASSIVE = "Massive"


@dataclass(frozen=True)
class UnitTypeSpec:
    """A parsed Unit Type string: the Unit Type, its Sub-types, and any words that could not be read.

    ``unit_type`` is None only when the text named no Unit Type at all (then ``unknown`` says what was there).
    ``footnoted`` holds the Sub-types written with a footnote mark (the Dreadnought Drop Pod's "Transport*"):
    the unit's own rules qualify them. ``text`` is the text as given.
    """

    unit_type: UnitType | None
    sub_types: frozenset[SubType] = field(default_factory=frozenset)
    unknown: tuple[str, ...] = ()
    text: str = ""
    footnoted: frozenset[SubType] = field(default_factory=frozenset)

    def has(self, sub_type: SubType) -> bool:
        """True if this model has the given Sub-type."""
        return sub_type in self.sub_types

    def counts_as(self, unit_type: UnitType) -> bool:
        """True if the model is of ``unit_type`` for rules purposes.

        A Daemon Primarch counts as both a Daemon and a Primarch (Exemplary Battles vol.1 p.102); a
        ``Vehicle (Knight)`` counts as a Vehicle and as a Knight (likewise Titan).
        """
        if self.unit_type is unit_type:
            return True
        if self.unit_type is UnitType.DAEMON_PRIMARCH:
            return unit_type in (UnitType.DAEMON, UnitType.PRIMARCH)
        if self.unit_type is UnitType.VEHICLE:
            return (unit_type is UnitType.KNIGHT and SubType.KNIGHT in self.sub_types) or (
                unit_type is UnitType.TITAN and SubType.TITAN in self.sub_types
            )
        if unit_type is UnitType.VEHICLE:
            return self.unit_type in (UnitType.KNIGHT, UnitType.TITAN)
        return False

    @property
    def is_knight_or_titan(self) -> bool:
        """True for Knights and Titans, whichever way the type was written."""
        return self.counts_as(UnitType.KNIGHT) or self.counts_as(UnitType.TITAN)

    def __str__(self) -> str:
        name = self.unit_type.value if self.unit_type else "?"
        subs = sorted(s.value for s in self.sub_types)
        return f"{name} ({', '.join(subs)})" if subs else name
