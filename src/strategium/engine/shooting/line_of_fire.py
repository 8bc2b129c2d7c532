"""What the firing models of one volley see of their target: which models may be allocated its Wounds, and the
Cover Save each model has against it.

**Allocation** (CORE_B §1.7). Only a model of the target unit that is in range of, and in line of sight of, at
least one firing model of the weapon may be allocated its Wounds; once none is left, the remaining Wounds are lost.
HH2 says so by contrast: Blast (p.234) lets its Wounds go "to any models in the target unit, even out of sight",
"unlike other attacks"; Precision Shots (p.244) and Sniper (p.247) let the attacker choose among the models "in
range and line of sight". Read here as: one firing model has the target model both within its weapon's maximum
range (closest points of bases, ``measure.within``) and in its line of sight (:class:`SightMap`). Closest first
is the engine's order (:func:`strategium.engine.attacks.damage.target_unit`). Blasts and Templates make their own
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
from functools import partial
from typing import TYPE_CHECKING

import numpy as np

from strategium.catalogue.citations import Reason
from strategium.combat.allocation import Deferred, Flag
from strategium.combat.saves import armour_save_allowed
from strategium.combat.sources import configured, core
from strategium.engine.attacks import damage
from strategium.engine.core.watchers import Fact
from strategium.engine.questions.profiles_now import current
from strategium.engine.shooting import obscured
from strategium.engine.shooting.obscured import Obscurer
from strategium.engine.table.placement import footprint, placed_model
from strategium.engine.table.unit_box import outer_box
from strategium.geometry.measure import EPSILON, core_distances
from strategium.geometry.pieces import PlacedModel, PlacedUnit
from strategium.geometry.sight import SightMap
from strategium.geometry.sight_keys import source
from strategium.geometry.terrain import TerrainKind, TerrainPiece
from strategium.model.characteristics import Characteristics
from strategium.model.unit_types import SubType

if TYPE_CHECKING:
    from strategium.army.army import Model
    from strategium.engine.core.game import Game

ALLOCATION = "Wound allocation"
BARRICADE_SAVE = 5
"""Barricades and Walls: a 5+ Cover Save for a model in cover behind one (rulebook p.221)."""
BARRICADE_PAGE = 221


class ModelView:
    """One target model as a volley's firers see it: ``allocatable`` (it may be allocated the volley's Wounds; a
    :class:`~strategium.combat.allocation.Deferred` answer is worked out when first asked), ``cover`` its Cover
    Save (3 means 3+; None: none) and ``reason`` why (or why none), if anything is to say. Compares by the three
    values."""

    __slots__ = ("allocatable", "cover", "reason")

    def __init__(self, allocatable: Flag, cover: int | None, reason: Reason | None = None) -> None:
        self.allocatable = allocatable
        self.cover = cover
        self.reason = reason

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ModelView):
            return NotImplemented
        return (bool(self.allocatable), self.cover, self.reason) == (bool(other.allocatable), other.cover, other.reason)

    def __hash__(self) -> int:
        return hash((bool(self.allocatable), self.cover, self.reason))

    def __repr__(self) -> str:
        return f"ModelView({self.allocatable!r}, {self.cover!r}, {self.reason!r})"


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
    allowed: list[Flag]
    if allocatable is None:
        allowed = _in_range_and_sight(game, target_id, firers, placed, reach)
    else:
        allowed = [m.id in allocatable for _, m in models]
    covers = _covers(game, target_id, firers, models, placed, firing_unit, ap, ignores_cover)
    return {m.id: ModelView(ok, cover, why) for (_, m), ok, (cover, why) in zip(models, allowed, covers, strict=True)}


def _in_range_and_sight(
    game: Game, target_id: str, firers: Sequence[PlacedModel], placed: Sequence[PlacedModel], reach: float | None
) -> list[Flag]:
    """For each target model, whether some firer has it in range and in line of sight, worked out when first asked
    (:class:`_InRangeAndSight`)."""
    target = PlacedUnit(target_id, game.state.owner(target_id), tuple(placed))
    ask = _InRangeAndSight(damage.sight_map(game.state.battlefield), tuple(firers), target, reach)
    return [Deferred(partial(ask, j)) for j in range(len(placed))]


class _InRangeAndSight:
    """Whether some firer has target model ``j`` in range (``measure.distance`` within ``reach``: the cores'
    distances of :func:`~strategium.geometry.measure.core_distances`, bit for bit, every pair in one array when
    first asked) and in line of sight (:meth:`SightMap.sees_model`). A value of the placed models and the
    battlefield's sight, so the same answer whenever it is asked."""

    def __init__(self, sight: SightMap, firers: tuple[PlacedModel, ...], target: PlacedUnit, reach: float | None):
        self.sight, self.firers, self.target, self.reach = sight, firers, target, reach
        self._near: np.ndarray | None = None

    def __call__(self, j: int) -> bool:
        near = self._near
        if near is None:
            firers, placed = self.firers, self.target.models
            near = np.ones((len(firers), len(placed)), dtype=bool)
            if self.reach is not None and firers:
                gaps = core_distances([f.footprint for f in firers], [t.footprint for t in placed])
                gaps -= np.array([f.footprint.radius for f in firers])[:, None]
                gaps -= np.array([t.footprint.radius for t in placed])[None, :]
                near = np.maximum(gaps, 0.0) <= self.reach + EPSILON  # measure.within of measure.distance
            self._near = near
        return self.sight.sees_model(self.firers, self.target, j, near[:, j])


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
    measured: list[int] = []  # the models whose Cover Save from hiding counts
    for uid, model in models:
        spec = model.profile.unit_type
        if spec.has(SubType.ANTIGRAV):
            out.append((None, None))
            continue
        if spec.has(SubType.LIGHT) and game.state.facts.has(uid, Fact.RAN):
            out.append((None, Reason.of("Light Sub-type", f"{model.name} Ran this turn: no Cover Save")))
            continue
        best, why = damage.cover_save(game, uid, model)
        out.append((best, why))
        if ignores_cover or (best is not None and best <= best_cover):  # no obscurer gives a better save
            continue
        if not _better_save(game, uid, model, ap, min(best_cover, best or 7)):
            measured.append(len(out) - 1)
    if not measured:
        return out
    shadows = obscured.shadows(_obscurers(game, target_id, firers, firing_unit, placed), firers, placed)
    hidden = obscured.hidden_shares_of(shadows, firers, [placed[i] for i in measured])
    for i, shares in zip(measured, hidden, strict=True):
        best, why = out[i]
        for obscurer, share in shares:
            if share + 1e-9 < config.cover.obscured_fraction or obscurer.save is None:
                continue
            if best is not None and best <= obscurer.save:
                continue
            best, why = obscurer.save, _obscured_reason(game, models[i][1].name, obscurer, share)
        out[i] = (best, why)
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


