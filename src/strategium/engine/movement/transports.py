"""Embark and Disembark in the Movement phase (CORE_A §5.10; Age of Darkness rulebook p.211 for Transport
Capacity, Bulky (X) p.236, Buildings pp.223-226).

The procedure HH2's available text leaves open comes from the rules configuration (``transports`` group);
rulings cite the value used. What the engine implements:

- **Access Points.** The data describes Access Points as prose ("one on each side and one at the rear"), so
  the engine treats the whole hull of the Transport (or footprint of the Building) as the Access Point. This is
  a documented simplification.
- **Embark** (the unit's move for the phase): in the Move step, every living model of the unit (and of the
  characters joined to it) must stand within its Movement Characteristic plus ``transports.embark_range``
  inches of the hull, measured between closest points. Only Infantry and Primarch models (and Guardians) may
  embark (p.211); Assassins and Abominations never; a Transport with Infantry Transport (Liber Astartes p.121)
  takes no Bulky models. Seats: one per model, X per Bulky (X) model; the total may not exceed the Transport
  Capacity. A Building holds one unit at a time when ``buildings.single_unit_occupancy`` is set. The unit is
  taken off the table: embarked units are not seen and cannot be targeted (``placement.placed_unit`` marks
  them, :mod:`strategium.geometry.sight` skips them).
- **Disembark**: in the Move step, or in the Reserves step for passengers of a Transport that has just arrived
  (the last step of a Flanking Assault). Every model is placed wholly within ``transports.disembark_range`` of
  the hull, on the table, off Impassable terrain, overlapping nothing, in coherency and more than
  ``movement.enemy_distance`` from enemy models. If the Transport has not moved (nor arrived) this turn and
  ``transports.disembark_then_move`` is set, the unit may still Move or Run; otherwise it counts as having
  moved. ``transports.embark_and_disembark_same_turn`` forbids both in one turn.

Facts noted: EMBARKED (and MOVED) on embarking; DISEMBARKED (and MOVED when it may move no further), with
LEFT_ASSAULT_VEHICLE, LEFT_ARRIVED_TRANSPORT and LEFT_IN_FLANKING_STEP_5 for the Assault Vehicle rule (p.231;
who may then Charge: :mod:`strategium.rules.unit.assault_vehicle`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from shapely.geometry.base import BaseGeometry

from strategium.army.army import Unit
from strategium.catalogue.citations import Reason
from strategium.engine.core.actions import Action, Verdict
from strategium.engine.core.board import Location, Placement, ReserveMode
from strategium.engine.core.handlers import handles
from strategium.engine.core.state import GameState
from strategium.engine.core.timing import PlayerId, SubPhase
from strategium.engine.core.watchers import Fact
from strategium.engine.movement import vehicle_fire
from strategium.engine.movement.common import (
    already_moved,
    config_reason,
    core,
    enemy_footprints,
    living,
    movement_of,
    no,
    own_unit_problem,
    party,
    positions_problem,
    step_problem,
)
from strategium.engine.movement.move import (
    UnitMoved,
    placement_problems,
)
from strategium.engine.questions.queries import Query, ask
from strategium.engine.table import broad_phase
from strategium.engine.table.placement import footprint
from strategium.geometry.measure import Footprint, distance, entirely_within, more_than, within
from strategium.model.unit_types import SubType, UnitType

if TYPE_CHECKING:
    from strategium.engine.core.game import Game

TRANSPORTS = "Transports"
TRANSPORT_PAGE = 211
BUILDINGS_PAGE = 224
MAY_EMBARK_TYPES = (UnitType.INFANTRY, UnitType.PRIMARCH)


@dataclass(frozen=True)
class Embark(Action):
    """A unit on the table embarks in a friendly Transport (unit id) or a Building (its name)."""

    unit_id: str
    transport_id: str

    def text(self) -> str:
        return f"P{self.player} {self.unit_id} embarks in {self.transport_id}"


@dataclass(frozen=True)
class Disembark(Action):
    """An embarked unit disembarks: every living model to its pose in ``positions``."""

    unit_id: str
    positions: Placement

    def text(self) -> str:
        where = ", ".join(f"{m}@{p}" for m, p in self.positions)
        return f"P{self.player} {self.unit_id} disembarks: {where}"


def reason(text: str, page: int = TRANSPORT_PAGE) -> Reason:
    """A reason citing the Transport rules."""
    return core(TRANSPORTS, text, page)


def seats(unit: Unit, state: GameState) -> int:
    """Transport Capacity the unit's living models take: one each, X for Bulky (X) (p.236)."""
    total = 0
    for _, m in living(state, [unit]):
        bulky = m.rule("Bulky")
        total += bulky.value if bulky is not None and bulky.value else 1
    return total


