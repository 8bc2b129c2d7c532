"""The Fight sub-phase's shortcuts agree with the plain rule: the Pile-in's overlap test of round bases without
footprints (:mod:`strategium.engine.assault.pile_in`), the whole Pile-in against the step-by-step test re-stated here,
and
the Initiative steps kept for a combat against :func:`initiative_step`. Exact results."""

from __future__ import annotations

import dataclasses
import math

from hypothesis import given, settings
from hypothesis import strategies as st
from shapely.ops import nearest_points

from strategium.army.army import Model
from strategium.combat.sources import core
from strategium.engine.assault.charges import feet
from strategium.engine.assault.fight import _Steps
from strategium.engine.assault.fighter import initiative_step
from strategium.engine.assault.pile_in import _first_free, blocked, pile_in
from strategium.engine.core.board import Pose
from strategium.engine.core.effects import Duration, EffectKind
from strategium.engine.core.game import Game
from strategium.engine.table import broad_phase, table_checks
from strategium.engine.table.placement import footprint
from strategium.geometry.bases import Base, Hull
from strategium.geometry.measure import EPSILON, Footprint, distance, in_contact
from tests.engine.assault.test_fight import QUICK, charged
from tests.engine.builders_assault import assault_game, place, squad

ROUND = squad("r", 1, base=32.0).models[0]
OVAL = squad("o", 1, base=None).models[0]
LONG = dataclasses.replace(ROUND, id="l.1", base_mm=(60.0, 35.0))  # an oval base: a polygon footprint


def _others(spots: list[tuple[float, float, int]]) -> list[tuple[Footprint, broad_phase.Box]]:
    out = []
    for x, y, kind in spots:
        if kind == 0:
            fp = Base(25.0).footprint(x, y)
        elif kind == 1:
            fp = Base(40.0).footprint(x, y)
        elif kind == 2:
            fp = Base(60.0, 35.0).footprint(x, y, 30.0)
        else:
            fp = Hull(x, y, 4.0, 2.5, 15.0).footprint()
        out.append((fp, fp.outer_bounds))
    return out


def _exact(model: Model, pose: Pose, box: broad_phase.Box, others: list[tuple[Footprint, broad_phase.Box]]) -> bool:
    mine = footprint(model, pose)
    return any(broad_phase.meet(b, box) and table_checks.overlaps(mine, o) for o, b in others)


@settings(max_examples=80, deadline=None)
@given(
    st.floats(8, 12),
    st.floats(8, 12),
    st.lists(st.tuples(st.floats(6, 14), st.floats(6, 14), st.integers(0, 3)), max_size=6),
    st.booleans(),
)
def test_the_blocked_test_agrees_with_the_overlap_of_footprints(
    x: float, y: float, spots: list[tuple[float, float, int]], oval: bool
) -> None:
    model = OVAL if oval else ROUND
    start = footprint(model, Pose(10.0, 10.0))
    base = (type(start.core).__name__ == "Point", start.radius)
    box = broad_phase.shifted(start.outer_bounds, x - 10.0, y - 10.0)
    others = _others(spots)
    assert blocked(model, x, y, 0.0, base, box, others) == _exact(model, Pose(x, y), box, others)


def test_round_bases_a_hair_apart_and_a_hair_overlapping() -> None:
    start = footprint(ROUND, Pose(10.0, 10.0))
    other = Base(32.0).footprint(10.0 + 2 * start.radius, 10.0)  # touching: allowed
    others = [(other, other.outer_bounds)]
    for dx, refused in [(0.0, False), (1e-3, True), (-1e-3, False)]:
        box = broad_phase.shifted(start.outer_bounds, dx, 0.0)
        assert blocked(ROUND, 10.0 + dx, 10.0, 0.0, (True, start.radius), box, others) is refused
        assert _exact(ROUND, Pose(10.0 + dx, 10.0), box, others) is refused


