"""The ``Game``: one loop for every player (DESIGN principles 1-4).

``game.pending`` says who must decide what; ``game.check(action)`` returns a ``Verdict`` with cited reasons;
``game.apply(action)`` applies a legal action and runs the phase machine on to the next decision, or raises
``IllegalActionError`` and leaves the state untouched.

The phase machine walks each Player Turn through the steps of ``timing.PHASE_ORDER`` and fires the timing
windows (start of turn, end of phase, end of turn, end of Game Turn) at which effects expire.
"""

from __future__ import annotations

from dataclasses import replace

from strategium.army.army import Army
from strategium.engine.actions import Action, EndStep, IllegalActionError, Verdict
from strategium.engine.citations import Reason
from strategium.engine.decisions import Decision, DecisionKind
from strategium.engine.effects import Duration, Effect, EffectKind, EndTrigger, Moment, Window, end_on_trigger, expire
from strategium.engine.events import EffectApplied, EffectEnded, Event, GameEnded, StepStarted, TurnEnded, TurnStarted
from strategium.engine.state import GameState
from strategium.engine.timing import PHASE_ORDER, Clock, Phase, PlayerId, SubPhase, opponent
from strategium.rules.registry import RuleRef

NOT_YOUR_DECISION = "the engine is waiting for another player's decision"


class Game:
    """A battle between two armies. ``state`` holds everything that changes."""

    def __init__(self, state: GameState) -> None:
        self.state = state

    @classmethod
    def new(cls, armies: tuple[Army, Army], last_game_turn: int = 5, first_player: PlayerId = 1) -> Game:
        """A game in its pre-game, waiting for ``first_player`` to act."""
        state = GameState(armies=armies, last_game_turn=last_game_turn, first_player=first_player)
        state.pending = Decision(first_player, DecisionKind.ACT, "pre-game")
        state.events.append(StepStarted(state.clock))
        return cls(state)

    # -- the loop ---------------------------------------------------------------------------------------
    @property
    def pending(self) -> Decision | None:
        """The decision the engine waits for; None once the game is over."""
        return self.state.pending

    def check(self, action: Action) -> Verdict:
        """Whether ``action`` is legal now, with reasons. Never changes the state."""
        pending = self.state.pending
        if pending is None:
            return Verdict(False, (Reason("Game over", "the battle has ended"),))
        if action.player != pending.player:
            return Verdict(False, (Reason("Turn sequence", NOT_YOUR_DECISION),))
        if isinstance(action, EndStep):
            return Verdict(pending.kind is DecisionKind.ACT)
        return Verdict(False, (Reason("Turn sequence", f"'{action.text()}' is not possible now"),))

    def apply(self, action: Action) -> tuple[Event, ...]:
        """Apply a legal action and advance to the next decision; returns the events it caused.

        Raises ``IllegalActionError`` (state unchanged) if ``check(action)`` says no.
        """
        verdict = self.check(action)
        if not verdict.legal:
            raise IllegalActionError(action, verdict)
        before = len(self.state.events)
        backup = self.state.snapshot()
        try:
            if isinstance(action, EndStep):
                self._end_step()
        except Exception:
            self.state = backup
            raise
        return tuple(self.state.events[before:])

    # -- effects ----------------------------------------------------------------------------------------
    def add_effect(
        self,
        kind: EffectKind,
        unit_id: str,
        duration: Duration,
        reason: Reason,
        rule: RuleRef | None = None,
        ends_on: frozenset[EndTrigger] = frozenset(),
    ) -> Effect:
        """Make an effect on a unit now (controller: the unit's owner) and log it."""
        s = self.state
        effect = Effect(
            id=s.next_effect_id,
            kind=kind,
            unit_id=unit_id,
            controller=s.owner(unit_id),
            duration=duration,
            created_turn=s.clock.turn_index,
            created_game_turn=s.clock.game_turn,
            reason=reason,
            rule=rule,
            ends_on=ends_on,
        )
        s.next_effect_id += 1
        s.effects = (*s.effects, effect)
        s.events.append(EffectApplied(effect, s.unit(unit_id).name))
        return effect

    def effects_on(self, unit_id: str, kind: EffectKind | None = None) -> tuple[Effect, ...]:
        """The effects in force on a unit (of one kind, if given)."""
        return tuple(e for e in self.state.effects if e.unit_id == unit_id and (kind is None or e.kind is kind))

    def trigger(self, unit_id: str, trigger: EndTrigger) -> None:
        """Something happened to a unit that ends some effects early (e.g. it was forced to move)."""
        s = self.state
        s.effects, gone = end_on_trigger(s.effects, unit_id, trigger)
        s.events.extend(EffectEnded(e, s.unit(e.unit_id).name, trigger.value) for e in gone)

    def _window(self, window: Window) -> None:
        s = self.state
        moment = Moment(window, s.clock.turn_index, s.clock.active_player, s.clock.game_turn)
        s.effects, gone = expire(s.effects, moment)
        s.events.extend(EffectEnded(e, s.unit(e.unit_id).name, f"expired: {e.duration.value}") for e in gone)

    # -- the phase machine -------------------------------------------------------------------------------
    def _end_step(self) -> None:
        s = self.state
        c = s.clock
        if c.phase is Phase.PRE_GAME:
            self._window(Window.END_OF_PHASE)
            self._start_turn(game_turn=1, player=s.first_player)
            return
        step = PHASE_ORDER.index((c.phase, c.sub_phase))
        if step + 1 < len(PHASE_ORDER):
            phase, sub = PHASE_ORDER[step + 1]
            if phase is not c.phase:
                self._window(Window.END_OF_PHASE)
            self._enter(c.with_step(phase, sub))
            return
        self._window(Window.END_OF_PHASE)
        self._window(Window.END_OF_TURN)
        s.events.append(TurnEnded(c.game_turn, c.turn_index, c.active_player))
        if c.active_player == s.first_player:
            self._start_turn(game_turn=c.game_turn, player=opponent(c.active_player))
            return
        self._window(Window.END_OF_GAME_TURN)
        if c.game_turn >= s.last_game_turn:
            s.clock = replace(c, phase=Phase.GAME_OVER, sub_phase=SubPhase.NONE)
            s.pending = None
            s.events.append(GameEnded(c.game_turn))
            return
        self._start_turn(game_turn=c.game_turn + 1, player=s.first_player)

    def _start_turn(self, game_turn: int, player: PlayerId) -> None:
        s = self.state
        phase, sub = PHASE_ORDER[0]
        s.clock = Clock(game_turn, s.clock.turn_index + 1, player, phase, sub)
        s.events.append(TurnStarted(game_turn, s.clock.turn_index, player))
        self._window(Window.START_OF_TURN)
        self._enter(s.clock)

    def _enter(self, clock: Clock) -> None:
        s = self.state
        s.clock = clock
        s.events.append(StepStarted(clock))
        s.pending = Decision(clock.active_player, DecisionKind.ACT, str(clock))
