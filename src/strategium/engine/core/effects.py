"""Effects with a Duration, expired by the phase machine (CORE_A §4.2; STYLE item 7).

An effect records what it does (``kind`` and its data), on which unit, who controls that unit, when it was made
and why (a cited ``Reason``). Expiry is by recomputation: :func:`expire` returns the effects still in force at a
timing window; nothing is undone by hand.

Durations and when they end (``turn_index`` counts Player Turns from 1; the pre-game is 0):

- ``UNTIL_END_OF_PHASE``: at the end of the phase in which it was made.
- ``UNTIL_END_OF_TURN``: at the end of the Player Turn in which it was made (made in the pre-game: the end of
  the first Player Turn).
- ``UNTIL_START_OF_CONTROLLERS_NEXT_TURN``: at the start of the first turn of the unit's controller that starts
  after the effect was made (Militia Cavalry Mount's Shrouded, Legacies: Imperialis Militia p.37).
- ``UNTIL_END_OF_CONTROLLERS_NEXT_TURN``: at the end of the first turn of the controller that starts after the
  effect was made: "its controlling player's following turn" (Stupefied, Exemplary Battles vol.1 p.107); made in
  the pre-game, that is the controller's first turn ("cannot Charge in its first turn", Infiltrate p.242).
- ``UNTIL_END_OF_GAME_TURN``: at the end of the Game Turn in progress; made in the pre-game, at the end of Game
  Turn 1 ("cannot Charge in the first Game Turn", Scout p.246).
- ``PERMANENT``: until removed by a rule (or by an end trigger).

Any effect may also end early on an :class:`EndTrigger` (e.g. Stupefied ends when the unit is forced to move).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from strategium.catalogue.citations import Reason
from strategium.catalogue.registry import RuleRef
from strategium.engine.core.timing import PlayerId


class Duration(StrEnum):
    """How long an effect lasts; see the module docstring for the exact expiry of each."""

    UNTIL_END_OF_PHASE = "until the end of the phase"
    UNTIL_END_OF_TURN = "until the end of the turn"
    UNTIL_START_OF_CONTROLLERS_NEXT_TURN = "until the start of its controlling player's next turn"
    UNTIL_END_OF_CONTROLLERS_NEXT_TURN = "until the end of its controlling player's next turn"
    UNTIL_END_OF_GAME_TURN = "until the end of the Game Turn"
    PERMANENT = "until removed"


class EndTrigger(StrEnum):
    """Happenings that end an effect early."""

    FORCED_TO_MOVE = "forced to move"
    REMOVED_FROM_PLAY = "removed from play"


class EffectKind(StrEnum):
    """What an effect does. Statuses first, then restrictions and granted rules."""

    PINNED = "Pinned"
    STUPEFIED = "Stupefied"
    FALLING_BACK = "Falling Back"
    BLIND = "Blind"
    CONCUSSED = "Concussed"
    REGROUPED = "Regrouped"
    CANNOT_CHARGE = "cannot declare a Charge"
    MOVED_BY_REACTION = "moved by a Reaction (not Stationary in its next turn)"
    GRANTS_RULE = "gains a special rule"
    CREW_SHAKEN = "Crew Shaken"
    CREW_STUNNED = "Crew Stunned"
    IMMOBILISED = "Immobilised"
    WEAPON_DESTROYED = "Weapon Destroyed"
    PSYCHIC_CHECK_PASSED = "passed a Psychic check (its rule: the effect's rule)"
    PSYCHIC_CHECK_FAILED = "failed a Psychic check (its rule: the effect's rule)"
    RAD_PHAGE = "Rad-Phage (-1 Toughness)"


class Window(StrEnum):
    """Timing windows at which the phase machine expires effects."""

    START_OF_TURN = "start of turn"
    END_OF_PHASE = "end of phase"
    END_OF_TURN = "end of turn"
    END_OF_GAME_TURN = "end of Game Turn"


@dataclass(frozen=True)
class Moment:
    """A timing window as it happens: which window, in which Player Turn (``turn_index``), whose turn, and
    which Game Turn."""

    window: Window
    turn_index: int
    player: PlayerId
    game_turn: int


@dataclass(frozen=True)
class Effect:
    """One effect on one unit.

    ``created_turn`` is the ``turn_index`` and ``created_game_turn`` the Game Turn when it was made (0: pre-game).
    ``rule`` is set for ``GRANTS_RULE`` effects (e.g. Shrouded (5+)). ``ends_on`` lists early end triggers.
    ``model_id``: the one model it is on (a vehicle of a squadron hit by a Vehicle Damage result), or None for
    the whole unit; ``weapon``: the weapon's name (``WEAPON_DESTROYED``).
    """

    id: int
    kind: EffectKind
    unit_id: str
    controller: PlayerId
    duration: Duration
    created_turn: int
    created_game_turn: int
    reason: Reason
    rule: RuleRef | None = None
    ends_on: frozenset[EndTrigger] = frozenset()
    model_id: str | None = None
    weapon: str | None = None

    def expires_at(self, moment: Moment) -> bool:
        """True if this effect ends at ``moment`` (see the module docstring)."""
        d, w = self.duration, moment.window
        if d is Duration.UNTIL_END_OF_PHASE:
            return w in (Window.END_OF_PHASE, Window.END_OF_TURN) and moment.turn_index >= self.created_turn
        if d is Duration.UNTIL_END_OF_TURN:
            return w is Window.END_OF_TURN and moment.turn_index >= max(self.created_turn, 1)
        if d is Duration.UNTIL_START_OF_CONTROLLERS_NEXT_TURN:
            return (
                w is Window.START_OF_TURN and moment.player == self.controller and moment.turn_index > self.created_turn
            )
        if d is Duration.UNTIL_END_OF_CONTROLLERS_NEXT_TURN:
            return (
                w is Window.END_OF_TURN and moment.player == self.controller and moment.turn_index > self.created_turn
            )
        if d is Duration.UNTIL_END_OF_GAME_TURN:
            return w is Window.END_OF_GAME_TURN and moment.game_turn >= max(self.created_game_turn, 1)
        return False


def expire(effects: tuple[Effect, ...], moment: Moment) -> tuple[tuple[Effect, ...], tuple[Effect, ...]]:
    """Split ``effects`` at ``moment`` into (still in force, expired), keeping their order."""
    kept = tuple(e for e in effects if not e.expires_at(moment))
    gone = tuple(e for e in effects if e.expires_at(moment))
    return kept, gone


def end_on_trigger(
    effects: tuple[Effect, ...], unit_id: str, trigger: EndTrigger
) -> tuple[tuple[Effect, ...], tuple[Effect, ...]]:
    """Split ``effects`` into (still in force, ended) when ``trigger`` happens to ``unit_id``."""
    gone = tuple(e for e in effects if e.unit_id == unit_id and trigger in e.ends_on)
    kept = tuple(e for e in effects if e not in gone)
    return kept, gone
