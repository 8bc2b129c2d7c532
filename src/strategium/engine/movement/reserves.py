"""Arrivals from Reserves at the start of the Movement phase: Reserves rolls, ordinary arrival from the owner's
battlefield edge, and the Flanking Assault (OUT-1 arrival; Reserves, Age of Darkness rulebook p.309; Flanking
Assault p.311; CORE_A §3.4, §3.6).

The book's pages 309-311 were not read; every value the available text leaves open is a rules-configuration
setting and the rulings cite it.

**Reserves rolls** (hook on the Reserves step of each Player Turn). From Game Turn ``reserves.first_turn``
(default 2) the active player rolls a D6 for each of their groups in Reserves: a unit (with the Independent
Characters joined to it and its Dedicated Transport, if that is in Reserves with it) is one group; **all** the
player's Flanking Assault units are one group with one roll (CORE_A §3.4). A result of ``reserves.target`` or
more succeeds; from Game Turn ``reserves.automatic_from_turn`` (if set) no roll is needed. Units whose roll
succeeded may arrive this step (the MAY_ARRIVE fact); the player may leave them in Reserves by ending the step.

**Arriving** (the ``Arrive`` action). The models move onto the table from a battlefield edge: the exact rule
implemented is that every model must end **wholly within its allowance of that edge**, the allowance being its
Movement Characteristic (M + I, as a Run, with ``run=True`` when ``reserves.arrivals_may_run``), as if it had
started just off the table against the edge and moved straight in. Its path is that straight entry, so
Difficult Terrain slows it, Dangerous Terrain tests it, and Impassable terrain and Buildings block it exactly
as for a move (:mod:`strategium.engine.movement.move`); the models end on the table, off Impassable terrain,
overlapping nothing, in coherency and more than ``movement.enemy_distance`` from enemy models. Ordinary
Reserves enter from one of the owner's edges (the edges of their deployment zone, CORE_A §3.2). A unit may also
arrive embarked in a Transport of its group that has already arrived (``embark_in``). A unit that arrives
counts as having moved (MOVED and ARRIVED_FROM_RESERVES facts).

**Flanking Assault** (p.311), when the group's roll succeeds:

1. one Reserves roll for the whole group (above);
2. a Disordered roll: a D6 of ``flanking_assault.disordered_on`` or less makes it Disordered;
3. the entry edge: by ``flanking_assault.entry_edges`` the candidates are the flank edges (neither the owner's
   nor the enemy's; on a map where every edge belongs to a zone, the owner's), every edge but the enemy's, or
   the HH1 roll (1-2 the edge on the owner's left, 3-4 on the right, 5-6 either, chosen); who chooses is
   ``flanking_assault.edge_chooser``, or the opponent when Disordered and ``flanking_assault.disordered_effect``
   says so. A choice among several edges is a ``Decision`` answered with ``ChooseEntryEdge``;
4. every unit of the group arrives from that edge, as above; units not placed stay in Reserves;
5. once every unit of the group has arrived, or when the player ends the step, each enemy unit with a model
   within ``flanking_assault.pinning_range`` of an arrived model takes a Pinning test (p.244);
6. passengers of an arrived Transport may disembark in the same step (``transports.Disembark``).

After each ordinary arrival, and after step 5 for a Flanking Assault, a ``UnitsArrived`` "did" event is emitted
(Interceptor, p.309, will hook it).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from strategium.army.army import Model, Unit
from strategium.catalogue.citations import Reason
from strategium.engine.core.actions import Action, Verdict
from strategium.engine.core.board import Location, Placement, ReserveMode
from strategium.engine.core.decisions import Decision, DecisionKind
from strategium.engine.core.events import Event, Ruling, TurnStarted
from strategium.engine.core.handlers import handles
from strategium.engine.core.hooks import on_step
from strategium.engine.core.state import GameState
from strategium.engine.core.timing import Phase, PlayerId, SubPhase, opponent
from strategium.engine.core.watchers import Fact
from strategium.engine.morale import leadership as morale
from strategium.engine.movement.common import (
    Leg,
    config_reason,
    core,
    dangerous_tests,
    living,
    no,
    party,
    positions_problem,
    step_problem,
)
from strategium.engine.movement.move import UnitMoved, UnitRan, legs_problems
from strategium.engine.movement.transports import boarding_problem
from strategium.engine.questions.queries import Query, ask
from strategium.engine.table import broad_phase
from strategium.engine.table.box_gap import SLACK, box_gap
from strategium.engine.table.placement import footprint
from strategium.geometry.measure import EPSILON, Footprint, farthest_distance, min_distance, within
from strategium.geometry.table import Edge, Table

if TYPE_CHECKING:
    from strategium.engine.core.game import Game

RESERVES = "Reserves"
RESERVES_PAGE = 309
FLANKING = "Flanking Assault"
FLANKING_PAGE = 311
EDGE_PROMPT = "choose the entry edge of the Flanking Assault"
DISORDERED_MARK = " (Disordered)"
ANTICLOCKWISE = (Edge.SOUTH, Edge.EAST, Edge.NORTH, Edge.WEST)
INWARD = {Edge.SOUTH: (0.0, 1.0), Edge.NORTH: (0.0, -1.0), Edge.WEST: (1.0, 0.0), Edge.EAST: (-1.0, 0.0)}


def reserves_reason(text: str) -> Reason:
    """A reason citing the Reserves rules (p.309)."""
    return core(RESERVES, text, RESERVES_PAGE)


def flanking_reason(text: str) -> Reason:
    """A reason citing Flanking Assault (p.311)."""
    return core(FLANKING, text, FLANKING_PAGE)


# -- actions and events -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Arrive(Action):
    """A unit whose Reserves roll succeeded moves onto the table: its living models (and those of the
    characters joined to it) at ``positions``, or embarked in ``embark_in`` (a Transport of its group that has
    arrived). ``edge`` is the battlefield edge it enters from (default: the owner's, or the Flanking Assault's);
    ``run`` measures the entry as a Run (M + I)."""

    unit_id: str
    positions: Placement = ()
    embark_in: str | None = None
    edge: str | None = None
    run: bool = False

    def text(self) -> str:
        if self.embark_in:
            return f"P{self.player} {self.unit_id} arrives embarked in {self.embark_in}"
        where = ", ".join(f"{m}@{p}" for m, p in self.positions)
        how = " (Run)" if self.run else ""
        return f"P{self.player} {self.unit_id} arrives{how}: {where}"


@dataclass(frozen=True)
class ChooseEntryEdge(Action):
    """Answer the Flanking Assault's edge decision with one battlefield edge (``north``, ``south``, ...)."""

    edge: str

    def text(self) -> str:
        return f"P{self.player} Flanking Assault enters from the {self.edge} edge"


