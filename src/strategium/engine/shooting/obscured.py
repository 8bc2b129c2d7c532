"""How much of a target model is hidden from a volley's firers by each obscurer: the engine's 2.5D measure of
:mod:`strategium.engine.shooting.line_of_fire` (a project method, not a rule; the module docstring there says what it
is).

The share is that of the model's footprint samples (:func:`samples`) whose sight lines from every firer's centre pass
through the obscurer's interior, times the share of the model's height it hides (:func:`height_share`, the least
over the firers). :func:`hidden_shares_of` measures every target model of a volley at once;
:func:`hidden_shares` one model; :func:`hidden_shares_reference` is the all-at-once arithmetic the tests hold both
to. All three do the same arithmetic on every (obscurer, firer, sample point) they measure, element for element,
so their answers are the same floats.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

import numpy as np
import shapely
from shapely.geometry import Polygon

from strategium.geometry.measure import EPSILON
from strategium.geometry.pieces import PlacedModel
from strategium.geometry.terrain import TerrainPiece
from strategium.geometry.umbra import HalfPlanes


@dataclass(frozen=True)
class Obscurer:
    """Something that can hide part of a model: its outline, height (inches), the save it gives and its name;
    ``blocks``: it blocks sight whatever the heights (a ``blocks`` piece, a Building); ``piece``: the terrain piece,
    if it is one (its own sight rule then decides); ``models``: models of other units."""

    outline: Polygon
    height: float
    save: int | None
    name: str
    blocks: bool = False
    piece: TerrainPiece | None = None
    models: bool = False

    def hides_all(self, observer_height: float, target_height: float) -> bool:
        """Whether it hides all of a target of ``target_height`` from an observer of ``observer_height`` (inches)."""
        if self.blocks:
            return True
        if self.piece is not None:
            return self.piece.blocks_sight(observer_height, target_height)
        return self.height >= max(observer_height, target_height)


SAMPLES = 7
"""The target's footprint is sampled on a SAMPLES x SAMPLES grid over its bounds (the points inside it)."""


_SAMPLED: dict[tuple[float, float, float, bytes], np.ndarray] = {}
""":func:`samples` by footprint (``Footprint.key``: the same shape at the same pose, the same points); emptied when
it holds ``_SAMPLED_MAX`` footprints."""
_SAMPLED_MAX = 4096


def samples(target: PlacedModel) -> np.ndarray:
    """Points spread evenly over the target's footprint (k, 2), inches (its centre if none falls inside); read-only,
    shared by the calls for equal footprints."""
    return samples_of([target])[0]


def samples_of(targets: Sequence[PlacedModel]) -> list[np.ndarray]:
    """``[samples(t) for t in targets]``: the footprints not kept yet are sampled together (their grid points tested
    against their polygons in one call of ``shapely.contains_xy``, the same predicate point by point)."""
    found = [_SAMPLED.get(t.footprint.key) for t in targets]
    todo = [i for i, points in enumerate(found) if points is None]
    if not todo:
        return [points for points in found if points is not None]  # every one found
    polys = np.array([targets[i].footprint.polygon() for i in todo], dtype=object)
    xs, ys = _grids(shapely.bounds(polys))
    inside = shapely.contains_xy(polys[:, None], xs, ys)
    for row, i in enumerate(todo):
        key = targets[i].footprint.key
        points = _SAMPLED.get(key)  # an equal footprint earlier in this call
        if points is None:
            hit = inside[row]
            if hit.any():
                points = np.stack([xs[row][hit], ys[row][hit]], axis=1)
            else:
                points = np.array([targets[i].footprint.centre])
            if len(_SAMPLED) >= _SAMPLED_MAX:
                _SAMPLED.clear()
            points.flags.writeable = False
            _SAMPLED[key] = points
        found[i] = points
    return [points for points in found if points is not None]  # every one filled in


