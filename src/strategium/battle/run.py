"""Playing one battle to the end: the loop, what is kept for the report, and replaying a record.

:func:`play_battle` plays a :class:`~strategium.battle.setup.BattleSetup` with AI players;
:func:`strategium.battle.replay.replay_battle` plays a :class:`~strategium.engine.core.record.GameRecord` again. Both go
through :func:`drive`, so a battle and its replay produce the same events, the same outcome and the same log, byte
for byte (DESIGN principle 3).

While the battle runs, a :class:`Watcher` keeps what the report draws: the positions at the end of the pre-game
and at the end of each Game Turn, and (when asked) the legal regions of each Infiltrate and Scout placement as
they were at the moment of the placement. It stops the battle at the end of a Player Turn when Sudden Death
decides it (:mod:`strategium.battle.outcome`).
"""

from __future__ import annotations

import dataclasses
import gc
import hashlib
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import shapely
from shapely.geometry import Polygon
from shapely.geometry.base import BaseGeometry

from strategium.agents import proposals
from strategium.agents.base import GameTooLongError, Player, PlayerError
from strategium.agents.heuristic import HeuristicPlayer
from strategium.agents.invariants import InvariantChecker
from strategium.agents.random_player import RandomPlayer
from strategium.agents.verdicts import Check, Verdicts
from strategium.army.army import Unit
from strategium.battle.outcome import Outcome, decide, wiped_out
from strategium.battle.setup import BattleSetup, build_scenario, new_game
from strategium.engine.core.actions import Action, Infiltrate, ScoutRedeploy
from strategium.engine.core.board import Location
from strategium.engine.core.events import Event, TurnEnded, TurnStarted
from strategium.engine.core.game import Game
from strategium.engine.core.record import GameRecord
from strategium.engine.core.timing import PlayerId
from strategium.engine.table import placement
from strategium.engine.table.placement import footprint, placed_unit
from strategium.errors import InputError, StrategiumError
from strategium.geometry.pieces import PlacedUnit
from strategium.geometry.regions import scout_region
from strategium.geometry.svg import Overlay
from strategium.rules.seed.scout_step import max_move
from strategium.scenario import Scenario
from strategium.scenario.overlays import COLOURS

MAX_ACTIONS = 20_000
"""A battle longer than this many actions is a bug in a player (:class:`GameTooLongError`)."""


@dataclass(frozen=True)
class Snapshot:
    """Where every unit on the table stood at one moment (``label``: e.g. ``end of Game Turn 2``); Buildings
    are drawn with the battlefield and left out."""

    label: str
    units: tuple[PlacedUnit, ...]


@dataclass(frozen=True)
class PlacementRegion:
    """The legal region a unit was placed in, as it stood just before the placement: ``kind`` is
    ``Infiltrate`` or ``Scout``; ``overlays`` are the shaded areas (centres of its models)."""

    player: PlayerId
    unit_name: str
    kind: str
    overlays: tuple[Overlay, ...]
    before: Snapshot | None = None


@dataclass
class BattleResult:
    """A finished battle: the game (its state and history), the events of its log, the outcome, and what the
    report draws. ``events`` ends where the battle ended (at Sudden Death, the rest of the engine's step is
    not part of the battle). ``fallbacks``: decisions a random player took for a player that had no legal
    answer (:class:`Chooser`; not part of the log, which a replay must reproduce)."""

    setup: BattleSetup
    scenario: Scenario
    seed: int
    game: Game
    events: tuple[Event, ...]
    outcome: Outcome
    deployment: Snapshot | None
    turn_maps: tuple[Snapshot, ...]
    regions: tuple[PlacementRegion, ...]
    fallbacks: tuple[str, ...] = ()

    def record(self) -> GameRecord:
        """The game record (history, the setup that rebuilds the game, and the result a replay must reach)."""
        return dataclasses.replace(self.game.record(self.setup.to_json()), result=result_of(self.events, self.outcome))


def result_of(events: Sequence[Event], outcome: Outcome) -> dict[str, Any]:
    """What a battle came to, as its record keeps it: ``{"outcome": text, "events": count, "log_sha256": hex}``,
    the SHA-256 of the events' lines (UTF-8, one per line) of the whole log."""
    digest = hashlib.sha256()
    for event in events:
        digest.update(event.text().encode("utf-8", "surrogatepass") + b"\n")
    return {"outcome": outcome.text(), "events": len(events), "log_sha256": digest.hexdigest()}


def snapshot(game: Game, label: str) -> Snapshot:
    """The units standing on the table now (their names as the army list gives them)."""
    s = game.state
    units = []
    for uid, status in s.units.items():
        unit = s.unit(uid)
        if status.location is not Location.TABLE or _is_building(unit):
            continue
        units.append(dataclasses.replace(placed_unit(unit, status), name=unit.name))
    return Snapshot(label, tuple(units))