@settings(max_examples=200, deadline=None)
@given(
    st.floats(0.0, 6.283),
    st.floats(0.15, 3.0),
    st.lists(st.tuples(st.floats(6, 14), st.floats(6, 14), st.integers(0, 3)), max_size=6),
    st.sampled_from([ROUND, OVAL, LONG]),
)
def test_the_first_free_length_equals_the_lengths_tried_one_by_one(
    angle: float, longest: float, spots: list[tuple[float, float, int]], model: Model
) -> None:
    pose = Pose(10.0, 10.0)
    start = footprint(model, pose)
    base = (type(start.core).__name__ == "Point", start.radius)
    ux, uy = math.cos(angle), math.sin(angle)
    lengths = [longest]
    while (step := lengths[-1] - 0.1) > EPSILON:
        lengths.append(step)
    others = _others(spots)
    here = start.outer_bounds
    plain = None
    for length in lengths:
        nx, ny = 10.0 + ux * length, 10.0 + uy * length
        if not blocked(model, nx, ny, 0.0, base, broad_phase.shifted(here, nx - 10.0, ny - 10.0), others):
            plain = length
            break
    assert _first_free(model, pose, (ux, uy), lengths, base, here, others) == plain
    inner = [_inradius(fp) for fp, _ in others]  # with the others' inradii: the sure test too
    assert _first_free(model, pose, (ux, uy), lengths, base, here, others, inner) == plain


def _inradius(fp: Footprint) -> float:
    """The inradius of one of :func:`_others`' footprints (as ``placement.inradius`` gives it for its shape)."""
    if fp.radius > 0:
        return fp.radius
    x0, y0, x1, y1 = fp.bounds
    return 35.0 / 25.4 / 2 if x1 - x0 < 3.0 and y1 - y0 < 3.0 else 2.5 / 2  # the oval's width, the hull's


def test_the_first_free_length_past_a_round_base_and_a_hull() -> None:
    pose = Pose(10.0, 10.0)
    start = footprint(ROUND, pose)
    wall = Base(25.0).footprint(10.0, 12.0)  # straight ahead: more than 2 - 0.63 - 0.49 = 0.88" is blocked
    others = [(wall, wall.outer_bounds)]
    lengths = [2.0 - 0.1 * k for k in range(20)]
    got = _first_free(ROUND, pose, (0.0, 1.0), lengths, (True, start.radius), start.outer_bounds, others)
    assert got == lengths[12] and math.isclose(got, 0.8)
    hull = Hull(10.0, 12.43, 4.0, 2.5, 0.0).footprint()  # its near side at y 11.18: more than 0.55" is blocked
    others.append((hull, hull.outer_bounds))
    got = _first_free(ROUND, pose, (0.0, 1.0), lengths, (True, start.radius), start.outer_bounds, others)
    assert got == lengths[15] and math.isclose(got, 0.5)
    near = Base(25.0).footprint(10.0, 10.5)  # overlapping at every length: none is free
    others = [(wall, wall.outer_bounds), (near, near.outer_bounds)]
    assert _first_free(ROUND, pose, (0.0, 1.0), lengths, (True, start.radius), start.outer_bounds, others) is None


# -- the whole Pile-in, re-stated plainly ---------------------------------------------------------------------------


def _reference_pile_in(game: Game, combat: tuple[str, ...], movers: list[tuple[str, Model, Footprint]]) -> None:
    """The Pile-in as the module docstring states it: every step tested on the footprint against every model."""
    s = game.state
    reach = s.config.fight.pile_in_distance
    for uid, model, fp in movers:
        foes = [f for u in combat if s.owner(u) != s.owner(uid) for _, _, f in feet(game, u)]
        if not foes or any(in_contact(fp, f) for f in foes):
            continue
        foe = min(foes, key=lambda f: distance(fp, f))
        gap = distance(fp, foe)
        a, b = nearest_points(fp.core, foe.core)
        length = math.hypot(b.x - a.x, b.y - a.y)
        if length <= EPSILON:
            continue
        ux, uy = (b.x - a.x) / length, (b.y - a.y) / length
        pose = s.units[uid].poses[model.id]
        step_len = min(reach, gap)
        while step_len > EPSILON:
            new = Pose(pose.x + ux * step_len, pose.y + uy * step_len, pose.heading)
            mine = footprint(model, new)
            others = [
                footprint(m, st_.poses[m.id])
                for st_ in s.units.values()
                for m in s.unit(st_.unit_id).models
                if m.id in st_.poses and m.id != model.id
            ]
            if not any(table_checks.overlaps(mine, o) for o in others):
                s.units[uid].poses[model.id] = new
                break
            step_len -= 0.1