@dataclass(frozen=True)
class FlankingEdgeChosen(Event):
    """The entry edge of ``player``'s Flanking Assault this turn."""

    player: PlayerId
    edge: Edge
    chooser: PlayerId
    disordered: bool

    def text(self) -> str:
        dis = "Disordered; " if self.disordered else ""
        return (
            f"P{self.player} Flanking Assault: {dis}enters from the {self.edge.value} edge (chosen by P{self.chooser})"
        )


@dataclass(frozen=True)
class UnitsArrived(Event):
    """The "did" event of an arrival from Reserves: ``unit_ids`` came onto the table (or into a Transport)
    from ``edge`` by ``mode``. For a Flanking Assault it lists the whole group, after its Pinning tests."""

    player: PlayerId
    unit_ids: tuple[str, ...]
    mode: ReserveMode
    edge: Edge

    def text(self) -> str:
        units = ", ".join(self.unit_ids)
        return f"P{self.player} {units} arrived from Reserves ({self.mode.value}, {self.edge.value} edge)"


# -- groups and edges --------------------------------------------------------------------------------


def in_reserves(state: GameState, player: PlayerId, mode: ReserveMode) -> list[Unit]:
    """The player's units in Reserves with this mode that arrive on their own (not joined characters)."""
    return [
        u
        for u in state.units_of(player, Location.RESERVES)
        if state.units[u.id].joined_to is None and state.units[u.id].reserve_mode is mode
    ]


