"""Watchers: the "this turn" facts rules ask about (STYLE item 11), instead of loose flags on units.

Rules note facts as they happen (a unit moved, Ran, fired a Heavy weapon, charged, arrived from Reserves...);
the phase machine clears them at the start of every Player Turn. Questions such as "may this unit Charge after
firing Rapid Fire?" (Relentless, REL-2) read them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum


class Fact(StrEnum):
    """Something a unit did this Player Turn."""

    MOVED = "moved"
    RAN = "ran"
    FIRED_HEAVY = "fired a Heavy weapon"
    FIRED_ORDNANCE = "fired an Ordnance weapon"
    FIRED_RAPID_FIRE = "fired a Rapid Fire weapon"
    SHOT = "made a Shooting Attack"
    CHARGED = "declared a Charge"
    ARRIVED_FROM_RESERVES = "arrived from Reserves"
    EMBARKED = "embarked"
    DISEMBARKED = "disembarked"
    LEFT_ASSAULT_VEHICLE = "disembarked from an Assault Vehicle"
    LEFT_ARRIVED_TRANSPORT = "disembarked from a Transport that arrived from Reserves this turn"
    LEFT_IN_FLANKING_STEP_5 = "disembarked in the last step (Step 5) of a Flanking Assault"
    REACTED = "made a Reaction"
    MAY_ARRIVE = "may arrive from Reserves (its Reserves roll succeeded)"
    COMBAT_SPEED = "moved at Combat Speed"
    CRUISING_SPEED = "moved at Cruising Speed"


@dataclass
class TurnFacts:
    """The facts of the current Player Turn (``turn_index``), per unit id."""

    turn_index: int = 0
    facts: dict[str, set[Fact]] = field(default_factory=dict)

    def note(self, unit_id: str, fact: Fact) -> None:
        """Record that ``unit_id`` did ``fact`` this turn."""
        self.facts.setdefault(unit_id, set()).add(fact)

    def has(self, unit_id: str, fact: Fact) -> bool:
        """Whether ``unit_id`` did ``fact`` this turn."""
        return fact in self.facts.get(unit_id, ())

    def copy(self) -> TurnFacts:
        """An independent copy (for state snapshots)."""
        facts = self.facts
        return TurnFacts(self.turn_index, dict(zip(facts, map(set, facts.values()), strict=True)) if facts else {})

    def key(self) -> tuple[object, ...]:
        """A value (compared with ==) equal for equal facts (see ``GameState.key``)."""
        facts = self.facts  # pairs built in C (zip, map): no generator per key
        return (self.turn_index, tuple(zip(facts, map(frozenset, facts.values()), strict=True)) if facts else ())

    def new_turn(self, turn_index: int) -> None:
        """Forget everything: a new Player Turn has begun."""
        self.turn_index = turn_index
        self.facts = {}
