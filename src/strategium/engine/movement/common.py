"""Shared pieces of the Movement phase's actions (moving, Running, embarking, arriving): citations, the moving
party and its living models, each model's straight path, the models around it, the step and unit checks, and
Dangerous Terrain tests (Age of Darkness rulebook p.222) with the Wounds they cause.

See :mod:`strategium.engine.movement.move` for the rules these implement.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from typing import TYPE_CHECKING

import numpy as np
import shapely
from shapely.geometry.base import BaseGeometry

from strategium.army.army import Model, Unit
from strategium.catalogue.citations import Reason
from strategium.catalogue.definitions import Book
from strategium.engine.core import registries
from strategium.engine.core.actions import Verdict
from strategium.engine.core.board import Location, Placement, Pose
from strategium.engine.core.events import Ruling
from strategium.engine.core.state import GameState
from strategium.engine.core.timing import Phase, PlayerId, SubPhase
from strategium.engine.core.watchers import Fact
from strategium.engine.questions import combat_lock
from strategium.engine.questions.profiles_now import current
from strategium.engine.table import broad_phase
from strategium.engine.table.placement import footprint, inradius, table_models
from strategium.geometry.measure import EPSILON, Footprint
from strategium.geometry.terrain import Battlefield, TerrainPiece
from strategium.model.unit_types import SubType, UnitType

if TYPE_CHECKING:
    from strategium.engine.core.game import Game

TERRAIN_PAGE = 222
SUB_TYPES_PAGE = 197
CAVALRY_PAGE = 195
IC_PAGE = 241
AUTO_PASS_SUB_TYPES = (SubType.ASSASSIN, SubType.GARGANTUAN, SubType.KNIGHT, SubType.TITAN)


def core(rule: str, text: str, page: int | None = None, book: Book = Book.RULEBOOK) -> Reason:
    """A reason citing a core rule (not a registered special rule); ``page`` None where it was not read."""
    return Reason(rule, text, page, book)


def config_reason(game: Game, name: str, text: str = "") -> Reason:
    """A reason resting on one rules-configuration value (cited with its confidence)."""
    cited = game.state.config.cite(name)
    return Reason(f"rules configuration {name}", f"{text}; {cited}" if text else cited, None, Book.CONFIG)


def no(*reasons: Reason) -> Verdict:
    """An illegal verdict."""
    return Verdict(False, tuple(reasons))


# -- the party and its models -------------------------------------------------------------------------


def party(state: GameState, unit_id: str) -> list[Unit]:
    """The unit and the Independent Characters joined to it."""
    return [state.unit(unit_id), *state.characters_joined_to(unit_id)]


def living(state: GameState, units: Sequence[Unit]) -> list[tuple[Unit, Model]]:
    """(unit, model) for every model of ``units`` that is not a casualty."""
    statuses = state.units
    out: list[tuple[Unit, Model]] = []
    for u in units:
        fallen = statuses[u.id].casualties  # (``is_casualty`` of each model; most units have lost none)
        out += [(u, m) for m in u.models if m.id not in fallen] if fallen else [(u, m) for m in u.models]
    return out


def standing_footprint(model: Model, pose: Pose) -> Footprint:
    """:func:`~strategium.engine.table.placement.footprint` of a model at the pose it stands at now: kept in its memo
    with
    that pose (held, found again by identity), beside the footprint's own last one, which the poses proposed for its
    move replace (the checks of many moves of one unit ask for where each model stands again and again)."""
    memo = model.memo
    kept: tuple[Pose, Footprint] | None = memo.get(_STANDING)
    if kept is not None and kept[0] is pose:
        return kept[1]
    fp = footprint(model, pose)
    memo[_STANDING] = (pose, fp)
    return fp


_STANDING = "movement.standing"
"""The key in :attr:`Model.memo` of :func:`standing_footprint`'s last pose and footprint."""


def positions_problem(state: GameState, units: Sequence[Unit], positions: Placement) -> Reason | None:
    """Every living model of ``units`` is given exactly one pose, and nothing else is."""
    wanted = sorted(m.id for _, m in living(state, units))
    given = sorted(model_id for model_id, _ in positions)
    if wanted == given:
        return None
    missing = sorted(set(wanted) - set(given))
    extra = sorted(set(given) - set(wanted))
    parts = [f"missing {', '.join(missing)}" if missing else "", f"not moving: {', '.join(extra)}" if extra else ""]
    twice = sorted({g for g in given if given.count(g) > 1})
    parts.append(f"given twice: {', '.join(twice)}" if twice else "")
    text = "; ".join(p for p in parts if p)
    return core("Movement phase", f"a pose must be given for exactly the moving models ({text})")


