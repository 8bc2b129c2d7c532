"""State invariants checked after every action of a played game (the random-play conformance tests, and the
battle command's 1,000-game test):

- no model in two places: each model id stands in at most one unit's poses, a removed model stands nowhere, and
  only units on the table have poses;
- no negative Wounds: Wounds (Hull Points) lost per model are at least 0 and at most the model's Wounds, and a
  model still on the table has one left;
- no model off the table unless its unit is in Reserves, embarked, destroyed (or, in the pre-game, not yet
  placed): every model of a unit on the table stands wholly on the table;
- no two models overlapping (touching is allowed);
- effects expired on time: no effect is still in force after the window its Duration names has passed (judged
  from the clock alone, independently of the phase machine; "end of phase" is checked at Player Turn
  granularity);
- locked in combat (:mod:`strategium.engine.questions.combat_lock`): the record holds no unit off the table, no unit
  with no
  enemy left on the table, no one-sided lock and no lock between friends;
- from the log, since the last check: no Shooting Attack (a Reaction's included) made by or at a unit that was locked
  in combat when the action began (Shooting sequence p.166; a unit locked in combat may not shoot); no Charge Move
  by a unit that Fell Back earlier that Player Turn (any cause, Overwatch included); and, unless
  ``morale.regrouped_may_charge``, no Charge declared by a unit that Regrouped that Player Turn (p.193).
"""

from __future__ import annotations

import numpy as np

from strategium.engine.assault.charges import ChargeDeclared, ChargeMoveEnded
from strategium.engine.core.board import Location, Pose
from strategium.engine.core.effects import Duration, Effect
from strategium.engine.core.events import Event, TurnStarted
from strategium.engine.core.game import Game
from strategium.engine.core.timing import Phase, PlayerId, opponent
from strategium.engine.morale.checks import FellBack
from strategium.engine.morale.regrouped import Regrouped
from strategium.engine.questions import combat_lock
from strategium.engine.shooting.declare import ShootingAttackResolved
from strategium.engine.table.placement import footprint
from strategium.engine.table.table_checks import overlaps
from strategium.errors import StrategiumError
from strategium.geometry.measure import EPSILON, Footprint
from strategium.geometry.regions import on_table

OFF_TABLE_OK = (Location.RESERVES, Location.EMBARKED, Location.DESTROYED)
PRE_GAME_ONLY = (Location.UNDEPLOYED, Location.HELD_FOR_INFILTRATE)


class InvariantError(StrategiumError):
    """The state broke an invariant; the message lists every problem found."""


