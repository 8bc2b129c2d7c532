"""``GameState``: everything that changes during one battle, in one snapshot-able root (STYLE items 1, 4).

The armies (their profiles), the battlefield and the rules configuration never change and are shared between
snapshots; what changes (the clock, where each unit is, effects, the dice, the log, the pending decision and the
pre-game's bookkeeping) lives here.
"""

from __future__ import annotations

import copy
import dataclasses
import operator
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import Any, ClassVar, TypeVar, cast

from strategium.army.army import Army, Unit
from strategium.config import RulesConfig
from strategium.dice import Dice
from strategium.engine.core import registries
from strategium.engine.core.board import AssaultTrack, Location, UnitStatus
from strategium.engine.core.decisions import Decision
from strategium.engine.core.effects import Effect
from strategium.engine.core.events import Event
from strategium.engine.core.pregame_track import PreGameTrack
from strategium.engine.core.timing import Clock, PlayerId
from strategium.engine.core.tracked import CLOCK, Journal, TrackedDict, close_journal, open_journal
from strategium.engine.core.watchers import TurnFacts
from strategium.geometry.terrain import Battlefield

T = TypeVar("T")
_Memo = tuple[tuple[object, ...], dict[Hashable, Any]]
"""A state key and the values kept for the state with that key (:meth:`GameState.kept`)."""


