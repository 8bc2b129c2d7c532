"""Reserves declarations, Independent Characters joining, holding back to Infiltrate, and normal deployment
(CORE_A §1.4, §1.5, §3.1 steps 7-8, §3.4; Infiltrate p.242; Outflank p.244; Reserves p.309).

Embarking at deployment: a unit may deploy inside a Transport already on the table (a Dedicated Transport, by
default, carries only its own unit: rules configuration ``deployment.transports_carry_only_own_unit``; any other
Transport takes any unit it has room for) or inside a Building (rulebook pp.223-226) that stands at least partly
in its deployment zone, if there is room (the seats and types of :func:`transports.boarding_problem`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from strategium.army.army import Unit
from strategium.catalogue.citations import Reason
from strategium.combat.sources import configured
from strategium.engine.core import registries
from strategium.engine.core.actions import DeclareReserves, Deploy, JoinUnit, Verdict
from strategium.engine.core.board import Location, ReserveMode
from strategium.engine.core.events import Ruling, UnitPlaced
from strategium.engine.core.handlers import handles
from strategium.engine.core.pregame_track import PreGameStep
from strategium.engine.core.state import GameState
from strategium.engine.core.timing import PlayerId
from strategium.engine.movement import transports
from strategium.engine.pregame import sequence as pregame
from strategium.engine.questions.joining import IC_RULE, JoinStage, may_join
from strategium.engine.table import table_checks
from strategium.model.unit_types import SubType

if TYPE_CHECKING:
    from strategium.engine.core.game import Game

RESERVES = Reason("Reserves", "units are placed in Reserves before deployment (CORE_A §3.1)", 309)
FLANKING_ASSAULT_PAGE = 311


@dataclass(frozen=True)
class FlankingAssaultRule:
    """A rule that lets units go into Reserves for a Flanking Assault (Outflank, OUT-1 and OUT-2).

    ``problem(unit, characters, ic_gains)``: why ``unit`` with its joined ``characters`` may not (None: it may);
    ``ic_gains`` is the configuration's answer to whether a conferred Outflank reaches a joined character.
    ``placed(unit)``: the reason logged when the unit goes into Reserves for a Flanking Assault."""

    problem: Callable[[Unit, Sequence[Unit], bool], Reason | None]
    placed: Callable[[Unit], Reason]


_FLANKING_RULES: list[FlankingAssaultRule] = []


def flanking_assault_rule(rule: FlankingAssaultRule) -> None:
    """Register a rule that lets units make a Flanking Assault."""
    _FLANKING_RULES.append(rule)
    registries.changed()


def flanking_assault_problem(unit: Unit, characters: Sequence[Unit], ic_gains: bool) -> Reason | None:
    """Why ``unit`` (with ``characters`` joined) may not go into Reserves for a Flanking Assault, or None: a unit
    needs a rule that allows it (the first refusal is the reason when none does)."""
    first: Reason | None = None
    for rule in _FLANKING_RULES:
        problem = rule.problem(unit, characters, ic_gains)
        if problem is None:
            return None
        first = first or problem
    return first or Reason(
        "Flanking Assault", f"no rule lets {unit.name} make a Flanking Assault", FLANKING_ASSAULT_PAGE
    )


def _flanking_placed(unit: Unit) -> Reason:
    """The reason a unit goes into Reserves for a Flanking Assault: the first rule that allows it."""
    for rule in _FLANKING_RULES:
        if rule.problem(unit, (), False) is None:
            return rule.placed(unit)
    return Reason("Flanking Assault", "joins a Flanking Assault", FLANKING_ASSAULT_PAGE)


def no(*reasons: Reason) -> Verdict:
    """An illegal verdict."""
    return Verdict(False, reasons)


def to_deploy(state: GameState, player: PlayerId) -> list[Unit]:
    """The player's units still waiting to be deployed (joined characters go with their unit)."""
    return [u for u in state.units_of(player, Location.UNDEPLOYED) if state.units[u.id].joined_to is None]


def party(state: GameState, unit_id: str) -> list[Unit]:
    """The unit and the Independent Characters joined to it."""
    return [state.unit(unit_id), *state.characters_joined_to(unit_id)]


