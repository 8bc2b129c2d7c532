"""The Move step of the Movement phase: ``Move`` and ``Run`` (CORE_A §5.1-5.4; Age of Darkness rulebook
pp.220-222 for terrain, p.197 for Sub-types, p.241 for Independent Characters).

What the engine implements (each refusal cites the rule and page, or the configuration value it used):

- A unit moves once per Movement phase, in the Move step of its controller's turn. Every living model of the
  unit and of the Independent Characters joined to it is given a new pose (``positions``).
- **Distance.** Each model moves at most its allowance, measured as the straight displacement of its centre
  (the path is the straight segment between the two poses; the ground it sweeps is the convex hull of its
  footprint before and after). Move: its Movement Characteristic (M) now. Run: M + I, +1 to I if every model of
  the unit is Light (p.197), + what rules add (``run_distance_bonus``: Fleet (X), p.238, in
  :mod:`strategium.rules.unit.fleet`).
- **Difficult Terrain** (p.222): a model whose path overlaps a Difficult piece loses
  ``terrain.difficult_move_penalty`` inches of allowance (``terrain.difficult_move_rule``; the rule
  ``2d6_highest`` is not supported by this action and is refused, saying so). Cavalry are not slowed but treat
  the piece as Dangerous (p.195). A party a rule exempts is not slowed (``difficult_terrain_exemption``: Move Through
  Cover, p.243, in :mod:`strategium.rules.unit.move_through_cover`).
- **Dangerous Terrain** (p.222): when the move is applied, each model whose path overlaps a Dangerous piece
  (or a Difficult one, for Cavalry) rolls a D6; a result of ``terrain.dangerous_fails_on`` or less costs it
  one Wound (one Hull Point for a model with Armour Values), saved only as ``terrain.dangerous_wound_saves``
  allows. Assassin, Gargantuan, Knight and Titan models pass automatically, and so do those a rule exempts
  (``dangerous_terrain_exemption``: Pathfinder, p.247, in :mod:`strategium.rules.unit.pathfinder`).
- **Impassable Terrain and Buildings**: no path may cross one and no model may end in one; no model may end off
  the table or overlapping another model, nor may its path pass through a model of another unit.
- **Enemies**: no model may end within ``movement.enemy_distance`` (1") of an enemy model; with
  ``movement.enemy_distance_during_move`` its path may not come that close either (unless it started closer).
- **Coherency** (CORE_A §5.4): the unit ends in coherency (:func:`table_checks.coherency`).
- **Run**: a unit that Runs may not Shoot or Charge that turn (other modules read the RAN fact). Who may not
  Run is asked with ``Query.MAY_RUN``; the blockers are registered below (Heavy, Artillery, Close-order,
  the place of the special rules that forbid it (Slow and Purposeful, Jump and Jet Packs: rule plug-ins),
  Vehicles and Knights, unjoined Guardians); Pinned units may not Move or Run
  (:mod:`strategium.engine.morale.leadership`).
- **Independent Characters** (p.241): a character that has joined a unit moves with it. ``Move`` with a
  joined character's own id makes it leave: it must end out of coherency with the unit. ``join`` names a
  friendly unit the moving character joins at the end of its move (it must end in coherency with it; the
  joined unit may not move afterwards that phase).

Facts noted: MOVED (and RAN) for every unit of the party. A ``UnitMoved`` "did" event is emitted (the Movement-phase
Reactions hook it); a ``UnitRan``
"did" event is emitted after a Run (Militia Cavalry Mount hooks it, MCM-1).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from strategium.army.army import Model, Unit
from strategium.catalogue.citations import Reason
from strategium.catalogue.definitions import Book
from strategium.engine.core.actions import Action, Verdict
from strategium.engine.core.board import Location, Placement, Pose
from strategium.engine.core.events import Event, Ruling
from strategium.engine.core.handlers import handles
from strategium.engine.core.timing import PlayerId
from strategium.engine.core.watchers import Fact
from strategium.engine.questions.joining import JoinStage, may_join
from strategium.engine.questions.queries import Block, Query, ask, blocker, place
from strategium.engine.table import broad_phase, table_checks
from strategium.engine.table.placement import footprint, table_models
from strategium.geometry.measure import EPSILON, Footprint, distance, more_than
from strategium.model.unit_types import SubType, UnitType

if TYPE_CHECKING:
    from strategium.engine.core.game import Game


from strategium.engine.movement.common import (
    IC_PAGE,
    SUB_TYPES_PAGE,
    TERRAIN_PAGE,
    Leg,
    already_moved,
    config_reason,
    core,
    dangerous_tests,
    difficult_under,
    ignores_difficult,
    is_cavalry,
    living,
    movement_of,
    no,
    overlaps_area,
    own_unit_problem,
    party,
    passes_clear,
    positions_problem,
    run_bonus,
    standing_footprint,
    step_problem,
)

# -- actions and events -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Move(Action):
    """Move a unit (and the characters joined to it): every living model to its pose in ``positions``.

    With the id of a joined Independent Character the character leaves its unit; ``join`` names a friendly
    unit a moving character joins at the end of its move.
    """

    unit_id: str
    positions: Placement
    join: str | None = None

    def text(self) -> str:
        where = ", ".join(f"{m}@{p}" for m, p in self.positions)
        joins = f", joining {self.join}" if self.join else ""
        return f"P{self.player} move {self.unit_id}: {where}{joins}"


@dataclass(frozen=True)
class Run(Action):
    """Run with a unit instead of moving it (M + I per model; no Shooting or Charge that turn)."""

    unit_id: str
    positions: Placement

    def text(self) -> str:
        where = ", ".join(f"{m}@{p}" for m, p in self.positions)
        return f"P{self.player} Run {self.unit_id}: {where}"


@dataclass(frozen=True)
class UnitMoved(Event):
    """A unit moved or Ran; ``longest`` is the longest distance one of its models moved (inches)."""

    player: PlayerId
    unit_id: str
    unit_name: str
    how: str
    longest: float
    why: tuple[Reason, ...] = ()

    def text(self) -> str:
        return f'P{self.player} {self.unit_name}: {self.how} (up to {self.longest:.2f}")'

    @property
    def reasons(self) -> tuple[Reason, ...]:
        return self.why


@dataclass(frozen=True)
class UnitRan(Event):
    """The "did" event of a Run: ``unit_ids`` are the unit and the characters joined to it."""

    player: PlayerId
    unit_ids: tuple[str, ...]

    def text(self) -> str:
        return f"P{self.player} {', '.join(self.unit_ids)} Ran"


def allowance(game: Game, units: Sequence[Unit], leg: Leg, running: bool) -> tuple[float, list[Reason]]:
    """How far this model may move (inches), and the reasons that shaped it."""
    base = movement_of(game, leg.unit_id, leg.model)
    why: list[Reason] = []
    if running:
        bonus, why = run_bonus(game, units, leg.unit_id, leg.model)
        base += bonus
    pieces = difficult_under(game, leg)
    if not pieces or is_cavalry(leg.model) or ignores_difficult(game, units):
        return base, why
    rule = game.state.config.terrain.difficult_move_rule
    if rule == "flat_penalty":
        penalty = game.state.config.terrain.difficult_move_penalty
        why.append(config_reason(game, "terrain.difficult_move_penalty", f"{leg.model.id} crosses Difficult Terrain"))
        return max(0.0, base - penalty), why
    return base, why


def legs(game: Game, units: Sequence[Unit], positions: Placement) -> list[Leg]:
    """One leg per moving model (positions already checked by :func:`positions_problem`)."""
    s = game.state
    where = dict(positions)
    out = []
    for unit, model in living(s, units):
        before = standing_footprint(model, s.units[unit.id].poses[model.id])
        after = footprint(model, where[model.id])
        out.append(Leg(unit.id, model, before, after))  # the swept path is built when a test needs it
    return out


def _kept_legs(game: Game, units: Sequence[Unit], action: Move | Run) -> list[Leg]:
    """:func:`legs` of the action, kept with what they are made of: the positions, and each living model of the
    party (held, found again by identity) with its unit and the pose it stands at (compared by value). The check of
    a Move and its apply, which follows it with the state unchanged, share them, as do the checks of one move asked
    again (the last few are kept; asking costs less than a look-up in the state's kept values, whose key is built
    afresh on each call). A caller must not change the list."""
    s = game.state
    alive = living(s, units)
    models = tuple([m for _, m in alive])
    now = (action.positions, tuple([(u.id, m.id, s.units[u.id].poses.get(m.id)) for u, m in alive]))
    for i, (key, held, out) in enumerate(_LEGS_KEPT):
        if key == now and len(held) == len(models) and all(a is b for a, b in zip(held, models, strict=True)):
            if i:
                _LEGS_KEPT.insert(0, _LEGS_KEPT.pop(i))
            return out
    out = legs(game, units, action.positions)
    _LEGS_KEPT.insert(0, (now, models, out))
    del _LEGS_KEPT[8:]
    return out


_LEGS_KEPT: list[tuple[tuple[object, ...], tuple[Model, ...], list[Leg]]] = []
"""The legs :func:`_kept_legs` made last (the newest first, at most eight), with what they were made of."""


def terrain_problems(game: Game, units: Sequence[Unit], moves: list[Leg], running: bool) -> list[Reason]:
    """Distance, Difficult and Impassable Terrain, Buildings and models in the way, for every leg."""
    return _terrain(game, units, moves, running)[0]


def _terrain(
    game: Game, units: Sequence[Unit], moves: list[Leg], running: bool, near: Near | None = None
) -> tuple[list[Reason], list[Reason]]:
    """:func:`terrain_problems`, and the reasons that shaped the legs' allowances (in leg order). ``near``: for each
    leg, the models outside ``units`` that may share area with its path (a superset, in the order of
    ``TableModels.others``; the default asks the table's index)."""
    s = game.state
    reasons: list[Reason] = []
    if s.config.terrain.difficult_move_rule == "2d6_highest" and any(difficult_under(game, g) for g in moves):
        reasons.append(
            config_reason(game, "terrain.difficult_move_rule", "this Difficult Terrain rule is not supported yet")
        )
    bf = s.battlefield
    walls = [(t.name, t.footprint, b) for t, b in zip(bf.terrain, bf.terrain_bounds, strict=True) if t.is_impassable]
    walls += [(b.name, b.footprint, box) for b, box in zip(bf.buildings, bf.building_bounds, strict=True)]
    if near is None:
        near = table_models(s).others_near_boxes([g.bounds for g in moves], {u.id for u in units})
    shaped: list[Reason] = []
    for g, others in zip(moves, near, strict=True):
        limit, why = allowance(game, units, g, running)
        shaped += why
        if g.length > limit + EPSILON:
            what = "Run" if running else "move"
            reasons.append(
                core("Movement phase", f'{g.model.id} may {what} at most {limit:g}" (it moved {g.length:.2f}")')
            )
        box = g.bounds  # contains the path: a piece whose bounds do not meet it shares no area with it
        for name, wall, wall_box in walls:
            if broad_phase.meet(box, wall_box) and overlaps_area(g.path, wall):
                reasons.append(core("Impassable Terrain", f"{g.model.id}'s path crosses {name}", TERRAIN_PAGE))
        for other_id, fp in others:
            if (
                broad_phase.meet(box, fp.outer_bounds)  # overlapping needs the boxes to meet
                and table_checks.overlaps(Footprint(g.path), fp)
                and not table_checks.overlaps(g.before, fp)
            ):
                reasons.append(core("Movement phase", f"{g.model.id} may not move through {other_id}"))
                break
    return reasons, shaped


def enemy_problems(game: Game, player: PlayerId, moves: list[Leg], near: Near | None = None) -> list[Reason]:
    """No model ends (or, by configuration, passes) within ``movement.enemy_distance`` of an enemy model. ``near``:
    for each leg, the enemy models that may come within that distance of its path (a superset, in the order of
    ``TableModels.enemies_of``; the default asks the table's index)."""
    s = game.state
    limit = s.config.movement.enemy_distance
    during = s.config.movement.enemy_distance_during_move
    if near is None:
        near = table_models(s).enemies_near_boxes([g.bounds for g in moves], player, limit)
    for g, foes in zip(moves, near, strict=True):
        for foe_id, fp in foes:
            if not more_than(distance(g.after, fp), limit):
                text = f'{g.model.id} would end within {limit:g}" of {foe_id}'
                return [config_reason(game, "movement.enemy_distance", text)]
            if (
                during
                and more_than(distance(g.before, fp), limit)
                and not passes_clear(g, fp, limit)
                and not more_than(distance(Footprint(g.path), fp), limit)
            ):
                return [
                    config_reason(
                        game,
                        "movement.enemy_distance_during_move",
                        f'{g.model.id} would pass within {limit:g}" of {foe_id}',
                    )
                ]
    return []


def placement_problems(game: Game, units: Sequence[Unit], positions: Placement) -> list[Reason]:
    """Standing room (table, Impassable, overlap) and coherency of the models at ``positions``."""
    where = dict(positions)
    return _placed_problems(game, units, [(m, footprint(m, where[m.id])) for _, m in living(game.state, units)])


def legs_problems(
    game: Game, player: PlayerId, units: Sequence[Unit], moves: list[Leg], running: bool
) -> tuple[list[Reason], list[Reason]]:
    """:func:`terrain_problems`, then :func:`placement_problems` at the legs' ends, then :func:`enemy_problems` of
    ``player``'s party ``units`` moving along ``moves`` (one leg per living model, in the order of ``living``), with
    one question to the table's index for all three (:func:`_near`); and the reasons that shaped the allowances."""
    others, foes = _near(game, player, units, moves)
    reasons, why = _terrain(game, units, moves, running, others)
    reasons += _placed_problems(game, units, [(g.model, g.after) for g in moves], others)
    reasons += enemy_problems(game, player, moves, foes)
    return reasons, why


def _placed_problems(
    game: Game, units: Sequence[Unit], placed: list[tuple[Model, Footprint]], near: Near | None = None
) -> list[Reason]:
    """:func:`placement_problems` of the living models' footprints (in the order of ``living``); ``near`` as
    :func:`table_checks.standing_room` takes it."""
    s = game.state
    room = table_checks.standing_room(s, placed, {u.id for u in units}, near)
    return room + table_checks.coherency(s, units, placed)


Near = Sequence[Sequence[tuple[str, Footprint]]]
"""For each leg (or placed model), (model id, footprint) of the models near it on the table, in table order."""


def _near(game: Game, player: PlayerId, units: Sequence[Unit], moves: list[Leg]) -> tuple[Near | None, Near | None]:
    """The models near each leg, from one question to the table's index for the three checks that ask: those
    outside ``units`` whose bounds come within ``movement.enemy_distance`` (at least 0; and the largest radius) of
    the leg's bounds, the superset that :func:`_terrain` (within 0 of the same bounds) and ``standing_room`` (within
    0 of the footprint at the end, inside them) would be given, in the same order (ascending places in the table);
    and the enemy models among them, what :func:`enemy_problems` would be given. (None, None) when some unit of the
    party is not ``player``'s (the enemy models might then be among those left out): each check asks for itself."""
    s = game.state
    if any(s.units[u.id].player != player for u in units):
        return None, None
    table = table_models(s)
    reach = max(0.0, s.config.movement.enemy_distance)  # (at least the 0 the other two checks ask within)
    rows = table.index.boxes_near([g.bounds for g in moves], reach, table.outside({u.id for u in units}))
    items, players = table.items, table.players
    others = [[items[i] for i in row] for row in rows]
    foes = [[items[i] for i in row if players[i] != player] for row in rows]
    return others, foes


def _check(game: Game, action: Move | Run) -> Verdict:
    s = game.state
    running = isinstance(action, Run)
    problem = step_problem(game, action.player) or own_unit_problem(game, action.player, action.unit_id)
    if problem:
        return no(problem)
    status = s.units[action.unit_id]
    leaving = status.joined_to is not None
    if leaving and running:
        return no(core("Independent Character", "a joined character leaves its unit with a Move", IC_PAGE))
    units = [s.unit(action.unit_id)] if leaving else party(s, action.unit_id)
    problem = already_moved(game, [u.id for u in units]) or positions_problem(s, units, action.positions)
    if problem:
        return no(problem)
    for u in units:
        answer = ask(game, Query.MAY_MOVE, u.id)
        if not answer:
            return no(*answer.reasons)
        if running:
            answer = ask(game, Query.MAY_RUN, u.id)
            if not answer:
                return no(*answer.reasons)
    moves = _kept_legs(game, units, action)
    reasons, why = legs_problems(game, action.player, units, moves, running)
    reasons += _character_problems(game, action, units, [g.after for g in moves])
    if reasons:
        return no(*reasons)
    return Verdict(True, tuple(dict.fromkeys(why)))


def _character_problems(game: Game, action: Move | Run, units: list[Unit], mine: list[Footprint]) -> list[Reason]:
    """Leaving (the character ends out of coherency) and joining (it ends in coherency with the target); ``mine``:
    the footprints of the party's living models at the action's positions."""
    s = game.state
    status = s.units[action.unit_id]
    if status.joined_to is not None:
        host = s.unit(status.joined_to)
        limit = table_checks.coherency_distance(s, [host])
        theirs = [footprint(m, p) for m in host.models if (p := s.units[host.id].poses.get(m.id)) is not None]
        if any(not more_than(distance(a, b), limit) for a in mine for b in theirs):
            return [
                core(
                    "Independent Character",
                    f'to leave, {action.unit_id} must end more than {limit:g}" from its unit',
                    IC_PAGE,
                )
            ]
        return []
    if not isinstance(action, Move) or action.join is None:
        return []
    character = s.unit(action.unit_id)
    if s.characters_joined_to(action.unit_id):
        return [core("Independent Character", "a unit that others have joined cannot itself join a unit", IC_PAGE)]
    target = s.units.get(action.join)
    if target is None or target.player != action.player or target.location is not Location.TABLE:
        return [core("Independent Character", f"there is no friendly unit {action.join!r} on the table", IC_PAGE)]
    answer = may_join(game, character, s.unit(action.join), JoinStage.MOVE)
    if answer.problem is not None:
        return [answer.problem]
    host = s.unit(action.join)
    limit = table_checks.coherency_distance(s, [host, character])
    theirs = [footprint(m, p) for m in host.models if (p := target.poses.get(m.id)) is not None]
    if not any(not more_than(distance(a, b), limit) for a in mine for b in theirs):
        return [
            core(
                "Independent Character", f'to join, {character.name} must end within {limit:g}" of {host.name}', IC_PAGE
            )
        ]
    return []


def _apply(game: Game, action: Move | Run) -> None:
    s = game.state
    running = isinstance(action, Run)
    status = s.units[action.unit_id]
    leaving = status.joined_to is not None
    units = [s.unit(action.unit_id)] if leaving else party(s, action.unit_id)
    moves = _kept_legs(game, units, action)
    # the reasons of the (legal) verdict: what shaped each model's allowance (``game.apply`` has just checked
    # the action, and kept the verdict; the other checks only refuse)
    verdict = game.handler_verdict(action)
    if verdict.legal:
        shaped = verdict.reasons
    else:  # applied without a check: the allowances' reasons as the check would give them
        shaped = tuple(dict.fromkeys(r for g in moves for r in allowance(game, units, g, running)[1]))
    where = dict(action.positions)
    for u in units:
        s.units[u.id].poses = {m.id: where[m.id] for _, m in living(s, [u])}
        s.facts.note(u.id, Fact.MOVED)
        if running:
            s.facts.note(u.id, Fact.RAN)
    how = "Ran" if running else "moved"
    longest = max((g.length for g in moves), default=0.0)
    if leaving:
        host = status.joined_to
        status.joined_to = None
        game.log(
            Ruling(
                f"{units[0].name} leaves {host}",
                (core("Independent Character", "left by moving out of coherency", IC_PAGE),),
            )
        )
    if isinstance(action, Move) and action.join is not None:
        status.joined_to = action.join
        notes = may_join(game, units[0], s.unit(action.join), JoinStage.MOVE).notes
        if notes:
            game.log(Ruling(f"{units[0].name} joins {s.unit(action.join).name}", notes))
        s.facts.note(action.join, Fact.MOVED)
        why = core(
            "Independent Character", "joined at the end of its move; the unit may not move further this phase", IC_PAGE
        )
        game.log(Ruling(f"{units[0].name} joins {s.unit(action.join).name}", (why,)))
    dangerous_tests(game, units, moves)
    if running:
        game.emit(UnitRan(action.player, tuple(u.id for u in units)))
    # last: the Movement-phase Reactions hook this, and must see the unit as the move left it (after any
    # casualties from Dangerous Terrain)
    game.emit(UnitMoved(action.player, action.unit_id, units[0].name, how, longest, shaped))


# -- who may not Run (and who may not move) ---------------------------------------------------------


def _models(game: Game, unit_id: str) -> list[Model]:
    return [m for _, m in living(game.state, [game.state.unit(unit_id)])]


def _any_sub_type(game: Game, unit_id: str, *subs: SubType) -> SubType | None:
    for m in _models(game, unit_id):
        for sub in subs:
            if m.profile.unit_type.has(sub):
                return sub
    return None


@blocker(Query.MAY_RUN)
def _heavy_or_artillery(game: Game, unit_id: str) -> Block | None:
    sub = _any_sub_type(
        game, unit_id, SubType.HEAVY, SubType.ARTILLERY, SubType.AUTOMATED_ARTILLERY, SubType.STATIC_ARTILLERY
    )
    if sub is None:
        return None
    page, book = (
        (SUB_TYPES_PAGE, Book.RULEBOOK) if sub in (SubType.HEAVY, SubType.ARTILLERY) else (128, Book.LIBER_IMPERIUM)
    )
    return Block(
        f"sub-type-{sub.value.lower()}", core(sub.value, f"a unit with a {sub.value} model cannot Run", page, book)
    )


@blocker(Query.MAY_RUN)
def _close_order(game: Game, unit_id: str) -> Block | None:
    if _any_sub_type(game, unit_id, SubType.CLOSE_ORDER) is None:
        return None
    return Block(
        "close-order", core("Close-order", "a unit with a Close-order model cannot Run", 129, Book.LIBER_IMPERIUM)
    )


RULES_THAT_FORBID_RUNNING = place(Query.MAY_RUN, "special rules that forbid Running")
"""Where the blockers of the special rules that forbid Running stand: after the Sub-types', before the Vehicles'
(:mod:`strategium.rules.unit.slow_and_purposeful`, then :mod:`strategium.rules.wargear.packs`)."""


@blocker(Query.MAY_RUN)
def _vehicles(game: Game, unit_id: str) -> Block | None:
    for m in _models(game, unit_id):
        kind = m.profile.unit_type
        if kind.is_knight_or_titan:
            return Block("knight-titan", core("Knights and Titans", "Knights and Titans may not Run", 216))
        if (
            kind.unit_type in (UnitType.VEHICLE, UnitType.FORTIFICATION, UnitType.BUILDING)
            or m.profile.has_armour_values
        ):
            return Block(
                "vehicle", core("Run", "Vehicles do not Run (they use their own speeds; CORE_A §5.2, unconfirmed)")
            )
    return None


@blocker(Query.MAY_RUN)
def _guardian(game: Game, unit_id: str) -> Block | None:
    if _any_sub_type(game, unit_id, SubType.GUARDIAN) is None or game.state.characters_joined_to(unit_id):
        return None
    return Block(
        "guardian", core("Guardian", "a Guardian unit not joined by a Character cannot Run", 91, Book.LIBER_MECHANICUM)
    )


@blocker(Query.MAY_MOVE)
def _immobile(game: Game, unit_id: str) -> Block | None:
    status = game.state.units[unit_id]
    for m in game.state.unit(unit_id).models:  # the first living model that never moves (casualties looked up
        block = _model_immobile(m)  # only for those: most models move)
        if block is not None and not status.is_casualty(m.id):
            return block
    return None


_IMMOBILE = "movement.immobile"
"""The key in :attr:`Model.memo` of :func:`_model_immobile`'s answer (it reads only the model's profile)."""


def _model_immobile(m: Model) -> Block | None:
    """Why this model never moves (a Fortification, Building or Emplacement; no Movement Characteristic), or None;
    kept in the model's memo."""
    memo = m.memo
    if _IMMOBILE in memo:
        known: Block | None = memo[_IMMOBILE]
        return known
    kind = m.profile.unit_type
    block = None
    if kind.unit_type in (UnitType.FORTIFICATION, UnitType.BUILDING) or kind.has(SubType.EMPLACEMENT):
        block = Block("immobile", core("Fortification", f"{kind} models never move", 103, Book.LEGACIES_ASTARTES))
    elif getattr(m.profile.characteristics, "m", 1) is None:
        block = Block("no-movement", core("Movement phase", f"{m.name} has no Movement Characteristic"))
    memo[_IMMOBILE] = block
    return block


@blocker(Query.MAY_MOVE)
def _embarked(game: Game, unit_id: str) -> Block | None:
    if game.state.units[unit_id].location is Location.EMBARKED:
        return Block(
            "embarked", core("Transports", "an embarked unit moves with its Transport until it disembarks", 211)
        )
    return None


handles(Move, _check, _apply)
handles(Run, _check, _apply)

__all__ = ["Move", "Pose", "Run", "UnitMoved", "UnitRan"]