@dataclass
class GameState:
    """One battle in progress.

    ``armies[p - 1]`` is player ``p``'s army (players are 1 and 2). ``units`` says where each unit of both
    armies is. ``effects`` are the effects in force, in the order they were made. ``events`` is the game log.
    ``pending`` is the decision the engine waits for (None when the game is over). ``history`` is every
    applied action and forced dice, in order (see :mod:`strategium.engine.core.record`); ``facts`` what each unit
    has done this Player Turn; ``assault`` the Charges and combats of the Assault phase.
    """

    armies: tuple[Army, Army]
    battlefield: Battlefield
    config: RulesConfig
    dice: Dice
    last_game_turn: int
    units: dict[str, UnitStatus]
    first_player: PlayerId = 1
    clock: Clock = field(default_factory=Clock)
    effects: tuple[Effect, ...] = ()
    next_effect_id: int = 1
    events: list[Event] = field(default_factory=list)
    pending: Decision | None = None
    pregame: PreGameTrack = field(default_factory=PreGameTrack)
    history: list[Any] = field(default_factory=list)
    facts: TurnFacts = field(default_factory=TurnFacts)
    assault: AssaultTrack = field(default_factory=AssaultTrack)
    unit_index: dict[str, Unit] = field(default_factory=dict, compare=False, repr=False)
    memo: tuple[_Memo, ...] | None = field(default=None, compare=False, repr=False)
    _units_kept: ClassVar[tuple[int, dict[str, UnitStatus], tuple[object, ...]] | None] = None  # see _units_key
    _joined_kept: ClassVar[tuple[int, dict[str, UnitStatus], dict[str, tuple[Unit, ...]]] | None] = None
    _at_kept: ClassVar[tuple[int, dict[str, UnitStatus], dict[tuple[PlayerId, Location], tuple[Unit, ...]]] | None] = (
        None
    )

    @classmethod
    def start(cls, armies: tuple[Army, Army], battlefield: Battlefield, config: RulesConfig, seed: int) -> GameState:
        """A fresh state: every unit not yet deployed. Raises ``ValueError`` if a unit id is used twice."""
        units: dict[str, UnitStatus] = {}
        for player, army in enumerate(armies, start=1):
            for unit in army.units:
                if unit.id in units:
                    raise ValueError(f"unit id {unit.id!r} is used twice")
                units[unit.id] = UnitStatus(unit.id, player)
        return cls(armies, battlefield, config, Dice(seed), config.game.turns, TrackedDict(units))

    def unit(self, unit_id: str) -> Unit:
        """The army-list unit with this id; raises KeyError if there is none."""
        if not self.unit_index:
            self.unit_index.update((u.id, u) for army in self.armies for u in army.units)
        return self.unit_index[unit_id]

    def owner(self, unit_id: str) -> PlayerId:
        """Which player controls the unit; raises KeyError if there is no such unit."""
        return self.units[unit_id].player

    def units_of(self, player: PlayerId, location: Location | None = None) -> tuple[Unit, ...]:
        """The player's units (those at ``location``, if given), in army-list order.

        Kept while nothing tracked changes (``tracked.CLOCK``: a status's field set, a status added or replaced) in
        the same units' dict, as :meth:`characters_joined_to`."""
        army = self.armies[player - 1].units
        if location is None:
            return army
        units = self.units
        kept = self._at_kept
        if kept is None or kept[0] != CLOCK.now or kept[1] is not units:
            kept = (CLOCK.now, units, {})
            if type(units) is TrackedDict:
                object.__setattr__(self, "_at_kept", kept)
        found = kept[2].get((player, location))
        if found is None:
            found = kept[2][(player, location)] = tuple(u for u in army if units[u.id].location is location)
        return found

    def characters_joined_to(self, unit_id: str) -> tuple[Unit, ...]:
        """The Independent Characters that have joined ``unit_id``."""
        units = self.units
        kept = self._joined_kept
        if kept is not None and kept[0] == CLOCK.now and kept[1] is units:
            return kept[2].get(unit_id, ())
        now = CLOCK.now
        by_host: dict[str, list[Unit]] = {}
        for s in units.values():
            if s.joined_to is not None:
                by_host.setdefault(s.joined_to, []).append(self.unit(s.unit_id))
        joined = {host: tuple(chars) for host, chars in by_host.items()}
        if type(units) is TrackedDict:  # kept while nothing tracked changes (as in _units_key)
            object.__setattr__(self, "_joined_kept", (now, units, joined))
        return joined.get(unit_id, ())

    def snapshot(self, *, share_dice: bool = False) -> GameState:
        """A copy for undo and look-ahead (python-chess memento style: no inverse logic).

        The armies, battlefield and configuration never change and are shared; immutable values (the clock,
        effects, the pending decision) are shared; the append-only log and history are copied as lists; each
        unit's status and the pre-game, turn-facts and Assault records are copied with their ``copy()``; the
        dice are copied with their generator state; anything else is deep-copied. With ``share_dice`` the copy
        shares this state's dice instead (an undo that saves and restores the dice's state itself).
        """
        values: dict[str, Any] = {}
        for name in _fields_of(type(self)):
            value = getattr(self, name)
            if name in _SHARED:
                values[name] = value
            elif name in _APPEND_ONLY:
                values[name] = list(value)
            elif name == "dice":
                values[name] = value if share_dice else value.copy()
            elif name == "units":
                values[name] = TrackedDict({unit_id: status.copy() for unit_id, status in value.items()})
            elif name in _COPIED:
                values[name] = value.copy()
            elif name == "memo":
                values[name] = None
            else:
                values[name] = copy.deepcopy(value)
        return GameState(**values)

    def backup(self) -> Backup:
        """What :meth:`Backup.restore` needs to put this state back as it is now, after changes made while the
        backup is open (``Game.apply``'s undo when a handler fails halfway; the dice are put back by the caller).

        Cheaper than a :meth:`snapshot`: the fields' values are kept as they are (immutable values, or objects
        a change replaces); the log and history by their lengths; the pre-game, turn-facts and Assault records are
        copied; the units and their statuses are left to a journal (:mod:`strategium.engine.core.tracked`) that notes
        each dict, list or status before its first change. A state whose units are not in a :class:`TrackedDict`
        is snapshotted instead. Close the backup (:meth:`Backup.close` or :meth:`Backup.restore`) before any backup
        opened before it."""
        return Backup(self)

    def cached(self, key: Hashable, compute: Callable[[], T]) -> T:
        """``compute()``, or the value it gave for the same ``key`` while this state (:meth:`key`) and the plug-in
        registries (:mod:`strategium.engine.core.registries`) have not changed since.

        For pure functions of the state (a verdict, a Shooting Attack's plan, the footprints of the models on the
        table): ``key`` names the function and its arguments. Any change to the state forgets every kept value
        (until the state changes back, see :meth:`kept`); a snapshot starts with none. ``compute`` must leave the
        state as it found it (see :meth:`keep`).
        """
        values = self.kept()
        if key in values:
            return cast(T, values[key])
        value = compute()
        self.keep(values, key, value)
        return value

    def keep(self, values: dict[Hashable, Any], key: Hashable, value: object) -> None:
        """Store ``value`` under ``key`` in ``values`` (what :meth:`kept` gave before ``value`` was computed) unless
        the kept values were asked for another state meanwhile (``values`` is then no longer the newest: the value
        may come from a state that changed, and must not be found under the old one). ``value`` must be computed
        from the state as :meth:`kept` saw it: a pure function of the state that leaves it unchanged."""
        memo = self.memo
        if memo is not None and memo[0][1] is values:
            values[key] = value

    def kept(self) -> dict[Hashable, Any]:
        """The values kept for this state as it is now (see :meth:`cached`): empty after any change. A caller may
        store a value computed from the state as it is now (with :meth:`keep`).

        The values of the state as it was before its last change are kept too, and found again if it changes back
        (a choice answered: the decision it interrupted is pending again, and nothing else a rule reads changed)."""
        now = (registries.generation(), self.key())
        memo = self.memo
        if memo is not None:
            newest = memo[0]
            try:  # (as _same, inline: asked before every check)
                if newest[0] == now:
                    return newest[1]
            except Exception:  # e.g. an array in a choice's context: counts as a change
                pass
            if len(memo) > 1 and _same(memo[1][0], now):
                self.memo = (memo[1], newest)
                return memo[1][1]
        values: dict[Hashable, Any] = {}
        self.memo = ((now, values),) if memo is None else ((now, values), memo[0])
        return values

    def key(self) -> tuple[object, ...]:
        """A value (compared with ``==``) that is equal for two states that no rule can tell apart: everything
        a check may read (the dice excepted: checks never roll; the history too: it records the actions and forced
        dice for replays, and no rule reads it). The append-only log counts by its length and last entry. Used to
        reuse a verdict while the state has not changed (``Game.check``).

        Immutable values (the clock, the effects, the pending decision) compare by identity first, so an
        unchanged state compares fast.
        """
        events = self.events
        return (
            self.armies,
            self.battlefield,
            self.config,
            self.last_game_turn,
            self.first_player,
            self.clock,
            self.effects,
            self.next_effect_id,
            self.pending,
            len(events),
            events[-1] if events else None,
            self._units_key(),
            self.pregame.key(),
            self.facts.key(),
            self.assault.key(),
        )

    def _units_key(self) -> tuple[object, ...]:
        """Every unit's status key, in order: kept while the units are in a :class:`TrackedDict` and nothing
        tracked has changed anywhere since (``tracked.CLOCK``: a status's field set, a pose, wound or casualty
        changed, a status added or replaced)."""
        units = self.units
        kept = self._units_kept
        if kept is not None and kept[0] == CLOCK.now and kept[1] is units:
            return kept[2]
        now = CLOCK.now
        key = tuple(map(_STATUS_KEY, units.values()))  # (each status keeps its own key: see UnitStatus.key)
        if type(units) is TrackedDict:
            object.__setattr__(self, "_units_kept", (now, units, key))
        return key