def own_undeployed(game: Game, player: PlayerId, unit_id: str, steps: tuple[PreGameStep, ...]) -> list[Reason]:
    """Common checks: the right step, the player's own unit, not yet deployed, not a joined character."""
    s = game.state
    if s.pregame.step not in steps:
        return [Reason("Pre-game", f"not possible during {s.pregame.step.value}")]
    status = s.units.get(unit_id)
    if status is None:
        return [Reason("Pre-game", f"there is no unit {unit_id!r}")]
    if status.player != player:
        return [Reason("Pre-game", f"{s.unit(unit_id).name} belongs to the other player")]
    if status.location is not Location.UNDEPLOYED:
        return [Reason("Pre-game", f"{s.unit(unit_id).name} is already {status.location.value}")]
    if status.joined_to is not None:
        return [
            Reason(
                IC_RULE,
                f"{s.unit(unit_id).name} has joined {status.joined_to} and goes with it",
                241,
            )
        ]
    return []


# -- Reserves ----------------------------------------------------------------------------------------


def _check_reserves(game: Game, action: DeclareReserves) -> Verdict:
    s = game.state
    problems = own_undeployed(game, action.player, action.unit_id, (PreGameStep.RESERVES,))
    if problems:
        return no(*problems)
    unit = s.unit(action.unit_id)
    if unit.dedicated_transport_for is not None:
        return no(Reason("Dedicated Transport", "a Dedicated Transport goes into Reserves with its unit, not alone"))
    fraction = s.config.reserves.max_fraction
    if fraction is not None:
        allowed = math.floor(
            fraction
            * len(
                to_deploy(s, action.player)
                + [u for u in s.units_of(action.player, Location.RESERVES) if s.units[u.id].joined_to is None]
            )
        )
        already = len([u for u in s.units_of(action.player, Location.RESERVES) if s.units[u.id].joined_to is None])
        if already + 1 > allowed:
            return no(pregame.config_reason(game, "reserves.max_fraction"))
    if action.mode is ReserveMode.FLANKING_ASSAULT:
        ic_gains = s.config.flanking_assault.conferred_outflank_reaches_joined_ic
        problem = flanking_assault_problem(unit, s.characters_joined_to(unit.id), ic_gains)
        if problem is not None:
            return no(problem)
    return Verdict(True)


def _apply_reserves(game: Game, action: DeclareReserves) -> None:
    s = game.state
    unit = s.unit(action.unit_id)
    moving = [unit.id, *(c.id for c in s.characters_joined_to(unit.id))]
    transport = next((u for u in s.units_of(action.player) if u.dedicated_transport_for == unit.id), None)
    for unit_id in moving:
        s.units[unit_id].location = Location.RESERVES
        s.units[unit_id].reserve_mode = action.mode
    why: tuple[Reason, ...] = (RESERVES,)
    if action.mode is ReserveMode.FLANKING_ASSAULT:
        why = (_flanking_placed(unit),)
    game.log(UnitPlaced(action.player, unit.id, unit.name, "to", action.mode.value, why))
    if transport is not None and s.units[transport.id].location is Location.UNDEPLOYED:
        _transport_to_reserves(game, action, unit, transport)


def _transport_to_reserves(game: Game, action: DeclareReserves, unit: Unit, transport: Unit) -> None:
    """A unit's own Dedicated Transport, still undeployed, goes into Reserves with it (they arrive as one group,
    CORE_A §1.4, §3.4), except into a Flanking Assault it may not make itself (OUT-1: every model with Outflank,
    or a mode OUT-2 gives it): then it stays to be deployed. No other Transport goes with a unit."""
    s = game.state
    if action.mode is ReserveMode.FLANKING_ASSAULT:
        problem = flanking_assault_problem(transport, (), False)
        if problem is not None:
            game.log(Ruling(f"{transport.name} does not join the Flanking Assault: it is deployed instead", (problem,)))
            return
    s.units[transport.id].location = Location.RESERVES
    s.units[transport.id].reserve_mode = action.mode
    why = (Reason("Dedicated Transport", f"a Dedicated Transport goes into Reserves with {unit.name}", None),)
    game.log(
        UnitPlaced(action.player, transport.id, transport.name, "to", f"{action.mode.value}, carrying {unit.name}", why)
    )


# -- Independent Characters --------------------------------------------------------------------------


def _check_join(game: Game, action: JoinUnit) -> Verdict:
    s = game.state
    steps = (PreGameStep.RESERVES, PreGameStep.DEPLOY)
    problems = own_undeployed(game, action.player, action.character_id, steps)
    problems += own_undeployed(game, action.player, action.unit_id, steps) if not problems else []
    if problems:
        return no(*problems)
    if s.characters_joined_to(action.character_id):
        return no(Reason(IC_RULE, "a unit that others have joined cannot itself join a unit", 241))
    answer = may_join(game, s.unit(action.character_id), s.unit(action.unit_id), JoinStage.DEPLOYMENT)
    return no(answer.problem) if answer.problem else Verdict(True)


