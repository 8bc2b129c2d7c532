"""The heuristic player's quick screen of straight moves (:class:`MoveFilter`): which of many proposed moves of a
formation could pass the engine's Move check, tested in numpy against the table's models and terrain, so that few
proposals reach the full check. The screen only proposes; the engine still checks whatever passes.

All lengths are inches.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence

import numpy as np
import shapely
from shapely.geometry import Point, Polygon
from shapely.geometry.base import BaseGeometry

from strategium.agents.placement_sampling import CLEARANCE, circumradius
from strategium.engine.core.board import Placement, Pose
from strategium.engine.core.state import GameState
from strategium.engine.core.timing import PlayerId
from strategium.engine.table.placement import Entry, TableModels, table_models
from strategium.geometry.measure import Footprint

Box = tuple[float, float, float, float]
"""min x, min y, max x, max y (inches)."""

Areas = tuple[BaseGeometry, BaseGeometry, BaseGeometry]
"""(centres allowed by the table and terrain, walls, Difficult Terrain)."""

_STATIC: dict[tuple[int, float], tuple[object, Areas, tuple[tuple[Box, ...], tuple[Box, ...]]]] = {}
"""(id of the battlefield, radius) -> (that battlefield, its areas, the bounds of each part of its walls and of its
Difficult Terrain): each entry holds its battlefield, so the id in its key cannot be reused by another object while
the entry lives."""

_STATIC_SIZE = 64
"""At most this many entries are kept (all are dropped when there would be more)."""


def static_areas(state: GameState, radius: float) -> Areas:
    """(centres allowed by the table and terrain, walls, Difficult Terrain) for a round probe; cached per
    battlefield and exact radius (the battlefield never changes; a rounded radius would let whichever near-equal
    radius came first decide the area, so a battle could depend on the battles played before it)."""
    return _static_entry(state, radius)[1]


def _static_entry(state: GameState, radius: float) -> tuple[object, Areas, tuple[tuple[Box, ...], tuple[Box, ...]]]:
    """The entry of :data:`_STATIC` for the state's battlefield and ``radius`` (built when missing)."""
    from strategium.geometry.regions import on_table_region, standing_forbidden

    bf = state.battlefield
    key = (id(bf), radius)
    entry = _STATIC.get(key)
    if entry is None or entry[0] is not bf:
        probe = Footprint(Point(0.0, 0.0), radius)
        allowed = on_table_region(bf, probe).difference(standing_forbidden(bf, probe))
        walls = [t.footprint for t in bf.terrain if t.is_impassable] + [b.footprint for b in bf.buildings]
        difficult = [t.footprint for t in bf.terrain if t.is_difficult]
        found = (
            allowed,
            shapely.union_all(np.array(walls or [Polygon()], dtype=object)),
            shapely.union_all(np.array(difficult or [Polygon()], dtype=object)),
        )
        for g in found:
            shapely.prepare(g)
        entry = (bf, found, (part_boxes(found[1]), part_boxes(found[2])))
        if len(_STATIC) >= _STATIC_SIZE:
            _STATIC.clear()
        _STATIC[key] = entry
    return entry


def part_boxes(area: BaseGeometry) -> tuple[Box, ...]:
    """The bounds of each part of ``area`` (inches), in the order of its parts; none for an empty area."""
    parts = shapely.get_parts(area)
    parts = parts[~shapely.is_empty(parts)]
    return tuple((float(a), float(b), float(c), float(d)) for a, b, c, d in shapely.bounds(parts).tolist())


def boxes_far(box: Box, boxes: Sequence[Box], gap: float) -> bool:
    """Whether ``box`` lies more than ``gap`` inches from every box of ``boxes`` along x or along y (so every
    point of it is more than ``gap`` from every point of theirs)."""
    x0, y0, x1, y1 = box
    for bx0, by0, bx1, by1 in boxes:
        if bx0 <= x1 + gap and bx1 >= x0 - gap and by0 <= y1 + gap and by1 >= y0 - gap:
            return False
    return True


