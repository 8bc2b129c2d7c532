"""What a player may do now: the kind of the pending decision, and the units that may act in it.

Read-only views of the state shared by the random and the heuristic player; nothing here changes the game.
Each list is in army-list order, so the players that read them stay deterministic.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from enum import StrEnum

from strategium.army.army import Model, Unit
from strategium.engine.assault import charges, fight
from strategium.engine.core.board import ChargeStage, Location
from strategium.engine.core.decisions import DecisionKind
from strategium.engine.core.game import Game
from strategium.engine.core.pregame_track import PreGameStep
from strategium.engine.core.timing import Phase, PlayerId, SubPhase
from strategium.engine.core.watchers import Fact
from strategium.engine.movement.reserves import EDGE_PROMPT
from strategium.engine.movement.transports import passengers
from strategium.engine.pregame import deployment
from strategium.engine.questions.choices import BattleChoice
from strategium.engine.questions.queries import Query, ask
from strategium.engine.shooting.plan import TEMPLATE_LENGTH
from strategium.geometry.measure import min_distance
from strategium.model.unit_types import SubType
from strategium.model.weapons import RangeKind
from strategium.rules.seed import infiltrate_step as infiltration
from strategium.rules.seed import scout_step as scouting


class Moment(StrEnum):
    """The kind of decision pending, as the players tell them apart."""

    CHOOSE = "choose one option"
    EDGE = "choose the Flanking Assault's entry edge"
    RESERVES = "declare Reserves, holds and joins"
    DEPLOY = "deploy a unit"
    INFILTRATE = "place an infiltrating unit"
    SCOUT = "make a Scout redeployment"
    ARRIVE = "arrive from Reserves"
    MOVE = "move units"
    SHOOT = "make Shooting Attacks"
    CHARGE = "declare Charges"
    CHARGE_MOVE = "make the Charge (or Surge) Move"
    FIGHT = "pick combats to fight"
    OTHER = "nothing to do but end the step"


def moment(game: Game) -> Moment:
    """What the pending decision asks for (call only while the game is not over)."""
    s = game.state
    pending = s.pending
    assert pending is not None
    if pending.kind is DecisionKind.CHOOSE:
        return Moment.EDGE if pending.prompt.startswith(EDGE_PROMPT) else Moment.CHOOSE
    if isinstance(pending, BattleChoice):
        return Moment.CHOOSE
    c = s.clock
    if c.phase is Phase.PRE_GAME:
        return {
            PreGameStep.RESERVES: Moment.RESERVES,
            PreGameStep.DEPLOY: Moment.DEPLOY,
            PreGameStep.INFILTRATE: Moment.INFILTRATE,
            PreGameStep.SCOUT: Moment.SCOUT,
        }.get(s.pregame.step, Moment.OTHER)
    if c.phase is Phase.MOVEMENT:
        return Moment.ARRIVE if c.sub_phase is SubPhase.RESERVES else Moment.MOVE
    if c.phase is Phase.SHOOTING:
        return Moment.SHOOT
    if c.phase is Phase.ASSAULT and c.sub_phase is SubPhase.CHARGE:
        return Moment.CHARGE_MOVE if charge_awaiting_move(game) is not None else Moment.CHARGE
    if c.phase is Phase.ASSAULT and c.sub_phase is SubPhase.FIGHT:
        return Moment.FIGHT
    return Moment.OTHER


def charge_awaiting_move(game: Game) -> str | None:
    """The unit whose Charge Move or Surge Move is awaited, or None."""
    t = charges.track(game)
    if t.current is None:
        return None
    record = t.charges.get(t.current)
    if record is None or record.stage not in (ChargeStage.CHARGE_MOVE, ChargeStage.SURGE_MOVE):
        return None
    return record.unit_id


def is_building(unit: Unit) -> bool:
    """A unit that is a Building or Fortification: it never moves (it is part of the battlefield)."""
    kind = unit.models[0].profile.unit_type
    return kind.unit_type is not None and kind.unit_type.value in ("Building", "Fortification")


def hosts(game: Game, player: PlayerId, location: Location = Location.TABLE) -> list[Unit]:
    """The player's units at ``location`` that act on their own (not Independent Characters joined to a unit)."""
    s = game.state
    return [u for u in s.units_of(player, location) if s.units[u.id].joined_to is None]


def to_deploy(game: Game, player: PlayerId) -> list[Unit]:
    """The player's units still to be deployed (Dedicated Transports before the units they carry)."""
    units = deployment.to_deploy(game.state, player)
    return sorted(units, key=lambda u: u.dedicated_transport_for is None)


def held(game: Game, player: PlayerId) -> list[Unit]:
    """The player's units held back to Infiltrate, still to be placed."""
    return list(infiltration.held(game.state, player))


def scouts(game: Game, player: PlayerId) -> list[Unit]:
    """The player's units that may still make a Scout redeployment."""
    return scouting.eligible(game.state, player)


def arrivals(game: Game, player: PlayerId) -> list[Unit]:
    """The player's units in Reserves whose Reserves roll succeeded this turn."""
    s = game.state
    return [u for u in hosts(game, player, Location.RESERVES) if s.facts.has(u.id, Fact.MAY_ARRIVE)]


