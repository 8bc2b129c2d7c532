"""Point-tested spots (:mod:`strategium.agents.spots`) against plain shapely measurements and the exact regions;
the formation's first pass near the anchor against the whole window."""

from __future__ import annotations

import numpy as np
import pytest
import shapely
from hypothesis import given, settings
from hypothesis import strategies as st
from shapely.geometry import Point, Polygon, box
from shapely.geometry.base import BaseGeometry

from strategium.agents import options as opt
from strategium.agents import placement_sampling as ps
from strategium.agents import proposals as pr
from strategium.agents.heuristic import HeuristicPlayer
from strategium.agents.setup import demo_battle
from strategium.agents.spots import ANCHOR_APART, ANCHOR_STEP, ANCHORS, FINE_STEP, Spots, spots
from strategium.engine.movement.common import party
from strategium.geometry.measure import Footprint
from tests.agents.games import at_infiltration

coord = st.floats(min_value=0.0, max_value=30.0, allow_nan=False)


def _hull(x: float, y: float) -> Footprint:
    return Footprint(Polygon([(x - 2, y - 1), (x + 2, y - 1), (x + 2, y + 1), (x - 2, y + 1)]), 0.0)


def _reference(
    allowed: BaseGeometry,
    obstacles: list[tuple[list[Footprint], float]],
    hidden: list[BaseGeometry],
    margin: float,
    x: float,
    y: float,
) -> bool:
    """The tests of a :class:`Spots`, one by one with shapely."""
    p = Point(x, y)
    if not allowed.contains(p):
        return False
    for feet, gap in obstacles:
        for f in feet:
            if float(f.core.distance(p)) <= f.radius + gap:
                return False
    return all(a.contains(p) and float(a.boundary.distance(p)) > margin for a in hidden)


SCENE_ALLOWED = box(1.0, 1.0, 29.0, 29.0)
SCENE_FEET = [Footprint(Point(10.0, 10.0), 0.63), Footprint(Point(20.0, 5.0), 1.0), _hull(5.0, 22.0)]
SCENE_HIDDEN = [
    Polygon([(0, 0), (30, 0), (30, 18), (12, 30), (0, 30)]),
    box(2.0, 2.0, 28.0, 26.0).difference(box(14.0, 14.0, 17.0, 17.0)),
]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(coord, coord), min_size=1, max_size=40), st.floats(0.1, 3.0), st.floats(0.0, 2.0))
def test_spots_pass_what_shapely_measures(points: list[tuple[float, float]], gap: float, margin: float) -> None:
    hidden = [(a, a.boundary) for a in SCENE_HIDDEN]
    for a, b in hidden:
        shapely.prepare(a)
        shapely.prepare(b)
    obstacles = [(SCENE_FEET, gap), (SCENE_FEET[:1], gap + 4.0)]
    spot = spots(SCENE_ALLOWED, obstacles, hidden, margin)
    xs, ys = np.array([p[0] for p in points]), np.array([p[1] for p in points])
    got = spot.contains_xy(xs, ys)
    want = [_reference(SCENE_ALLOWED, obstacles, SCENE_HIDDEN, margin, x, y) for x, y in points]
    assert got.tolist() == want


def test_spots_without_obstacles_or_hidden_areas_are_the_allowed_area() -> None:
    spot = spots(box(0.0, 0.0, 4.0, 2.0), [])
    assert spot.contains_xy(np.array([1.0, 5.0, 3.9]), np.array([1.0, 1.0, 1.9])).tolist() == [True, False, True]
    assert spot.bounds == (0.0, 0.0, 4.0, 2.0)
    assert spots(Polygon(), []).is_empty
    assert list(spots(Polygon(), []).anchors((0.0, 0.0))) == []


def test_spots_anchors_are_accepted_apart_and_the_first_is_nearest() -> None:
    spot = spots(box(0.0, 0.0, 40.0, 20.0), [([Footprint(Point(30.0, 10.0), 1.0)], 9.0)])
    toward = (30.0, 10.0)
    found = list(spot.anchors(toward))
    assert 1 < len(found) <= ANCHORS
    xs, ys = np.array([a[0] for a in found]), np.array([a[1] for a in found])
    assert spot.contains_xy(xs, ys).all()
    for i, a in enumerate(found):
        for b in found[i + 1 :]:
            assert np.hypot(a[0] - b[0], a[1] - b[1]) >= ANCHOR_APART - ANCHOR_STEP * 2**0.5  # the first is refined
    # the first anchor lies on the circle of 10" about the enemy, within the fine grid's step of it
    assert 10.0 < np.hypot(found[0][0] - 30.0, found[0][1] - 10.0) < 10.0 + FINE_STEP * 2**0.5


