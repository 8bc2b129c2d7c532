"""Whether a rolled Charge Distance reaches: the distance is measured along a path the charging models can take
(Age of Darkness rulebook p.181, Charges; p.222, Impassable Terrain; CORE_B §5.1 step 4).

A Charge Move is made model by model in straight lines (:mod:`strategium.engine.assault.charge_moves`) and no path may
cross Impassable Terrain or a Building. So the distance a Charge must cover is the shortest gap between a charging
model and a target model **whose straight path into contact is clear** of every Impassable piece and Building (the
model's footprint swept from where it stands, along the line between the two centres, up to contact). When the
closest pair is walled off, the next clear pair counts; with no clear pair the Charge cannot reach. Without this the
roll said "the Charge reaches" for a target behind a Building that no Charge Move could touch, and the Charge then
failed for want of a move (the log contradicted itself).

Pairs are tried closest first and the first clear one gives the answer; when no Impassable piece or Building lies
near the units (their boxes), the plain closest gap is the answer and no path is built.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

from shapely.geometry.base import BaseGeometry

from strategium.catalogue.citations import Reason
from strategium.combat.sources import core
from strategium.engine.core.board import Pose
from strategium.engine.movement.common import overlaps_area, swept
from strategium.engine.table import broad_phase
from strategium.engine.table.placement import footprint
from strategium.geometry.measure import Footprint, distance

if TYPE_CHECKING:
    from strategium.army.army import Model
    from strategium.engine.core.game import Game

TERRAIN_PAGE = 222


def _walls(game: Game) -> list[tuple[str, BaseGeometry, tuple[float, float, float, float]]]:
    bf = game.state.battlefield
    out: list[tuple[str, BaseGeometry, tuple[float, float, float, float]]] = [
        (t.name, t.footprint, b) for t, b in zip(bf.terrain, bf.terrain_bounds, strict=True) if t.is_impassable
    ]
    out += [(b.name, b.footprint, box) for b, box in zip(bf.buildings, bf.building_bounds, strict=True)]
    return out


def _path(model: Model, pose: Pose, before: Footprint, target: Footprint, gap: float) -> Footprint:
    """The model's footprint moved ``gap`` inches straight toward the target's centre (into contact, for round
    bases; at most that far for others)."""
    (x0, y0), (x1, y1) = before.centre, target.centre
    d = math.hypot(x1 - x0, y1 - y0) or 1.0
    return footprint(model, Pose(pose.x + (x1 - x0) / d * gap, pose.y + (y1 - y0) / d * gap, pose.heading))


def reach_needed(
    game: Game,
    chargers: Sequence[tuple[str, Model, Footprint]],
    targets: Sequence[Footprint],
) -> tuple[float, Reason | None]:
    """(inches the Charge Distance must reach, why it is more than the closest gap or None). ``chargers``: (unit id,
    model, footprint) of the charging party; ``targets``: the target models' footprints. ``math.inf`` when every
    straight path into contact crosses Impassable Terrain or a Building."""
    pairs = sorted(
        ((distance(fp, t), i, j) for i, (_, _, fp) in enumerate(chargers) for j, t in enumerate(targets)),
        key=lambda p: (p[0], p[1], p[2]),
    )
    if not pairs:
        return math.inf, None
    walls = _walls(game)
    if walls:
        span = broad_phase.span([fp.outer_bounds for _, _, fp in chargers] + [t.outer_bounds for t in targets])
        walls = [w for w in walls if broad_phase.meet(span, w[2])]
    if not walls:
        return pairs[0][0], None
    blocked: list[str] = []
    for gap, i, j in pairs:
        uid, model, fp = chargers[i]
        pose = game.state.units[uid].poses[model.id]
        path = swept(fp, _path(model, pose, fp, targets[j], gap))
        box = path.bounds
        hit = next((n for n, area, b in walls if broad_phase.meet(box, b) and overlaps_area(path, area)), None)
        if hit is None:
            if not blocked:
                return gap, None
            crossed = ", ".join(sorted(set(blocked)))
            text = f"the closest straight paths into contact cross {crossed}: measured along a clear one"
            return gap, core("Impassable Terrain", text, TERRAIN_PAGE)
        blocked.append(hit)
    text = f"every straight path into contact crosses {', '.join(sorted(set(blocked)))}"
    return math.inf, core("Impassable Terrain", text, TERRAIN_PAGE)


def path_crosses(game: Game, before: Footprint, after: Footprint) -> str | None:
    """The name of an Impassable piece or Building the straight move from ``before`` to ``after`` crosses, or
    None (the test of :mod:`strategium.engine.assault.charge_moves`)."""
    walls = _walls(game)
    if not walls:
        return None
    path = swept(before, after)
    box = path.bounds
    return next((n for n, area, b in walls if broad_phase.meet(box, b) and overlaps_area(path, area)), None)


def clear_reach(game: Game, unit_id: str, model: Model, fp: Footprint, targets: Sequence[Footprint]) -> float:
    """The shortest gap from the model (standing at ``fp``) to a target model it can move to in a clear straight
    line (``math.inf``: none). A model whose targets are all walled off cannot "reach a target model"."""
    pose = game.state.units[unit_id].poses[model.id]
    for gap, t in sorted(((distance(fp, t), j) for j, t in enumerate(targets)), key=lambda p: (p[0], p[1])):
        if path_crosses(game, fp, _path(model, pose, fp, targets[t], gap)) is None:
            return gap
    return math.inf
