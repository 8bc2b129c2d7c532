"""What the firing models of one volley see of their target: which models may be allocated its Wounds, and the
Cover Save each model has against it.

**Allocation** (CORE_B §1.7). Only a model of the target unit that is in range of, and in line of sight of, at
least one firing model of the weapon may be allocated its Wounds; once none is left, the remaining Wounds are lost.
HH2 says so by contrast: Blast (p.234) lets its Wounds go "to any models in the target unit, even out of sight",
"unlike other attacks"; Precision Shots (p.244) and Sniper (p.247) let the attacker choose among the models "in
range and line of sight". Read here as: one firing model has the target model both within its weapon's maximum
range (closest points of bases, ``measure.within``) and in its line of sight (:class:`SightMap`). Closest first
is the engine's order (:func:`strategium.engine.damage.target_unit`). Blasts and Templates make their own
allocation: they pass the models they may allocate to (``allocatable``).

**Cover** (CORE_A §5.3, §5.12; CORE_B §1.6). A model has a Cover Save against the volley when

1. it stands in area terrain (``terrain.in_terrain``: wholly within, or any part) or in a piece with a Cover Save
   of its own: that save (ruins: ``cover.ruins_save``); or
2. at least ``cover.obscured_fraction`` of it is hidden from the firing unit by one terrain piece, Building or
   Barricade: that piece's save (its own; area terrain ``cover.ruins_save``; Barricades and Walls 5+, p.221; any
   other piece ``cover.other_terrain_save``); or by models of other units (neither the target's nor the firer's):
   ``cover.intervening_models_save`` (none: no cover). HH2 gives Barricades' cover at "25% obscured from the
   attacking unit" (Barricade Sub-type, Legacies: Legiones Astartes p.104), Smoke Launchers make a vehicle count as
   "more than 25% obscured" (p.147), and Promethean Wards (p.175) speaks of the cover a unit receives through an
   intervening unit; the general share and the value for models are not read.

The best (lowest) of these counts. Vehicles have cover the same way (their hull; p.147 and Plasma Burn, p.123,
speak of Cover Saves for vehicles). Light models that Ran and Antigrav models have none (p.197, p.196).

"Hidden from the firing unit" is the engine's 2.5D measure (a project method, not a rule): the share of the
model's footprint (points spread over it) whose sight lines from every firing model's centre pass through the
obscurer, times the share of its height the obscurer hides: all of it when the obscurer blocks sight for
these heights (:meth:`TerrainPiece.blocks_sight`); for a lower one, the height below the line from the firer's
eye (its height) over the obscurer's top, at the model's distance behind it (the least over the firers). An
obscurer a firing model stands in or touches hides nothing from that model (it shoots out of it).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple

import numpy as np
import shapely
from shapely.geometry import Polygon

from strategium.combat.saves import armour_save_allowed
from strategium.combat.sources import configured, core
from strategium.engine import damage
from strategium.engine.citations import Reason
from strategium.engine.placement import placed_model
from strategium.engine.profiles_now import current
from strategium.engine.watchers import Fact
from strategium.geometry.measure import EPSILON, distance, within
from strategium.geometry.pieces import PlacedModel, PlacedUnit
from strategium.geometry.sight_keys import source
from strategium.geometry.terrain import TerrainKind, TerrainPiece
from strategium.geometry.umbra import HalfPlanes
from strategium.model.characteristics import Characteristics
from strategium.model.unit_types import SubType

if TYPE_CHECKING:
    from strategium.army.army import Model
    from strategium.engine.game import Game

ALLOCATION = "Wound allocation"
BARRICADE_SAVE = 5
"""Barricades and Walls: a 5+ Cover Save for a model in cover behind one (rulebook p.221)."""
BARRICADE_PAGE = 221


@dataclass(frozen=True)
class ModelView:
    """One target model as a volley's firers see it: ``allocatable`` (it may be allocated the volley's Wounds),
    ``cover`` its Cover Save (3 means 3+; None: none) and ``reason`` why (or why none), if anything is to say."""

    allocatable: bool
    cover: int | None
    reason: Reason | None = None


@dataclass(frozen=True)
class _Obscurer:
    """Something that can hide part of a model: its outline, height (inches), the save it gives and its name;
    ``blocks``: it blocks sight whatever the heights (a ``blocks`` piece, a Building); ``piece``: the terrain piece,
    if it is one (its own sight rule then decides); ``models``: models of other units."""

    outline: Polygon
    height: float
    save: int | None
    name: str
    blocks: bool = False
    piece: TerrainPiece | None = None
    models: bool = False

    def hides_all(self, observer_height: float, target_height: float) -> bool:
        if self.blocks:
            return True
        if self.piece is not None:
            return self.piece.blocks_sight(observer_height, target_height)
        return self.height >= max(observer_height, target_height)


def fire_view(
    game: Game,
    target_id: str,
    firers: Sequence[PlacedModel],
    reach: float | None,
    *,
    firing_unit: str | None = None,
    allocatable: Collection[str] | None = None,
    ap: int | None = None,
    ignores_cover: bool = False,
) -> dict[str, ModelView]:
    """For each model of the target unit and its joined characters on the table (by model id), how the volley's
    ``firers`` see it (module docstring). ``reach``: the weapon's maximum range in inches (None: no range limit);
    ``firing_unit`` the firing unit's id (its models never give cover); ``allocatable``: the model ids a Blast or
    Template allocates to instead of those in range and line of sight. ``ap`` (the weapon's; None for "-") and
    ``ignores_cover``: what cover is worth against it: a model whose Armour (allowed at this AP) or Invulnerable
    Save is at least as good as any Cover Save the battlefield gives is not measured for hiding (it would not take
    the Cover Save; the player picks the best save), nor is any model against an attack that Ignores Cover."""
    models = damage.living(game, target_id)
    placed = [placed_model(m, game.state.units[uid].poses[m.id]) for uid, m in models]
    if allocatable is None:
        allowed = _in_range_and_sight(game, target_id, firers, placed, reach)
    else:
        allowed = [m.id in allocatable for _, m in models]
    covers = _covers(game, target_id, firers, models, placed, firing_unit, ap, ignores_cover)
    return {m.id: ModelView(ok, cover, why) for (_, m), ok, (cover, why) in zip(models, allowed, covers, strict=True)}


def _in_range_and_sight(
    game: Game, target_id: str, firers: Sequence[PlacedModel], placed: Sequence[PlacedModel], reach: float | None
) -> list[bool]:
    """For each target model, whether some firer has it in range and in line of sight."""
    sight = damage.sight_map(game.state.battlefield)
    player = game.state.owner(target_id)
    out: list[bool] = []
    for target in placed:
        near = [f for f in firers if reach is None or within(distance(f.footprint, target.footprint), reach)]
        one = PlacedUnit(target_id, player, (target,))
        out.append(sight.sees_any(near, one))
    return out


# -- cover --------------------------------------------------------------------------------------------------


def _covers(
    game: Game,
    target_id: str,
    firers: Sequence[PlacedModel],
    models: Sequence[tuple[str, Model]],
    placed: Sequence[PlacedModel],
    firing_unit: str | None,
    ap: int | None,
    ignores_cover: bool,
) -> list[tuple[int | None, Reason | None]]:
    config = game.state.config
    best_cover = _best_cover(game)
    out: list[tuple[int | None, Reason | None]] = []
    shadows: _Shadows | None = None
    for (uid, model), target in zip(models, placed, strict=True):
        spec = model.profile.unit_type
        if spec.has(SubType.ANTIGRAV):
            out.append((None, None))
            continue
        if spec.has(SubType.LIGHT) and game.state.facts.has(uid, Fact.RAN):
            out.append((None, Reason.of("Light Sub-type", f"{model.name} Ran this turn: no Cover Save")))
            continue
        best, why = damage.cover_save(game, uid, model)
        if ignores_cover or _better_save(game, uid, model, ap, min(best_cover, best or 7)):
            out.append((best, why))
            continue
        if shadows is None:
            shadows = _shadows(_obscurers(game, target_id, firers, firing_unit), firers, placed)
        for obscurer, share in _hidden_shares(shadows, firers, target):
            if share + 1e-9 < config.cover.obscured_fraction or obscurer.save is None:
                continue
            if best is not None and best <= obscurer.save:
                continue
            best, why = obscurer.save, _obscured_reason(game, model.name, obscurer, share)
        out.append((best, why))
    return out


def _best_cover(game: Game) -> int:
    """The best Cover Save (lowest) anything on the battlefield could give by hiding a model."""
    config = game.state.config
    values = [config.cover.ruins_save, config.cover.other_terrain_save, BARRICADE_SAVE]
    values += [p.cover_save for p in game.state.battlefield.terrain if p.cover_save is not None]
    if config.cover.intervening_models_save is not None:
        values.append(config.cover.intervening_models_save)
    return min(values)


def _better_save(game: Game, unit_id: str, model: Model, ap: int | None, cover: int) -> bool:
    """Whether the model has an Armour Save allowed at ``ap`` or an Invulnerable Save at least as good as ``cover``."""
    now = current(game, unit_id, model)
    sv = now.sv if isinstance(now, Characteristics) and now.sv is not None and 2 <= now.sv <= 6 else None
    invulnerable = model.profile.invulnerable_save
    return (armour_save_allowed(sv, ap) and sv is not None and sv <= cover) or (
        invulnerable is not None and invulnerable <= cover
    )


def _obscured_reason(game: Game, name: str, obscurer: _Obscurer, share: float) -> Reason:
    config = game.state.config
    text = f"{share:.0%} of {name} hidden by {obscurer.name}: Cover Save {obscurer.save}+"
    share_cite = configured(config, "cover.obscured_fraction", "obscured share").text.split("; ", 1)[1]
    if obscurer.models:
        return configured(config, "cover.intervening_models_save", f"{text} (obscured share: {share_cite})")
    if obscurer.piece is not None and obscurer.piece.cover_save is not None:
        return core("Cover Saves", f"{text} (the piece's own save; obscured share: {share_cite})")
    kind = obscurer.piece.kind if obscurer.piece is not None else None
    if kind is TerrainKind.AREA:
        return configured(config, "cover.ruins_save", f"{text} (obscured share: {share_cite})")
    if kind is TerrainKind.BARRICADE:
        return core("Barricades and Walls", f"{text} (obscured share: {share_cite})", BARRICADE_PAGE)
    return configured(config, "cover.other_terrain_save", f"{text} (obscured share: {share_cite})")


def _obscurers(game: Game, target_id: str, firers: Sequence[PlacedModel], firing_unit: str | None) -> list[_Obscurer]:
    """Terrain pieces, Buildings and models of other units that could hide part of the target from the firers:
    those whose box meets the box around the firers and the target."""
    s = game.state
    config = s.config
    ours = set(damage.members(game, target_id))
    target_feet = [placed_model(m, s.units[uid].poses[m.id]).footprint for uid, m in damage.living(game, target_id)]
    boxes = [f.footprint.outer_bounds for f in firers] + [f.outer_bounds for f in target_feet]
    x0 = min(b[0] for b in boxes)
    y0 = min(b[1] for b in boxes)
    x1 = max(b[2] for b in boxes)
    y1 = max(b[3] for b in boxes)

    def near(bounds: tuple[float, float, float, float]) -> bool:
        return bounds[0] <= x1 and bounds[2] >= x0 and bounds[1] <= y1 and bounds[3] >= y0

    out: list[_Obscurer] = []
    bf = s.battlefield
    for piece, bounds in zip(bf.terrain, bf.terrain_bounds, strict=True):
        if not near(bounds) or (piece.height <= 0 and not piece.blocks_sight(0.0, 0.0)):
            continue
        out.append(_Obscurer(piece.footprint, piece.height, _piece_save(game, piece), piece.name, piece=piece))
    for building, bounds in zip(bf.buildings, bf.building_bounds, strict=True):
        if near(bounds):
            out.append(
                _Obscurer(building.footprint, building.height, config.cover.other_terrain_save, building.name, True)
            )
    save = config.cover.intervening_models_save
    if save is None:
        return out
    for uid, status in s.units.items():
        if uid in ours or uid == firing_unit or status.joined_to == firing_unit or not status.poses:
            continue
        unit = s.unit(uid)
        for m in unit.models:
            pose = status.poses.get(m.id)
            if pose is None:
                continue
            pm = placed_model(m, pose)
            if near(pm.footprint.outer_bounds):
                out.append(_Obscurer(source(pm.footprint), pm.height, save, f"models of {unit.name}", models=True))
    return out


def _piece_save(game: Game, piece: TerrainPiece) -> int | None:
    if piece.cover_save is not None:
        return piece.cover_save
    if piece.kind is TerrainKind.AREA:
        return game.state.config.cover.ruins_save
    if piece.kind is TerrainKind.BARRICADE:
        return BARRICADE_SAVE
    return game.state.config.cover.other_terrain_save


SAMPLES = 7
"""The target's footprint is sampled on a SAMPLES x SAMPLES grid over its bounds (the points inside it)."""


_SAMPLED: dict[tuple[float, float, float, bytes], np.ndarray] = {}
""":func:`_samples` by footprint (``Footprint.key``: the same shape at the same pose, the same points); emptied when
it holds ``_SAMPLED_MAX`` footprints."""
_SAMPLED_MAX = 4096


def _samples(target: PlacedModel) -> np.ndarray:
    """Points spread evenly over the target's footprint (k, 2), inches (its centre if none falls inside); read-only,
    shared by the calls for equal footprints."""
    key = target.footprint.key
    points = _SAMPLED.get(key)
    if points is None:
        if len(_SAMPLED) >= _SAMPLED_MAX:
            _SAMPLED.clear()
        points = _SAMPLED[key] = _sampled(target)
        points.flags.writeable = False
    return points


def _sampled(target: PlacedModel) -> np.ndarray:
    poly = target.footprint.polygon()
    x0, y0, x1, y1 = poly.bounds
    gx, gy = np.meshgrid(np.linspace(x0, x1, SAMPLES + 2)[1:-1], np.linspace(y0, y1, SAMPLES + 2)[1:-1])
    xs, ys = gx.ravel(), gy.ravel()
    inside = shapely.contains_xy(poly, xs, ys)
    if not inside.any():
        return np.array([target.footprint.centre])
    return np.stack([xs[inside], ys[inside]], axis=1)


class _Shadows(NamedTuple):
    """What may hide part of the target from every firer (:func:`_shadows`): the obscurers, their half-planes, and
    each one's own edges (:func:`_edges_of`)."""

    kept: list[_Obscurer]
    planes: HalfPlanes | None
    edges: list[tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]]


