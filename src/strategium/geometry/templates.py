"""The shapes of area weapons: the teardrop Template (rulebook p.248) and the round Blast markers (p.234).

All distances in inches, directions in degrees anticlockwise from +x (the convention of model headings).

- :func:`teardrop`: the flame template as the convex hull of two circles on one axis (an :class:`AreaShape`): a
  small one (diameter ``narrow``) whose near side is the narrow tip at ``tip``, and a large one (diameter ``wide``)
  whose far side lies ``length`` from the tip, pointing ``direction``. The sizes are the rules configuration's
  (``templates.*``): HH2's rulebook diagram of the template was not read; the defaults are its usual size.
- :func:`blast_marker`: a Blast (X") marker, a disc of diameter X centred on its hole.
- :func:`under`: which footprints are "fully or partially" under a shape (p.234, p.248): they reach into it (a base
  only touching its edge is not under it).
- :func:`tip_on`: where a ray from a footprint's centre leaves it (the narrow end touching the base or hull).
- :func:`scattered`: a point moved a distance in a direction (the Blast marker's scatter).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import shapely
from shapely.geometry import LineString, Point, Polygon

from strategium.geometry.measure import EPSILON, Footprint, circle_polygon

OVERLAP_AREA = 1e-6
"""Square inches a hull or oval footprint must share with a shape to count as partly under it."""


def unit_vector(direction: float) -> tuple[float, float]:
    """The unit vector of ``direction`` (degrees anticlockwise from +x)."""
    a = math.radians(direction)
    return (math.cos(a), math.sin(a))


@dataclass(frozen=True)
class AreaShape:
    """The convex hull of two discs: centre ``near`` radius ``near_radius`` and centre ``far`` radius ``far_radius``
    (inches). A Blast marker has both discs the same; the teardrop template has a small disc at its tip and a large
    one at its far end. Distances to it are exact (:meth:`signed_distances`), not a polygon's."""

    near: tuple[float, float]
    near_radius: float
    far: tuple[float, float]
    far_radius: float

    def signed_distances(self, points: np.ndarray) -> np.ndarray:
        """For each point (an (n, 2) array), its distance to the shape's outline: negative inside, positive
        outside (the exact distance of a point to the hull of two discs)."""
        p = np.asarray(points, dtype=float).reshape(-1, 2)
        (ax, ay), (bx, by) = self.near, self.far
        r1, r2 = self.near_radius, self.far_radius
        dx, dy = bx - ax, by - ay
        h = math.hypot(dx, dy)
        rel = p - np.array([ax, ay])
        if h <= abs(r1 - r2) + 1e-12:  # one disc holds the other (or a single disc)
            big = (ax, ay, r1) if r1 >= r2 else (bx, by, r2)
            return np.hypot(p[:, 0] - big[0], p[:, 1] - big[1]) - big[2]
        ux, uy = dx / h, dy / h
        along = rel[:, 0] * ux + rel[:, 1] * uy
        across = np.abs(-rel[:, 0] * uy + rel[:, 1] * ux)
        b = (r1 - r2) / h
        a = math.sqrt(1.0 - b * b)
        k = -b * across + a * along
        near_d = np.hypot(across, along) - r1
        far_d = np.hypot(across, along - h) - r2
        side = a * across + b * along - r1
        out: np.ndarray = np.where(k < 0.0, near_d, np.where(k > a * h, far_d, side))
        return out

    def polygon(self) -> Polygon:
        """The shape as a polygon (drawing; hull and oval footprints)."""
        c1 = circle_polygon(self.near, self.near_radius)  # Point(near).buffer(near_radius), vertex for vertex
        c2 = circle_polygon(self.far, self.far_radius)
        hull = shapely.convex_hull(shapely.union(c1, c2))
        assert isinstance(hull, Polygon)
        return hull


def signed_distances_each(shapes: Sequence[AreaShape], points: np.ndarray) -> np.ndarray:
    """Row ``i`` is ``shapes[i].signed_distances(points)`` (shape (len(shapes), n)), the very floats: the same
    operations, element for element, for every shape at once (a shape whose one disc holds the other takes its
    own row)."""
    p = np.asarray(points, dtype=float).reshape(-1, 2)
    out = np.empty((len(shapes), len(p)))
    rows: list[int] = []
    params: list[tuple[float, float, float, float, float, float, float, float, float]] = []
    for i, shape in enumerate(shapes):
        (ax, ay), (bx, by) = shape.near, shape.far
        r1, r2 = shape.near_radius, shape.far_radius
        dx, dy = bx - ax, by - ay
        h = math.hypot(dx, dy)
        if h <= abs(r1 - r2) + 1e-12:
            out[i] = shape.signed_distances(p)
            continue
        b = (r1 - r2) / h
        rows.append(i)
        params.append((ax, ay, dx / h, dy / h, b, math.sqrt(1.0 - b * b), h, r1, r2))
    if rows:
        ax, ay, ux, uy, b, a, h, r1, r2 = (c[:, None] for c in np.array(params).T)  # each (R, 1)
        rel_x, rel_y = p[:, 0] - ax, p[:, 1] - ay
        along = rel_x * ux + rel_y * uy
        across = np.abs(-rel_x * uy + rel_y * ux)
        k = -b * across + a * along
        near_d = np.hypot(across, along) - r1
        far_d = np.hypot(across, along - h) - r2
        side = a * across + b * along - r1
        out[rows] = np.where(k < 0.0, near_d, np.where(k > a * h, far_d, side))
    return out