class InvariantChecker:
    """Checks a game's state; keeps a cache of footprints (by model and pose) so it can run after every action.

    Use as ``play(game, players, after=InvariantChecker())``: calling it raises :class:`InvariantError`.
    """

    def __init__(self) -> None:
        self._feet: dict[tuple[str, Pose], Footprint] = {}
        self._on_table: dict[tuple[str, Pose], bool] = {}
        self._battlefield: object = None
        self.checks = 0
        self._log: list[Event] | None = None  # the log read so far (held: another game's log starts afresh)
        self._read = 0  # entries of it already read
        self._locked: frozenset[str] = frozenset()  # units locked in combat when the last check ended
        self._fell_back: set[str] = set()  # units that Fell Back this Player Turn
        self._regrouped: set[str] = set()  # units that Regrouped this Player Turn

    def __call__(self, game: Game, _action: object = None) -> None:
        problems = self.problems(game)
        self.checks += 1
        if problems:
            raise InvariantError(f"after '{getattr(_action, 'text', lambda: '-')()}': " + "; ".join(problems))

    def problems(self, game: Game) -> list[str]:
        """Every broken invariant, in words (empty when the state is sound). The log is read from where the last
        call stopped (a checker is meant to follow one game, action by action)."""
        out = self._places(game) + self._wounds(game) + self._overlaps(game) + self._effects(game)
        return out + combat_lock.stale(game) + self._log_problems(game)

    def _log_problems(self, game: Game) -> list[str]:
        """The log's entries since the last check against the rules on locked units, Fall Back and Regroup (see
        the module docstring); then what is locked now, for the next check."""
        s = game.state
        events = s.events
        if events is not self._log or len(events) < self._read:
            self._log, self._read, self._locked = events, 0, frozenset()
        out: list[str] = []
        may_charge = s.config.morale.regrouped_may_charge
        for e in events[self._read :]:
            if isinstance(e, TurnStarted):
                self._fell_back, self._regrouped = set(), set()
            elif isinstance(e, FellBack):
                self._fell_back.add(e.unit_id)
            elif isinstance(e, Regrouped):
                self._regrouped.add(e.unit_id)
            elif isinstance(e, ShootingAttackResolved):
                if e.unit_id in self._locked:
                    out.append(f"{e.unit_name} made a Shooting Attack while locked in combat")
                if e.target_id in self._locked:
                    out.append(f"{e.unit_name} shot {e.target_name}, which is locked in combat")
            elif isinstance(e, ChargeMoveEnded) and not e.surge and e.unit_id in self._fell_back:
                out.append(f"{e.unit_name} made a Charge Move after Falling Back this turn")
            elif isinstance(e, ChargeDeclared) and e.unit_id in self._regrouped and not may_charge:
                out.append(f"{e.unit_name} declared a Charge after Regrouping this turn")
        self._read = len(events)
        table = Location.TABLE
        self._locked = frozenset(
            uid for uid, st in s.units.items() if st.location is table and combat_lock.is_locked(game, uid)
        )
        return out

    def _foot(self, game: Game, unit_id: str, model_id: str, pose: Pose) -> Footprint:
        key = (model_id, pose)
        fp = self._feet.get(key)
        if fp is None:
            model = next(m for m in game.state.unit(unit_id).models if m.id == model_id)
            fp = footprint(model, pose)
            self._feet[key] = fp
        return fp

    def _places(self, game: Game) -> list[str]:
        s = game.state
        out: list[str] = []
        seen: dict[str, str] = {}
        pre_game = s.clock.phase is Phase.PRE_GAME
        for uid, status in s.units.items():
            if status.location is not Location.TABLE:
                if status.poses:
                    out.append(f"{uid} is {status.location.value} but has models on the table")
                if status.location in PRE_GAME_ONLY and not pre_game:
                    out.append(f"{uid} is {status.location.value} after the pre-game")
                if status.location not in OFF_TABLE_OK and status.location not in PRE_GAME_ONLY:
                    out.append(f"{uid} is off the table while {status.location.value}")
                continue
            if not status.poses:
                out.append(f"{uid} is on the table with no model")
            for model_id, pose in status.poses.items():
                if model_id in seen:
                    out.append(f"{model_id} stands in both {seen[model_id]} and {uid}")
                seen[model_id] = uid
                if status.is_casualty(model_id):
                    out.append(f"{model_id} of {uid} was removed but still stands on the table")
                if not self._stands_on_table(game, uid, model_id, pose):
                    out.append(f"{model_id} of {uid} is off the table at {pose}")
        return out

    def _stands_on_table(self, game: Game, unit_id: str, model_id: str, pose: Pose) -> bool:
        """:func:`on_table` for the model at ``pose``, kept by model and pose (for the battlefield it was found
        on: another battlefield starts afresh)."""
        battlefield = game.state.battlefield
        if battlefield is not self._battlefield:
            self._on_table = {}
            self._battlefield = battlefield
        key = (model_id, pose)
        found = self._on_table.get(key)
        if found is None:
            found = self._on_table[key] = on_table(battlefield, self._foot(game, unit_id, model_id, pose))
        return found

    def _wounds(self, game: Game) -> list[str]:
        s = game.state
        out: list[str] = []
        for uid, status in s.units.items():
            if not status.wounds_lost:
                continue
            models = {m.id: m for m in s.unit(uid).models}
            for model_id, lost in status.wounds_lost.items():
                model = models.get(model_id)
                if model is None:
                    out.append(f"{uid} records Wounds lost by {model_id}, not one of its models")
                    continue
                chars = model.profile.characteristics
                wounds = getattr(chars, "w", None) or getattr(chars, "hp", None)
                if lost < 0:
                    out.append(f"{model_id} has lost {lost} Wounds (negative)")
                if isinstance(wounds, int) and lost > wounds:
                    out.append(f"{model_id} has lost {lost} of {wounds} Wounds (negative Wounds left)")
                if isinstance(wounds, int) and lost >= wounds and model_id in status.poses:
                    out.append(f"{model_id} has no Wound left but still stands on the table")
        return out

    def _overlaps(self, game: Game) -> list[str]:
        s = game.state
        feet: list[tuple[str, Footprint]] = []
        for uid, status in s.units.items():
            if status.location is Location.TABLE:
                feet.extend((mid, self._foot(game, uid, mid, pose)) for mid, pose in status.poses.items())
        if len(feet) < 2:
            return []
        boxes = np.array([fp.outer_bounds for _, fp in feet])
        lo_x, lo_y, hi_x, hi_y = boxes.T
        near = (
            (lo_x[:, None] < hi_x[None, :])
            & (lo_x[None, :] < hi_x[:, None])
            & (lo_y[:, None] < hi_y[None, :])
            & (lo_y[None, :] < hi_y[:, None])
        )
        first, second = np.nonzero(np.triu(near, 1))
        if not len(first):
            return []
        # two round bases: overlaps() by the same float operations, for every such pair at once
        round_ = np.array([fp.is_round for _, fp in feet], dtype=bool)
        radius = np.array([fp.radius for _, fp in feet])
        both = round_[first] & round_[second] & ((radius[first] > 0) | (radius[second] > 0))
        cx = np.array([fp.bounds[0] for _, fp in feet])
        cy = np.array([fp.bounds[1] for _, fp in feet])
        dx, dy = cx[first] - cx[second], cy[first] - cy[second]
        hit = np.sqrt(dx * dx + dy * dy) < radius[first] + radius[second] - EPSILON
        out: list[str] = []
        for k, (i, j) in enumerate(zip(first.tolist(), second.tolist(), strict=True)):
            if bool(hit[k]) if both[k] else overlaps(feet[i][1], feet[j][1]):
                out.append(f"{feet[i][0]} overlaps {feet[j][0]}")
        return out

    def _effects(self, game: Game) -> list[str]:
        s = game.state
        return [
            f"effect {e.id} ({e.kind.value} on {e.unit_id}, {e.duration.value}) outlived its Duration"
            for e in s.effects
            if overdue(e, s.clock.turn_index, s.clock.game_turn, s.first_player, s.clock.phase is Phase.GAME_OVER)
        ]


