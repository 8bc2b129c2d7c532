"""Checks of a proposed placement against the table: model count, standing room, overlap, coherency, zone.

Each check returns a list of cited reasons (empty when the placement passes).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

import numpy as np
import shapely
from shapely.geometry import Polygon

from strategium.army.army import Model, Unit
from strategium.catalogue.citations import Reason
from strategium.engine.core.board import Placement
from strategium.engine.core.state import GameState
from strategium.engine.core.timing import PlayerId
from strategium.engine.table.placement import footprint, inradius, table_models
from strategium.geometry.measure import EPSILON, Footprint, boxes_apart, core_distance, distance, within
from strategium.geometry.regions import may_stand
from strategium.model.unit_types import SubType, UnitType

MEASURING = Reason("Measuring", "models may not overlap other models or stand off the table or in Impassable terrain")


def models_placed(units: Sequence[Unit], positions: Placement) -> list[Reason]:
    """Every model of ``units`` is given exactly one position, and nothing else is."""
    wanted = [m.id for u in units for m in u.models]
    given = [model_id for model_id, _ in positions]
    if sorted(wanted) == sorted(given):
        return []
    missing = sorted(set(wanted) - set(given))
    extra = sorted(set(given) - set(wanted))
    twice = sorted({g for g in given if given.count(g) > 1})
    parts = [
        f"missing {', '.join(missing)}" if missing else "",
        f"not in the unit: {', '.join(extra)}" if extra else "",
    ]
    parts.append(f"given twice: {', '.join(twice)}" if twice else "")
    text = "; ".join(p for p in parts if p)
    return [Reason("Deployment", f"positions must be given for exactly the unit's models ({text})")]


def footprints(units: Sequence[Unit], positions: Placement) -> list[tuple[Model, Footprint]]:
    """The footprint of each placed model (``positions`` already checked by :func:`models_placed`)."""
    where = dict(positions)
    return [(m, footprint(m, where[m.id])) for u in units for m in u.models]


def overlaps(a: Footprint, b: Footprint) -> bool:
    """True if two footprints overlap (touching is allowed).

    Two polygons (hulls, oval bases) whose bounds do not overlap share no area: they are told apart from the
    bounds alone (the answer the intersection would give), the intersection is built only for the others. A
    round base and a polygon are told apart by their boxes when those are clearly apart (``boxes_apart``)."""
    if a.radius > 0 or b.radius > 0:
        if boxes_apart(a, b, -EPSILON):
            return False
        return core_distance(a, b) < a.radius + b.radius - EPSILON
    assert isinstance(a.core, Polygon) and isinstance(b.core, Polygon)
    ax0, ay0, ax1, ay1 = a.bounds
    bx0, by0, bx1, by1 = b.bounds
    if ax1 <= bx0 or bx1 <= ax0 or ay1 <= by0 or by1 <= ay0:
        return False
    return float(a.core.intersection(b.core).area) > EPSILON


def standing_room(
    state: GameState,
    placed: list[tuple[Model, Footprint]],
    moving: set[str],
    near: Sequence[Sequence[tuple[str, Footprint]]] | None = None,
) -> list[Reason]:
    """Every model stands wholly on the table, off Impassable terrain and Buildings, overlapping no model
    already on the table (other than those of ``moving``, the units being placed) nor each other.

    ``near``: for each placed model, the models on the table outside ``moving`` that may overlap it (a superset of
    those that do, in the order of ``TableModels.others``); by default the table's index is asked (by the
    footprints' bounds). The first one each overlaps is named: the same in any such superset."""
    reasons: list[Reason] = []
    for model, fp in placed:
        if not may_stand(state.battlefield, fp):
            reasons.append(
                Reason(MEASURING.rule, f"{model.name} ({model.id}) is off the table or in Impassable terrain")
            )
    if near is None:
        near = table_models(state).others_near_boxes([fp.outer_bounds for _, fp in placed], moving)
    fps = [fp for _, fp in placed]
    first = _round_clashes(fps)  # round bases: the first later model each overlaps, found at once
    apart = _round_apart(fps) if first is None else []
    for i, (model, fp) in enumerate(placed):
        hit = next((other_id for other_id, other in near[i] if overlaps(fp, other)), None)
        if hit is None and first is not None:
            hit = placed[first[i]][0].id if first[i] >= 0 else None
        elif hit is None:
            hit = next(
                (m.id for j, (m, f) in enumerate(placed[i + 1 :], i + 1) if not apart[i][j] and overlaps(fp, f)), None
            )
        if hit is not None:
            reasons.append(Reason(MEASURING.rule, f"{model.id} would overlap {hit}"))
    return reasons


