"""What a Reaction is, and where rules register one (CORE_B §4): the framework's vocabulary and its registries.

- :class:`ReactionWindow`: the moments a Reaction answers; :class:`Trigger`: a window open now (who reacts, against
  which enemy units, the event that opened it).
- :class:`ReactionDef`: one Reaction (its window, phase, citation, condition, resolution and optional screen),
  registered with :func:`register`; :class:`ReactionOption` / :class:`ReactionOffer`: what a Reaction choice offers;
  :class:`ReactionMade`: the event of a Reaction made.
- The registries rules add to: Reactions (:func:`register`), allotment raisers (:func:`allotment_source`), free
  Reactions (:func:`free_reaction`) and what finishes an interrupted action after a window
  (:func:`after_window`), each in registration order.
- **The Reaction Allotment** (CORE_B §4.1): each phase of the opponent's turn the reactive player may make
  ``reactions.allotment`` Reactions (1), raised by the allotment sources, never above ``reactions.allotment_cap``
  (3) (:func:`allotment`). A free Reaction spends nothing and may exceed the cap. What was spent is counted from
  the :class:`ReactionMade` events of the current phase (:func:`spent`), so a snapshot needs nothing more.

The window machinery (verdicts, options, the offer, making a Reaction) is :mod:`strategium.engine.reactions.windows`;
when each window opens, :mod:`strategium.engine.reactions.triggers`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING

from strategium.catalogue.citations import Reason
from strategium.combat.sources import configured
from strategium.engine.core import registries
from strategium.engine.core.events import Event, StepStarted, TurnStarted
from strategium.engine.core.timing import Phase, PlayerId

if TYPE_CHECKING:
    from strategium.engine.core.game import Game

REACTIONS = "Reactions"
"""The section of the rules that Reaction rulings cite."""


class ReactionWindow(StrEnum):
    """The moments a Reaction answers."""

    ENEMY_MOVED = "an enemy unit ended a move"
    UNITS_ARRIVED = "enemy units arrived from Reserves"
    SHOOTING_ATTACK_DECLARED = "a Shooting Attack was declared"
    CHARGE_DECLARED = "a Charge was declared"


@dataclass(frozen=True)
class Trigger:
    """An open window: ``player`` is the reactive player, ``enemies`` the active player's units a Reaction may be
    made against (the mover, the arrivals, the attacker, the charger), ``targets`` the reactive player's units
    the enemy aimed at (only they may react; empty: any unit), ``event`` the "did" event that opened it."""

    window: ReactionWindow
    player: PlayerId
    enemies: tuple[str, ...]
    targets: tuple[str, ...] = ()
    event: Event | None = None


Eligibility = Callable[["Game", str, str, Trigger], Reason | None]
"""(game, reacting unit, enemy unit, trigger) -> why this Reaction cannot be made, or None."""
Resolution = Callable[["Game", str, str, Trigger], None]
"""(game, reacting unit, enemy unit, trigger): make the Reaction."""
Screen = Callable[["Game", str, str, Trigger], bool]
"""(game, reacting unit, enemy unit, trigger) -> False only when the Reaction's ``eligible`` would certainly refuse:
a cheap necessary condition (e.g. a range test by bounding boxes) that :func:`options` asks first."""


@dataclass(frozen=True)
class ReactionDef:
    """One Reaction: its ``name``, the ``window`` it answers (in ``phase``), ``why`` (its citation), who may make
    it (``eligible``) and what it does (``resolve``); ``screen``, if given, rules out at little cost some of the
    units ``eligible`` would refuse (only the list of legal options asks it: a refusal's reasons come from
    ``eligible``)."""

    name: str
    window: ReactionWindow
    phase: Phase
    why: Reason
    eligible: Eligibility
    resolve: Resolution
    screen: Screen | None = None


@dataclass(frozen=True)
class ReactionOption:
    """One offered Reaction: ``reaction`` made by ``unit_id`` against ``enemy_id``."""

    reaction: str
    unit_id: str
    enemy_id: str

    def text(self) -> str:
        """The option as the choice lists it, e.g. ``Return Fire with b1 (a1)``."""
        return option_text(self.reaction, self.unit_id, self.enemy_id)


def option_text(reaction: str, unit_id: str, enemy_id: str) -> str:
    """How a choice names a Reaction option: ``<Reaction> with <unit> (<enemy unit>)``."""
    return f"{reaction} with {unit_id} ({enemy_id})"


@dataclass(frozen=True)
class ReactionOffer:
    """The context of a Reaction choice: the open window and the options, in the order listed."""

    trigger: Trigger
    options: tuple[ReactionOption, ...]


@dataclass(frozen=True)
class ReactionMade(Event):
    """A Reaction was made (``free``: it spent no point of the allotment)."""

    player: PlayerId
    reaction: str
    unit_id: str
    unit_name: str
    enemy_id: str
    enemy_name: str
    turn_index: int
    phase: Phase
    free: bool = False
    why: tuple[Reason, ...] = ()

    def text(self) -> str:
        cost = " (free)" if self.free else ""
        return f"P{self.player} {self.unit_name} reacts: {self.reaction} against {self.enemy_name}{cost}"

    @property
    def reasons(self) -> tuple[Reason, ...]:
        return self.why


# -- registries ------------------------------------------------------------------------------------------------

_REACTIONS: dict[str, ReactionDef] = {}
AllotmentSource = Callable[["Game", PlayerId, Phase], list[tuple[int, Reason]]]
_SOURCES: list[AllotmentSource] = []
FreeReaction = Callable[["Game", str, str], Reason | None]
_FREE: list[FreeReaction] = []
Continuation = Callable[["Game", Trigger], None]
_CONTINUE: dict[ReactionWindow, Continuation] = {}


def register(definition: ReactionDef) -> ReactionDef:
    """Register a Reaction (one per name). Raises ``ValueError`` for a name registered twice."""
    if definition.name in _REACTIONS:
        raise ValueError(f"Reaction {definition.name!r} is already registered")
    _REACTIONS[definition.name] = definition
    registries.changed()
    return definition


def registered() -> tuple[ReactionDef, ...]:
    """Every registered Reaction, in registration order."""
    return tuple(_REACTIONS.values())


def allotment_source(fn: AllotmentSource) -> AllotmentSource:
    """Decorator: a rule that raises a player's Reaction Allotment in a phase: (extra Reactions, why) pairs."""
    _SOURCES.append(fn)
    registries.changed()
    return fn