def _grids(bounds: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """For each box (n, 4), the x and y of its SAMPLES x SAMPLES grid (n, SAMPLES**2), row by row: the points of
    ``np.meshgrid(np.linspace(x0, x1, SAMPLES + 2)[1:-1], np.linspace(y0, y1, SAMPLES + 2)[1:-1])``, with
    linspace's own arithmetic (``i * ((stop - start) / div) + start``) for every box at once."""
    x0, y0, x1, y1 = (bounds[:, k] for k in range(4))
    div = SAMPLES + 1
    step_x, step_y = (x1 - x0) / div, (y1 - y0) / div
    if not (step_x != 0).all() or not (step_y != 0).all():  # a flat box: linspace's own path, box by box
        pairs = [
            np.meshgrid(np.linspace(a, c, SAMPLES + 2)[1:-1], np.linspace(b, d, SAMPLES + 2)[1:-1])
            for a, b, c, d in bounds.tolist()
        ]
        return np.stack([gx.ravel() for gx, _ in pairs]), np.stack([gy.ravel() for _, gy in pairs])
    at = np.arange(SAMPLES + 2, dtype=float)[1:-1][None, :]
    gx = at * step_x[:, None] + x0[:, None]  # (n, SAMPLES)
    gy = at * step_y[:, None] + y0[:, None]
    return np.tile(gx, (1, SAMPLES)), np.repeat(gy, SAMPLES, axis=1)


class Shadows(NamedTuple):
    """What may hide part of the target from every firer (:func:`shadows`): the obscurers, their half-planes, and
    each one's own edges (:func:`_edges_of`)."""

    kept: list[Obscurer]
    planes: HalfPlanes | None
    edges: list[tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]]


def shadows(obscurers: Sequence[Obscurer], firers: Sequence[PlacedModel], targets: Sequence[PlacedModel]) -> Shadows:
    """The obscurers that may hide part of a target from every firer, with their half-planes: those that meet the
    convex hull of the firers and the targets (a sight line lies in it), and that no firer stands in or against (it
    shoots out of them: they hide nothing from it, so nothing from every firer). The hull is that of the outlines
    as a collection (their vertices), the same as their union's, without the union."""
    if not obscurers or not firers:
        return Shadows([], None, [])
    sources = [f.footprint.polygon() for f in firers]
    feet = [t.footprint.polygon() for t in targets]
    outlines = np.array([o.outline for o in obscurers], dtype=object)
    hull = shapely.convex_hull(shapely.geometrycollections(np.array([*sources, *feet], dtype=object)))
    meets = shapely.intersects(outlines, hull)
    touching = shapely.intersects(np.array(sources, dtype=object)[:, None], outlines[None, :]).any(axis=0)
    kept = [o for j, o in enumerate(obscurers) if meets[j] and not touching[j]]
    if not kept:
        return Shadows(kept, None, [])
    planes = HalfPlanes.of([o.outline for o in kept])
    return Shadows(kept, planes, _edges_of(planes))


def _edges_of(planes: HalfPlanes) -> list[tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]]:
    """The blockers' half-planes without the padding (the trailing copies of a blocker's last edge that
    :meth:`HalfPlanes.of` pads with), grouped by their number of edges: (the blockers' indices, x normals, y normals,
    offsets). A copy of a kept edge changes no maximum, minimum or "any" of :func:`_crossed_each`, so the answers
    are the same, bit for bit."""
    normals, offsets = planes.normals, planes.offsets
    same = (offsets[:, :-1] == offsets[:, -1:]) & (normals[:, :-1] == normals[:, -1:]).all(axis=2)  # (B, m - 1)
    trailing = np.cumprod(same[:, ::-1], axis=1).sum(axis=1)  # the copies of the last edge just before it
    sizes = offsets.shape[1] - trailing  # each blocker's edges without the padding
    out = []
    for m in dict.fromkeys(sizes.tolist()):
        idx = np.flatnonzero(sizes == m)
        kept = normals[idx, :m]
        out.append((idx, kept[..., 0].copy(), kept[..., 1].copy(), offsets[idx, :m].copy()))
    return out


