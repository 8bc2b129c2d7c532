"""Consolidation: a unit whose enemies in a combat are all gone may make one short move at the end of the Assault
phase (CORE_B §5.6; Age of Darkness rulebook, Assault phase, page not read; Hit & Run, p.240, says the enemies
it leaves behind consolidate by their Initiative).

``Consolidate(player, unit_id, positions)`` gives a pose (inches) to every living model of the unit and of the
Independent Characters joined to it.

**Who may consolidate** (:func:`why_not`): a unit on the table that fought in a combat this Player Turn
(:func:`strategium.engine.assault.charges.track`'s ``fought``), is no longer locked in combat, is not Falling Back, and
whose enemies in that combat are all gone (destroyed, off the table or Falling Back). A unit that lost and Fell
Back does not consolidate; a combat that ended in a draw leaves both sides locked. Each unit consolidates at most
once (a :class:`UnitConsolidated` event in this step's log says it has).

**When**: in the Resolution sub-phase, after every combat has been resolved (:mod:`strategium.engine.assault.resolution`
runs first: this module imports it, so its step hook is registered first). CORE_B ties the move to the unit
whose enemies are gone, not to the active player (the Hit & Run text has either side's units consolidate), so
**both sides' units may consolidate**: the reactive player goes first, through a :class:`~strategium.engine.
choices.BattleChoice` of topic :data:`TOPIC` (options: :data:`DONE`). While it is pending the reactive player
gives ``Consolidate`` actions for its own units and answers :data:`DONE` when finished (the choice also ends
by itself once none of its units may consolidate any more). Then the active player consolidates its units in
its own decision and ends the step with ``EndStep``. Moves are not forced: a unit that does not consolidate
stays where it is.

**The move** (every refusal names its rule, or the configuration value it rests on):

- Each model moves at most its **allowance**, measured as the straight displacement of its centre
  (``fight.consolidate_distance``): its Initiative now (:func:`strategium.engine.questions.profiles_now.current`; a
  model
  without an Initiative, such as a vehicle, cannot move), or one D6 rolled for the unit when the step begins
  (logged as a :class:`ConsolidationDistance`, the same roll for every model of it).
- No path may cross Impassable Terrain or a Building, nor pass through a model of another unit; every model ends
  wholly on the table, off Impassable Terrain and Buildings, overlapping no model
  (:func:`strategium.engine.table.table_checks.standing_room`), and the unit ends in coherency.
- **No new combat**: only a Charge brings a unit into combat, so no model may end (nor, with
  ``movement.enemy_distance_during_move``, pass) within ``movement.enemy_distance`` (1") of an enemy model: the
  1" rule of CORE_A §5.1 ("except by Charging"), reused from :func:`strategium.engine.movement.move.enemy_problems`.
- Difficult and Dangerous Terrain neither slow a Consolidation move nor test it: their effect on it was not read
  (CORE_B §5.6 says nothing of terrain here).

A :class:`UnitConsolidated` event is logged with the longest distance moved.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from strategium.army.army import Model, Unit
from strategium.catalogue.citations import Reason
from strategium.combat.sources import configured, core
from strategium.engine.assault.charges import engaged_with, track
from strategium.engine.assault.fighter import initiative_now
from strategium.engine.assault.resolution import RESOLUTION
from strategium.engine.core.actions import Action, Verdict
from strategium.engine.core.board import Location, Placement
from strategium.engine.core.decisions import DecisionKind
from strategium.engine.core.effects import EffectKind
from strategium.engine.core.events import Event, StepStarted
from strategium.engine.core.handlers import handles
from strategium.engine.core.hooks import on_step
from strategium.engine.core.timing import Phase, PlayerId, SubPhase, opponent
from strategium.engine.movement.common import Leg, living, other_footprints, overlaps_area, party, positions_problem
from strategium.engine.movement.move import enemy_problems, legs
from strategium.engine.questions import choices
from strategium.engine.questions.choices import BattleChoice
from strategium.engine.table import broad_phase, table_checks
from strategium.engine.table.placement import footprint
from strategium.geometry.index import FootprintIndex
from strategium.geometry.measure import EPSILON, Footprint

if TYPE_CHECKING:
    from strategium.engine.core.game import Game

CONSOLIDATE = "Consolidate"
TOPIC = "Consolidation"
DONE = "done consolidating"
SETTING = "fight.consolidate_distance"
NO_NEW_COMBAT = core(
    CONSOLIDATE, 'it may not move into a new combat: only a Charge ends a move within 1" of an enemy (CORE_A §5.1)'
)
"""Why a Consolidation move may not end near an enemy (the 1\" rule's exception is Charging only)."""


# -- actions and events ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Consolidate(Action):
    """Consolidate ``unit_id``: every living model of it and of its joined characters to its pose in ``positions``
    (inches)."""

    unit_id: str
    positions: Placement

    def text(self) -> str:
        where = ", ".join(f"{m}@{p}" for m, p in self.positions)
        return f"P{self.player} consolidate {self.unit_id}: {where}"


@dataclass(frozen=True)
class ConsolidationDistance(Event):
    """With ``fight.consolidate_distance`` = d6: the D6 rolled for a unit that may consolidate (inches)."""

    unit_id: str
    unit_name: str
    inches: int
    why: tuple[Reason, ...] = ()

    def text(self) -> str:
        return f'{self.unit_name} may consolidate up to {self.inches}"'

    @property
    def reasons(self) -> tuple[Reason, ...]:
        return self.why


@dataclass(frozen=True)
class UnitConsolidated(Event):
    """A unit made its Consolidation move; ``longest`` is the farthest one of its models moved (inches)."""

    player: PlayerId
    unit_id: str
    unit_name: str
    longest: float
    why: tuple[Reason, ...] = ()

    def text(self) -> str:
        return f'P{self.player} {self.unit_name} consolidates (up to {self.longest:.2f}")'

    @property
    def reasons(self) -> tuple[Reason, ...]:
        return self.why


# -- who may consolidate ------------------------------------------------------------------------------------------


def _step_events(game: Game) -> list[Event]:
    """The events logged since the current step began (newest first)."""
    out: list[Event] = []
    for event in reversed(game.state.events):
        if isinstance(event, StepStarted):
            break
        out.append(event)
    return out


def _in_resolution(game: Game) -> bool:
    c = game.state.clock
    return c.phase is Phase.ASSAULT and c.sub_phase is SubPhase.RESOLUTION


def has_consolidated(game: Game, unit_id: str) -> bool:
    """The unit has made its Consolidation move in this Resolution sub-phase."""
    return _in_resolution(game) and any(
        isinstance(e, UnitConsolidated) and e.unit_id == unit_id for e in _step_events(game)
    )


def _falling_back(game: Game, unit_id: str) -> bool:
    return bool(game.effects_on(unit_id, EffectKind.FALLING_BACK))


def _gone(game: Game, unit_id: str) -> bool:
    """An enemy that no longer holds the unit in combat: off the table (destroyed...) or Falling Back."""
    return game.state.units[unit_id].location is not Location.TABLE or _falling_back(game, unit_id)


def why_not(game: Game, unit_id: str) -> Reason | None:
    """Why ``unit_id`` (a unit not joined to another) may not consolidate now, or None if it may (see the module
    docstring)."""
    s = game.state
    status = s.units[unit_id]
    name = s.unit(unit_id).name
    if status.location is not Location.TABLE or not status.poses:
        return core(CONSOLIDATE, f"{name} is {status.location.value}")
    combat = next((c for c in track(game).fought if unit_id in c), None)
    if combat is None:
        return core(CONSOLIDATE, f"{name} did not fight in a combat this turn")
    if engaged_with(game, unit_id):
        return core(CONSOLIDATE, f"{name} is still locked in combat")
    if _falling_back(game, unit_id):
        return core(CONSOLIDATE, f"{name} is Falling Back")
    owner = s.owner(unit_id)
    if not all(_gone(game, u) for u in combat if s.owner(u) != owner):
        return core(CONSOLIDATE, f"the enemies of {name} in its combat are not all gone")
    if has_consolidated(game, unit_id):
        return core(CONSOLIDATE, f"{name} has already consolidated (once per unit)")
    return None


def eligible(game: Game, player: PlayerId) -> list[str]:
    """The player's units (not joined characters) that may consolidate now, in army-list order."""
    if not _in_resolution(game):
        return []
    s = game.state
    return [
        u.id
        for u in s.units_of(player, Location.TABLE)
        if s.units[u.id].joined_to is None and why_not(game, u.id) is None
    ]


def rolled_distance(game: Game, unit_id: str) -> int | None:
    """The D6 rolled for the unit's Consolidation this step (``fight.consolidate_distance`` = d6), or None."""
    return next(
        (e.inches for e in _step_events(game) if isinstance(e, ConsolidationDistance) and e.unit_id == unit_id),
        None,
    )


def allowance(game: Game, host_id: str, unit_id: str, model: Model) -> float:
    """How far (inches) the model of ``unit_id`` may consolidate with the unit ``host_id``: its Initiative now, or
    the D6 rolled for ``host_id`` (``fight.consolidate_distance``); 0 for a model without an Initiative."""
    if game.state.config.fight.consolidate_distance == "d6":
        return float(rolled_distance(game, host_id) or 0)
    initiative = initiative_now(game, unit_id, model)[0]  # Sudden Strike's bonus included (Liber p.124)
    return float(initiative or 0)


def _allowance_reason(game: Game, host_id: str) -> Reason:
    config = game.state.config
    if config.fight.consolidate_distance == "d6":
        return configured(config, SETTING, f'each model up to the D6 rolled: {rolled_distance(game, host_id) or 0}"')
    return configured(config, SETTING, "each model up to its Initiative in inches")


# -- the check ------------------------------------------------------------------------------------------------------


def _no(*reasons: Reason) -> Verdict:
    return Verdict(False, tuple(reasons))


def _turn_problem(game: Game, player: PlayerId) -> Reason | None:
    """Consolidation happens in the Resolution sub-phase: the reactive player's while its choice is pending, the
    active player's in its own decision."""
    if not _in_resolution(game):
        return core(CONSOLIDATE, f"Consolidation moves are made in the Resolution sub-phase (now: {game.state.clock})")
    pending = game.state.pending
    if player != game.state.clock.active_player:
        if isinstance(pending, BattleChoice) and pending.topic == TOPIC and pending.player == player:
            return None
        return core(CONSOLIDATE, "the reactive player consolidates when the Resolution sub-phase offers it")
    if pending is None or pending.kind is not DecisionKind.ACT or isinstance(pending, BattleChoice):
        return core(CONSOLIDATE, "a choice is pending")
    return None


def _path_problems(game: Game, units: list[Unit], moves: list[Leg]) -> list[Reason]:
    """Allowance, and no path through Impassable Terrain, Buildings or models of other units."""
    s = game.state
    reasons: list[Reason] = []
    walls = [t for t in s.battlefield.terrain if t.is_impassable] + list(s.battlefield.buildings)
    boxes = [broad_phase.geometry_box(w.footprint) for w in walls]
    moving = frozenset(u.id for u in units)
    others = game.cached(("consolidation.others", moving), lambda: FootprintIndex(other_footprints(s, set(moving))))
    host = units[0].id
    for g in moves:
        limit = allowance(game, host, g.unit_id, g.model)
        if g.length > limit + EPSILON:
            text = f'{g.model.id} may consolidate at most {limit:g}" (it moved {g.length:.2f}")'
            reasons.append(configured(s.config, SETTING, text))
        path = broad_phase.geometry_box(g.path)
        for piece, box in zip(walls, boxes, strict=True):
            if broad_phase.meet(path, box) and overlaps_area(g.path, piece.footprint):  # far apart: no area shared
                reasons.append(core("Impassable Terrain", f"{g.model.id}'s path crosses {piece.name}", 222))
        for other_id, fp in others.near(g.path):
            if table_checks.overlaps(Footprint(g.path), fp) and not table_checks.overlaps(g.before, fp):
                reasons.append(core(CONSOLIDATE, f"{g.model.id} may not move through {other_id}"))
                break
    return reasons


def check_consolidate(game: Game, action: Consolidate) -> Verdict:
    """Whether ``action`` is a legal Consolidation move now (every refusal cites its rule or setting)."""
    s = game.state
    problem = _turn_problem(game, action.player)
    if problem is not None:
        return _no(problem)
    status = s.units.get(action.unit_id)
    if status is None or status.player != action.player:
        return _no(core(CONSOLIDATE, f"{action.unit_id!r} is not one of your units"))
    if status.joined_to is not None:
        return _no(core("Independent Character", f"a joined character consolidates with {status.joined_to}", 241))
    problem = why_not(game, action.unit_id)
    if problem is not None:
        return _no(problem)
    units = party(s, action.unit_id)
    problem = positions_problem(s, units, action.positions)
    if problem is not None:
        return _no(problem)
    moves = legs(game, units, action.positions)
    where = dict(action.positions)
    placed = [(m, footprint(m, where[m.id])) for _, m in living(s, units)]
    reasons = _path_problems(game, units, moves)
    reasons += table_checks.standing_room(s, placed, {u.id for u in units})
    reasons += table_checks.coherency(s, units, placed)
    close = enemy_problems(game, action.player, moves)
    if close:
        reasons += [NO_NEW_COMBAT, *close]
    if reasons:
        return _no(*reasons)
    return Verdict(
        True, (core(CONSOLIDATE, "its enemies in the combat are gone"), _allowance_reason(game, units[0].id))
    )


def apply_consolidate(game: Game, action: Consolidate) -> None:
    """Move the models, log :class:`UnitConsolidated`; the reactive player's choice ends once it has no unit left
    to consolidate."""
    s = game.state
    verdict = game.handler_verdict(action)  # kept from the check apply has just made
    units = party(s, action.unit_id)
    moves = legs(game, units, action.positions)
    where = dict(action.positions)
    for u in units:
        s.units[u.id].poses = {m.id: where[m.id] for _, m in living(s, [u])}
    longest = max((g.length for g in moves), default=0.0)
    game.emit(UnitConsolidated(action.player, action.unit_id, s.unit(action.unit_id).name, longest, verdict.reasons))
    pending = s.pending
    if isinstance(pending, BattleChoice) and pending.topic == TOPIC and not eligible(game, pending.player):
        s.pending = pending.resume


# -- the step ---------------------------------------------------------------------------------------------------------


@on_step(Phase.ASSAULT, SubPhase.RESOLUTION)
def offer(game: Game) -> None:
    """After every combat is resolved: roll the D6 distances (if configured), then offer the reactive player its
    Consolidation moves."""
    s = game.state
    active = s.clock.active_player
    if s.config.fight.consolidate_distance == "d6":
        for player in (active, opponent(active)):
            for uid in eligible(game, player):
                roll = game.logged(s.dice.d6(f"{CONSOLIDATE} distance", who=uid))
                rolled = (configured(s.config, SETTING, "one D6 for the unit"),)
                game.log(ConsolidationDistance(uid, s.unit(uid).name, roll.total, rolled))
    reactive = opponent(active)
    mine = eligible(game, reactive)
    if not mine:
        return
    names = ", ".join(s.unit(u).name for u in mine)
    prompt = f"{RESOLUTION}: consolidate {names}, then answer '{DONE}'"
    why = core(CONSOLIDATE, "a unit whose enemies in the combat are gone may consolidate, on either side")
    choices.ask(game, reactive, TOPIC, mine[0], prompt, (DONE,), why)


@choices.answers(TOPIC)
def _done(game: Game, choice: BattleChoice, option: str) -> None:
    """The reactive player has finished its Consolidation moves (the interrupted decision is pending again)."""


def awaiting(game: Game, player: PlayerId) -> list[str]:
    """The units ``player`` may consolidate at this decision (empty when the pending decision is not one where it
    may): players read this to offer Consolidation moves."""
    pending = game.state.pending
    if pending is None or pending.player != player or _turn_problem(game, player) is not None:
        return []
    return eligible(game, player)


handles(Consolidate, check_consolidate, apply_consolidate)

__all__ = ["Consolidate", "ConsolidationDistance", "UnitConsolidated", "awaiting", "eligible", "why_not"]
