"""The Scout step of the pre-game (Scout, Age of Darkness rulebook p.246; SCT-1..SCT-10).

After all deployment, Infiltrators included, each side may redeploy its units that have Scout, one unit at a
time, alternating after a roll-off when both sides have some (SCT-6). A player who ends the step gives up the
redeployments they have left. Each redeployment is measured against the enemy where it stands at that moment
(rules configuration ``deployment.scouts_check_current_positions``). Whether a redeployment may pass over
Impassable Terrain and Buildings (each model's straight path from where it stood) is contested: rules
configuration ``statuses.scout_redeploy_crosses_impassable`` (default: it may, a redeployment being a placement).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from strategium.army.army import Model, Unit
from strategium.catalogue.citations import Reason
from strategium.combat.sources import configured
from strategium.engine.core.actions import ScoutRedeploy, Verdict
from strategium.engine.core.board import Location
from strategium.engine.core.effects import Duration, EffectKind
from strategium.engine.core.events import Ruling, UnitPlaced
from strategium.engine.core.handlers import handles
from strategium.engine.core.pregame_track import PreGameStep
from strategium.engine.core.state import GameState
from strategium.engine.core.timing import PlayerId, opponent
from strategium.engine.movement.common import Leg, overlaps_area
from strategium.engine.pregame import sequence as pregame
from strategium.engine.table import table_checks
from strategium.engine.table.placement import enemies, footprint
from strategium.geometry.measure import Footprint, min_distance
from strategium.geometry.regions import SCOUT_ENEMY_DISTANCE, scout_distance, scout_move_legal
from strategium.rules.seed import scout

if TYPE_CHECKING:
    from strategium.engine.core.game import Game

reason = scout.reason
CROSSING = "statuses.scout_redeploy_crosses_impassable"


def passengers(state: GameState, transport_id: str) -> list[Unit]:
    """The units embarked in a Transport."""
    return [
        state.unit(x.unit_id)
        for x in state.units.values()
        if x.embarked_in == transport_id and x.location is Location.EMBARKED
    ]


def scout_clause(state: GameState, unit: Unit) -> str | None:
    """Which clause lets this unit on the table redeploy: SCT-1 (a Scout model in it or a joined character),
    SCT-7 (a Dedicated Transport carrying a Scout unit; any other Transport gains nothing), SCT-8 (a Transport
    that has Scout itself); None if none does."""
    if scout.has_scout(unit) or any(scout.has_scout(c) for c in state.characters_joined_to(unit.id)):
        return (
            "SCT-8"
            if passengers(state, unit.id) and not any(scout.has_scout(p) for p in passengers(state, unit.id))
            else "SCT-1"
        )
    if unit.dedicated_transport_for is not None and any(scout.has_scout(p) for p in passengers(state, unit.id)):
        return "SCT-7"  # only a Dedicated Transport gains Scout from its passengers (p.246)
    return None


def eligible(state: GameState, player: PlayerId) -> list[Unit]:
    """The player's units on the table that may still make a Scout redeployment."""
    return [
        u
        for u in state.units_of(player, Location.TABLE)
        if state.units[u.id].joined_to is None and not state.units[u.id].scouted and scout_clause(state, u)
    ]


def begin(game: Game) -> None:
    """Start the Scout step (or skip it when nobody has Scouts)."""
    s = game.state
    pregame.enter(game, PreGameStep.SCOUT)
    sides = [p for p in (1, 2) if eligible(s, p)]
    if not sides:
        game.log(Ruling("no unit may make a Scout redeployment"))
        pregame.after_scouts(game)
        return
    if len(sides) == 1:
        game.log(Ruling(f"only player {sides[0]} has Scout units: no roll-off", (reason("SCT-6", "one side only"),)))
        next_turn(game, opponent(sides[0]))
        return
    winner = pregame.roll_off(game, "Scout")
    pregame.choose_order(game, winner, "Scout redeployments")


def next_turn(game: Game, last: PlayerId) -> None:
    """Alternate one unit at a time; a side with nothing left (or that ended the step) is skipped."""
    s = game.state
    pregame.alternate(
        game,
        last,
        lambda p: p not in s.pregame.done and bool(eligible(s, p)),
        "make a Scout redeployment, or end the step to make no more",
        pregame.after_scouts,
    )


def pass_turn(game: Game, player: PlayerId) -> None:
    """The player makes no more Scout redeployments."""
    game.state.pregame.done.add(player)
    game.log(Ruling(f"player {player} makes no more Scout redeployments"))
    next_turn(game, player)


def _first_chosen(game: Game, chosen: PlayerId) -> None:
    """SCT-6: the roll-off winner chose who makes the first Scout redeployment."""
    game.log(
        Ruling(f"player {chosen} makes the first Scout redeployment", (reason("SCT-6", "the roll-off winner chose"),))
    )
    next_turn(game, opponent(chosen))


def max_move(party: list[Unit]) -> float:
    """SCT-2: 6" if the unit is Infantry, Artillery, Dreadnought or Automata, else 12" (the stricter if mixed)."""
    return min(
        scout_distance(m.profile.unit_type.unit_type, m.profile.unit_type.sub_types) for u in party for m in u.models
    )


