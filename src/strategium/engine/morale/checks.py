"""The tests a Shooting Attack causes, Morale checks, Fall Back and Regroup (CORE_B §1.10, §6).

After each Shooting Attack is resolved (and any choice about it answered, e.g. STU-1), the target unit takes:

- a **Pinning test** if it suffered an unsaved Wound from a Pinning weapon (p.244; Shell Shock (X) takes X off its
  Leadership, p.246), through :func:`strategium.engine.morale.leadership.pinning_test`;
- a **Blind** test if a Blind weapon hit it (p.236): an Initiative test, a D6 at most the unit's highest
  Initiative (7th-edition mechanic, CORE_B §6.1); failing makes it Blind (WS1, BS1) until the end of its
  controller's next turn. Models without Initiative (vehicles) are immune;
- a **Concussive (X)** Leadership test if it suffered a Wound, saved or not (p.236): failing costs X Weapon Skill
  until the end of the turn (the following Assault phase is the last phase of this Player Turn);
- a **Morale check** once its losses to shooting this phase reach ``shooting.morale_casualty_fraction`` of the
  models it had at the start of the phase (``shooting.morale_casualty_base``). HH2's timing was not read: 7th
  edition took the check at the end of the phase; here it is taken as soon as the attack that reaches the share
  is resolved, at most once per unit per phase (the same checks, in a different order of rolls).

Blind and Concussive tests (p.236) are taken once per unit however many such attacks struck it (a failed
Concussive test costs the largest X among them): Blind at the end of the phase the attacks were made in, Concussive
at the end of the Shooting phase (as the next step begins: :func:`end_of_movement_tests`,
:func:`end_of_phase_tests`); a Reaction's Shooting Attack in the Assault phase takes them at once. Close combat's
are taken at the end of the combat (:func:`status_tests` from :mod:`strategium.engine.assault.fight`).

A failed Morale check makes the unit **Fall Back** (:func:`fall_back`): 2D6 inches (3D6 if every model is
Cavalry) straight toward its own battlefield edge (the edge of its deployment zone; terrain and other models are
not avoided yet). A unit whose model would leave the table is destroyed (``morale.fall_back_off_table_destroyed``).
Falling Back is a forced move: ``game.trigger(unit, EndTrigger.FORCED_TO_MOVE)`` ends Pinned and Stupefied
(STU-9). At the start of its controller's Movement phase a Falling Back unit tests to **Regroup** (p.193): a
Leadership test; passing ends Falling Back, failing makes it Fall Back again; a Militia unit below half its
starting models cannot Regroup (Legacies: Imperialis Militia p.5).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from shapely.geometry import Point
from shapely.geometry.base import BaseGeometry
from shapely.ops import nearest_points, unary_union

from strategium.army.army import Model
from strategium.catalogue.citations import Reason
from strategium.catalogue.definitions import Book
from strategium.catalogue.registry import RuleRef, find_rule
from strategium.combat.sources import configured, core
from strategium.engine.attacks import damage
from strategium.engine.core.board import Location
from strategium.engine.core.effects import Duration, EffectKind, EndTrigger
from strategium.engine.core.events import EffectEnded, Event, Ruling, StepStarted
from strategium.engine.core.hooks import on_step
from strategium.engine.core.state import log_cuts
from strategium.engine.core.timing import Clock, Phase, SubPhase
from strategium.engine.morale.fall_back_paths import (
    blocked_before_edge,
    fall_back_poses,
    leaves_table,
    obstacles_of,
    paths_box,
)
from strategium.engine.morale.leadership import (
    LeadershipTest,
    is_fearless,
    leadership_roll,
    leadership_test,
    pinning_test,
    status_in_force,
)
from strategium.engine.morale.regrouped import Regrouped
from strategium.engine.questions import combat_lock
from strategium.engine.questions.profiles_now import Modifier, effect_modifier_source
from strategium.engine.questions.queries import Block, Query, ask, blocker
from strategium.geometry.table import Edge, Table
from strategium.model.unit_types import SubType, UnitType

if TYPE_CHECKING:
    from strategium.engine.core.game import Game
    from strategium.engine.shooting.declare import ShootingAttackResolved

MORALE = "Morale checks"
FALL_BACK = "Fall Back"
REGROUP_PAGE = 193


@dataclass(frozen=True)
class MoraleCheckTaken(Event):
    """A unit took a Morale check (``why`` says what caused it) and passed or failed it."""

    unit_id: str
    unit_name: str
    cause: str
    passed: bool
    why: tuple[Reason, ...] = ()
    detail: str = ""
    """The roll against the Leadership in words (``"4 against Ld 5"``); empty when no roll was made."""

    def text(self) -> str:
        result = "passed" if self.passed else "failed"
        return f"{self.unit_name}: Morale check ({self.cause}) {result}" + (f" ({self.detail})" if self.detail else "")

    @property
    def reasons(self) -> tuple[Reason, ...]:
        return self.why


@dataclass(frozen=True)
class FellBack(Event):
    """A unit Fell Back ``inches`` toward its own edge (``destroyed``: it left the table)."""

    unit_id: str
    unit_name: str
    inches: int
    destroyed: bool
    why: tuple[Reason, ...] = ()

    def text(self) -> str:
        end = ": it leaves the battlefield and is destroyed" if self.destroyed else ""
        return f'{self.unit_name} Falls Back {self.inches}" toward its own edge{end}'

    @property
    def reasons(self) -> tuple[Reason, ...]:
        return self.why


# -- who takes Morale checks ----------------------------------------------------------------------------------


@blocker(Query.TAKES_MORALE_CHECKS)
def _vehicles_and_fortifications(game: Game, unit_id: str) -> Block | None:
    models = [m for _, m in damage.living(game, unit_id)] or list(game.state.unit(unit_id).models)
    if all(m.profile.has_armour_values or m.profile.unit_type.unit_type is UnitType.FORTIFICATION for m in models):
        return Block("no-leadership", core(MORALE, "Vehicles and Fortifications take no Morale checks"))
    return None


def morale_check(game: Game, unit_id: str, cause: str) -> bool:
    """A Morale check (a Leadership test, CORE_B §6.1); Fearless passes (p.238); a failure makes the unit Fall
    Back. Returns True if it passed or was not taken."""
    unit = game.state.unit(unit_id)
    answer = ask(game, Query.TAKES_MORALE_CHECKS, unit_id)
    if not answer:
        game.log(Ruling(f"{unit.name} takes no Morale check ({cause})", answer.reasons))
        return True
    if is_fearless(game, unit_id):
        why = (Reason.of("Fearless", "passes Morale checks automatically"),)
        game.log(MoraleCheckTaken(unit_id, unit.name, cause, True, why))
        return True
    roll = leadership_roll(game, unit_id, f"Morale check ({cause})", test=LeadershipTest.MORALE_CHECK)
    tested = (core(MORALE, f"2D6 against Leadership: {cause}"), *roll.why)
    game.log(MoraleCheckTaken(unit_id, unit.name, cause, roll.passed, tested, roll.detail))
    if not roll.passed:
        fall_back(game, unit_id, core(MORALE, "a unit that fails a Morale check Falls Back"))
    return roll.passed


# -- after a Shooting Attack ------------------------------------------------------------------------------------


def _phase_events(game: Game) -> list[Event]:
    """The events of the current phase (since its StepStarted)."""
    events = game.state.events
    start = _phase_start(events, game.state.clock)
    return events[start + 1 :] if start >= 0 else []


def _phase_start(events: list[Event], c: Clock) -> int:
    """The index of the last StepStarted in ``events`` of the turn and phase of ``c``, or -1 if there is none.

    Kept for the last log asked about: while it is the same list, has only grown (``state.log_cuts``) and the
    turn and phase are the same, only the entries appended since are searched (the last match among them, else
    the one found before)."""
    n, cuts, turn, phase = len(events), log_cuts(), c.turn_index, c.phase
    kept = _PHASE_KEPT[0] if _PHASE_KEPT else None
    lo, found = 0, -1
    if kept is not None and kept[0] is events and kept[1] == cuts and kept[2] <= n and kept[4] == (turn, phase):
        lo, found = kept[2], kept[3]
    for i in range(n - 1, lo - 1, -1):
        e = events[i]
        if isinstance(e, StepStarted) and e.clock.turn_index == turn and e.clock.phase is phase:
            found = i
            break
    _PHASE_KEPT[:] = [(events, cuts, n, found, (turn, phase))]
    return found


_PHASE_KEPT: list[tuple[list[Event], int, int, int, tuple[int, Phase]]] = []
"""The last answer of :func:`_phase_start`: (the log, held so that its identity is never reused; ``log_cuts()``
then; its length then; the index found; the turn index and phase)."""


def shooting_losses(game: Game, unit_id: str) -> tuple[int, int]:
    """(models lost to shooting this phase, models the share is taken of) for ``unit_id``."""
    from strategium.engine.shooting.declare import ShootingAttackResolved

    lost = sum(
        e.casualties
        for e in _phase_events(game)
        if isinstance(e, ShootingAttackResolved) and e.target_id == unit_id and e.morale
    )
    if game.state.config.shooting.morale_casualty_base == "game_start":
        base = sum(len(game.state.unit(uid).models) for uid in damage.members(game, unit_id))
    else:
        base = len(damage.living(game, unit_id)) + lost
    return lost, base


def after_attack(game: Game, event: ShootingAttackResolved) -> None:
    """The tests a resolved Shooting Attack causes its target (see the module docstring)."""
    uid = event.target_id
    if game.state.units[uid].location is not Location.TABLE:
        return
    if event.pinning is not None and not damage.is_vehicle_target(game, uid):
        pinning_test(game, uid, f"Pinning weapon of {event.unit_name}", event.pinning)
    if game.state.clock.phase is Phase.ASSAULT:  # a Reaction's fire in the Assault phase: its tests at once
        blind, concussive = _struck(game, [event])
        status_tests(game, tuple(blind), concussive)
    if not event.morale or game.state.units[uid].location is not Location.TABLE:
        return
    lost, base = shooting_losses(game, uid)
    config = game.state.config
    share = config.shooting.morale_casualty_fraction
    if lost == 0 or lost < share * base:
        return
    if any(isinstance(e, MoraleCheckTaken) and e.unit_id == uid and e.cause == SHOOTING for e in _phase_events(game)):
        return
    game.log(
        Ruling(
            f"{game.state.unit(uid).name} lost {lost} of {base} models to shooting this phase",
            (configured(config, "shooting.morale_casualty_fraction", f"a Morale check at {share:.0%} losses"),),
        )
    )
    morale_check(game, uid, SHOOTING)


SHOOTING = "casualties from shooting"


def _turn_events_since(game: Game, phase: Phase) -> list[Event]:
    """The events of the Player Turn in progress (or, at the start of a turn, the one that just ended) from the start
    of its ``phase`` up to the step just begun."""
    events = game.state.events
    i = len(events) - 1
    while i >= 0 and not isinstance(events[i], StepStarted):
        i -= 1
    out: list[Event] = []
    turn: int | None = None
    for e in reversed(events[:i]):
        if isinstance(e, StepStarted):
            c = e.clock
            turn = c.turn_index if turn is None else turn
            if c.turn_index != turn or PHASES.index(c.phase) < PHASES.index(phase):
                break
        out.append(e)
    out.reverse()
    return out


PHASES = (Phase.PRE_GAME, Phase.MOVEMENT, Phase.SHOOTING, Phase.ASSAULT, Phase.GAME_OVER)


def _struck(game: Game, events: list[Event]) -> tuple[dict[str, None], dict[str, int]]:
    """The units the Shooting Attacks among ``events`` hit with a Blind weapon (a unit hitting itself passes, p.236)
    and those they wounded with a Concussive one (the largest X)."""
    from strategium.engine.shooting.declare import ShootingAttackResolved

    blind: dict[str, None] = {}
    concussive: dict[str, int] = {}
    for e in events:
        if not isinstance(e, ShootingAttackResolved):
            continue
        struck = ((e.target_id, e.blind, e.concussive), *e.others)
        for uid, was_blind, x in struck:
            if was_blind and uid in damage.members(game, e.unit_id):
                game.log(Ruling(f"{e.unit_name} hit itself with a Blind weapon", (Reason.of("Blind", "it passes"),)))
            elif was_blind:
                blind[uid] = None
            if x is not None:
                concussive[uid] = max(concussive.get(uid, 0), x)
    return blind, concussive


@on_step(Phase.SHOOTING, SubPhase.NONE)
def end_of_movement_tests(game: Game) -> None:
    """At the end of the Movement phase: the Blind tests of its Shooting Attacks (Reactions such as Interceptor);
    their Concussive tests wait for the end of the Shooting phase (p.236)."""
    if game.state.clock.phase is not Phase.SHOOTING:
        return
    blind, _ = _struck(game, _turn_events_since(game, Phase.MOVEMENT))
    status_tests(game, tuple(blind), {})


@on_step(Phase.ASSAULT, SubPhase.CHARGE)
def end_of_phase_tests(game: Game) -> None:
    """At the end of the Shooting phase (p.236): one Blind test per unit a Blind weapon hit in it, and one
    Concussive test per unit a Concussive weapon wounded (saved or not) in this turn's Movement or Shooting phase,
    at the largest X among those weapons."""
    blind, _ = _struck(game, _turn_events_since(game, Phase.SHOOTING))
    _, concussive = _struck(game, _turn_events_since(game, Phase.MOVEMENT))
    status_tests(game, tuple(blind), concussive)


def status_tests(game: Game, blind: tuple[str, ...], concussive: dict[str, int], *, melee: bool = False) -> None:
    """The Blind tests of the units ``blind`` and the Concussive tests of ``concussive`` (unit id -> largest X) on
    the table: at the end of a phase, or of a combat (``melee``: its Concussed lasts to the end of the next Player
    Turn's Assault phase)."""
    for uid in blind:
        if uid in game.state.units and game.state.units[uid].location is Location.TABLE:
            blind_test(game, uid)
    for uid, x in concussive.items():
        if uid in game.state.units and game.state.units[uid].location is Location.TABLE:
            concussive_test(game, uid, x, melee=melee)


def blind_test(game: Game, unit_id: str) -> bool:
    """The Blind test (p.236): D6 at most the highest Initiative passes; failing makes the unit Blind until the
    end of its controller's next turn. Returns True if it is not Blinded."""
    from strategium.engine.assault.fighter import initiative_now  # (the Assault engine imports this module)

    unit = game.state.unit(unit_id)
    # its Initiative now, Sudden Strike's bonus (Liber p.124) included in the Assault phase of its Charge
    initiative = [initiative_now(game, unit_id, m)[0] for _, m in damage.living(game, unit_id)]
    values = [i for i in initiative if i is not None]
    if not values:
        game.log(Ruling(f"{unit.name} has no Initiative: not Blinded", (Reason.of("Blind", "immune"),)))
        return True
    roll = game.logged(game.state.dice.d6("Initiative test (Blind)", who=unit_id))
    passed = bool(roll.total <= max(values))
    why = Reason.of("Blind", f"Initiative test {roll.total} against I{max(values)}: {'passed' if passed else 'failed'}")
    game.log(Ruling(f"{unit.name}: Blind test", (why,)))
    if not passed:
        game.add_effect(EffectKind.BLIND, unit_id, Duration.UNTIL_END_OF_CONTROLLERS_NEXT_TURN, why)
    return passed


def concussive_test(game: Game, unit_id: str, x: int, *, melee: bool = False) -> bool:
    """The Concussive (X) test (p.236): a Leadership test; failing costs X Weapon Skill until the end of the
    following Assault phase: this turn's after a Shooting Attack (the end of the turn), the next Player Turn's after a
    combat (``melee``: for the active player's unit, until its controller's next turn starts; for the other's, until
    the end of that unit's controller's next turn). Only one Concussed effect applies (the largest X). Returns True
    if it passed."""
    if leadership_test(game, unit_id, f"Concussive ({x}) test"):
        return True
    rule = find_rule(f"Concussive ({x})")
    duration = Duration.UNTIL_END_OF_TURN
    if melee:
        active = game.state.owner(unit_id) == game.state.clock.active_player
        duration = (
            Duration.UNTIL_START_OF_CONTROLLERS_NEXT_TURN if active else Duration.UNTIL_END_OF_CONTROLLERS_NEXT_TURN
        )
    game.add_effect(
        EffectKind.CONCUSSED,
        unit_id,
        duration,
        Reason.of("Concussive", f"failed the test: -{x} WS until the end of the following Assault phase"),
        rule=rule if isinstance(rule, RuleRef) else None,
    )
    return False


@effect_modifier_source(EffectKind.CONCUSSED, on_unit=True)
def _concussed(game: Game, unit_id: str, model: Model) -> list[Modifier]:
    if not status_in_force(game, unit_id, EffectKind.CONCUSSED):
        return []
    x = max((e.rule.value or 1) if e.rule is not None else 1 for e in game.effects_on(unit_id, EffectKind.CONCUSSED))
    return [Modifier("ws", Reason.of("Concussive", f"Concussed: -{x} WS"), add=-x)]


# -- Fall Back and Regroup -----------------------------------------------------------------------------------


def _own_edge(game: Game, player: int) -> BaseGeometry:
    table, deployment = game.state.battlefield.table, game.state.battlefield.deployment
    edges = deployment.zone(player).edges if deployment is not None else table.long_edges()[player - 1 : player]
    return _edges_union(table, tuple(edges))


@lru_cache(maxsize=8)
def _edges_union(table: Table, edges: tuple[Edge, ...]) -> BaseGeometry:
    """The union of the table's ``edges`` (made once per table size and edges: immutable values and geometry)."""
    return unary_union([table.edge_line(e) for e in edges])


def fall_back(game: Game, unit_id: str, why: Reason) -> None:
    """The unit (with its joined characters) Falls Back: 2D6 inches, 3D6 if every model is Cavalry, straight
    toward its own battlefield edge; it is forced to move (ends Pinned and Stupefied) and is Falling Back until
    it Regroups. Leaving the table destroys it (``morale.fall_back_off_table_destroyed``)."""
    s = game.state
    unit = s.unit(unit_id)
    combat_lock.disengage(game, s.units[unit_id].joined_to or unit_id)  # a unit that Falls Back is no longer locked
    alive = damage.living(game, unit_id)
    cavalry = bool(alive) and all(m.profile.unit_type.counts_as(UnitType.CAVALRY) for _, m in alive)
    roll = game.logged(s.dice.roll(3 if cavalry else 2, 6, reason="Fall Back distance", who=unit_id))
    reasons = [why, core(FALL_BACK, f'{"3D6 (Cavalry)" if cavalry else "2D6"}: {roll.total}" toward its own edge')]
    xs = [s.units[uid].poses[m.id].x for uid, m in alive]
    ys = [s.units[uid].poses[m.id].y for uid, m in alive]
    centre = Point(sum(xs) / len(xs), sum(ys) / len(ys)) if alive else Point(0, 0)
    edge = nearest_points(centre, _own_edge(game, s.owner(unit_id)))[1]
    dx, dy = edge.x - centre.x, edge.y - centre.y
    norm = math.hypot(dx, dy) or 1.0
    direction = (dx / norm, dy / norm)
    # nothing moves until the poses are found: one set for both, of the models near some model's path
    obstacles = obstacles_of(game, unit_id, paths_box(game, alive, direction, roll.total))
    reaches_edge = any(
        leaves_table(game, m, s.units[uid].poses[m.id], direction, roll.total, obstacles) for uid, m in alive
    )
    off = reaches_edge and not blocked_before_edge(game, unit_id, alive, direction, roll.total, obstacles)
    destroyed = off and s.config.morale.fall_back_off_table_destroyed
    if off:
        reasons.append(
            configured(s.config, "morale.fall_back_off_table_destroyed", "a unit Falling Back off the table")
        )
    moved = fall_back_poses(game, unit_id, alive, direction, roll.total, obstacles)
    for uid in damage.members(game, unit_id):
        game.trigger(uid, EndTrigger.FORCED_TO_MOVE)
    if destroyed:
        for uid in damage.members(game, unit_id):
            damage.destroy_unit(game, uid)
    else:
        for (uid, mid), pose in moved.items():
            s.units[uid].poses[mid] = pose
        if not game.effects_on(unit_id, EffectKind.FALLING_BACK):
            game.add_effect(EffectKind.FALLING_BACK, unit_id, Duration.PERMANENT, core(FALL_BACK, "until it Regroups"))
    game.log(FellBack(unit_id, unit.name, roll.total, destroyed, tuple(reasons)))


@on_step(Phase.MOVEMENT, SubPhase.RESERVES)
def regroup(game: Game) -> None:
    """At the start of its controller's Movement phase each Falling Back unit tests to Regroup (p.193)."""
    s = game.state
    for unit in s.units_of(s.clock.active_player, Location.TABLE):
        effects = game.effects_on(unit.id, EffectKind.FALLING_BACK)
        if not effects:
            continue
        alive = len(damage.living(game, unit.id))
        militia = any(m.profile.unit_type.has(SubType.MILITIA) for m in unit.models)
        if militia and alive * 2 < len(unit.models):
            why = Reason("Militia Sub-type", "below half strength: cannot Regroup", 5, Book.LEGACIES_MILITIA)
            game.log(Ruling(f"{unit.name} cannot Regroup", (why,)))
            fall_back(game, unit.id, why)
            continue
        if is_fearless(game, unit.id) or leadership_test(
            game, unit.id, "Regroup test", test=LeadershipTest.REGROUP_TEST
        ):
            s.effects = tuple(e for e in s.effects if e not in effects)
            s.events.extend(EffectEnded(e, unit.name, "Regrouped") for e in effects)
            why = core("Regroup", "passed the Regroup test", REGROUP_PAGE)
            game.log(Regrouped(unit.id, unit.name, (why,)))
            restricted = core("Regroup", "the restrictions on a unit that Regrouped apply this turn", REGROUP_PAGE)
            game.add_effect(EffectKind.REGROUPED, unit.id, Duration.UNTIL_END_OF_TURN, restricted)
        else:
            fall_back(game, unit.id, core("Regroup", "failed the Regroup test: Falls Back again", REGROUP_PAGE))