def _shadows(obscurers: Sequence[_Obscurer], firers: Sequence[PlacedModel], targets: Sequence[PlacedModel]) -> _Shadows:
    """The obscurers that may hide part of a target from every firer, with their half-planes: those that meet the
    convex hull of the firers and the targets (a sight line lies in it), and that no firer stands in or against (it
    shoots out of them: they hide nothing from it, so nothing from every firer). The hull is that of the outlines
    as a collection (their vertices), the same as their union's, without the union."""
    if not obscurers or not firers:
        return _Shadows([], None, [])
    sources = [f.footprint.polygon() for f in firers]
    feet = [t.footprint.polygon() for t in targets]
    outlines = np.array([o.outline for o in obscurers], dtype=object)
    hull = shapely.convex_hull(shapely.geometrycollections(np.array([*sources, *feet], dtype=object)))
    meets = shapely.intersects(outlines, hull)
    touching = shapely.intersects(np.array(sources, dtype=object)[:, None], outlines[None, :]).any(axis=0)
    kept = [o for j, o in enumerate(obscurers) if meets[j] and not touching[j]]
    if not kept:
        return _Shadows(kept, None, [])
    planes = HalfPlanes.of([o.outline for o in kept])
    return _Shadows(kept, planes, _edges_of(planes))


