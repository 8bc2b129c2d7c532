"""A scenario's state after ``strategium check`` has played its actions, for ``strategium map``: the scenario with
every unit where the game has put it (:func:`scenario_after`) and the overlay of the unit to place next
(:func:`next_overlay`)."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from strategium.engine.core.board import Location
from strategium.engine.core.pregame_track import PreGameStep
from strategium.engine.core.timing import Phase
from strategium.engine.table.placement import placed_model
from strategium.geometry.pieces import PlacedUnit
from strategium.geometry.sizes import sizing_type
from strategium.rules.seed import infiltrate_step as infiltration
from strategium.rules.seed import scout_step as scouting
from strategium.scenario.placing import unit_label
from strategium.scenario.values import Scenario, Status

if TYPE_CHECKING:
    from strategium.check.situation import CheckRun


def scenario_after(run: CheckRun) -> Scenario:
    """The scenario with every unit where the game has put it (for maps and overlays measured against the
    state after the actions). Armies, battlefield and ids stay the scenario's."""
    s = run.game.state
    scenario = run.scenario
    back = {engine: key for key, engine in run.ids.units.items()}
    names = {name: key for key, name in run.ids.buildings.items()}
    placements = []
    for p in scenario.placements:
        if p.status is Status.BUILDING:
            placements.append(p)
            continue
        uid = run.ids.unit(p.player, p.unit.id)
        status = s.units[uid]
        unit = s.unit(uid)
        label = unit_label(p.unit, scenario.armies[p.player - 1])
        kind = sizing_type(p.unit.models[0].profile.unit_type) if p.unit.models else None
        if status.location is Location.TABLE:
            models = tuple(placed_model(m, status.poses[m.id]) for m in unit.models if m.id in status.poses)
            coords = tuple((pose.x, pose.y, pose.heading) for pose in status.poses.values())
            placed = PlacedUnit(label, p.player, models, kind)
            placements.append(replace(p, status=Status.ON_TABLE, placed=placed, coords=coords))
        elif status.location is Location.EMBARKED and status.embarked_in is not None:
            inside = names.get(status.embarked_in) or back[status.embarked_in][1]
            placed = PlacedUnit(label, p.player, (), kind, embarked_in=inside)
            placements.append(replace(p, status=Status.EMBARKED, placed=placed, coords=()))
        else:
            where = {Location.RESERVES: Status.RESERVES, Location.HELD_FOR_INFILTRATE: Status.HELD}
            placements.append(replace(p, status=where.get(status.location, Status.UNDEPLOYED), placed=None, coords=()))
    return replace(scenario, placements=tuple(placements))


def next_overlay(run: CheckRun) -> str | None:
    """The map overlay for the unit to place next (``strategium map --overlay next``): ``infiltrate:P:UNIT`` in
    the Infiltrate step, ``scout:P:UNIT`` in the Scout step, ``deployment:P`` while deploying; None otherwise."""
    game = run.game
    pending, step = game.pending, game.state.pregame.step
    if pending is None or game.state.clock.phase is not Phase.PRE_GAME:
        return None
    back = {engine: key for key, engine in run.ids.units.items()}
    player = pending.player
    if step is PreGameStep.DEPLOY:
        return f"deployment:{player}"
    units = {
        PreGameStep.INFILTRATE: ("infiltrate", infiltration.held(game.state, player)),
        PreGameStep.SCOUT: ("scout", scouting.eligible(game.state, player)),
    }.get(step)
    if units is None or not units[1]:
        return None
    return f"{units[0]}:{player}:{back[units[1][0].id][1]}"
