"""Typed events: one frozen dataclass each, with a text form for the log (STYLE item 9).

Every change to the game state is announced by an event, in order; the game log is the list of events.
Rules that may replace or cancel something hook a "would" event; the "did" event reports what happened.
"""

from __future__ import annotations

from dataclasses import dataclass

from strategium.catalogue.citations import Reason
from strategium.dice import Roll
from strategium.engine.core.effects import Effect
from strategium.engine.core.timing import Clock, PlayerId


@dataclass(frozen=True)
class Event:
    """Base of all events. ``text()`` is the line the log shows."""

    def text(self) -> str:
        """One readable line for the log."""
        raise NotImplementedError

    @property
    def reasons(self) -> tuple[Reason, ...]:
        """The rules behind this event (empty for bookkeeping events)."""
        return ()


@dataclass(frozen=True)
class StepStarted(Event):
    """A phase or sub-phase (or the pre-game) has begun."""

    clock: Clock

    def text(self) -> str:
        return f"-- {self.clock}"


@dataclass(frozen=True)
class TurnStarted(Event):
    """A Player Turn has begun."""

    game_turn: int
    turn_index: int
    player: PlayerId

    def text(self) -> str:
        return f"== Game Turn {self.game_turn}: player {self.player}'s turn begins"


@dataclass(frozen=True)
class TurnEnded(Event):
    """A Player Turn has ended."""

    game_turn: int
    turn_index: int
    player: PlayerId

    def text(self) -> str:
        return f"== Game Turn {self.game_turn}: player {self.player}'s turn ends"


@dataclass(frozen=True)
class GameEnded(Event):
    """The last Game Turn is over."""

    game_turns: int

    def text(self) -> str:
        return f"== The battle ends after Game Turn {self.game_turns}"


@dataclass(frozen=True)
class EffectApplied(Event):
    """An effect now applies to a unit."""

    effect: Effect
    unit_name: str

    def text(self) -> str:
        what = str(self.effect.rule) if self.effect.rule is not None else self.effect.kind.value
        return f"{self.unit_name}: {what}, {self.effect.duration.value}. {self.effect.reason}"

    @property
    def reasons(self) -> tuple[Reason, ...]:
        return (self.effect.reason,)


@dataclass(frozen=True)
class EffectEnded(Event):
    """An effect has expired or been ended early; ``why`` says which."""

    effect: Effect
    unit_name: str
    why: str

    def text(self) -> str:
        what = str(self.effect.rule) if self.effect.rule is not None else self.effect.kind.value
        return f"{self.unit_name}: no longer {what} ({self.why})"


@dataclass(frozen=True)
class DiceRolled(Event):
    """Dice were rolled (every roll of the game is one of these; the roll says who and why)."""

    roll: Roll

    def text(self) -> str:
        return f"   roll: {self.roll}"


@dataclass(frozen=True)
class RollOffWon(Event):
    """A roll-off between the players was won (ties are re-rolled)."""

    why: str
    winner: PlayerId
    rounds: tuple[tuple[int, int], ...]

    def text(self) -> str:
        shown = "; ".join(f"P1 {a} v P2 {b}" for a, b in self.rounds)
        return f"{self.why}: player {self.winner} wins the roll-off ({shown})"


@dataclass(frozen=True)
class PreGameStepStarted(Event):
    """A step of the pre-game has begun."""

    step: str

    def text(self) -> str:
        return f"-- Pre-game: {self.step}"


@dataclass(frozen=True)
class Ruling(Event):
    """Something the rules decided, in words, with its reasons (who deploys first, who goes first, ...)."""

    what: str
    why: tuple[Reason, ...] = ()

    def text(self) -> str:
        cited = "".join(f" [{r.citation}]" for r in self.why)
        return f"{self.what}{cited}"

    @property
    def reasons(self) -> tuple[Reason, ...]:
        return self.why


@dataclass(frozen=True)
class UnitPlaced(Event):
    """A unit was put somewhere in the pre-game: deployed, infiltrated, redeployed, sent to Reserves, embarked,
    held back or joined. ``how`` says which, ``where`` describes the place."""

    player: PlayerId
    unit_id: str
    unit_name: str
    how: str
    where: str
    why: tuple[Reason, ...] = ()

    def text(self) -> str:
        cited = "".join(f" [{r.citation}]" for r in self.why)
        return f"P{self.player} {self.unit_name}: {self.how} {self.where}{cited}".rstrip()

    @property
    def reasons(self) -> tuple[Reason, ...]:
        return self.why
