"""Bases and hulls: round and oval bases from millimetres, vehicle hulls as oriented rectangles with Facings.

A model's position is its base or hull (a :class:`~strategium.geometry.measure.Footprint`), never a point.
Vehicle Facings (Front, Side, Rear) are the arcs drawn from the hull's centre through its four corners
(Age of Darkness rulebook, vehicle section ~p.200); a base touching a hull corner touches two Facings,
which matters for Hammer of Wrath against Vehicles and Buildings (rulebook p.239, clause HOW-4).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache

import numpy as np
import shapely
from shapely.geometry import LineString, Polygon

from strategium.errors import InputError
from strategium.geometry.measure import EPSILON, MM_PER_INCH, Footprint, distance
from strategium.model.characteristics import Facing

OVAL_SEGMENTS = 96
"""Vertices of the polygon that stands for an oval base (circumscribed: at most ~0.0006" too large)."""

STANDARD_ROUND_BASES_MM = (25, 28, 32, 40, 50, 60, 80, 100, 130, 160)
"""Round base diameters in common use (millimetres); any positive size is accepted."""

STANDARD_OVAL_BASES_MM = ((60, 35), (75, 42), (90, 52), (105, 70), (120, 92), (170, 105))
"""Oval bases in common use (length x width, millimetres), e.g. 60x35 mm for cavalry."""


@dataclass(frozen=True)
class Base:
    """A model's base: round (``width_mm is None``) or oval, sizes in millimetres.

    Raises :class:`InputError` for a non-positive size.
    """

    length_mm: float
    width_mm: float | None = None

    def __post_init__(self) -> None:
        if self.length_mm <= 0 or (self.width_mm is not None and self.width_mm <= 0):
            raise InputError(f"base size must be positive, got {self.label}", field="base")

    @property
    def label(self) -> str:
        """``"32mm"`` or ``"60x35mm"``."""
        if self.width_mm is None:
            return f"{self.length_mm:g}mm"
        return f"{self.length_mm:g}x{self.width_mm:g}mm"

    @property
    def is_round(self) -> bool:
        """True for a round base."""
        return self.width_mm is None

    @property
    def radius(self) -> float:
        """Half the length, in inches (the radius of a round base)."""
        return self.length_mm / MM_PER_INCH / 2

    def footprint(self, x: float, y: float, heading: float = 0.0) -> Footprint:
        """The base placed with its centre at (x, y) inches; an oval's long axis points along ``heading``
        (degrees, anticlockwise from the +x axis)."""
        if self.width_mm is None:
            return round_footprint(x, y, self.radius)
        px, py = _oval(self.length_mm, self.width_mm)
        h = math.radians(heading)
        coords = np.empty((OVAL_SEGMENTS, 2))
        coords[:, 0] = x + px * math.cos(h) - py * math.sin(h)
        coords[:, 1] = y + px * math.sin(h) + py * math.cos(h)
        return Footprint(shapely.polygons(coords), 0.0)


def round_footprint(x: float, y: float, radius: float) -> Footprint:
    """A round base of ``radius`` inches centred on (x, y): ``Footprint(Point(x, y), radius)`` with its centre and
    bounds filled in as the footprint would compute them (the point's centroid and envelope, bit for bit: the
    centroid is the coordinate added to zero, so a -0.0 becomes 0.0; the envelope is the coordinate itself)
    instead of asking shapely for them."""
    fx, fy = float(x), float(y)
    fp = Footprint(shapely.points((fx, fy)), radius)
    kept = fp.__dict__  # the cached properties' values (the dataclass is frozen; its fields are not touched)
    kept["centre"] = (fx + 0.0, fy + 0.0)
    kept["bounds"] = (fx, fy, fx, fy)
    return fp


@cache
def _oval(length_mm: float, width_mm: float) -> tuple[np.ndarray, np.ndarray]:
    """The vertices (x, y arrays of :data:`OVAL_SEGMENTS`, inches; read-only) of an oval base centred on the
    origin, long axis along +x: the polygon circumscribes the ellipse. Kept by size (the same floats whichever
    footprint asks)."""
    a = length_mm / MM_PER_INCH / 2
    b = width_mm / MM_PER_INCH / 2
    n = OVAL_SEGMENTS
    scale = 1 / math.cos(math.pi / n)  # circumscribe: the polygon contains the true ellipse
    t = np.arange(n) * (2 * math.pi / n)
    px, py = a * scale * np.cos(t), b * scale * np.sin(t)
    px.flags.writeable = False
    py.flags.writeable = False
    return px, py


def parse_base(text: str) -> Base:
    """Read ``"32mm"``, ``"32"``, ``"60x35mm"`` or ``"60x35"`` into a :class:`Base`.

    Raises :class:`InputError` for anything else.
    """
    s = text.strip().lower().removesuffix("mm").strip()
    try:
        if "x" in s:
            length, width = (float(v) for v in s.split("x", 1))
            return Base(length, width)
        return Base(float(s))
    except ValueError as err:
        raise InputError(f"cannot read base size {text!r} (expected e.g. '32mm' or '60x35mm')", field="base") from err


@dataclass(frozen=True)
class Hull:
    """A vehicle hull (or a Building) on the table: an oriented rectangle, sizes in inches.

    ``heading`` is the direction the Front faces, in degrees anticlockwise from +x; ``length`` runs along
    the heading, ``width`` across it. Raises :class:`InputError` for non-positive sizes.
    """

    x: float
    y: float
    length: float
    width: float
    heading: float = 0.0

    def __post_init__(self) -> None:
        if self.length <= 0 or self.width <= 0:
            raise InputError(f"hull size must be positive, got {self.length} x {self.width}", field="hull")

    def corners(self) -> tuple[tuple[float, float], ...]:
        """The four corners, in order front-left, rear-left, rear-right, front-right (anticlockwise)."""
        h = math.radians(self.heading)
        fx, fy = math.cos(h), math.sin(h)  # forward
        lx, ly = -fy, fx  # left
        a, b = self.length / 2, self.width / 2
        return tuple(
            (self.x + sf * a * fx + sl * b * lx, self.y + sf * a * fy + sl * b * ly)
            for sf, sl in ((1, 1), (-1, 1), (-1, -1), (1, -1))
        )

    def polygon(self) -> Polygon:
        """The hull rectangle."""
        return Polygon(self.corners())

    def footprint(self) -> Footprint:
        """The hull as a footprint (polygon core, no radius)."""
        return Footprint(self.polygon(), 0.0)

    def edges(self) -> dict[Facing | str, LineString]:
        """The hull's four edges keyed ``Front``, ``left`` (Side), ``Rear``, ``right`` (Side)."""
        fl, rl, rr, fr = self.corners()
        return {
            Facing.FRONT: LineString([fr, fl]),
            "left": LineString([fl, rl]),
            Facing.REAR: LineString([rl, rr]),
            "right": LineString([rr, fr]),
        }


def _edge_facing(key: Facing | str) -> Facing:
    return key if isinstance(key, Facing) else Facing.SIDE


def facings_touched(hull: Hull, base: Footprint) -> frozenset[Facing]:
    """Which Facing(s) of ``hull`` the footprint ``base`` touches (HOW-4, rulebook p.239).

    A Facing is touched when its hull edge is within EPSILON of the base. A base touching a corner
    touches both Facings that meet there; a base not in contact touches none (empty set).
    """
    if distance(base, hull.polygon()) > EPSILON:
        return frozenset()
    return frozenset(_edge_facing(k) for k, edge in hull.edges().items() if distance(base, edge) <= EPSILON)


def facing_arcs(hull: Hull, point: tuple[float, float]) -> frozenset[Facing]:
    """Which Facing arc(s) a point lies in: arcs are bounded by the rays from the hull's centre through its
    corners. A point exactly on a ray (within EPSILON of angle) is in both arcs; the centre is in none.
    """
    dx, dy = point[0] - hull.x, point[1] - hull.y
    if math.hypot(dx, dy) <= EPSILON:
        return frozenset()
    h = math.radians(hull.heading)
    fwd = dx * math.cos(h) + dy * math.sin(h)
    left = -dx * math.sin(h) + dy * math.cos(h)
    angle = abs(math.atan2(left, fwd))  # 0 straight ahead, pi straight behind; symmetric left/right
    half_front = math.atan2(hull.width / 2, hull.length / 2)
    half_rear = math.pi - half_front
    eps = 1e-9
    arcs: set[Facing] = set()
    if angle <= half_front + eps:
        arcs.add(Facing.FRONT)
    if half_front - eps <= angle <= half_rear + eps:
        arcs.add(Facing.SIDE)
    if angle >= half_rear - eps:
        arcs.add(Facing.REAR)
    return frozenset(arcs)
