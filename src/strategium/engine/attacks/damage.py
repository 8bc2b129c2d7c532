"""From the game state to the attack pipeline and back: the target of a Shooting Attack as
:class:`~strategium.combat.TargetUnit` or :class:`~strategium.combat.TargetVehicle`, and the pipeline's result
applied to the state (Wounds and Hull Points lost, casualties removed, units destroyed, passengers of a
destroyed Transport).

What the translation takes from the state (each a documented choice):

- Characteristics are those in force now (:func:`strategium.engine.questions.profiles_now.current`); Wounds already lost
  come from ``UnitStatus.wounds_lost``.
- Special rules: the model's own, plus those granted to its unit by ``GRANTS_RULE`` effects (Shrouded (5+) from
  Militia Cavalry Mount, MCM-1).
- Independent Characters joined to the target unit are part of it: their models can be allocated Wounds and
  their rules count for "every model of the unit" questions.
- Allocation order: the models closest to the firing unit first (closest points of bases, then model order);
  see :mod:`strategium.combat.allocation` (closest-first is the 7th-edition convention, CORE_B §1.7).
- Cover: a model in a terrain piece (``terrain.in_terrain``: wholly within it, or any part) gets that piece's Cover
  Save, or for area terrain (ruins) ``cover.ruins_save`` (:func:`cover_save`); against a Shooting Attack, models
  partly hidden from the firers by terrain or other models get theirs too
  (:func:`strategium.engine.shooting.line_of_fire.fire_view`, passed as ``view``). Light models get no Cover Save in a
  turn
  their unit Ran (p.197); Antigrav models never do (p.196).
- A Vehicle's Facing is judged from the firer's position (p.207): the arc (:func:`geometry.bases.facing_arcs`)
  of the centre of the firing model closest to the hull; on an arc boundary the target's controller takes the
  higher Armour Value. A squadron's hits go to its vehicle closest to the firer; hits left over when it is
  destroyed are lost.
- A destroyed Transport's passengers disembark around the wreck (models that find no room are removed) and take
  a Pinning test (7th-edition procedure, CORE_B §2.7: HH2's text not read).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
from shapely.geometry import Point
from shapely.geometry.base import BaseGeometry

from strategium.army.army import Model
from strategium.catalogue.citations import Reason
from strategium.catalogue.declared import Situation
from strategium.catalogue.registry import RuleRef
from strategium.combat import AttackResult, TargetModel, TargetUnit, TargetVehicle, VehicleAttackResult
from strategium.combat.sources import configured, core
from strategium.config import RulesConfig
from strategium.engine.core.board import Location, Pose
from strategium.engine.core.effects import EffectKind, EndTrigger
from strategium.engine.core.events import Ruling
from strategium.engine.core.watchers import Fact
from strategium.engine.questions import combat_lock
from strategium.engine.questions.profiles_now import current
from strategium.engine.table import broad_phase
from strategium.engine.table.placement import footprint, hull_of
from strategium.geometry.bases import facing_arcs
from strategium.geometry.measure import DRAW_QUAD_SEGS, EPSILON, Footprint, core_distances, distance
from strategium.geometry.sight import SightMap
from strategium.geometry.terrain import Battlefield, TerrainKind
from strategium.model.characteristics import (
    BuildingCharacteristics,
    Characteristics,
    Facing,
    KnightCharacteristics,
    VehicleCharacteristics,
)
from strategium.model.unit_types import SubType, UnitType

if TYPE_CHECKING:
    from strategium.engine.core.game import Game
    from strategium.engine.shooting.line_of_fire import ModelView

TRANSPORTS = "Transports"


@dataclass(frozen=True)
class Slot:
    """Where a model of the target comes from: its unit (the target, or a joined character) and model id."""

    unit_id: str
    model_id: str


def granted_rules(game: Game, unit_id: str) -> tuple[RuleRef, ...]:
    """Rules granted to the unit by effects in force (``EffectKind.GRANTS_RULE``)."""
    return tuple(e.rule for e in game.effects_on(unit_id, EffectKind.GRANTS_RULE) if e.rule is not None)


def model_rules(game: Game, unit_id: str, model: Model) -> tuple[RuleRef, ...]:
    """The model's own special rules and those its unit is granted now."""
    return own_rules(model) + granted_rules(game, unit_id)


