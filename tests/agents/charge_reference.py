"""The Charge Move proposal as it was before :mod:`strategium.agents.charge_spots` (kept here as the reference that
module must agree with, pose for pose: ``test_charge_spots``), with the one rule added since: a model's straight
way to a spot may not cross Impassable Terrain or a Building (``charge_reach.path_crosses``, p.222), so such a
contact spot is refused and a model whose closing-in move would cross stays where it is."""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np

from strategium.agents import placement_sampling as ps
from strategium.agents.charge_spots import approach as _approach
from strategium.agents.proposals import _feet_of
from strategium.army.army import Model
from strategium.engine.assault import charges
from strategium.engine.assault.charge_reach import path_crosses
from strategium.engine.core.board import Placement, Pose
from strategium.engine.core.game import Game
from strategium.engine.table.placement import footprint
from strategium.engine.table.table_checks import overlaps
from strategium.geometry.measure import Footprint, distance


def _contact_spots(model: Model, pose: Pose, target: Footprint, width: float) -> list[Pose]:
    """Poses in base contact with ``target``, approached straight or from small sideways offsets."""
    out: list[Pose] = []
    fp = footprint(model, pose)
    ux, uy, _ = _approach(fp, target)
    for k in (0, 1, -1, 2, -2, 3, -3):
        ox, oy = -uy * k * width, ux * k * width
        start = Pose(pose.x + ox, pose.y + oy, pose.heading)
        sfp = footprint(model, start)
        vx, vy, d = _approach(sfp, target)
        out.append(Pose(start.x + vx * d, start.y + vy * d, pose.heading))
    return out


def charge_positions(game: Game, unit_id: str) -> Placement:
    """A Charge Move for the Charge being resolved: each model that can reach a target model is brought into base
    contact with it (straight in, or from a sideways offset when the spot is taken); the others close in as far
    as they may without touching anything. Empty when there is no Charge awaiting its move."""
    s = game.state
    record = charges.charge_of(game, unit_id)
    if record is None or record.distance is None:
        return ()
    limit = float(record.distance) - 1e-4
    targets = [f for _, _, f in _feet_of(game, record.targets)]
    if not targets:
        return ()
    movers = sorted(charges.feet(game, unit_id), key=lambda f: min(distance(f[2], t) for t in targets))
    moving = {uid for uid, _, _ in movers}
    others = [fp for uid, st in s.units.items() if uid not in moving for _, _, fp in _feet_of(game, (uid,))]
    non_targets = [
        fp
        for uid, st in s.units.items()
        if st.player != s.owner(unit_id) and uid not in record.targets
        for _, _, fp in _feet_of(game, (uid,))
    ]
    gap = s.config.movement.enemy_distance
    fixed, enemies = Boxed(others), Boxed(non_targets)
    placed: list[Footprint] = []
    out: list[tuple[str, Pose]] = []
    for uid, model, fp in movers:
        pose = s.units[uid].poses[model.id]
        target = min(targets, key=lambda t: distance(fp, t))
        width = 2 * ps.circumradius(model, pose.heading) + ps.GAP
        chosen: Pose | None = None
        for spot in _contact_spots(model, pose, target, width):
            if math.hypot(spot.x - pose.x, spot.y - pose.y) > limit:
                continue
            new = footprint(model, spot)
            if _clear(new, fixed, placed, enemies, gap) and path_crosses(game, fp, new) is None:
                chosen = spot
                break
        if chosen is None:
            chosen = _close_in(model, pose, target, limit, fixed, placed, enemies, gap)
            if chosen != pose and path_crosses(game, fp, footprint(model, chosen)) is not None:
                chosen = pose
        out.append((model.id, chosen))
        placed.append(footprint(model, chosen))
    return tuple(out)


class Boxed:
    """Footprints with their outer bounds as arrays, to find quickly the few that may come near a footprint."""

    def __init__(self, feet: Sequence[Footprint]) -> None:
        self.feet = list(feet)
        boxes = np.array([f.outer_bounds for f in self.feet], dtype=float).reshape(-1, 4)
        self.lo_x, self.lo_y, self.hi_x, self.hi_y = boxes.T

    def near(self, fp: Footprint, inches: float) -> list[Footprint]:
        """The footprints whose outer bounds come within ``inches`` (a little more, for rounding) of ``fp``'s
        along both axes: a superset of those within ``inches`` of it (in their order)."""
        if not self.feet:
            return []
        x0, y0, x1, y1 = fp.outer_bounds
        d = inches + BOX_SLACK
        close = (self.lo_x < x1 + d) & (x0 - d < self.hi_x) & (self.lo_y < y1 + d) & (y0 - d < self.hi_y)
        return [self.feet[i] for i in np.flatnonzero(close)]


BOX_SLACK = 1e-6
"""Inches added to :meth:`Boxed.near`'s reach so that rounding never leaves a footprint out."""


def _clear(fp: Footprint, fixed: Boxed, placed: list[Footprint], non_targets: Boxed, gap: float) -> bool:
    """Whether ``fp`` overlaps none of ``fixed`` and ``placed`` and is more than ``gap`` (+ 1/1000") from each of
    ``non_targets`` (footprints far by their bounds pass without the exact test)."""
    if any(overlaps(fp, o) for o in fixed.near(fp, 0.0)) or any(overlaps(fp, o) for o in placed):
        return False
    return all(distance(fp, e) > gap + 1e-3 for e in non_targets.near(fp, gap + 1e-3))


def _close_in(
    model: Model,
    pose: Pose,
    target: Footprint,
    limit: float,
    fixed: Boxed,
    placed: list[Footprint],
    non_targets: Boxed,
    gap: float,
) -> Pose:
    """As far toward ``target`` as the limit allows without overlapping anything (stays put if nothing works)."""
    fp = footprint(model, pose)
    ux, uy, d = _approach(fp, target)
    reach = min(limit, d)
    for frac in (1.0, 0.9, 0.75, 0.6, 0.45, 0.3, 0.15):
        step = reach * frac
        spot = Pose(pose.x + ux * step, pose.y + uy * step, pose.heading)
        if _clear(footprint(model, spot), fixed, placed, non_targets, gap):
            return spot
    return pose