def _accepted(spot: Spots, step: float = 0.5) -> tuple[np.ndarray, np.ndarray]:
    minx, miny, maxx, maxy = spot.bounds
    gx, gy = np.meshgrid(np.arange(minx, maxx, step), np.arange(miny, maxy, step))
    gx, gy = gx.ravel(), gy.ravel()
    ok = spot.contains_xy(gx, gy)
    return gx[ok], gy[ok]


@pytest.mark.parametrize("seed", [0, 3])
def test_infiltration_spots_lie_in_the_exact_regions(seed: int) -> None:
    game = at_infiltration(seed)
    assert game is not None and game.pending is not None
    unit = opt.held(game, game.pending.player)[0]
    shape = pr.shape_of(game, party(game.state, unit.id))
    hidden, plain = pr.infiltrate_area(game, unit, shape)
    spot_hidden, spot_plain = pr.infiltrate_spots(game, unit, shape)
    for spot, region in ((spot_hidden, hidden), (spot_plain, plain)):
        xs, ys = _accepted(spot)
        assert len(xs) > 50  # the demo leaves room for both
        assert shapely.contains_xy(region, xs, ys).all()  # sound: every spot is in the exact region
    # and the exact region is mostly found: its points farther than the probe's radius from its edge pass
    for spot, region in ((spot_hidden, hidden), (spot_plain, plain)):
        inner = region.buffer(-1.0)
        minx, miny, maxx, maxy = region.bounds
        mx, my = np.meshgrid(np.arange(minx, maxx, 0.5), np.arange(miny, maxy, 0.5))
        gx, gy = mx.ravel(), my.ravel()
        deep = shapely.contains_xy(inner, gx, gy)
        assert spot.contains_xy(gx[deep], gy[deep]).mean() > 0.95


def test_deployment_spots_lie_in_the_exact_region() -> None:
    game = demo_battle(0)
    players = {1: HeuristicPlayer(1), 2: HeuristicPlayer(2)}
    checked = 0
    for _ in range(60):
        pending = game.pending
        assert pending is not None
        if "deploy a unit" in pending.prompt:
            unit = opt.to_deploy(game, pending.player)[0]
            shape = pr.shape_of(game, party(game.state, unit.id))
            xs, ys = _accepted(pr.deploy_spots(game, unit, shape))
            assert shapely.contains_xy(pr.deploy_region(game, unit, shape), xs, ys).all()
            checked += 1
            if checked >= 4:
                return
        game.apply(players[pending.player].decide(game))
    pytest.fail("fewer deployments than expected")


def _whole_window(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ps, "NEAR_STEPS", 10**6)


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.tuples(coord, coord, st.floats(0.5, 12.0), st.floats(0.5, 12.0)), min_size=1, max_size=6),
    st.integers(1, 25),
    st.tuples(st.floats(0.8, 2.5), st.floats(0.8, 2.5)),
    st.tuples(coord, coord),
    st.booleans(),
)
def test_formation_near_the_anchor_first_is_the_whole_window(
    rooms: list[tuple[float, float, float, float]],
    count: int,
    steps: tuple[float, float],
    anchor: tuple[float, float],
    diagonal: bool,
) -> None:
    region = shapely.union_all([box(x, y, x + w, y + h) for x, y, w, h in rooms])
    quick = ps.formation(region, count, steps, anchor, diagonal)
    with pytest.MonkeyPatch.context() as mp:
        _whole_window(mp)
        full = ps.formation(region, count, steps, anchor, diagonal)
    assert quick == full


@settings(max_examples=30, deadline=None)
@given(st.lists(st.tuples(coord, coord), min_size=1, max_size=400), st.floats(0.0, 1.0))
def test_spots_with_many_hidden_areas_and_centres_pass_what_shapely_measures(
    points: list[tuple[float, float]], margin: float
) -> None:
    """Four hidden areas, up to twice :data:`~strategium.agents.spots.FEW` centres: the smallest area alone, then
    one area at a time or the rest at once, give the plain tests' answers."""
    areas = [*SCENE_HIDDEN, box(0.0, 3.0, 27.0, 30.0), Point(15.0, 15.0).buffer(13.0)]
    hidden = [(a, a.boundary) for a in areas]
    for a, b in hidden:
        shapely.prepare(a)
        shapely.prepare(b)
    obstacles = [(SCENE_FEET, 0.5)]
    spot = spots(SCENE_ALLOWED, obstacles, hidden, margin)
    xs, ys = np.array([p[0] for p in points]), np.array([p[1] for p in points])
    want = [_reference(SCENE_ALLOWED, obstacles, areas, margin, x, y) for x, y in points]
    assert spot.contains_xy(xs, ys).tolist() == want
