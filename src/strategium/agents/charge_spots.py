"""The greedy Charge Move both players propose first (:func:`charge_positions`), found with less geometry.

It gives, pose for pose, what the earlier proposal gave (kept as a reference in ``tests/agents/charge_reference.py``;
``tests/agents/test_charge_spots.py`` compares them on the Charges of several battles): the models closest to the
targets go first; each is brought into base contact with its closest target model (straight in, or from a sideways
offset when the spot is taken) if a spot within the Charge distance is clear, else it closes in as far as it may
without touching anything. What is new is only how much is measured to get there:

- a model farther from its target than the Charge distance (plus :data:`SKIP_MARGIN`) cannot reach any contact spot
  (moving a footprint by a vector changes its distance to the target by at most that vector's length, and a spot
  is in contact), so its spots are not built;
- the contact spots are built one at a time, as they are tried (most models take the first);
- the footprints a model's moves could touch are found once per model, by their bounds (every spot and close-in
  step lies within the Charge distance of its start), and each spot is tested against those few;
- a spot whose model's inner disc (:func:`~strategium.engine.table.placement.inradius`) cuts deep into another's
  (by :data:`SURE_OVERLAP`) overlaps it: the spot is refused without building its footprint or intersecting
  polygons (the exact test would refuse it too).

All lengths are inches.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence

from shapely.geometry import Point
from shapely.ops import nearest_points

from strategium.agents import placement_sampling as ps
from strategium.army.army import Model
from strategium.engine.assault import charges
from strategium.engine.assault.charge_reach import path_crosses
from strategium.engine.core.board import Location, Placement, Pose
from strategium.engine.core.game import Game
from strategium.engine.table import broad_phase
from strategium.engine.table.placement import footprint, inradius
from strategium.engine.table.table_checks import overlaps
from strategium.geometry.measure import Footprint, distance

SKIP_MARGIN = 1e-3
"""Inches by which a model must be farther from its target than the Charge distance for its contact spots to be
skipped: far more than the rounding of a spot's contact (about 1e-12")."""

BOX_SLACK = 1e-6
"""Inches added to every bounds comparison, so that rounding never leaves a footprint out."""

CLOSE_IN = (1.0, 0.9, 0.75, 0.6, 0.45, 0.3, 0.15)
"""The shares of the way to its target a model that cannot reach a contact spot tries, in order."""

SURE_OVERLAP = 0.01
"""Inches by which two models' inner discs must overlap for the models to overlap surely: their shared area is
then at least 3e-4 square inches (discs at least 1/4" across), far more than the exact test's 1e-6."""

SIDEWAYS = (0, 1, -1, 2, -2, 3, -3)
"""The sideways offsets (in base widths) of the contact spots, in the order they are tried."""


def approach(fp: Footprint, target: Footprint) -> tuple[float, float, float]:
    """(ux, uy, d): the unit direction in which ``fp`` comes closest to ``target`` and the distance to go ((0, 0,
    0) when they already touch at their cores)."""
    d = distance(fp, target)
    if fp.is_round and target.is_round:
        (x0, y0), (x1, y1) = fp.centre, target.centre
    else:
        a = fp.core if not fp.is_round else Point(fp.centre)
        b = target.core if not target.is_round else Point(target.centre)
        p, q = nearest_points(a, b)
        x0, y0, x1, y1 = p.x, p.y, q.x, q.y
    length = math.hypot(x1 - x0, y1 - y0)
    if length < 1e-12:
        return 0.0, 0.0, 0.0
    return (x1 - x0) / length, (y1 - y0) / length, d


def contact_spots(
    model: Model, pose: Pose, target: Footprint, width: float, straight: tuple[float, float, float]
) -> Iterator[Pose]:
    """Poses in base contact with ``target``, approached straight or from sideways offsets of ``width`` (in the
    order of :data:`SIDEWAYS`), built as they are asked for; ``straight``: :func:`approach` from ``pose``."""
    ux, uy, _ = straight
    for k in SIDEWAYS:
        if k == 0:
            vx, vy, d = straight
            yield Pose(pose.x + vx * d, pose.y + vy * d, pose.heading)
            continue
        ox, oy = -uy * k * width, ux * k * width
        start = Pose(pose.x + ox, pose.y + oy, pose.heading)
        vx, vy, d = approach(footprint(model, start), target)
        yield Pose(start.x + vx * d, start.y + vy * d, pose.heading)


