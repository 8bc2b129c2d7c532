"""The Pile-in of an Initiative step (:mod:`strategium.engine.fight`, item 2 of its docstring): each model whose
step it is and that is not in base or hull contact with an enemy model of the combat moves straight toward the
closest one, up to ``fight.pile_in_distance``, stopping at contact or where it would overlap another model.

The move is tried at the full distance, then 0.1" shorter each time, until the model overlaps no other model there
(:func:`blocked`). The models that may be in the way are found by their boxes (:mod:`strategium.engine.broad_phase`):
once per Pile-in those near any mover (:func:`reach_box`), then for each model those near its whole move. A round
base against another round base is told apart by the distance of their centres, with the very float operations of
the exact test (``table_checks.overlaps``), so no footprint is made for the positions refused.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from shapely.geometry import Point
from shapely.ops import nearest_points

from strategium.army.army import Model
from strategium.engine import broad_phase, table_checks
from strategium.engine.board import Location, Pose
from strategium.engine.charges import feet
from strategium.engine.events import Event
from strategium.engine.placement import footprint
from strategium.engine.timing import PlayerId
from strategium.geometry.measure import EPSILON, Footprint, distance, in_contact

if TYPE_CHECKING:
    from strategium.engine.game import Game

Combat = tuple[str, ...]
"""The units of one combat (host units), sorted (as :data:`strategium.engine.fight.Combat`)."""


@dataclass(frozen=True)
class PiledIn(Event):
    """Models of a unit made their Pile-in move at Initiative ``step``."""

    step: int
    unit_name: str
    models: tuple[str, ...]

    def text(self) -> str:
        return f"Initiative step {self.step}: {self.unit_name} piles in ({', '.join(self.models)})"


def side_feet(game: Game, combat: Combat, player: PlayerId) -> list[tuple[str, Model, Footprint]]:
    """(unit id, model, footprint) of every model on the table of ``player``'s units in the combat."""
    return [x for u in combat if game.state.owner(u) == player for x in feet(game, u)]


def pile_in(game: Game, step: int, combat: Combat, movers: list[tuple[str, Model, Footprint]]) -> None:
    """The Pile-in of ``movers`` (unit id, model, footprint) at Initiative ``step`` (see the module docstring); logs
    :class:`PiledIn` for each unit with a model moved."""
    s = game.state
    reach = s.config.fight.pile_in_distance
    moved: dict[str, list[str]] = {}
    table: dict[tuple[str, str], tuple[Footprint, broad_phase.Box]] | None = None  # made when first needed
    for uid, model, fp in movers:
        foes = side_feet(game, combat, 3 - s.owner(uid))
        if not foes or any(in_contact(fp, f) for _, _, f in foes):
            continue
        foe = min((f for _, _, f in foes), key=lambda f: distance(fp, f))
        gap = distance(fp, foe)
        a, b = nearest_points(fp.core, foe.core)
        length = math.hypot(b.x - a.x, b.y - a.y)
        if length <= EPSILON:
            continue
        ux, uy = (b.x - a.x) / length, (b.y - a.y) / length
        pose = s.units[uid].poses[model.id]
        step_len = min(reach, gap)
        if table is None:  # (unit id, model id) -> (footprint, box), kept up to date as models pile in
            table = table_models(game, reach_box(movers, reach))
        start = footprint(model, pose)
        here = start.outer_bounds
        path = broad_phase.hull(here, broad_phase.shifted(here, ux * step_len, uy * step_len))
        others = [(o, box) for (_, mid), (o, box) in table.items() if mid != model.id and broad_phase.meet(box, path)]
        round_base = type(start.core) is Point
        while step_len > EPSILON:
            nx, ny = pose.x + ux * step_len, pose.y + uy * step_len
            box = broad_phase.shifted(here, nx - pose.x, ny - pose.y)
            if not blocked(model, nx, ny, pose.heading, (round_base, start.radius), box, others):
                new = Pose(nx, ny, pose.heading)
                mine = footprint(model, new)
                s.units[uid].poses[model.id] = new
                table[(uid, model.id)] = (mine, mine.outer_bounds)
                moved.setdefault(uid, []).append(model.id)
                break
            step_len -= 0.1
    for uid, models in moved.items():
        game.log(PiledIn(step, s.unit(uid).name, tuple(models)))


def blocked(
    model: Model,
    x: float,
    y: float,
    heading: float,
    base: tuple[bool, float],
    box: broad_phase.Box,
    others: list[tuple[Footprint, broad_phase.Box]],
) -> bool:
    """The model at pose (``x``, ``y``, ``heading``; its footprint's box ``box``) would overlap one of ``others``:
    what ``table_checks.overlaps`` answers for the pairs whose boxes meet. ``base``: whether the model's footprint
    is a round base, and its radius. A round base against another is told apart without making its footprint, with
    the very float operations ``overlaps`` uses there (the distance of the centres, ``measure.core_distance``,
    against the sum of the radii less EPSILON); any other pair is tested on the footprint itself."""
    mine: Footprint | None = None
    round_base, radius = base
    for o, b in others:
        if not broad_phase.meet(b, box):
            continue
        if round_base and type(o.core) is Point:
            ox, oy = o.centre
            dx, dy = x - ox, y - oy
            if math.sqrt(dx * dx + dy * dy) < radius + o.radius - EPSILON:
                return True
            continue
        if mine is None:
            mine = footprint(model, Pose(x, y, heading))
        if table_checks.overlaps(mine, o):
            return True
    return False


def table_models(
    game: Game, near: broad_phase.Box | None = None
) -> dict[tuple[str, str], tuple[Footprint, broad_phase.Box]]:
    """Every model on the table, by (unit id, model id): its footprint and box (:mod:`.broad_phase`); with ``near``,
    only those whose box meets that box (``broad_phase.meet``)."""
    s = game.state
    out: dict[tuple[str, str], tuple[Footprint, broad_phase.Box]] = {}
    for st in s.units.values():
        if st.location is not Location.TABLE:
            continue
        for m in s.unit(st.unit_id).models:
            p = st.poses.get(m.id)
            if p is not None:
                fp = footprint(m, p)
                box = fp.outer_bounds
                if near is None or broad_phase.meet(box, near):
                    out[(st.unit_id, m.id)] = (fp, box)
    return out


REACH_SLACK = 1e-6
"""Inches added to the Pile-in distance for :func:`reach_box` (a unit vector's rounding is some 1e-16 of it)."""


def reach_box(movers: list[tuple[str, Model, Footprint]], reach: float) -> broad_phase.Box:
    """A box holding every box a model of ``movers`` may take in a Pile-in of at most ``reach`` inches (and so the
    box of each one's whole move): their boxes where they stand, grown by the reach. A model whose box does not meet
    it meets none of those; as the movers end within it, the models that may be in any mover's way are found once
    per Pile-in (not among every model on the table, per mover)."""
    x0, y0, x1, y1 = broad_phase.span([fp.outer_bounds for _, _, fp in movers])
    grow = reach + REACH_SLACK
    return (x0 - grow, y0 - grow, x1 + grow, y1 + grow)