def movement_of(game: Game, unit_id: str, model: Model) -> float:
    """The model's Movement Characteristic now (inches; 0 for a model without one)."""
    now = current(game, unit_id, model)
    m = now.m if now is not None else getattr(model.profile.characteristics, "m", None)
    return float(m or 0)


RunBonus = Callable[["Game", str, Model], tuple[float, Reason] | None]
"""(game, the unit, one of its models that Runs) -> what a rule adds to that model's Run distance (inches) and
why, or None."""
_RUN_BONUSES: list[RunBonus] = []


def run_distance_bonus(fn: RunBonus) -> RunBonus:
    """Decorator: register a rule that adds to a model's Run distance (Fleet (X), :mod:`strategium.rules.unit.fleet`);
    asked in registration order, after Light."""
    _RUN_BONUSES.append(fn)
    registries.changed()
    return fn


def run_bonus(game: Game, units: Sequence[Unit], unit_id: str, model: Model) -> tuple[float, list[Reason]]:
    """What a Run adds to the model's M (inches) and why: its Initiative, +1 if the whole unit is Light (p.197), then
    each registered :func:`run_distance_bonus` (Fleet (X))."""
    now = current(game, unit_id, model)
    initiative = float(getattr(now, "i", None) or 0)
    why: list[Reason] = []
    if _all_light(game, units):
        initiative += 1
        why.append(core("Light", "every model is Light: +1 Initiative for the Run distance", SUB_TYPES_PAGE))
    for fn in _RUN_BONUSES:
        bonus = fn(game, unit_id, model)
        if bonus is not None:
            initiative += bonus[0]
            why.append(bonus[1])
    return initiative, why


def _all_light(game: Game, units: Sequence[Unit]) -> bool:
    """Whether the party has living models and every one is Light (p.197); kept while the state stays the same
    (a Run asks once per model)."""

    def compute() -> bool:
        models = [m for _, m in living(game.state, units)]
        return bool(models) and all(m.profile.unit_type.has(SubType.LIGHT) for m in models)

    return game.cached(("movement.all_light", tuple(u.id for u in units)), compute)


def swept(before: Footprint, after: Footprint) -> BaseGeometry:
    """The ground a model covers moving in a straight line from ``before`` to ``after``: the convex hull of
    the two footprints' polygons (round bases as :meth:`Footprint.polygon`). Cached per pair of footprints."""
    return _swept(before, after)


@lru_cache(maxsize=2048)
def _swept(before: Footprint, after: Footprint) -> BaseGeometry:
    # the hull of the vertices (strung on one line, the cheapest geometry to build) is the hull of the union
    # of the two polygons (the same polygon, vertex for vertex: tests/engine/movement/test_movement_fast.py), without
    # the cost of the union
    hull: BaseGeometry = shapely.linestrings(np.concatenate([before.outline, after.outline])).convex_hull
    return hull


def overlaps_area(a: BaseGeometry, b: BaseGeometry) -> bool:
    """True if two areas share more than a touching boundary (``b`` may be prepared, e.g. a terrain piece)."""
    if not b.intersects(a):  # disjoint: nothing shared (a cheap test, prepared when ``b`` is)
        return False
    return float(a.intersection(b).area) > EPSILON


def enemy_footprints(state: GameState, player: PlayerId) -> list[tuple[str, Footprint]]:
    """(model id, footprint) of every enemy model on the table."""
    return table_models(state).enemies_of(player)


def other_footprints(state: GameState, moving: set[str]) -> list[tuple[str, Footprint]]:
    """(model id, footprint) of every model on the table outside the ``moving`` units."""
    return table_models(state).others(moving)


def is_cavalry(model: Model) -> bool:
    """Cavalry models treat Difficult Terrain as Dangerous instead of being slowed (p.195)."""
    return model.profile.unit_type.unit_type is UnitType.CAVALRY


