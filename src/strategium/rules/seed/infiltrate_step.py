"""The Infiltrate step of the pre-game (Infiltrate, Age of Darkness rulebook p.242; INF-1..INF-10).

After every other unit is deployed, held-back units are placed one at a time; if both sides have some, a
roll-off decides who chooses to place first and the sides alternate (INF-2); a side that runs out leaves the
rest to the other (rules configuration ``deployment.infiltrators_left_place_consecutively``). Each placement
is checked against the enemy units deployed at that moment.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from strategium.army.army import Unit
from strategium.catalogue.citations import Reason
from strategium.engine.attacks.damage import sight_map
from strategium.engine.core.actions import HoldToInfiltrate, Infiltrate, Verdict
from strategium.engine.core.board import DeployedBy, Location
from strategium.engine.core.effects import Duration, EffectKind
from strategium.engine.core.events import Ruling, UnitPlaced
from strategium.engine.core.handlers import handles
from strategium.engine.core.pregame_track import PreGameStep
from strategium.engine.core.state import GameState
from strategium.engine.core.timing import PlayerId, opponent
from strategium.engine.pregame import sequence as pregame
from strategium.engine.pregame.deployment import no, own_undeployed, party
from strategium.engine.table import table_checks
from strategium.engine.table.placement import enemies, placed_unit
from strategium.geometry.measure import min_distance
from strategium.geometry.pieces import PlacedUnit
from strategium.geometry.regions import (
    INFILTRATE_HIDDEN,
    INFILTRATE_PLAIN_SIGHT,
    infiltrate_buildings,
    infiltrate_clause,
)
from strategium.rules.seed import infiltrate

if TYPE_CHECKING:
    from strategium.engine.core.game import Game

reason = infiltrate.reason


def held(state: GameState, player: PlayerId) -> list[Unit]:
    """The player's units held back to Infiltrate, without the joined characters and the Transports held back
    to carry them (those go with their unit)."""
    carriers = {x.embarked_in for x in state.units.values() if x.location is Location.HELD_FOR_INFILTRATE}
    return [
        u
        for u in state.units_of(player, Location.HELD_FOR_INFILTRATE)
        if state.units[u.id].joined_to is None and u.id not in carriers
    ]


def begin(game: Game) -> None:
    """Start the Infiltrate step (or skip it when nobody held a unit back)."""
    s = game.state
    pregame.enter(game, PreGameStep.INFILTRATE)
    sides = [p for p in (1, 2) if held(s, p)]
    if not sides:
        game.log(Ruling("no unit is held back to Infiltrate"))
        _end(game)
        return
    if len(sides) == 1:
        game.log(
            Ruling(f"only player {sides[0]} has infiltrating units: no roll-off", (reason("INF-2", "one side only"),))
        )
        next_turn(game, opponent(sides[0]))
        return
    winner = pregame.roll_off(game, "Infiltrate")
    pregame.choose_order(game, winner, "Infiltrate")


def next_turn(game: Game, last: PlayerId) -> None:
    """After ``last`` placed (or at the start): the other player places next if they have units left."""
    s = game.state
    pregame.alternate(game, last, lambda p: bool(held(s, p)), "place an infiltrating unit", _end)


def _end(game: Game) -> None:
    pregame.step_done(game, PreGameStep.INFILTRATE)


def _first_chosen(game: Game, chosen: PlayerId) -> None:
    """INF-2: the roll-off winner chose who places the first infiltrating unit."""
    game.log(
        Ruling(f"player {chosen} places the first infiltrating unit", (reason("INF-2", "the roll-off winner chose"),))
    )
    next_turn(game, opponent(chosen))


def _explain(state: GameState, player: PlayerId, unit: PlacedUnit) -> Reason:
    """Why a placement on the table fails INF-3 and INF-5: the distance, and who can see it."""
    foes = enemies(state, player)
    fps = [f for e in foes for f in e.footprints]
    d = min_distance(unit.footprints, fps) if fps else math.inf
    sight = sight_map(state.battlefield)
    seen_by = [e.name for e in foes if sight.unit_sees(e, unit)]
    if d <= INFILTRATE_HIDDEN + 1e-6:
        return reason("INF-3", f'must be more than {INFILTRATE_HIDDEN:g}" from every enemy unit (nearest {d:.2f}")')
    who = ", ".join(state.unit(u).name for u in seen_by) or "the enemy"
    return reason(
        "INF-5",
        f'seen by {who}, so it must be more than {INFILTRATE_PLAIN_SIGHT:g}" from every enemy unit (nearest {d:.2f}")',
    )


def _check(game: Game, action: Infiltrate) -> Verdict:
    s = game.state
    if s.pregame.step is not PreGameStep.INFILTRATE:
        return Verdict(False, (Reason("Pre-game", f"not possible during {s.pregame.step.value}"),))
    if s.pregame.turn != action.player:
        return Verdict(False, (reason("INF-2", "it is the other player's turn to place"),))
    status = s.units.get(action.unit_id)
    if status is None or status.player != action.player or action.unit_id not in [u.id for u in held(s, action.player)]:
        return Verdict(False, (reason("INF-1", f"{action.unit_id} is not one of your units held back to Infiltrate"),))
    unit = s.unit(action.unit_id)
    problem = infiltrate.character_join_problem(unit, s.characters_joined_to(unit.id))
    if problem is not None:
        return Verdict(False, (problem,))
    party = [unit, *s.characters_joined_to(unit.id)]
    if action.building_id is not None:
        if status.embarked_in is not None:
            return Verdict(False, (reason("INF-6", f"{unit.name} was held back inside its Transport"),))
        problem = _building_problem(game, action, party)
        return (
            Verdict(False, (problem,))
            if problem
            else Verdict(True, (reason("INF-4", 'inside a Building more than 9" from every enemy unit'),))
        )
    carrier = [s.unit(status.embarked_in)] if status.embarked_in is not None else party
    problems = table_checks.models_placed(carrier, action.positions)
    if problems:
        return Verdict(False, tuple(problems))
    placed = table_checks.footprints(carrier, action.positions)
    problems = table_checks.standing_room(s, placed, {u.id for u in carrier}) + table_checks.coherency(
        s, carrier, placed
    )
    if problems:
        return Verdict(False, tuple(problems))
    shape = placed_unit(carrier[0], s.units[carrier[0].id], action.positions)
    if len(carrier) > 1:
        extra = [placed_unit(c, s.units[c.id], action.positions) for c in carrier[1:]]
        shape = PlacedUnit(
            shape.name, shape.player, shape.models + tuple(m for e in extra for m in e.models), shape.unit_type
        )
    clause = infiltrate_clause(s.battlefield, enemies(s, action.player), shape, sight_map(s.battlefield))
    if clause is None:
        return Verdict(False, (_explain(s, action.player, shape),))
    texts = {
        "INF-3": f'more than {INFILTRATE_HIDDEN:g}" from every enemy unit and out of sight of the deployed enemy',
        "INF-5": f'more than {INFILTRATE_PLAIN_SIGHT:g}" from every enemy unit',
    }
    reasons = [reason(clause, texts[clause])]
    if status.embarked_in is not None:
        reasons.append(reason("INF-6", f"its Dedicated Transport {carrier[0].name} is placed under the same limits"))
    return Verdict(True, tuple(reasons))


def _building_problem(game: Game, action: Infiltrate, party: list[Unit]) -> Reason | None:
    from strategium.engine.pregame.deployment import embark_problem

    s = game.state
    building = next((b for b in s.battlefield.buildings if b.name == action.building_id), None)
    if building is None:
        return reason("INF-4", f"there is no Building called {action.building_id!r}")
    if building not in infiltrate_buildings(s.battlefield, enemies(s, action.player)):
        return reason("INF-4", f'{building.name} must be more than {INFILTRATE_HIDDEN:g}" from every enemy unit')
    problem = embark_problem(game, party, building.name)
    if problem is not None and problem.rule != "Deployment":  # any Building will do, not only one in the zone
        return problem
    return None


def _apply(game: Game, action: Infiltrate) -> None:
    s = game.state
    verdict = game.handler_verdict(action)  # kept from the check apply has just made
    unit = s.unit(action.unit_id)
    status = s.units[unit.id]
    party = [unit, *s.characters_joined_to(unit.id)]
    where = dict(action.positions)
    if action.building_id is not None:
        for member in party:
            s.units[member.id].location, s.units[member.id].embarked_in = Location.EMBARKED, action.building_id
        place = f"inside {action.building_id}"
    elif status.embarked_in is not None:
        carrier = s.unit(status.embarked_in)
        s.units[carrier.id].location = Location.TABLE
        s.units[carrier.id].poses = {m.id: where[m.id] for m in carrier.models}
        s.units[carrier.id].deployed_by = DeployedBy.INFILTRATE
        for member in party:
            s.units[member.id].location, s.units[member.id].embarked_in = Location.EMBARKED, carrier.id
        place = f"inside {carrier.name}"
    else:
        for member in party:
            s.units[member.id].location = Location.TABLE
            s.units[member.id].poses = {m.id: where[m.id] for m in member.models}
        place = "on the table"
    for member in party:
        s.units[member.id].deployed_by = DeployedBy.INFILTRATE
    game.log(UnitPlaced(action.player, unit.id, unit.name, "infiltrated", place, verdict.reasons))
    for member in party:
        game.add_effect(
            EffectKind.CANNOT_CHARGE,
            member.id,
            Duration.UNTIL_END_OF_CONTROLLERS_NEXT_TURN,
            reason("INF-7", "deployed by Infiltrate: no Charge in its first turn"),
        )
    next_turn(game, action.player)


# -- holding back to Infiltrate (the pre-game's HoldToInfiltrate action: INF-1, INF-6, INF-10) ------------------------


def _check_hold(game: Game, action: HoldToInfiltrate) -> Verdict:
    s = game.state
    problems = own_undeployed(game, action.player, action.unit_id, (PreGameStep.RESERVES, PreGameStep.DEPLOY))
    if problems:
        return no(*problems)
    if s.pregame.step is PreGameStep.DEPLOY and s.pregame.turn != action.player:
        return no(Reason("Deployment", "it is the other player's turn to deploy"))
    unit = s.unit(action.unit_id)
    characters = s.characters_joined_to(unit.id)
    if not infiltrate.can_infiltrate(unit) and not any(infiltrate.can_infiltrate(c) for c in characters):
        return no(reason("INF-1", f"{unit.name} has no model with Infiltrate"))
    # A joined character with Infiltrate makes the combined unit "contain" an Infiltrate model; INF-10 is what
    # forbids it (and a character without Infiltrate joined to Infiltrators).
    problem = infiltrate.character_join_problem(unit, characters)
    if problem is not None:
        return no(problem)
    if action.transport_id is not None:
        transport = s.units.get(action.transport_id)
        if transport is None or s.unit(action.transport_id).dedicated_transport_for != unit.id:
            return no(reason("INF-6", f"{action.transport_id} is not {unit.name}'s Dedicated Transport"))
        if transport.location is not Location.UNDEPLOYED:
            return no(reason("INF-6", f"{action.transport_id} is already {transport.location.value}"))
    return Verdict(True)


def _apply_hold(game: Game, action: HoldToInfiltrate) -> None:
    s = game.state
    unit = s.unit(action.unit_id)
    for member in party(s, unit.id):
        s.units[member.id].location = Location.HELD_FOR_INFILTRATE
    where = "to Infiltrate"
    if action.transport_id is not None:
        s.units[action.transport_id].location = Location.HELD_FOR_INFILTRATE
        s.units[unit.id].embarked_in = action.transport_id
        where += f" inside {s.unit(action.transport_id).name}"
    game.log(
        UnitPlaced(
            action.player,
            unit.id,
            unit.name,
            "held back",
            where,
            (reason("INF-1", "deploys after all other units"),),
        )
    )
    if s.pregame.step is PreGameStep.DEPLOY:
        pregame.next_to_deploy(game, action.player)


handles(Infiltrate, _check, _apply)
handles(HoldToInfiltrate, _check_hold, _apply_hold)
pregame.pregame_step(PreGameStep.INFILTRATE, pregame.StepRule(begin, _first_chosen))