BOX_SLACK = 1e-4
"""Inches by which :meth:`MoveFilter.plausible_moves` widens the box of a chunk of moves (the moves' ends are
rounded to 1e-4", so they lie within 5e-5" of the starts moved by the offsets)."""

FAR_SLACK = 1e-6
"""Inches added to the distances at which :class:`MoveFilter` takes another model or a terrain part to be too far,
by bounds, to matter (far more than any rounding of the exact tests)."""


class MoveFilter:
    """A quick screen for straight moves of a formation, so that few proposals reach the engine's full check:
    every new centre must be on the table, off Impassable terrain and Buildings, clear of other models and more
    than ``keep_away`` inches from enemy models; no model's straight path may cross Impassable terrain, a Building
    or another model; a path through Difficult Terrain may be ``penalty`` inches shorter. Other models count as
    circles as wide as they are (conservative for hulls and oval bases). Built once per decision for one party
    (``moving``) of ``player``; the engine still checks whatever passes."""

    def __init__(
        self,
        state: GameState,
        player: PlayerId,
        moving: set[str],
        radius: float,
        keep_away: float,
        penalty: float = 0.0,
    ) -> None:
        self.radius = radius
        self.penalty = penalty
        self.keep_away = keep_away
        _, (self.allowed, self.walls, self.difficult), (self._wall_boxes, self._difficult_boxes) = _static_entry(
            state, radius
        )
        table = table_models(state)
        xs, ys, rs, owners = _table_circles_of(table)
        keep = table.outside(moving)
        self.ox, self.oy, self.orad = xs[keep], ys[keep], rs[keep]
        self.foe = owners[keep] != player
        # per other model: how far a new centre must stay, and a path (built once; the same sums as plausible's)
        self._need = self.orad + radius + np.where(self.foe, keep_away + CLEARANCE, -CLEARANCE)
        self._pass = self.orad + radius - CLEARANCE
        self._reaches()

    def _reaches(self) -> None:
        """Per other model, the bounds of the centres from which a move may fail a test on it: its centre's, grown
        by the larger of the two distances (and :data:`FAR_SLACK`)."""
        far = np.maximum(self._need, self._pass) + FAR_SLACK
        centres = np.stack((self.ox, self.oy))
        self._lo, self._hi = centres - far, centres + far  # rows: x, y

    def plausible(self, before: Mapping[str, Pose], after: Placement, reach: float) -> bool:
        """Whether moving the models from ``before`` to ``after`` passes the screen (``reach``: the allowance)."""
        ax = np.array([p.x for _, p in after])
        ay = np.array([p.y for _, p in after])
        if not bool(shapely.contains_xy(self.allowed, ax, ay).all()):
            return False
        bx = np.array([before[mid].x for mid, _ in after])
        by = np.array([before[mid].y for mid, _ in after])
        if len(self.ox):
            d_end = np.hypot(ax[:, None] - self.ox[None, :], ay[:, None] - self.oy[None, :])
            need = (
                self.orad[None, :] + self.radius + np.where(self.foe, self.keep_away + CLEARANCE, -CLEARANCE)[None, :]
            )
            if bool((d_end < need).any()):
                return False
            d_path = segment_distance(bx, by, ax, ay, self.ox, self.oy)
            if bool((d_path < self.orad[None, :] + self.radius - CLEARANCE).any()):
                return False
        return self._paths_clear(bx, by, ax, ay, reach)

    def plausible_moves(
        self, before: Mapping[str, Pose], offsets: Sequence[tuple[float, float]], reach: float, chunk: int = 5
    ) -> Iterator[int]:
        """The indices of the ``offsets`` (dx, dy in inches: every model moved by it, as
        ``placement_sampling.translated`` moves them) whose moves pass the screen, in order: what :meth:`plausible`
        says of each, value for value. The tests of the new centres and of the paths past other models are made for
        the first ``chunk`` offsets, then for all the others at once (most screens pass one of the first few; the
        others, refusing many, are cheaper in one batch), the tests of the paths against terrain one offset at a
        time, as the indices are asked for. Other models and terrain too far (by bounds) from the box that holds
        every start and end of the moves tested together are left out of their tests (they could fail none)."""
        xs = [p.x for p in before.values()]
        ys = [p.y for p in before.values()]
        n = len(xs)
        bx, by = np.array(xs, dtype=float), np.array(ys, dtype=float)
        count = len(offsets)
        steps = np.array(offsets, dtype=float).reshape(count, 2)
        ends = np.empty((2, count, n))
        ends[0] = bx[None, :] + steps[:, 0:1]
        ends[1] = by[None, :] + steps[:, 1:2]
        ax_all, ay_all = round4(ends)  # the new centres, rounded as ``placement_sampling.translated`` rounds them
        if n:  # the box of the starts (a move's ends lie in it moved by the offset, give or take the rounding)
            x0, y0, x1, y1 = min(xs) - BOX_SLACK, min(ys) - BOX_SLACK, max(xs) + BOX_SLACK, max(ys) + BOX_SLACK
        others = bool(len(self.ox)) and n > 0
        starts = [0, chunk] if chunk < count else [0]  # the first chunk, then all the others at once
        for first, last in zip(starts, [*starts[1:], count], strict=True):
            ax, ay = ax_all[first:last], ay_all[first:last]
            ok = shapely.contains_xy(self.allowed, ax, ay).all(axis=1)
            if others:
                k = ok.nonzero()[0]
                if len(k):  # the other models near the box of the chunk's moves (rows: x, y)
                    dxs = [float(o[0]) for o in offsets[first:last]]
                    dys = [float(o[1]) for o in offsets[first:last]]
                    low = np.array([[x0 + min(0.0, *dxs)], [y0 + min(0.0, *dys)]])
                    high = np.array([[x1 + max(0.0, *dxs)], [y1 + max(0.0, *dys)]])
                    both = (self._hi >= low) & (self._lo <= high)
                    sel = (both[0] & both[1]).nonzero()[0]
                    if len(sel):
                        self._refuse_near(ok, k, bx, by, ax, ay, sel)
            for i in ok.nonzero()[0]:
                dx, dy = offsets[first + int(i)]
                box = (x0 + min(0.0, dx), y0 + min(0.0, dy), x1 + max(0.0, dx), y1 + max(0.0, dy)) if n else None
                if self._paths_clear(bx, by, ax[i], ay[i], reach, box):
                    yield first + int(i)

    def _refuse_near(
        self,
        ok: np.ndarray,
        k: np.ndarray,
        bx: np.ndarray,
        by: np.ndarray,
        ax: np.ndarray,
        ay: np.ndarray,
        sel: np.ndarray,
    ) -> None:
        """Set ``ok`` False for the moves ``k`` (positions in ``ax``, ``ay``: moves x models) that fail the tests of
        the new centres or of the paths (from ``bx``, ``by``) against the other models ``sel``."""
        ox, oy, need, path = self.ox[sel], self.oy[sel], self._need[sel], self._pass[sel]
        kx, ky = ax[k], ay[k]
        d_end = np.hypot(kx[:, :, None] - ox, ky[:, :, None] - oy)
        ok[k[(d_end < need).any(axis=(1, 2))]] = False
        keep = ok[k]
        if not bool(keep.all()):
            k, kx, ky = k[keep], kx[keep], ky[keep]
        if len(k):  # per model and other model: the other model's centre less the model's start
            rel_x, rel_y = ox[None, :] - bx[:, None], oy[None, :] - by[:, None]
            close = _path_distances(bx, by, kx, ky, rel_x, rel_y, ox, oy) < path
            ok[k[close.any(axis=(1, 2))]] = False

    def _paths_clear(
        self,
        bx: np.ndarray,
        by: np.ndarray,
        ax: np.ndarray,
        ay: np.ndarray,
        reach: float,
        box: Box | None = None,
    ) -> bool:
        """Whether no straight path (b -> a) crosses a wall, nor Difficult Terrain when it is longer than ``reach``
        less the penalty. ``box`` (if given) holds every start and end; terrain parts far from it are not tested."""
        width = self.radius * 0.98
        if box is None:
            box = (
                (
                    float(min(bx.min(), ax.min())),
                    float(min(by.min(), ay.min())),
                    float(max(bx.max(), ax.max())),
                    float(max(by.max(), ay.max())),
                )
                if len(bx)
                else (0.0, 0.0, 0.0, 0.0)
            )
        gap = width * (1 + 1e-9) + 1e-9 + FAR_SLACK  # beyond _paths_meet's first test
        walls = not boxes_far(box, self._wall_boxes, gap)
        difficult = self.penalty > 0 and not boxes_far(box, self._difficult_boxes, gap)
        if not (walls or difficult):
            return True
        ends = np.empty((len(bx), 2, 2))  # per model: (start, end) points
        ends[:, 0, 0], ends[:, 0, 1], ends[:, 1, 0], ends[:, 1, 1] = bx, by, ax, ay
        lines = shapely.linestrings(ends)
        if walls and _paths_meet(lines, width, self.walls):
            return False
        if difficult:
            long = np.hypot(ax - bx, ay - by) > reach - self.penalty
            if bool(long.any()) and _paths_meet(lines[long], width, self.difficult):
                return False
        return True