Solid = tuple[Footprint, float, float, float]
"""A model standing somewhere: its footprint, its centre (x, y) and its
:func:`~strategium.engine.table.placement.inradius`
(inches)."""


def solid(model: Model, pose: Pose) -> Solid:
    """The model at ``pose`` as a :data:`Solid`."""
    return (footprint(model, pose), pose.x, pose.y, inradius(model))


class Nearby:
    """Models standing somewhere (:data:`Solid`), to pick those that may come near a box."""

    def __init__(self, solids: Sequence[Solid]) -> None:
        self.solids = list(solids)

    def near(self, box: tuple[float, float, float, float], inches: float) -> list[Solid]:
        """The solids whose footprint's outer bounds come within ``inches`` (a little more, for rounding) of ``box``
        along both axes: a superset of those within ``inches`` of anything inside it (in their order)."""
        x0, y0, x1, y1 = box
        d = inches + BOX_SLACK
        out = []
        for one in self.solids:
            a0, b0, a1, b1 = one[0].outer_bounds
            if a0 < x1 + d and x0 - d < a1 and b0 < y1 + d and y0 - d < b1:
                out.append(one)
        return out


def _grown(box: tuple[float, float, float, float], inches: float) -> tuple[float, float, float, float]:
    return (box[0] - inches, box[1] - inches, box[2] + inches, box[3] + inches)


def _box_near(fp: Footprint, box: tuple[float, float, float, float], inches: float) -> bool:
    """The test of :meth:`Nearby.near`: ``fp``'s outer bounds come within ``inches`` (+ :data:`BOX_SLACK`) of
    ``box`` along both axes. It holds for a box within ``box`` only if it holds for ``box`` (the same sums)."""
    x0, y0, x1, y1 = box
    d = inches + BOX_SLACK
    a0, b0, a1, b1 = fp.outer_bounds
    return a0 < x1 + d and x0 - d < a1 and b0 < y1 + d and y0 - d < b1


def _clear(
    model: Model,
    spot: Pose,
    fixed: list[Solid],
    placed: list[Solid],
    enemies: list[Solid],
    gap: float,
) -> bool:
    """Whether the model at ``spot`` overlaps none of ``fixed`` and ``placed`` and is more than ``gap`` (+ 1/1000")
    from each of ``enemies``, testing only the models that may come near it
    (a sure overlap of inner discs refuses the spot before its footprint is built)."""
    x, y, mine = spot.x, spot.y, inradius(model) - SURE_OVERLAP
    for _, ox, oy, inner in fixed:
        if math.hypot(x - ox, y - oy) < mine + inner:
            return False
    for _, ox, oy, inner in placed:
        if math.hypot(x - ox, y - oy) < mine + inner:
            return False
    fp = footprint(model, spot)
    if any(overlaps(fp, o) for o in _near(fixed, fp, 0.0)) or any(overlaps(fp, o[0]) for o in placed):
        return False
    return all(distance(fp, e) > gap + 1e-3 for e in _near(enemies, fp, gap + 1e-3))


