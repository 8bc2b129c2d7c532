"""A player that picks uniformly among its legal choices (the random-play conformance tests, Monte Carlo).

At every decision the player lists its choices: each option of a CHOOSE decision; in a step, one choice per unit
and kind of action (deploy this unit, move that one, Run it, shoot this target...) plus ending the step when that
is legal. It draws one choice uniformly, then the continuous part of it (where to stand) from the legal region the
geometry computes (deployment zone, Infiltrate regions, the strip a unit may reach from its edge, the area round
its Transport) or, for moves, a straight displacement drawn uniformly from the disc of its allowance. A proposal
the engine refuses is drawn again; after :attr:`RandomPlayer.tries` refusals the player ends the step (or, where
ending is not allowed, keeps drawing a bounded number of times more and then raises :class:`StuckError`).

Where units may consolidate, it makes a Consolidation move drawn from the disc of the allowance half of the time
(:func:`strategium.agents.consolidating.random_move`), else it goes on as at any other decision.

Randomness comes from the player's own numpy ``Generator`` seeded from the game's seed and the player number, so
the same seed gives the same decisions.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import partial

import numpy as np

from strategium.agents import charge_spots, consolidating
from strategium.agents import options as opt
from strategium.agents import placement_sampling as ps
from strategium.agents import proposals as pr
from strategium.agents.gaps import Feet, Groups
from strategium.agents.options import Moment
from strategium.agents.refusals import surely_refused
from strategium.agents.verdicts import Check, Verdicts
from strategium.army.army import Unit
from strategium.engine.assault import charges
from strategium.engine.assault.charges import ChargeMove, DeclareCharge
from strategium.engine.assault.fight import FightCombat
from strategium.engine.core.actions import (
    Action,
    Choose,
    DeclareReserves,
    Deploy,
    EndStep,
    HoldToInfiltrate,
    Infiltrate,
    JoinUnit,
    ScoutRedeploy,
)
from strategium.engine.core.board import Location, Placement, ReserveMode
from strategium.engine.core.game import Game
from strategium.engine.core.timing import PlayerId
from strategium.engine.movement.common import party
from strategium.engine.movement.move import Move, Run
from strategium.engine.movement.reserves import Arrive, ChooseEntryEdge, entry_edge, own_edges
from strategium.engine.movement.transports import Disembark, Embark
from strategium.engine.shooting.declare import Shoot
from strategium.errors import StrategiumError
from strategium.geometry.table import Edge
from strategium.rules.seed import infiltrate as infiltrate_rule

Proposal = Callable[[], Action | None]


class StuckError(StrategiumError):
    """The player found no legal action where the step may not be ended (a gap in its proposals)."""


class RandomPlayer:
    """Uniform over legal choices, seeded from ``seed`` and ``player`` (see the module docstring)."""

    def __init__(self, player: PlayerId, seed: int = 0, tries: int = 8, verdicts: Verdicts | None = None) -> None:
        self.player = player
        self.tries = tries
        self.rng = np.random.default_rng([seed, player])
        self.verdicts = verdicts if verdicts is not None else Verdicts()
        """The engine's verdicts on this decision's proposals (shared with the loop that applies the action)."""

    @classmethod
    def for_game(cls, game: Game, player: PlayerId, tries: int = 8) -> RandomPlayer:
        """A random player seeded from the game's seed."""
        return cls(player, game.state.dice.seed, tries)

    # -- the decision ------------------------------------------------------------------------------------------

    def decide(self, game: Game) -> Action:
        pending = game.pending
        assert pending is not None and pending.player == self.player
        waiting = consolidating.offered(game, self.player)
        if waiting and self.rng.random() < 0.5:
            unit_id = waiting[int(self.rng.integers(len(waiting)))]
            consolidation = consolidating.random_move(game, self.player, unit_id, self.rng, check=self.verdicts.check)
            if consolidation is not None:
                return consolidation
        m = opt.moment(game)
        if m is Moment.CHOOSE:
            return Choose(self.player, str(self.rng.choice(list(pending.options))))
        if m is Moment.EDGE:
            return ChooseEntryEdge(self.player, str(self.rng.choice(list(pending.options))))
        choices = self.choices(game, m)
        end = EndStep(self.player)
        can_end = bool(self.verdicts.check(game, end))
        if can_end:
            choices.append(partial(_same, end))
        budget = self.tries if can_end else self.tries * 8
        while choices and budget > 0:
            budget -= 1
            k = int(self.rng.integers(len(choices)))
            action = choices[k]()
            if action is None or surely_refused(game, action):
                continue
            if self.verdicts.check(game, action):
                return action
        if can_end:
            return end
        raise StuckError(f"player {self.player} found no legal action at {game.state.clock} ({pending.prompt})")

    def choices(self, game: Game, m: Moment) -> list[Proposal]:
        """One proposal per choice open now (the step's own EndStep is added by :meth:`decide`)."""
        p = self.player
        build: dict[Moment, Callable[[Game], list[Proposal]]] = {
            Moment.RESERVES: self._reserves,
            Moment.DEPLOY: self._deploy,
            Moment.INFILTRATE: self._infiltrate,
            Moment.SCOUT: lambda g: [partial(self.scout, g, u) for u in opt.scouts(g, p)],
            Moment.ARRIVE: self._arrive,
            Moment.MOVE: self._move,
            Moment.SHOOT: self._shoot,
            Moment.CHARGE: self._charge,
            Moment.CHARGE_MOVE: self._charge_move,
            Moment.FIGHT: lambda g: [partial(FightCombat, p, u) for u in opt.unfought(g)],
        }
        make = build.get(m)
        return make(game) if make is not None else []

    @staticmethod
    def _bind(fn: Callable[[Game, Unit], Action | None], game: Game, unit: Unit) -> Proposal:
        return partial(fn, game, unit)

    # -- the pre-game ------------------------------------------------------------------------------------------

    def _reserves(self, game: Game) -> list[Proposal]:
        p, s = self.player, game.state
        out: list[Proposal] = []
        units = [u for u in opt.hosts(game, p, Location.UNDEPLOYED) if not opt.is_building(u)]
        for u in units:
            if u.dedicated_transport_for is None:
                out.append(partial(DeclareReserves, p, u.id))
                out.append(partial(DeclareReserves, p, u.id, ReserveMode.FLANKING_ASSAULT))
            if infiltrate_rule.can_infiltrate(u):
                out.append(partial(HoldToInfiltrate, p, u.id))
            if u.any_model_has("Independent Character") and not s.characters_joined_to(u.id):
                for other in units:
                    if other.id != u.id and s.units[other.id].joined_to is None:
                        out.append(partial(JoinUnit, p, u.id, other.id))
        return out

    def _deploy(self, game: Game) -> list[Proposal]:
        p = self.player
        out: list[Proposal] = []
        for u in opt.to_deploy(game, p):
            out.append(self._bind(self.deploy, game, u))
            for carrier in opt.transports_for(game, u):
                out.append(partial(Deploy, p, u.id, (), carrier))
            if infiltrate_rule.can_infiltrate(u):
                out.append(partial(HoldToInfiltrate, p, u.id))
        return out

    def deploy(self, game: Game, unit: Unit) -> Action | None:
        """Deploy ``unit`` around a point drawn from its deployment region."""
        shape = pr.shape_of(game, party(game.state, unit.id))
        region = pr.deploy_region(game, unit, shape)
        anchor = ps.sample_point(region, self.rng)
        if anchor is None:
            return None
        where = pr.place(game, shape, region, anchor, pr.enemy_centre(game, self.player))
        return Deploy(self.player, unit.id, where) if where else None

    def _infiltrate(self, game: Game) -> list[Proposal]:
        p, s = self.player, game.state
        out: list[Proposal] = []
        for u in opt.held(game, p):
            if s.units[u.id].embarked_in is None:
                out.append(self._bind(self.infiltrate, game, u))
                for b in s.battlefield.buildings:
                    out.append(partial(Infiltrate, p, u.id, (), b.name))
        return out

    def infiltrate(self, game: Game, unit: Unit) -> Action | None:
        """Place a held-back unit around a point drawn from its hidden or plain-sight region."""
        shape = pr.shape_of(game, party(game.state, unit.id))
        areas = pr.infiltrate_areas(game, unit, shape)  # plain sight cleared only when it is drawn
        hidden = next(areas)
        region = hidden if self.rng.random() < 0.5 and not hidden.is_empty else next(areas)
        anchor = ps.sample_point(region, self.rng)
        if anchor is None:
            return None
        where = pr.place(game, shape, region, anchor, pr.enemy_centre(game, self.player))
        return Infiltrate(self.player, unit.id, where) if where else None

    def scout(self, game: Game, unit: Unit) -> Action | None:
        """A Scout redeployment: the whole unit moved by a displacement drawn from the disc of its Scout move."""
        from strategium.rules.seed.scout_step import max_move

        units = party(game.state, unit.id)
        poses = {mid: pose for u in units for mid, pose in game.state.units[u.id].poses.items()}
        dx, dy = self._displacement(max_move(units) - 0.01)
        return ScoutRedeploy(self.player, unit.id, ps.translated(poses, dx, dy))

    # -- the Movement phase --------------------------------------------------------------------------------------

    def _arrive(self, game: Game) -> list[Proposal]:
        p = self.player
        out: list[Proposal] = [self._bind(self.arrive, game, u) for u in opt.arrivals(game, p)]
        out += [self._bind(self.disembark, game, u) for u in opt.embarked(game, p)]
        return out

    def arrive(self, game: Game, unit: Unit) -> Action | None:
        """Bring a unit on from Reserves at a point drawn from the strip it can reach from its edge."""
        s = game.state
        run = bool(s.config.reserves.arrivals_may_run) and self.rng.random() < 0.5
        edge = entry_edge(game, self.player) if s.units[unit.id].reserve_mode is ReserveMode.FLANKING_ASSAULT else None
        if edge is None:
            edge = own_edges(s, self.player)[0]
        shape = pr.shape_of(game, party(s, unit.id))
        region = pr.arrival_region(game, unit, shape, edge, run)
        anchor = ps.sample_point(region, self.rng)
        if anchor is None:
            return None
        where = pr.place(game, shape, region, anchor, pr.enemy_centre(game, self.player))
        return Arrive(self.player, unit.id, where, edge=Edge(edge).value, run=run) if where else None

    def disembark(self, game: Game, unit: Unit) -> Action | None:
        """Disembark around a point drawn from the area within reach of the Transport."""
        shape = pr.shape_of(game, party(game.state, unit.id))
        region = pr.disembark_region(game, unit, shape)
        anchor = ps.sample_point(region, self.rng)
        if anchor is None:
            return None
        where = pr.place(game, shape, region, anchor, pr.enemy_centre(game, self.player))
        return Disembark(self.player, unit.id, where) if where else None

    def _move(self, game: Game) -> list[Proposal]:
        p = self.player
        out: list[Proposal] = []
        for u in opt.movers(game, p):
            out.append(partial(self.move, game, u, False))
            out.append(partial(self.move, game, u, True))
            for carrier in opt.transports_for(game, u):
                out.append(partial(Embark, p, u.id, carrier))
        out += [self._bind(self.disembark, game, u) for u in opt.embarked(game, p)]
        return out

    def move(self, game: Game, unit: Unit, run: bool) -> Action | None:
        """Move (or Run) the whole unit by a displacement drawn from the disc of its allowance."""
        units = party(game.state, unit.id)
        reach = pr.allowance(game, units, run) - 0.01
        if reach <= 0:
            return None
        poses = {mid: pose for u in units for mid, pose in game.state.units[u.id].poses.items()}
        dx, dy = self._displacement(reach)
        where = ps.translated(poses, dx, dy)
        return Run(self.player, unit.id, where) if run else Move(self.player, unit.id, where)

    def _displacement(self, reach: float) -> tuple[float, float]:
        r = reach * math.sqrt(float(self.rng.random()))
        a = float(self.rng.uniform(0.0, 2 * math.pi))
        return r * math.cos(a), r * math.sin(a)

    # -- Shooting and Assault ------------------------------------------------------------------------------------

    def _shoot(self, game: Game) -> list[Proposal]:
        p = self.player
        foes = opt.enemies(game, p)
        return [partial(Shoot, p, u.id, t.id) for u in opt.shooters(game, p) for t in foes]

    def _charge(self, game: Game) -> list[Proposal]:
        p, s = self.player, game.state
        reach = s.config.charge.max_distance
        out: list[Proposal] = []
        chargers = opt.chargers(game, p)
        if not chargers:
            return out
        foes = [(t.id, [f for _, _, f in charges.feet(game, t.id)]) for t in opt.enemies(game, p)]
        foes = [(t, theirs) for t, theirs in foes if theirs]
        groups = Groups([theirs for _, theirs in foes])
        for u in chargers:
            mine = [f for _, _, f in charges.feet(game, u.id)]
            if not mine:
                continue
            for (t, _), gap in zip(foes, groups.min_distances(Feet(mine)), strict=True):
                if gap <= reach:
                    out.append(partial(DeclareCharge, p, u.id, (t,)))
        return out

    def _charge_move(self, game: Game) -> list[Proposal]:
        uid = opt.charge_awaiting_move(game)
        assert uid is not None
        return [partial(charge_move, game, self.player, uid, self.verdicts.check)]


