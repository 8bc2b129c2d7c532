"""The ``Game``: one loop for every player (DESIGN principles 1-4).

``game.pending`` says who must decide what; ``game.check(action)`` returns a ``Verdict`` with cited reasons;
``game.apply(action)`` applies a legal action and runs the engine on to the next decision, or raises
``IllegalActionError`` and leaves the state untouched.

The phase machine walks each Player Turn through the steps of ``timing.PHASE_ORDER`` and fires the timing
windows (start of turn, end of phase, end of turn, end of Game Turn) at which effects expire. The pre-game runs
first (:mod:`strategium.engine.pregame.sequence`).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import replace
from typing import Any, TypeVar

from strategium.army.army import Army
from strategium.catalogue.citations import Reason
from strategium.catalogue.registry import RuleRef
from strategium.config import RulesConfig
from strategium.dice import Forced, Roll, ScatterFace
from strategium.engine.core import registries
from strategium.engine.core.actions import Action, EndStep, IllegalActionError, Verdict
from strategium.engine.core.decisions import Decision, DecisionKind
from strategium.engine.core.effects import (
    Duration,
    Effect,
    EffectKind,
    EndTrigger,
    Moment,
    Window,
    end_on_trigger,
    expire,
)
from strategium.engine.core.events import (
    DiceRolled,
    EffectApplied,
    EffectEnded,
    Event,
    GameEnded,
    StepStarted,
    TurnEnded,
    TurnStarted,
)
from strategium.engine.core.handlers import HANDLERS, handles
from strategium.engine.core.hooks import run_event_hooks, run_step_hooks
from strategium.engine.core.record import ForcedDice, GameRecord, overrides_of
from strategium.engine.core.state import GameState
from strategium.engine.core.timing import PHASE_ORDER, Clock, Phase, PlayerId, SubPhase, opponent
from strategium.engine.pregame import sequence as pregame
from strategium.geometry.terrain import Battlefield

T = TypeVar("T")

NOT_YOUR_DECISION = "the engine is waiting for another player's decision"
SEQUENCE = "Turn sequence"


class Game:
    """A battle between two armies. ``state`` holds everything that changes."""

    def __init__(self, state: GameState) -> None:
        self.state = state
        self._effects_index: (
            tuple[tuple[Effect, ...], dict[str, tuple[Effect, ...]], dict[tuple[str, EffectKind], tuple[Effect, ...]]]
            | None
        ) = None

    @classmethod
    def new(
        cls,
        armies: tuple[Army, Army],
        battlefield: Battlefield,
        config: RulesConfig | None = None,
        seed: int = 0,
        forced_dice: tuple[Forced, ...] = (),
    ) -> Game:
        """A game at the start of its pre-game (the roll-off for deployment is made at once).

        ``forced_dice`` are the first die results to use, in order (tests and rulings); then the seeded
        generator takes over. Raises ``ValueError`` if two units share an id, ``StrategiumError`` if the rule
        plug-ins (:mod:`strategium.rules`) are not loaded.
        """
        registries.require_rules()
        state = GameState.start(armies, battlefield, config or RulesConfig(), seed)
        game = cls(state)
        if forced_dice:
            game.force_dice(*forced_dice)
        pregame.begin(game)
        return game

    def force_dice(self, *faces: Forced) -> None:
        """Force the next die results, in order (tests and rulings): D6 faces 1-6, or
        :class:`~strategium.dice.ScatterFace` for the next Scatter die; recorded in the history for replays.

        Raises ``DiceError`` for a face that is not 1-6.
        """
        if any(not isinstance(f, ScatterFace) and not 1 <= f <= 6 for f in faces):
            from strategium.dice import DiceError

            raise DiceError(f"forced D6 faces must be 1 to 6, got {faces}")
        self.state.dice.force(*faces)
        self.state.history.append(ForcedDice(tuple(faces)))

    def record(self, setup: dict[str, Any] | None = None) -> GameRecord:
        """Everything needed to play this game again exactly."""
        s = self.state
        return GameRecord(s.dice.seed, tuple(s.history), overrides_of(s.config), setup or {})

    # -- the loop ---------------------------------------------------------------------------------------
    @property
    def pending(self) -> Decision | None:
        """The decision the engine waits for; None once the game is over."""
        return self.state.pending

    def check(self, action: Action) -> Verdict:
        """Whether ``action`` is legal now, with reasons. Never changes the state.

        A verdict depends only on the action, the state and the registered rules, so it is kept while they stay
        the same (:meth:`cached`): a player's check, the runner's and ``apply``'s of one action cost one check.
        """
        try:
            hash(action)
        except TypeError:  # an action with an unhashable field: not kept
            return self._check(action, None)
        values = self.state.kept()
        verdict: Verdict | None = values.get(("check", action))
        if verdict is None:
            verdict = self._check(action, values)
            self.state.keep(values, ("check", action), verdict)
        return verdict

    def cached(self, key: Hashable, compute: Callable[[], T]) -> T:
        """``compute()``, or the value it gave for the same ``key`` while the state and the plug-in registries
        have not changed since (:meth:`GameState.cached`)."""
        return self.state.cached(key, compute)

    def _check(self, action: Action, values: dict[Hashable, Any] | None) -> Verdict:
        """:meth:`check` without keeping; ``values``: where the handler's verdict is kept (see ``handler_verdict``)."""
        pending = self.state.pending
        if pending is None:
            return Verdict(False, (Reason("Game over", "the battle has ended"),))
        if action.player != pending.player:
            return Verdict(False, (Reason(SEQUENCE, NOT_YOUR_DECISION),))
        handler = HANDLERS.get(type(action))
        if handler is None:
            return Verdict(False, (Reason(SEQUENCE, f"'{action.text()}' is not possible now"),))
        if values is None:
            return handler.check(self, action)
        verdict: Verdict | None = values.get(("handler", action))
        if verdict is None:
            verdict = handler.check(self, action)
            self.state.keep(values, ("handler", action), verdict)
        return verdict

    def handler_verdict(self, action: Action) -> Verdict:
        """What the check of the action's own handler says (without :meth:`check`'s turn-sequence conditions),
        kept like :meth:`check`: a handler's apply asks for the verdict it reports without checking again.

        Raises ``KeyError`` for an action type without a handler.
        """
        check = HANDLERS[type(action)].check
        try:
            hash(action)
        except TypeError:  # an action with an unhashable field: not kept
            return check(self, action)
        return self.cached(("handler", action), lambda: check(self, action))

    def apply(self, action: Action) -> tuple[Event, ...]:
        """Apply a legal action and advance to the next decision; returns the events it caused.

        Raises ``IllegalActionError`` (state unchanged) if ``check(action)`` says no.
        """
        verdict = self.check(action)
        if not verdict.legal:
            raise IllegalActionError(action, verdict)
        before = len(self.state.events)
        dice = self.state.dice
        rolled = dice.mark()  # the dice are shared with the backup and put back as they were on failure
        backup = self.state.backup()
        done = False
        try:
            HANDLERS[type(action)].apply(self, action)
            self.state.history.append(action)
            done = True
        finally:
            if done:
                backup.close()
            else:
                dice.rewind(rolled)
                self.state = backup.restore()
        return tuple(self.state.events[before:])

    def log(self, event: Event) -> None:
        """Append an event to the game log."""
        self.state.events.append(event)

    def emit(self, event: Event) -> None:
        """Log a "did" event and run the rules hooked to it (``hooks.on_event``)."""
        self.log(event)
        run_event_hooks(self, event)

    # -- dice -------------------------------------------------------------------------------------------
    def logged(self, roll: Roll) -> Roll:
        """Log a roll made with ``self.state.dice`` and return it."""
        self.log(DiceRolled(roll))
        return roll

    # -- effects ----------------------------------------------------------------------------------------
    def add_effect(
        self,
        kind: EffectKind,
        unit_id: str,
        duration: Duration,
        reason: Reason,
        rule: RuleRef | None = None,
        ends_on: frozenset[EndTrigger] = frozenset(),
        model_id: str | None = None,
        weapon: str | None = None,
    ) -> Effect:
        """Make an effect on a unit now (controller: the unit's owner) and log it; ``model_id`` and ``weapon`` as
        :class:`Effect` has them."""
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
            model_id=model_id,
            weapon=weapon,
        )
        s.next_effect_id += 1
        s.effects = (*s.effects, effect)
        self.emit(EffectApplied(effect, s.unit(unit_id).name))  # rules may hook a status gained (STU-2)
        return effect

    def effects_on(self, unit_id: str, kind: EffectKind | None = None) -> tuple[Effect, ...]:
        """The effects in force on a unit (of one kind, if given), in the order they were made."""
        effects = self.state.effects
        if not effects:
            return ()
        index = self._effects_index
        if index is None or index[0] is not effects:  # the tuple is replaced whenever effects change
            by_unit: dict[str, list[Effect]] = {}
            for e in effects:
                by_unit.setdefault(e.unit_id, []).append(e)
            index = self._effects_index = (effects, {u: tuple(es) for u, es in by_unit.items()}, {})
        mine = index[1].get(unit_id, ())
        if kind is None or not mine:
            return mine
        of_kind = index[2].get((unit_id, kind))
        if of_kind is None:
            of_kind = index[2][(unit_id, kind)] = tuple(e for e in mine if e.kind is kind)
        return of_kind

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
    def start_battle(self, first_player: PlayerId) -> None:
        """End the pre-game and begin Game Turn 1 with ``first_player``'s turn."""
        self.state.first_player = first_player
        self._window(Window.END_OF_PHASE)
        self._start_turn(game_turn=1, player=first_player)

    def end_step(self) -> None:
        """The active player has finished the current step of their turn: move on."""
        s = self.state
        c = s.clock
        step = PHASE_ORDER.index((c.phase, c.sub_phase))
        if step + 1 < len(PHASE_ORDER):
            phase, sub = PHASE_ORDER[step + 1]
            if phase is not c.phase:
                self._window(Window.END_OF_PHASE)
            self._enter(c.with_step(phase, sub))
            return
        self._window(Window.END_OF_PHASE)
        self._window(Window.END_OF_TURN)
        self.log(TurnEnded(c.game_turn, c.turn_index, c.active_player))
        if c.active_player == s.first_player:
            self._start_turn(game_turn=c.game_turn, player=opponent(c.active_player))
            return
        self._window(Window.END_OF_GAME_TURN)
        if c.game_turn >= s.last_game_turn:
            s.clock = replace(c, phase=Phase.GAME_OVER, sub_phase=SubPhase.NONE)
            s.pending = None
            self.log(GameEnded(c.game_turn))
            return
        self._start_turn(game_turn=c.game_turn + 1, player=s.first_player)

    def _start_turn(self, game_turn: int, player: PlayerId) -> None:
        s = self.state
        phase, sub = PHASE_ORDER[0]
        s.clock = Clock(game_turn, s.clock.turn_index + 1, player, phase, sub)
        s.facts.new_turn(s.clock.turn_index)
        self.log(TurnStarted(game_turn, s.clock.turn_index, player))
        self._window(Window.START_OF_TURN)
        self._enter(s.clock)

    def _enter(self, clock: Clock) -> None:
        s = self.state
        s.clock = clock
        self.log(StepStarted(clock))
        s.pending = Decision(clock.active_player, DecisionKind.ACT, str(clock))
        run_step_hooks(self)


def _check_end_step(game: Game, action: EndStep) -> Verdict:
    if game.state.clock.phase is Phase.PRE_GAME:
        return pregame.check_end_step(game, action)
    pending = game.pending
    return Verdict(pending is not None and pending.kind is DecisionKind.ACT)


def _apply_end_step(game: Game, action: EndStep) -> None:
    if game.state.clock.phase is Phase.PRE_GAME:
        pregame.apply_end_step(game, action)
    else:
        game.end_step()


handles(EndStep, _check_end_step, _apply_end_step)

# Every engine module that registers handlers, hooks, blockers and modifier sources is listed in engine/plugins.py;
# the rule plug-ins are imported by strategium.rules.
from strategium.engine import plugins  # noqa: E402, F401