def _is_building(unit: Unit) -> bool:
    kind = unit.models[0].profile.unit_type.unit_type
    return kind is not None and kind.value in ("Building", "Fortification")


def _party(game: Game, action: Infiltrate | ScoutRedeploy) -> list[Unit]:
    """The units whose models the placement moves (the unit and its joined characters, or its Transport)."""
    s = game.state
    ids = {model_id for model_id, _ in action.positions}
    return [u for u in s.armies[action.player - 1].units if any(m.id in ids for m in u.models)]


def _union(parts: Sequence[BaseGeometry]) -> BaseGeometry:
    return shapely.union_all(np.array(parts, dtype=object)) if parts else Polygon()


def placement_region(game: Game, action: Action) -> PlacementRegion | None:
    """The legal region of an Infiltrate or Scout placement about to be made (None for other actions)."""
    s = game.state
    if isinstance(action, Infiltrate) and action.positions:
        party = _party(game, action)
        if not party:
            return None
        shape = proposals.shape_of(game, party)
        hidden, plain = proposals.infiltrate_area(game, party[0], shape)
        name = s.unit(action.unit_id).name
        return PlacementRegion(
            action.player,
            name,
            "Infiltrate",
            (
                Overlay(f'P{action.player} {name}: INF-3 hidden, more than 9" away', hidden, COLOURS["INF-3"]),
                Overlay(f'P{action.player} {name}: INF-5 more than 12" away', plain, COLOURS["INF-5"], 0.25),
            ),
        )
    if isinstance(action, ScoutRedeploy):
        party = _party(game, action)
        foes = placement.enemies(s, action.player)
        limit = max_move([s.unit(action.unit_id), *s.characters_joined_to(action.unit_id)])
        parts = [
            scout_region(s.battlefield, foes, footprint(m, s.units[u.id].poses[m.id]), limit)
            for u in party
            for m in u.models
            if m.id in s.units[u.id].poses
        ]
        name = s.unit(action.unit_id).name
        label = f'P{action.player} {name}: Scout, within {limit:g}", more than 9" away'
        return PlacementRegion(action.player, name, "Scout", (Overlay(label, _union(parts), COLOURS["scout"]),))
    return None


@dataclass
class Watcher:
    """Follows a battle action by action (see the module docstring). ``regions``: compute placement regions
    (only the HTML report needs them); ``invariants``: check the state invariants after every action."""

    regions: bool = False
    invariants: bool = False
    deployment: Snapshot | None = None
    turn_maps: list[Snapshot] = field(default_factory=list)
    placed: list[PlacementRegion] = field(default_factory=list)
    stop_at: int | None = None
    checker: InvariantChecker = field(default_factory=InvariantChecker)

    def before(self, game: Game, action: Action) -> None:
        """Called with the state just before ``action`` is applied."""
        if self.regions:
            region = placement_region(game, action)
            if region is not None:
                label = f"before P{region.player} {region.unit_name}'s {region.kind} placement"
                self.placed.append(dataclasses.replace(region, before=snapshot(game, label)))

    def after(self, game: Game, action: Action, start: int) -> None:
        """Called after ``action``; its events are ``game.state.events[start:]``."""
        if self.invariants:
            self.checker(game, action)
        s = game.state
        for offset, event in enumerate(s.events[start:]):
            if isinstance(event, TurnStarted) and self.deployment is None:
                self.deployment = snapshot(game, "deployment (end of the pre-game)")
            if not isinstance(event, TurnEnded):
                continue
            end_of_game_turn = event.player != s.first_player
            if s.config.game.sudden_death and wiped_out(s):
                self.stop_at = start + offset + 1
                self.turn_maps.append(snapshot(game, f"Sudden Death: end of Game Turn {event.game_turn}"))
                return
            if end_of_game_turn:
                self.turn_maps.append(snapshot(game, f"end of Game Turn {event.game_turn}"))


ActionSource = Callable[[Game], Action]
"""Gives the next action for the pending decision (players, or a record's history)."""


def drive(
    game: Game,
    source: ActionSource,
    watcher: Watcher,
    max_actions: int = MAX_ACTIONS,
    check: Check = Game.check,
) -> None:
    """Play until the game is over or Sudden Death stops it. Raises :class:`PlayerError` for an illegal action,
    :class:`GameTooLongError` after ``max_actions`` actions. ``check``: how each action is checked before it is
    applied (``Game.check``, or the :class:`~strategium.agents.verdicts.Verdicts` the source already checked
    its action with, so the verdict is not worked out twice)."""
    with fewer_collections():
        _drive(game, source, watcher, max_actions, check)


YOUNG_THRESHOLD = 20_000
"""Allocations of container objects between two collections of Python's cyclic garbage collector's youngest
generation while a battle is played (Python's default: 700). A battle makes many short-lived objects, freed by
reference counting; collecting every 700 allocations cost about 2% of a battle, scanning objects that are not
garbage. Measured: 28 collections and 14.5 ms per battle with the default, 1 and 6 ms with this."""