def own_rules(model: Model) -> tuple[RuleRef, ...]:
    """The model's own special rules (the :class:`RuleRef` entries of its immutable ``rules``, in order; kept in
    its :attr:`Model.memo`)."""
    own: tuple[RuleRef, ...] | None = model.memo.get(_OWN_RULES)
    if own is None:
        own = model.memo[_OWN_RULES] = tuple(r for r in model.rules if isinstance(r, RuleRef))
    return own


_OWN_RULES = "damage.own_rules"
"""The key of a model's own :class:`RuleRef` rules in its :attr:`Model.memo`."""


def members(game: Game, unit_id: str) -> tuple[str, ...]:
    """The unit and the Independent Characters joined to it (ids), the unit first."""
    joined = game.state.characters_joined_to(unit_id)
    return (unit_id, *[u.id for u in joined]) if joined else (unit_id,)


def living(game: Game, unit_id: str) -> list[tuple[str, Model]]:
    """(unit id, model) for every model of the unit and its joined characters still on the table."""
    s = game.state
    out: list[tuple[str, Model]] = []
    for uid in members(game, unit_id):
        poses = s.units[uid].poses
        out += [(uid, m) for m in s.unit(uid).models if m.id in poses]
    return out


def model_footprint(game: Game, unit_id: str, model: Model) -> Footprint:
    """The model's base or hull where it stands now."""
    return footprint(model, game.state.units[unit_id].poses[model.id])


def _closest_first(game: Game, unit_id: str, firers: Sequence[Footprint]) -> list[tuple[str, Model, float]]:
    models = living(game, unit_id)
    gaps = _gaps([model_footprint(game, uid, model) for uid, model in models], firers)
    ranked = [(d, order, uid, model) for order, ((uid, model), d) in enumerate(zip(models, gaps, strict=True))]
    ranked.sort(key=lambda r: (r[0], r[1]))
    return [(uid, model, d) for d, _, uid, model in ranked]


def _gaps(feet: Sequence[Footprint], firers: Sequence[Footprint]) -> list[float]:
    """For each footprint of ``feet``, the distance to the closest of ``firers`` (0.0 with no firers): the
    minimum of ``measure.distance`` over the firers, computed in one array operation (the cores' distances of
    :func:`~strategium.geometry.measure.core_distances`, bit for bit shapely's)."""
    if not feet or not firers:
        return [0.0] * len(feet)
    d = core_distances(feet, firers)
    d -= np.array([f.radius for f in feet])[:, None]
    d -= np.array([f.radius for f in firers])
    return [max(0.0, x) for x in np.minimum.reduce(d, axis=1).tolist()]


def cover_save(game: Game, unit_id: str, model: Model) -> tuple[int | None, Reason | None]:
    """The Cover Save the model's position gives it (see the module docstring), with the reason."""
    spec = model.profile.unit_type
    if spec.has(SubType.ANTIGRAV):
        return None, None
    if spec.has(SubType.LIGHT) and game.state.facts.has(unit_id, Fact.RAN):
        return None, Reason.of("Light Sub-type", f"{model.name} Ran this turn: no Cover Save")
    s = game.state
    pose = s.units[unit_id].poses[model.id]
    known: tuple[Pose, Battlefield, RulesConfig, tuple[int | None, Reason | None]] | None = model.memo.get(_COVER)
    if known is not None and known[0] == pose and known[1] is s.battlefield and known[2] is s.config:
        return known[3]
    answer = _cover_at(game, unit_id, model)
    model.memo[_COVER] = (pose, s.battlefield, s.config, answer)
    return answer


_COVER = "damage.cover"
"""The key in a model's :attr:`Model.memo` of its last Cover Save (:func:`cover_save`) with the pose, battlefield and
rules configuration (both held) it was worked out at: the same model standing in the same place has the same cover."""