def round4(values: np.ndarray) -> np.ndarray:
    """Python's ``round(x, 4)`` of every value, bit for bit (a new array of the same shape).

    Python rounds the exact binary value half-even to 4 decimals and returns the double nearest that decimal
    N / 10**4. Here N is ``rint(x * 1e4)``, exact whenever the product lies more than 1e-6 from a half (its
    rounding error is below 2**-23 while it is under 2**30), and N / 1e4 is then the same nearest double
    (one correctly rounded division of exact operands); the values near a half, large or not finite are
    rounded by Python itself."""
    scaled = values * 1e4
    whole = np.rint(scaled)
    out: np.ndarray = whole / 1e4
    if not out.size:
        return out
    off = np.abs(scaled - whole)  # from the nearest whole number: within 1e-6 of a half when above 0.5 - 1e-6
    size = np.abs(scaled)
    if not (off.max() < 0.5 - 1e-6 and size.max() < 2.0**30):  # (false too when any value is not a number)
        sure = (off < 0.5 - 1e-6) & (size < 2.0**30)
        flat_out, flat_in = out.reshape(-1), values.reshape(-1)
        for i in np.flatnonzero(~sure.reshape(-1)):
            flat_out[i] = round(float(flat_in[i]), 4)
    return out


def _paths_meet(lines: np.ndarray, width: float, area: BaseGeometry) -> bool:
    """Whether any of ``lines`` buffered by ``width`` (2 segments a quarter circle) meets ``area``. The buffer
    lies inside the exact one, so only the lines within ``width`` of ``area`` (a little more, for rounding) are
    buffered and tested; and it holds every point within ``width`` times cos(22.5 degrees) (0.92) of its line (its
    sides lie ``width`` from the line, its caps' edges that far from the ends), so a line within
    :data:`INNER` ``width`` of ``area`` meets it without building the buffer."""
    near = shapely.dwithin(lines, area, width * (1 + 1e-9) + 1e-9)
    if not bool(near.any()):
        return False
    lines = lines[near]
    if bool(shapely.dwithin(lines, area, width * INNER).any()):
        return True
    return bool(shapely.intersects(shapely.buffer(lines, width, quad_segs=2), area).any())