def passengers(state: GameState, transport_id: str) -> list[Unit]:
    """The units embarked in a Transport or Building."""
    return [
        state.unit(x.unit_id)
        for x in state.units.values()
        if x.embarked_in == transport_id and x.location is Location.EMBARKED
    ]


def hull_of(game: Game, transport_id: str) -> BaseGeometry | None:
    """The footprint of a Transport on the table, or of a Building by name; None if neither."""
    s = game.state
    building = next((b for b in s.battlefield.buildings if b.name == transport_id), None)
    if building is not None:
        return building.footprint
    status = s.units.get(transport_id)
    if status is None or status.location is not Location.TABLE:
        return None
    model = s.unit(transport_id).models[0]
    pose = status.poses.get(model.id)
    return None if pose is None else footprint(model, pose).core


def capacity(game: Game, transport_id: str) -> tuple[int, bool]:
    """(Transport Capacity, is a Building) of a Transport unit or a Building."""
    s = game.state
    building = next((b for b in s.battlefield.buildings if b.name == transport_id), None)
    if building is not None:
        return building.transport_capacity, True
    profile = s.unit(transport_id).models[0].profile
    return int(getattr(profile.characteristics, "transport_capacity", None) or 0), False


def boarding_problem(game: Game, player: PlayerId, units: list[Unit], transport_id: str) -> Reason | None:
    """Why ``units`` may not be inside ``transport_id`` (types, Bulky, capacity, occupancy), or None."""
    s = game.state
    is_building = any(b.name == transport_id for b in s.battlefield.buildings)
    if not is_building:
        status = s.units.get(transport_id)
        if status is None or status.player != player:
            return reason(f"there is no friendly Transport or Building called {transport_id!r}")
        transport = s.unit(transport_id)
        if not transport.models[0].profile.unit_type.has(SubType.TRANSPORT):
            return reason(f"{transport.name} is not a Transport")
        if status.location is not Location.TABLE:
            return reason(f"{transport.name} is {status.location.value}")
        if transport.any_model_has("Infantry Transport") and any(m.has_rule("Bulky") for u in units for m in u.models):
            return Reason.of("Infantry Transport", f"{transport.name} takes no Bulky models")
    for _, m in living(s, units):
        kind = m.profile.unit_type
        if kind.has(SubType.ASSASSIN) or kind.has(SubType.ABOMINATION) or kind.has(SubType.STATIC_ARTILLERY):
            return reason(f"{m.name} ({kind}) may never embark")
        if kind.unit_type not in MAY_EMBARK_TYPES and not kind.has(SubType.GUARDIAN):
            return reason(f"only Infantry and Primarch models may embark ({m.name} is {kind})")
    room, building = capacity(game, transport_id)
    inside = passengers(s, transport_id)
    if building and inside and s.config.buildings.single_unit_occupancy:
        return config_reason(game, "buildings.single_unit_occupancy", f"{transport_id} already holds a unit")
    taken = sum(seats(u, s) for u in inside)
    wanted = sum(seats(u, s) for u in units)
    if taken + wanted > room:
        return reason(
            f"{transport_id} has room for {max(0, room - taken)} more (needs {wanted})",
            BUILDINGS_PAGE if building else TRANSPORT_PAGE,
        )
    return None