def _check(game: Game, action: ScoutRedeploy) -> Verdict:
    s = game.state
    if s.pregame.step is not PreGameStep.SCOUT:
        return Verdict(False, (Reason("Pre-game", f"not possible during {s.pregame.step.value}"),))
    if s.pregame.turn != action.player:
        return Verdict(False, (reason("SCT-6", "it is the other player's turn to redeploy"),))
    if action.unit_id not in [u.id for u in eligible(s, action.player)]:
        status = s.units.get(action.unit_id)
        if status is not None and status.location is Location.EMBARKED:
            return Verdict(
                False, (reason("SCT-5", "an embarked unit redeploys only with its Transport; no one disembarks"),)
            )
        return Verdict(False, (reason("SCT-1", f"{action.unit_id} is not one of your units that may redeploy"),))
    unit = s.unit(action.unit_id)
    party = [unit, *s.characters_joined_to(unit.id)]
    problems = table_checks.models_placed(party, action.positions)
    if problems:
        return Verdict(False, tuple(problems))
    placed = table_checks.footprints(party, action.positions)
    problems = table_checks.standing_room(s, placed, {u.id for u in party}) + table_checks.coherency(s, party, placed)
    if problems:
        return Verdict(False, tuple(problems))
    limit = max_move(party)
    foes = enemies(s, action.player)
    enemy_fps = [f for e in foes for f in e.footprints]
    now = {model_id: pose for u in party for model_id, pose in s.units[u.id].poses.items()}
    for model, after in placed:
        before = footprint(model, now[model.id])
        if not scout_move_legal(s.battlefield, foes, before, after, limit):
            if enemy_fps and min_distance([after], enemy_fps) <= SCOUT_ENEMY_DISTANCE + 1e-6:
                d = min_distance([after], enemy_fps)
                return Verdict(
                    False,
                    (
                        reason(
                            "SCT-3",
                            f'{model.id} must end more than {SCOUT_ENEMY_DISTANCE:g}" from every enemy unit ({d:.2f}")',
                        ),
                    ),
                )
            return Verdict(
                False, (reason("SCT-2", f'{model.id} must end entirely within {limit:g}" of where it stood'),)
            )
    crossed = _crossed(game, unit.id, [(m, footprint(m, now[m.id]), after) for m, after in placed])
    path_reasons: tuple[Reason, ...] = ()
    if crossed:
        allowed = s.config.statuses.scout_redeploy_crosses_impassable
        verdict = "a redeployment is a placement: it may pass over it" if allowed else "it may not pass over it"
        why = configured(s.config, CROSSING, f"SCT-2: {crossed}; {verdict}")
        if not allowed:
            return Verdict(False, (why,))
        path_reasons = (why,)
    clause = scout_clause(s, unit) or "SCT-1"
    texts = {
        "SCT-1": "a unit with Scout redeploys",
        "SCT-7": "the Transport carries a Scout unit, so it has Scout",
        "SCT-8": "the Transport has Scout whoever it carries",
    }
    return Verdict(
        True,
        (
            reason(clause, texts[clause]),
            reason("SCT-2", f'each model within {limit:g}"'),
            reason("SCT-3", 'more than 9" from every enemy unit'),
            *path_reasons,
        ),
    )


def _crossed(game: Game, unit_id: str, moves: list[tuple[Model, Footprint, Footprint]]) -> str | None:
    """What the straight path of some model, from where it stood to where it is placed, crosses: "scout.1's path
    crosses Ruin" for the first Impassable piece or Building met, else None."""
    bf = game.state.battlefield
    walls = [(t.name, t.footprint) for t in bf.terrain if t.is_impassable]
    walls += [(b.name, b.footprint) for b in bf.buildings]
    if not walls:
        return None
    for model, before, after in moves:
        path = Leg(unit_id, model, before, after).path
        for name, wall in walls:
            if overlaps_area(path, wall):
                return f"{model.id}'s path crosses {name} (Impassable)"
    return None


def _apply(game: Game, action: ScoutRedeploy) -> None:
    s = game.state
    verdict = game.handler_verdict(action)  # kept from the check apply has just made
    unit = s.unit(action.unit_id)
    party = [unit, *s.characters_joined_to(unit.id)]
    where = dict(action.positions)
    for member in party:
        s.units[member.id].poses = {m.id: where[m.id] for m in member.models}
        s.units[member.id].scouted = True
    game.log(UnitPlaced(action.player, unit.id, unit.name, "redeployed", "by Scout", verdict.reasons))
    for member in [*party, *passengers(s, unit.id)]:
        game.add_effect(
            EffectKind.CANNOT_CHARGE,
            member.id,
            Duration.UNTIL_END_OF_GAME_TURN,
            reason("SCT-4", "made a Scout redeployment: no Charge in the first Game Turn"),
        )
    next_turn(game, action.player)


handles(ScoutRedeploy, _check, _apply)
pregame.pregame_step(PreGameStep.SCOUT, pregame.StepRule(begin, _first_chosen, pass_turn))
