"""Measuring: footprints and the named distance predicates, with one tolerance constant.

Every distance in strategium is in inches and is measured between the **closest points** of two footprints
(bases or hulls), never between centres (Age of Darkness rulebook p.165 for measuring; see
``docs/geometry.md``). A :class:`Footprint` is a convex *core* (a point for a round base, a polygon for a
hull or an oval base) grown by a *radius*; distances between footprints are therefore exact for round bases
(no polygon approximation of circles is involved).

Boundary conventions (one constant, :data:`EPSILON` = 1e-6"):

* ``more_than(d, x)``  is ``d > x + EPSILON``  (strict: exactly 9.0" is **not** more than 9");
* ``within(d, x)``     is ``d <= x + EPSILON`` (inclusive: exactly 9.0" **is** within 9");
  ``within`` and ``more_than`` are exact complements of each other;
* ``in_contact(a, b)`` is ``distance(a, b) <= EPSILON`` (base or hull contact; touching counts).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import cache, cached_property

import numpy as np
import shapely
from shapely.geometry import Point, Polygon
from shapely.geometry.base import BaseGeometry

EPSILON = 1e-6
"""The one floating-point tolerance of all geometric predicates, in inches."""

MM_PER_INCH = 25.4
"""Millimetres per inch: base sizes are given in millimetres and converted with this."""

DRAW_QUAD_SEGS = 16
"""Segments per quarter circle when a round base is turned into a polygon (drawing, unions)."""


@dataclass(frozen=True, eq=False)
class Footprint:
    """What a model occupies on the table: a convex core grown by a radius (inches).

    A round base is ``Footprint(Point(x, y), radius)``; a hull or oval base is a convex polygon with
    ``radius == 0``. The core must be convex (bases and hulls are); distances are exact for these shapes.
    """

    core: BaseGeometry
    radius: float = 0.0

    @cached_property
    def centre(self) -> tuple[float, float]:
        """The centre of the footprint (x, y) in inches."""
        c = self.core.centroid
        return (float(c.x), float(c.y))

    @cached_property
    def key(self) -> tuple[float, float, float, bytes]:
        """The footprint as a hashable value, for caches keyed by value (``Footprint`` compares by identity): two
        footprints of the same shape at the same pose have equal keys. For a round base (radius, x, y, b""), else
        (radius, 0, 0, the core's coordinates as bytes, never empty)."""
        if isinstance(self.core, Point):
            x, y = self.centre
            return (self.radius, x, y, b"")
        return (self.radius, 0.0, 0.0, shapely.get_coordinates(self.core).tobytes())

    @cached_property
    def bounds(self) -> tuple[float, float, float, float]:
        """The bounds of the core (min x, min y, max x, max y; inches): grow them by ``radius`` for the
        footprint's."""
        minx, miny, maxx, maxy = self.core.bounds
        return (float(minx), float(miny), float(maxx), float(maxy))

    @cached_property
    def outer_bounds(self) -> tuple[float, float, float, float]:
        """Bounds of the whole footprint, the core's grown by ``radius`` (inches); they also contain
        :meth:`polygon`."""
        minx, miny, maxx, maxy = self.bounds
        r = self.radius
        return (minx - r, miny - r, maxx + r, maxy + r)

    @property
    def is_round(self) -> bool:
        """True for a round base (a point core)."""
        return isinstance(self.core, Point)

    def polygon(self, quad_segs: int = DRAW_QUAD_SEGS) -> Polygon:
        """The footprint as a polygon (round bases approximated, vertices on the circle); for drawing.

        The same polygon as ``core.buffer(radius, quad_segs=quad_segs)`` (vertex for vertex); the default one
        is built once per footprint and shared (shapely geometries are immutable).
        """
        if quad_segs == DRAW_QUAD_SEGS:
            return self._drawn
        return self._buffered(quad_segs)

    @cached_property
    def _drawn(self) -> Polygon:
        if self.radius > 0 and isinstance(self.core, Point):
            poly: Polygon = shapely.polygons(self.outline)
            return poly
        return self._buffered(DRAW_QUAD_SEGS)

    @property
    def outline(self) -> np.ndarray:
        """The vertices of :meth:`polygon` (closed ring, (k, 2) inches; read-only), without building it for a
        round base (computed on each call: footprints are many, and kept in caches)."""
        if self.radius > 0 and isinstance(self.core, Point):
            coords = circle_coords(self.centre, self.radius)
        else:
            coords = shapely.get_coordinates(self._drawn)
        coords.setflags(write=False)
        return coords

    def _buffered(self, quad_segs: int) -> Polygon:
        if self.radius > 0:
            if isinstance(self.core, Point):
                return circle_polygon(self.centre, self.radius, quad_segs)
            poly: Polygon = self.core.buffer(self.radius, quad_segs=quad_segs)
            return poly
        assert isinstance(self.core, Polygon)
        return self.core

    def outer_polygon(self, segments: int = 16) -> Polygon:
        """A polygon that contains the footprint: round bases become a circumscribed regular polygon.

        Used where a larger stand-in is the safe side (the observer's base in line of sight). The 16-sided one
        is built once per footprint and shared (shapely geometries are immutable).
        """
        if segments == 16:
            return self._outer16
        return self._outer(segments)

    @cached_property
    def _outer16(self) -> Polygon:
        return self._outer(16)

    def _outer(self, segments: int) -> Polygon:
        if self.radius <= 0:
            assert isinstance(self.core, Polygon)
            return self.core
        poly: Polygon = shapely.polygons(self.outer_vertices(segments))  # what Polygon(...) builds
        return poly

    def outer_vertices(self, segments: int = 16) -> np.ndarray:
        """The vertices of :meth:`outer_polygon` (k, 2) inches, without the ring's closing repeat: the very floats of
        its exterior, for a round base computed without building the polygon."""
        if self.radius <= 0:
            assert isinstance(self.core, Polygon)
            out: np.ndarray = np.asarray(self.core.exterior.coords)[:-1]
            return out
        x, y = self.centre
        big = self.radius / math.cos(math.pi / segments)
        cos, sin = _polygon_angles(segments)
        return np.column_stack([x + big * cos, y + big * sin])

    def translated(self, dx: float, dy: float) -> Footprint:
        """The same footprint moved by (dx, dy) inches."""
        return Footprint(shapely.transform(self.core, lambda c: c + np.array([dx, dy])), self.radius)

    def moved_to(self, x: float, y: float) -> Footprint:
        """The same footprint with its centre at (x, y)."""
        cx, cy = self.centre
        return self.translated(x - cx, y - cy)


def distance(a: Footprint, b: Footprint | BaseGeometry) -> float:
    """Distance in inches between the closest points of two footprints (0 when they touch or overlap).

    ``b`` may also be a bare shapely geometry (a terrain or Building footprint).
    """
    if isinstance(b, Footprint):
        return max(0.0, core_distance(a, b) - a.radius - b.radius)
    return max(0.0, float(a.core.distance(b)) - a.radius)


def core_distance(a: Footprint, b: Footprint) -> float:
    """Distance in inches between the cores of two footprints (their radii not taken off).

    Between two point cores (round bases) it is computed here, with the very operations GEOS uses
    (``sqrt(dx*dx + dy*dy)``), so the result is bit for bit the one shapely gives; otherwise shapely's.
    """
    if type(a.core) is Point and type(b.core) is Point:
        (ax, ay), (bx, by) = a.centre, b.centre
        dx, dy = ax - bx, ay - by
        return math.sqrt(dx * dx + dy * dy)
    key = (a.key, b.key)  # a hull or an oval base: kept by value (the same pair is asked again and again)
    known = _CORE_KEPT.get(key)
    if known is None:
        if len(_CORE_KEPT) >= CORE_KEPT:
            _CORE_KEPT.clear()
        known = _CORE_KEPT[key] = float(a.core.distance(b.core))
    return known


CORE_KEPT = 16384
"""Most :func:`core_distance` answers with a hull or an oval kept by value (all are forgotten when full)."""

_CORE_KEPT: dict[tuple[tuple[float, float, float, bytes], tuple[float, float, float, bytes]], float] = {}


@cache
def _polygon_angles(segments: int) -> tuple[np.ndarray, np.ndarray]:
    """The cosines and sines of the angles ``2 pi i / segments`` (i < segments) of :meth:`Footprint.outer_polygon`
    (computed once: the same arrays every time)."""
    angles = np.arange(segments) * (2 * math.pi / segments)
    cos, sin = np.cos(angles), np.sin(angles)
    cos.setflags(write=False)
    sin.setflags(write=False)
    return cos, sin


@cache
def _unit_circle(quad_segs: int) -> np.ndarray:
    """The vertices (closed ring) of ``Point(0, 0).buffer(1, quad_segs)``: cosines and sines of the angles."""
    ring: np.ndarray = np.asarray(Point(0.0, 0.0).buffer(1.0, quad_segs=quad_segs).exterior.coords)
    ring.setflags(write=False)
    return ring


def circle_polygon(centre: tuple[float, float], radius: float, quad_segs: int = DRAW_QUAD_SEGS) -> Polygon:
    """The polygon of ``Point(centre).buffer(radius, quad_segs=quad_segs)`` (vertices on the circle), built
    from a unit-circle template: GEOS places vertex *i* at ``x + r cos(a_i), y + r sin(a_i)``, and so does this,
    so the coordinates are identical (``tests/geometry/test_measure_fast.py``), at a fraction of the cost.
    ``radius`` must be positive."""
    poly: Polygon = shapely.polygons(circle_coords(centre, radius, quad_segs))
    return poly


def circle_coords(centre: tuple[float, float], radius: float, quad_segs: int = DRAW_QUAD_SEGS) -> np.ndarray:
    """The vertices (closed ring, (4 quad_segs + 1, 2)) of :func:`circle_polygon`."""
    coords: np.ndarray = _unit_circle(quad_segs) * radius  # r cos(a_i) + x: the same floats as x + r cos(a_i)
    coords += centre
    return coords


def more_than(d: float, inches: float) -> bool:
    """Strict "more than X inches": ``d > X + EPSILON``. Exactly X is not more than X."""
    return d > inches + EPSILON


def within(d: float, inches: float) -> bool:
    """Inclusive "within X inches": ``d <= X + EPSILON``. The complement of :func:`more_than`."""
    return d <= inches + EPSILON


def in_contact(a: Footprint, b: Footprint | BaseGeometry) -> bool:
    """Base or hull contact: the footprints touch or overlap (closest distance at most EPSILON).

    Two footprints whose cores' bounds are farther apart than their radii (by more than :data:`BOX_SLACK`) are
    told apart from the bounds alone (the gap between the boxes never exceeds the distance)."""
    if isinstance(b, Footprint) and boxes_apart(a, b, EPSILON):
        return False
    return distance(a, b) <= EPSILON


BOX_SLACK = 1e-6
"""Inches by which the gap between two footprints' boxes must exceed a distance before :func:`boxes_apart` says
"farther": far more than the rounding of a distance on a table of a few feet."""


def boxes_apart(a: Footprint, b: Footprint, beyond: float) -> bool:
    """True when the footprints are surely more than ``beyond`` inches apart, from their cores' bounds alone (the
    gap between the two boxes, less both radii, exceeds ``beyond`` by more than :data:`BOX_SLACK`); False when the
    bounds cannot tell (measure then). Round bases are not worth it (their distance is plain arithmetic): False."""
    if type(a.core) is Point and type(b.core) is Point:
        return False
    ax0, ay0, ax1, ay1 = a.bounds
    bx0, by0, bx1, by1 = b.bounds
    dx = max(0.0, ax0 - bx1, bx0 - ax1)
    dy = max(0.0, ay0 - by1, by0 - ay1)
    return math.hypot(dx, dy) - a.radius - b.radius > beyond + BOX_SLACK


def farthest_distance(a: Footprint, b: Footprint) -> float:
    """The largest distance from any point of ``a`` to the footprint ``b`` (inches).

    Exact for a round or polygonal ``a`` against a convex ``b`` (the distance to a convex set is a
    convex function, so its maximum over ``a`` lies on a vertex, or for a disc on the ray away from ``b``).
    """
    if a.is_round:
        if type(b.core) is Point and type(a.core) is Point:  # GEOS's point distance, as core_distance computes it
            return max(0.0, core_distance(b, a) + a.radius - b.radius)
        x, y = a.centre
        p = Point(x, y)
        if isinstance(b.core, Polygon) and b.core.contains(p):
            inner = max(0.0, a.radius - float(b.core.exterior.distance(p)))
        else:
            inner = float(b.core.distance(p)) + a.radius
        return max(0.0, inner - b.radius)
    assert isinstance(a.core, Polygon)
    coords = np.asarray(a.core.exterior.coords)
    dists = shapely.distance(shapely.points(coords), b.core)
    return max(0.0, float(np.max(dists)) - b.radius)


def entirely_within(a: Footprint, b: Footprint, inches: float) -> bool:
    """ "Entirely (wholly) within X": every point of ``a`` is within X inches of ``b`` (inclusive, EPSILON)."""
    return within(farthest_distance(a, b), inches)


MIN_KEPT = 16384
"""Most :func:`min_distance` answers with a hull or oval kept by value (all are forgotten when full)."""

_MIN_KEPT: dict[tuple[tuple[tuple[float, float, float, bytes], ...], ...], float] = {}

SMALL_PAIRS = 128
"""Up to this many pairs of round bases, :func:`min_distance` measures in plain Python (numpy above it)."""


def min_distance(a: Sequence[Footprint], b: Sequence[Footprint]) -> float:
    """Closest distance between any footprint of ``a`` and any of ``b`` (unit to unit), inches.

    Between round bases only, measured here (centre distance ``sqrt(dx*dx + dy*dy)``, the very operations of
    :func:`core_distance` and GEOS, so each pair's float is bit for bit shapely's; plain Python for a few pairs,
    numpy for many); with a hull or oval on either side, by shapely, and kept by value (:data:`MIN_KEPT`: a
    unit's gap to another is asked again and again). Raises ``ValueError`` if either sequence is empty.
    """
    if not a or not b:
        raise ValueError("min_distance needs at least one footprint on each side")
    if not all(type(f.core) is Point for f in a) or not all(type(f.core) is Point for f in b):
        key = (tuple([f.key for f in a]), tuple([f.key for f in b]))  # hulls and ovals: kept by value
        known = _MIN_KEPT.get(key)
        if known is None:
            if len(_MIN_KEPT) >= MIN_KEPT:
                _MIN_KEPT.clear()
            known = _MIN_KEPT[key] = max(0.0, _shapely_min(a, b))
        return known
    if len(a) * len(b) <= SMALL_PAIRS:
        ra0, rb0 = a[0].radius, b[0].radius
        if all(f.radius == ra0 for f in a) and all(f.radius == rb0 for f in b):
            # one base size a side: ``sqrt(q) - ra - rb`` rises with q (rounding is monotone), so the closest
            # pair by squared distance gives the very float of the smallest difference
            cb = [f.centre for f in b]
            q = math.inf
            for ax, ay in (f.centre for f in a):
                for bx, by in cb:
                    dx, dy = ax - bx, ay - by
                    dd = dx * dx + dy * dy
                    if dd < q:
                        q = dd
            return max(0.0, math.sqrt(q) - ra0 - rb0)
        pb = [(*f.centre, f.radius) for f in b]
        best = math.inf
        for f in a:
            (ax, ay), ra = f.centre, f.radius
            for bx, by, rb in pb:
                dx, dy = ax - bx, ay - by
                d = math.sqrt(dx * dx + dy * dy) - ra - rb
                if d < best:
                    best = d
        return max(0.0, best)
    pa = np.array([(*f.centre, f.radius) for f in a])
    pb_ = np.array([(*f.centre, f.radius) for f in b])
    dx = pa[:, 0, None] - pb_[None, :, 0]
    dy = pa[:, 1, None] - pb_[None, :, 1]
    return max(0.0, float(np.min(np.sqrt(dx * dx + dy * dy) - pa[:, 2, None] - pb_[None, :, 2])))


def object_array(items: Sequence[object]) -> np.ndarray:
    """``items`` (geometries, or any objects that are not sequences) as a 1-D object array: the array
    ``np.array(items, dtype=object)`` gives, built by ``np.fromiter`` without probing each item as a sequence
    (about 4 times faster for a few hundred geometries)."""
    return np.fromiter(items, dtype=object, count=len(items))


def core_distances(a: Sequence[Footprint], b: Sequence[Footprint]) -> np.ndarray:
    """The distance (inches) between the cores of every footprint of ``a`` and every one of ``b`` (len(a), len(b)):
    the floats ``shapely.distance`` gives, bit for bit. Between two round bases computed here as
    :func:`core_distance` computes it (``sqrt(dx*dx + dy*dy)``, the operations GEOS uses), in one array operation;
    shapely measures only the rows and columns of hulls and oval bases."""
    xa, ya, odd_a = _centres(a)
    xb, yb, odd_b = _centres(b)
    if len(odd_a) == len(a) or len(odd_b) == len(b):  # a hull or an oval in every pair: shapely measures them all
        every: np.ndarray = shapely.distance(
            object_array([f.core for f in a])[:, None], object_array([f.core for f in b])[None, :]
        )
        return every
    dx = xa[:, None] - xb[None, :]
    dy = ya[:, None] - yb[None, :]
    d: np.ndarray = np.sqrt(dx * dx + dy * dy)
    if odd_a or odd_b:
        theirs = object_array([f.core for f in b])
        if odd_a:
            d[odd_a] = shapely.distance(object_array([a[i].core for i in odd_a])[:, None], theirs[None, :])
        if odd_b:
            mine = object_array([f.core for f in a])
            d[:, odd_b] = shapely.distance(mine[:, None], theirs[odd_b][None, :])
    return d


def _centres(feet: Sequence[Footprint]) -> tuple[np.ndarray, np.ndarray, list[int]]:
    """The centres' x and y of the round bases among ``feet`` (0 for the others) and the indices of the others."""
    xs: list[float] = []
    ys: list[float] = []
    odd: list[int] = []
    for i, f in enumerate(feet):
        if type(f.core) is Point:
            x, y = f.centre
        else:
            x = y = 0.0
            odd.append(i)
        xs.append(x)
        ys.append(y)
    return np.array(xs), np.array(ys), odd


def _shapely_min(a: Sequence[Footprint], b: Sequence[Footprint]) -> float:
    """The smallest ``core distance - radii`` over every pair of ``a`` x ``b`` as shapely measures it
    (:func:`core_distances`; inf when one is empty)."""
    if not a or not b:
        return math.inf
    ra = np.array([f.radius for f in a])
    rb = np.array([f.radius for f in b])
    d = core_distances(a, b) - ra[:, None] - rb[None, :]
    return float(np.min(d))


class Quantifier(StrEnum):
    """How many of a unit's models must satisfy a predicate: any, at least half, or all."""

    ANY = "any"
    HALF = "half"
    ALL = "all"


def count_satisfies(flags: Iterable[bool], quantifier: Quantifier) -> bool:
    """Apply a :class:`Quantifier` to per-model results (an empty unit satisfies nothing)."""
    values = list(flags)
    if not values:
        return False
    if quantifier is Quantifier.ANY:
        return any(values)
    if quantifier is Quantifier.ALL:
        return all(values)
    return 2 * sum(values) >= len(values)


def unit_within(a: Sequence[Footprint], b: Sequence[Footprint], inches: float, quantifier: Quantifier) -> bool:
    """Unit ``a`` is within X of unit ``b``: any / at least half / all of a's models within X of some b model."""
    return count_satisfies((within(min_distance([m], b), inches) for m in a), quantifier)


def unit_more_than(a: Sequence[Footprint], b: Sequence[Footprint], inches: float) -> bool:
    """Every model of ``a`` is more than X from every model of ``b`` (the Infiltrate and Scout test)."""
    return more_than(min_distance(a, b), inches)
