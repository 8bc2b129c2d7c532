"""A unit's outer box: bounds (inches) that hold every footprint of the unit and of the Independent Characters
joined to it, kept while its poses stand. A broad phase for "more than X" tests between units (the Reactions'
screens, ``rules/core/reaction_screens.py``) and for the models that may obscure a line of fire
(``engine/shooting/line_of_fire.py``): a unit whose box misses a region has no model in it.

Each model is given a square of half-side :func:`reach` about its centre (the farthest point of its base or hull
from its pose's (x, y), the same at every heading), so the box holds the footprint at any pose without building it.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import TYPE_CHECKING

import numpy as np
import shapely

from strategium.army.army import Model
from strategium.engine.core.board import Pose
from strategium.engine.core.tracked import CLOCK
from strategium.engine.table.box_gap import Box
from strategium.engine.table.placement import Shape, _footprint, _shape_of

if TYPE_CHECKING:
    from strategium.engine.core.game import Game


def reach(model: Model, pose: Pose) -> float:
    """How far (inches) the model's footprint reaches from its centre: the farthest point of its base or hull from
    the pose's (x, y), the same at every pose (a footprint turns about its centre, so it is measured once per
    shape, at the origin, heading 0). Kept in the model's memo."""
    known: float | None = model.memo.get(_REACH)
    if known is None:
        known = model.memo[_REACH] = shape_reach(_shape_of(model))
    return known


@lru_cache(maxsize=1024)
def shape_reach(shape: Shape) -> float:
    """:func:`reach` of a base or hull shape (inches), from its footprint at the origin, heading 0."""
    fp = _footprint(shape, 0.0, 0.0, 0.0)
    coords = shapely.get_coordinates(fp.core)
    return float(np.max(np.hypot(coords[:, 0], coords[:, 1]))) + fp.radius


_REACH = "unit_box.reach"
"""The key of a model's :func:`reach` in its :attr:`Model.memo`."""


def outer_box(game: Game, unit_id: str) -> Box | None:
    """Bounds containing every footprint of the unit and the Independent Characters joined to it (the models with
    a pose: each model's square of half-side :func:`reach` about its centre), or None when none has a pose.

    Kept per unit id while nothing tracked has changed (``tracked.CLOCK``) in the same units' dict, or else while
    the same units stand with the same poses: the same (immutable) army-list units and the same ``poses`` dicts
    (held, so their identity cannot be reused) at the same ``version`` (a
    :class:`~strategium.engine.core.tracked.TrackedDict` is re-stamped by every change; a pose replaced or a model
    removed changes it; a new dict is another object). A Reaction window asks for the enemy's box once per
    reacting unit, and the reactive units that did not move keep theirs from one window to the next."""
    s = game.state
    units = s.units
    kept = _BOXES.get(unit_id)
    now = CLOCK.now
    if kept is not None and kept.clock == now and kept.units is units:
        return kept.box
    joined = s.characters_joined_to(unit_id)
    if joined:
        stamp = ((s.unit(unit_id), units[unit_id].poses), *((c, units[c.id].poses) for c in joined))
        versions = tuple(getattr(poses, "version", None) for _, poses in stamp)
    else:
        poses = units[unit_id].poses
        stamp = ((s.unit(unit_id), poses),)
        versions = (getattr(poses, "version", None),)
    if None in versions:
        return _outer_box(game, unit_id)
    if (
        kept is not None
        and kept.versions == versions
        and len(kept.stamp) == len(stamp)
        and all(a is c and b is d for (a, b), (c, d) in zip(kept.stamp, stamp, strict=True))
    ):
        kept.clock, kept.units = now, units
        return kept.box
    box = _outer_box(game, unit_id)
    _BOXES[unit_id] = _Kept(stamp, versions, box, now, units)
    return box


class _Kept:
    """A unit's box (:func:`outer_box`), with the units and ``poses`` dicts (held) and their versions it was worked
    out for, and the clock and the units' dict (held) when it was last found good (updated then)."""

    __slots__ = ("box", "clock", "stamp", "units", "versions")

    def __init__(
        self,
        stamp: tuple[tuple[object, object], ...],
        versions: tuple[int | None, ...],
        box: Box | None,
        clock: int,
        units: object,
    ) -> None:
        self.stamp = stamp
        self.versions = versions
        self.box = box
        self.clock = clock
        self.units = units


_BOXES: dict[str, _Kept] = {}
"""Each unit id's last box (one entry per unit id)."""


def _outer_box(game: Game, unit_id: str) -> Box | None:
    s = game.state
    minx = miny = math.inf
    maxx = maxy = -math.inf
    for uid in (unit_id, *(u.id for u in s.characters_joined_to(unit_id))):
        poses = s.units[uid].poses
        if not poses:
            continue
        for m in s.unit(uid).models:
            pose = poses.get(m.id)
            if pose is None:
                continue
            r = reach(m, pose)
            x, y = pose.x, pose.y
            if x - r < minx:
                minx = x - r
            if y - r < miny:
                miny = y - r
            if x + r > maxx:
                maxx = x + r
            if y + r > maxy:
                maxy = y + r
    if minx == math.inf:
        return None
    return (minx, miny, maxx, maxy)
