"""Firing Template and Blast weapons: where the template or marker goes, the scatter, and which models of which units
are hit (rulebook p.234 Blast, p.248 Template Weapons, p.249 Twin-linked; CORE_B §1.8). No To Hit roll is made.

Template (p.248), one template per shot, shot by shot, all placed before any Wound is rolled:

- its narrow tip touches the firing model's base (or hull) and it points away from the model's centre; its shape is
  :func:`strategium.geometry.templates.teardrop` at the sizes of ``templates.length``, ``templates.narrow_width``
  and ``templates.wide_width``;
- it must lie over the greatest number of the target unit's models it can reach while no friendly model is under it: the
  engine tries every whole even degree and the bearing of each target model and keeps the placement covering the
  most target models (ties: the one closest in bearing to the target's closest model). The firer's player may name
  the direction (``Shoot.template_at``): it is legal if it touches no friendly model and covers as many target
  models as the engine's best;
- every model fully or partly under it is hit (any unit's; the firer never is); friendly models never are.

Blast (X") (p.234), one marker per shot, shot by shot:

- the marker's hole goes over a model of the target unit that a firer sees, within the weapon's maximum range of
  that firer, with no friendly model even partly under the marker; the firer's player may name the model
  (``Shoot.blast_at``), else the engine takes the model whose marker covers the most target models (then the most
  other enemy models; then the first in the unit's order);
- the Scatter die is rolled (:meth:`strategium.dice.Dice.scatter`); on a Hit the marker stays; on an arrow 2D6 are
  rolled and the marker moves 2D6 minus the firer's BS (at least 0) in the arrow's direction. A Blast that may
  re-roll every failed To Hit roll (:func:`full_to_hit_reroll`: Twin-linked) re-rolls a scatter that is not a Hit
  and moves the marker (both dice; the engine makes that choice for the firer whenever the marker would move); a
  re-roll of some results only does not;
- a hole beyond the battlefield's edge is a complete miss; otherwise every unit suffers one hit per model of it
  fully or partly under the marker (out of range or sight, friendly or locked in combat alike).

A model of an Independent Character joined to a unit counts with that unit. A Barrage volley fired indirectly
(``Volley.indirect``, p.232: :mod:`strategium.engine.shooting.barrage`) puts its marker over any model of the target
unit in range (no sight needed) and scatters the full 2D6 on an arrow (the BS is not subtracted).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from shapely.geometry import Point

from strategium.army.army import Model
from strategium.catalogue.citations import Reason
from strategium.catalogue.declared import Reroll, RerollWhich
from strategium.catalogue.registry import RuleRef
from strategium.combat.declared import declared_for
from strategium.combat.sources import core
from strategium.combat.templates import BLAST_PAGE, TEMPLATE_PAGE, marker_diameter, scatter_distance
from strategium.engine.attacks import damage
from strategium.engine.core.board import Location
from strategium.engine.shooting.barrage import BARRAGE_PAGE, has_barrage
from strategium.engine.shooting.reach import half_range_asked
from strategium.engine.table.placement import footprint, placed_unit
from strategium.geometry.measure import Footprint, distance
from strategium.geometry.templates import (
    AreaShape,
    bearing,
    blast_marker,
    scattered,
    teardrop,
    teardrops,
    tip_on,
    touches_any,
    touches_each,
    under_each,
    under_rows,
)
from strategium.geometry.templates import under as models_under

if TYPE_CHECKING:
    from strategium.engine.core.game import Game
    from strategium.engine.shooting.plan import Volley

_STEP = 2
"""Degrees between the directions the engine tries for a template (besides the bearing of each target model)."""


@dataclass
class AreaHits:
    """What an area weapon's shots hit: ``hits`` unit id -> hits (in the order the units were first hit);
    ``origin`` unit id -> the hole of the first marker that hit it (Blasts); ``reasons`` the rulings, shot by shot."""

    hits: dict[str, int] = field(default_factory=dict)
    origin: dict[str, tuple[float, float]] = field(default_factory=dict)
    reasons: list[Reason] = field(default_factory=list)
    barrage_from: tuple[float, float] | None = None
    """A Multiple Barrage's first marker's hole, where its Cover Saves are judged from (p.232)."""
    near: dict[str, int] = field(default_factory=dict)
    """Of ``hits``, those of markers whose centre is within half the weapon's range of the firer (counted only for a
    weapon whose rules ask it: Armourbane (Melta), p.231)."""

    def add(self, counts: Mapping[str, int], centre: tuple[float, float] | None, near: bool = False) -> None:
        """Add one shot's hits per unit (``near``: its marker is within half range of the firer)."""
        for uid, n in counts.items():
            if n:
                self.hits[uid] = self.hits.get(uid, 0) + n
                if near:
                    self.near[uid] = self.near.get(uid, 0) + n
                if centre is not None:
                    self.origin.setdefault(uid, centre)