def _obscured_reason(game: Game, name: str, obscurer: Obscurer, share: float) -> Reason:
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


def _obscurers(
    game: Game, target_id: str, firers: Sequence[PlacedModel], firing_unit: str | None, placed: Sequence[PlacedModel]
) -> list[Obscurer]:
    """Terrain pieces, Buildings and models of other units that could hide part of the target (its living models
    ``placed``) from the firers: those whose box meets the box around the firers and the target."""
    s = game.state
    config = s.config
    ours = set(damage.members(game, target_id))
    boxes = [f.footprint.outer_bounds for f in (*firers, *placed)]
    x0 = min(b[0] for b in boxes)
    y0 = min(b[1] for b in boxes)
    x1 = max(b[2] for b in boxes)
    y1 = max(b[3] for b in boxes)

    def near(bounds: tuple[float, float, float, float]) -> bool:
        return bounds[0] <= x1 and bounds[2] >= x0 and bounds[1] <= y1 and bounds[3] >= y0

    out: list[Obscurer] = []
    bf = s.battlefield
    for piece, bounds in zip(bf.terrain, bf.terrain_bounds, strict=True):
        if not near(bounds) or (piece.height <= 0 and not piece.blocks_sight(0.0, 0.0)):
            continue
        out.append(Obscurer(piece.footprint, piece.height, _piece_save(game, piece), piece.name, piece=piece))
    for building, bounds in zip(bf.buildings, bf.building_bounds, strict=True):
        if near(bounds):
            out.append(
                Obscurer(building.footprint, building.height, config.cover.other_terrain_save, building.name, True)
            )
    save = config.cover.intervening_models_save
    if save is None:
        return out
    for uid, status in s.units.items():
        if uid in ours or uid == firing_unit or status.joined_to == firing_unit or not status.poses:
            continue
        box = outer_box(game, uid)  # holds every footprint of the unit: a unit clear of the box has no model near
        if box is None or box[0] > x1 + 1e-9 or box[2] < x0 - 1e-9 or box[1] > y1 + 1e-9 or box[3] < y0 - 1e-9:
            continue
        unit = s.unit(uid)
        for m in unit.models:
            pose = status.poses.get(m.id)
            if pose is None or not near(footprint(m, pose).outer_bounds):  # placed_model's footprint, the same box
                continue
            pm = placed_model(m, pose)
            out.append(Obscurer(source(pm.footprint), pm.height, save, f"models of {unit.name}", models=True))
    return out


def _piece_save(game: Game, piece: TerrainPiece) -> int | None:
    if piece.cover_save is not None:
        return piece.cover_save
    if piece.kind is TerrainKind.AREA:
        return game.state.config.cover.ruins_save
    if piece.kind is TerrainKind.BARRICADE:
        return BARRICADE_SAVE
    return game.state.config.cover.other_terrain_save