def _edges_of(planes: HalfPlanes) -> list[tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]]:
    """The blockers' half-planes without the padding (the trailing copies of a blocker's last edge that
    :meth:`HalfPlanes.of` pads with), grouped by their number of edges: (the blockers' indices, x normals, y normals,
    offsets). A copy of a kept edge changes no maximum, minimum or "any" of :func:`_crossed_each`, so the answers
    are the same, bit for bit."""
    groups: dict[int, list[int]] = {}
    for b, (normals, offsets) in enumerate(zip(planes.normals, planes.offsets, strict=True)):
        k = len(offsets) - 1
        while k > 0 and offsets[k - 1] == offsets[-1] and (normals[k - 1] == normals[-1]).all():
            k -= 1
        groups.setdefault(k + 1, []).append(b)
    out = []
    for m, which in groups.items():
        idx = np.array(which)
        normals = planes.normals[idx, :m]
        out.append((idx, normals[..., 0].copy(), normals[..., 1].copy(), planes.offsets[idx, :m].copy()))
    return out


def _crossed_each(planes: HalfPlanes, p0: np.ndarray, p1: np.ndarray) -> np.ndarray:
    """For segments p0[k]-p1[k] (K, 2), which pass through the interior of each blocker: (K, B) bool (the arithmetic
    of :meth:`HalfPlanes.crossed`, per blocker)."""
    n_b, m = planes.offsets.shape
    d = p1 - p0
    nx, ny = planes.normals.reshape(-1, 2).T
    num = planes.offsets.reshape(1, -1) - (nx * p0[:, :1] + ny * p0[:, 1:])
    den = nx * d[:, :1] + ny * d[:, 1:]
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        ratio = num / den
    lo = np.maximum(np.where(den < -1e-15, ratio, 0.0).reshape(-1, n_b, m).max(axis=2), 0.0)
    hi = np.minimum(np.where(den > 1e-15, ratio, 1.0).reshape(-1, n_b, m).min(axis=2), 1.0)
    never = ((np.abs(den) <= 1e-15) & (num <= 0)).reshape(-1, n_b, m).any(axis=2)
    length = np.sqrt((d * d).sum(axis=1))[:, None]
    out: np.ndarray = ((hi - lo) * length > 1e-9) & ~never
    return out


