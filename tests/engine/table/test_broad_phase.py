"""The engine's box broad phase (engine/table/broad_phase.py) and the fast paths built on it agree with the exact tests:
Fall Back, Cover Saves and the closest target models, each against a plain re-statement of the exact rule."""

from __future__ import annotations

import math

from hypothesis import given, settings
from hypothesis import strategies as st
from shapely.geometry import Point, Polygon, box

from strategium.army.army import Model
from strategium.engine.attacks import damage
from strategium.engine.core.board import Pose
from strategium.engine.core.game import Game
from strategium.engine.morale import fall_back_paths
from strategium.engine.table import broad_phase, table_checks
from strategium.engine.table.placement import footprint
from strategium.geometry.bases import Base, Hull
from strategium.geometry.measure import Footprint, distance
from strategium.geometry.terrain import Battlefield, Building, TerrainKind, terrain_piece
from tests.engine.builders_combat import battle, squad

coords = st.floats(min_value=-5.0, max_value=80.0, allow_nan=False)
sizes = st.floats(min_value=0.2, max_value=4.0, allow_nan=False)
angles = st.floats(min_value=0.0, max_value=360.0, allow_nan=False)


def test_box_of_a_round_base_and_a_hull() -> None:
    assert broad_phase.box_of(Footprint(Point(10, 20), 0.5)) == (9.5, 19.5, 10.5, 20.5)
    assert broad_phase.box_of(Hull(10, 20, 4, 2).footprint()) == (8.0, 19.0, 12.0, 21.0)
    assert broad_phase.geometry_box(Polygon()) == (math.inf, math.inf, -math.inf, -math.inf)
    assert broad_phase.parts_of(None) == ()
    assert broad_phase.parts_of(box(0, 0, 1, 1).union(box(5, 5, 6, 7))) in (
        ((0.0, 0.0, 1.0, 1.0), (5.0, 5.0, 6.0, 7.0)),
        ((5.0, 5.0, 6.0, 7.0), (0.0, 0.0, 1.0, 1.0)),
    )


def test_boxes_meet_inside_shift_and_hull() -> None:
    a = (0.0, 0.0, 1.0, 1.0)
    assert broad_phase.meet(a, (1.0, 0.5, 2.0, 2.0))  # touching edges meet
    assert not broad_phase.meet(a, (1.1, 0.0, 2.0, 1.0))
    assert broad_phase.inside(a, (0.0, 0.0, 72.0, 48.0)) and not broad_phase.inside(a, (0.5, 0.0, 72.0, 48.0))
    assert broad_phase.shifted(a, 2.0, -1.0) == (2.0, -1.0, 3.0, 0.0)
    assert broad_phase.hull(a, (3.0, -1.0, 4.0, 0.5)) == (0.0, -1.0, 4.0, 1.0)
    boxed = broad_phase.Boxed.of([("a", Footprint(Point(0, 0), 1.0)), ("b", Footprint(Point(10, 0), 1.0))])
    assert [name for name, _ in boxed.footprints_meeting((0.5, -1.0, 9.5, 1.0))] == ["a", "b"]
    assert [name for name, _, _ in boxed.near((0.5, -1.0, 8.5, 1.0)).items] == ["a"]


@st.composite
def footprints(draw: st.DrawFn) -> Footprint:
    x, y = draw(coords), draw(coords)
    if draw(st.booleans()):
        return Footprint(Point(x, y), draw(sizes))
    return Hull(x, y, draw(sizes), draw(sizes), draw(angles)).footprint()


@settings(max_examples=300, deadline=None)
@given(footprints(), footprints())
def test_footprints_that_overlap_or_touch_have_boxes_that_meet(a: Footprint, b: Footprint) -> None:
    if table_checks.overlaps(a, b) or distance(a, b) <= 1e-6:
        assert broad_phase.meet(broad_phase.box_of(a), broad_phase.box_of(b))


@settings(max_examples=100, deadline=None)
@given(footprints(), st.floats(-10, 10), st.floats(-10, 10))
def test_a_shifted_box_holds_the_moved_footprint(fp: Footprint, dx: float, dy: float) -> None:
    moved = broad_phase.box_of(fp.translated(dx, dy))
    grown = broad_phase.shifted(broad_phase.box_of(fp), dx, dy)
    assert all(abs(p - q) <= broad_phase.MARGIN for p, q in zip(moved, grown, strict=True))


# -- Fall Back: the step-by-step exact test, re-stated plainly ---------------------------------------------------


