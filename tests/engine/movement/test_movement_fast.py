"""The movement checks' caches and fast paths: swept paths equal the union-and-hull construction vertex for
vertex, the table snapshot lists what the state holds and follows every change of pose, and each model's
shape is computed once."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from shapely.geometry import Point
from shapely.ops import unary_union

from strategium.engine.core.board import Location, Pose, UnitStatus
from strategium.engine.core.state import GameState
from strategium.engine.movement.common import enemy_footprints, other_footprints, overlaps_area, swept
from strategium.engine.movement.move import _model_immobile
from strategium.engine.table.placement import footprint, table_models
from strategium.engine.table.table_checks import _round_apart, _round_within, _within, overlaps
from strategium.geometry.bases import Base, Hull
from strategium.geometry.measure import Footprint, distance, more_than, within
from strategium.model.parsing import parse_unit_type
from tests.engine.builders import line, rhino, unit
from tests.engine.moving import start

coord = st.floats(0.0, 72.0, allow_nan=False, allow_infinity=False)
step = st.one_of(st.just(0.0), st.floats(1e-3, 12.0), st.floats(-12.0, -1e-3))
"""A move along one axis: none, or at least a thousandth of an inch (see the near-coincident test below)."""
heading = st.floats(0.0, 360.0, allow_nan=False, allow_infinity=False)
turn = st.one_of(st.just(0.0), st.floats(0.01, 180.0), st.floats(-180.0, -0.01))
"""A change of heading (degrees): none, or at least a hundredth of a degree (see the near-coincident test)."""


def _reference_swept(before: Footprint, after: Footprint) -> np.ndarray:
    hull = unary_union(
        [
            before.core.buffer(before.radius, quad_segs=16) if before.radius else before.core,
            after.core.buffer(after.radius, quad_segs=16) if after.radius else after.core,
        ]
    ).convex_hull
    return np.asarray(hull.exterior.coords)


@settings(max_examples=300, deadline=None)
@given(coord, coord, step, step, st.sampled_from([25.0, 32.0, 40.0, 60.0, 100.0]), st.booleans())
def test_swept_round_base_is_the_hull_of_the_union(
    x: float, y: float, dx: float, dy: float, mm: float, stay: bool
) -> None:
    before = Base(mm).footprint(x, y)
    after = before if stay else Base(mm).footprint(x + dx, y + dy)
    assert np.array_equal(np.asarray(swept(before, after).exterior.coords), _reference_swept(before, after))


@settings(max_examples=150, deadline=None)
@given(coord, coord, step, step, heading, turn, st.booleans())
def test_swept_hull_or_oval_is_the_hull_of_the_union(
    x: float, y: float, dx: float, dy: float, h0: float, dh: float, oval: bool
) -> None:
    h1 = h0 + dh
    if oval:
        before, after = Base(60, 35).footprint(x, y, h0), Base(60, 35).footprint(x + dx, y + dy, h1)
    else:
        before, after = Hull(x, y, 4.6, 3.6, h0).footprint(), Hull(x + dx, y + dy, 4.6, 3.6, h1).footprint()
    got = swept(before, after)
    if before.core.symmetric_difference(after.core).area < 1e-9:
        # the same footprint (a half turn in place): the union of the two is left with rounding slivers, so the
        # reference may not be exact; the swept area is the footprint itself
        assert got.symmetric_difference(before.core).area < 1e-9
        return
    assert np.array_equal(np.asarray(got.exterior.coords), _reference_swept(before, after))


@settings(max_examples=100, deadline=None)
@given(coord, coord, st.floats(-1e-6, 1e-6), st.floats(-1e-6, 1e-6))
def test_swept_near_coincident_footprints_differs_from_the_union_only_by_rounding(
    x: float, y: float, dx: float, dy: float
) -> None:
    # the union's overlay may merge vertices less than ~1e-9" apart; the hull of the vertices does not: both
    # are the same shape to within a nanoinch (and this one is the exact hull of the two polygons)
    before, after = Base(32).footprint(x, y), Base(32).footprint(x + dx, y + dy)
    if dx < 0:  # an oval turned by a hair instead
        before, after = Base(60, 35).footprint(x, y, 30.0), Base(60, 35).footprint(x, y, 30.0 + dx)
    mine = swept(before, after)
    reference = unary_union([before.polygon(), after.polygon()]).convex_hull
    assert mine.hausdorff_distance(reference) < 1e-9
    assert abs(mine.area - reference.area) < 1e-9


def test_overlaps_area_needs_shared_area() -> None:
    a = Footprint(Point(0, 0), 1.0).polygon()
    assert overlaps_area(a, Footprint(Point(1.5, 0), 1.0).polygon())
    assert not overlaps_area(a, Footprint(Point(5, 0), 1.0).polygon())


def _brute(game_state: GameState, keep: Callable[[UnitStatus], bool]) -> list[tuple[str, Footprint]]:
    return [
        (m.id, footprint(m, status.poses[m.id]))
        for status in game_state.units.values()
        if status.location is Location.TABLE and keep(status)
        for m in game_state.unit(status.unit_id).models
        if m.id in status.poses
    ]


def test_table_snapshot_follows_every_change_of_pose() -> None:
    a1, r1, t1 = unit("a1"), unit("r1"), rhino("t1", None)
    game = start(
        [a1, t1], [r1], {"a1": line(a1, 10, 5), "t1": ((t1.models[0].id, Pose(30, 6)),), "r1": line(r1, 10, 43)}
    )
    s = game.state
    first = table_models(s)
    assert table_models(s) is first  # nothing changed: the same snapshot
    assert other_footprints(s, {"a1"}) == _brute(s, lambda st_: st_.unit_id != "a1")
    assert enemy_footprints(s, 1) == _brute(s, lambda st_: st_.player != 1)
    # a pose changed in place
    s.units["a1"].poses["a1.1"] = Pose(20, 20)
    moved = table_models(s)
    assert moved is not first
    assert dict(moved.others(set()))["a1.1"].centre == (20.0, 20.0)
    assert other_footprints(s, set()) == _brute(s, lambda st_: True)  # the unmoved units' entries taken again
    assert [n for n, _ in moved.near_others(Point(20, 20), {"r1"}, 0.1)] == ["a1.1"]
    assert [n for n, _ in moved.near_others(Point(20, 20), {"a1"}, 0.1)] == []
    assert [n for n, _ in moved.near_enemies(Point(10, 43), 1, 0.1)] == ["r1.1"]
    assert moved.near_enemies(Point(10, 43), 2, 0.1) == []
    # a model removed, then a unit leaving the table
    del s.units["r1"].poses["r1.1"]
    assert "r1.1" not in dict(table_models(s).others(set()))
    s.units["r1"].location = Location.DESTROYED
    assert table_models(s).enemies_of(1) == []
    assert other_footprints(s, set()) == _brute(s, lambda st_: True)


def test_table_snapshot_of_two_states_asked_in_turn() -> None:
    a1, r1 = unit("a1"), unit("r1")
    game = start([a1], [r1], {"a1": line(a1, 10, 5), "r1": line(r1, 10, 43)})
    s = game.state
    copy = s.snapshot()
    copy.units["a1"].poses["a1.1"] = Pose(20, 20)
    for _ in range(2):  # each state gets its own table, whichever was asked last
        assert dict(table_models(s).others(set()))["a1.1"].centre != (20.0, 20.0)
        assert table_models(s) is table_models(s)
        assert dict(table_models(copy).others(set()))["a1.1"].centre == (20.0, 20.0)
    assert other_footprints(copy, set()) == _brute(copy, lambda st_: True)


def test_a_models_shape_is_computed_once_and_kept_out_of_equality() -> None:
    a1 = unit("a1", n=1)
    model = a1.models[0]
    assert footprint(model, Pose(1, 2)) is footprint(model, Pose(1, 2))
    assert "placement.shape" in model.memo
    twin = type(model)(model.id, model.name, model.profile, rules=model.rules, base_mm=model.base_mm)
    assert twin == model and hash(twin) == hash(model)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(coord, coord, st.sampled_from([25.0, 32.0, 40.0, 0.0])), min_size=0, max_size=12))
def test_pairwise_round_test_agrees_with_overlaps(spec: list[tuple[float, float, float]]) -> None:
    fps = [Base(mm).footprint(x, y) if mm else Hull(x, y, 4.6, 3.6, 30.0).footprint() for x, y, mm in spec]
    if spec:  # and one touching (or nearly touching) the first
        fps.append(Footprint(Point(spec[0][0] + 1.2, spec[0][1]), 0.6))
    apart = _round_apart(fps)
    for i, a in enumerate(fps):
        for j, b in enumerate(fps):
            if apart[i][j]:
                assert a.is_round and b.is_round and not overlaps(a, b)
            elif a.is_round and b.is_round:
                assert overlaps(a, b)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(coord, coord, st.sampled_from([25.0, 32.0, 40.0])), min_size=1, max_size=12), st.floats(0, 3))
def test_pairwise_coherency_test_agrees_with_distance(spec: list[tuple[float, float, float]], limit: float) -> None:
    fps = [Base(mm).footprint(x, y) for x, y, mm in spec]
    fps.append(Footprint(Point(spec[0][0] + 1.2 + 2 * limit, spec[0][1]), 0.6))
    close = _round_within(fps, limit)
    assert close is not None
    assert close == [[within(distance(a, b), limit) for b in fps] for a in fps]
    assert _round_within([*fps, Hull(5, 5, 4.6, 3.6).footprint()], limit) is None


@settings(max_examples=300, deadline=None)
@given(coord, coord, heading, st.floats(-8, 8), st.floats(-8, 8), heading, st.floats(0, 3), st.booleans())
def test_bounds_shortcut_of_coherency_agrees_with_distance(
    x: float, y: float, h0: float, dx: float, dy: float, h1: float, limit: float, oval: bool
) -> None:
    a = Base(60, 35).footprint(x, y, h0) if oval else Hull(x, y, 4.6, 3.6, h0).footprint()
    b = Base(32).footprint(x + dx, y + dy) if oval else Hull(x + dx, y + dy, 4.6, 3.6, h1).footprint()
    assert _within(a, b, limit) == within(distance(a, b), limit)
    assert _within(b, a, limit) == within(distance(b, a), limit)


def _terrain_field() -> object:
    """A stand-in for a game: only ``state.battlefield`` is read by the terrain tests of a leg."""
    from types import SimpleNamespace

    from shapely.geometry import box

    from strategium.geometry.terrain import Battlefield, TerrainKind, terrain_piece

    pieces = (
        terrain_piece("wood", box(10, 10, 20, 18), TerrainKind.DIFFICULT),
        terrain_piece("mire", box(30, 5, 34, 40), TerrainKind.DANGEROUS),
        terrain_piece("rocks", box(50, 20, 60, 30), TerrainKind.DIFFICULT, dangerous=True),
        terrain_piece("crater", box(40, 40, 46, 46), TerrainKind.IMPASSABLE),
    )
    return SimpleNamespace(state=SimpleNamespace(battlefield=Battlefield(terrain=pieces)))


@settings(max_examples=300, deadline=None)
@given(coord, st.floats(0.0, 48.0), step, step, st.sampled_from([25.0, 32.0, 60.0]), st.booleans())
def test_pieces_under_a_leg_are_those_its_path_overlaps(
    x: float, y: float, dx: float, dy: float, mm: float, hull: bool
) -> None:
    from typing import Any, cast

    from strategium.engine.movement.common import (
        Leg,
        dangerous_pieces,
        difficult_pieces,
        difficult_under,
        is_cavalry,
        slow_pieces,
    )

    game = cast(Any, _terrain_field())
    model = unit("a", 1).models[0]
    if hull:
        before, after = Hull(x, y, 4.6, 3.6, 0.0).footprint(), Hull(x + dx, y + dy, 4.6, 3.6, 30.0).footprint()
    else:
        before, after = Base(mm).footprint(x, y), Base(mm).footprint(x + dx, y + dy)
    leg = Leg("a", model, before, after)
    path = swept(before, after)
    assert leg.path is path
    assert difficult_under(game, leg) == difficult_pieces(game, path)
    terrain = game.state.battlefield.terrain
    expected = [
        t.name
        for t in terrain
        if (t.is_dangerous or (t.is_difficult and is_cavalry(model))) and overlaps_area(path, t.footprint)
    ]
    assert dangerous_pieces(game, leg) == expected
    assert dangerous_pieces(game, leg, slow_pieces(game)) == expected


def test_a_settled_overlap_with_terrain_is_the_exact_answer() -> None:
    """The shortcuts of ``difficult_under`` and ``dangerous_pieces`` (the centres' segment near the shrunk piece: yes;
    a round base's segment farther from the piece than its radius: no) only ever say what the exact area test says;
    legs near and across the demo battlefield's pieces, of bases and hulls, still and moving, short and long."""
    from strategium.agents.setup import demo_battle
    from strategium.engine.movement.common import Leg, _settled

    game = demo_battle(0)
    bf = game.state.battlefield
    models = [m for army in game.state.armies for u in army.units for m in u.models]
    shapes = {(m.base_mm, m.profile.has_armour_values): m for m in models}  # one model per kind of base or hull
    rng = np.random.default_rng(5)
    answers = {True: 0, False: 0, None: 0}
    for place, piece in enumerate(bf.terrain):
        x0, y0, x1, y1 = piece.footprint.bounds
        for model in shapes.values():
            for k in range(24):
                a = Pose(
                    float(rng.uniform(x0 - 3, x1 + 3)), float(rng.uniform(y0 - 3, y1 + 3)), float(rng.uniform(0, 360))
                )
                step = 0.0 if k % 6 == 0 else 2.0 if k % 2 else 8.0
                b = Pose(a.x + float(rng.uniform(-step, step)), a.y + float(rng.uniform(-step, step)), a.heading)
                leg = Leg("u", model, footprint(model, a), footprint(model, b))
                settled = _settled(bf, ("test", place), piece, leg)
                answers[settled] += 1
                if settled is not None:
                    assert settled == overlaps_area(leg.path, piece.footprint)
    assert min(answers.values()) > 0


@settings(max_examples=400, deadline=None)
@given(
    coord,
    coord,
    step,
    step,
    step,
    step,
    st.sampled_from([25.0, 32.0, 60.0]),
    st.sampled_from([25.0, 40.0]),
    st.floats(0, 3),
)
def test_a_path_surely_clear_of_a_base_is_clear(
    x: float, y: float, dx: float, dy: float, fx: float, fy: float, mm: float, foe_mm: float, inches: float
) -> None:
    """``passes_clear`` (round bases: the centres' segment far enough from the other centre) only ever says what the
    exact measure of the swept path says."""
    from strategium.engine.movement.common import Leg, passes_clear

    model = unit("a", 1).models[0]
    leg = Leg("a", model, Base(mm).footprint(x, y), Base(mm).footprint(x + dx, y + dy))
    other = Base(foe_mm).footprint(x + fx, y + fy)
    if passes_clear(leg, other, inches):
        assert more_than(distance(Footprint(leg.path), other), inches)


def test_a_path_surely_clear_is_found() -> None:
    """``passes_clear`` answers yes well clear of the other base, and says nothing where the path comes close."""
    from strategium.engine.movement.common import Leg, passes_clear

    model = unit("a", 1).models[0]
    leg = Leg("a", model, Base(32.0).footprint(0.0, 0.0), Base(32.0).footprint(6.0, 0.0))
    assert passes_clear(leg, Base(32.0).footprint(3.0, 3.0), 1.0)  # 3" from the segment, 1.74" apart
    assert not passes_clear(leg, Base(32.0).footprint(3.0, 2.0), 1.0)  # 0.74" apart
    assert not passes_clear(leg, Hull(3.0, 5.0, 4.6, 3.6, 0.0).footprint(), 1.0)  # not a round base


def test_a_still_leg_s_centre_line_is_a_point() -> None:
    """``Leg.centre_line``: the segment between the centres, a point when the model does not move."""
    from strategium.engine.movement.common import Leg

    model = unit("a", 1).models[0]
    moving = Leg("a", model, Base(32.0).footprint(1.0, 2.0), Base(32.0).footprint(4.0, 6.0))
    assert list(moving.centre_line.coords) == [(1.0, 2.0), (4.0, 6.0)]
    still = Leg("a", model, Base(32.0).footprint(1.0, 2.0), Base(32.0).footprint(1.0, 2.0))
    assert still.centre_line.geom_type == "Point" and list(still.centre_line.coords) == [(1.0, 2.0)]


def test_a_model_s_immobility_is_read_from_its_profile_once() -> None:
    """``_model_immobile``: a Fortification (Emplacement) never moves, a model without M has none to move by, an
    Infantry model may move; the answer is kept in the model's memo (the same object next time)."""
    infantry = unit("a", 1).models[0]
    gun = replace(infantry, profile=replace(infantry.profile, unit_type=parse_unit_type("Fortification (Emplacement)")))
    no_m = replace(
        infantry, profile=replace(infantry.profile, characteristics=replace(infantry.profile.characteristics, m=None))
    )
    assert _model_immobile(infantry) is None
    first = _model_immobile(gun)
    assert first is not None and first.id == "immobile" and "never move" in first.reason.text
    assert _model_immobile(gun) is first
    blocked = _model_immobile(no_m)
    assert blocked is not None and blocked.id == "no-movement"
