"""Fast paths of the placement checks (``engine/table/table_checks.py``, ``engine/movement/move.py``): each agrees with
the
exact measure it stands in for."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from shapely.geometry import Point, box

from strategium.engine.core.board import Pose
from strategium.engine.movement.common import party
from strategium.engine.movement.move import Move, _near, enemy_problems, placement_problems, terrain_problems
from strategium.engine.movement.move import legs as movement_legs
from strategium.engine.table import table_checks
from strategium.engine.table.placement import footprint, table_models
from strategium.engine.table.table_checks import (
    _round_clashes,
    _surely_within,
    _within,
    _zone_grown,
    _zone_grown_kept,
    overlaps,
)
from strategium.geometry.bases import Base, Hull
from strategium.geometry.measure import EPSILON, MM_PER_INCH, Footprint, distance, within
from tests.engine.builders import line, unit
from tests.engine.moving import start

coord = st.floats(0.0, 24.0, allow_nan=False, allow_infinity=False)
heading = st.floats(0.0, 360.0, allow_nan=False, allow_infinity=False)
shape = st.sampled_from(["round", "oval", "hull"])


def _shaped(kind: str, x: float, y: float, h: float) -> tuple[Footprint, float]:
    """A footprint of the kind at (x, y), and the radius of a disc about its centre inside it (its inradius)."""
    if kind == "round":
        return Base(32).footprint(x, y), 32 / MM_PER_INCH / 2
    if kind == "oval":
        return Base(60, 35).footprint(x, y, h), 35 / MM_PER_INCH / 2
    return Hull(x, y, 4.6, 3.6, h).footprint(), 3.6 / 2


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(shape, coord, coord, heading), min_size=2, max_size=8), st.floats(0, 3))
def test_a_sure_coherency_pair_is_within_the_distance(
    spec: list[tuple[str, float, float, float]], limit: float
) -> None:
    """``_surely_within`` (the inscribed discs' gap) says yes only where the exact distance is within the limit."""
    shaped = [_shaped(*s) for s in spec]
    fps = [fp for fp, _ in shaped]
    sure = _surely_within(fps, [r for _, r in shaped], limit)
    for i, a in enumerate(fps):
        for j, b in enumerate(fps):
            if sure[i][j]:
                assert within(distance(a, b), limit) and _within(a, b, limit)


def test_sure_coherency_pairs_are_found_close_up() -> None:
    """Two hulls side by side 1" apart are surely within 2" (their discs 1" apart), not 1" (that is measured)."""
    a, b = Hull(0, 0, 4.6, 3.6).footprint(), Hull(0, 4.6, 4.6, 3.6).footprint()
    assert _surely_within([a, b], [1.8, 1.8], 2.0) == [[True, True], [True, True]]
    assert _surely_within([a, b], [1.8, 1.8], 0.5)[0][1] is False


def _exact_coherent(fps: list[Footprint], limit: float) -> bool:
    reached, frontier = {0}, [0]
    while frontier:
        i = frontier.pop()
        for j in range(len(fps)):
            if j not in reached and within(distance(fps[i], fps[j]), limit):
                reached.add(j)
                frontier.append(j)
    return len(reached) == len(fps)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.tuples(st.floats(0, 10), st.floats(0, 10), heading), min_size=2, max_size=6), st.booleans())
def test_coherency_of_hulls_is_the_exact_chain(spec: list[tuple[float, float, float]], oval: bool) -> None:
    """``coherency`` of non-round bases (sure yeses, then measures) finds what the exact chain finds."""
    game = start([unit("a", 1)], [], {"a": ((("a.1", Pose(10, 6)),))})
    models = [unit("v", len(spec)).models[i] for i in range(len(spec))]
    fps = [_shaped("oval" if oval else "hull", x, y, h)[0] for x, y, h in spec]
    placed = list(zip(models, fps, strict=True))
    limit = table_checks.coherency_distance(game.state, [])
    expected = [] if _exact_coherent(fps, limit) else ["Unit coherency"]
    got = table_checks.coherency(game.state, [], placed)
    assert [r.rule for r in got] == expected


def test_deployment_zone_of_round_bases_is_the_exact_containment() -> None:
    """The zone test of a round base (the centre in the zone shrunk by the radius, by ``contains_xy``) and the zone
    kept by identity: the same as ``contains`` of the centre point in the zone grown from scratch."""
    zone = box(0, 0, 72, 12)
    r = 32 / MM_PER_INCH / 2
    grown = _zone_grown_kept(zone, EPSILON - r)
    assert grown is _zone_grown_kept(zone, EPSILON - r)
    assert grown.equals(_zone_grown(zone, EPSILON - r))
    game = start([unit("a", 1)], [], {"a": ((("a.1", Pose(10, 6)),))})
    model = game.state.unit("a").models[0]
    for y in (r - 1e-3, r + 1e-3, 6.0, 12 - r + 1e-3, 12 - r - 1e-3):
        fp = footprint(model, Pose(10, y))
        expected = zone.buffer(EPSILON - r).contains(Point(10, y))
        assert (table_checks.in_deployment_zone(game.state, 1, [(model, fp)]) == []) == expected