def charge_positions(game: Game, unit_id: str) -> Placement:
    """A Charge Move for the Charge being resolved (see the module docstring): each model that can reach a target
    model is brought into base contact with it; the others close in as far as they may without touching anything.
    Empty when there is no Charge awaiting its move."""
    s = game.state
    record = charges.charge_of(game, unit_id)
    if record is None or record.distance is None:
        return ()
    limit = float(record.distance) - 1e-4
    targets = [f for _, _, f in _feet_of(game, record.targets)]
    if not targets:
        return ()
    measured = []
    for uid, model, fp in charges.feet(game, unit_id):
        gaps = [distance(fp, t) for t in targets]
        closest = min(gaps)
        measured.append((closest, uid, model, fp, targets[gaps.index(closest)]))
    if not measured:
        return ()
    measured.sort(key=lambda m: m[0])  # stable: as sorting by the closest distance
    moving = {uid for _, uid, _, _, _ in measured}
    gap = s.config.movement.enemy_distance
    # every model's area (below) lies within ``span``: only the models near it can be near one of them
    span = _grown(broad_phase.span([fp.outer_bounds for _, _, _, fp, _ in measured]), limit + BOX_SLACK)
    others = Nearby(
        [
            _solid(game, owner_id, m, fp)
            for uid in s.units
            if uid not in moving
            for owner_id, m, fp in _feet_of(game, (uid,))
            if _box_near(fp, span, 0.0)
        ]
    )
    owner = s.owner(unit_id)
    non_targets = Nearby(
        [
            _solid(game, owner_id, m, fp)
            for uid, st in s.units.items()
            if st.player != owner and uid not in record.targets
            for owner_id, m, fp in _feet_of(game, (uid,))
            if _box_near(fp, span, gap + 1e-3)
        ]
    )
    placed: list[Solid] = []
    out: list[tuple[str, Pose]] = []
    walled = bool(s.battlefield.buildings) or any(t.is_impassable for t in s.battlefield.terrain)

    def crosses(before: Footprint, after: Footprint) -> bool:
        return walled and path_crosses(game, before, after) is not None

    for closest, uid, model, fp, target in measured:
        pose = s.units[uid].poses[model.id]
        width = 2 * ps.circumradius(model, pose.heading) + ps.GAP
        straight = approach(fp, target)
        # every pose tried lies within ``limit`` of ``pose`` (the others are skipped before their footprint is
        # built): the footprints there lie in the start's bounds grown by the limit
        area = _grown(fp.outer_bounds, limit + BOX_SLACK)
        fixed = others.near(area, 0.0)
        enemies = non_targets.near(area, gap + 1e-3)
        chosen: Pose | None = None
        if closest <= limit + SKIP_MARGIN:
            for spot in contact_spots(model, pose, target, width, straight):
                if math.hypot(spot.x - pose.x, spot.y - pose.y) > limit:
                    continue
                if _clear(model, spot, fixed, placed, enemies, gap) and not crosses(fp, footprint(model, spot)):
                    chosen = spot
                    break
        if chosen is None:
            chosen = _close_in(model, pose, straight, limit, fixed, placed, enemies, gap)
            if chosen != pose and crosses(fp, footprint(model, chosen)):
                chosen = pose  # its straight way is walled off (Impassable Terrain, a Building): it stays
        out.append((model.id, chosen))
        placed.append(solid(model, chosen))
    return tuple(out)


def _near(solids: list[Solid], fp: Footprint, inches: float) -> list[Footprint]:
    """The footprints of ``solids`` whose outer bounds come within ``inches`` (+ :data:`BOX_SLACK`) of ``fp``'s."""
    x0, y0, x1, y1 = fp.outer_bounds
    d = inches + BOX_SLACK
    out = []
    for f, _, _, _ in solids:
        a0, b0, a1, b1 = f.outer_bounds
        if a0 < x1 + d and x0 - d < a1 and b0 < y1 + d and y0 - d < b1:
            out.append(f)
    return out


def _solid(game: Game, unit_id: str, model: Model, fp: Footprint) -> Solid:
    pose = game.state.units[unit_id].poses[model.id]
    return (fp, pose.x, pose.y, inradius(model))


def _close_in(
    model: Model,
    pose: Pose,
    straight: tuple[float, float, float],
    limit: float,
    fixed: list[Solid],
    placed: list[Solid],
    enemies: list[Solid],
    gap: float,
) -> Pose:
    """As far toward the target (``straight``: :func:`approach` from ``pose``) as the limit allows without
    overlapping anything (stays put if nothing works)."""
    ux, uy, d = straight
    reach = min(limit, d)
    for frac in CLOSE_IN:
        step = reach * frac
        spot = Pose(pose.x + ux * step, pose.y + uy * step, pose.heading)
        if _clear(model, spot, fixed, placed, enemies, gap):
            return spot
    return pose


def _feet_of(game: Game, unit_ids: Sequence[str]) -> list[tuple[str, Model, Footprint]]:
    return [f for u in unit_ids if game.state.units[u].location is Location.TABLE for f in charges.feet(game, u)]


__all__ = ["Nearby", "Solid", "approach", "charge_positions", "contact_spots", "solid"]