def _cover_at(game: Game, unit_id: str, model: Model) -> tuple[int | None, Reason | None]:
    """The Cover Save of the terrain the model stands in (see :func:`cover_save`)."""
    foot = model_footprint(game, unit_id, model)
    box = foot.outer_bounds
    best: int | None = None
    why: Reason | None = None
    config = game.state.config
    for piece, piece_box in zip(game.state.battlefield.terrain, _terrain_boxes(game.state.battlefield), strict=True):
        if not broad_phase.meet(box, piece_box):
            continue  # too far to intersect: no area in common
        if not _overlap(foot, piece.footprint):
            continue
        if config.terrain.in_terrain == "wholly_within" and not piece.footprint.covers(foot.polygon()):
            continue  # partly in it: not "in" the piece (its cover then comes from what it hides, line_of_fire)
        value = piece.cover_save
        how = "wholly" if config.terrain.in_terrain == "wholly_within" else "partly"
        within = configured(config, "terrain.in_terrain", f"{how} within it").text
        if value is None and piece.kind is TerrainKind.AREA:
            value = config.cover.ruins_save
            text = f"{model.name} stands in {piece.name} ({within}): cover {value}+"
            reason = configured(config, "cover.ruins_save", text)
        else:
            reason = core("Cover Saves", f"{model.name} stands in {piece.name} ({within}): cover {value}+")
        if value is not None and (best is None or value < best):
            best, why = value, reason
    return best, why


def _overlap(foot: Footprint, area: BaseGeometry) -> bool:
    """``foot.polygon().intersection(area).area > 0``: the footprint and the (prepared) terrain outline have area in
    common, decided without the intersection where exact predicates settle it.

    A round base's polygon has its vertices on the base's circle, so it holds the disc of radius ``radius *
    cos(pi / n)`` (n sides) about the centre and lies within the circle. Centre inside the outline (a robust
    predicate): both hold a neighbourhood of it, area in common. Centre outside, the outline farther than the radius
    (by ``EPSILON``): nothing in common. Outline nearer than the inner disc's radius (by ``_DEEP``): the disc reaches
    into the outline around its closest point, area in common. A footprint wholly inside the outline
    (``contains_properly``): all its area in common. Otherwise the intersection's area decides, as before."""
    core = foot.core
    if type(core) is Point and foot.radius > 0:
        if area.contains(core):
            return True
        gap = float(area.distance(core))
        if gap > foot.radius + EPSILON:
            return False
        if gap < foot.radius * _INNER - _DEEP:
            return True
    fp = foot.polygon()
    if area.contains_properly(fp):
        return True
    return bool(fp.intersection(area).area > 0)


_INNER = math.cos(math.pi / (4 * DRAW_QUAD_SEGS))
"""The radius of the disc a round base's polygon holds, as a fraction of the base's radius (its inradius)."""

_DEEP = 1e-3
"""Inches the inner disc must reach into a terrain outline for :func:`_overlap` to answer without the intersection
(the area in common is then far above any rounding)."""