def _crossed_each(planes: HalfPlanes, p0: np.ndarray, p1: np.ndarray) -> np.ndarray:
    """For segments p0[k]-p1[k] (K, 2), which pass through the interior of each blocker: (K, B) bool (the arithmetic
    of :meth:`HalfPlanes.crossed`, per blocker)."""
    n_b, m = planes.offsets.shape
    d = p1 - p0
    nx, ny = planes.normals.reshape(-1, 2).T
    num = planes.offsets.reshape(1, -1) - (nx * p0[:, :1] + ny * p0[:, 1:])
    den = nx * d[:, :1] + ny * d[:, 1:]
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        ratio = num / den
    lo = np.maximum(np.where(den < -1e-15, ratio, 0.0).reshape(-1, n_b, m).max(axis=2), 0.0)
    hi = np.minimum(np.where(den > 1e-15, ratio, 1.0).reshape(-1, n_b, m).min(axis=2), 1.0)
    never = ((np.abs(den) <= 1e-15) & (num <= 0)).reshape(-1, n_b, m).any(axis=2)
    length = np.sqrt((d * d).sum(axis=1))[:, None]
    out: np.ndarray = ((hi - lo) * length > 1e-9) & ~never
    return out


def hidden_shares(shadows: Shadows, firers: Sequence[PlacedModel], target: PlacedModel) -> list[tuple[Obscurer, float]]:
    """:func:`hidden_shares_of` for one target model."""
    return hidden_shares_of(shadows, firers, [target])[0]


def hidden_shares_of(
    shadows: Shadows, firers: Sequence[PlacedModel], targets: Sequence[PlacedModel]
) -> list[list[tuple[Obscurer, float]]]:
    """For each target model, each obscurer that hides some of it from every firer with the share hidden (0 to 1),
    in the obscurers' order: the share of the target's sample points whose sight line from every firer's centre
    passes through the obscurer, times the share of its height hidden (:func:`height_share`, the least over the
    firers).

    An obscurer is measured for a target only where it meets the box around the firers' centres and the target
    (:func:`_near`) and no firer's sight lines to the target pass far from it (:func:`_apart`); on its own edges
    (:func:`_edges_of`), the first firer first, and from the others only for the points hidden from the first; the
    points of every target in one array. Each (obscurer, firer, point) gets the arithmetic of :func:`_crossed_each`,
    element for element, so the answers are those of :func:`hidden_shares_reference`."""
    out: list[list[tuple[Obscurer, float]]] = [[] for _ in targets]
    kept, planes, edges = shadows
    if planes is None or not targets or not firers:
        return out
    fx = [f.footprint.centre for f in firers]
    centres = np.array(fx)
    b = planes.bounds
    boxes = np.array([t.footprint.outer_bounds for t in targets])  # (T, 4)
    bx0 = np.minimum(boxes[:, 0], min(c[0] for c in fx))[:, None]  # the min and max of _near, value for value
    by0 = np.minimum(boxes[:, 1], min(c[1] for c in fx))[:, None]
    bx1 = np.maximum(boxes[:, 2], max(c[0] for c in fx))[:, None]
    by1 = np.maximum(boxes[:, 3], max(c[1] for c in fx))[:, None]
    near = (b[None, :, 0] <= bx1) & (b[None, :, 2] >= bx0) & (b[None, :, 1] <= by1) & (b[None, :, 3] >= by0)
    rows = np.flatnonzero(near.any(axis=1)).tolist()  # the targets some obscurer may hide part of
    if not rows:
        return out
    pts = samples_of([targets[i] for i in rows])
    sizes = [len(p) for p in pts]
    points = np.concatenate(pts)  # (K, 2): the rows' points, row after row
    label = np.repeat(np.arange(len(rows)), sizes)  # the row of each point
    starts = np.cumsum([0, *sizes[:-1]])
    mask = near[rows] & ~_apart_rows(b, centres, points, starts)  # (R, B)
    mask &= ~_wide_of(kept, centres, [targets[i].footprint.centre for i in rows], points, label, mask)
    counts = np.zeros((len(rows), len(kept)), dtype=np.int64)  # points hidden from every firer, per row and obscurer
    for which, nx, ny, offsets in edges:
        wanted = mask[:, which]  # (R, g)
        used = wanted.any(axis=0)
        if not used.any():
            continue
        which, wanted = which[used], wanted[:, used]
        group = (nx[used], ny[used], offsets[used])
        on = wanted.any(axis=1)[label]  # the points of the rows that want some obscurer of the group
        at, lab = points[on], label[on]
        first = _crossed_from(group, centres[:1], at)[:, 0] & wanted[lab].T  # (g, k)
        for g, hidden in enumerate(first):
            if not hidden.any():
                continue
            if len(centres) > 1:
                one = (group[0][g : g + 1], group[1][g : g + 1], group[2][g : g + 1])
                every = _crossed_from(one, centres[1:], at[hidden])[0].all(axis=0)
                counts[:, which[g]] = np.bincount(lab[hidden][every], minlength=len(rows))
            else:
                counts[:, which[g]] = np.bincount(lab[hidden], minlength=len(rows))
    gaps: dict[int, list[float]] = {}  # obscurer -> each firer's distance to it (height_share), measured once
    for r, i in enumerate(rows):
        target = targets[i]
        centre = target.footprint.centre
        for j in np.flatnonzero(counts[r]).tolist():
            flat = int(counts[r, j]) / sizes[r]
            if flat <= EPSILON:
                continue
            obscurer = kept[j]
            tall = _least_height_share(obscurer, firers, centre, target.height, gaps, j)
            share = min(1.0, flat * tall)
            if share > EPSILON:
                out[i].append((obscurer, share))
    return out


