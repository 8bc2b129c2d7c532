"""Line of sight in 2.5D: terrain footprints with heights against model heights.

The model (``docs/geometry.md`` gives the full statement and why):

* A **sight line** is a straight segment from a point of the observer's footprint to a point of the
  target's footprint, on the table plane.
* A **blocker** for a pair of models is a Building (always), a terrain piece whose sight rule is ``blocks``,
  or one whose rule is ``height`` and which is at least as tall as both models (:meth:`TerrainPiece.blocks_sight`).
  Blockers are convex (terrain validation enforces it; Buildings are rectangles).
* A segment is **blocked** by a blocker when it passes through the blocker's *interior*. A segment that only
  touches the boundary (grazes a corner, runs along an edge) is **not** blocked: grazing sees.
* A point ``q`` is **hidden** from an observer behind blocker ``C`` when every segment from the observer's
  footprint to ``q`` is blocked by ``C`` (``q`` is in ``C``'s umbra). A target model is hidden when every point
  of its footprint is hidden behind some blocker, away from the umbra boundary by more than EPSILON. Sight
  lines that are partly blocked by one piece and partly by another, separate piece, count as a view through
  the gap between them.
* A round observer base is replaced by its circumscribed regular polygon (:data:`SOURCE_SEGMENTS` sides;
  at most 2% wider): the safe side for hiding.
* Units embarked in a Transport or Building cannot be seen and do not see (CORE_A §5.12).
* A unit sees another if any of its models sees any model of the other (rulebook p.165 usage in Infiltrate
  p.242, "can draw line of sight").

Umbras are computed exactly for these polygons by shadow casting (:mod:`strategium.geometry.umbra`), kept per
(observer footprint, blocker) by value. Most observer-target questions are answered from single umbras; only
the undecided ones take the union of the umbras (the hidden area; :meth:`SightMap._by_umbras` says why the
answers are the same); most hidden targets are found so without casting any umbra, by a sure test of the exact
umbra (:func:`strategium.geometry.umbra.surely_in_umbras`).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import shapely
from shapely.geometry import Point, Polygon, box
from shapely.geometry.base import BaseGeometry

from strategium.geometry.measure import EPSILON, Footprint, object_array
from strategium.geometry.pieces import PlacedModel, PlacedUnit
from strategium.geometry.sight_keys import SOURCE_SEGMENTS, HiddenKey, ModelKey
from strategium.geometry.sight_keys import hidden_key as _key
from strategium.geometry.sight_keys import model_key as _model_key
from strategium.geometry.sight_keys import models_key as _models_key
from strategium.geometry.sight_keys import source as _source
from strategium.geometry.sight_keys import source_box as _source_box
from strategium.geometry.sight_keys import source_vertices as _source_vertices
from strategium.geometry.terrain import Battlefield
from strategium.geometry.umbra import (
    FAR,
    HalfPlanes,
    blocker_planes,
    centre_lines_clear,
    covers_table,
    pad,
    ring,
    segment_blocked,
    surely_in_umbras,
    umbras,
    umbras_by_shadows,
)

__all__ = ["FAR", "SOURCE_SEGMENTS", "SightMap", "centre_lines_clear", "segment_blocked", "umbras", "umbras_by_shadows"]

FAST_PROBES = 4
"""How many centre-to-centre lines a unit-to-unit query tries before the exact hidden-area test."""

HIDDEN_CACHE = 4096
"""Most hidden areas a :class:`SightMap` keeps (the oldest go first)."""

SEEN_CACHE = 65536
"""Most sight answers (observer models, target models) a :class:`SightMap` keeps (least recently used go first)."""

UMBRA_CACHE = 65536
"""Most umbras (one observer footprint, one blocker) a :class:`SightMap` keeps (the oldest go first)."""

DEEP_MARGIN = 1e-9
"""Inches a target must lie inside one umbra beyond its radius + EPSILON to be found hidden without the union of
the umbras (far more than the rounding of a polygon union, far less than EPSILON)."""

Source = PlacedModel


class SightMap:
    """Line-of-sight queries on one :class:`Battlefield`, with the hidden areas of observers cached.

    ``hidden_area(observer, target_height)`` is the part of the table hidden from one model; the other
    queries are built on it, after a fast test of the straight lines between base centres. Sight answers
    depend only on the battlefield and the models' footprints and heights: they are kept by value
    (:data:`SEEN_CACHE`), so models that have not moved are not tested again. Not thread-safe.
    """

    def __init__(self, battlefield: Battlefield) -> None:
        self.battlefield = battlefield
        t = battlefield.table
        self._table = box(0.0, 0.0, t.width, t.depth)
        self._cache: dict[tuple[HiddenKey, tuple[int, ...] | None], tuple[BaseGeometry, BaseGeometry]] = {}
        self._seen: dict[tuple[tuple[ModelKey, ...], tuple[ModelKey, ...]], bool] = {}
        self._blockers: dict[tuple[float, float], tuple[tuple[Polygon, ...], HalfPlanes]] = {}
        self._pieces: tuple[Polygon, ...] = tuple(t.footprint for t in battlefield.terrain) + tuple(
            b.footprint for b in battlefield.buildings
        )
        self._indices: dict[tuple[float, float], tuple[int, ...]] = {}
        self._umbra: dict[tuple[tuple[float, float, float, bytes], int], BaseGeometry] = {}
        self._cover: dict[tuple[tuple[float, float, float, bytes], int], bool] = {}
        self._whole_table: BaseGeometry = shapely.intersection(box(-FAR, -FAR, FAR, FAR), self._table)
        """The hidden area of an observer with an umbra that covers the table (:func:`covers_table`): the union
        of its umbras holds the table with a margin, so its clipping to the table is the table's own ring, this
        very polygon (vertex for vertex: tests/geometry/test_sight_cache.py)."""
        self._rings = [ring(p) for p in self._pieces]
        self._piece_bounds = [tuple(float(v) for v in p.bounds) for p in self._pieces]
        self._sure_planes = blocker_planes(self._pieces)

    def blockers(self, observer_height: float, target_height: float) -> tuple[Polygon, ...]:
        """Blocking footprints for models of these heights (cached)."""
        return self._planes(observer_height, target_height)[0]

    def _planes(self, observer_height: float, target_height: float) -> tuple[tuple[Polygon, ...], HalfPlanes]:
        key = (observer_height, target_height)
        found = self._blockers.get(key)
        if found is None:
            polys = self.battlefield.sight_blockers(observer_height, target_height)
            found = self._blockers[key] = (polys, HalfPlanes.of(polys))
        return found

    def _piece_indices(self, observer_height: float, target_height: float) -> tuple[int, ...]:
        """The blockers of :meth:`blockers` as indices into the battlefield's terrain pieces then Buildings (the
        umbra cache's key: a blocker's umbra does not depend on the heights that made it a blocker)."""
        key = (observer_height, target_height)
        found = self._indices.get(key)
        if found is None:
            bf = self.battlefield
            n = len(bf.terrain)
            found = tuple(i for i, t in enumerate(bf.terrain) if t.blocks_sight(observer_height, target_height))
            found += tuple(range(n, n + len(bf.buildings)))
            assert tuple(self._pieces[i] for i in found) == self.blockers(observer_height, target_height)
            self._indices[key] = found
        return found

    def _umbras(self, observers: Sequence[PlacedModel], pieces: Sequence[tuple[int, ...]]) -> list[list[BaseGeometry]]:
        """For each observer, the umbras (:func:`umbras`) of the pieces given for it (indices as in
        :meth:`_piece_indices`), in that order; kept by value (observer footprint, piece), so an umbra is cast
        once whatever the heights, subsets and batches that ask for it (the umbra of one source and one blocker
        does not depend on the others in the batch: tests/geometry/test_sight_cache.py)."""
        cache = self._umbra
        known: dict[tuple[tuple[float, float, float, bytes], int], BaseGeometry] = {}
        missing: dict[tuple[int, ...], dict[tuple[float, float, float, bytes], Footprint]] = {}
        for o, idxs in zip(observers, pieces, strict=True):
            fk = o.footprint.key
            miss = []
            for i in idxs:
                k = (fk, i)
                u = cache.get(k)
                if u is None:
                    miss.append(i)
                else:
                    known[k] = u
            if miss:
                missing.setdefault(tuple(miss), {}).setdefault(fk, o.footprint)
        for miss_idxs, fps in missing.items():
            rings = pad([self._rings[i] for i in miss_idxs])  # the blockers' rings, read once per map
            cast = umbras([_source(f) for f in fps.values()], [self._pieces[i] for i in miss_idxs], rings)
            for fk, row in zip(fps, cast, strict=True):
                for i, u in zip(miss_idxs, row, strict=True):
                    known[(fk, i)] = u
                    while len(cache) >= UMBRA_CACHE:
                        del cache[next(iter(cache))]
                    cache[(fk, i)] = u
        return [[known[(o.footprint.key, i)] for i in idxs] for o, idxs in zip(observers, pieces, strict=True)]

    def _covers(self, fp: Footprint, piece: int) -> bool:
        """:func:`covers_table` for this observer footprint's source polygon and one piece (kept by value)."""
        bx0, by0, bx1, by1 = self._piece_bounds[piece]
        fx0, fy0, fx1, fy1 = fp.outer_bounds
        if fx0 <= bx0 or fy0 <= by0 or fx1 >= bx1 or fy1 >= by1:
            return False  # the footprint is not inside the piece's box: the source is not inside the piece
        key = (fp.key, piece)
        found = self._cover.get(key)
        if found is None:
            t = self.battlefield.table
            found = covers_table(_source_vertices(fp), self._rings[piece], t.width, t.depth)  # the rings' vertices
            while len(self._cover) >= UMBRA_CACHE:
                del self._cover[next(iter(self._cover))]
            self._cover[key] = found
        return found

    def _hidden(
        self,
        observers: Sequence[PlacedModel],
        target_height: float,
        subsets: Sequence[tuple[int, ...] | None] | None = None,
    ) -> list[tuple[BaseGeometry, BaseGeometry]]:
        """Each observer's hidden area (and its boundary, both prepared): the union of the umbras of the blockers
        for ``target_height``, clipped to the table; with ``subsets``, of those blockers only (indices into
        :meth:`blockers`; None for all)."""
        subs: Sequence[tuple[int, ...] | None] = [None] * len(observers) if subsets is None else subsets
        cache = self._cache
        keys = []
        for o, sub in zip(observers, subs, strict=True):
            hk = _key(o, target_height)
            if sub is not None and (
                (hk, None) in cache or 2 * len(sub) >= len(self._planes(o.height, target_height)[0])
            ):
                sub = None  # the whole hidden area is known, or would cost about as much: it answers as well
            keys.append((hk, sub))
        found = {k: cache[k] for k in keys if k in cache}
        groups: dict[tuple[float, tuple[int, ...] | None], dict[tuple[HiddenKey, tuple[int, ...] | None], Source]] = {}
        for k, o in zip(keys, observers, strict=True):
            if k not in found:
                groups.setdefault((o.height, k[1]), {}).setdefault(k, o)
        for (h, sub), group in groups.items():
            pieces = self._piece_indices(h, target_height)
            if sub is not None:
                pieces = tuple(pieces[i] for i in sub)
            if not pieces:
                areas: list[BaseGeometry] = [Polygon() for _ in group]
            else:
                models = list(group.values())
                whole = [any(self._covers(o.footprint, i) for i in pieces) for o in models]
                cast = [o for o, w in zip(models, whole, strict=True) if not w]
                cast_areas: list[BaseGeometry] = []
                if cast:
                    rows = self._umbras(cast, [pieces] * len(cast))
                    u = np.empty((len(rows), len(pieces)), dtype=object)
                    for r, row in enumerate(rows):
                        u[r, :] = row
                    cast_areas = list(shapely.intersection(shapely.union_all(u, axis=1), self._table))
                left = iter(cast_areas)
                areas = [self._whole_table if w else next(left) for w in whole]
            for k, area in zip(group, areas, strict=True):
                shapely.prepare(area)
                boundary = area.boundary
                shapely.prepare(boundary)
                found[k] = (area, boundary)
                while len(cache) >= HIDDEN_CACHE:
                    del cache[next(iter(cache))]
                cache[k] = (area, boundary)
        return [found[k] for k in keys]

    def _near(self, o_sub: Sequence[PlacedModel], t_sub: Sequence[PlacedModel], ht: float) -> list[tuple[int, ...]]:
        """For each observer, the blockers (indices) whose umbra could reach a target: those that meet the box
        around the observer's source polygon and every target footprint grown by EPSILON (a point ``q`` is in
        the umbra of ``C`` only if ``C`` meets the segment from the source to ``q``)."""
        x0s, y0s, x1s, y1s = zip(*[t.footprint.outer_bounds for t in t_sub], strict=True)
        minx, miny = min(x0s) - 2 * EPSILON, min(y0s) - 2 * EPSILON
        maxx, maxy = max(x1s) + 2 * EPSILON, max(y1s) + 2 * EPSILON
        out: list[tuple[int, ...]] = [()] * len(o_sub)
        for ho in dict.fromkeys(o.height for o in o_sub):  # one vectorised box test per observer height
            bounds = self._planes(ho, ht)[1].bounds  # (B, 4)
            idx = [i for i, o in enumerate(o_sub) if o.height == ho]
            ob = np.array([o_sub[i].footprint.outer_bounds for i in idx])  # (O, 4)
            grow = np.array([0.05 * o_sub[i].footprint.radius + EPSILON for i in idx])  # the source circumscribes
            x0 = np.minimum(minx, ob[:, 0] - grow)[:, None]
            y0 = np.minimum(miny, ob[:, 1] - grow)[:, None]
            x1 = np.maximum(maxx, ob[:, 2] + grow)[:, None]
            y1 = np.maximum(maxy, ob[:, 3] + grow)[:, None]
            near = (bounds[None, :, 0] <= x1) & (bounds[None, :, 2] >= x0)
            near &= (bounds[None, :, 1] <= y1) & (bounds[None, :, 3] >= y0)
            for i, row in zip(idx, near, strict=True):
                out[i] = tuple(np.flatnonzero(row).tolist())
        return out

    def hidden_areas(self, observers: Sequence[PlacedModel], target_height: float) -> list[BaseGeometry]:
        """For each observer model, the part of the table hidden from it for targets of this height."""
        return [a for a, _ in self._hidden(observers, target_height)]

    def hidden_area(self, observer: PlacedModel, target_height: float) -> BaseGeometry:
        """The part of the table hidden from one observer model, for targets of this height."""
        return self.hidden_areas([observer], target_height)[0]

    def model_sees(self, observer: PlacedModel, target: PlacedModel) -> bool:
        """Whether ``observer`` can draw line of sight to any part of ``target``'s footprint."""
        return self._models_see([observer], [target])

    def _undecided(
        self, obs: Sequence[PlacedModel], tgt: Sequence[PlacedModel]
    ) -> list[tuple[list[PlacedModel], list[PlacedModel], float]] | None:
        """The fast tests: None when a straight line between base centres is clear (or nothing blocks) for some
        pair of heights; else, per pair of heights, the observers and targets left to the hidden-area test."""
        rest: list[tuple[list[PlacedModel], list[PlacedModel], float]] = []
        heights = {(o.height, t.height) for o in obs for t in tgt}
        for ho, ht in heights:
            o_sub = [o for o in obs if o.height == ho]
            t_sub = [t for t in tgt if t.height == ht]
            polys, planes = self._planes(ho, ht)
            if not polys:
                return None
            crossed = planes.segment_crossed
            # fast path: a few centre-to-centre lines; the hidden-area test is the definitive one
            step_o, step_t = max(1, len(o_sub) // 2), max(1, len(t_sub) // 2)
            probes = [(o, t) for o in o_sub[::step_o] for t in t_sub[::step_t]][:FAST_PROBES]
            if any(not crossed(o.footprint.centre, t.footprint.centre) for o, t in probes):
                return None
            # every centre-to-centre line, vectorised: one that no blocker crosses shows a target centre outside
            # every umbra of that observer, which the hidden-area test would also find visible
            if len(probes) < len(o_sub) * len(t_sub):
                oc = np.array([o.footprint.centre for o in o_sub])
                tc = np.array([t.footprint.centre for t in t_sub])
                p0 = np.repeat(oc, len(tc), axis=0)
                p1 = np.tile(tc, (len(oc), 1))
                if not bool(planes.crossed(p0, p1).all()):
                    return None
            rest.append((o_sub, t_sub, ht))
        return rest

    def _centres_clear(self, obs: Sequence[PlacedModel], tgt: Sequence[PlacedModel]) -> list[bool]:
        """The fast test of :meth:`_undecided` for each observer alone, for many observers at once: whether,
        for some pair of heights, nothing blocks or a straight line from its base centre to a target's is clear
        (every such line, vectorised per pair of heights)."""
        out = [False] * len(obs)
        if not obs:
            return out
        heights_t = list(dict.fromkeys(t.height for t in tgt))
        for ho in dict.fromkeys(o.height for o in obs):
            for ht in heights_t:
                idx = [i for i, o in enumerate(obs) if o.height == ho and not out[i]]
                if not idx:
                    break
                polys, planes = self._planes(ho, ht)
                if not polys:
                    for i in idx:
                        out[i] = True
                    continue
                oc = [obs[i].footprint.centre for i in idx]
                tc = [t.footprint.centre for t in tgt if t.height == ht]
                for i, clear in zip(idx, centre_lines_clear(planes, oc, tc), strict=True):
                    if clear:
                        out[i] = True
        return out

    def _hidden_see_each(self, o_sub: Sequence[PlacedModel], t_sub: Sequence[PlacedModel], ht: float) -> np.ndarray:
        """The hidden-area test: for each observer (all of them facing targets of height ``ht``), whether some
        target is not inside its hidden area by more than EPSILON (len(o_sub),) bool.

        Most observers are decided from their single umbras (:meth:`_by_umbras`), without the union that makes
        the hidden area; the others (and those whose hidden area is already known) take :meth:`_by_area`."""
        near = self._near(o_sub, t_sub, ht)
        seen = np.zeros(len(o_sub), dtype=bool)
        todo = []
        for i, (o, sub) in enumerate(zip(o_sub, near, strict=True)):
            hk = _key(o, ht)
            if (hk, None) in self._cache or (hk, sub) in self._cache:
                todo.append(i)
        known = set(todo)
        fast = [i for i in range(len(o_sub)) if i not in known]
        if fast:
            pieces = [self._piece_indices(o_sub[i].height, ht) for i in fast]
            decided = self._by_umbras(
                [o_sub[i] for i in fast],
                [tuple(p[j] for j in near[i]) for p, i in zip(pieces, fast, strict=True)],
                t_sub,
            )
            for i, answer in zip(fast, decided, strict=True):
                if answer is None:
                    todo.append(i)
                else:
                    seen[i] = answer
        if todo:
            todo.sort()
            seen[todo] = self._by_area([o_sub[i] for i in todo], t_sub, ht, [near[i] for i in todo])
        return seen

    def _by_umbras(
        self, observers: Sequence[PlacedModel], pieces: Sequence[tuple[int, ...]], t_sub: Sequence[PlacedModel]
    ) -> list[bool | None]:
        """For each observer, the answer of :meth:`_by_area` where the single umbras of its ``pieces`` (the near
        blockers) decide it, else None. A target whose core meets no umbra is outside their union: seen (the
        union's boundary, rounding aside, stays within the umbras, and "hidden" needs the core more than
        EPSILON inside it). A target whose core lies inside one umbra and, with its radius + EPSILON +
        :data:`DEEP_MARGIN`, inside that umbra and the table, lies inside the hidden area by more than its
        radius + EPSILON: hidden. Every target hidden: not seen; some target seen: seen; else undecided.
        An observer standing inside a blocker whose umbra covers the table (:func:`covers_table`) has the whole
        table as its hidden area: targets on it (by the same margin) are hidden, without casting any umbra; and so
        is an observer whose targets all lie surely inside single umbras by that margin (:meth:`_surely_hidden`).
        Surely: where the casting would find it (tests/geometry/test_umbra_sure.py)."""
        cores = object_array([t.footprint.core for t in t_sub])
        reach = np.array([t.footprint.radius + EPSILON + DEEP_MARGIN for t in t_sub])
        t = self.battlefield.table
        on_table = np.array(
            [
                b[0] - r >= 0.0 and b[1] - r >= 0.0 and b[2] + r <= t.width and b[3] + r <= t.depth
                for b, r in zip((m.footprint.bounds for m in t_sub), reach, strict=True)
            ]
        )
        swallowed = [any(self._covers(o.footprint, i) for i in idxs) for o, idxs in zip(observers, pieces, strict=True)]
        inside: bool | None = False if on_table.all() else None  # the answer for a swallowed observer
        out: list[bool | None] = [inside if sw else True for sw in swallowed]
        if inside is False:  # every target on the table: those surely deep inside single umbras are hidden
            sure = [i for i, sw in enumerate(swallowed) if not sw and pieces[i]]
            if sure:
                for i, hidden_all in zip(sure, self._surely_hidden(observers, pieces, sure, t_sub, reach), strict=True):
                    if hidden_all:
                        out[i] = False
                        swallowed[i] = True
        cast = [i for i, sw in enumerate(swallowed) if not sw]  # observers whose umbras are cast: rows
        rows = self._umbras([observers[i] for i in cast], [pieces[i] for i in cast])
        flat = [u for row in rows for u in row]
        if not flat:
            return out  # no umbra near any of them: the hidden areas miss every target
        owner = np.repeat(np.arange(len(rows)), [len(row) for row in rows])  # the row of each umbra
        umb = object_array(flat)
        meets = shapely.intersects(umb[:, None], cores[None, :])  # (P, T)
        met = np.zeros((len(rows), len(t_sub)), dtype=bool)
        np.logical_or.at(met, owner, meets)
        left = np.asarray(met.all(axis=1))  # every target meets an umbra: not seen by the clear-core test
        for r, i in enumerate(cast):
            out[i] = None if left[r] else True
        if not left.any():
            return out
        keep = left[owner]
        umb, owner = umb[keep], owner[keep]
        deep = shapely.contains(umb[:, None], cores[None, :])
        rr, cc = np.nonzero(deep)
        if len(rr):
            rings = shapely.get_exterior_ring(umb[rr])
            deep[rr, cc] = shapely.distance(rings, cores[cc]) > reach[cc]
        hid = np.zeros((len(rows), len(t_sub)), dtype=bool)
        np.logical_or.at(hid, owner, deep)
        hidden: np.ndarray = (hid & on_table[None, :]).all(axis=1)
        for r, i in enumerate(cast):
            if left[r] and hidden[r]:
                out[i] = False
        return out

    def _surely_hidden(
        self,
        observers: Sequence[PlacedModel],
        pieces: Sequence[tuple[int, ...]],
        which: Sequence[int],
        t_sub: Sequence[PlacedModel],
        reach: np.ndarray,
    ) -> list[bool]:
        """For the observers ``which`` (indices into ``observers``, each with some ``pieces``), whether every target
        is surely inside one umbra of its pieces by more than its ``reach`` (:func:`surely_in_umbras`): where so,
        the single umbras would find each target hidden (False says nothing). Targets are their core's points: the
        centre of a round base, the vertices of a hull's (a convex core lies inside a convex umbra with them)."""
        owner = np.repeat(np.arange(len(which)), [len(pieces[i]) for i in which])  # the observer of each pair

        def source_vertices(pairs: np.ndarray) -> np.ndarray:  # the source polygons' vertices, only where asked
            kept, back = np.unique(owner[pairs], return_inverse=True)
            verts = pad([_source_vertices(observers[which[k]].footprint) for k in kept.tolist()])
            out: np.ndarray = verts[back.reshape(-1)]
            return out

        ids = np.fromiter((j for i in which for j in pieces[i]), dtype=np.intp, count=len(owner))
        points: list[tuple[float, float]] = []
        starts: list[int] = []  # where each target's points begin
        for m in t_sub:
            starts.append(len(points))
            fp = m.footprint
            if type(fp.core) is Point:
                points.append(fp.centre)
            else:  # a hull's corners; the box of a rounder polygon (a convex core lies inside a convex umbra with them)
                corners = shapely.get_coordinates(fp.core.exterior)[:-1].tolist()
                if len(corners) > 8:
                    x0, y0, x1, y1 = fp.bounds
                    corners = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
                points.extend(corners)
        rings, normals, offsets, real = self._sure_planes
        at = np.array([observers[i].footprint.centre for i in which])
        boxes = np.array([_source_box(observers[i].footprint) for i in which])
        deep = surely_in_umbras(
            at[owner],
            boxes[owner],
            source_vertices,
            rings[ids],
            normals[ids],
            offsets[ids],
            real[ids],
            np.array(points),
            np.repeat(reach, np.diff([*starts, len(points)])),
        )  # (P, K)
        per_target = np.logical_and.reduceat(deep, starts, axis=1)  # (P, T)
        first = np.flatnonzero(np.r_[True, owner[1:] != owner[:-1]])
        hidden = np.logical_or.reduceat(per_target, first, axis=0)  # (observers, T)
        return [bool(row.all()) for row in hidden]

    def _by_area(
        self,
        o_sub: Sequence[PlacedModel],
        t_sub: Sequence[PlacedModel],
        ht: float,
        near: Sequence[tuple[int, ...]],
    ) -> np.ndarray:
        """The exact test on the hidden areas (unions of the umbras): for each observer, whether some target is
        not inside its hidden area by more than EPSILON ``near`` as :meth:`_near` gives it."""
        hidden = self._hidden(o_sub, ht, near)
        areas = object_array([a for a, _ in hidden])[:, None]
        cores = object_array([t.footprint.core for t in t_sub])[None, :]
        inside = shapely.contains(areas, cores)
        if inside.any():
            bounds = object_array([b for _, b in hidden])[:, None]
            radii = np.array([t.footprint.radius for t in t_sub])[None, :]
            rows, cols = np.nonzero(inside)
            far = shapely.distance(bounds[rows, 0], cores[0, cols]) > radii[0, cols] + EPSILON
            inside[rows, cols] = far
        seen: np.ndarray = ~inside.all(axis=1)
        return seen

    def _models_see(self, obs: Sequence[PlacedModel], tgt: Sequence[PlacedModel]) -> bool:
        rest = self._undecided(obs, tgt)
        return rest is None or any(bool(self._hidden_see_each(o, t, ht).any()) for o, t, ht in rest)

    def _recall(self, key: tuple[tuple[ModelKey, ...], tuple[ModelKey, ...]]) -> bool | None:
        seen = self._seen
        answer = seen.pop(key, None)
        if answer is not None:
            seen[key] = answer  # most recently used last
        return answer

    def _remember(self, key: tuple[tuple[ModelKey, ...], tuple[ModelKey, ...]], answer: bool) -> None:
        seen = self._seen
        while len(seen) >= SEEN_CACHE:
            del seen[next(iter(seen))]
        seen[key] = answer

    def sees_each(self, observers: Sequence[PlacedModel], target: PlacedUnit) -> list[bool]:
        """For each observer model (on the table), whether it sees some model of ``target``: the answers of
        ``unit_sees`` for one-model observer units, found together (shared hidden-area tests). An embarked target
        is seen by none."""
        if not target.on_table:
            return [False] * len(observers)
        tgt = target.models
        tkey = _models_key(tgt)
        keys = [((_model_key(o),), tkey) for o in observers]
        out = [self._recall(k) for k in keys]
        groups: dict[float, list[int]] = {}  # target height -> observers left to the hidden-area test
        pending = [i for i, answer in enumerate(out) if answer is None]
        clear = self._centres_clear([observers[i] for i in pending], tgt)
        heights = list(dict.fromkeys(t.height for t in tgt))
        for i, seen_fast in zip(pending, clear, strict=True):
            out[i] = seen_fast
            if not seen_fast:
                for ht in heights:
                    groups.setdefault(ht, []).append(i)
        for ht, idxs in groups.items():
            t_sub = [t for t in tgt if t.height == ht]
            seen = self._hidden_see_each([observers[i] for i in idxs], t_sub, ht)
            for i, s in zip(idxs, seen, strict=True):
                if s:
                    out[i] = True
        result = [bool(a) for a in out]
        for k, answer in zip(keys, result, strict=True):
            if k not in self._seen:
                self._remember(k, answer)
        return result

    def sees_model(self, observers: Sequence[PlacedModel], target: PlacedUnit, j: int, near: np.ndarray) -> bool:
        """Whether an observer ``i`` with ``near[i]`` sees model ``j`` of ``target`` (:meth:`sees_each` of the model
        alone), the straight lines between base centres tried first, observer by observer up to a clear one."""
        model = target.models[j]
        those = [o for o, n in zip(observers, near.tolist(), strict=True) if n] if target.on_table else []
        for o in those:
            polys, planes = self._planes(o.height, model.height)
            if not polys or not planes.crossed_one(*o.footprint.centre, *model.footprint.centre):
                return True
        return bool(those) and any(self.sees_each(those, PlacedUnit(target.name, target.player, (model,))))

    def unit_sees(self, observer: PlacedUnit, target: PlacedUnit) -> bool:
        """Whether any model of ``observer`` sees any model of ``target``; embarked units neither see nor
        are seen."""
        if not observer.on_table or not target.on_table:
            return False
        key = (_models_key(observer.models), _models_key(target.models))
        answer = self._recall(key)
        if answer is None:
            answer = self._models_see(observer.models, target.models)
            self._remember(key, answer)
        return answer

    def any_unit_sees(self, observers: Sequence[PlacedUnit], target: PlacedUnit) -> bool:
        """ "Can any (deployed) unit of ``observers`` see ``target``?" (the Infiltrate question, INF-3)."""
        return any(self.unit_sees(o, target) for o in observers)

    def visible_units(self, observer: PlacedUnit, candidates: Sequence[PlacedUnit]) -> tuple[PlacedUnit, ...]:
        """ "Which of ``candidates`` can ``observer`` see?" in the order given."""
        return tuple(c for c in candidates if self.unit_sees(observer, c))

    def hidden_from_all(self, observers: Sequence[PlacedUnit], target_height: float) -> BaseGeometry:
        """The part of the table hidden from every model of every deployed unit in ``observers`` (points;
        a footprint is hidden when it lies inside this area). With no observers, the whole table."""
        models = [m for u in observers if u.on_table for m in u.models]
        if not models:
            return self._table
        areas = self.hidden_areas(models, target_height)
        result: BaseGeometry = shapely.intersection_all(np.array(areas, dtype=object))
        return result

    def hidden_parts(
        self, observers: Sequence[PlacedUnit], target_height: float
    ) -> list[tuple[BaseGeometry, BaseGeometry]]:
        """For each model of each deployed unit in ``observers`` (in order), its hidden area for targets of this
        height and the area's boundary, both prepared (kept as :meth:`hidden_areas` keeps them). A point lies in
        :meth:`hidden_from_all` when it lies in every area; a footprint is hidden from a model when its core lies
        inside the model's area and farther than its radius + EPSILON from the boundary. Empty with no
        observers."""
        models = [m for u in observers if u.on_table for m in u.models]
        return self._hidden(models, target_height) if models else []