def target_unit(
    game: Game, unit_id: str, firers: Sequence[Footprint], view: Mapping[str, ModelView] | None = None
) -> tuple[TargetUnit, tuple[Slot, ...], tuple[Reason, ...]]:
    """The target unit (non-vehicle models) for the pipeline, its models closest to ``firers`` first; the slot
    of each model; the reasons for cover. ``view`` (by model id,
    :func:`strategium.engine.shooting.line_of_fire.fire_view`):
    which models may be allocated the Wounds and each one's Cover Save against these firers; without it (close
    combat) every model may, with the cover of the terrain it stands in. Raises ``InputError`` (from the pipeline)
    for a unit with no models."""
    models: list[TargetModel] = []
    slots: list[Slot] = []
    reasons: list[Reason] = []
    granted = {uid: granted_rules(game, uid) for uid in members(game, unit_id)}  # the unit and its characters
    for uid, model, _ in _closest_first(game, unit_id, firers):
        now = current(game, uid, model)
        if not isinstance(now, Characteristics) or now.t is None or now.w is None:
            continue
        seen = view.get(model.id) if view is not None else None
        if seen is None:
            cover, why = cover_save(game, uid, model)
        else:
            cover, why = seen.cover, seen.reason
        if why is not None:
            reasons.append(why)
        wounds = max(now.w, 1)
        models.append(
            TargetModel.made(
                model.name,
                max(now.t, 1),
                wounds,
                min(game.state.units[uid].wounds_lost.get(model.id, 0), wounds - 1),
                now.sv if now.sv is not None and 2 <= now.sv <= 6 else None,
                model.profile.invulnerable_save,
                cover,
                now.ws,
                own_rules(model) + granted[uid],
                seen is None or seen.allocatable,
                now.s,
                _asked_types(model),
            )
        )
        slots.append(Slot(uid, model.id))
    stupefied = bool(game.effects_on(unit_id, EffectKind.STUPEFIED))
    return TargetUnit(game.state.unit(unit_id).name, tuple(models), stupefied=stupefied), tuple(slots), tuple(reasons)


_ASKED_TYPES = (UnitType.VEHICLE, UnitType.DREADNOUGHT, UnitType.AUTOMATA)
"""The Unit Types a rule asks of a target model (Graviton Pulse, FAQ v1.2 p.2)."""


def _asked_types(model: Model) -> frozenset[str]:
    spec = model.profile.unit_type
    return frozenset(t.value for t in _ASKED_TYPES if spec.counts_as(t))


def is_vehicle_target(game: Game, unit_id: str) -> bool:
    """True if the unit's models have Armour Values (Vehicles, Knights, Titans): hits roll Armour Penetration."""
    return any(m.profile.has_armour_values for _, m in living(game, unit_id))


_MACHINE_TYPES = (UnitType.DREADNOUGHT, UnitType.AUTOMATA)
_MACHINE = frozenset({Situation.TARGET_DREADNOUGHT_OR_AUTOMATA})


def target_situation(game: Game, unit_id: str, situation: frozenset[Situation]) -> frozenset[Situation]:
    """``situation`` with the facts about the target unit ``unit_id`` the declared clauses ask: it is of the
    Dreadnought or Automata Unit Type (rulebook p.195) when most of its living models, joined characters included,
    are (as the To Wound roll is made against the majority Toughness). One pass over the unit's models."""
    machines = others = 0
    for _, model in living(game, unit_id):
        spec = model.profile.unit_type
        if any(spec.counts_as(t) for t in _MACHINE_TYPES):
            machines += 1
        else:
            others += 1
    if machines > others:
        return situation | _MACHINE if situation else _MACHINE
    return situation


def target_vehicle(
    game: Game,
    unit_id: str,
    firers: Sequence[Footprint],
    view: Mapping[str, ModelView] | None = None,
    *,
    side: Reason | None = None,
) -> tuple[TargetVehicle, Slot, tuple[Reason, ...]]:
    """The vehicle of the unit closest to ``firers`` that may be allocated the hits, at the Facing the closest firer
    is in, for the pipeline; ``view`` as for :func:`target_unit` (its Cover Save too). Raises ``InputError`` for a
    profile without Armour Values (from the pipeline), ``StopIteration`` if no vehicle of the unit may be allocated
    the hits (see :func:`vehicle_allocatable`).
    """
    uid, model, _ = next(
        r
        for r in _closest_first(game, unit_id, firers)
        if r[1].profile.has_armour_values and (view is None or r[1].id not in view or view[r[1].id].allocatable)
    )
    seen = view.get(model.id) if view is not None else None
    pose = game.state.units[uid].poses[model.id]
    profile = model.profile.characteristics
    assert isinstance(profile, VehicleCharacteristics | KnightCharacteristics | BuildingCharacteristics)
    hull = hull_of(model, pose)
    firer = min(firers, key=lambda f: distance(f, model_footprint(game, uid, model)))
    arcs = facing_arcs(hull, firer.centre) if hull is not None else frozenset({Facing.FRONT})
    arcs = arcs or frozenset({Facing.FRONT})
    armour = {f: profile.armour(f) or 0 for f in arcs}
    facing = max(sorted(arcs), key=lambda f: armour[f])
    text = f"the firer stands in the {'/'.join(sorted(f.value for f in arcs))} arc: {facing} Armour {armour[facing]}"
    if len(arcs) > 1:
        text += " (on an arc boundary: the target's controller takes the highest)"
    if side is not None:  # e.g. Barrage (p.232): the Side Armour whatever the firer's arc
        facing = Facing.SIDE
    spec = model.profile.unit_type
    vehicle = TargetVehicle.from_profile(
        model.name,
        profile,
        facing,
        lost=game.state.units[uid].wounds_lost.get(model.id, 0),
        invulnerable_save=model.profile.invulnerable_save,
        cover_save=seen.cover if seen is not None else None,
        rules=model_rules(game, uid, model),
        slow=spec.has(SubType.SLOW),
    )
    why: tuple[Reason, ...] = (core("Vehicle Facing", text, 207) if side is None else side,)
    if seen is not None and seen.reason is not None:
        why += (seen.reason,)
    return vehicle, Slot(uid, model.id), why