Edges = tuple[np.ndarray, np.ndarray, np.ndarray]
"""Blockers with the same number of edges: x normals, y normals, offsets (g, m)."""


def _crossed_from(edges: Edges, centres: np.ndarray, points: np.ndarray) -> np.ndarray:
    """For each blocker (g), centre (f, 2) and point (k, 2), whether the segment from the centre to the point passes
    through the blocker's interior (g, f, k): :func:`_crossed_each` for these segments, element for element."""
    nx, ny, offsets = (e[:, None, None, :] for e in edges)  # (g, 1, 1, m)
    cx, cy = centres[None, :, None, 0:1], centres[None, :, None, 1:2]  # (1, f, 1, 1)
    dx = points[None, None, :, 0:1] - cx  # (1, f, k, 1)
    dy = points[None, None, :, 1:2] - cy
    num = offsets - (nx * cx + ny * cy)  # (g, f, 1, m)
    den = nx * dx + ny * dy  # (g, f, k, m)
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        ratio = num / den
    lo = np.maximum(np.where(den < -1e-15, ratio, 0.0).max(axis=3), 0.0)
    hi = np.minimum(np.where(den > 1e-15, ratio, 1.0).min(axis=3), 1.0)
    never = ((np.abs(den) <= 1e-15) & (num <= 0)).any(axis=3)
    length = np.sqrt(dx * dx + dy * dy)[..., 0]
    out: np.ndarray = ((hi - lo) * length > 1e-9) & ~never
    return out