def _hidden_shares(
    shadows: _Shadows, firers: Sequence[PlacedModel], target: PlacedModel
) -> list[tuple[_Obscurer, float]]:
    """For each obscurer that hides some of ``target`` from every firer, the share hidden (0 to 1): the share of the
    target's sample points whose sight line from every firer's centre passes through the obscurer, times the share
    of its height hidden (:func:`_height_share`, the least over the firers).

    Each obscurer is measured on its own edges (:func:`_edges_of`), and not at all when some firer's sight lines
    pass far from it (:func:`_apart`); the first firer first (:func:`_hidden_counts`): the arithmetic of
    :func:`_crossed_each` on fewer segments and edges, so the same answers as :func:`_hidden_shares_reference`."""
    out: list[tuple[_Obscurer, float]] = []
    kept, planes, edges = shadows
    if planes is None:
        return out
    fx, b, near = _near(planes, firers, target)
    if not near.any():
        return out
    points = _samples(target)
    centres = np.array(fx)
    near &= ~_apart(b, centres, points)
    flats: dict[int, float] = {}
    for which, nx, ny, offsets in edges:
        sel = near[which]
        if not sel.any():
            continue
        found = _hidden_counts((nx[sel], ny[sel], offsets[sel]), centres, points)
        flats.update(zip(which[sel].tolist(), (n / len(points) for n in found), strict=True))
    centre = target.footprint.centre
    for j in sorted(flats):
        if flats[j] <= EPSILON:
            continue
        obscurer = kept[j]
        tall = min(_height_share(obscurer, f, centre, target.height) for f in firers)
        share = min(1.0, flats[j] * tall)
        if share > EPSILON:
            out.append((obscurer, share))
    return out