def _round_clashes(fps: Sequence[Footprint]) -> list[int] | None:
    """When every footprint is a round base: for each, the place of the first later one it overlaps (-1 for none),
    by the test of :func:`overlaps` with the same arithmetic (as :func:`_round_apart`); None otherwise."""
    if not all(fp.is_round and fp.radius > 0 for fp in fps):
        return None
    n = len(fps)
    if n < 2:
        return [-1] * n
    xy = np.array([fp.centre for fp in fps])
    r = np.array([fp.radius for fp in fps])
    dx = xy[:, None, 0] - xy[None, :, 0]
    dy = xy[:, None, 1] - xy[None, :, 1]
    clash = np.triu(np.sqrt(dx * dx + dy * dy) < (r[:, None] + r[None, :]) - EPSILON, 1)
    out: list[int] = np.where(clash.any(axis=1), clash.argmax(axis=1), -1).tolist()
    return out


def _round_apart(fps: Sequence[Footprint]) -> list[list[bool]]:
    """For each pair of footprints: True when both are round and do not overlap (the test of :func:`overlaps`
    with the same arithmetic, for all pairs at once); False where :func:`overlaps` must decide."""
    n = len(fps)
    if n < 2:
        return [[False] * n for _ in range(n)]
    xy = np.array([fp.centre for fp in fps])
    r = np.array([fp.radius for fp in fps])
    round_ = np.array([fp.is_round and fp.radius > 0 for fp in fps])
    dx = xy[:, None, 0] - xy[None, :, 0]
    dy = xy[:, None, 1] - xy[None, :, 1]
    apart = ~(np.sqrt(dx * dx + dy * dy) < (r[:, None] + r[None, :]) - EPSILON)
    out: list[list[bool]] = (apart & round_[:, None] & round_[None, :]).tolist()
    return out


def coherency_distance(state: GameState, units: Sequence[Unit]) -> float:
    """Unit coherency in inches (rules configuration ``movement.coherency``): 3" if every model is Skirmish,
    1" if every model is Close-order (Sub-types, rulebook p.197 and Libers); a squadron, a unit of several
    Vehicles (Knights and Titans included), keeps ``movement.squadron_coherency`` (4", the 7th-edition value;
    HH2's not read, CORE_A §5.4)."""
    if is_squadron(units):
        return state.config.movement.squadron_coherency
    models = [m for u in units for m in u.models]
    if models and all(m.profile.unit_type.has(SubType.SKIRMISH) for m in models):
        return 3.0
    if models and all(m.profile.unit_type.has(SubType.CLOSE_ORDER) for m in models):
        return 1.0
    return state.config.movement.coherency


def is_squadron(units: Sequence[Unit]) -> bool:
    """Whether the party is a squadron: more than one model, every one a Vehicle (Knights and Titans too)."""
    models = [m for u in units for m in u.models]
    return len(models) > 1 and all(m.profile.unit_type.counts_as(UnitType.VEHICLE) for m in models)


def coherency(state: GameState, units: Sequence[Unit], placed: list[tuple[Model, Footprint]]) -> list[Reason]:
    """The models form one group, each within coherency distance of another (a chain; CORE_A §5.4)."""
    if len(placed) <= 1:
        return []
    limit = coherency_distance(state, units)
    fps = [fp for _, fp in placed]
    close = _round_within(fps, limit)
    exact = close is not None  # every pair answered (round bases); else the sure yeses, the rest measured
    if close is None:
        close = _surely_within(fps, [inradius(m) for m, _ in placed], limit)
    unreached = list(range(1, len(placed)))  # ascending; each model found is taken out (the search visits each
    frontier = [0]  # model once, and looks only at those not yet reached)
    while frontier and unreached:
        i = frontier.pop()
        row = close[i]
        left = []
        for j in unreached:
            if row[j] or (not exact and _within(fps[i], fps[j], limit)):
                frontier.append(j)
            else:
                left.append(j)
        unreached = left
    if not unreached:
        return []
    stray = ", ".join(placed[j][0].id for j in unreached)
    text = f'every model must be within {limit:g}" of the rest of its unit ({stray})'
    if is_squadron(units):
        text += f"; a squadron: {state.config.cite('movement.squadron_coherency')}"
    return [Reason("Unit coherency", text)]


