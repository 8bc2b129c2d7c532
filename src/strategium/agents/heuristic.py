"""A player that plays sensibly and deterministically (the default player of ``strategium battle``).

What it does, step by step (each proposal is checked by the engine; the first legal one is taken):

- **Pre-game choices**: deploys first, lets the opponent place Infiltrators and Scouts first (it answers them),
  takes the first turn, always tries to Seize the Initiative.
- **Reserves**: holds every unit with Infiltrate back to Infiltrate; keeps one unit that may join a Flanking
  Assault (Outflank, or Scout/Infiltrate gaining it, OUT-1/SCT-9/INF-8) in Reserves for one.
- **Deployment**: Dedicated Transports first, their units embarked in them; others in the area terrain of its
  zone where there is room (cover), else spread along the zone's middle.
- **Infiltrate**: forward, hidden (INF-3, more than 9" and out of sight) where it can, else in plain sight more
  than 12" away (INF-5), as close to the enemy as the region allows.
- **Scout**: redeploys each Scout unit straight toward the enemy as far as the move and the 9" limit allow.
- **Flanking Assault**: picks the entry edge nearest the enemy; arrivals come on as close to the enemy as they may.
- **Movement**: passengers disembark once their Transport is within 18" of the enemy; units with Militia Cavalry
  Mount Run when no enemy is within their weapons' reach (gaining Shrouded (5+), MCM-1); units that fire Heavy
  weapons and already have a target stand still; every other unit moves toward the nearest enemy, preferring
  moves that end in area terrain.
- **Shooting**: each unit shoots the target with the best expected damage (:mod:`strategium.agents.expected`).
- **Charges**: a unit charges when 2D6 (plus its bonus) reaches the target with a chance of at least one half and
  its first round of close combat is expected to take a larger share of the target's Wounds than the target's
  takes of its own.
- **Consolidation**: each unit that may consolidate moves into area terrain within reach, else toward the nearest
  enemy (:func:`strategium.agents.consolidating.sensible`); then it answers the choice or ends the step.
- **Choices**: becomes Stupefied once the unit has lost models or Wounds (the Stupefied roll then protects what
  is left, STU-6); for Hammer of Wrath against its vehicle picks the Facing with the highest Armour (HOW-4); reacts
  with shooting Reactions and Evade, declines the others.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Callable, Iterator
from functools import partial

from shapely.geometry import Point

from strategium.agents import consolidating, expected
from strategium.agents import options as opt
from strategium.agents import placement_sampling as ps
from strategium.agents import proposals as pr
from strategium.agents.gaps import EnemyGaps
from strategium.agents.move_screen import MoveFilter
from strategium.agents.options import Moment
from strategium.agents.random_player import charge_move
from strategium.agents.verdicts import Verdicts
from strategium.army.army import Unit
from strategium.engine.assault import charges
from strategium.engine.assault.charges import DeclareCharge
from strategium.engine.assault.fight import FightCombat
from strategium.engine.assault.melee_vehicles import armour_map
from strategium.engine.attacks import damage
from strategium.engine.core.actions import (
    Action,
    Choose,
    DeclareReserves,
    Deploy,
    EndStep,
    HoldToInfiltrate,
    Infiltrate,
    ScoutRedeploy,
)
from strategium.engine.core.board import Location, Placement, Pose, ReserveMode
from strategium.engine.core.game import Game
from strategium.engine.core.timing import Phase, PlayerId, SubPhase
from strategium.engine.movement.common import party
from strategium.engine.movement.move import Move, Run
from strategium.engine.movement.reserves import Arrive, ChooseEntryEdge, entry_edge, own_edges
from strategium.engine.movement.transports import Disembark
from strategium.engine.pregame.sequence import DECLINE, FIRST, SEIZE
from strategium.engine.questions.choices import BattleChoice
from strategium.engine.questions.queries import Query, ask
from strategium.engine.shooting.declare import Shoot
from strategium.geometry.regions import SCOUT_ENEMY_DISTANCE
from strategium.geometry.table import Edge
from strategium.model.unit_types import UnitType
from strategium.model.weapons import WeaponClass
from strategium.rules.seed import infiltrate as infiltrate_rule
from strategium.rules.seed import outflank
from strategium.rules.seed.scout_step import max_move

REACTION_PREFERENCE = ("Interceptor", "Overwatch", "Return Fire", "Evade")
"""Reactions the player makes, best first; it declines the others."""

MAX_CHECKS = 4
"""At most this many screened straight-move proposals go to the engine's check per unit and decision."""