Edges = tuple[np.ndarray, np.ndarray, np.ndarray]
"""Blockers with the same number of edges: x normals, y normals, offsets (g, m)."""


def _hidden_counts(edges: Edges, centres: np.ndarray, points: np.ndarray) -> list[int]:
    """For each blocker of ``edges``, how many of ``points`` (k, 2) it hides from every one of ``centres`` (f, 2):
    their segments pass through its interior (the arithmetic of :func:`_crossed_each`, element for element). The
    first centre is tried alone: only the blockers and points hidden from it are tried from the others."""
    first = _crossed_from(edges, centres[:1], points)[:, 0]  # (g, k)
    counts = first.sum(axis=1)
    if len(centres) == 1:
        return [int(n) for n in counts]
    out = []
    for g, hidden in enumerate(first):
        if not counts[g]:
            out.append(0)
            continue
        one = (edges[0][g : g + 1], edges[1][g : g + 1], edges[2][g : g + 1])
        out.append(int(_crossed_from(one, centres[1:], points[hidden])[0].all(axis=0).sum()))
    return out


def _crossed_from(edges: Edges, centres: np.ndarray, points: np.ndarray) -> np.ndarray:
    """For each blocker (g), centre (f, 2) and point (k, 2), whether the segment from the centre to the point passes
    through the blocker's interior (g, f, k): :func:`_crossed_each` for these segments, element for element."""
    nx, ny, offsets = (e[:, None, None, :] for e in edges)  # (g, 1, 1, m)
    cx, cy = centres[None, :, None, 0:1], centres[None, :, None, 1:2]  # (1, f, 1, 1)
    dx = points[None, None, :, 0:1] - cx  # (1, f, k, 1)
    dy = points[None, None, :, 1:2] - cy
    num = offsets - (nx * cx + ny * cy)  # (g, f, 1, m)
    den = nx * dx + ny * dy  # (g, f, k, m)
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        ratio = num / den
    lo = np.maximum(np.where(den < -1e-15, ratio, 0.0).max(axis=3), 0.0)
    hi = np.minimum(np.where(den > 1e-15, ratio, 1.0).min(axis=3), 1.0)
    never = ((np.abs(den) <= 1e-15) & (num <= 0)).any(axis=3)
    length = np.sqrt(dx * dx + dy * dy)[..., 0]
    out: np.ndarray = ((hi - lo) * length > 1e-9) & ~never
    return out


