"""A lower bound of a distance from boxes: the gap between two axis-aligned boxes (inches) never exceeds the
distance between any point of one and any point of the other, so a box gap beyond a range by more than
:data:`SLACK` means everything inside the boxes is beyond it (a broad phase for "more than X" tests)."""

from __future__ import annotations

import math

Box = tuple[float, float, float, float]
"""min x, min y, max x, max y (inches)."""

SLACK = 1e-6
"""Inches a box gap must exceed a range by (beyond ``EPSILON``) before a broad phase decides "more than": far more
than the rounding of a distance on a table of a few feet, far less than any range."""


def box_gap(a: Box, b: Box) -> float:
    """The distance (inches) between two boxes: 0 when they overlap; never more than the distance between any point
    of one and any point of the other."""
    dx = max(0.0, a[0] - b[2], b[0] - a[2])
    dy = max(0.0, a[1] - b[3], b[1] - a[3])
    return math.hypot(dx, dy)
