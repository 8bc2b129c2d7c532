"""The Pile-in of an Initiative step (:mod:`strategium.engine.assault.fight`, item 2 of its docstring): each model whose
step it is and that is not in base or hull contact with an enemy model of the combat moves straight toward the
closest one, up to ``fight.pile_in_distance``, stopping at contact or where it would overlap another model.

The move is tried at the full distance, then 0.1" shorter each time, until the model overlaps no other model there
(:func:`blocked`). The models that may be in the way are found by their boxes
(:mod:`strategium.engine.table.broad_phase`):
once per Pile-in those near any mover (:func:`reach_box`), then for each model those near its whole move. A round
base against another round base is told apart by the distance of their centres, with the very float operations of
the exact test (``table_checks.overlaps``), so no footprint is made for the positions refused; past the first
length, the lengths are tested at once with numpy (:func:`_first_free`), with the same operations.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
import shapely
from shapely.geometry import Point
from shapely.ops import nearest_points

from strategium.army.army import Model
from strategium.engine.assault.charges import feet
from strategium.engine.core.board import Location, Pose
from strategium.engine.core.events import Event
from strategium.engine.core.timing import PlayerId
from strategium.engine.table import broad_phase, table_checks
from strategium.engine.table.placement import footprint, inradius
from strategium.geometry.measure import EPSILON, Footprint, distance

if TYPE_CHECKING:
    from strategium.engine.core.game import Game

Combat = tuple[str, ...]
"""The units of one combat (host units), sorted (as :data:`strategium.engine.assault.fight.Combat`)."""


@dataclass(frozen=True)
class PiledIn(Event):
    """Models of a unit made their Pile-in move at Initiative ``step``."""

    step: int
    unit_name: str
    models: tuple[str, ...]

    def text(self) -> str:
        return f"Initiative step {self.step}: {self.unit_name} piles in ({', '.join(self.models)})"


def side_feet(game: Game, combat: Combat, player: PlayerId) -> list[tuple[str, Model, Footprint]]:
    """(unit id, model, footprint) of every model on the table of ``player``'s units in the combat."""
    return [x for u in combat if game.state.owner(u) == player for x in feet(game, u)]


def pile_in(game: Game, step: int, combat: Combat, movers: list[tuple[str, Model, Footprint]]) -> None:
    """The Pile-in of ``movers`` (unit id, model, footprint) at Initiative ``step`` (see the module docstring); logs
    :class:`PiledIn` for each unit with a model moved."""
    s = game.state
    reach = s.config.fight.pile_in_distance
    moved: dict[str, list[str]] = {}
    table: dict[tuple[str, str], tuple[Footprint, broad_phase.Box, float]] | None = None  # made when needed
    sides: dict[PlayerId, list[Footprint]] = {}  # each side's footprints, until one of its models moves
    for uid, model, fp in movers:
        enemy = 3 - s.owner(uid)
        foes = sides.get(enemy)
        if foes is None:
            foes = sides[enemy] = [f for _, _, f in side_feet(game, combat, enemy)]
        if not foes:
            continue
        gaps = [distance(fp, f) for f in foes]  # in contact: a gap of at most EPSILON (``in_contact``)
        gap = min(gaps)
        if gap <= EPSILON:
            continue
        foe = foes[gaps.index(gap)]  # the first closest, as ``min`` by distance finds it
        if type(fp.core) is Point and type(foe.core) is Point:  # the nearest points of two points: themselves
            (ax, ay), (bx, by) = (fp.core.x, fp.core.y), (foe.core.x, foe.core.y)
        else:
            a, b = nearest_points(fp.core, foe.core)
            (ax, ay), (bx, by) = (a.x, a.y), (b.x, b.y)
        length = math.hypot(bx - ax, by - ay)
        if length <= EPSILON:
            continue
        ux, uy = (bx - ax) / length, (by - ay) / length
        pose = s.units[uid].poses[model.id]
        step_len = min(reach, gap)
        if step_len <= EPSILON:  # no length to try
            continue
        if table is None:  # (unit id, model id) -> (footprint, box, inradius), kept up to date as models move
            table = table_models(game, reach_box(movers, reach))
        start = footprint(model, pose)
        here = start.outer_bounds
        path = broad_phase.hull(here, broad_phase.shifted(here, ux * step_len, uy * step_len))
        near = [
            (o, box, r) for (_, mid), (o, box, r) in table.items() if mid != model.id and broad_phase.meet(box, path)
        ]
        others = [(o, box) for o, box, _ in near]
        base = (type(start.core) is Point, start.radius)
        lengths = [step_len]  # the lengths tried, longest first (0.1" shorter each time)
        while (step_len := step_len - 0.1) > EPSILON:
            lengths.append(step_len)
        free = _first_free(model, pose, (ux, uy), lengths, base, here, others, [r for _, _, r in near])
        if free is not None:
            new = Pose(pose.x + ux * free, pose.y + uy * free, pose.heading)
            mine = footprint(model, new)
            s.units[uid].poses[model.id] = new
            table[(uid, model.id)] = (mine, mine.outer_bounds, inradius(model))
            moved.setdefault(uid, []).append(model.id)
            sides.pop(s.owner(uid), None)
    for uid, models in moved.items():
        game.log(PiledIn(step, s.unit(uid).name, tuple(models)))