def turn_player(turn_index: int, first_player: PlayerId) -> PlayerId:
    """Whose Player Turn ``turn_index`` (from 1) is: the first player's odd ones, the other's even ones."""
    return first_player if turn_index % 2 == 1 else opponent(first_player)


def overdue(effect: Effect, turn_index: int, game_turn: int, first_player: PlayerId, over: bool) -> bool:
    """Whether ``effect`` should have expired by now (Player Turn ``turn_index`` in progress, or every turn ended
    when ``over``). See :mod:`strategium.engine.core.effects` for what each Duration means."""
    d, made = effect.duration, effect.created_turn
    ended = turn_index if over else turn_index - 1  # the last Player Turn that has ended
    if d in (Duration.UNTIL_END_OF_PHASE, Duration.UNTIL_END_OF_TURN):
        return ended >= max(made, 1)
    if d is Duration.UNTIL_START_OF_CONTROLLERS_NEXT_TURN:
        return any(turn_player(t, first_player) == effect.controller for t in range(made + 1, turn_index + 1))
    if d is Duration.UNTIL_END_OF_CONTROLLERS_NEXT_TURN:
        return any(turn_player(t, first_player) == effect.controller for t in range(made + 1, ended + 1))
    if d is Duration.UNTIL_END_OF_GAME_TURN:
        last_ended = game_turn if over else game_turn - 1
        return last_ended >= max(effect.created_game_turn, 1)
    return False