def free_reaction(fn: FreeReaction) -> FreeReaction:
    """Decorator: a rule that lets a unit make a Reaction (by name) without spending the allotment: why, or None."""
    _FREE.append(fn)
    registries.changed()
    return fn


def after_window(window: ReactionWindow) -> Callable[[Continuation], Continuation]:
    """Decorator: what finishes the interrupted action once a Reaction choice of ``window`` is answered."""

    def register_continuation(fn: Continuation) -> Continuation:
        _CONTINUE[window] = fn
        registries.changed()
        return fn

    return register_continuation


# -- the allotment and the per-unit limit ---------------------------------------------------------------------


def phase_events(game: Game) -> list[Event]:
    """The events of the current phase of the current Player Turn (from the first step of the phase)."""
    events = game.state.events
    c = game.state.clock
    start = len(events)
    for i in range(len(events) - 1, -1, -1):
        e = events[i]
        if isinstance(e, TurnStarted):
            break
        if isinstance(e, StepStarted):
            if e.clock.turn_index != c.turn_index or e.clock.phase is not c.phase:
                break
            start = i
    return events[start:]


def reactions_this_phase(game: Game, player: PlayerId | None = None) -> list[ReactionMade]:
    """The Reactions made in the current phase (by ``player``, if given)."""
    return [e for e in phase_events(game) if isinstance(e, ReactionMade) and (player is None or e.player == player)]


def allotment(game: Game, player: PlayerId) -> tuple[int, tuple[Reason, ...]]:
    """The player's Reaction Allotment in the current phase and why: ``reactions.allotment`` plus every
    :func:`allotment_source`, at most ``reactions.allotment_cap``."""
    config = game.state.config
    base = config.reactions.allotment
    why: list[Reason] = [configured(config, "reactions.allotment", f"{base} Reaction(s) in each phase")]
    total = base
    for fn in _SOURCES:
        for extra, reason in fn(game, player, game.state.clock.phase):
            total += extra
            why.append(reason)
    cap = config.reactions.allotment_cap
    if total > cap:
        why.append(configured(config, "reactions.allotment_cap", f"at most {cap} Reactions in a phase"))
        total = cap
    return total, tuple(why)


def spent(game: Game, player: PlayerId) -> int:
    """Points of the allotment the player has spent in the current phase (free Reactions spend none)."""
    return sum(1 for e in reactions_this_phase(game, player) if not e.free)


def free_because(game: Game, unit_id: str, reaction: str) -> Reason | None:
    """Why this Reaction costs the unit's player no point of the allotment, or None."""
    return next((r for fn in _FREE if (r := fn(game, unit_id, reaction)) is not None), None)