def _first_free(
    model: Model,
    pose: Pose,
    direction: tuple[float, float],
    lengths: list[float],
    base: tuple[bool, float],
    here: broad_phase.Box,
    others: list[tuple[Footprint, broad_phase.Box]],
    inner: list[float] | None = None,
) -> float | None:
    """The first of ``lengths`` (inches, in order) the model may move from ``pose`` along ``direction`` without
    overlapping one of ``others`` (:func:`blocked`), or None. ``here``: the box of its footprint at ``pose``;
    ``base`` as :func:`blocked` takes it.

    The first length is tested alone (most models move their whole way). Past it, every length is tested at once
    with numpy, with the very float operations of :func:`blocked` element by element: the boxes (``broad_phase.meet``)
    and, for a round base, the distance of its centre to each other's core whose box meets (the distance of the
    centres; shapely's point-to-core distance, the call ``measure.core_distance`` makes, for a hull or an oval)
    against the sum of the radii less EPSILON. For a hull or an oval, a length where no box meets is free and any
    other is asked of :func:`blocked`."""
    ux, uy = direction
    x, y = pose.x, pose.y
    first = lengths[0]
    nx, ny = x + ux * first, y + uy * first
    if not blocked(model, nx, ny, pose.heading, base, broad_phase.shifted(here, nx - x, ny - y), others):
        return first
    if len(lengths) == 1:
        return None
    rest = np.array(lengths[1:])
    xs, ys = x + ux * rest, y + uy * rest
    dx, dy = xs - x, ys - y
    m = broad_phase.MARGIN
    x0, y0, x1, y1 = (here[0] + dx)[:, None], (here[1] + dy)[:, None], (here[2] + dx)[:, None], (here[3] + dy)[:, None]
    boxes = np.array([b for _, b in others], dtype=float).reshape(-1, 4)
    meets: np.ndarray = (
        (boxes[:, 0] <= x1 + m) & (x0 <= boxes[:, 2] + m) & (boxes[:, 1] <= y1 + m) & (y0 <= boxes[:, 3] + m)
    )
    round_base, radius = base
    if not round_base:  # a hull or an oval: the lengths where some box meets are asked of ``blocked``
        exact = np.asarray(meets.any(axis=1))
        sure = _surely_blocked(model, xs, ys, meets, others, inner)
        for k in range(len(rest)):
            length = lengths[k + 1]
            if sure[k]:
                continue
            if not exact[k]:
                return length
            nx, ny = x + ux * length, y + uy * length
            if not blocked(model, nx, ny, pose.heading, base, broad_phase.shifted(here, nx - x, ny - y), others):
                return length
        return None
    # a round base: ``overlaps`` compares the distance of its centre to the other's core (the centres' distance,
    # or shapely's, the same call on each point) with the sum of the radii less EPSILON, for every length at once
    rounds = np.array([type(o.core) is Point for o, _ in others], dtype=bool)
    hit = np.zeros(len(rest), dtype=bool)
    if rounds.any():
        centres = np.array([o.centre if r else (0.0, 0.0) for (o, _), r in zip(others, rounds, strict=True)])
        reach = np.array([radius + o.radius - EPSILON if r else 0.0 for (o, _), r in zip(others, rounds, strict=True)])
        ddx, ddy = xs[:, None] - centres[:, 0], ys[:, None] - centres[:, 1]
        hit = (meets & rounds & (np.sqrt(ddx * ddx + ddy * ddy) < reach)).any(axis=1)
    points = None
    for j in (~rounds & meets.any(axis=0)).nonzero()[0].tolist():
        o = others[j][0]
        points = shapely.points(xs, ys) if points is None else points
        hit |= meets[:, j] & (shapely.distance(points, o.core) < radius + o.radius - EPSILON)
    free = (~hit).nonzero()[0]
    return lengths[int(free[0]) + 1] if free.size else None