INNER = 0.9
"""The share of a path's buffer width within which :func:`_paths_meet` takes a meeting for sure (the buffer holds
0.92 of it: cos(22.5 degrees); the rest is the margin for rounding)."""


def _table_circles_of(table: TableModels) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """(x, y, circumradius, player) of every model of a :func:`table_models` snapshot, as arrays in its order (for
    :class:`MoveFilter`); kept for the last snapshot asked about (snapshots never change; the one held is compared by
    identity, so it cannot be another object with a reused identity), and each unit's values kept with its part of
    that snapshot (:attr:`TableModels.parts`: a later snapshot shares the part of every unit whose part is unchanged;
    held, so compared by identity too), so that only the units whose parts are new are measured."""
    last = _CIRCLES[0] if _CIRCLES else None
    if last is not None and last[0] is table:
        return last[1]
    kept = last[2] if last is not None else {}
    by_unit: dict[str, tuple[tuple[Entry, ...], np.ndarray, np.ndarray]] = {}
    for part in table.parts:
        uid = part[0][0]
        found = kept.get(uid)
        if found is None or found[0] is not part:
            found = (
                part,
                np.array(
                    [
                        [e[4].x for e in part],
                        [e[4].y for e in part],
                        [circumradius(e[3], e[4].heading) for e in part],
                    ],
                    dtype=float,
                ),
                np.array([e[1] for e in part], dtype=int),
            )
        by_unit[uid] = found
    if by_unit:
        coords = np.concatenate([f[1] for f in by_unit.values()], axis=1)
        owners = np.concatenate([f[2] for f in by_unit.values()])
    else:
        coords, owners = np.empty((3, 0)), np.empty(0, dtype=int)
    coords.flags.writeable = False
    owners.flags.writeable = False
    xs, ys, rs = coords
    _CIRCLES[:] = [(table, (xs, ys, rs, owners), by_unit)]
    return xs, ys, rs, owners


