"""Unit Types and Sub-types (HH2 Age of Darkness rulebook pp.195-197; Legacies and Libers for faction Sub-types).

A model's Unit Type is written in the data as ``Type (Sub1, Sub2, ...)``, e.g. ``Infantry (Character, Line)``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum


class UnitType(StrEnum):
    """The Unit Types of HH2 (rulebook pp.195-197; Fortification: Legacies p.103)."""

    INFANTRY = "Infantry"
    CAVALRY = "Cavalry"
    DREADNOUGHT = "Dreadnought"
    AUTOMATA = "Automata"
    PRIMARCH = "Primarch"
    DAEMON = "Daemon"
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


@dataclass(frozen=True)
class UnitTypeSpec:
    """A parsed Unit Type string: the Unit Type, its Sub-types, and any words that could not be read.

    ``unit_type`` is None only when the text named no Unit Type at all (then ``unknown`` says what was there).
    """

    unit_type: UnitType | None
    sub_types: frozenset[SubType] = field(default_factory=frozenset)
    unknown: tuple[str, ...] = ()
    text: str = ""

    def has(self, sub_type: SubType) -> bool:
        """True if this model has the given Sub-type."""
        return sub_type in self.sub_types

    def __str__(self) -> str:
        name = self.unit_type.value if self.unit_type else "?"
        subs = sorted(s.value for s in self.sub_types)
        return f"{name} ({', '.join(subs)})" if subs else name