@contextmanager
def fewer_collections() -> Iterator[None]:
    """Run the cyclic garbage collector's youngest generation every :data:`YOUNG_THRESHOLD` allocations inside the
    block (the older generations' thresholds unchanged); the thresholds are put back after it, whatever happens."""
    before = gc.get_threshold()
    gc.set_threshold(max(before[0], YOUNG_THRESHOLD), *before[1:])
    try:
        yield
    finally:
        gc.set_threshold(*before)


def _drive(game: Game, source: ActionSource, watcher: Watcher, max_actions: int, check: Check) -> None:
    count = 0
    while game.pending is not None and watcher.stop_at is None:
        if count >= max_actions:
            raise GameTooLongError(f"the battle was not over after {max_actions} actions ({game.state.clock})")
        pending = game.pending
        action = source(game)
        verdict = check(game, action)
        if not verdict.legal:
            raise PlayerError(action, verdict, f"{game.state.clock} ({pending.prompt})")
        watcher.before(game, action)
        start = len(game.state.events)
        game.apply(action)
        count += 1
        watcher.after(game, action, start)


def make_player(kind: str, player: PlayerId, seed: int, verdicts: Verdicts | None = None) -> Player:
    """A ``heuristic`` or ``random`` player for side ``player`` (the random one seeded from ``seed``), checking
    its proposals through ``verdicts`` when given. Raises :class:`InputError` for another kind."""
    if kind == "heuristic":
        return HeuristicPlayer(player, verdicts)
    if kind == "random":
        return RandomPlayer(player, seed, verdicts=verdicts)
    raise InputError(f"unknown player {kind!r} (heuristic or random)", field="--player")


def battle_result(setup: BattleSetup, scenario: Scenario, seed: int, game: Game, watcher: Watcher) -> BattleResult:
    """The finished battle ``game`` as the log and report show it (its events up to where ``watcher`` stopped it)."""
    s = game.state
    end = watcher.stop_at if watcher.stop_at is not None else len(s.events)
    return BattleResult(
        setup,
        scenario,
        seed,
        game,
        tuple(s.events[:end]),
        decide(s, s.config.game.sudden_death),
        watcher.deployment,
        tuple(watcher.turn_maps),
        tuple(watcher.placed),
    )


def play_battle(
    setup: BattleSetup,
    seed: int,
    regions: bool = False,
    invariants: bool = False,
    scenario: Scenario | None = None,
) -> BattleResult:
    """Play the setup's battle with its AI players and ``seed``. ``regions``: keep the Infiltrate and Scout
    regions (for the HTML report); ``invariants``: check the state after every action
    (:class:`~strategium.agents.invariants.InvariantError`); ``scenario``: the setup's scenario, already built.

    Raises :class:`InputError` for a bad setup, :class:`PlayerError` / :class:`GameTooLongError` for a player
    bug."""
    scenario = scenario or build_scenario(setup)
    game = new_game(setup, seed, scenario)
    watcher = Watcher(regions, invariants)
    chooser = Chooser(setup.players, seed)
    drive(game, chooser, watcher, check=chooser.verdicts.check)
    result = battle_result(setup, scenario, seed, game, watcher)
    result.fallbacks = tuple(chooser.fallbacks)
    return result


class Chooser:
    """Asks each side's player for its action; when a player offers an action the engine refuses, or finds none
    (a gap in that player, not a game event), a random player answers that one decision instead and the
    fallback is noted (``fallbacks``: one line each). Deterministic: the backup is seeded like the players.
    ``verdicts``: the engine's verdicts at the current decision, shared by the players, the Chooser and
    :func:`drive` (pass ``check=chooser.verdicts.check``), so an action is checked once."""

    def __init__(self, kinds: tuple[str, str], seed: int) -> None:
        self.verdicts = Verdicts()
        self.players = {p: make_player(kinds[p - 1], p, seed, self.verdicts) for p in (1, 2)}
        self.kinds = kinds
        self.backups: dict[PlayerId, Player] = {}
        self.seed = seed
        self.fallbacks: list[str] = []

    def __call__(self, game: Game) -> Action:
        pending = game.pending
        if pending is None:
            raise AssertionError("asked for an action when the game is over")
        p = pending.player
        try:
            action = self.players[p].decide(game)
            verdict = self.verdicts.check(game, action)
            if verdict.legal:
                return action
            why = f"'{action.text()}' is refused: " + "; ".join(r.text for r in verdict.reasons)
        except StrategiumError as err:
            if self.kinds[p - 1] == "random":
                raise
            why = str(err)
        if p not in self.backups:
            self.backups[p] = make_player("random", p, self.seed, self.verdicts)
        self.fallbacks.append(f"{game.state.clock}: player {p} ({self.kinds[p - 1]}) {why}; a random choice instead")
        return self.backups[p].decide(game)