# -- Embark -----------------------------------------------------------------------------------------


def _check_embark(game: Game, action: Embark) -> Verdict:
    s = game.state
    problem = step_problem(game, action.player) or own_unit_problem(game, action.player, action.unit_id)
    if problem:
        return no(problem)
    if s.units[action.unit_id].joined_to is not None:
        return no(core("Independent Character", "a joined character embarks with its unit", 241))
    units = party(s, action.unit_id)
    problem = already_moved(game, [u.id for u in units])
    if problem:
        return no(problem)
    if not s.config.transports.embark_and_disembark_same_turn and any(
        s.facts.has(u.id, Fact.DISEMBARKED) for u in units
    ):
        return no(config_reason(game, "transports.embark_and_disembark_same_turn", "the unit disembarked this turn"))
    for u in units:
        answer = ask(game, Query.MAY_MOVE, u.id)
        if not answer:
            return no(*answer.reasons)
    problem = boarding_problem(game, action.player, units, action.transport_id)
    if problem:
        return no(problem)
    hull = hull_of(game, action.transport_id)
    if hull is None:
        return no(reason(f"{action.transport_id} is not on the table"))
    reach = s.config.transports.embark_range
    for unit, m in living(s, units):
        fp = footprint(m, s.units[unit.id].poses[m.id])
        limit = movement_of(game, unit.id, m) + reach
        if not within(distance(fp, hull), limit):
            return no(
                config_reason(
                    game,
                    "transports.embark_range",
                    f'{m.id} cannot reach within {reach:g}" of {action.transport_id} ({distance(fp, hull):.2f}" away, '
                    f'M {limit - reach:g}"); Access Points are taken as the whole hull',
                )
            )
    return Verdict(True, (config_reason(game, "transports.embark_range", "every model can reach the hull"),))


def _apply_embark(game: Game, action: Embark) -> None:
    s = game.state
    verdict = game.handler_verdict(action)  # kept from the check apply has just made
    units = party(s, action.unit_id)
    for u in units:
        status = s.units[u.id]
        status.location, status.embarked_in, status.poses = Location.EMBARKED, action.transport_id, {}
        s.facts.note(u.id, Fact.EMBARKED)
        s.facts.note(u.id, Fact.MOVED)
    game.log(
        UnitMoved(
            action.player, action.unit_id, units[0].name, f"embarked in {action.transport_id}", 0.0, verdict.reasons
        )
    )


# -- Disembark --------------------------------------------------------------------------------------


def transport_moved(game: Game, transport_id: str) -> bool:
    """Whether the Transport moved (or arrived from Reserves) this turn; a Building never moves."""
    facts = game.state.facts
    return facts.has(transport_id, Fact.MOVED) or facts.has(transport_id, Fact.ARRIVED_FROM_RESERVES)


def disembark_facts(game: Game, carrier: str) -> tuple[Fact, ...]:
    """What the Assault Vehicle rule (p.231) asks of a disembarkation from ``carrier``: whether it has Assault
    Vehicle, arrived from Reserves this turn, and (in the Reserves step) is a Flanking Assault's Step 5."""
    s = game.state
    status = s.units.get(carrier)
    if status is None:  # a Building
        return ()
    out: list[Fact] = []
    if s.unit(carrier).any_model_has("Assault Vehicle"):
        out.append(Fact.LEFT_ASSAULT_VEHICLE)
    if s.facts.has(carrier, Fact.ARRIVED_FROM_RESERVES):
        out.append(Fact.LEFT_ARRIVED_TRANSPORT)
        if s.clock.sub_phase is SubPhase.RESERVES and status.reserve_mode is ReserveMode.FLANKING_ASSAULT:
            out.append(Fact.LEFT_IN_FLANKING_STEP_5)
    return tuple(out)