def _reference_poses(
    game: Game, unit_id: str, direction: tuple[float, float], inches: float
) -> dict[tuple[str, str], Pose]:
    """Fall Back end poses as the rule states them, testing every obstacle exactly at every step."""
    s = game.state
    alive = damage.living(game, unit_id)
    moving = set(damage.members(game, unit_id))
    others = [
        footprint(m, st.poses[m.id])
        for st in s.units.values()
        if st.unit_id not in moving
        for m in s.unit(st.unit_id).models
        if m.id in st.poses
    ]
    walls = s.battlefield.impassable()
    table = s.battlefield.table.polygon().buffer(1e-9)
    order = sorted(
        alive,
        key=lambda um: (
            -(s.units[um[0]].poses[um[1].id].x * direction[0] + s.units[um[0]].poses[um[1].id].y * direction[1])
        ),
    )
    placed: list[Footprint] = []
    out: dict[tuple[str, str], Pose] = {}

    def free(fp: Footprint) -> bool:
        if not table.contains(fp.polygon()):
            return False
        if walls is not None and float(fp.polygon().intersection(walls).area) > 1e-9:
            return False
        return not any(table_checks.overlaps(fp, o) for o in [*others, *placed])

    for uid, m in order:
        start = s.units[uid].poses[m.id]
        best = start
        for k in range(1, int(inches / fall_back_paths.FALL_BACK_STEP) + 1):
            d = min(inches, k * fall_back_paths.FALL_BACK_STEP)
            pose = Pose(start.x + direction[0] * d, start.y + direction[1] * d, start.heading)
            if not free(footprint(m, pose)):
                break
            best = pose
        out[(uid, m.id)] = best
        placed.append(footprint(m, best))
    return out


def _game_with_a_building() -> Game:
    game = battle([squad("tac", 5)], [squad("red", 6)])
    s = game.state
    fort = Building("Bastion", Hull(30, 24, 6, 6))
    ruin = terrain_piece("ruin", box(40, 10, 44, 14), TerrainKind.AREA, 3.0)
    s.battlefield = Battlefield(s.battlefield.table, s.battlefield.deployment, (ruin,), (fort,))
    return game


fall_back_cases = given(
    st.floats(2, 70),
    st.floats(2, 46),
    st.floats(2, 70),
    st.floats(2, 46),
    st.floats(0, 2 * math.pi),
    st.integers(2, 14),
)
"""A Fall Back to test: the falling-back squad's first model at (x, y), the enemy's at (ex, ey), the angle of the
direction (radians) and the inches to move."""


def _fall_back_game(x: float, y: float, ex: float, ey: float) -> Game:
    game = _game_with_a_building()
    s = game.state
    s.units["tac"].poses = {f"tac.{i}": Pose(x + 1.4 * (i - 1), y) for i in range(1, 6)}
    s.units["red"].poses = {f"red.{i}": Pose(ex + 1.3 * (i - 1), ey + 0.5 * (i % 2)) for i in range(1, 7)}
    return game


@settings(max_examples=40, deadline=None)
@fall_back_cases
def test_fall_back_poses_equal_the_exact_step_by_step_test(
    x: float, y: float, ex: float, ey: float, angle: float, inches: int
) -> None:
    game = _fall_back_game(x, y, ex, ey)
    direction = (math.cos(angle), math.sin(angle))
    alive = damage.living(game, "tac")
    fast = fall_back_paths.fall_back_poses(game, "tac", alive, direction, float(inches))
    assert fast == _reference_poses(game, "tac", direction, float(inches))


@settings(max_examples=40, deadline=None)
@fall_back_cases
def test_fall_back_poses_among_the_models_near_the_paths_equal_the_exact_step_by_step_test(
    x: float, y: float, ex: float, ey: float, angle: float, inches: int
) -> None:
    """With only the obstacles near the paths' box: the same poses, and the same "blocked before the edge"."""
    game = _fall_back_game(x, y, ex, ey)
    direction = (math.cos(angle), math.sin(angle))
    alive = damage.living(game, "tac")
    near = fall_back_paths.paths_box(game, alive, direction, float(inches))
    obstacles = fall_back_paths.obstacles_of(game, "tac", near)
    fast = fall_back_paths.fall_back_poses(game, "tac", alive, direction, float(inches), obstacles)
    assert fast == _reference_poses(game, "tac", direction, float(inches))
    whole = fall_back_paths.obstacles_of(game, "tac")
    blocked = fall_back_paths.blocked_before_edge(game, "tac", alive, direction, float(inches), obstacles)
    assert blocked == fall_back_paths.blocked_before_edge(game, "tac", alive, direction, float(inches), whole)


# -- Cover Saves and the closest models --------------------------------------------------------------------------


@settings(max_examples=40, deadline=None)
@given(st.floats(30, 50), st.floats(5, 20))
def test_cover_save_equals_testing_every_piece(x: float, y: float) -> None:
    game = _game_with_a_building()
    s = game.state
    s.units["red"].poses = {f"red.{i}": Pose(x + 1.3 * (i - 1), y) for i in range(1, 7)}
    for uid, m in damage.living(game, "red"):
        fp = footprint(m, s.units[uid].poses[m.id]).polygon()
        touched = [p for p in s.battlefield.terrain if fp.intersection(p.footprint).area > 0]
        if s.config.terrain.in_terrain == "wholly_within":  # in a piece only when wholly within it (the default)
            touched = [p for p in touched if p.footprint.covers(fp)]
        best, _ = damage.cover_save(game, uid, m)
        ruins = game.state.config.cover.ruins_save
        expected = min((p.cover_save if p.cover_save is not None else ruins for p in touched), default=None)
        assert best == expected