DISEMBARK_RANGE = 18.0
"""Passengers get out once their Transport is this close to the enemy (inches)."""


class HeuristicPlayer:
    """Plays sensibly and deterministically (see the module docstring)."""

    def __init__(self, player: PlayerId, verdicts: Verdicts | None = None) -> None:
        self.player = player
        self.verdicts = verdicts if verdicts is not None else Verdicts()
        """The engine's verdicts on this decision's proposals (shared with the loop that applies the action)."""
        self._passed: set[tuple[int, str, str]] = set()
        self._measures = EnemyGaps(player)

    def _gap(self, game: Game, unit_id: str, other_id: str) -> float | None:
        """The closest distance between the unit and an enemy unit (inches), measured once per decision; None when
        either has no model on the table."""
        return self._measures.gap(game, unit_id, other_id)

    def _model_gaps(self, game: Game, unit_id: str, other_id: str) -> dict[str, float]:
        """:meth:`EnemyGaps.model_gaps`: each model's closest distance to the enemy unit (inches)."""
        return self._measures.model_gaps(game, unit_id, other_id)

    def _skip(self, game: Game, unit_id: str) -> bool:
        """Whether the unit was already judged to do nothing in this step (remembered, so it is not re-judged)."""
        return (game.state.clock.turn_index, str(game.state.clock), unit_id) in self._passed

    def _skipper(self, game: Game) -> Callable[[str], bool]:
        """:meth:`_skip` for ``game`` as it is now (the step read once)."""
        clock = game.state.clock
        turn, step, passed = clock.turn_index, str(clock), self._passed
        return lambda unit_id: (turn, step, unit_id) in passed

    def _pass(self, game: Game, unit_id: str) -> None:
        self._passed.add((game.state.clock.turn_index, str(game.state.clock), unit_id))

    def decide(self, game: Game) -> Action:
        pending = game.pending
        assert pending is not None and pending.player == self.player
        clock = game.state.clock
        if clock.phase is Phase.ASSAULT and clock.sub_phase is SubPhase.RESOLUTION:  # else no unit may consolidate
            consolidation = self.consolidate(game)
            if consolidation is not None:
                return consolidation
        m = opt.moment(game)
        if m is Moment.CHOOSE:
            return Choose(self.player, self.choose(game))
        if m is Moment.EDGE:
            return ChooseEntryEdge(self.player, self.edge(game, pending.options))
        act = {
            Moment.RESERVES: self.reserves,
            Moment.DEPLOY: self.deploy,
            Moment.INFILTRATE: self.infiltrate,
            Moment.SCOUT: self.scout,
            Moment.ARRIVE: self.arrive,
            Moment.MOVE: self.move,
            Moment.SHOOT: self.shoot,
            Moment.CHARGE: self.charge,
            Moment.CHARGE_MOVE: self._charge_move,
            Moment.FIGHT: self.fight,
        }.get(m)
        action = act(game) if act is not None else None
        return action if action is not None else EndStep(self.player)

    def _charge_move(self, game: Game) -> Action | None:
        return charge_move(game, self.player, opt.charge_awaiting_move(game) or "", self.verdicts.check)

    def consolidate(self, game: Game) -> Action | None:
        """A Consolidation move into cover or toward the nearest enemy for the next unit that may make one (each
        unit judged once per step); None when there is none (the choice is then answered, or the step ended)."""
        for unit_id in consolidating.offered(game, self.player):
            if self._skip(game, unit_id):
                continue
            action = consolidating.sensible(game, self.player, unit_id, self.verdicts.check)
            if action is not None:
                return action
            self._pass(game, unit_id)
        return None

    def _first_legal(self, game: Game, actions: list[Action | None]) -> Action | None:
        for action in actions:
            if action is not None and self.verdicts.check(game, action):
                return action
        return None

    # -- choices --------------------------------------------------------------------------------------------------

    def choose(self, game: Game) -> str:
        """The answer to a CHOOSE decision."""
        pending = game.pending
        assert pending is not None
        options = pending.options
        if not isinstance(pending, BattleChoice):
            if SEIZE in options:
                return SEIZE
            if "deploy first" in pending.prompt or "first turn" in pending.prompt:
                return FIRST
            return "second" if "second" in options else options[0]
        if pending.topic == "Stupefied":
            status = game.state.units[pending.subject]
            hurt = bool(status.casualties) or any(v > 0 for v in status.wounds_lost.values())
            return options[0] if hurt else options[-1]
        if pending.topic == "Reaction":
            for name in REACTION_PREFERENCE:
                for option in options:
                    if option.startswith(name):
                        return option
            return next((o for o in options if o == DECLINE or o.startswith("decline")), options[-1])
        if pending.topic == "Hammer of Wrath":
            return self._best_facing(game, pending)
        return options[0]

    def _best_facing(self, game: Game, choice: BattleChoice) -> str:
        record = charges.charge_of(game, choice.subject)
        if record is None or not isinstance(choice.context, int):
            return choice.options[0]
        strike = record.hammer[choice.context]
        model = next(m for m in game.state.unit(strike.target_unit).models if m.id == strike.target_model)
        armour = {f.value: a for f, a in armour_map(model).items()}
        return max(choice.options, key=lambda o: (armour.get(o, 0), o))

    def edge(self, game: Game, edges: tuple[str, ...]) -> str:
        """The Flanking Assault's entry edge nearest the enemy's centre."""
        cx, cy = pr.enemy_centre(game, self.player)
        line = game.state.battlefield.table.edge_line
        return min(edges, key=lambda e: (line(Edge(e)).distance(Point(cx, cy)), e))

    # -- the pre-game ---------------------------------------------------------------------------------------------

    def reserves(self, game: Game) -> Action | None:
        """Hold Infiltrators back; one Flanking Assault unit; then end the step."""
        p, s = self.player, game.state
        units = [u for u in opt.hosts(game, p, Location.UNDEPLOYED) if not opt.is_building(u)]
        for u in units:
            if infiltrate_rule.can_infiltrate(u):
                hold = HoldToInfiltrate(p, u.id)
                if self.verdicts.check(game, hold):
                    return hold
        flanking = [
            u for u in s.units_of(p, Location.RESERVES) if s.units[u.id].reserve_mode is ReserveMode.FLANKING_ASSAULT
        ]
        if not flanking:
            ranked = sorted(units, key=lambda u: not u.all_models_have(outflank.RULE))
            for u in ranked:
                if u.dedicated_transport_for is not None or u.any_model_has("Independent Character"):
                    continue
                action = DeclareReserves(p, u.id, ReserveMode.FLANKING_ASSAULT)
                if self.verdicts.check(game, action):
                    return action
        return None

    def deploy(self, game: Game) -> Action | None:
        """Deploy the next unit: embarked in its Dedicated Transport, in cover, or spread along the zone."""
        p, s = self.player, game.state
        unit = opt.to_deploy(game, p)[0]
        transport = next((t for t in s.units_of(p, Location.TABLE) if t.dedicated_transport_for == unit.id), None)
        if transport is not None:
            action = Deploy(p, unit.id, (), transport.id)
            if self.verdicts.check(game, action):
                return action
        shape = pr.shape_of(game, party(s, unit.id))
        region = pr.deploy_spots(game, unit, shape)
        toward = pr.enemy_centre(game, p)
        anchors = self._cover_anchors(game, region) + self._spread_anchors(game, region, unit)
        for anchor in anchors:
            where = pr.place(game, shape, region, anchor, toward)
            if where:
                action = Deploy(p, unit.id, where)
                if self.verdicts.check(game, action):
                    return action
        return None

    def _cover_anchors(self, game: Game, region: pr.Spots) -> list[tuple[float, float]]:
        out = []
        minx, miny, maxx, maxy = region.bounds
        for piece in game.state.battlefield.terrain:
            if piece.kind.value != "area":
                continue
            px0, py0, px1, py1 = piece.footprint.bounds
            if px0 > maxx or px1 < minx or py0 > maxy or py1 < miny:
                continue  # the piece lies outside the zone
            area, spot = region.area_inside(piece.footprint)
            if spot is not None and area > 1.0:
                out.append(spot)
        return out

    def _spread_anchors(self, game: Game, region: pr.Spots, unit: Unit) -> list[tuple[float, float]]:
        if region.is_empty:
            return []
        minx, miny, maxx, maxy = region.bounds
        y = (miny + maxy) / 2
        index = [u.id for u in game.state.units_of(self.player)].index(unit.id)
        xs = [minx + (maxx - minx) * f for f in (0.5, 0.3, 0.7, 0.15, 0.85, 0.05, 0.95)]
        shift = index % len(xs)
        xs = xs[shift:] + xs[:shift]
        return [(x, y) for x in xs] + [(x, miny + 0.5) for x in xs] + [(x, maxy - 0.5) for x in xs]

    def infiltrate(self, game: Game) -> Action | None:
        """Place the next held-back unit forward: hidden where it can, else in plain sight."""
        p, s = self.player, game.state
        for unit in opt.held(game, p):
            if s.units[unit.id].embarked_in is not None:
                continue
            shape = pr.shape_of(game, party(s, unit.id))
            toward = pr.enemy_centre(game, p)
            for region in pr.infiltrate_spots(game, unit, shape):  # plain sight built only if hidden fails
                for anchor in self._forward_anchors(region, toward):
                    where = pr.place(game, shape, region, anchor, toward)
                    action = Infiltrate(p, unit.id, where) if where else None
                    if action is not None and self.verdicts.check(game, action):
                        return action
        return None

    @staticmethod
    def _forward_anchors(region: object, toward: tuple[float, float]) -> Iterator[tuple[float, float]]:
        from shapely.geometry.base import BaseGeometry

        if isinstance(region, pr.Spots):
            return region.anchors(toward)  # found as they are asked for
        assert isinstance(region, BaseGeometry)
        if region.is_empty:
            return iter(())
        best = ps.nearest_point(region, toward)
        out = [best] if best is not None else []
        parts = getattr(region, "geoms", [region])
        big = sorted((g for g in parts if g.area > 4.0), key=lambda g: g.distance(Point(toward)))[:4]
        for g in big:
            c = g.representative_point()
            out.append((float(c.x), float(c.y)))
        return iter(out)

    def scout(self, game: Game) -> Action | None:
        """Redeploy a Scout unit toward the enemy, as far as it may."""
        p, s = self.player, game.state
        toward = pr.enemy_centre(game, p)
        for unit in opt.scouts(game, p):
            units = party(s, unit.id)
            poses = {mid: pose for u in units for mid, pose in s.units[u.id].poses.items()}
            screen = self._screen(game, units, SCOUT_ENEMY_DISTANCE)
            reach = max_move(units) - 0.01
            action = self._straight(game, poses, toward, reach, partial(ScoutRedeploy, p, unit.id), screen)
            if action is not None:
                return action
        return None

    def _straight(
        self,
        game: Game,
        poses: dict[str, Pose],
        toward: tuple[float, float],
        reach: float,
        make: Callable[[Placement], Action],
        screen: MoveFilter | None = None,
    ) -> Action | None:
        """The farthest legal straight move of the whole formation toward ``toward`` (a few headings tried);
        proposals are screened cheaply before the engine's check."""
        cx, cy = ps.centroid(poses)
        base = math.atan2(toward[1] - cy, toward[0] - cx)
        gap = math.hypot(toward[0] - cx, toward[1] - cy)
        offsets = []
        for frac in (1.0, 0.8, 0.6, 0.4, 0.2):
            for turn in (0.0, 0.3, -0.3, 0.7, -0.7):
                step = min(reach * frac, gap)
                a = base + turn
                offsets.append((step * math.cos(a), step * math.sin(a)))
        found = screen.plausible_moves(poses, offsets, reach) if screen is not None else iter(range(len(offsets)))
        for checks, k in enumerate(found, start=1):
            action = make(ps.translated(poses, *offsets[k]))
            if self.verdicts.check(game, action):
                return action
            if checks >= MAX_CHECKS:
                return None
        return None

    def _screen(self, game: Game, units: list[Unit], keep_away: float) -> MoveFilter:
        s = game.state
        models = pr.living_models(game, units)
        terrain = s.config.terrain
        exempt = any(m.profile.unit_type.unit_type is UnitType.CAVALRY for m in models) or all(
            m.has_rule("Move Through Cover") for m in models
        )
        penalty = (
            terrain.difficult_move_penalty if terrain.difficult_move_rule == "flat_penalty" and not exempt else 0.0
        )
        radius = pr.probe_radius(game, units)
        return MoveFilter(s, self.player, {u.id for u in units}, radius, keep_away, penalty)

    # -- the Movement phase ---------------------------------------------------------------------------------------

    def arrive(self, game: Game) -> Action | None:
        """Bring each unit whose roll succeeded on as close to the enemy as it may."""
        p, s = self.player, game.state
        toward = pr.enemy_centre(game, p)
        for unit in opt.arrivals(game, p):
            flanking = s.units[unit.id].reserve_mode is ReserveMode.FLANKING_ASSAULT
            edge = (entry_edge(game, p) if flanking else None) or own_edges(s, p)[0]
            units = party(s, unit.id)
            shape = pr.shape_of(game, units)
            # a Run is tried first where the party may Run (else the engine refuses every Run proposal)
            runs = s.config.reserves.arrivals_may_run and all(ask(game, Query.MAY_RUN, u.id) for u in units)
            for run in (True, False) if runs else (False,):
                region = pr.arrival_region(game, unit, shape, edge, run)
                for anchor in self._forward_anchors(region, toward):
                    where = pr.place(game, shape, region, anchor, toward)
                    action = Arrive(p, unit.id, where, edge=Edge(edge).value, run=run) if where else None
                    if action is not None and self.verdicts.check(game, action):
                        return action
        return None

    def move(self, game: Game) -> Action | None:
        """Disembark near the enemy, Run mounted Militia out of reach, move the others toward the enemy."""
        p, s = self.player, game.state
        for unit in opt.embarked(game, p):
            carrier = s.units[unit.id].embarked_in
            if carrier in s.units and self._enemy_distance(game, carrier) <= DISEMBARK_RANGE:
                action = self._disembark(game, unit)
                if action is not None:
                    return action
        for unit in opt.movers(game, p, self._skipper(game)):
            action = self._move_unit(game, unit)
            if action is not None:
                return action
            self._pass(game, unit.id)
        return None

    def _disembark(self, game: Game, unit: Unit) -> Action | None:
        shape = pr.shape_of(game, party(game.state, unit.id))
        region = pr.disembark_region(game, unit, shape)
        toward = pr.enemy_centre(game, self.player)
        for anchor in self._forward_anchors(region, toward):
            where = pr.place(game, shape, region, anchor, toward)
            if where:
                action = Disembark(self.player, unit.id, where)
                if self.verdicts.check(game, action):
                    return action
        return None

    def _enemy_distance(self, game: Game, unit_id: str) -> float:
        """The closest distance from the unit to any enemy model (inches; infinite with none)."""
        return min(self._measures.gaps(game, unit_id).values(), default=math.inf)

    def _move_unit(self, game: Game, unit: Unit) -> Action | None:
        p, s = self.player, game.state
        units = party(s, unit.id)
        poses = {mid: pose for u in units for mid, pose in s.units[u.id].poses.items()}
        gaps = self._measures.gaps(game, unit.id)  # enemy unit -> closest distance, in the order of the enemies
        if not gaps:
            return None
        target = min(gaps, key=gaps.__getitem__)  # the first nearest, as _nearest_enemy finds it
        toward = ps.centroid(dict(s.units[target].poses))
        reach = opt.weapon_reach(unit)
        gap = gaps[target]
        screen: MoveFilter | None = None  # built only when a move is proposed
        if unit.any_model_has("Militia Cavalry Mount") and gap > reach + 6 and unit in opt.runners(game, p):
            screen = self._screen(game, units, s.config.movement.enemy_distance)
            run = pr.allowance(game, units, True) - 0.01
            action = self._straight(game, poses, toward, run, partial(Run, p, unit.id), screen)
            if action is not None:
                return action
        if _fires_heavy(unit) and gap <= reach:
            return None  # stand still and fire at full Ballistic Skill
        if gap <= s.config.movement.enemy_distance + 1.0:
            return None  # (asked first: it needs no allowance)
        allowance = pr.allowance(game, units, False) - 0.01
        if allowance <= 0:
            return None
        if screen is None:
            screen = self._screen(game, units, s.config.movement.enemy_distance)
        cover = self._cover_step(game, poses, toward, allowance, partial(Move, p, unit.id), screen)
        if cover is not None:
            return cover
        return self._straight(game, poses, toward, allowance, partial(Move, p, unit.id), screen)

    def _cover_step(
        self,
        game: Game,
        poses: dict[str, Pose],
        toward: tuple[float, float],
        reach: float,
        make: Callable[[Placement], Action],
        screen: MoveFilter,
    ) -> Action | None:
        """A move that puts the formation's centre on an area terrain piece, no farther from the enemy."""
        cx, cy = ps.centroid(poses)
        now = math.hypot(toward[0] - cx, toward[1] - cy)
        for piece in game.state.battlefield.terrain:
            if piece.kind.value != "area":
                continue
            c = piece.footprint.representative_point()
            dx, dy = float(c.x) - cx, float(c.y) - cy
            if math.hypot(dx, dy) > reach or math.hypot(toward[0] - c.x, toward[1] - c.y) > now:
                continue
            where = ps.translated(poses, dx, dy)
            if not screen.plausible(poses, where, reach):
                continue
            action = make(where)
            if self.verdicts.check(game, action):
                return action
        return None

    # -- Shooting and Assault -------------------------------------------------------------------------------------

    def shoot(self, game: Game) -> Action | None:
        """The next unit that can shoot fires at the target with the best expected damage."""
        p = self.player
        views: dict[str, expected.TargetView | None] = {}  # each target's, read once (the state stays the same)
        enemies: list[Unit] | None = None  # found once (the state stays the same)
        for unit in opt.shooters(game, p, self._skipper(game)):
            reach = opt.weapon_reach(unit) + 2.0
            longest = opt.longest_range(unit.models)
            bounded: list[tuple[float, str]] = []
            armoury = None  # the unit's weapons, read once some enemy is in range
            if enemies is None:
                enemies = opt.enemies(game, p)
            for enemy in enemies:
                gap = self._gap(game, unit.id, enemy.id)
                if gap is None or gap > reach:
                    continue
                if longest is None or gap > longest + opt.RANGE_MARGIN:
                    continue  # every weapon out of range: nothing to expect (as the engine's plan would say)
                if armoury is None:
                    armoury = expected.guns(game, unit.id)
                reaches = self._model_gaps(game, unit.id, enemy.id)
                if enemy.id not in views:
                    views[enemy.id] = expected.target_view(game, enemy.id)
                bound = expected.shooting_bound(game, armoury, enemy.id, gap, reaches, views[enemy.id])
                if bound > 0:
                    bounded.append((bound, enemy.id))
            value = partial(_shooting_value, game, unit.id, views)
            for target in best_first(bounded, value):
                action = Shoot(p, unit.id, target)
                if self.verdicts.check(game, action):
                    return action
            self._pass(game, unit.id)
        return None

    def charge(self, game: Game) -> Action | None:
        """The first unit whose Charge reaches its target with a chance of at least one half and whose first round
        of close combat is expected to hurt the target (as a fraction of its Wounds) more than the target hurts it
        back."""
        p, s = self.player, game.state
        enemies: list[Unit] | None = None  # found once (the state stays the same)
        for unit in opt.chargers(game, p, self._skipper(game)):
            bonus, _ = charges.movement_bonus(game, unit.id)
            ranked = []
            if enemies is None:
                enemies = opt.enemies(game, p)
            for enemy in enemies:
                d = self._gap(game, unit.id, enemy.id)
                if d is None:
                    continue
                if d > s.config.charge.max_distance or expected.charge_chance(d, bonus) < 0.5:
                    continue
                ours = expected.melee_fraction(game, unit.id, enemy.id, charging=True)
                back = expected.melee_fraction(game, enemy.id, unit.id, charging=False)
                if ours > back:
                    ranked.append((-(ours - back), enemy.id))
            for _, target in sorted(ranked):
                action = DeclareCharge(p, unit.id, (target,))
                if self.verdicts.check(game, action):
                    return action
            self._pass(game, unit.id)
        return None

    def fight(self, game: Game) -> Action | None:
        """Fight the combats in the order they were made."""
        return self._first_legal(game, [FightCombat(self.player, u) for u in opt.unfought(game)])


