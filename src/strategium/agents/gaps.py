"""Closest distances from one unit to many, in one numpy pass (for the players' choices of targets and moves).

:func:`min_distances` gives, for each group of footprints (an enemy unit), exactly what
:func:`strategium.geometry.measure.min_distance` gives for the unit and that group, bit for bit: between two round
bases the distance of their centres is ``sqrt(dx*dx + dy*dy)`` (the operations GEOS uses, see
:func:`strategium.geometry.measure.core_distance`), and every other pair (a hull or an oval base on either side)
is measured by shapely as ``min_distance`` measures it; the radii are taken off in the same order. Only the
grouping into one matrix is new: one pass instead of one ``min_distance`` call per enemy unit.

All lengths are inches.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import shapely

from strategium.geometry.measure import Footprint


class Feet:
    """Footprints as arrays, measured once: whether each is round, its centre (round ones; (0, 0) for the
    others), its radius and its core (inches)."""

    def __init__(self, feet: Sequence[Footprint]) -> None:
        self.feet = tuple(feet)
        self.round = np.array([f.is_round for f in self.feet], dtype=bool)
        centres = [f.centre if r else (0.0, 0.0) for f, r in zip(self.feet, self.round, strict=True)]
        self.centres = np.array(centres, dtype=float).reshape(-1, 2)
        self.radii = np.array([f.radius for f in self.feet], dtype=float)
        self.cores = np.array([f.core for f in self.feet], dtype=object)

    def __len__(self) -> int:
        return len(self.feet)


def distance_matrix(a: Feet, b: Feet) -> np.ndarray:
    """The closest distance between each footprint of ``a`` and each of ``b`` ((len(a), len(b)), inches, not
    clipped at 0: overlapping footprints give negative values), as :func:`~strategium.geometry.measure.min_distance`
    computes each pair before taking the minimum."""
    dx = a.centres[:, 0][:, None] - b.centres[:, 0][None, :]
    dy = a.centres[:, 1][:, None] - b.centres[:, 1][None, :]
    d: np.ndarray = np.sqrt(dx * dx + dy * dy)
    other = ~(a.round[:, None] & b.round[None, :])
    if bool(other.any()):
        rows, cols = np.nonzero(other)
        d[rows, cols] = shapely.distance(a.cores[rows], b.cores[cols])
    out: np.ndarray = d - a.radii[:, None] - b.radii[None, :]
    return out


class Groups:
    """Groups of footprints (one per enemy unit, say), measured once, to find the closest distance from a unit to
    each group in one pass (:meth:`min_distances`). Raises ``ValueError`` if a group is empty."""

    def __init__(self, groups: Sequence[Sequence[Footprint]]) -> None:
        if any(not g for g in groups):
            raise ValueError("every group needs at least one footprint")
        self.size = len(groups)
        self.flat = Feet([f for g in groups for f in g])
        self.starts = np.cumsum([0] + [len(g) for g in groups[:-1]])

    def min_distances(self, a: Feet) -> list[float]:
        """For each group, the closest distance between any footprint of ``a`` and any of the group (inches, at
        least 0): ``[min_distance(a, g) for g in groups]``. Raises ``ValueError`` if ``a`` is empty."""
        if not len(a):
            raise ValueError("min_distances needs at least one footprint on each side")
        if not self.size:
            return []
        per_column = distance_matrix(a, self.flat).min(axis=0)
        return [max(0.0, float(v)) for v in np.minimum.reduceat(per_column, self.starts)]


def min_distances(a: Sequence[Footprint], groups: Sequence[Sequence[Footprint]]) -> list[float]:
    """For each group, the closest distance between any footprint of ``a`` and any of the group (inches, at least
    0): ``[min_distance(a, g) for g in groups]`` in one pass.

    Raises ``ValueError`` if ``a`` or any group is empty (as ``min_distance`` does)."""
    return Groups(groups).min_distances(Feet(a))


__all__ = ["Feet", "Groups", "distance_matrix", "min_distances"]