def groups(state: GameState, player: PlayerId) -> list[tuple[str, list[Unit]]]:
    """The player's groups that roll for Reserves: (name, units); each unit's joined characters come with it."""
    out: list[tuple[str, list[Unit]]] = []
    flanking = in_reserves(state, player, ReserveMode.FLANKING_ASSAULT)
    if flanking:
        out.append((FLANKING, flanking))
    normal = in_reserves(state, player, ReserveMode.NORMAL)
    ids = {u.id for u in normal}
    for u in normal:
        if u.dedicated_transport_for in ids:
            continue
        transport = [t for t in normal if t.dedicated_transport_for == u.id]
        out.append((u.name, [u, *transport]))
    return out


def own_edges(state: GameState, player: PlayerId) -> tuple[Edge, ...]:
    """The player's battlefield edges (those of their deployment zone; the south/north edge without a map)."""
    deployment = state.battlefield.deployment
    if deployment is None:
        return (Edge.SOUTH,) if player == 1 else (Edge.NORTH,)
    return deployment.zone(player).edges


def beside(edge: Edge) -> tuple[Edge, Edge]:
    """(left, right) of ``edge`` for a player standing at it and facing the table."""
    i = ANTICLOCKWISE.index(edge)
    return ANTICLOCKWISE[i - 1], ANTICLOCKWISE[(i + 1) % 4]


def candidate_edges(game: Game, player: PlayerId) -> tuple[Edge, ...]:
    """The edges a Flanking Assault may enter from by ``flanking_assault.entry_edges`` (before any HH1 roll)."""
    s = game.state
    mine, theirs = own_edges(s, player), own_edges(s, opponent(player))
    if s.config.flanking_assault.entry_edges == "any_but_enemy_edge":
        return tuple(e for e in ANTICLOCKWISE if e not in theirs)
    flanks = tuple(e for e in ANTICLOCKWISE if e not in mine and e not in theirs)
    return flanks or mine


def entry_edge(game: Game, player: PlayerId) -> Edge | None:
    """The entry edge chosen for ``player``'s Flanking Assault this turn, or None."""
    for event in reversed(game.state.events):
        if isinstance(event, TurnStarted):
            return None
        if isinstance(event, FlankingEdgeChosen) and event.player == player:
            return event.edge
    return None


def flanking_resolved(game: Game, player: PlayerId) -> bool:
    """Whether ``player``'s Flanking Assault this turn has had its Pinning tests."""
    for event in reversed(game.state.events):
        if isinstance(event, TurnStarted):
            return False
        if isinstance(event, UnitsArrived) and event.player == player and event.mode is ReserveMode.FLANKING_ASSAULT:
            return True
    return False


# -- the Reserves step ------------------------------------------------------------------------------


@on_step(Phase.MOVEMENT, SubPhase.RESERVES)
def reserves_rolls(game: Game) -> None:
    """Roll for every group of the active player in Reserves; start the Flanking Assault if its roll succeeded."""
    s = game.state
    player, turn = s.clock.active_player, s.clock.game_turn
    rolling = groups(s, player)
    if not rolling:
        return
    cfg = s.config.reserves
    if turn < cfg.first_turn:
        game.log(
            Ruling(f"P{player}: no Reserves rolls in Game Turn {turn}", (config_reason(game, "reserves.first_turn"),))
        )
        return
    automatic = cfg.automatic_from_turn is not None and turn >= cfg.automatic_from_turn
    flanking_arrives = False
    for name, units in rolling:
        if automatic:
            success = True
            game.log(Ruling(f"{name} arrives without a roll", (config_reason(game, "reserves.automatic_from_turn"),)))
        else:
            roll = game.logged(s.dice.d6(f"Reserves roll ({name})", who=str(player)))
            success = roll.total >= cfg.target
            verdict = "succeeds" if success else "fails: stays in Reserves"
            game.log(
                Ruling(f"Reserves roll for {name}: {roll.total} {verdict}", (config_reason(game, "reserves.target"),))
            )
        if not success:
            continue
        for u in units:
            for member in party(s, u.id):
                s.facts.note(member.id, Fact.MAY_ARRIVE)
        flanking_arrives = flanking_arrives or name == FLANKING
    if flanking_arrives:
        _flanking_edge(game, player)