def _check_disembark(game: Game, action: Disembark) -> Verdict:
    s = game.state
    problem = step_problem(game, action.player, (SubPhase.RESERVES, SubPhase.MOVE))
    if problem:
        return no(problem)
    status = s.units.get(action.unit_id)
    if status is None or status.player != action.player:
        return no(reason(f"there is no unit {action.unit_id!r} of yours"))
    if status.location is not Location.EMBARKED or status.embarked_in is None:
        return no(reason(f"{s.unit(action.unit_id).name} is not embarked"))
    if status.joined_to is not None:
        return no(core("Independent Character", "a joined character disembarks with its unit", 241))
    carrier = status.embarked_in
    if s.clock.sub_phase is SubPhase.RESERVES and not s.facts.has(carrier, Fact.ARRIVED_FROM_RESERVES):
        return no(
            core("Reserves", "in the Reserves step only passengers of a Transport that has just arrived disembark", 309)
        )
    cruising = vehicle_fire.cruising_disembark_problem(game, carrier)
    if cruising is not None:
        return no(cruising)
    units = party(s, action.unit_id)
    if not s.config.transports.embark_and_disembark_same_turn and any(s.facts.has(u.id, Fact.EMBARKED) for u in units):
        return no(config_reason(game, "transports.embark_and_disembark_same_turn", "the unit embarked this turn"))
    hull = hull_of(game, carrier)
    if hull is None:
        return no(reason(f"{carrier} is not on the table"))
    problem = positions_problem(s, units, action.positions)
    if problem:
        return no(problem)
    where = dict(action.positions)
    reach = s.config.transports.disembark_range
    problems: list[Reason] = []
    for _, m in living(s, units):
        fp = footprint(m, where[m.id])
        if not entirely_within(fp, Footprint(hull), reach):
            problems.append(
                config_reason(
                    game, "transports.disembark_range", f'{m.id} must be wholly within {reach:g}" of {carrier}'
                )
            )
    problems += placement_problems(game, units, action.positions)
    limit = s.config.movement.enemy_distance
    foes = broad_phase.Boxed.of(enemy_footprints(s, action.player))
    for _, m in living(s, units):
        fp = footprint(m, where[m.id])
        x0, y0, x1, y1 = fp.outer_bounds
        zone = (x0 - limit, y0 - limit, x1 + limit, y1 + limit)  # an enemy within the limit has a box meeting it
        near = next((fid for fid, f in foes.footprints_meeting(zone) if not more_than(distance(fp, f), limit)), None)
        if near is not None:
            problems.append(
                config_reason(game, "movement.enemy_distance", f'{m.id} would be within {limit:g}" of {near}')
            )
            break
    if problems:
        return no(*problems)
    return Verdict(True, (config_reason(game, "transports.disembark_range", "every model within range of the hull"),))


def _apply_disembark(game: Game, action: Disembark) -> None:
    s = game.state
    verdict = game.handler_verdict(action)  # kept from the check apply has just made
    carrier = s.units[action.unit_id].embarked_in
    assert carrier is not None
    units = party(s, action.unit_id)
    where = dict(action.positions)
    may_move = s.config.transports.disembark_then_move and not transport_moved(game, carrier)
    for u in units:
        status = s.units[u.id]
        status.location, status.embarked_in = Location.TABLE, None
        status.poses = {m.id: where[m.id] for _, m in living(s, [u])}
        s.facts.note(u.id, Fact.DISEMBARKED)
        for fact in disembark_facts(game, carrier):
            s.facts.note(u.id, fact)
        if not may_move:
            s.facts.note(u.id, Fact.MOVED)
    after = (
        config_reason(game, "transports.disembark_then_move", "it may still move this phase")
        if may_move
        else core(
            TRANSPORTS,
            "its Transport moved or arrived this turn (or moving on is not allowed): no further move",
            TRANSPORT_PAGE,
        )
    )
    game.log(
        UnitMoved(
            action.player, action.unit_id, units[0].name, f"disembarked from {carrier}", 0.0, (*verdict.reasons, after)
        )
    )


handles(Embark, _check_embark, _apply_embark)
handles(Disembark, _check_disembark, _apply_disembark)