DifficultTerrainExemption = Callable[["Game", Sequence[Model], bool], Reason | None]
"""(game, the models of the moving party, whether they are charging) -> why Difficult Terrain does not slow them (no
loss of allowance on a move, no penalty to the Charge Distance), or None."""
_NOT_SLOWED: list[DifficultTerrainExemption] = []


def difficult_terrain_exemption(fn: DifficultTerrainExemption) -> DifficultTerrainExemption:
    """Decorator: register a rule that keeps Difficult Terrain from slowing a party, on a move and (asked with
    ``charging`` True) on a Charge (Move Through Cover, :mod:`strategium.rules.unit.move_through_cover`). Cavalry
    (p.195) is the engine's own; the rules are asked in registration order, the first reason wins."""
    _NOT_SLOWED.append(fn)
    registries.changed()
    return fn


def not_slowed(game: Game, models: Sequence[Model], charging: bool) -> Reason | None:
    """The first registered :func:`difficult_terrain_exemption` that keeps Difficult Terrain from slowing
    ``models``, or None."""
    return next((r for fn in _NOT_SLOWED if (r := fn(game, models, charging)) is not None), None)


def ignores_difficult(game: Game, units: Sequence[Unit]) -> bool:
    """A rule keeps Difficult Terrain from slowing the party's move (:func:`not_slowed` of every model of ``units``,
    casualties included)."""
    return not_slowed(game, [m for u in units for m in u.models], False) is not None