def test_one_question_to_the_index_serves_the_three_checks() -> None:
    """The Move check's shared broad phase (``_near``): the path, standing-room and enemy checks give the very reasons
    they give when each asks the index itself, for a move through, onto and next to other models."""
    blue, other, red = unit("a", 5), unit("b", 5), unit("r", 5)
    game = start([blue, other], [red], {"a": line(blue, 10, 6), "b": line(other, 30, 9), "r": line(red, 10, 37)})
    s = game.state
    units = party(s, "a")
    legal = 0
    for dx, dy in ((0.0, 3.0), (0.0, 6.5), (20.0, 3.0), (18.0, 1.0), (0.0, 29.5), (0.0, 30.5), (1.0, 31.0)):
        positions = tuple((m.id, Pose(10 + dx + 1.5 * i, 6 + dy)) for i, m in enumerate(blue.models))
        moves = movement_legs(game, units, positions)
        others, foes = _near(game, 1, units, moves)
        assert others is not None and foes is not None
        placed = [(g.model, g.after) for g in moves]
        assert table_checks.standing_room(s, placed, {"a"}, others) == table_checks.standing_room(s, placed, {"a"})
        assert enemy_problems(game, 1, moves, foes) == enemy_problems(game, 1, moves)
        exact = table_models(s).others_near_boxes([g.bounds for g in moves], {"a"})
        assert all(set(e) <= set(o) for e, o in zip(exact, others, strict=True))
        verdict = game.check(Move(1, "a", positions))
        expected = terrain_problems(game, units, moves, False) + placement_problems(game, units, positions)
        expected += enemy_problems(game, 1, moves)
        assert verdict.legal == (not expected)
        legal += verdict.legal
        if not verdict.legal:
            assert list(verdict.reasons) == expected
    assert legal == 2


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(coord, coord, st.sampled_from([25.0, 32.0, 40.0])), min_size=0, max_size=10))
def test_the_first_round_clash_is_the_first_overlap(spec: list[tuple[float, float, float]]) -> None:
    """``_round_clashes``: for each round base, the first later one ``overlaps`` says it overlaps (-1 for none);
    None as soon as one footprint is not a round base."""
    fps = [Base(mm).footprint(x, y) for x, y, mm in spec]
    if spec:  # and one just touching, one just overlapping the first
        fps += [Footprint(Point(spec[0][0] + 1.2, spec[0][1]), 1.2 - fps[0].radius) for _ in range(1)]
        fps += [Footprint(Point(spec[0][0], spec[0][1] + 1.0), 0.5)]
    first = _round_clashes(fps)
    assert first == [next((j for j in range(i + 1, len(fps)) if overlaps(a, fps[j])), -1) for i, a in enumerate(fps)]
    assert _round_clashes([*fps, Hull(5, 5, 4.6, 3.6).footprint()]) is None


def test_a_move_s_legs_are_kept_while_what_they_are_made_of_stays() -> None:
    """``_kept_legs``: the same legs for the same move asked again, new ones once a model of the unit stands
    elsewhere or has fallen (and the new ones are those ``legs`` makes)."""
    from strategium.engine.movement.move import _kept_legs

    blue = unit("a", 3)
    game = start([blue], [], {"a": line(blue, 10, 6)})
    s = game.state
    units = party(s, "a")
    move = Move(1, "a", tuple((m.id, Pose(10 + 1.5 * i, 9)) for i, m in enumerate(blue.models)))
    first = _kept_legs(game, units, move)
    assert _kept_legs(game, units, Move(1, "a", move.positions)) is first
    s.units["a"].poses = {**s.units["a"].poses, "a.1": Pose(10, 5)}
    moved = _kept_legs(game, units, move)
    assert moved is not first and moved == movement_legs(game, units, move.positions)
    assert moved[0].before.centre == (10.0, 5.0)
    s.units["a"].casualties = ["a.3"]
    fallen = _kept_legs(game, units, Move(1, "a", move.positions[:2]))
    assert [g.model.id for g in fallen] == ["a.1", "a.2"]


def test_deployment_zone_of_mixed_bases_names_the_models_outside() -> None:
    """Round bases of two sizes (tested a size at a time) and a hull: the models named are those the one-by-one test
    finds outside, in placing order."""
    game = start([unit("a", 1)], [], {"a": ((("a.1", Pose(10, 6)),))})
    small, large, tank = unit("s", 3, base=25.0), unit("l", 2, base=40.0), unit("t", 1)
    zone = box(0, 0, 72, 12)
    placed = [
        (small.models[0], Base(25).footprint(5, 11.6)),
        (large.models[0], Base(40).footprint(8, 11.3)),
        (small.models[1], Base(25).footprint(11, 6)),
        (tank.models[0], Hull(20, 10.5, 4.6, 3.6).footprint()),
        (large.models[1], Base(40).footprint(14, 0.7)),
        (small.models[2], Base(25).footprint(17, 0.4)),
    ]

    def inside(fp: Footprint) -> bool:
        if fp.is_round:
            return bool(zone.buffer(EPSILON - fp.radius).contains(Point(fp.centre)))
        return bool(zone.buffer(EPSILON).contains(fp.polygon()))

    outside = [m.id for m, fp in placed if not inside(fp)]
    assert outside == ["s.1", "l.1", "t.1", "l.2", "s.3"]
    (reason,) = table_checks.in_deployment_zone(game.state, 1, placed)
    assert reason.text.endswith(f"({', '.join(outside)})")