def _surely_within(fps: Sequence[Footprint], inner: Sequence[float], limit: float) -> list[list[bool]]:
    """For each pair of footprints: True when ``within(distance(fps[i], fps[j]), limit)`` surely holds, False where
    :func:`_within` must decide. ``inner[i]`` is the radius of a disc about ``fps[i].centre`` inside the footprint
    (:func:`~strategium.engine.table.placement.inradius`): the footprints are no farther apart than those discs, whose
    gap is the centres' distance less both radii; a gap of at most ``limit`` (without the EPSILON of ``within``,
    which covers the rounding of the centres and of the measure) answers yes."""
    xy = np.array([fp.centre for fp in fps])
    r = np.array(inner)
    dx = xy[:, None, 0] - xy[None, :, 0]
    dy = xy[:, None, 1] - xy[None, :, 1]
    out: list[list[bool]] = (np.sqrt(dx * dx + dy * dy) - r[:, None] - r[None, :] <= limit).tolist()
    return out


def _within(a: Footprint, b: Footprint, limit: float) -> bool:
    """``within(distance(a, b), limit)``, answered from the bounds alone when they are clearly farther apart
    (the gap between the boxes never exceeds the distance; the 1e-9" margin keeps clear of rounding)."""
    ax0, ay0, ax1, ay1 = a.outer_bounds
    bx0, by0, bx1, by1 = b.outer_bounds
    if max(bx0 - ax1, ax0 - bx1, by0 - ay1, ay0 - by1) > limit + EPSILON + 1e-9:
        return False
    return within(distance(a, b), limit)


def _round_within(fps: Sequence[Footprint], limit: float) -> list[list[bool]] | None:
    """``within(distance(fps[i], fps[j]), limit)`` for every pair, at once, when every footprint is a round
    base (the same arithmetic as :func:`~strategium.geometry.measure.distance`); None otherwise."""
    if not all(fp.is_round and fp.radius > 0 for fp in fps):
        return None
    xy = np.array([fp.centre for fp in fps])
    r = np.array([fp.radius for fp in fps])
    dx = xy[:, None, 0] - xy[None, :, 0]
    dy = xy[:, None, 1] - xy[None, :, 1]
    gap = np.maximum(0.0, np.sqrt(dx * dx + dy * dy) - r[:, None] - r[None, :])
    out: list[list[bool]] = (gap <= limit + EPSILON).tolist()
    return out


def in_deployment_zone(state: GameState, player: PlayerId, placed: list[tuple[Model, Footprint]]) -> list[Reason]:
    """Every model stands wholly within the player's deployment zone (the mission's map, CORE_A §3.2)."""
    deployment = state.battlefield.deployment
    if deployment is None:
        return [Reason("Deployment", "the battlefield has no deployment map")]
    zone = deployment.zone(player).polygon
    inside: list[bool] = [False] * len(placed)
    round_: dict[float, list[int]] = {}  # round bases by radius: each set tested in one call
    for i, (_, fp) in enumerate(placed):
        if fp.is_round:
            round_.setdefault(fp.radius, []).append(i)
        else:
            inside[i] = bool(_zone_grown_kept(zone, EPSILON).contains(fp.polygon()))
    for radius, places in round_.items():  # exact for round bases: the centre stays at least a radius inside the zone
        xy = np.array([placed[i][1].centre for i in places])  # (``contains_xy``: ``contains`` of each centre)
        found = shapely.contains_xy(_zone_grown_kept(zone, EPSILON - radius), xy[:, 0], xy[:, 1]).tolist()
        for i, ok in zip(places, found, strict=True):
            inside[i] = ok
    out = [m for (m, _), ok in zip(placed, inside, strict=True) if not ok]
    if not out:
        return []
    names = ", ".join(m.id for m in out)
    return [Reason("Deployment", f"models must be wholly within player {player}'s deployment zone ({names})")]


def _zone_grown_kept(zone: Polygon, inches: float) -> Polygon:
    """:func:`_zone_grown`, found first among the zones asked about lately (held, compared by identity: a shapely
    polygon hashes by its WKB, which costs more than the test it serves)."""
    for held, grown in _GROWN:
        if held is zone:
            found = grown.get(inches)
            if found is None:
                found = grown[inches] = _zone_grown(zone, inches)
            return found
    found = _zone_grown(zone, inches)
    _GROWN.insert(0, (zone, {inches: found}))
    del _GROWN[4:]
    return found


_GROWN: list[tuple[Polygon, dict[float, Polygon]]] = []
"""The zones :func:`_zone_grown_kept` was asked about lately (the newest first, at most four) and their grown
polygons by inches."""


@lru_cache(maxsize=64)
def _zone_grown(zone: Polygon, inches: float) -> Polygon:
    """The zone grown by ``inches`` (shrunk when negative), prepared; cached (zones and base sizes are few)."""
    grown: Polygon = zone.buffer(inches)
    shapely.prepare(grown)
    return grown