def vehicle_allocatable(game: Game, unit_id: str, view: Mapping[str, ModelView]) -> bool:
    """Whether some vehicle of the unit may be allocated the hits (in range and line of sight of a firer)."""
    return any(
        m.profile.has_armour_values and (m.id not in view or view[m.id].allocatable) for _, m in living(game, unit_id)
    )


def remove_model(game: Game, unit_id: str, model_id: str) -> None:
    """Remove a model as a casualty; a unit left with no model on the table is destroyed."""
    status = game.state.units[unit_id]
    status.poses.pop(model_id, None)
    if model_id not in status.casualties:
        status.casualties.append(model_id)
    if not status.poses and status.location is Location.TABLE:
        destroy_unit(game, unit_id)


def destroy_unit(game: Game, unit_id: str) -> None:
    """The unit is destroyed: every model is a casualty, its effects end."""
    status = game.state.units[unit_id]
    for model in game.state.unit(unit_id).models:
        if model.id not in status.casualties:
            status.casualties.append(model.id)
    status.poses.clear()
    status.location = Location.DESTROYED
    combat_lock.disengage(game, unit_id)  # a destroyed unit is locked with no one (and frees a lone enemy)
    game.trigger(unit_id, EndTrigger.REMOVED_FROM_PLAY)
    game.log(Ruling(f"{game.state.unit(unit_id).name} is destroyed"))


def apply_wounds(game: Game, result: AttackResult, slots: tuple[Slot, ...]) -> int:
    """Write the Wounds lost and casualties of ``result`` into the state; returns the models removed."""
    removed = 0
    for record in result.records:
        if record.wounds_lost == 0:
            continue
        slot = slots[record.index]
        status = game.state.units[slot.unit_id]
        status.wounds_lost[slot.model_id] = status.wounds_lost.get(slot.model_id, 0) + record.wounds_lost
        if record.removed:
            remove_model(game, slot.unit_id, slot.model_id)
            removed += 1
    return removed


def apply_vehicle_damage(game: Game, result: VehicleAttackResult, slot: Slot) -> int:
    """Write the Hull Points lost into the state, then play the damage results
    (:func:`strategium.engine.attacks.vehicle_results.apply`: effects on the vehicle; a destroyed vehicle is Wrecked or
    explodes, and its passengers disembark). Returns 1 if the vehicle was destroyed, else 0."""
    from strategium.engine.attacks import vehicle_results

    status = game.state.units[slot.unit_id]
    if result.hull_points_lost:
        status.wounds_lost[slot.model_id] = result.target.lost
    return vehicle_results.apply(game, result, slot)


def _ring_spots(pose: Pose, radius: float, step: float) -> list[tuple[float, float]]:
    count = max(8, int(2 * math.pi * radius / step))
    return [
        (pose.x + radius * math.cos(2 * math.pi * k / count), pose.y + radius * math.sin(2 * math.pi * k / count))
        for k in range(count)
    ]