def _flanking_edge(game: Game, player: PlayerId) -> None:
    """Steps 2 and 3 of the Flanking Assault: the Disordered roll and the entry edge (maybe a decision)."""
    s = game.state
    fa = s.config.flanking_assault
    roll = game.logged(s.dice.d6("Flanking Assault: Disordered roll", who=str(player)))
    disordered = roll.total <= fa.disordered_on
    game.log(
        Ruling(
            f"Flanking Assault {'is Disordered' if disordered else 'is not Disordered'} ({roll.total})",
            (config_reason(game, "flanking_assault.disordered_on"),),
        )
    )
    chooser = player if fa.edge_chooser == "controller" else opponent(player)
    if disordered and fa.disordered_effect == "opponent_chooses_edge":
        chooser = opponent(player)
    options = candidate_edges(game, player)
    if fa.entry_edges == "hh1_roll":
        left, right = beside(own_edges(s, player)[0])
        side = game.logged(s.dice.d6("Flanking Assault: entry edge (HH1 roll)", who=str(player))).total
        options = (left,) if side <= 2 else (right,) if side <= 4 else (left, right)
        game.log(
            Ruling(
                f"entry edge roll {side}: {', '.join(e.value for e in options)}",
                (config_reason(game, "flanking_assault.entry_edges"),),
            )
        )
    if len(options) == 1:
        game.log(FlankingEdgeChosen(player, options[0], chooser, disordered))
        return
    why = config_reason(
        game,
        "flanking_assault.disordered_effect" if chooser != player and disordered else "flanking_assault.edge_chooser",
        f"P{chooser} chooses the edge",
    )
    prompt = EDGE_PROMPT + (DISORDERED_MARK if disordered else "")
    s.pending = Decision(chooser, DecisionKind.CHOOSE, prompt, tuple(e.value for e in options), why)


def _check_choose_edge(game: Game, action: ChooseEntryEdge) -> Verdict:
    pending = game.pending
    if pending is None or pending.kind is not DecisionKind.CHOOSE or not pending.prompt.startswith(EDGE_PROMPT):
        return no(flanking_reason("no Flanking Assault edge is waiting to be chosen"))
    if action.edge not in pending.options:
        return no(flanking_reason(f"choose one of: {', '.join(pending.options)}"))
    return Verdict(True, () if pending.reason is None else (pending.reason,))


def _apply_choose_edge(game: Game, action: ChooseEntryEdge) -> None:
    s = game.state
    player = s.clock.active_player
    assert s.pending is not None
    disordered = s.pending.prompt.endswith(DISORDERED_MARK)
    game.log(FlankingEdgeChosen(player, Edge(action.edge), action.player, disordered))
    s.pending = Decision(player, DecisionKind.ACT, str(s.clock))


# -- Arrive -----------------------------------------------------------------------------------------


def _entry_legs(game: Game, units: list[Unit], positions: Placement, edge: Edge) -> list[Leg]:
    """Each model's straight entry from just off ``edge`` to its pose (see the module docstring).

    The legs depend only on the table, the edge, the positions and the models moved (their shapes): the last
    answer is kept with those (the models held, found again by identity) for the apply that follows a check."""
    s = game.state
    table = s.battlefield.table
    alive = living(s, units)
    kept = _LEGS_KEPT[0] if _LEGS_KEPT else None
    if (
        kept is not None
        and kept[0] == (table, edge, positions)
        and len(kept[1]) == len(alive)
        and all(a is b for a, b in zip(kept[1], (m for _, m in alive), strict=True))
        and all(g.unit_id == u.id for g, (u, _) in zip(kept[2], alive, strict=True))
    ):
        return list(kept[2])
    line = Footprint(table.edge_line(edge))
    nx, ny = INWARD[edge]
    where = dict(positions)
    out = []
    for unit, model in alive:
        after = footprint(model, where[model.id])
        far = farthest_distance(after, line)
        before = after.translated(-nx * far, -ny * far)
        out.append(Leg(unit.id, model, before, after))
    _LEGS_KEPT[:] = [((table, edge, positions), tuple(m for _, m in alive), tuple(out))]
    return out