def _apart_rows(bounds: np.ndarray, centres: np.ndarray, points: np.ndarray, starts: np.ndarray) -> np.ndarray:
    """For each row of ``points`` (the points from ``starts[r]`` to the next start) and blocker box (b, 4), whether the
    box is more than 1e-6" from the box of the segments from some centre to the row's points: no segment from that
    centre then comes within rounding of the blocker (the screen of :meth:`HalfPlanes.crossed_one`), so it hides
    none of the row's points from every centre (R, b) bool."""
    px0 = np.minimum.reduceat(points[:, 0], starts)[:, None]
    py0 = np.minimum.reduceat(points[:, 1], starts)[:, None]
    px1 = np.maximum.reduceat(points[:, 0], starts)[:, None]
    py1 = np.maximum.reduceat(points[:, 1], starts)[:, None]
    x0, y0 = np.minimum(centres[:, 0], px0)[..., None], np.minimum(centres[:, 1], py0)[..., None]  # (R, f, 1)
    x1, y1 = np.maximum(centres[:, 0], px1)[..., None], np.maximum(centres[:, 1], py1)[..., None]
    g = 1e-6
    far = (x1 < bounds[:, 0] - g) | (x0 > bounds[:, 2] + g) | (y1 < bounds[:, 1] - g) | (y0 > bounds[:, 3] + g)
    out: np.ndarray = far.any(axis=1)
    return out


def _wide_of(
    kept: Sequence[Obscurer],
    centres: np.ndarray,
    middles: Sequence[tuple[float, float]],
    points: np.ndarray,
    label: np.ndarray,
    mask: np.ndarray,
) -> np.ndarray:
    """For each row (a target: its centre ``middles[r]`` and its points, those with ``label`` r) and obscurer
    (R, B), whether the sight lines from some centre to the row's points all pass more than 1e-6" wide of the
    obscurer: the segment from that centre to the row's middle is farther than the obscurer's reach (the disc about
    its box's centre through its farthest vertex) plus the row's spread (its farthest point from the middle: every
    sight line to the row lies that close to the middle's) plus 1e-6". Then no sight line from that centre comes
    within rounding of the obscurer (the screen of :meth:`HalfPlanes.crossed_one`), so it hides none of the row's
    points from every centre. Only the pairs of ``mask`` are asked about (the others: False)."""
    out = np.zeros(mask.shape, dtype=bool)
    cols = np.flatnonzero(mask.any(axis=0))
    if not len(cols):
        return out
    coords, owner = shapely.get_coordinates([kept[j].outline for j in cols.tolist()], return_index=True)
    starts = np.flatnonzero(np.r_[True, owner[1:] != owner[:-1]])
    lo = np.stack([np.minimum.reduceat(coords[:, k], starts) for k in (0, 1)], axis=1)
    hi = np.stack([np.maximum.reduceat(coords[:, k], starts) for k in (0, 1)], axis=1)
    disc = (lo + hi) / 2  # (b, 2)
    reach = np.sqrt(np.maximum.reduceat(((coords - disc[owner]) ** 2).sum(axis=1), starts))  # (b,)
    mid = np.array(middles)  # (R, 2)
    firsts = np.flatnonzero(np.r_[True, label[1:] != label[:-1]])
    spread = np.sqrt(np.maximum.reduceat(((points - mid[label]) ** 2).sum(axis=1), firsts))  # (R,)
    d = mid[:, None, :] - centres[None, :, :]  # (R, f, 2)
    w = disc[None, :, :] - centres[:, None, :]  # (f, b, 2)
    length2 = np.maximum((d * d).sum(axis=2), 1e-30)[..., None]  # (R, f, 1)
    t = np.clip((d[:, :, None, 0] * w[None, :, :, 0] + d[:, :, None, 1] * w[None, :, :, 1]) / length2, 0.0, 1.0)
    gap_x = w[None, :, :, 0] - t * d[:, :, None, 0]  # the obscurer's disc centre less the closest point of the line
    gap_y = w[None, :, :, 1] - t * d[:, :, None, 1]
    far = np.sqrt(gap_x * gap_x + gap_y * gap_y) > reach[None, None, :] + spread[:, None, None] + 2e-6  # (R, f, b)
    out[:, cols] = far.any(axis=1)
    return out