def best_first(bounded: list[tuple[float, str]], value: Callable[[str], float]) -> Iterator[str]:
    """The ids of ``bounded`` (upper bound of the value, id) whose ``value`` is above 0, highest value first (ties:
    by id), as sorting every exact value would give them; each value is computed only when its bound could still
    put it ahead of the best value computed so far (most are never computed when the first id is taken)."""
    waiting = sorted(bounded, key=lambda b: (-b[0], b[1]))
    known: list[tuple[float, str]] = []  # (-value, id) computed and not yet given
    at = 0
    while at < len(waiting) or known:
        if at < len(waiting) and (not known or waiting[at][0] >= -known[0][0]):
            ident = waiting[at][1]
            at += 1
            v = value(ident)
            if v > 0:
                heapq.heappush(known, (-v, ident))
            continue
        yield heapq.heappop(known)[1]


def _shooting_value(game: Game, unit_id: str, views: dict[str, expected.TargetView | None], target: str) -> float:
    """``expected.shooting_value`` with the target's view read already (``views``)."""
    return expected.shooting_value(game, unit_id, target, views[target])


def _fires_heavy(unit: Unit) -> bool:
    return any(w.type.weapon_class is WeaponClass.HEAVY for m in unit.models for w in m.weapons)


__all__ = ["HeuristicPlayer", "damage"]