def _apply_join(game: Game, action: JoinUnit) -> None:
    s = game.state
    s.units[action.character_id].joined_to = action.unit_id
    ic = s.unit(action.character_id)
    why = (Reason.of(IC_RULE, "a joined character deploys with the unit"),)
    game.log(UnitPlaced(action.player, ic.id, ic.name, "joins", s.unit(action.unit_id).name, why))


# -- deployment --------------------------------------------------------------------------------------


def embark_problem(game: Game, units: list[Unit], target: str) -> Reason | None:
    """Why ``units`` may not deploy inside ``target`` (a Transport unit id or a Building name), or None.

    Who may ride and how many seats they take are the Transport rules' (:func:`transports.boarding_problem`:
    Unit Types, Bulky (X), Infantry Transport, Transport Capacity). The "only its own unit" limit
    (``deployment.transports_carry_only_own_unit``) concerns Dedicated Transports (CORE_A §1.4): any unit may
    deploy inside a Transport taken as a choice of its own (e.g. a Heavy Support Land Raider). A Building must
    stand at least partly in the player's deployment zone."""
    s = game.state
    player = s.owner(units[0].id)
    building = next((b for b in s.battlefield.buildings if b.name == target), None)
    if building is None:
        status = s.units.get(target)
        if status is None or status.player != player:
            return Reason("Transports", f"there is no friendly Transport or Building called {target!r}")
        transport = s.unit(target)
        if status.location is not Location.TABLE and transport.models[0].profile.unit_type.has(SubType.TRANSPORT):
            return Reason("Transports", f"{transport.name} must be deployed first")
        owner = transport.dedicated_transport_for
        if s.config.deployment.transports_carry_only_own_unit and owner is not None and owner != units[0].id:
            text = f"{transport.name} is the Dedicated Transport of {s.unit(owner).name}"
            return configured(s.config, "deployment.transports_carry_only_own_unit", text)
    problem = transports.boarding_problem(game, player, units, target)
    if problem is not None:
        return problem
    deployment = s.battlefield.deployment
    if (
        building is not None
        and deployment is not None
        and not deployment.zone(player).polygon.intersects(building.footprint)
    ):
        return Reason("Deployment", f"{building.name} is not in player {player}'s deployment zone")
    return None


def _check_deploy(game: Game, action: Deploy) -> Verdict:
    s = game.state
    problems = own_undeployed(game, action.player, action.unit_id, (PreGameStep.DEPLOY,))
    if problems:
        return no(*problems)
    if s.pregame.turn != action.player:
        return no(Reason("Deployment", "it is the other player's turn to deploy"))
    units = party(s, action.unit_id)
    if action.embark_in is not None:
        if action.positions:
            return no(Reason("Deployment", "an embarked unit is given no positions"))
        problem = embark_problem(game, units, action.embark_in)
        return no(problem) if problem else Verdict(True)
    problems = table_checks.models_placed(units, action.positions)
    if problems:
        return no(*problems)
    placed = table_checks.footprints(units, action.positions)
    problems = table_checks.in_deployment_zone(s, action.player, placed)
    problems += table_checks.standing_room(s, placed, {u.id for u in units})
    problems += table_checks.coherency(s, units, placed)
    return no(*problems) if problems else Verdict(True)


def _apply_deploy(game: Game, action: Deploy) -> None:
    s = game.state
    units = party(s, action.unit_id)
    where = dict(action.positions)
    for unit in units:
        status = s.units[unit.id]
        if action.embark_in is not None:
            status.location, status.embarked_in = Location.EMBARKED, action.embark_in
        else:
            status.location = Location.TABLE
            status.poses = {m.id: where[m.id] for m in unit.models}
    place = f"embarked in {action.embark_in}" if action.embark_in else "in its deployment zone"
    game.log(UnitPlaced(action.player, action.unit_id, units[0].name, "deployed", place))
    pregame.next_to_deploy(game, action.player)


handles(DeclareReserves, _check_reserves, _apply_reserves)
handles(JoinUnit, _check_join, _apply_join)
handles(Deploy, _check_deploy, _apply_deploy)