class Aims:
    """The firer's player's placements for one Shooting Attack: ``blast`` target model ids, one per Blast marker
    in the order they are fired (the last is used again when the list runs out; empty: the engine places them);
    ``template`` firing model id -> direction in degrees."""

    def __init__(self, blast: Sequence[str] = (), template: Mapping[str, float] | None = None) -> None:
        self._blast = tuple(blast)
        self._next = 0
        self.template = dict(template or {})

    def next_blast(self) -> str | None:
        """The model the next marker goes over, or None (the engine's choice)."""
        if not self._blast:
            return None
        chosen = self._blast[min(self._next, len(self._blast) - 1)]
        self._next += 1
        return chosen


@dataclass(frozen=True)
class _OnTable:
    host: str  # the unit the model counts with (a joined character's host)
    player: int
    model: Model
    foot: Footprint


def _on_table(game: Game) -> list[_OnTable]:
    s = game.state
    out: list[_OnTable] = []
    for uid, status in s.units.items():
        if status.location is not Location.TABLE or not status.poses:
            continue
        host = status.joined_to or uid
        player = s.owner(uid)
        for m in s.unit(uid).models:
            pose = status.poses.get(m.id)
            if pose is not None:
                out.append(_OnTable(host, player, m, footprint(m, pose)))
    return out