_LEGS_KEPT: list[tuple[tuple[Table, Edge, Placement], tuple[Model, ...], tuple[Leg, ...]]] = []
"""The last :func:`_entry_legs` answer: ((table, edge, positions), the models, the legs); one entry, replaced."""


def _arrival_edge(game: Game, action: Arrive) -> tuple[Edge | None, Reason | None]:
    s = game.state
    mode = s.units[action.unit_id].reserve_mode
    if mode is ReserveMode.FLANKING_ASSAULT:
        chosen = entry_edge(game, action.player)
        if chosen is None:
            return None, flanking_reason("the entry edge has not been chosen")
        if action.edge is not None and action.edge != chosen.value:
            return None, flanking_reason(f"the whole group enters from the {chosen.value} edge")
        return chosen, None
    mine = own_edges(s, action.player)
    if action.edge is None:
        return mine[0], None
    if action.edge not in [e.value for e in mine]:
        return None, reserves_reason(
            f"units arriving from Reserves enter from their own edge ({', '.join(e.value for e in mine)})"
        )
    return Edge(action.edge), None


def _check_arrive(game: Game, action: Arrive) -> Verdict:
    s = game.state
    problem = step_problem(game, action.player, (SubPhase.RESERVES,))
    if problem:
        return no(problem)
    if game.pending is None or game.pending.kind is not DecisionKind.ACT:
        return no(reserves_reason("a decision is pending"))
    status = s.units.get(action.unit_id)
    if status is None or status.player != action.player or status.location is not Location.RESERVES:
        return no(reserves_reason(f"{action.unit_id} is not one of your units in Reserves"))
    if status.joined_to is not None:
        return no(core("Independent Character", "a joined character arrives with its unit", 241))
    if not s.facts.has(action.unit_id, Fact.MAY_ARRIVE):
        return no(reserves_reason(f"{s.unit(action.unit_id).name} has no successful Reserves roll this turn"))
    edge, problem = _arrival_edge(game, action)
    if problem or edge is None:
        return no(problem or reserves_reason("no edge"))
    units = party(s, action.unit_id)
    if action.embark_in is not None:
        if action.positions:
            return no(reserves_reason("a unit arriving embarked is given no positions"))
        if not s.facts.has(action.embark_in, Fact.ARRIVED_FROM_RESERVES):
            return no(reserves_reason(f"{action.embark_in} has not arrived from Reserves this turn"))
        problem = boarding_problem(game, action.player, units, action.embark_in)
        return no(problem) if problem else Verdict(True, (reserves_reason("arrives inside its Transport"),))
    if action.run:
        if not s.config.reserves.arrivals_may_run:
            return no(config_reason(game, "reserves.arrivals_may_run"))
        for u in units:
            answer = ask(game, Query.MAY_RUN, u.id)
            if not answer:
                return no(*answer.reasons)
    problem = positions_problem(s, units, action.positions)
    if problem:
        return no(problem)
    for u in units:
        answer = ask(game, Query.MAY_MOVE, u.id)
        if not answer:
            return no(*answer.reasons)
    moves = _entry_legs(game, units, action.positions, edge)  # (ends at the positions, in the order of living())
    reasons = legs_problems(game, action.player, units, moves, action.run)[0]
    if reasons:
        return no(*reasons)
    what = "as a Run (M + I)" if action.run else "within its Movement"
    how = flanking_reason if s.units[action.unit_id].reserve_mode is ReserveMode.FLANKING_ASSAULT else reserves_reason
    return Verdict(True, (how(f"every model wholly {what} of the {edge.value} edge"),))