def passengers_out(game: Game, transport_id: str, pose: Pose) -> None:
    """The units embarked in a destroyed Transport disembark around where it stood, then take a Pinning test;
    models that find no room within 6 inches of the wreck's centre are removed (CORE_B §2.7, 7th edition)."""
    from strategium.engine.morale.leadership import pinning_test

    why = Reason(TRANSPORTS, "passengers of a destroyed Transport disembark and take a Pinning test (CORE_B §2.7)")
    table = game.state.battlefield.table.polygon()
    blocked = game.state.battlefield.impassable()
    # every model on the table, boxed: a spot is tested (exactly) only against those whose boxes meet its box
    taken: list[tuple[broad_phase.Box, Footprint]] = []
    for uid, status in game.state.units.items():
        for m in game.state.unit(uid).models:
            if m.id in status.poses:
                fp = model_footprint(game, uid, m)
                taken.append((fp.outer_bounds, fp))
    for uid, status in list(game.state.units.items()):
        if status.location is not Location.EMBARKED or status.embarked_in != transport_id:
            continue
        status.location, status.embarked_in = Location.TABLE, None
        spots = [s for r in (2.5, 3.5, 4.5, 5.5) for s in _ring_spots(pose, r, 1.3)]
        for model in game.state.unit(uid).models:
            if status.is_casualty(model.id):
                continue
            placed = False
            while spots and not placed:
                x, y = spots.pop(0)
                spot = footprint(model, Pose(x, y))
                poly = spot.polygon()
                if not table.contains(poly) or (blocked is not None and poly.intersects(blocked)):
                    continue
                box = spot.outer_bounds
                if any(broad_phase.meet(box, b) and poly.intersects(t.polygon()) for b, t in taken):
                    continue
                if Point(x, y).distance(Point(pose.x, pose.y)) > 6:
                    continue
                status.poses[model.id] = Pose(x, y)
                taken.append((box, spot))
                placed = True
            if not placed:
                status.casualties.append(model.id)
        game.log(Ruling(f"{game.state.unit(uid).name} disembarks from the wreck", (why,)))
        if not status.poses:
            destroy_unit(game, uid)
            continue
        pinning_test(game, uid, "its Transport was destroyed")


_SIGHT: dict[int, tuple[Battlefield, SightMap]] = {}
_BOXES: dict[int, tuple[Battlefield, tuple[broad_phase.Box, ...]]] = {}


def _terrain_boxes(battlefield: Battlefield) -> tuple[broad_phase.Box, ...]:
    """The box of each terrain piece's footprint, in the battlefield's order (cached per battlefield; the entry
    keeps the battlefield alive, so its id names it)."""
    known = _BOXES.get(id(battlefield))
    if known is None or known[0] is not battlefield:
        if len(_BOXES) > 16:
            _BOXES.clear()
        known = (battlefield, tuple(broad_phase.geometry_box(t.footprint) for t in battlefield.terrain))
        _BOXES[id(battlefield)] = known
    return known[1]


def sight_map(battlefield: Battlefield) -> SightMap:
    """The (cached) line-of-sight map of a battlefield."""
    known = _SIGHT.get(id(battlefield))
    if known is None or known[0] is not battlefield:
        if len(_SIGHT) > 16:
            _SIGHT.clear()
        known = (battlefield, SightMap(battlefield))
        _SIGHT[id(battlefield)] = known
    return known[1]


def under_marker(game: Game, target_id: str, firers: tuple[Footprint, ...], radius: float) -> int:
    """How many models of the target unit a Blast marker of ``radius`` inches hits when centred on the target
    model closest to ``firers`` (scatter is not modelled)."""
    models = living(game, target_id)
    feet = [model_footprint(game, uid, m) for uid, m in models]
    if not feet:
        return 0
    centre = min(feet, key=lambda f: min(distance(f, g) for g in firers)).centre
    marker = Point(centre).buffer(radius)
    return sum(1 for f in feet if distance(f, marker) <= 1e-9)
