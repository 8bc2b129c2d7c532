"""Reactions: the reactive player's answers, during the opponent's turn, to what the active player does (CORE_B §4).

The window machinery; what a Reaction is and its registries are :mod:`strategium.engine.reactions.registry`, when
each window opens :mod:`strategium.engine.reactions.triggers`, the Reactions themselves are plug-ins
(:mod:`strategium.rules.core.reactions`).

- **Windows.** A Reaction answers one :class:`~strategium.engine.reactions.registry.ReactionWindow`: an enemy unit
  ended a move (Movement phase), enemy units arrived from Reserves (Movement phase), a Shooting Attack was declared
  against a unit, before any To Hit roll (Shooting phase; post-FAQ timing, Age of Darkness rulebook Errata and FAQ
  v1.0), a Charge was declared against a unit, before the Charge Distance roll (Assault phase). Hooks on the "did"
  events (``UnitMoved``, ``UnitsArrived``, ``ShootingAttackDeclared``, ``ChargeDeclared``, in
  :mod:`~strategium.engine.reactions.triggers`) open the window when the active player's unit caused it.
- **The offer** (:func:`open_window`). At each window the reactive player gets a
  :class:`~strategium.engine.questions.choices.BattleChoice` (topic ``Reaction``) listing every legal (Reaction,
  unit, enemy unit) as an option, plus ``decline``. With no legal option no choice is asked and the game goes on.
  The interrupted action waits: once the choice is answered, the window's continuation (registered with
  ``after_window``) finishes it (the declared Shooting Attack is resolved, the declared Charge rolls its Charge
  Distance).
- **The Reaction Allotment** (CORE_B §4.1, ``registry.allotment``) and **one Reaction per unit per phase** (CORE_B
  §4.1), both counted from the ``ReactionMade`` events of the current phase; the unit also gets the REACTED fact.
- **Who may not react** is asked with ``Query.MAY_REACT``. Blockers in :mod:`strategium.engine.reactions.blockers`:
  a unit not on the table, a joined Independent Character (it reacts with its unit), an embarked unit
  (``transports.embarked_may_react``), a Falling Back unit, a unit with an Artillery model (p.197), an Automata
  unit (p.195), a unit with a Slow and Purposeful model (p.247), Fortifications (Legacies: Legiones Astartes
  p.103). Elsewhere: Pinned (:mod:`strategium.engine.morale.leadership`, p.244), Stupefied
  (:mod:`strategium.rules.seed.stupefied`, STU-3), locked in combat
  (:mod:`strategium.engine.assault.charge_eligibility`).
- :func:`reaction_verdict` gives the full ruling on one Reaction with every reason, for a check or a test.

Not modelled: the Emplaced limit (Legacies: Imperialis Militia p.24), Knights and Titans' limits (p.216).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from strategium.catalogue.citations import Reason
from strategium.combat.sources import core
from strategium.engine.core.actions import Verdict
from strategium.engine.core.board import Location
from strategium.engine.core.events import Ruling
from strategium.engine.core.timing import PlayerId, opponent
from strategium.engine.core.watchers import Fact
from strategium.engine.questions import choices
from strategium.engine.questions.choices import BattleChoice
from strategium.engine.questions.queries import Answer, Query, ask
from strategium.engine.reactions import registry
from strategium.engine.reactions.registry import (
    REACTIONS,
    Eligibility,
    ReactionDef,
    ReactionMade,
    ReactionOffer,
    ReactionOption,
    ReactionWindow,
    Screen,
    Trigger,
    allotment,
    free_because,
    reactions_this_phase,
)

if TYPE_CHECKING:
    from strategium.engine.core.game import Game

TOPIC = "Reaction"
CONTINUE = "after a Reaction"
DECLINE = "decline"


# -- the ruling -----------------------------------------------------------------------------------------------


def reaction_verdict(game: Game, trigger: Trigger, reaction: str, unit_id: str, enemy_id: str) -> Verdict:
    """Whether ``unit_id`` may make ``reaction`` against ``enemy_id`` in the open window ``trigger``, with every
    reason (the allotment, the per-unit limit, ``Query.MAY_REACT`` blockers, the Reaction's own conditions)."""
    return _verdict(_window(game, trigger), reaction, unit_id, enemy_id)


def _window(game: Game, trigger: Trigger) -> _Window:
    """The :class:`_Window` of ``trigger``, kept while the state stays the same (``Game.cached``): the offer's
    options, the rulings logged when there are none and the check of the Reaction made share what they work out."""
    try:
        hash(trigger)
    except TypeError:  # an event with an unhashable field: not kept
        return _Window(game, trigger)
    window = game.cached(("reactions.window", trigger), lambda: _Window(game, trigger))
    return window if window.game is game else _Window(game, trigger)


def _keep(window: _Window) -> None:
    """Keep ``window`` as :func:`_window` would, for the state as it is now (it must have been opened on it)."""
    try:
        hash(window.trigger)
    except TypeError:
        return
    window.game.cached(("reactions.window", window.trigger), lambda: window)


class _Window:
    """What every ruling in one open window shares (the allotment, what was spent, who has reacted, each unit's
    ``Query.MAY_REACT`` answer, each Reaction's own condition per unit and enemy), worked out once, on first use.
    Valid while the state does not change (kept with the state's values, :func:`_window`)."""

    def __init__(self, game: Game, trigger: Trigger) -> None:
        self.game = game
        self.trigger = trigger
        self._allotment: tuple[int, tuple[Reason, ...]] | None = None
        self._made: list[ReactionMade] | None = None
        self._spent: int | None = None
        self._reacted: set[str] | None = None
        self._answers: dict[str, Answer] = {}
        self._eligible: dict[tuple[Eligibility, str, str], Reason | None] = {}
        self._screened: dict[tuple[Screen, str, str], bool] = {}

    def allotment(self) -> tuple[int, tuple[Reason, ...]]:
        if self._allotment is None:
            self._allotment = allotment(self.game, self.trigger.player)
        return self._allotment

    def total(self) -> int:
        """The allotment's total (its reasons are worked out only when a rule raises it)."""
        if self._allotment is None and not registry._SOURCES:
            reactions = self.game.state.config.reactions
            return min(reactions.allotment, reactions.allotment_cap)
        return self.allotment()[0]

    def made(self) -> list[ReactionMade]:
        """:func:`reactions_this_phase` (by either player), read from the log once."""
        if self._made is None:
            self._made = reactions_this_phase(self.game)
        return self._made

    def spent(self) -> int:
        if self._spent is None:
            player = self.trigger.player
            self._spent = sum(1 for e in self.made() if e.player == player and not e.free)
        return self._spent

    def reacted(self, unit_id: str) -> bool:
        if self._reacted is None:
            self._reacted = {e.unit_id for e in self.made()}
        return unit_id in self._reacted

    def may_react(self, unit_id: str) -> Answer:
        if unit_id not in self._answers:
            self._answers[unit_id] = ask(self.game, Query.MAY_REACT, unit_id)
        return self._answers[unit_id]

    def eligible(self, definition: ReactionDef, unit_id: str, enemy_id: str) -> Reason | None:
        key = (definition.eligible, unit_id, enemy_id)  # Advance and Withdraw share their condition
        if key not in self._eligible:
            self._eligible[key] = definition.eligible(self.game, unit_id, enemy_id, self.trigger)
        return self._eligible[key]

    def passes_screen(self, definition: ReactionDef, unit_id: str, enemy_id: str) -> bool:
        """False when the Reaction's screen rules the unit out (True without a screen, or when its condition was
        already worked out)."""
        screen = definition.screen
        if screen is None or (definition.eligible, unit_id, enemy_id) in self._eligible:
            return True
        key = (screen, unit_id, enemy_id)
        if key not in self._screened:
            self._screened[key] = screen(self.game, unit_id, enemy_id, self.trigger)
        return self._screened[key]


_SCREENED = core(REACTIONS, "the Reaction's own condition rules the unit out")
"""The reason of a refusal by a screen (only :func:`options` sees it: it keeps the legal options alone)."""


def _verdict(window: _Window, reaction: str, unit_id: str, enemy_id: str, *, legal_only: bool = False) -> Verdict:
    """The Reaction's verdict; with ``legal_only`` a refusal may stop at its first reasons (for :func:`options`,
    which keeps only the legal ones: the answer's legality is the same)."""
    game, trigger = window.game, window.trigger
    s = game.state
    definition = registry._REACTIONS.get(reaction)
    if definition is None:
        return Verdict(False, (core(REACTIONS, f"there is no Reaction named {reaction!r}"),))
    if definition.window is not trigger.window or s.clock.phase is not definition.phase:
        when = f"{reaction} answers {definition.window.value} in the {definition.phase.value}"
        return Verdict(False, (core(REACTIONS, when),))
    if unit_id not in s.units or s.owner(unit_id) != trigger.player:
        return Verdict(False, (core(REACTIONS, "only the reactive player's own units react"),))
    if s.clock.active_player == trigger.player:
        return Verdict(False, (core(REACTIONS, "Reactions are made in the opponent's turn"),))
    if trigger.targets and unit_id not in trigger.targets:
        return Verdict(False, (core(REACTIONS, f"only the unit the enemy aimed at may make {reaction}"),))
    reasons: list[Reason] = []
    free = free_because(game, unit_id, reaction)
    total, why = window.allotment()
    used = window.spent()
    if free is None and used >= total:
        reasons.append(core(REACTIONS, f"the Reaction Allotment of this phase is spent ({used} of {total})"))
        reasons.extend(why)
    if window.reacted(unit_id):
        reasons.append(core(REACTIONS, "a unit makes at most one Reaction in each phase"))
    if legal_only and reasons:
        return Verdict(False, tuple(reasons))
    if legal_only and not window.passes_screen(definition, unit_id, enemy_id):
        return Verdict(False, (_SCREENED,))  # cheaper than the unit's Query.MAY_REACT: a refusal either way
    answer = window.may_react(unit_id)
    reasons.extend(b.reason for b in answer.blocks)
    if not reasons:
        own = window.eligible(definition, unit_id, enemy_id)
        if own is not None:
            reasons.append(own)
    if reasons:
        return Verdict(False, tuple(reasons))
    return Verdict(True, (definition.why, *(r for _, r in answer.lifted), *((free,) if free is not None else ())))


def options(game: Game, trigger: Trigger) -> tuple[ReactionOption, ...]:
    """Every legal (Reaction, unit, enemy unit) for the open window, in registration and army-list order."""
    return _options(_window(game, trigger))


def _options(window: _Window) -> tuple[ReactionOption, ...]:
    """:func:`options` of the window: the legal verdicts of :func:`_verdict`, its conditions asked cheapest first
    (those of the window, then of the unit, then of the unit and enemy), without the reasons of the refusals.

    With the allotment spent, only a unit that some :func:`free_reaction` rule lets react for nothing may react
    (none when no such rule is registered); a unit that has reacted this phase, that a Reaction's screen rules
    out, or that a ``Query.MAY_REACT`` blocker stops, makes no Reaction; the others are asked the Reaction's own
    condition (shared by the Reactions with the same condition, :meth:`_Window.eligible`)."""
    game, trigger = window.game, window.trigger
    s = game.state
    phase = s.clock.phase
    definitions = [d for d in registry._REACTIONS.values() if d.window is trigger.window and d.phase is phase]
    if not definitions or s.clock.active_player == trigger.player:
        return ()
    spent_out = window.spent() >= window.total()
    if spent_out and not registry._FREE:
        return ()
    units = trigger.targets or tuple(u.id for u in s.units_of(trigger.player, Location.TABLE))
    units = tuple(u for u in units if u in s.units and s.owner(u) == trigger.player and not window.reacted(u))
    found: list[ReactionOption] = []
    for definition in definitions:
        name = definition.name
        for uid in units:
            if spent_out and free_because(game, uid, name) is None:
                continue
            for enemy in trigger.enemies:
                if (
                    window.passes_screen(definition, uid, enemy)
                    and window.may_react(uid).allowed
                    and window.eligible(definition, uid, enemy) is None
                ):
                    found.append(ReactionOption(name, uid, enemy))
    return tuple(found)


def open_window(game: Game, trigger: Trigger) -> bool:
    """Offer the reactive player the Reactions of ``trigger``; True if a choice is now pending (the interrupted
    action must wait for the window's continuation), False if there was nothing to offer.

    The window's rulings are kept (for the check of the Reaction made, :func:`make`) only when a choice is asked."""
    window = _Window(game, trigger)
    found = _options(window)
    total = window.total()
    if not found:
        first = _first_of(trigger.window)
        for uid in trigger.targets if first and trigger.enemies and total > 0 else ():
            verdict = _verdict(window, first, uid, trigger.enemies[0])
            game.log(Ruling(f"{game.state.unit(uid).name} makes no Reaction", verdict.reasons))
        return False
    left = total - window.spent()
    why = core(REACTIONS, f"{trigger.window.value}: the reactive player may react ({left} of {total} left)")
    enemy_names = ", ".join(game.state.unit(e).name for e in trigger.enemies)
    prompt = f"React to {enemy_names}? ({trigger.window.value})"
    texts = (*(o.text() for o in found), DECLINE)
    subject = trigger.targets[0] if trigger.targets else trigger.enemies[0]
    _keep(window)
    choices.ask(game, trigger.player, TOPIC, subject, prompt, texts, why, context=ReactionOffer(trigger, found))
    return True


def _first_of(window: ReactionWindow) -> str:
    for d in registry._REACTIONS.values():
        if d.window is window:
            return d.name
    return ""


@choices.answers(TOPIC)
def _answer(game: Game, choice: BattleChoice, option: str) -> None:
    offer = choice.context
    assert isinstance(offer, ReactionOffer)
    trigger = offer.trigger
    before = game.state.pending
    if option == DECLINE:
        game.log(Ruling(f"player {trigger.player} makes no Reaction ({trigger.window.value})"))
    else:
        chosen = next(o for o in offer.options if o.text() == option)
        make(game, trigger, chosen)
    if trigger.window not in registry._CONTINUE:
        return
    if game.state.pending is not before and isinstance(game.state.pending, BattleChoice):
        choices.defer(game, CONTINUE, trigger)  # e.g. Stupefied offered after an Overwatch: the Charge waits
        return
    registry._CONTINUE[trigger.window](game, trigger)


@choices.continues("after a Reaction")
def _continue_window(game: Game, trigger: Trigger) -> None:
    registry._CONTINUE[trigger.window](game, trigger)


def make(game: Game, trigger: Trigger, option: ReactionOption) -> None:
    """Make a Reaction now (logged as :class:`ReactionMade`, spending the allotment unless free), then resolve it.

    Raises ``ValueError`` if :func:`reaction_verdict` refuses it (callers offer only legal options)."""
    s = game.state
    verdict = reaction_verdict(game, trigger, option.reaction, option.unit_id, option.enemy_id)
    if not verdict:
        raise ValueError(f"illegal Reaction {option.text()}: " + "; ".join(str(r) for r in verdict.reasons))
    free = free_because(game, option.unit_id, option.reaction) is not None
    unit, enemy = s.unit(option.unit_id), s.unit(option.enemy_id)
    event = ReactionMade(
        trigger.player,
        option.reaction,
        unit.id,
        unit.name,
        enemy.id,
        enemy.name,
        s.clock.turn_index,
        s.clock.phase,
        free,
        verdict.reasons,
    )
    s.facts.note(unit.id, Fact.REACTED)
    game.emit(event)
    registry._REACTIONS[option.reaction].resolve(game, unit.id, enemy.id, trigger)


def reactive_player(game: Game) -> PlayerId:
    """The player who is not taking the current turn."""
    return opponent(game.state.clock.active_player)


# -- registered here, in this order: when the windows open (triggers, with the phases it imports), then who may not
# react (the blockers of Query.MAY_REACT: after Pinned's, as before the split, whichever module is imported first)

from strategium.engine.reactions import triggers  # noqa: E402, F401

# isort: split
from strategium.engine.reactions import blockers as reaction_blockers  # noqa: E402, F401