@settings(max_examples=20, deadline=None)
@given(st.lists(st.tuples(st.floats(30, 50), st.floats(5, 20)), min_size=1, max_size=5))
def test_the_kept_cover_save_follows_every_move(spots: list[tuple[float, float]]) -> None:
    game = _game_with_a_building()
    s = game.state
    for x, y in [*spots, *spots]:  # each spot twice: the second time from the kept answers
        s.units["red"].poses = {f"red.{i}": Pose(x + 1.3 * (i - 1), y) for i in range(1, 7)}
        for uid, m in damage.living(game, "red"):
            assert damage.cover_save(game, uid, m) == damage._cover_at(game, uid, m)


@settings(max_examples=100, deadline=None)
@given(st.lists(footprints(), min_size=1, max_size=6), st.lists(footprints(), max_size=4))
def test_gaps_equal_the_smallest_distance(feet: list[Footprint], firers: list[Footprint]) -> None:
    expected = [min((distance(f, g) for g in firers), default=0.0) for f in feet]
    assert damage._gaps(feet, firers) == expected


def test_a_round_base_box_is_its_centre_and_radius() -> None:
    model = Model("m.1", "m", squad("m", 1).models[0].profile, base_mm=(50.8, 50.8))
    fp = footprint(model, Pose(3.0, 4.0))
    assert isinstance(Base(50.8).footprint(3, 4).core, Point)
    assert broad_phase.box_of(fp) == (2.0, 3.0, 4.0, 5.0)


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.tuples(coords, coords, sizes), min_size=0, max_size=12),
    coords,
    coords,
    st.floats(min_value=0.0, max_value=20.0, allow_nan=False),
    st.floats(min_value=0.0, max_value=20.0, allow_nan=False),
)
def test_boxed_filters_equal_meet(
    bases: list[tuple[float, float, float]], x: float, y: float, w: float, h: float
) -> None:
    named = [(f"m{i}", Footprint(Point(bx, by), r)) for i, (bx, by, r) in enumerate(bases)]
    boxed = broad_phase.Boxed.of(named)
    # a box that touches some item's box edge to edge (within the margin), when there is one
    probe = (x, y, x + w, y + h) if not named else (x, y, boxed.items[0][2][0] - broad_phase.MARGIN, y + h)
    for b in ((x, y, x + w, y + h), probe):
        want = [(n, fp) for n, fp, bb in boxed.items if broad_phase.meet(bb, b)]
        assert boxed.footprints_meeting(b) == want
        assert [(n, fp) for n, fp, _ in boxed.near(b).items] == want


@settings(max_examples=300, deadline=None)
@given(
    st.floats(min_value=0.0, max_value=6.0, allow_nan=False),
    st.floats(min_value=0.0, max_value=6.0, allow_nan=False),
    angles,
    angles,
    st.sampled_from((Base(60, 35), Base(75, 42), Base(32, 50))),
    st.sampled_from(((3.0, 2.0), (1.0, 1.0), (5.0, 0.5))),
    st.booleans(),
)
def test_polygon_overlap_told_by_bounds_agrees_with_the_intersection(
    x: float, y: float, ha: float, hb: float, oval: Base, hull: tuple[float, float], touching: bool
) -> None:
    """``table_checks.overlaps`` of two polygons (oval bases, hulls) is the intersection's area test, whether or not
    their bounds tell them apart first (exactly touching bounds included)."""
    a = oval.footprint(3.0, 3.0, ha)
    b = Hull(x, y, hull[0], hull[1], hb).footprint() if not touching else Footprint(box(*_right_of(a), 9.0, 9.0))
    exact = float(a.core.intersection(b.core).area) > 1e-6
    assert table_checks.overlaps(a, b) == exact
    assert table_checks.overlaps(b, a) == exact


def _right_of(fp: Footprint) -> tuple[float, float]:
    """The lower-left corner of a box that touches ``fp``'s bounds on the right."""
    return (fp.bounds[2], fp.bounds[1])


@settings(max_examples=300, deadline=None)
@given(
    st.floats(min_value=-3.0, max_value=9.0, allow_nan=False),
    st.floats(min_value=-3.0, max_value=9.0, allow_nan=False),
    angles,
    st.sampled_from((Base(32), Base(25), Base(60))),
    st.sampled_from((Base(60, 35), Base(75, 42))),
    st.booleans(),
)
def test_a_round_base_and_a_polygon_overlap_as_their_distance_says(
    x: float, y: float, heading: float, round_base: Base, oval: Base, hull: bool
) -> None:
    """``table_checks.overlaps`` of a round base and an oval base or hull is the distance test (cores closer than
    the radii by more than EPSILON), whether or not their boxes tell them apart first."""
    a = Hull(3.0, 3.0, 3.0, 2.0, heading).footprint() if hull else oval.footprint(3.0, 3.0, heading)
    b = round_base.footprint(x, y, 0.0)
    exact = float(a.core.distance(b.core)) < a.radius + b.radius - 1e-6
    assert table_checks.overlaps(a, b) == exact
    assert table_checks.overlaps(b, a) == exact