def _apply_arrive(game: Game, action: Arrive) -> None:
    s = game.state
    verdict = game.handler_verdict(action)  # kept from the check apply has just made
    edge, _ = _arrival_edge(game, action)
    assert edge is not None
    units = party(s, action.unit_id)
    mode = s.units[action.unit_id].reserve_mode or ReserveMode.NORMAL
    where = dict(action.positions)
    moves = [] if action.embark_in else _entry_legs(game, units, action.positions, edge)
    for u in units:
        status = s.units[u.id]
        if action.embark_in:
            status.location, status.embarked_in = Location.EMBARKED, action.embark_in
        else:
            status.location = Location.TABLE
            status.poses = {m.id: where[m.id] for _, m in living(s, [u])}
        for fact in (Fact.ARRIVED_FROM_RESERVES, Fact.MOVED, *((Fact.RAN,) if action.run else ())):
            s.facts.note(u.id, fact)
    longest = max((g.length for g in moves), default=0.0)
    how = f"arrived from Reserves ({mode.value}, {edge.value} edge)"
    game.log(UnitMoved(action.player, action.unit_id, units[0].name, how, longest, verdict.reasons))
    dangerous_tests(game, units, moves)
    if action.run:
        game.emit(UnitRan(action.player, tuple(u.id for u in units)))
    if mode is ReserveMode.FLANKING_ASSAULT:
        waiting = [u for u in in_reserves(s, action.player, mode) if s.facts.has(u.id, Fact.MAY_ARRIVE)]
        if not waiting:
            finish_flanking(game, action.player)
        return
    game.emit(UnitsArrived(action.player, tuple(u.id for u in units), mode, edge))


def finish_flanking(game: Game, player: PlayerId) -> None:
    """Step 5: Pinning tests for enemy units near the arrived group; units not placed stay in Reserves; then
    the ``UnitsArrived`` event for the group."""
    s = game.state
    edge = entry_edge(game, player)
    if edge is None or flanking_resolved(game, player):
        return
    arrived = [
        uid
        for uid, status in s.units.items()
        if status.player == player
        and status.reserve_mode is ReserveMode.FLANKING_ASSAULT
        and s.facts.has(uid, Fact.ARRIVED_FROM_RESERVES)
        and status.location in (Location.TABLE, Location.EMBARKED)
    ]
    for u in in_reserves(s, player, ReserveMode.FLANKING_ASSAULT):
        if s.facts.has(u.id, Fact.MAY_ARRIVE):
            game.log(
                Ruling(
                    f"{u.name} was not placed: it stays in Reserves",
                    (flanking_reason("units that cannot enter stay in Reserves"),),
                )
            )
    ours = [
        footprint(m, pose)
        for uid in arrived
        for m in s.unit(uid).models
        if (pose := s.units[uid].poses.get(m.id)) is not None
    ]
    reach = s.config.flanking_assault.pinning_range
    around = _bounds_of(ours)
    for enemy in s.units_of(opponent(player), Location.TABLE):
        theirs = [footprint(m, p) for m in enemy.models if (p := s.units[enemy.id].poses.get(m.id)) is not None]
        if not ours or not theirs or box_gap(around, _bounds_of(theirs)) > reach + EPSILON + SLACK:
            continue  # (the boxes' gap is at most the distance: certainly out of range)
        if within(min_distance(ours, theirs), reach):
            game.log(
                Ruling(
                    f'{enemy.name} is within {reach:g}" of the Flanking Assault: Pinning test',
                    (config_reason(game, "flanking_assault.pinning_range"),),
                )
            )
            morale.pinning_test(game, enemy.id, FLANKING)
    game.emit(UnitsArrived(player, tuple(arrived), ReserveMode.FLANKING_ASSAULT, edge))


def _bounds_of(feet: list[Footprint]) -> tuple[float, float, float, float]:
    """The box holding every footprint of ``feet`` (their outer bounds; an empty list: a box that holds nothing)."""
    if not feet:
        return (math.inf, math.inf, -math.inf, -math.inf)
    return broad_phase.span([f.outer_bounds for f in feet])


@on_step(Phase.MOVEMENT, SubPhase.MOVE)
def _close_reserves_step(game: Game) -> None:
    """When the Reserves step ends: finish a Flanking Assault left incomplete (its remaining units stay)."""
    player = game.state.clock.active_player
    if entry_edge(game, player) is not None:
        finish_flanking(game, player)


handles(Arrive, _check_arrive, _apply_arrive)
handles(ChooseEntryEdge, _check_choose_edge, _apply_choose_edge)