_CIRCLES: list[
    tuple[
        TableModels,
        tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray],
        dict[str, tuple[tuple[Entry, ...], np.ndarray, np.ndarray]],
    ]
] = []
"""The last :func:`table_models` snapshot :func:`_table_circles_of` measured, its arrays and, by unit id, each unit's
part with its (x, y, circumradius) rows and players (one entry, replaced whole)."""


def segment_distance(
    bx: np.ndarray, by: np.ndarray, ax: np.ndarray, ay: np.ndarray, px: np.ndarray, py: np.ndarray
) -> np.ndarray:
    """Distances (moving models x points) from each segment (b -> a) to each point."""
    dx, dy = (ax - bx)[:, None], (ay - by)[:, None]
    length2 = dx * dx + dy * dy
    t = ((px[None, :] - bx[:, None]) * dx + (py[None, :] - by[:, None]) * dy) / np.where(length2 > 0, length2, 1.0)
    t = np.clip(t, 0.0, 1.0)
    cx, cy = bx[:, None] + t * dx, by[:, None] + t * dy
    out: np.ndarray = np.hypot(px[None, :] - cx, py[None, :] - cy)
    return out


def _path_distances(
    bx: np.ndarray,
    by: np.ndarray,
    ax: np.ndarray,
    ay: np.ndarray,
    rel_x: np.ndarray,
    rel_y: np.ndarray,
    px: np.ndarray,
    py: np.ndarray,
) -> np.ndarray:
    """:func:`segment_distance` of many moves at once, value for value: distances (moves x moving models x
    points) from each segment (b -> a) to each point. ``bx``, ``by``: the starts (models); ``ax``, ``ay``: the
    ends (moves x models); ``rel_x``, ``rel_y``: each point less each start (models x points)."""
    dx, dy = (ax - bx)[:, :, None], (ay - by)[:, :, None]
    length2 = dx * dx + dy * dy
    t = (rel_x * dx + rel_y * dy) / np.where(length2 > 0, length2, 1.0)
    np.minimum(np.maximum(t, 0.0, out=t), 1.0, out=t)
    cx, cy = bx[:, None] + t * dx, by[:, None] + t * dy
    out: np.ndarray = np.hypot(px - cx, py - cy)
    return out