def _near(
    planes: HalfPlanes, firers: Sequence[PlacedModel], target: PlacedModel
) -> tuple[list[tuple[float, float]], np.ndarray, np.ndarray]:
    """The firers' centres, the obscurers' bounds and which of them meet the box around the firers' centres and
    the target's footprint (only those can lie across a sight line)."""
    x0, y0, x1, y1 = target.footprint.outer_bounds
    fx = [f.footprint.centre for f in firers]
    bx0, by0 = min(x0, *(c[0] for c in fx)), min(y0, *(c[1] for c in fx))
    bx1, by1 = max(x1, *(c[0] for c in fx)), max(y1, *(c[1] for c in fx))
    b = planes.bounds
    return fx, b, (b[:, 0] <= bx1) & (b[:, 2] >= bx0) & (b[:, 1] <= by1) & (b[:, 3] >= by0)


def hidden_shares_reference(
    shadows: Shadows, firers: Sequence[PlacedModel], target: PlacedModel
) -> list[tuple[Obscurer, float]]:
    """:func:`hidden_shares` all at once (every firer, point and padded edge; slower): the reference for tests."""
    out: list[tuple[Obscurer, float]] = []
    kept, planes, _ = shadows
    if planes is None:
        return out
    fx, _, near = _near(planes, firers, target)
    if not near.any():
        return out
    points = samples(target)
    centres = np.array(fx)
    p0 = np.repeat(centres, len(points), axis=0)
    p1 = np.tile(points, (len(centres), 1))
    which = np.flatnonzero(near)
    sub = HalfPlanes(planes.normals[which], planes.offsets[which], planes.bounds[which])
    crossed = _crossed_each(sub, p0, p1).reshape(len(centres), len(points), -1).all(axis=0)  # (points, near)
    flat_all = crossed.mean(axis=0)
    centre = target.footprint.centre
    for k in np.flatnonzero(flat_all > EPSILON).tolist():
        obscurer = kept[int(which[k])]
        tall = min(height_share(obscurer, f, centre, target.height) for f in firers)
        share = min(1.0, float(flat_all[k]) * tall)
        if share > EPSILON:
            out.append((obscurer, share))
    return out


def height_share(obscurer: Obscurer, firer: PlacedModel, target: tuple[float, float], height: float) -> float:
    """The share of the target's height the obscurer hides from ``firer``: all of it if it blocks sight for these
    heights; else the part below the line from the firer's eye over the obscurer's top, at the target's distance."""
    if obscurer.hides_all(firer.height, height):
        return 1.0
    if height <= 0:
        return 0.0
    a = max(float(obscurer.outline.distance(shapely.Point(firer.footprint.centre))), EPSILON)
    return _below_the_line(obscurer, firer.height, a, float(obscurer.outline.distance(shapely.Point(target))), height)


def _below_the_line(obscurer: Obscurer, eye: float, a: float, b: float, height: float) -> float:
    """:func:`height_share` from the firer's eye height and its distance ``a`` and the target's ``b`` to the
    obscurer (inches)."""
    hidden = eye + (obscurer.height - eye) * (a + b) / a
    return max(0.0, min(hidden, height)) / height


def _least_height_share(
    obscurer: Obscurer,
    firers: Sequence[PlacedModel],
    target: tuple[float, float],
    height: float,
    gaps: dict[int, list[float]],
    key: int,
) -> float:
    """``min(height_share(obscurer, f, target, height) for f in firers)``, the same floats: the firers' distances to
    the obscurer measured in one call (kept in ``gaps`` under ``key``) and the target's once."""
    shares: list[float] = []
    b: float | None = None
    for k, firer in enumerate(firers):
        if obscurer.hides_all(firer.height, height):
            shares.append(1.0)
            continue
        if height <= 0:
            shares.append(0.0)
            continue
        found = gaps.get(key)
        if found is None:
            at = shapely.points(np.array([f.footprint.centre for f in firers]))
            found = gaps[key] = [max(float(d), EPSILON) for d in shapely.distance(obscurer.outline, at).tolist()]
        if b is None:
            b = float(obscurer.outline.distance(shapely.Point(target)))
        shares.append(_below_the_line(obscurer, firer.height, found[k], b, height))
    return min(shares)