SURE_DEPTH = 0.01
"""Inches by which two discs inside two footprints (about their centres, of their inradii; each at least
:data:`SURE_RADIUS`) must overlap for :func:`_surely_blocked`: their lens, inside both footprints, then has an area
of more than 1e-4 square inches, far more than the EPSILON ``table_checks.overlaps`` asks of the overlap."""

SURE_RADIUS = 0.1
"""Inches: the least inradius :func:`_surely_blocked` uses."""


def _surely_blocked(
    model: Model,
    xs: np.ndarray,
    ys: np.ndarray,
    meets: np.ndarray,
    others: list[tuple[Footprint, broad_phase.Box]],
    inner: list[float] | None,
) -> np.ndarray:
    """For each position (``xs``, ``ys``) of the model's centre: whether it surely overlaps one of ``others`` whose
    box it meets (``meets``: positions by others), as :func:`blocked` would find: the centres closer than the sum of
    the inradii (``inner``, the others'; ``placement.inradius``) less :data:`SURE_DEPTH`. All False without
    ``inner``. The others' centres are their footprints' (an oval's or a hull's centroid: its pose's centre)."""
    sure = np.zeros(len(xs), dtype=bool)
    mine = inradius(model)
    if inner is None or not others or mine < SURE_RADIUS:
        return sure
    for j in np.flatnonzero(meets.any(axis=0)).tolist():
        if inner[j] < SURE_RADIUS:
            continue
        cx, cy = others[j][0].centre
        dx, dy = xs - cx, ys - cy
        sure |= meets[:, j] & (np.sqrt(dx * dx + dy * dy) < mine + inner[j] - SURE_DEPTH)
    return sure


def blocked(
    model: Model,
    x: float,
    y: float,
    heading: float,
    base: tuple[bool, float],
    box: broad_phase.Box,
    others: list[tuple[Footprint, broad_phase.Box]],
) -> bool:
    """The model at pose (``x``, ``y``, ``heading``; its footprint's box ``box``) would overlap one of ``others``:
    what ``table_checks.overlaps`` answers for the pairs whose boxes meet. ``base``: whether the model's footprint
    is a round base, and its radius. A round base against another is told apart without making its footprint, with
    the very float operations ``overlaps`` uses there (the distance of the centres, ``measure.core_distance``,
    against the sum of the radii less EPSILON); any other pair is tested on the footprint itself."""
    mine: Footprint | None = None
    round_base, radius = base
    for o, b in others:
        if not broad_phase.meet(b, box):
            continue
        if round_base and type(o.core) is Point:
            ox, oy = o.centre
            dx, dy = x - ox, y - oy
            if math.sqrt(dx * dx + dy * dy) < radius + o.radius - EPSILON:
                return True
            continue
        if mine is None:
            mine = footprint(model, Pose(x, y, heading))
        if table_checks.overlaps(mine, o):
            return True
    return False


def table_models(
    game: Game, near: broad_phase.Box | None = None
) -> dict[tuple[str, str], tuple[Footprint, broad_phase.Box, float]]:
    """Every model on the table, by (unit id, model id): its footprint, box (:mod:`.broad_phase`) and inradius
    (``placement.inradius``); with ``near``, only those whose box meets that box (``broad_phase.meet``)."""
    s = game.state
    out: dict[tuple[str, str], tuple[Footprint, broad_phase.Box, float]] = {}
    for st in s.units.values():
        if st.location is not Location.TABLE:
            continue
        for m in s.unit(st.unit_id).models:
            p = st.poses.get(m.id)
            if p is not None:
                fp = footprint(m, p)
                box = fp.outer_bounds
                if near is None or broad_phase.meet(box, near):
                    out[(st.unit_id, m.id)] = (fp, box, inradius(m))
    return out


REACH_SLACK = 1e-6
"""Inches added to the Pile-in distance for :func:`reach_box` (a unit vector's rounding is some 1e-16 of it)."""


def reach_box(movers: list[tuple[str, Model, Footprint]], reach: float) -> broad_phase.Box:
    """A box holding every box a model of ``movers`` may take in a Pile-in of at most ``reach`` inches (and so the
    box of each one's whole move): their boxes where they stand, grown by the reach. A model whose box does not meet
    it meets none of those; as the movers end within it, the models that may be in any mover's way are found once
    per Pile-in (not among every model on the table, per mover)."""
    x0, y0, x1, y1 = broad_phase.span([fp.outer_bounds for _, _, fp in movers])
    grow = reach + REACH_SLACK
    return (x0 - grow, y0 - grow, x1 + grow, y1 + grow)
