"""The Charge Move and the Surge Move of the Charge being resolved (Age of Darkness rulebook pp.181-182; the rules
they follow are listed in :mod:`strategium.engine.assault.charges`, steps 5 and 6).

Each model moves in a straight line from where it stands to its new pose (the ground it sweeps is the convex hull
of its footprint before and after), as in the Movement phase: no path crosses Impassable Terrain, a Building or
another model, and no model ends off the table or overlapping another.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from strategium.catalogue.citations import Reason
from strategium.catalogue.definitions import Book
from strategium.combat.sources import configured, core
from strategium.engine.assault.charge_reach import clear_reach
from strategium.engine.assault.charges import (
    CHARGE_PAGE,
    CHARGES,
    TERRAIN_PAGE,
    ChargeMove,
    ChargeMoveEnded,
    _charge_in_progress,
    charge_broken,
    engage,
    engaged_with,
    feet,
    finish,
    no,
    no_terrain_penalty,
    party,
    refresh_disordered,
    surge_distance,
)
from strategium.engine.attacks import damage
from strategium.engine.core.actions import Verdict
from strategium.engine.core.board import ChargeRecord, ChargeStage, Location, Pose
from strategium.engine.core.effects import EffectKind
from strategium.engine.core.events import Ruling
from strategium.engine.core.handlers import handles
from strategium.engine.core.timing import Phase, SubPhase
from strategium.engine.movement.common import Leg, overlaps_area, positions_problem
from strategium.engine.table import broad_phase, table_checks
from strategium.engine.table.box_gap import SLACK, box_gap
from strategium.engine.table.placement import footprint, table_models
from strategium.geometry.measure import EPSILON, Footprint, distance, in_contact, more_than, within
from strategium.model.unit_types import SubType

if TYPE_CHECKING:
    from strategium.engine.core.game import Game

MILITIA = "Militia Sub-type"


def _legs(game: Game, unit_id: str, positions: dict[str, Pose]) -> list[Leg]:
    out = []
    for uid, model, before in feet(game, unit_id):
        pose = positions[model.id]
        after = footprint(model, pose)
        out.append(Leg(uid, model, before, after))
    return out


def _target_feet(game: Game, record: ChargeRecord) -> list[tuple[str, str, Footprint]]:
    return [(t, m.id, f) for t in record.targets for _, m, f in feet(game, t)]


def _enemy_feet(game: Game, player: int) -> list[tuple[str, str, Footprint]]:
    """(unit id, model id, footprint) of every model with a pose of the units not ``player``'s, in the state's unit
    order (each unit's models in army order): the table's snapshot (:func:`table_models`, kept while nothing tracked
    changes), unless such a unit off the table holds poses (then measured here, as the snapshot leaves it out)."""
    s = game.state
    statuses = s.units.values()
    if not any(st.poses and st.location is not Location.TABLE and st.player != player for st in statuses):
        table = table_models(s)
        return [
            (uid, mid, fp)
            for uid, p, (mid, fp) in zip(table.unit_ids, table.players, table.items, strict=True)
            if p != player
        ]
    out = []
    for status in s.units.values():
        if status.player == player:
            continue
        for m in s.unit(status.unit_id).models:
            if m.id in status.poses:
                out.append((status.unit_id, m.id, footprint(m, status.poses[m.id])))
    return out


def _path_problems(game: Game, record: ChargeRecord, moves: list[Leg], limit: float) -> list[Reason]:
    """Distance, Impassable Terrain, Buildings and models in each leg's way, standing room at the ends and coherency.
    The models outside the party near each leg are found by one question to the table's index (by the leg's box,
    which holds its path and its end): a superset, in table order, of those whose box meets the leg's box, which the
    path test keeps, and of those ``standing_room`` would find for the end."""
    s = game.state
    reasons: list[Reason] = []
    bf = s.battlefield
    walls = [(t.name, t.footprint, b) for t, b in zip(bf.terrain, bf.terrain_bounds, strict=True) if t.is_impassable]
    walls += [(b.name, b.footprint, box) for b, box in zip(bf.buildings, bf.building_bounds, strict=True)]
    units = party(game, record.unit_id)
    moving = {u.id for u in units}
    table = table_models(s)
    rows = table.index.boxes_near([g.bounds for g in moves], 0.0, table.outside(moving))
    items = table.items
    near = [[items[i] for i in row] for row in rows]
    for g, others in zip(moves, near, strict=True):
        if g.length > limit + EPSILON:
            reasons.append(core(CHARGES, f'{g.model.id} may move at most {limit:g}" (it moved {g.length:.2f}")'))
        box = g.bounds  # holds the path: a piece or model whose box it does not meet cannot overlap it (broad phase)
        for name, wall, wall_box in walls:
            if broad_phase.meet(box, wall_box) and overlaps_area(g.path, wall):
                reasons.append(core("Impassable Terrain", f"{g.model.id}'s path crosses {name}", TERRAIN_PAGE))
        path: Footprint | None = None
        for other_id, fp in others:
            if not broad_phase.meet(box, fp.outer_bounds):
                continue
            path = path or Footprint(g.path)
            if table_checks.overlaps(path, fp) and not table_checks.overlaps(g.before, fp):
                reasons.append(core(CHARGES, f"{g.model.id} may not move through {other_id}"))
                break
    placed = [(g.model, g.after) for g in moves]
    reasons += table_checks.standing_room(s, placed, moving, near)
    reasons += table_checks.coherency(s, units, placed)
    return reasons


def _charge_problems(game: Game, record: ChargeRecord, moves: list[Leg]) -> list[Reason]:
    s = game.state
    config = s.config
    limit = float(record.distance or 0)
    reasons = _path_problems(game, record, moves, limit)
    targets = _target_feet(game, record)
    foes = _enemy_feet(game, s.owner(record.unit_id))
    touching = {g.model.id for g in moves if any(in_contact(g.after, f) for _, _, f in targets)}
    if not touching:
        reasons.append(core(CHARGES, "at least one model must end in base or hull contact with a target", CHARGE_PAGE))
    gap = config.movement.enemy_distance
    foes = _within_gap(foes, moves, gap, record.targets)
    for g in moves:
        here = g.after.outer_bounds
        for unit_id, model_id, f in foes:
            if unit_id in record.targets or box_gap(here, f.outer_bounds) > gap + EPSILON + SLACK:
                continue  # a target, or certainly more than the gap away (the boxes' gap is at most the distance)
            if not more_than(distance(g.after, f), gap):
                text = f'{g.model.id} would end within {gap:g}" of {model_id}, which it does not charge'
                reasons.append(configured(config, "movement.enemy_distance", text))
                break
    engaged = config.fight.engaged_range
    in_touch = [g.after for g in moves if g.model.id in touching]
    for g in moves:
        if g.model.id in touching:
            continue
        reach = min(distance(g.before, f) for _, _, f in targets)
        if within(reach, limit):  # along a clear path only: a model walled off from its targets cannot reach one
            reach = clear_reach(game, g.unit_id, g.model, g.before, [f for _, _, f in targets])
        if within(reach, limit) and not any(within(distance(g.after, f), engaged) for f in in_touch):
            text = f"{g.model.id} could reach a target model: it must end in contact (or, with no room, beside one)"
            reasons.append(core(CHARGES, text, CHARGE_PAGE))
    return reasons


def _within_gap(
    foes: list[tuple[str, str, Footprint]], moves: list[Leg], gap: float, targets: tuple[str, ...]
) -> list[tuple[str, str, Footprint]]:
    """The ``foes`` (in their order; none of the units ``targets``) whose box comes within ``gap`` (+ EPSILON +
    SLACK) of the box holding every model's end: the only ones whose box can come that near one model's end
    (that box lies within it, and a box gap only shrinks as a box grows), so the per-model tests keep the others
    out by their boxes all the same."""
    if not moves:
        return []
    span = broad_phase.span([g.after.outer_bounds for g in moves])
    return [
        foe for foe in foes if foe[0] not in targets and box_gap(span, foe[2].outer_bounds) <= gap + EPSILON + SLACK
    ]


def _surge_problems(game: Game, record: ChargeRecord, moves: list[Leg]) -> list[Reason]:
    s = game.state
    reasons = _path_problems(game, record, moves, float(surge_distance(record)))
    targets = _target_feet(game, record)
    gap = s.config.movement.enemy_distance
    foes = _within_gap(_enemy_feet(game, s.owner(record.unit_id)), moves, gap, ())
    for g in moves:
        before = min(distance(g.before, f) for _, _, f in targets)
        after = min(distance(g.after, f) for _, _, f in targets)
        if after > before + EPSILON:
            reasons.append(configured(s.config, "charge.surge_move", f"{g.model.id} must move toward the target"))
        here = g.after.outer_bounds
        if any(
            box_gap(here, f.outer_bounds) <= gap + EPSILON + SLACK and not more_than(distance(g.after, f), gap)
            for _, _, f in foes
        ):
            text = f'{g.model.id} would end within {gap:g}" of an enemy model'
            reasons.append(configured(s.config, "movement.enemy_distance", text))
    return reasons


def check_charge_move(game: Game, action: ChargeMove) -> Verdict:
    """Whether ``action`` is the legal Charge Move (or Surge Move) of the Charge in progress."""
    s = game.state
    c = s.clock
    if c.phase is not Phase.ASSAULT or c.sub_phase is not SubPhase.CHARGE:
        return no(core(CHARGES, "Charge Moves are made in the Charge sub-phase", CHARGE_PAGE))
    record = _charge_in_progress(game)
    if record is None or record.unit_id != action.unit_id or record.stage is ChargeStage.DECLARED:
        return no(core(CHARGES, f"{action.unit_id} has no Charge waiting for its move"))
    broken = charge_broken(game, record.unit_id)
    if broken is not None:
        return no(broken)
    problem = positions_problem(s, party(game, record.unit_id), action.positions)
    if problem is not None:
        return no(problem)
    moves = _legs(game, record.unit_id, dict(action.positions))
    surge = record.stage is ChargeStage.SURGE_MOVE
    reasons = _surge_problems(game, record, moves) if surge else _charge_problems(game, record, moves)
    if reasons:
        return no(*dict.fromkeys(reasons))
    what = "Surge Move" if surge else "Charge Move"
    limit = surge_distance(record) if surge else record.distance
    return Verdict(True, (core(CHARGES, f'a {what} of up to {limit}" per model', CHARGE_PAGE),))


FRAG_GRENADES = "Frag Grenades"
FRAG_PAGE = 143  # Liber Astartes / Liber Hereticus, Wargear: Frag Grenades (with Grenades, p.142)


def _frag_grenades(game: Game, unit_id: str) -> str | None:
    """The id of a model of the unit that carries frag grenades (wargear or a weapon named "Frag Grenades"), or
    None: one such model is enough (w20l, Liber p.143). Krak grenades and grenade launchers do not count."""

    def has(model: object) -> bool:
        wargear = getattr(model, "wargear", ())
        weapons = getattr(model, "weapons", ())
        names = [str(w) for w in wargear] + [w.name for w in weapons]
        return any(FRAG_GRENADES.lower() in n.lower() for n in names)

    return next((m.id for _, m, _ in feet(game, unit_id) if has(m)), None)


def _terrain_penalty(game: Game, record: ChargeRecord, moves: list[Leg], contacted: tuple[str, ...]) -> None:
    s = game.state
    bf = s.battlefield
    pieces = [(t, b) for t, b in zip(bf.terrain, bf.terrain_bounds, strict=True) if t.is_difficult or t.is_dangerous]
    # a path (a footprint) whose box does not meet a piece's shares no area with it: not built nor measured
    crossed = {
        t.name for g in moves for t, b in pieces if broad_phase.meet(g.bounds, b) and overlaps_area(g.path, t.footprint)
    }
    for t in contacted:
        for _, _, f in feet(game, t):
            crossed |= {
                p.name
                for p, b in pieces
                if broad_phase.meet(f.outer_bounds, b) and overlaps_area(f.polygon(), p.footprint)
            }
    if not crossed:
        return
    name = s.unit(record.unit_id).name
    exemptions = [no_terrain_penalty(game, t) for t in contacted]
    if contacted and all(e is not None for e in exemptions):
        game.log(Ruling(f"{name} charged through Difficult Terrain", tuple(e for e in exemptions if e is not None)))
        return
    carrier = _frag_grenades(game, record.unit_id)
    if carrier is not None:
        text = f"{carrier} carries frag grenades: the unit fights at its normal Initiative step (Charge Distance kept)"
        why = Reason(FRAG_GRENADES, text, FRAG_PAGE, Book.ASTARTES_BOTH)
        game.log(Ruling(f"{name} charged through Difficult Terrain", (why,)))
        return
    step = s.config.charge.difficult_terrain_initiative
    text = f"charged through {', '.join(sorted(crossed))}: fights at Initiative step {step} this turn"
    record.terrain_penalty = configured(s.config, "charge.difficult_terrain_initiative", text)
    game.log(Ruling(f"{name} charged through Difficult Terrain", (record.terrain_penalty,)))


def _militia_charged(game: Game, record: ChargeRecord, contacted: tuple[str, ...], before: dict[str, set[str]]) -> None:
    from strategium.engine.morale.checks import morale_check

    s = game.state
    for t in contacted:
        if not any(m.profile.unit_type.has(SubType.MILITIA) for _, m, _ in feet(game, t)):
            continue
        if game.effects_on(t, EffectKind.FALLING_BACK):
            why = Reason(MILITIA, "a Falling Back Militia unit that is charged is destroyed", 5, Book.LEGACIES_MILITIA)
            game.log(Ruling(f"{s.unit(t).name} is caught Falling Back", (why,)))
            damage.destroy_unit(game, t)
        elif before.get(t, set()) - {record.unit_id}:
            why = Reason(
                MILITIA, "already locked in combat and charged again: a Morale check", 5, Book.LEGACIES_MILITIA
            )
            game.log(Ruling(f"{s.unit(t).name} is charged by another unit", (why,)))
            if not morale_check(game, t, "charged while locked in combat"):
                from strategium.engine.assault.charges import disengage

                disengage(game, t)


def apply_charge_move(game: Game, action: ChargeMove) -> None:
    """Make the move; after a Charge Move lock the units in combat and emit :class:`ChargeMoveEnded`."""
    s = game.state
    verdict = game.handler_verdict(action)  # kept from the check apply has just made
    record = _charge_in_progress(game)
    assert record is not None
    where = dict(action.positions)
    moves = _legs(game, record.unit_id, where)
    units = party(game, record.unit_id)
    for u in units:
        s.units[u.id].poses = {m.id: where[m.id] for m in u.models if m.id in s.units[u.id].poses}
    surge = record.stage is ChargeStage.SURGE_MOVE
    contacted: tuple[str, ...] = ()
    before = {k: set(v) for k, v in s.assault.engaged.items()}
    if not surge:
        mine = [f for _, _, f in feet(game, record.unit_id)]
        theirs = {t: [f for _, _, f in feet(game, t)] for t in record.targets}  # each target's footprints once
        contacted = tuple(t for t in record.targets if any(in_contact(a, b) for a in mine for b in theirs[t]))
        record.success = bool(contacted)
        for t in contacted:
            engage(game, record.unit_id, t)
        _terrain_penalty(game, record, moves, contacted)
        refresh_disordered(game, record)
    finish(game, record)
    event = ChargeMoveEnded(action.player, record.unit_id, units[0].name, surge, contacted, verdict.reasons)
    game.emit(event)
    if contacted:
        _militia_charged(game, record, contacted, before)


def locked_with(game: Game, unit_id: str) -> tuple[str, ...]:
    """The enemy units ``unit_id`` is locked in combat with, sorted."""
    return tuple(sorted(engaged_with(game, unit_id)))


handles(ChargeMove, check_charge_move, apply_charge_move)