# -- the checks ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Leg:
    """One model's move: where it stood, where it ends, the ground it sweeps (``path``: the given geometry, or
    :func:`swept` of the two footprints, built only when asked for: most legs meet nothing, as :attr:`bounds`
    shows without it)."""

    unit_id: str
    model: Model
    before: Footprint
    after: Footprint
    given_path: BaseGeometry | None = field(default=None, compare=False, repr=False)

    @property
    def path(self) -> BaseGeometry:
        """The ground the model sweeps: the convex hull of its footprints before and after (:func:`swept`)."""
        return self.given_path if self.given_path is not None else _swept(self.before, self.after)

    @cached_property
    def bounds(self) -> tuple[float, float, float, float]:
        """A box that contains the path (min x, min y, max x, max y; inches): the footprints' outer bounds (kept
        on the leg: the checks ask for it again and again)."""
        a, b = self.before.outer_bounds, self.after.outer_bounds
        return (min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3]))

    @cached_property
    def centre_line(self) -> BaseGeometry:
        """The segment between the footprint's centres before and after (a point where they coincide; kept)."""
        (x0, y0), (x1, y1) = self.before.centre, self.after.centre
        line: BaseGeometry = (
            shapely.points(x0, y0) if x0 == x1 and y0 == y1 else shapely.linestrings([(x0, y0), (x1, y1)])
        )
        return line

    @cached_property
    def length(self) -> float:
        """Straight displacement of the centre, inches."""
        (x0, y0), (x1, y1) = self.before.centre, self.after.centre
        return float(((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5)


def passes_clear(leg: Leg, other: Footprint, inches: float) -> bool:
    """A sure yes of ``more_than(distance(Footprint(leg.path), other), inches)`` from the centres alone, for round
    bases (False says nothing: the exact test decides). Every vertex of the path lies on a circle of the leg's radius
    about one end's centre, so the path lies within that radius (and rounding) of the segment between the centres:
    its distance from the other base is at least the distance from that segment to the other's centre, less both
    radii. That gap more than ``inches`` + EPSILON (and 1e-9" for the rounding of both measures) answers yes."""
    before, after = leg.before, leg.after
    if leg.given_path is not None or not (before.is_round and after.is_round and other.is_round):
        return False
    reach = max(before.radius, after.radius)
    if reach <= 0 or other.radius <= 0:
        return False
    (x0, y0), (x1, y1) = before.centre, after.centre
    px, py = other.centre
    dx, dy, ex, ey = x1 - x0, y1 - y0, px - x0, py - y0
    n = dx * dx + dy * dy
    t = 0.0 if n == 0 else min(1.0, max(0.0, (ex * dx + ey * dy) / n))
    qx, qy = ex - t * dx, ey - t * dy
    return math.sqrt(qx * qx + qy * qy) - reach - other.radius > inches + EPSILON + 1e-9


def difficult_pieces(game: Game, path: BaseGeometry) -> list[str]:
    """Names of the Difficult Terrain pieces a path overlaps."""
    return [t.name for t in game.state.battlefield.terrain if t.is_difficult and overlaps_area(path, t.footprint)]


def difficult_under(game: Game, leg: Leg) -> list[str]:
    """:func:`difficult_pieces` of the leg's path, the same names in the same order; pieces whose bounds do not
    meet the leg's (:attr:`Leg.bounds` contain the path) cannot share area with it and are not measured."""
    bf = game.state.battlefield
    pieces = bf.difficult_bounds
    if not pieces:
        return []
    box = leg.bounds
    return [
        t.name
        for i, (t, b) in enumerate(pieces)
        if broad_phase.meet(box, b) and _overlaps_piece(bf, ("difficult", i), t, leg)
    ]


def _overlaps_piece(bf: Battlefield, place: tuple[str, int], piece: TerrainPiece, leg: Leg) -> bool:
    """``overlaps_area(leg.path, piece.footprint)``: settled by :func:`_settled` when it can, else measured."""
    settled = _settled(bf, place, piece, leg)
    return overlaps_area(leg.path, piece.footprint) if settled is None else settled


def _settled(bf: Battlefield, place: tuple[str, int], piece: TerrainPiece, leg: Leg) -> bool | None:
    """``overlaps_area(leg.path, piece.footprint)`` where two tests settle it without building the path, else None
    (the exact test decides). ``place`` names the piece in a list of the battlefield's.

    A sure yes (the inradius: a round base's radius, else :func:`~strategium.engine.table.placement.inradius` of the
    model): the piece shrunk by :data:`_SHRINK` (:func:`_shrunk`: every point of it is at least 0.9 ``_SHRINK``
    from the piece's edge) comes within 0.99 inradius - ``_SHRINK`` of some point p of the segment between the
    centres (:attr:`Leg.centre_line`), at a point q. The footprint at either end holds the disc of 0.998 inradius
    about its centre (a round base's polygon, 64 vertices on its circle, holds the disc of cos(pi/64) of its radius;
    a hull or oval base the whole disc), so the path (their convex hull) holds that disc about every point of the
    segment, p's among them: the disc of 0.9 ``_SHRINK`` about q lies in the piece and, within 0.99 inradius of p,
    in the path: shared area of 2.5e-4 square inches, far more than EPSILON.

    A sure no, for round bases: every vertex of the path lies on a circle of the base's radius about one end's
    centre, so the whole path lies within the radius (and rounding) of the segment; a piece farther than the radius
    and EPSILON from the segment (``shapely.dwithin``, the piece prepared) shares no point with it."""
    if leg.given_path is not None:  # a path given, not swept: measured
        return None
    before, after = leg.before, leg.after
    round_ = before.is_round and after.is_round and before.radius > 0 and after.radius > 0
    reach = 0.99 * (min(before.radius, after.radius) if round_ else inradius(leg.model)) - _SHRINK
    if reach > 0:
        inner = _shrunk(bf, place, piece, _SHRINK)
        if inner is not None and shapely.dwithin(inner, leg.centre_line, reach):
            return True
    if round_ and not shapely.dwithin(piece.footprint, leg.centre_line, max(before.radius, after.radius) + EPSILON):
        return False
    return None


_SHRINK = 0.01
"""How far (inches) :func:`_settled` shrinks a piece for its sure yes."""


def _shrunk(bf: Battlefield, place: tuple[str, int], piece: TerrainPiece, inches: float) -> BaseGeometry | None:
    """The piece's footprint shrunk by ``inches`` (prepared; None when nothing is left), kept per battlefield (held,
    compared by identity: it never changes), the piece's place and ``inches`` (with the piece, held and compared).
    GEOS approximates the rounded corners with chords within 0.5% of the distance and simplifies the outline within
    1% of it, so every point of the shrunk area is at least 0.9 ``inches`` from the piece's edge."""
    last = _SHRUNK[0] if _SHRUNK else None
    if last is None or last[0] is not bf:
        last = (bf, {})
        _SHRUNK[:] = [last]
    key = (place, inches)
    found = last[1].get(key)
    if found is None or found[0] is not piece:  # (a piece at that place of another list: measured afresh)
        inner: BaseGeometry | None = piece.footprint.buffer(-inches)
        if inner is not None and inner.is_empty:
            inner = None
        if inner is not None:
            shapely.prepare(inner)
        found = last[1][key] = (piece, inner)
    return found[1]


_SHRUNK: list[tuple[Battlefield, dict[tuple[tuple[str, int], float], tuple[TerrainPiece, BaseGeometry | None]]]] = []
"""The shrunk pieces of :func:`_shrunk`, with the battlefield they belong to (one entry)."""


def dangerous_pieces(game: Game, leg: Leg, pieces: Sequence[SlowPiece] | None = None) -> list[str]:
    """Names of the pieces that make this model take a Dangerous Terrain test (Difficult ones for Cavalry);
    ``pieces``: :func:`slow_pieces` of the battlefield, if the caller has them."""
    if pieces is None:
        pieces = slow_pieces(game)
    if not pieces:
        return []
    cavalry = is_cavalry(leg.model)
    box = leg.bounds
    bf = game.state.battlefield
    return [
        t.name
        for i, (t, b, dangerous) in enumerate(pieces)
        if (dangerous or cavalry) and broad_phase.meet(box, b) and _overlaps_piece(bf, ("slow", i), t, leg)
    ]


SlowPiece = tuple[TerrainPiece, tuple[float, float, float, float], bool]
"""A Dangerous or Difficult piece of terrain, its bounds (inches) and whether it is Dangerous."""


def slow_pieces(game: Game) -> list[SlowPiece]:
    """The battlefield's Dangerous or Difficult pieces (the only ones :func:`dangerous_pieces` may name: a piece
    that is not Dangerous is Difficult, named for Cavalry), with their bounds, in terrain order."""
    bf = game.state.battlefield
    return [
        (t, b, t.is_dangerous)
        for t, b in zip(bf.terrain, bf.terrain_bounds, strict=True)
        if t.is_dangerous or t.is_difficult
    ]


def step_problem(game: Game, player: PlayerId, sub_phases: tuple[SubPhase, ...] = (SubPhase.MOVE,)) -> Reason | None:
    """The action belongs to the active player's Movement phase (the given sub-phases)."""
    c = game.state.clock
    if c.phase is not Phase.MOVEMENT or c.sub_phase not in sub_phases:
        return core("Movement phase", f"not possible now ({c})")
    if c.active_player != player:
        return core("Movement phase", "only the active player moves units in the Movement phase")
    return None


def own_unit_problem(game: Game, player: PlayerId, unit_id: str) -> Reason | None:
    """The player's own unit, on the table."""
    s = game.state
    status = s.units.get(unit_id)
    if status is None:
        return core("Movement phase", f"there is no unit {unit_id!r}")
    if status.player != player:
        return core("Movement phase", f"{s.unit(unit_id).name} belongs to the other player")
    if status.location is not Location.TABLE:
        return core("Movement phase", f"{s.unit(unit_id).name} is {status.location.value}")
    return None


def already_moved(game: Game, unit_ids: Sequence[str]) -> Reason | None:
    """A unit moves (or Runs, embarks, arrives) at most once per Movement phase."""
    facts = game.state.facts
    for uid in unit_ids:
        done = [f for f in (Fact.MOVED, Fact.RAN, Fact.EMBARKED) if facts.has(uid, f)]
        if done:
            return core("Movement phase", f"{game.state.unit(uid).name} has already {done[0].value} this phase")
    return None


# -- Dangerous Terrain ------------------------------------------------------------------------------


DangerousTerrainExemption = Callable[["Game", Sequence[Unit], Model], Reason | None]
"""(game, the moving party, one of its models whose path crossed Dangerous Terrain) -> why that model passes its
Dangerous Terrain test automatically, or None."""
_DANGEROUS_EXEMPTIONS: list[DangerousTerrainExemption] = []


def dangerous_terrain_exemption(fn: DangerousTerrainExemption) -> DangerousTerrainExemption:
    """Decorator: register a rule that passes a model's Dangerous Terrain tests automatically (Pathfinder,
    :mod:`strategium.rules.unit.pathfinder`); asked in registration order before the engine's own Sub-types
    (Assassin, Gargantuan, Knight, Titan), the first reason wins."""
    _DANGEROUS_EXEMPTIONS.append(fn)
    registries.changed()
    return fn


def dangerous_tests(game: Game, units: Sequence[Unit], moves: Sequence[Leg]) -> None:
    """Roll the Dangerous Terrain tests of the models whose paths crossed Dangerous Terrain (p.222), unless a
    :func:`dangerous_terrain_exemption` or the model's Sub-type passes it automatically (a ruling says why)."""
    s = game.state
    fails_on = s.config.terrain.dangerous_fails_on
    slow = slow_pieces(game)
    if not slow:
        return
    for g in moves:
        pieces = dangerous_pieces(game, g, slow)
        if not pieces:
            continue
        name = g.model.id
        why = next((r for fn in _DANGEROUS_EXEMPTIONS if (r := fn(game, units, g.model)) is not None), None)
        if why is None and any(g.model.profile.unit_type.has(t) for t in AUTO_PASS_SUB_TYPES):
            why = core("Dangerous Terrain", "passes automatically", TERRAIN_PAGE)
        if why is not None:
            game.log(Ruling(f"{name}: Dangerous Terrain test passed automatically", (why,)))
            continue
        roll = game.logged(s.dice.d6(f"Dangerous Terrain test ({', '.join(pieces)})", who=name))
        cited = config_reason(game, "terrain.dangerous_fails_on")
        if roll.total > fails_on:
            game.log(Ruling(f"{name} passes its Dangerous Terrain test ({roll.total})", (cited,)))
            continue
        game.log(Ruling(f"{name} fails its Dangerous Terrain test ({roll.total}): it suffers a Wound", (cited,)))
        if not _saved(game, g.model) and not _mitigated(game, g.unit_id, g.model):
            inflict_wound(game, g.unit_id, g.model, "Dangerous Terrain")


def _mitigated(game: Game, unit_id: str, model: Model) -> bool:
    """The Damage Mitigation roll against the unsaved Dangerous Terrain Wound (``engine/attacks/wound_mitigation.py``):
    "no saves of any kind" when ``terrain.dangerous_wound_saves`` is ``no_saves``."""
    from strategium.engine.attacks.wound_mitigation import mitigated

    no_saves = game.state.config.terrain.dangerous_wound_saves == "no_saves"
    return mitigated(game, unit_id, model, "Dangerous Terrain", no_saves=no_saves)


def _saved(game: Game, model: Model) -> bool:
    """The save allowed against a Dangerous Terrain Wound (``terrain.dangerous_wound_saves``)."""
    allowed = game.state.config.terrain.dangerous_wound_saves
    options = []
    if allowed != "no_saves" and model.profile.invulnerable_save is not None:
        options.append(model.profile.invulnerable_save)
    if allowed == "all":
        sv = getattr(model.profile.characteristics, "sv", None)
        if sv is not None:
            options.append(sv)
    if not options:
        return False
    target = min(options)
    roll = game.logged(game.state.dice.d6(f"save against the Dangerous Terrain Wound ({target}+)", who=model.id))
    saved = roll.total >= target and roll.total > 1
    game.log(
        Ruling(
            f"{model.id} {'saves' if saved else 'fails'} ({roll.total} against {target}+)",
            (config_reason(game, "terrain.dangerous_wound_saves"),),
        )
    )
    return saved


def inflict_wound(game: Game, unit_id: str, model: Model, source: str) -> None:
    """The model loses one Wound (a Hull Point for a model with Armour Values); at 0 it is removed."""
    status = game.state.units[unit_id]
    status.wounds_lost[model.id] = status.wounds_lost.get(model.id, 0) + 1
    now = current(game, unit_id, model)
    wounds = getattr(now, "w", None) if now is not None else getattr(model.profile.characteristics, "hp", 1)
    if wounds is None:
        wounds = getattr(model.profile.characteristics, "hp", 1)
    if wounds is not None and status.wounds_lost[model.id] >= wounds:
        status.poses.pop(model.id, None)
        status.casualties.append(model.id)
        game.log(Ruling(f"{model.id} is removed as a casualty ({source})"))
        if not status.poses and status.location is Location.TABLE:
            status.location = Location.DESTROYED
            combat_lock.disengage(game, unit_id)
            game.log(Ruling(f"{game.state.unit(unit_id).name} is destroyed ({source})"))