def _count(shape: AreaShape, models: Sequence[_OnTable]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for entry, hit in zip(models, models_under(shape, [e.foot for e in models]), strict=True):
        if hit:
            counts[entry.host] = counts.get(entry.host, 0) + 1
    return counts


def _names(game: Game, counts: Mapping[str, int]) -> str:
    if not counts:
        return "no model"
    return ", ".join(f"{n} of {game.state.unit(uid).name}" for uid, n in counts.items())


# -- Templates ---------------------------------------------------------------------------------------------


def _template_shape(game: Game, foot: Footprint, direction: float) -> AreaShape:
    t = game.state.config.templates
    return teardrop(tip_on(foot, direction), direction, t.length, t.narrow_width, t.wide_width)


def best_template(game: Game, unit_id: str, target_id: str, model_id: str) -> tuple[float, int] | None:
    """The engine's placement of the template of model ``model_id`` (of ``unit_id``) at ``target_id``: (direction
    in degrees, target models covered), or None if every placement touches a friendly model."""
    everyone = _on_table(game)
    me = next(e for e in everyone if e.model.id == model_id)
    friends = [e.foot for e in everyone if e.player == me.player and e.model.id != model_id]
    targets = [e for e in everyone if e.host == target_id]
    centre = me.foot.centre
    closest = min(targets, key=lambda e: distance(me.foot, e.foot), default=None)
    aim = bearing(centre, closest.foot.centre) if closest is not None else 0.0
    directions = sorted({float(d) for d in range(0, 360, _STEP)} | {bearing(centre, e.foot.centre) for e in targets})
    t = game.state.config.templates
    shapes = teardrops(me.foot, directions, t.length, t.narrow_width, t.wide_width)  # _template_shape's, each
    free = [i for i, touching in enumerate(touches_each(shapes, friends)) if not touching]
    counts = under_each([shapes[i] for i in free], [e.foot for e in targets])
    best: tuple[int, float, float] | None = None  # (covered, -turn from the aim, direction)
    for i, covered in zip(free, counts, strict=True):
        d = directions[i]
        turn = abs((d - aim + 180.0) % 360.0 - 180.0)
        key = (covered, -turn, -d)
        if best is None or key > (best[0], best[1], -best[2]):
            best = (covered, -turn, d)
    return None if best is None else (best[2], best[0])


def template_problem(game: Game, unit_id: str, target_id: str, model_id: str, direction: float) -> Reason | None:
    """Why the template of ``model_id`` may not be laid ``direction`` degrees, or None if it may."""
    everyone = _on_table(game)
    me = next((e for e in everyone if e.model.id == model_id), None)
    if me is None or model_id not in game.state.units[unit_id].poses:
        return core("Template", f"{model_id!r} is not a model of the firing unit on the table", TEMPLATE_PAGE)
    shape = _template_shape(game, me.foot, direction)
    friends = [e.foot for e in everyone if e.player == me.player and e.model.id != model_id]
    if touches_any(shape, friends):
        return core("Template", f"laid {direction:g}° the template touches a friendly model", TEMPLATE_PAGE)
    covered = sum(models_under(shape, [e.foot for e in everyone if e.host == target_id]))
    best = best_template(game, unit_id, target_id, model_id)
    if best is not None and covered < best[1]:
        text = f"laid {direction:g}° it covers {covered} target models; it must cover as many as possible ({best[1]})"
        return core("Template", text, TEMPLATE_PAGE)
    return None


def template_hits(game: Game, unit_id: str, target_id: str, volley: Volley, aims: Aims) -> AreaHits:
    """The hits of a Template volley (see the module docstring): one template per shot of each firing model."""
    out = AreaHits()
    everyone = _on_table(game)
    per_model = max(volley.weapon.type.shots or 1, 1)
    name = volley.weapon.name
    for model_id in volley.firers:
        me = next((e for e in everyone if e.model.id == model_id), None)
        if me is None:
            continue
        chosen = aims.template.get(model_id)
        if chosen is None:
            best = best_template(game, unit_id, target_id, model_id)
            if best is None:
                text = f"{me.model.name}'s {name}: every placement touches a friendly model: not fired"
                out.reasons.append(core("Template", text, TEMPLATE_PAGE))
                continue
            direction = best[0]
        else:
            direction = chosen % 360.0
        shape = _template_shape(game, me.foot, direction)
        others = [e for e in everyone if e.model.id != model_id]
        for _ in range(per_model - volley.not_fired.count(model_id)):
            counts = _count(shape, others)
            out.add(counts, None)
            who = "as its player lays it" if chosen is not None else "covering the most target models"
            text = f"{me.model.name}'s template laid {direction:g}° ({who}): hits {_names(game, counts)}"
            out.reasons.append(core("Template", text, TEMPLATE_PAGE))
    return out


# -- Blasts ------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Spot:
    model_id: str
    name: str
    centre: tuple[float, float]
    score: tuple[int, int]


def _spots(game: Game, unit_id: str, target_id: str, diameter: float, everyone: Sequence[_OnTable]) -> list[_Spot]:
    """Each target model as a marker's place, the best first (no legality tested)."""
    me = game.state.owner(unit_id)
    spots: list[_Spot] = []
    targets = [e for e in everyone if e.host == target_id]
    enemies = [o for o in everyone if o.player != me]
    markers = [blast_marker(e.foot.centre, diameter) for e in targets]
    for e, hits in zip(targets, under_rows(markers, [o.foot for o in enemies]), strict=True):  # _count's, per marker
        counts: dict[str, int] = {}
        for o, hit in zip(enemies, hits, strict=True):
            if hit:
                counts[o.host] = counts.get(o.host, 0) + 1
        score = (counts.get(target_id, 0), sum(n for uid, n in counts.items() if uid != target_id))
        spots.append(_Spot(e.model.id, e.model.name, e.foot.centre, score))
    return sorted(spots, key=lambda sp: (-sp.score[0], -sp.score[1]))  # stable: the unit's order breaks ties


def _blast_problem(
    game: Game, unit_id: str, volley: Volley, spot: _Spot, diameter: float, everyone: Sequence[_OnTable]
) -> str | None:
    """Why no firer of ``volley`` may put its marker over ``spot``, or None."""
    me = game.state.owner(unit_id)
    friends = [e.foot for e in everyone if e.player == me]
    marker = blast_marker(spot.centre, diameter)
    if any(models_under(marker, friends)):
        return "a friendly model would be under the marker"
    maximum = volley.weapon.range.maximum
    status = game.state.units[unit_id]
    shooters = {pm.name: pm for pm in placed_unit(game.state.unit(unit_id), status).models}
    target = next(
        (
            pm
            for uid in damage.members(game, _host_of(game, spot.model_id))
            for pm in placed_unit(game.state.unit(uid), game.state.units[uid]).models
            if pm.name == spot.model_id
        ),
        None,
    )
    hole = Footprint(Point(spot.centre), 0.0)
    sight = damage.sight_map(game.state.battlefield)
    in_range = [
        pm
        for fid in volley.firers
        if (pm := shooters.get(fid)) is not None and (maximum is None or distance(pm.footprint, hole) <= maximum + 1e-6)
    ]
    if not in_range:
        return "the hole would be beyond the weapon's maximum range"
    if volley.indirect:  # Barrage fired indirectly (p.232): no sight needed
        return None if target is not None else "that model is not on the table"
    if target is None or not any(sight.model_sees(pm, target) for pm in in_range):
        return "no firer in range sees that model"
    return None


def _host_of(game: Game, model_id: str) -> str:
    for uid, status in game.state.units.items():
        if model_id in status.poses:
            return status.joined_to or uid
    return ""


def blast_problem(game: Game, unit_id: str, target_id: str, volley: Volley, model_id: str) -> Reason | None:
    """Why a marker of ``volley`` may not be put over ``model_id``, or None."""
    diameter = marker_diameter(volley.rules) or 3.0
    everyone = _on_table(game)
    spot = next((sp for sp in _spots(game, unit_id, target_id, diameter, everyone) if sp.model_id == model_id), None)
    if spot is None:
        return core("Blast", f"{model_id!r} is not a model of the target unit on the table", BLAST_PAGE)
    why = _blast_problem(game, unit_id, volley, spot, diameter, everyone)
    return None if why is None else core("Blast", f"a marker over {spot.name}: {why}", BLAST_PAGE)


def full_to_hit_reroll(rules: tuple[RuleRef, ...]) -> bool:
    """Whether a shooting weapon with ``rules`` may re-roll every failed To Hit roll (a declared clause with
    ``Reroll(FAILED)`` at the To Hit roll, as Twin-linked's TWL-1): a Blast with it re-rolls both the Scatter die and
    the 2D6 (p.234, p.249); a re-roll of some results only (``ONES``) does not."""
    declared = declared_for(rules, melee=False, situation=frozenset(), vehicle=False)
    return declared is not None and any(
        isinstance(e, Reroll) and e.which is RerollWhich.FAILED for b in declared.to_hit for e in b.clause.effect
    )


def _scatter(game: Game, unit_id: str, volley: Volley) -> tuple[float | None, int, str]:
    """Roll the scatter: (direction or None for a Hit, inches, the words)."""
    dice = game.state.dice
    name = volley.weapon.name
    tries = 2 if full_to_hit_reroll(volley.rules) else 1
    for attempt in range(tries):
        die = dice.scatter(f"Scatter die of {name}", who=unit_id)
        game.logged(die)
        if die.direction is None:
            return None, 0, "the Scatter die shows Hit: the marker stays"
        two = game.logged(dice.two_d6(f"scatter distance of {name}", who=unit_id))
        if volley.indirect:  # Barrage fired indirectly: the full 2D6 (p.232)
            inches = two.total
            words = f'scatters the full 2D6, {inches}" (indirect fire, p.{BARRAGE_PAGE}) at {die.direction:g}°'
        else:
            inches = scatter_distance(two.total, volley.skill)
            words = f'scatters {inches}" (2D6 {two.total} - BS {volley.skill}, at least 0) at {die.direction:g}°'
        if inches == 0 or attempt == tries - 1:
            return die.direction, inches, words
    raise AssertionError("unreachable")


def blast_hits(game: Game, unit_id: str, target_id: str, volley: Volley, shots: int, aims: Aims) -> AreaHits:
    """The hits of ``shots`` Blast markers of ``volley`` (see the module docstring)."""
    out = AreaHits()
    diameter = marker_diameter(volley.rules) or 3.0
    everyone = _on_table(game)
    spots = _spots(game, unit_id, target_id, diameter, everyone)
    by_id = {sp.model_id: sp for sp in spots}
    table = game.state.battlefield.table.polygon()
    name = volley.weapon.name
    auto: _Spot | None = None
    auto_known = False
    group: list[tuple[float, float]] = []  # the markers of a Multiple Barrage placed so far (p.232)
    multiple = has_barrage(volley.rules) and shots > 1
    half = _half_range_of(game, unit_id, volley)
    for _ in range(shots):
        if multiple and group:
            centre, placed = _next_barrage(game, unit_id, target_id, volley, group, diameter, everyone)
            group.append(centre)
            _land(game, out, table, centre, diameter, everyone, placed, half)
            continue
        chosen = aims.next_blast()
        spot = by_id.get(chosen) if chosen is not None else None
        if spot is None or _blast_problem(game, unit_id, volley, spot, diameter, everyone) is not None:
            if not auto_known:
                auto = next(
                    (sp for sp in spots if _blast_problem(game, unit_id, volley, sp, diameter, everyone) is None), None
                )
                auto_known = True
            spot = auto
        if spot is None:
            out.reasons.append(core("Blast", f"{name}: no legal place for the marker: the shot is lost", BLAST_PAGE))
            continue
        direction, inches, words = _scatter(game, unit_id, volley)
        centre = spot.centre if direction is None else scattered(spot.centre, direction, inches)
        group.append(centre)
        if multiple:
            out.barrage_from = centre
        placed = f'{name}: marker ({diameter:g}") over {spot.name}, {words}'
        _land(game, out, table, centre, diameter, everyone, placed, half)
    return out


def hit_parts(area: AreaHits, uid: str) -> tuple[tuple[int, bool], ...]:
    """The hits on unit ``uid`` as (hits, within half range) groups: those of markers within half range first."""
    near = area.near.get(uid, 0)
    far = area.hits[uid] - near
    return tuple(part for part in ((near, True), (far, False)) if part[0] > 0)


def _half_range_of(game: Game, unit_id: str, volley: Volley) -> tuple[tuple[Footprint, ...], float] | None:
    """For a Blast weapon whose rules ask whether it fires within half range (Armourbane (Melta), p.231: measured
    from the firer to the marker's centre after it scattered), the firers' footprints and half its range; else
    ``None``."""
    maximum = volley.weapon.range.maximum
    if maximum is None or not half_range_asked(volley.rules):
        return None
    status = game.state.units[unit_id]
    firers = tuple(
        footprint(m, status.poses[m.id])
        for m in game.state.unit(unit_id).models
        if m.id in volley.firers and m.id in status.poses
    )
    return firers, maximum / 2


def _land(
    game: Game,
    out: AreaHits,
    table: Any,
    centre: tuple[float, float],
    diameter: float,
    everyone: Sequence[_OnTable],
    placed: str,
    half: tuple[tuple[Footprint, ...], float] | None = None,
) -> None:
    """The hits of a marker whose hole ends at ``centre`` (none if the hole is off the battlefield); with ``half``
    (the firers, half the weapon's range), whether its centre is within half range of a firer."""
    if not table.covers(Point(centre)):
        out.reasons.append(core("Blast", f"{placed}: its hole is off the battlefield: a complete miss", BLAST_PAGE))
        return
    counts = _count(blast_marker(centre, diameter), everyone)
    near = False
    if half is not None:
        hole = Footprint(Point(centre), 0.0)
        gap = min((distance(f, hole) for f in half[0]), default=float("inf"))
        near = gap <= half[1]
        words = "within" if near else "beyond"
        placed = f'{placed}; its centre {gap:.1f}" from the firer: {words} half range (Armourbane (Melta), p.231)'
    out.add(counts, centre, near)
    where = f"({centre[0]:.2f}, {centre[1]:.2f})"
    out.reasons.append(core("Blast", f"{placed}; hole at {where}: hits {_names(game, counts)}", BLAST_PAGE))


def _next_barrage(
    game: Game,
    unit_id: str,
    target_id: str,
    volley: Volley,
    group: Sequence[tuple[float, float]],
    diameter: float,
    everyone: Sequence[_OnTable],
) -> tuple[tuple[float, float], str]:
    """A later marker of a Multiple Barrage (p.232): a Scatter die alone; an arrow puts it touching the first marker's
    edge in that direction; a Hit lets the firer's player put it touching any marker of the group: the engine takes
    the place covering the most target models (over a marker already placed, or touching one, every 30°)."""
    name = volley.weapon.name
    die = game.state.dice.scatter(f"Scatter die of {name} (Multiple Barrage)", who=unit_id)
    game.logged(die)
    if die.direction is not None:
        centre = scattered(group[0], die.direction, diameter)
        return centre, f'{name}: Multiple Barrage marker ({diameter:g}") touching the first at {die.direction:g}°'
    targets = [e for e in everyone if e.host == target_id]
    places = [c for g in group for c in (g, *(scattered(g, float(a), diameter) for a in range(0, 360, 30)))]
    counts = under_each([blast_marker(c, diameter) for c in places], [e.foot for e in targets])
    best = max(range(len(places)), key=lambda i: (counts[i], -i))
    return places[
        best
    ], f"{name}: Multiple Barrage marker, a Hit: placed touching the group over the most target models"


def allocation_origin(game: Game, uid: str, area: AreaHits, firers: tuple[Footprint, ...]) -> tuple[Footprint, ...]:
    """Where a unit's Blast Wounds are allocated from (``templates.blast_allocation_from``): the firers, or the
    hole of the first marker that hit it."""
    if game.state.config.templates.blast_allocation_from == "marker" and uid in area.origin:
        return (Footprint(Point(area.origin[uid]), 0.0),)
    return firers


def facing_origin(game: Game, uid: str, area: AreaHits, firers: tuple[Footprint, ...]) -> tuple[Footprint, ...]:
    """Where a Vehicle's Facing against a Blast's hits is judged from (``weapon_rules.blast_facing_from``): the
    firers (p.207), or the hole of the first marker that hit its unit; a Template's always from the firers."""
    if game.state.config.weapon_rules.blast_facing_from == "marker" and uid in area.origin:
        return (Footprint(Point(area.origin[uid]), 0.0),)
    return firers