def _box(shape: AreaShape) -> tuple[float, float, float, float]:
    """A box holding the shape and its polygon (the discs' boxes, grown by 1e-9" for the polygon's rounding)."""
    (ax, ay), (bx, by) = shape.near, shape.far
    r1, r2, g = shape.near_radius, shape.far_radius, 1e-9
    return (min(ax - r1, bx - r2) - g, min(ay - r1, by - r2) - g, max(ax + r1, bx + r2) + g, max(ay + r1, by + r2) + g)


def _gap(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> float:
    """The widest gap between two boxes along x or y (a lower bound of the distance between what they hold; 0 or
    less when they meet)."""
    return max(b[0] - a[2], a[0] - b[2], b[1] - a[3], a[1] - b[3])


def touches_each(shapes: Sequence[AreaShape], feet: Sequence[Footprint]) -> list[bool]:
    """``[touches_any(s, feet) for s in shapes]``, the same answers: the round bases measured for every shape at
    once (:func:`signed_distances_each`); a hull or oval measured only when its box comes within ``EPSILON`` of
    the shape's (farther, its polygon is farther than that from the shape's)."""
    centres, radii, idx = _round(feet)
    out: list[bool] = [False] * len(shapes)
    if idx:
        hit = np.asarray((signed_distances_each(shapes, centres) <= radii + EPSILON).any(axis=1))
        out = [bool(b) for b in hit.tolist()]
    others = [f for f in feet if not isinstance(f.core, Point)]
    if others:
        for i, shape in enumerate(shapes):
            if out[i]:
                continue
            box = _box(shape)
            near = [f for f in others if _gap(box, f.outer_bounds) <= EPSILON]
            if near:
                poly = shape.polygon()
                out[i] = any(bool(poly.distance(f.polygon()) <= EPSILON) for f in near)
    return out


def under_each(shapes: Sequence[AreaShape], feet: Sequence[Footprint]) -> list[int]:
    """``[sum(under(s, feet)) for s in shapes]``, the same counts (:func:`under_rows`)."""
    return [sum(row) for row in under_rows(shapes, feet)]


def under_rows(shapes: Sequence[AreaShape], feet: Sequence[Footprint]) -> list[list[bool]]:
    """``[under(s, feet) for s in shapes]``, the same answers: the round bases measured for every shape at once
    (:func:`signed_distances_each`); a hull or oval only when its box meets the shape's (else they share no area)."""
    out = [[False] * len(feet) for _ in shapes]
    centres, radii, idx = _round(feet)
    if idx:
        inside = np.asarray(signed_distances_each(shapes, centres) < radii - EPSILON)
        for row, flags in zip(out, inside.tolist(), strict=True):
            for i, flag in zip(idx, flags, strict=True):
                row[i] = bool(flag)
    others = [i for i, f in enumerate(feet) if not isinstance(f.core, Point)]
    if others:
        for row, shape in zip(out, shapes, strict=True):
            box = _box(shape)
            near = [i for i in others if _gap(box, feet[i].outer_bounds) <= 0.0]
            if near:
                poly = shape.polygon()
                for i in near:
                    row[i] = bool(poly.intersection(feet[i].polygon()).area > OVERLAP_AREA)
    return out


def teardrop(tip: tuple[float, float], direction: float, length: float, narrow: float, wide: float) -> AreaShape:
    """The teardrop template with its narrow tip at ``tip`` pointing ``direction``: ``length`` inches from the tip to
    the far edge, the narrow end ``narrow`` inches across, the wide end ``wide`` across. Raises ``ValueError`` if
    the sizes are not positive or the two ends do not fit in the length."""
    if length <= 0 or narrow <= 0 or wide <= 0 or narrow > length or wide > length:
        raise ValueError(f"bad template sizes: length {length}, narrow {narrow}, wide {wide}")
    ux, uy = unit_vector(direction)
    r1, r2 = narrow / 2, wide / 2
    near = (tip[0] + ux * r1, tip[1] + uy * r1)
    far = (tip[0] + ux * (length - r2), tip[1] + uy * (length - r2))
    return AreaShape(near, r1, far, r2)


def teardrops(
    foot: Footprint, directions: Sequence[float], length: float, narrow: float, wide: float
) -> list[AreaShape]:
    """``[teardrop(tip_on(foot, d), d, length, narrow, wide) for d in directions]``: the same shapes (the same
    arithmetic on the same unit vectors), with the sizes checked once and each shape made without its frozen
    constructor's field-by-field assignment. Raises ``ValueError`` as :func:`teardrop` does."""
    if length <= 0 or narrow <= 0 or wide <= 0 or narrow > length or wide > length:
        raise ValueError(f"bad template sizes: length {length}, narrow {narrow}, wide {wide}")
    r1, r2 = narrow / 2, wide / 2
    out: list[AreaShape] = []
    round_base = isinstance(foot.core, Point)
    cx, cy = foot.centre
    for d in directions:
        ux, uy = unit_vector(d)
        tip = (cx + ux * foot.radius, cy + uy * foot.radius) if round_base else tip_on(foot, d)
        shape = object.__new__(AreaShape)
        shape.__dict__.update(
            near=(tip[0] + ux * r1, tip[1] + uy * r1),
            near_radius=r1,
            far=(tip[0] + ux * (length - r2), tip[1] + uy * (length - r2)),
            far_radius=r2,
        )
        out.append(shape)
    return out


def blast_marker(centre: tuple[float, float], diameter: float) -> AreaShape:
    """A Blast marker of ``diameter`` inches (3 for Blast (3"), 5 for Large Blast) with its hole at ``centre``."""
    return AreaShape(centre, diameter / 2, centre, diameter / 2)


def _round(feet: Sequence[Footprint]) -> tuple[np.ndarray, np.ndarray, list[int]]:
    idx = [i for i, f in enumerate(feet) if isinstance(f.core, Point)]
    centres = np.array([feet[i].centre for i in idx], dtype=float).reshape(-1, 2)
    radii = np.array([feet[i].radius for i in idx], dtype=float)
    return centres, radii, idx


def under(shape: AreaShape, feet: Sequence[Footprint]) -> list[bool]:
    """For each footprint, whether it is fully or partly under ``shape``: a round base overlaps it by more than
    ``EPSILON`` inches (a base only touching the edge is not under it); a hull or oval shares more than
    :data:`OVERLAP_AREA` square inches with it."""
    out = [False] * len(feet)
    centres, radii, idx = _round(feet)
    if idx:
        inside = shape.signed_distances(centres) < radii - EPSILON
        for i, flag in zip(idx, inside.tolist(), strict=True):
            out[i] = bool(flag)
    others = [i for i, f in enumerate(feet) if not isinstance(f.core, Point)]
    if others:
        poly = shape.polygon()
        for i in others:
            out[i] = bool(poly.intersection(feet[i].polygon()).area > OVERLAP_AREA)
    return out


def touches_any(shape: AreaShape, feet: Sequence[Footprint]) -> bool:
    """Whether ``shape`` touches or covers any of ``feet`` (within ``EPSILON``: "without touching")."""
    centres, radii, idx = _round(feet)
    if idx and bool((shape.signed_distances(centres) <= radii + EPSILON).any()):
        return True
    others = [f for f in feet if not isinstance(f.core, Point)]
    if others:
        poly = shape.polygon()
        return any(bool(poly.distance(f.polygon()) <= EPSILON) for f in others)
    return False


def tip_on(foot: Footprint, direction: float) -> tuple[float, float]:
    """The point where the ray from the footprint's centre in ``direction`` leaves the footprint (its edge)."""
    cx, cy = foot.centre
    ux, uy = unit_vector(direction)
    if isinstance(foot.core, Point):
        return (cx + ux * foot.radius, cy + uy * foot.radius)
    poly = foot.polygon()
    minx, miny, maxx, maxy = poly.bounds
    reach = math.hypot(maxx - minx, maxy - miny) + 1.0
    ray = LineString([(cx, cy), (cx + ux * reach, cy + uy * reach)])
    cut = ray.intersection(poly.exterior)
    points = [p for p in getattr(cut, "geoms", [cut]) if isinstance(p, Point)]
    if not points:
        return (cx, cy)
    far = max(points, key=lambda p: (p.x - cx) ** 2 + (p.y - cy) ** 2)
    return (float(far.x), float(far.y))


def scattered(point: tuple[float, float], direction: float, inches: float) -> tuple[float, float]:
    """``point`` moved ``inches`` in ``direction``."""
    ux, uy = unit_vector(direction)
    return (point[0] + ux * inches, point[1] + uy * inches)


def bearing(origin: tuple[float, float], to: tuple[float, float]) -> float:
    """The direction (degrees in [0, 360)) from ``origin`` to ``to``."""
    return math.degrees(math.atan2(to[1] - origin[1], to[0] - origin[0])) % 360.0