def _game(spots: list[tuple[float, float]]) -> Game:
    game = assault_game([squad("a", 4)], [squad("b", 4, base=25.0)])
    place(game, "a", tuple((f"a.{i + 1}", Pose(16.0 + 2 * i + x, 20.0 + y)) for i, (x, y) in enumerate(spots[:4])))
    place(game, "b", tuple((f"b.{i + 1}", Pose(16.0 + 2 * i + x, 24.0 + y)) for i, (x, y) in enumerate(spots[4:])))
    return game


@settings(max_examples=30, deadline=None)
@given(st.lists(st.tuples(st.floats(-4, 4), st.floats(-2, 2)), min_size=8, max_size=8))
def test_the_pile_in_equals_the_step_by_step_test(spots: list[tuple[float, float]]) -> None:
    fast, plain = _game(spots), _game(spots)
    combat = ("a", "b")
    pile_in(fast, 5, combat, [x for u in combat for x in feet(fast, u)])
    _reference_pile_in(plain, combat, [x for u in combat for x in feet(plain, u)])
    for u in combat:
        assert fast.state.units[u].poses == plain.state.units[u].poses


def test_a_pile_in_stops_short_of_a_model_where_it_would_end() -> None:
    game = assault_game([squad("a", 2)], [squad("b", 1)])
    place(game, "a", (("a.1", Pose(20.0, 20.0)), ("a.2", Pose(20.0, 22.0))))
    place(game, "b", (("b.1", Pose(20.0, 24.0)),))
    pile_in(game, 4, ("a", "b"), [x for x in feet(game, "a") if x[1].id == "a.1"])
    pose = game.state.units["a"].poses["a.1"]
    # 2.74" to contact with b.1; 2.74" less 20 steps of 0.1" leaves a.1 touching a.2 (touching is allowed)
    assert pose.x == 20.0 and round(pose.y, 9) == 20.740157480


# -- the kept Initiative steps ---------------------------------------------------------------------------------------


def test_kept_steps_equal_initiative_step_and_follow_the_effects() -> None:
    game = charged([squad("a")], [squad("b", chars=QUICK)])
    steps = _Steps()
    models = [(u, m) for u in ("a", "b") for m in game.state.unit(u).models]
    assert [steps.of(game, u, m) for u, m in models] == [4, 5]  # I4 (no bonus for the Charge), I5
    assert [steps.of(game, u, m) for u, m in models] == [initiative_step(game, u, m)[0] for u, m in models]
    game.add_effect(EffectKind.STUPEFIED, "b", Duration.UNTIL_END_OF_TURN, core("test", "Stupefied"))
    assert [steps.of(game, u, m) for u, m in models] == [initiative_step(game, u, m)[0] for u, m in models]


def test_the_reach_box_holds_every_mover_grown_by_the_reach() -> None:
    from strategium.engine.assault.pile_in import REACH_SLACK, reach_box

    movers = [("a", ROUND, Base(25.4).footprint(1.0, 2.0)), ("b", ROUND, Base(50.8).footprint(4.0, -1.0))]
    grow = 3.0 + REACH_SLACK
    assert reach_box(movers, 3.0) == (0.5 - grow, -2.0 - grow, 5.0 + grow, 2.5 + grow)