def movers(game: Game, player: PlayerId, passed: Callable[[str], bool] | None = None) -> list[Unit]:
    """The player's units on the table that may still move this phase (without those for which ``passed`` says
    True, left out before the engine is asked)."""
    s = game.state
    return [
        u
        for u in hosts(game, player)
        if not is_building(u)
        and not s.facts.has(u.id, Fact.MOVED)
        and (passed is None or not passed(u.id))
        and ask(game, Query.MAY_MOVE, u.id)
    ]


def runners(game: Game, player: PlayerId) -> list[Unit]:
    """Those of :func:`movers` that may Run."""
    return [u for u in movers(game, player) if ask(game, Query.MAY_RUN, u.id)]


def embarked(game: Game, player: PlayerId) -> list[Unit]:
    """The player's embarked units whose Transport (or Building) stands on the table."""
    s = game.state
    out = []
    for u in hosts(game, player, Location.EMBARKED):
        carrier = s.units[u.id].embarked_in
        on_table = carrier in s.units and s.units[carrier].location is Location.TABLE
        if on_table or any(b.name == carrier for b in s.battlefield.buildings):
            out.append(u)
    return out


def transports_for(game: Game, unit: Unit) -> list[str]:
    """Transports on the table (unit ids) and Buildings (names) the unit might embark in."""
    s = game.state
    player = s.owner(unit.id)
    out = [
        t.id
        for t in hosts(game, player)
        if t.models[0].profile.unit_type.has(SubType.TRANSPORT) and not passengers(s, t.id)
    ]
    out += [b.name for b in s.battlefield.buildings if b.can_be_entered and not passengers(s, b.name)]
    return out


def shooters(game: Game, player: PlayerId, passed: Callable[[str], bool] | None = None) -> list[Unit]:
    """The player's units that may make a Shooting Attack now (without those for which ``passed`` says True, left
    out before the engine is asked)."""
    return [u for u in hosts(game, player) if (passed is None or not passed(u.id)) and ask(game, Query.MAY_SHOOT, u.id)]


def chargers(game: Game, player: PlayerId, passed: Callable[[str], bool] | None = None) -> list[Unit]:
    """The player's units that may declare a Charge now (without those for which ``passed`` says True, left out
    before the engine is asked)."""
    return [
        u
        for u in hosts(game, player)
        if not is_building(u) and (passed is None or not passed(u.id)) and ask(game, Query.MAY_CHARGE, u.id)
    ]


def enemies(game: Game, player: PlayerId) -> list[Unit]:
    """The enemy's units on the table that can be targeted (joined characters are targeted with their unit)."""
    return hosts(game, 3 - player)


def out_of_range(game: Game, unit_id: str, target_id: str) -> bool:
    """Whether no weapon of the unit can reach the target: the closest distance between their models is more
    than the longest range among the unit's weapons (Templates: the template length),
    or it has no weapon with a range. The engine refuses such a Shooting Attack (every weapon out of range,
    rulebook p.166), so a player need not ask it; False whenever either unit has no model on the table (the
    engine says why)."""
    s = game.state
    if unit_id not in s.units or target_id not in s.units:
        return False
    mine, theirs = charges.feet(game, unit_id), charges.feet(game, target_id)
    if not mine or not theirs:
        return False
    longest = longest_range(m for _, m, _ in mine)
    if longest is None:
        return True
    return min_distance([f for _, _, f in mine], [f for _, _, f in theirs]) > longest + RANGE_MARGIN


def longest_range(models: Iterable[Model]) -> float | None:
    """The longest range among the models' weapons as the engine measures it for a Shooting Attack (inches;
    Templates :data:`~strategium.engine.shooting.plan.TEMPLATE_LENGTH`); None when none has a range."""
    ranges = [
        TEMPLATE_LENGTH if w.range.kind is RangeKind.TEMPLATE else w.range.maximum for m in models for w in m.weapons
    ]
    return max((float(r) for r in ranges if r is not None), default=None)


def weapon_reach(unit: Unit) -> float:
    """The longest range among the unit's shooting weapons (inches; 8 for Templates; 0 with none), kept in its first
    model's memo (a unit's models and weapons never change)."""
    if not unit.models:
        return 0.0
    memo = unit.models[0].memo
    kept: tuple[Unit, float] | None = memo.get(_REACH)
    if kept is not None and kept[0] is unit:
        return kept[1]
    best = 0.0
    for m in unit.models:
        for w in m.weapons:
            if w.range.maximum is not None:
                best = max(best, float(w.range.maximum))
            elif w.range.kind.value.lower() == "template":
                best = max(best, 8.0)
    memo[_REACH] = (unit, best)
    return best


_REACH = "options.weapon_reach"
"""The key in a unit's first model's :attr:`Model.memo` of (the unit, :func:`weapon_reach` of it)."""


RANGE_MARGIN = 1e-3
"""Inches a target must be beyond the longest range for :func:`out_of_range` (rounding never decides it)."""


def unfought(game: Game) -> list[str]:
    """One unit of each combat not yet fought this turn."""
    done = charges.track(game).fought
    return [c[0] for c in fight.combats(game) if c not in done]