def _apart(bounds: np.ndarray, centres: np.ndarray, points: np.ndarray) -> np.ndarray:
    """For each blocker box (b, 4), whether it is more than 1e-6" from the box of the segments from some centre to
    the points: no segment from that centre then comes within rounding of the blocker (the screen of
    :meth:`HalfPlanes.crossed_one`), so it hides none of the points from every centre (b,) bool."""
    px0, py0 = points.min(axis=0)
    px1, py1 = points.max(axis=0)
    x0, y0 = np.minimum(centres[:, 0], px0)[:, None], np.minimum(centres[:, 1], py0)[:, None]
    x1, y1 = np.maximum(centres[:, 0], px1)[:, None], np.maximum(centres[:, 1], py1)[:, None]
    g = 1e-6
    far = (x1 < bounds[:, 0] - g) | (x0 > bounds[:, 2] + g) | (y1 < bounds[:, 1] - g) | (y0 > bounds[:, 3] + g)
    out: np.ndarray = far.any(axis=0)
    return out


def _near(
    planes: HalfPlanes, firers: Sequence[PlacedModel], target: PlacedModel
) -> tuple[list[tuple[float, float]], np.ndarray, np.ndarray]:
    """The firers' centres, the obscurers' bounds and which of them meet the box around the firers' centres and
    the target's footprint (only those can lie across a sight line)."""
    x0, y0, x1, y1 = target.footprint.outer_bounds
    fx = [f.footprint.centre for f in firers]
    bx0, by0 = min(x0, *(c[0] for c in fx)), min(y0, *(c[1] for c in fx))
    bx1, by1 = max(x1, *(c[0] for c in fx)), max(y1, *(c[1] for c in fx))
    b = planes.bounds
    return fx, b, (b[:, 0] <= bx1) & (b[:, 2] >= bx0) & (b[:, 1] <= by1) & (b[:, 3] >= by0)


def _hidden_shares_reference(
    shadows: _Shadows, firers: Sequence[PlacedModel], target: PlacedModel
) -> list[tuple[_Obscurer, float]]:
    """:func:`_hidden_shares` all at once (every firer, point and padded edge; slower): the reference for tests."""
    out: list[tuple[_Obscurer, float]] = []
    kept, planes, _ = shadows
    if planes is None:
        return out
    fx, _, near = _near(planes, firers, target)
    if not near.any():
        return out
    points = _samples(target)
    centres = np.array(fx)
    p0 = np.repeat(centres, len(points), axis=0)
    p1 = np.tile(points, (len(centres), 1))
    which = np.flatnonzero(near)
    sub = HalfPlanes(planes.normals[which], planes.offsets[which], planes.bounds[which])
    crossed = _crossed_each(sub, p0, p1).reshape(len(centres), len(points), -1).all(axis=0)  # (points, near)
    flat_all = crossed.mean(axis=0)
    centre = target.footprint.centre
    for k in np.flatnonzero(flat_all > EPSILON).tolist():
        obscurer = kept[int(which[k])]
        tall = min(_height_share(obscurer, f, centre, target.height) for f in firers)
        share = min(1.0, float(flat_all[k]) * tall)
        if share > EPSILON:
            out.append((obscurer, share))
    return out


def _height_share(obscurer: _Obscurer, firer: PlacedModel, target: tuple[float, float], height: float) -> float:
    """The share of the target's height the obscurer hides from ``firer``: all of it if it blocks sight for these
    heights; else the part below the line from the firer's eye over the obscurer's top, at the target's distance."""
    if obscurer.hides_all(firer.height, height):
        return 1.0
    if height <= 0:
        return 0.0
    eye = firer.height
    a = max(float(obscurer.outline.distance(shapely.Point(firer.footprint.centre))), EPSILON)
    b = float(obscurer.outline.distance(shapely.Point(target)))
    hidden = eye + (obscurer.height - eye) * (a + b) / a
    return max(0.0, min(hidden, height)) / height
