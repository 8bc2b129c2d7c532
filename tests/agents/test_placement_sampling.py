"""Regions into formations: compact, connected, inside the region; the areas other models take."""

from __future__ import annotations

import math

import numpy as np
import shapely
from shapely.geometry import Polygon, box

from strategium.agents import placement_sampling as ps
from strategium.engine.core.board import Location, Pose
from strategium.engine.core.state import GameState
from strategium.engine.table.placement import footprint
from tests.agents.games import heuristic_game


def test_a_formation_fills_the_grid_around_its_anchor() -> None:
    spots = ps.formation(box(0, 0, 10, 10), 5, 1.0, (5.0, 5.0))
    assert spots == [(5.0, 5.0), (5.0, 4.0), (4.0, 5.0), (6.0, 5.0), (5.0, 6.0)]


def test_a_formation_stays_in_one_connected_piece() -> None:
    two_rooms = box(0, 0, 3, 3).union(box(10, 0, 13, 3))
    spots = ps.formation(two_rooms, 9, 1.0, (1.5, 1.5))
    assert spots is not None and all(x < 3 for x, _ in spots)
    assert ps.formation(two_rooms, 10, 1.0, (1.5, 1.5)) is None  # 9 fit in a room; the 10th would be apart
    assert ps.formation(Polygon(), 1, 1.0, (0.0, 0.0)) is None


def test_translation_keeps_headings() -> None:
    moved = ps.translated({"a": Pose(1, 2, 90), "b": Pose(3, 4)}, 1.5, -2)
    assert moved == (("a", Pose(2.5, 0.0, 90)), ("b", Pose(4.5, 2.0, 0)))
    assert ps.heading_to((0, 0), (0, 5)) == 90.0 and math.isclose(ps.centroid(dict(moved))[0], 3.5)


def _slow_union(state: GameState, exclude: set[str], player: int | None, by: float) -> bytes:
    """The areas as first written: each footprint buffered on its own, then the union (WKB). With ``player``:
    its enemies grown by radius + ``by`` + CLEARANCE; else all but ``exclude`` grown by ``by`` from their edge."""
    parts = []
    for uid, status in state.units.items():
        if status.location is not Location.TABLE or uid in exclude or status.player == player:
            continue
        models = {m.id: m for m in state.unit(uid).models}
        for mid, pose in status.poses.items():
            fp = footprint(models[mid], pose)
            if player is not None:
                parts.append(fp.core.buffer(fp.radius + by + ps.CLEARANCE, quad_segs=4))
            else:
                parts.append(fp.core.buffer(fp.radius + by if fp.is_round else by, quad_segs=4))
    return bytes(shapely.union_all(np.array(parts, dtype=object)).wkb) if parts else bytes(Polygon().wkb)


def test_occupied_and_enemy_areas_are_exactly_those_buffered_one_by_one() -> None:
    for seed in (4, 6):
        state = heuristic_game(seed)[0].state
        units = [uid for uid, st in state.units.items() if st.location is Location.TABLE]
        assert any(not fp.is_round for fp in ps._footprints(state, lambda _u, _s: True))  # hulls are in it
        for exclude in (set(), set(units[:1]), set(units[::2])):
            for by in (0.0, 0.65, 1.27):
                fast = ps.occupied(state, exclude, by)
                assert fast.wkb == _slow_union(state, exclude, None, by)
                assert ps.occupied(state, set(exclude), by) is fast  # the same footprints: cached
        for player in (1, 2):
            for inches in (1.0, 1.65):
                assert ps.enemy_zone(state, player, inches).wkb == _slow_union(state, set(), player, inches)


def test_cached_shape_measures_agree_with_the_footprints() -> None:
    state = heuristic_game(4)[0].state
    models = [m for u in state.armies[0].units + state.armies[1].units for m in u.models]
    for m in models[:40]:
        for heading in (0.0, 30.0, 90.0):
            fp = footprint(m, Pose(0.0, 0.0, heading))
            coords = np.asarray(fp.polygon().exterior.coords)
            expect = fp.radius if fp.is_round else float(np.max(np.hypot(coords[:, 0], coords[:, 1])))
            assert ps.circumradius(m, heading) == expect
    outlines = ps._outlines(models, 0.0)
    assert len({(round(f.radius, 9), shapely.to_wkb(f.core)) for f in outlines}) == len(outlines)


def test_the_models_near_a_region_take_from_it_what_all_of_them_take() -> None:
    state = heuristic_game(6)[0].state
    table = state.battlefield.table
    centres = [p for st in state.units.values() if st.location is Location.TABLE for p in st.poses.values()]
    regions = [box(0, 0, table.width, table.depth)] + [box(p.x - 4, p.y - 3, p.x + 5, p.y + 6) for p in centres[::3]]
    xs, ys = np.meshgrid(np.linspace(0, table.width, 241), np.linspace(0, table.depth, 193))
    for region in regions:
        everyone = region.difference(ps.occupied(state, set(), 0.65))
        near = region.difference(ps.occupied(state, set(), 0.65, region.bounds))
        assert everyone.symmetric_difference(near).area < 1e-9
        assert np.array_equal(shapely.contains_xy(everyone, xs, ys), shapely.contains_xy(near, xs, ys))
    far = box(-30, -30, -20, -20)
    assert ps.occupied(state, set(), 0.65, far.bounds).is_empty