def _same(action: Action) -> Action:
    return action


def charge_move(game: Game, player: PlayerId, unit_id: str, check: Check = Game.check) -> Action | None:
    """The first legal of: the greedy Charge Move, the whole unit moved into contact, a Surge Move (after a failed
    roll). None when none is legal (the step may then be ended: the Charge fails where it stands). ``check``: how
    proposals are checked (``Game.check``, or a player's :class:`~strategium.agents.verdicts.Verdicts`)."""
    record = charges.charge_of(game, unit_id)
    if record is None:
        return None
    from strategium.engine.core.board import ChargeStage

    # each proposal is made only when the ones before it are not legal (they read the state alone: the same poses)
    candidates: tuple[Callable[[], Placement], ...]
    if record.stage is ChargeStage.SURGE_MOVE:
        distance = charges.surge_distance(record)
        candidates = (
            lambda: pr.surge_positions(game, unit_id, distance),
            lambda: pr.surge_positions(game, unit_id, 0.0),
        )
    else:
        candidates = (
            lambda: charge_spots.charge_positions(game, unit_id),
            lambda: pr.translation_to_contact(game, unit_id),
        )
    for make in candidates:
        where = make()
        if where:
            action = ChargeMove(player, unit_id, where)
            if check(game, action):
                return action
    return None