_FIELD_NAMES: dict[type, tuple[str, ...]] = {}

_STATUS_KEY = operator.methodcaller("key")
"""A unit status's key (``UnitStatus.key``), called from C."""


def _fields_of(cls: type[GameState]) -> tuple[str, ...]:
    """The names of the dataclass's fields, in order (kept per class: a class's fields never change)."""
    names = _FIELD_NAMES.get(cls)
    if names is None:
        names = _FIELD_NAMES[cls] = tuple(f.name for f in dataclasses.fields(cls))
    return names


def _same(a: tuple[object, ...], b: tuple[object, ...]) -> bool:
    """Two state keys are equal (a value that cannot be compared counts as a change)."""
    try:
        return bool(a == b)
    except Exception:  # e.g. an array in a choice's context
        return False


_SHARED = frozenset(
    {
        "armies",
        "battlefield",
        "config",
        "last_game_turn",
        "first_player",
        "clock",
        "effects",
        "next_effect_id",
        "pending",
        "unit_index",
    }
)
"""Fields holding immutable values (or values that never change during a game): shared by snapshots."""

_COPIED = frozenset({"pregame", "facts", "assault"})
"""Mutable records with their own ``copy()`` (an independent copy sharing only immutable values)."""

_KEPT_NAMES: dict[type, tuple[tuple[str, ...], Callable[[Any], tuple[Any, ...]]]] = {}
"""Per state class: the names of its fields not in :data:`_COPIED`, in order (what a :class:`Backup` keeps as is),
and a getter of their values as a tuple (``operator.attrgetter``, called from C)."""

_APPEND_ONLY = frozenset({"events", "history"})
"""Lists that only ever grow by appending immutable entries: a snapshot copies the list, not the entries."""

_CUTS = [0]
"""How many times a :class:`Backup` has cut a state's log back (see :func:`log_cuts`)."""


def log_cuts() -> int:
    """How many times (in this process) :meth:`Backup.restore` has taken entries off the end of a state's log
    (``events``), the only change to a log other than appending. A value found in a log of length ``n`` while this
    count was ``c`` still stands at the same index while the list is the same object, its count still ``c`` and its
    length at least ``n``: only entries were appended."""
    return _CUTS[0]


class Backup:
    """A state as it was when :meth:`GameState.backup` was called, put back by :meth:`restore` (see there)."""

    def __init__(self, state: GameState) -> None:
        self.state = state
        self._copy: GameState | None = None
        self._journal: Journal | None = None
        if type(state.units) is not TrackedDict:
            self._copy = state.snapshot(share_dice=True)
            return
        kept = _KEPT_NAMES.get(type(state))
        if kept is None:
            names = tuple(n for n in _fields_of(type(state)) if n not in _COPIED)
            kept = _KEPT_NAMES[type(state)] = (names, operator.attrgetter(*names))  # (a state has many fields)
        self._names = kept[0]
        self._values: tuple[Any, ...] = kept[1](state)
        self._copies = (state.pregame.copy(), state.facts.copy(), state.assault.copy())  # the fields of _COPIED
        self._lengths = (len(state.events), len(state.history))
        self._journal = open_journal()

    def close(self) -> None:
        """Keep the changes made since the backup (an enclosing backup can still undo them)."""
        if self._journal is not None:
            close_journal(self._journal)

    def restore(self) -> GameState:
        """Undo every change made to the state since the backup and close it; returns the state as it was (the
        same object, put back, or the snapshot taken instead)."""
        if self._journal is None:
            assert self._copy is not None
            return self._copy
        close_journal(self._journal, undo=True)
        s = self.state
        for name, value in zip(self._names, self._values, strict=True):
            setattr(s, name, value)
        s.pregame, s.facts, s.assault = self._copies
        if len(s.events) > self._lengths[0]:
            _CUTS[0] += 1
            del s.events[self._lengths[0] :]
        del s.history[self._lengths[1] :]
        return s
