"""Closest distances from one unit to many, in one numpy pass (for the players' choices of targets and moves).

:func:`min_distances` gives, for each group of footprints (an enemy unit), exactly what
:func:`strategium.geometry.measure.min_distance` gives for the unit and that group, bit for bit: between two round
bases the distance of their centres is ``sqrt(dx*dx + dy*dy)`` (the operations GEOS uses, see
:func:`strategium.geometry.measure.core_distance`), and every other pair (a hull or an oval base on either side)
is measured by shapely as ``min_distance`` measures it; the radii are taken off in the same order. Only the
grouping into one matrix is new: one pass instead of one ``min_distance`` call per enemy unit.
:class:`EnemyGaps` keeps a player's measures for the decision at hand.

All lengths are inches.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
import shapely
from shapely.geometry import Point

from strategium.agents import options as opt
from strategium.agents.verdicts import Decisions
from strategium.engine.assault import charges
from strategium.engine.core.game import Game
from strategium.engine.core.timing import PlayerId
from strategium.engine.core.tracked import TrackedDict
from strategium.geometry.measure import Footprint, object_array

SLACK = 1e-6
"""Inches by which the bounds of :meth:`Groups.per_footprint` are widened (far above their rounding errors)."""


class Feet:
    """Footprints as arrays, measured once: whether each is round, its centre as ``xs`` and ``ys`` (a point inside
    the core: a hull's or an oval's centroid), its radius, its core and how far the core reaches from the centre
    (``reach``: 0 for a round base, a little more than the farthest vertex for the others) (inches); ``odd``: the
    indices of the others (hulls and oval bases, measured by shapely)."""

    def __init__(self, feet: Sequence[Footprint]) -> None:
        self.feet = tuple(feet)
        xs: list[float] = []
        ys: list[float] = []
        radii: list[float] = []
        rounds: list[bool] = []
        odd: list[int] = []
        for i, f in enumerate(self.feet):
            x, y = f.centre
            xs.append(x)
            ys.append(y)
            radii.append(f.radius)
            is_round = isinstance(f.core, Point)
            rounds.append(is_round)
            if not is_round:
                odd.append(i)
        table = np.array([xs, ys, radii], dtype=float).reshape(3, len(self.feet))
        self.xs, self.ys, self.radii = table[0], table[1], table[2]
        self.round = np.array(rounds, dtype=bool)
        self.cores = object_array([f.core for f in self.feet])
        self.odd = np.array(odd, dtype=np.intp)
        self.reach = np.zeros(len(self.feet))
        for i in odd:
            corners = shapely.get_coordinates(self.feet[i].core) - (xs[i], ys[i])
            self.reach[i] = float(np.sqrt((corners * corners).sum(axis=1)).max()) * (1 + SLACK) + SLACK

    def __len__(self) -> int:
        return len(self.feet)

    @classmethod
    def joined(cls, parts: Sequence[Feet]) -> Feet:
        """The footprints of ``parts`` one after the other, as ``Feet`` of all of them (the same arrays, joined
        instead of measured again). ``parts`` must not be empty."""
        out = cls.__new__(cls)
        out.feet = tuple(f for part in parts for f in part.feet)
        out.round = np.concatenate([part.round for part in parts])
        out.xs = np.concatenate([part.xs for part in parts])
        out.ys = np.concatenate([part.ys for part in parts])
        out.radii = np.concatenate([part.radii for part in parts])
        out.cores = np.concatenate([part.cores for part in parts])
        out.odd = np.flatnonzero(~out.round)
        out.reach = np.concatenate([part.reach for part in parts])
        return out


def _uppers(a: Feet, b: Feet) -> np.ndarray:
    """((len(a), len(b))) the distance of each pair of centres less both radii (inches): ``sqrt(dx*dx + dy*dy) - ra
    - rb`` in this order, as :func:`distance_matrix` takes it for two round bases (exact for them, an upper bound for
    the other pairs: each centre lies inside its convex core)."""
    dx = a.xs[:, None] - b.xs
    dy = a.ys[:, None] - b.ys
    dx *= dx
    dy *= dy
    dx += dy
    d: np.ndarray = np.sqrt(dx, out=dx)
    d -= a.radii[:, None]
    d -= b.radii
    return d


def distance_matrix(a: Feet, b: Feet) -> np.ndarray:
    """The closest distance between each footprint of ``a`` and each of ``b`` ((len(a), len(b)), inches, not
    clipped at 0: overlapping footprints give negative values), as :func:`~strategium.geometry.measure.min_distance`
    computes each pair before taking the minimum: the centres' distance for two round bases, shapely's distance
    of the cores for every pair with a hull or an oval base (a row for each of ``a``'s, a column for each of
    ``b``'s), then ``a``'s radius taken off and ``b``'s."""
    dx = a.xs[:, None] - b.xs
    dy = a.ys[:, None] - b.ys
    d: np.ndarray = np.sqrt(dx * dx + dy * dy)
    if a.odd.size:
        d[a.odd] = shapely.distance(a.cores[a.odd][:, None], b.cores)
    if b.odd.size:
        d[:, b.odd] = shapely.distance(a.cores[:, None], b.cores[b.odd])
    d -= a.radii[:, None]
    d -= b.radii
    return d


class Groups:
    """Groups of footprints (one per enemy unit, say), measured once, to find the closest distance from a unit to
    each group in one pass (:meth:`min_distances`). Raises ``ValueError`` if a group is empty."""

    def __init__(self, groups: Sequence[Sequence[Footprint]]) -> None:
        if any(not g for g in groups):
            raise ValueError("every group needs at least one footprint")
        self.size = len(groups)
        self.flat = Feet([f for g in groups for f in g])
        self.starts = np.cumsum([0] + [len(g) for g in groups[:-1]])
        self.column_group = np.repeat(np.arange(self.size), [len(g) for g in groups])

    @classmethod
    def of_parts(cls, parts: Sequence[Feet]) -> Groups:
        """``Groups([p.feet for p in parts])``, from the groups' :class:`Feet` (measured already). Raises
        ``ValueError`` if a part is empty."""
        if any(not len(p) for p in parts):
            raise ValueError("every group needs at least one footprint")
        out = cls.__new__(cls)
        out.size = len(parts)
        out.flat = (Feet.joined(parts) if len(parts) > 1 else parts[0]) if parts else Feet(())
        out.starts = np.cumsum([0] + [len(p) for p in parts[:-1]])
        out.column_group = np.repeat(np.arange(out.size), [len(p) for p in parts])
        return out

    def per_footprint(self, a: Feet) -> np.ndarray:
        """((len(a), groups)) the closest distance between each footprint of ``a`` and any of each group (inches,
        not clipped at 0): ``min_distance([f], g)`` before clipping, for each f and g."""
        if not self.size:
            return np.zeros((len(a), 0))
        out: np.ndarray = np.minimum.reduceat(self._closest_cells(a), self.starts, axis=1)
        return out

    def _closest_cells(self, a: Feet, whole_group: bool = False) -> np.ndarray:
        """:func:`distance_matrix` of ``a`` and the groups' footprints where a cell may be the closest of its group
        for its footprint of ``a`` (with ``whole_group``: the closest of its group for any footprint of ``a``),
        infinite where it cannot: a pair with a hull or an oval is measured by shapely only when its lower bound
        (the centres' distance less both cores' reaches) is within :data:`SLACK` of the smallest upper bound in its
        group (the centres' distance: each centre lies inside its convex core), in its row or, with
        ``whole_group``, in all rows, so each group's minimum (in each row, or in all) is the matrix's, bit for
        bit."""
        b = self.flat
        dx = a.xs[:, None] - b.xs
        dy = a.ys[:, None] - b.ys
        d: np.ndarray = np.sqrt(dx * dx + dy * dy)
        if a.odd.size or b.odd.size:
            upper = d - a.radii[:, None] - b.radii  # exact for two round bases
            if whole_group:
                best = np.minimum.reduceat(np.minimum.reduce(upper, axis=0), self.starts)[self.column_group]
            else:
                best = np.minimum.reduceat(upper, self.starts, axis=1)[:, self.column_group]
            if a.odd.size:
                lower = upper - a.reach[:, None] - b.reach
                odd = ~(a.round[:, None] & b.round)
                rows, cols = np.nonzero(odd & (lower <= best + SLACK))
                d[odd] = np.inf
            else:  # round bases against some hulls or ovals: only their columns (a's reach is 0)
                columns = b.odd
                rows, k = np.nonzero(upper[:, columns] - b.reach[columns] <= best[..., columns] + SLACK)
                cols = columns[k]
                d[:, columns] = np.inf
            d[rows, cols] = shapely.distance(a.cores[rows], b.cores[cols])
        d -= a.radii[:, None]
        d -= b.radii
        return d

    def group_minima(self, a: Feet) -> list[float]:
        """For each group, the closest distance between any footprint of ``a`` and any of the group (inches, not
        clipped at 0): ``per_footprint(a).min(axis=0)``, bit for bit, for less: a pair with a hull or an oval is
        measured by shapely only when its lower bound is within :data:`SLACK` of the smallest upper bound of its
        whole group (not of its row), as :meth:`_closest_cells` with ``whole_group`` measures them; each group's
        minimum is taken of the same values (the pairs of round bases and the pairs measured), without filling in
        the matrix."""
        if not self.size:
            return []
        b = self.flat
        d = _uppers(a, b)
        column = np.minimum.reduce(d, axis=0)
        if not (a.odd.size or b.odd.size):
            out: list[float] = np.minimum.reduceat(column, self.starts).tolist()
            return out
        best = np.minimum.reduceat(column, self.starts)
        best += SLACK
        if a.odd.size:
            lower = d - a.reach[:, None]
            lower -= b.reach
            odd = ~(a.round[:, None] & b.round)
            rows, cols = np.nonzero(odd & (lower <= best[self.column_group]))
            np.putmask(d, odd, np.inf)
            column = np.minimum.reduce(d, axis=0)
        else:  # round bases against some hulls or ovals: only their columns (a's reach is 0), each all odd pairs
            columns = b.odd
            near = d.take(columns, axis=1)
            near -= b.reach[columns]
            rows, k = np.nonzero(near <= best[self.column_group[columns]])
            cols = columns[k]
            column[columns] = np.inf
        minima = np.minimum.reduceat(column, self.starts)
        if rows.size:
            exact = shapely.distance(a.cores[rows], b.cores[cols])
            exact -= a.radii[rows]
            exact -= b.radii[cols]
            np.minimum.at(minima, self.column_group[cols], exact)
        out = minima.tolist()
        return out

    def min_distances(self, a: Feet, per_footprint: np.ndarray | None = None) -> list[float]:
        """For each group, the closest distance between any footprint of ``a`` and any of the group (inches, at
        least 0): ``[min_distance(a, g) for g in groups]`` (``per_footprint``: :meth:`per_footprint` of ``a``,
        if already found). Raises ``ValueError`` if ``a`` is empty."""
        if not len(a):
            raise ValueError("min_distances needs at least one footprint on each side")
        if not self.size:
            return []
        rows = self.per_footprint(a) if per_footprint is None else per_footprint
        return [max(0.0, float(v)) for v in rows.min(axis=0)]


def min_distances(a: Sequence[Footprint], groups: Sequence[Sequence[Footprint]]) -> list[float]:
    """For each group, the closest distance between any footprint of ``a`` and any of the group (inches, at least
    0): ``[min_distance(a, g) for g in groups]`` in one pass.

    Raises ``ValueError`` if ``a`` or any group is empty (as ``min_distance`` does)."""
    return Groups(groups).min_distances(Feet(a))


Pair = tuple[tuple[Footprint, ...], tuple[Footprint, ...]]
"""The footprints of a unit and of an enemy unit: the key of what :class:`EnemyGaps` keeps of their measure (the
unit's gap to the enemy; each of its models' gaps, once asked for)."""

Found = tuple[list[tuple[str, Footprint]], tuple[Footprint, ...]]
"""A unit's (model id, footprint) of each model on the table, and the footprints alone (in the same order)."""

NUMPY_PAIRS = 64
"""From how many pairs of round bases :meth:`EnemyGaps._column` measures them with numpy (fewer: plain Python, cheaper
for so few)."""

PAIRS_KEPT = 4096
"""How many (unit, enemy unit) measures :class:`EnemyGaps` keeps by value from one decision to the next (all are
forgotten when there are more)."""


ARRAYS_KEPT = 256
"""How many footprint tuples (a unit's footprints) :class:`EnemyGaps` keeps as :class:`Feet` (for all players), and
how many groups of them as :class:`Groups` (each player; all are forgotten when there are more)."""

_FEET_KEPT: dict[tuple[Footprint, ...], Feet] = {}
""":class:`Feet` of footprint tuples, for every :class:`EnemyGaps` (footprints compared by identity: each held, and
never changed, so a kept ``Feet`` always holds the values of its key)."""


class EnemyGaps:
    """A player's measures of its units' distances to the enemy's units (inches), each measured once per decision
    and kept by value from one decision to the next: the measure of a unit to an enemy unit is taken again only
    when the footprints of either have changed (footprints are compared by identity; the kept ones are held, so
    their identity is never reused). A unit's footprints are kept while its models' poses stay the same (the pose
    dicts are held and compared by identity and their change stamp, :mod:`strategium.engine.core.tracked`).
    ``player``: the player whose units are measured."""

    def __init__(self, player: PlayerId) -> None:
        self.player = player
        self._at = Decisions()
        self._feet_seen: dict[str, Found] = {}
        self._gaps_seen: dict[str, dict[str, float]] = {}
        self._foes_seen: list[tuple[str, tuple[Footprint, ...]]] | None = None
        self._feet_kept: dict[str, tuple[tuple[tuple[object, object, int], ...], Found]] = {}
        self._groups_kept: dict[tuple[tuple[Footprint, ...], ...], Groups] = {}
        self._pairs: dict[Pair, float] = {}
        self._columns: dict[Pair, list[float]] = {}

    def _fresh(self, game: Game) -> None:
        """Forget what was measured at an earlier decision (but the measures kept by value)."""
        if self._at.moved_on(game):
            self._feet_seen = {}
            self._gaps_seen = {}
            self._foes_seen = None

    def model_feet(self, game: Game, unit_id: str) -> list[tuple[str, Footprint]]:
        """(model id, footprint) of the unit's models on the table (with its joined characters), measured once per
        decision (do not change the list)."""
        return self._found(game, unit_id)[0]

    def _found(self, game: Game, unit_id: str) -> Found:
        """:meth:`model_feet` and its footprints as a tuple, once per decision."""
        self._fresh(game)
        return self._found_fresh(game, unit_id)

    def _found_fresh(self, game: Game, unit_id: str) -> Found:
        """:meth:`_found` once :meth:`_fresh` has been called at this decision."""
        found = self._feet_seen.get(unit_id)
        if found is None:
            found = self._feet_seen[unit_id] = self._feet_now(game, unit_id)
        return found

    def _feet_now(self, game: Game, unit_id: str) -> Found:
        """``[(m.id, f) for _, m, f in charges.feet(game, unit_id)]`` and its footprints, kept while the unit and
        its joined characters are the same and none of their pose dicts has changed (each held, with its change
        stamp)."""
        s = game.state
        unit, joined = s.unit(unit_id), s.characters_joined_to(unit_id)
        last = self._feet_kept.get(unit_id)
        if not joined:  # the common case, compared without building a stamp
            poses = s.units[unit_id].poses
            if type(poses) is not TrackedDict:  # no change stamp: measured again
                return _found(game, unit_id)
            if last is not None and len(last[0]) == 1:
                was = last[0][0]
                if was[0] is unit and was[1] is poses and was[2] == poses.version:
                    return last[1]
            now: tuple[tuple[object, object, int], ...] = ((unit, poses, poses.version),)
        else:
            stamp: list[tuple[object, object, int]] = []
            for u in (unit, *joined):
                poses = s.units[u.id].poses
                if type(poses) is not TrackedDict:
                    return _found(game, unit_id)
                stamp.append((u, poses, poses.version))
            now = tuple(stamp)
            if last is not None and _same_stamp(last[0], now):
                return last[1]
        found = _found(game, unit_id)
        self._feet_kept[unit_id] = (now, found)
        return found

    def gaps(self, game: Game, unit_id: str) -> dict[str, float]:
        """The closest distance (inches) between the unit and each enemy unit with a model on the table (none when
        the unit has no model there): ``min_distance`` of their footprints, all measured in one pass (the same dict
        at one decision: do not change it)."""
        return self._measured(game, unit_id)

    def gap(self, game: Game, unit_id: str, other_id: str) -> float | None:
        """``gaps(game, unit_id).get(other_id)``: the closest distance (inches) between the unit and the enemy
        unit, or None when either has no model on the table."""
        return self._measured(game, unit_id).get(other_id)

    def model_gaps(self, game: Game, unit_id: str, other_id: str) -> dict[str, float]:
        """Model id -> the closest distance (inches, at least 0) between that model of the unit (or of a character
        joined to it) and the enemy unit ``other_id``, as a Shooting Attack's plan measures a firer's reach; empty
        when either has no model on the table. Measured when first asked for, and kept by value as the gaps are."""
        gap = self._measured(game, unit_id).get(other_id)
        if gap is None:
            return {}
        feet, mine = self._found_fresh(game, unit_id)
        if len(feet) == 1:  # one model: its gap is the unit's (the same minimum of the same cells, bit for bit)
            return {feet[0][0]: gap}
        key = (mine, self._found_fresh(game, other_id)[1])
        column = self._columns.get(key)
        if column is None:
            if len(self._columns) >= PAIRS_KEPT:
                self._columns.clear()
            column = self._columns[key] = self._column(*key)
        return {mid: v for (mid, _), v in zip(feet, column, strict=True)}

    def _column(self, mine: tuple[Footprint, ...], theirs: tuple[Footprint, ...]) -> list[float]:
        """For each footprint of ``mine``, its closest distance to any of ``theirs`` (inches, at least 0): the
        column of :meth:`Groups.per_footprint`, bit for bit; between round bases only, the operations of
        :func:`distance_matrix` in its order (``sqrt(dx*dx + dy*dy) - ra - rb``), in plain Python for fewer than
        :data:`NUMPY_PAIRS` pairs."""
        if len(mine) * len(theirs) < NUMPY_PAIRS and all(type(f.core) is Point for f in (*mine, *theirs)):
            pb = [(*f.centre, f.radius) for f in theirs]
            out: list[float] = []
            for f in mine:
                (ax, ay), ra = f.centre, f.radius
                best = math.inf
                for bx, by, rb in pb:
                    dx, dy = ax - bx, ay - by
                    d = math.sqrt(dx * dx + dy * dy) - ra - rb
                    if d < best:
                        best = d
                out.append(max(0.0, best))
            return out
        a, b = self._array(mine), self._array(theirs)
        if a.odd.size or b.odd.size:
            rows = self._groups((theirs,)).per_footprint(a)
            return [max(0.0, v) for v in rows[:, 0].tolist()]
        return [max(0.0, v) for v in np.minimum.reduce(_uppers(a, b), axis=1).tolist()]

    def _measured(self, game: Game, unit_id: str) -> dict[str, float]:
        """Enemy unit id -> the unit's gap to it (inches, at least 0), for each enemy unit with a model on the
        table (none when the unit has no model there), once per decision."""
        self._fresh(game)
        found = self._gaps_seen.get(unit_id)
        if found is None:
            mine = self._found_fresh(game, unit_id)[1]
            found = self._pairs_of(game, mine) if mine else {}
            self._gaps_seen[unit_id] = found
        return found

    def _pairs_of(self, game: Game, mine: tuple[Footprint, ...]) -> dict[str, float]:
        """:meth:`_measured` for the unit's footprints ``mine`` (not empty): the kept measures, and the others
        measured in one pass (:meth:`Groups.group_minima`)."""
        foes = self._foes(game)
        pairs = self._pairs
        missing = [theirs for _, theirs in foes if (mine, theirs) not in pairs]
        if missing:
            if len(pairs) + len(missing) > PAIRS_KEPT:
                pairs.clear()
                missing = [theirs for _, theirs in foes]
            closest = self._groups(tuple(missing)).group_minima(self._array(mine))
            for theirs, v in zip(missing, closest, strict=True):
                pairs[(mine, theirs)] = max(0.0, v)
        return {e: pairs[(mine, theirs)] for e, theirs in foes}

    def _array(self, feet: tuple[Footprint, ...]) -> Feet:
        """``Feet(feet)``, kept while the footprints are the same objects (held), for both players' measures
        (:data:`_FEET_KEPT`: the two players measure the same units' footprints, one as its own, one as the
        enemy's)."""
        made = _FEET_KEPT.get(feet)
        if made is None:
            if len(_FEET_KEPT) >= ARRAYS_KEPT:
                _FEET_KEPT.clear()
            made = _FEET_KEPT[feet] = Feet(feet)
        return made

    def _foes(self, game: Game) -> list[tuple[str, tuple[Footprint, ...]]]:
        """The enemy units with a model on the table and their footprints, found once per decision (once
        :meth:`_fresh` has been called at this decision)."""
        if self._foes_seen is None:
            foes = [(e.id, self._found_fresh(game, e.id)[1]) for e in opt.enemies(game, self.player)]
            self._foes_seen = [(e, f) for e, f in foes if f]
        return self._foes_seen

    def _groups(self, groups: tuple[tuple[Footprint, ...], ...]) -> Groups:
        """``Groups(groups)`` (none empty), kept while they are the same footprint objects (held)."""
        found = self._groups_kept.get(groups)
        if found is None:
            if len(self._groups_kept) >= ARRAYS_KEPT:
                self._groups_kept.clear()
            found = self._groups_kept[groups] = Groups.of_parts([self._array(g) for g in groups])
        return found


def _found(game: Game, unit_id: str) -> Found:
    """The unit's (model id, footprint) pairs on the table (``charges.feet``) and the footprints alone."""
    found = [(m.id, f) for _, m, f in charges.feet(game, unit_id)]
    return found, tuple(f for _, f in found)


def _same_stamp(a: tuple[tuple[object, object, int], ...], b: tuple[tuple[object, object, int], ...]) -> bool:
    """Whether two stamps of :meth:`EnemyGaps._feet_now` are of the same units and the same pose dicts (by identity:
    each held) at the same change stamps."""
    return len(a) == len(b) and all(x[0] is y[0] and x[1] is y[1] and x[2] == y[2] for x, y in zip(a, b, strict=True))


__all__ = ["EnemyGaps", "Feet", "Groups", "distance_matrix", "min_distances"]
