"""Closest distances from one unit to many in one pass agree bit for bit with ``min_distance``."""

from __future__ import annotations

import numpy as np
import pytest
import shapely
from hypothesis import given, settings
from hypothesis import strategies as st
from shapely.affinity import rotate, scale
from shapely.geometry import Point, box

from strategium.agents import gaps as gaps_module
from strategium.agents import options as opt
from strategium.agents.base import play
from strategium.agents.gaps import PAIRS_KEPT, EnemyGaps, Feet, Groups, distance_matrix, min_distances
from strategium.agents.heuristic import HeuristicPlayer
from strategium.agents.setup import demo_battle
from strategium.engine.assault import charges
from strategium.engine.core.actions import Action
from strategium.engine.core.game import Game
from strategium.engine.core.timing import PlayerId
from strategium.geometry.measure import Footprint, min_distance
from tests.agents.games import heuristic_game

coord = st.floats(min_value=0.0, max_value=72.0, allow_nan=False)


@st.composite
def footprints(draw: st.DrawFn) -> Footprint:
    x, y = draw(coord), draw(coord)
    if draw(st.booleans()):
        return Footprint(Point(x, y), draw(st.sampled_from([0.4921, 0.6299, 0.7874, 1.0, 1.9685])))
    w, h = draw(st.floats(0.5, 6.0)), draw(st.floats(0.5, 4.0))
    hull = rotate(box(x - w / 2, y - h / 2, x + w / 2, y + h / 2), draw(st.floats(0.0, 360.0)), origin=(x, y))
    return Footprint(hull, draw(st.sampled_from([0.0, 0.0, 0.5])))


units = st.lists(footprints(), min_size=1, max_size=6)


@settings(max_examples=300, deadline=None)
@given(units, st.lists(units, min_size=0, max_size=5))
def test_min_distances_is_min_distance_for_each_group(mine: list[Footprint], groups: list[list[Footprint]]) -> None:
    assert min_distances(mine, groups) == [min_distance(mine, g) for g in groups]


@settings(max_examples=100, deadline=None)
@given(units, units)
def test_the_matrix_holds_each_pair(a: list[Footprint], b: list[Footprint]) -> None:
    d = distance_matrix(Feet(a), Feet(b))
    assert d.shape == (len(a), len(b))
    for i, fa in enumerate(a):
        for j, fb in enumerate(b):
            assert max(0.0, float(d[i, j])) == min_distance([fa], [fb])


def test_exact_values_and_errors() -> None:
    a = [Footprint(Point(0.0, 0.0), 0.5)]
    groups = [[Footprint(Point(3.0, 4.0), 0.5)], [Footprint(box(10.0, -1.0, 12.0, 1.0)), Footprint(Point(0.5, 0))]]
    assert min_distances(a, groups) == [4.0, 0.0]
    assert Groups([]).min_distances(Feet(a)) == []
    with pytest.raises(ValueError):
        min_distances([], groups)
    with pytest.raises(ValueError):
        Groups([[]])


def test_a_players_gaps_are_min_distance_to_each_enemy_unit() -> None:
    game = heuristic_game(4)[0]
    for player in (1, 2):
        measures = EnemyGaps(player)
        foes = {e.id: [f for _, _, f in charges.feet(game, e.id)] for e in opt.enemies(game, player)}
        foes = {e: f for e, f in foes.items() if f}
        assert foes
        for unit in game.state.units_of(player):
            mine = charges.feet(game, unit.id)
            gaps = measures.gaps(game, unit.id)
            if not mine:
                assert gaps == {} and measures.model_gaps(game, unit.id, next(iter(foes))) == {}
                continue
            assert gaps == {e: min_distance([f for _, _, f in mine], theirs) for e, theirs in foes.items()}
            for enemy, theirs in foes.items():
                each = measures.model_gaps(game, unit.id, enemy)
                assert each == {m.id: min_distance([f], theirs) for _, m, f in mine}
            assert measures.gaps(game, unit.id) is gaps  # once per decision


def _agree(measures: EnemyGaps, game: Game, player: PlayerId) -> int:
    """Assert that ``measures`` gives ``min_distance`` for every unit of ``player`` now; the pairs compared."""
    foes = {e.id: [f for _, _, f in charges.feet(game, e.id)] for e in opt.enemies(game, player)}
    foes = {e: f for e, f in foes.items() if f}
    compared = 0
    for unit in game.state.units_of(player):
        mine = charges.feet(game, unit.id)
        gaps = measures.gaps(game, unit.id)
        if not mine:
            assert gaps == {}
            continue
        assert gaps == {e: min_distance([f for _, _, f in mine], theirs) for e, theirs in foes.items()}
        for enemy, theirs in foes.items():
            assert measures.gap(game, unit.id, enemy) == gaps[enemy]
            assert measures.model_gaps(game, unit.id, enemy) == {m.id: min_distance([f], theirs) for _, m, f in mine}
            compared += 1
    return compared


@pytest.mark.parametrize("kept", [PAIRS_KEPT, 5])
def test_measures_kept_across_decisions_stay_exact(kept: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Kept by value from one decision to the next (and forgotten when there are too many), the measures are
    always what ``min_distance`` gives for the footprints now, through moves and casualties."""
    monkeypatch.setattr(gaps_module, "PAIRS_KEPT", kept)
    game = demo_battle(3, turns=2)
    measures = {1: EnemyGaps(1), 2: EnemyGaps(2)}
    compared = [0]

    def after(game: Game, _: Action) -> None:
        if game.pending is not None and game.state.clock.turn_index > 0:
            for player in (1, 2):
                compared[0] += _agree(measures[player], game, player)

    play(game, {1: HeuristicPlayer(1), 2: HeuristicPlayer(2)}, after=after)
    assert compared[0] > 100
    assert all(len(m._pairs) <= kept + 32 for m in measures.values())  # cleared past ``kept`` (+ one unit's foes)


@st.composite
def any_footprints(draw: st.DrawFn) -> Footprint:
    """Round bases, hulls and oval bases (many-sided polygons), near one another (overlaps included)."""
    x, y = draw(st.floats(0.0, 12.0)), draw(st.floats(0.0, 12.0))
    kind = draw(st.sampled_from(["round", "hull", "oval"]))
    if kind == "round":
        return Footprint(Point(x, y), draw(st.sampled_from([0.4921, 0.6299, 1.0, 1.9685])))
    if kind == "oval":
        w, h = draw(st.floats(0.5, 3.0)), draw(st.floats(0.3, 2.0))
        oval = scale(Point(x, y).buffer(1.0, quad_segs=24), w, h)
        return Footprint(rotate(oval, draw(st.floats(0.0, 360.0)), origin=(x, y)))
    return draw(footprints())


@settings(max_examples=300, deadline=None)
@given(
    st.lists(any_footprints(), min_size=1, max_size=6),
    st.lists(st.lists(any_footprints(), min_size=1, max_size=5), max_size=5),
)
def test_each_groups_closest_is_the_matrix_minimum(mine: list[Footprint], groups: list[list[Footprint]]) -> None:
    """Measuring only the pairs that may be closest gives each group's minimum of the whole matrix, bit for bit."""
    g, a = Groups(groups), Feet(mine)
    got = g.per_footprint(a)
    if groups:
        assert np.array_equal(got, np.minimum.reduceat(distance_matrix(a, g.flat), g.starts, axis=1))
    assert Groups.of_parts([Feet(x) for x in groups]).per_footprint(a).tobytes() == got.tobytes()


def test_far_pairs_are_not_measured() -> None:
    """A hull's distance to a squad is measured to the models that may be closest only."""
    squad = [Footprint(Point(20.0 + 4 * i, 0.0), 0.5) for i in range(5)]
    hull = Footprint(box(0.0, -1.0, 4.0, 1.0))
    cells = Groups([squad])._closest_cells(Feet([hull]))
    assert cells[0, 0] == pytest.approx(15.5) and np.isinf(cells[0, 1:]).all()


@settings(max_examples=300, deadline=None)
@given(
    st.lists(any_footprints(), min_size=1, max_size=6),
    st.lists(st.lists(any_footprints(), min_size=1, max_size=5), max_size=5),
)
def test_group_minima_are_the_per_footprint_minima(mine: list[Footprint], groups: list[list[Footprint]]) -> None:
    """Each group's minimum by the group's bound alone is the minimum of :meth:`Groups.per_footprint`, bit for bit
    (and ``min_distance`` once clipped)."""
    g, a = Groups(groups), Feet(mine)
    got = g.group_minima(a)
    if not groups:
        assert got == []
        return
    assert got == g.per_footprint(a).min(axis=0).tolist()
    assert [max(0.0, v) for v in got] == [min_distance(mine, theirs) for theirs in groups]


def test_a_groups_far_pairs_are_not_measured(monkeypatch: pytest.MonkeyPatch) -> None:
    """Against one hull, only the squad's models that may be the closest of all are measured."""
    squad = [Footprint(Point(20.0 + 4 * i, 0.0), 0.5) for i in range(5)]
    hull = Footprint(box(0.0, -1.0, 4.0, 1.0))
    measured: list[int] = []
    real = shapely.distance

    def counted(x: np.ndarray, y: np.ndarray) -> np.ndarray:
        measured.append(len(x))
        out: np.ndarray = real(x, y)
        return out

    monkeypatch.setattr(shapely, "distance", counted)
    assert Groups([[hull]]).group_minima(Feet(squad)) == [15.5]
    assert measured == [1]


def test_feet_arrays_exact_values() -> None:
    hull = Footprint(box(0.0, -1.0, 4.0, 1.0))
    feet = Feet([Footprint(Point(1.0, 2.0), 0.5), hull, Footprint(Point(3.0, 4.0), 1.0)])
    assert feet.xs.tolist() == [1.0, 2.0, 3.0] and feet.ys.tolist() == [2.0, 0.0, 4.0]
    assert feet.radii.tolist() == [0.5, 0.0, 1.0] and feet.round.tolist() == [True, False, True]
    assert feet.odd.tolist() == [1] and feet.odd.dtype == np.intp
    assert feet.reach[0] == feet.reach[2] == 0.0 and feet.reach[1] == pytest.approx(np.hypot(2.0, 1.0), abs=1e-5)
    assert all(c is f.core for c, f in zip(feet.cores.tolist(), feet.feet, strict=True))
    empty = Feet([])
    assert len(empty) == 0 and empty.xs.shape == (0,) and empty.odd.shape == (0,)


@settings(max_examples=300, deadline=None)
@given(st.lists(any_footprints(), min_size=1, max_size=8), st.lists(any_footprints(), min_size=1, max_size=8))
def test_each_models_column_is_the_per_footprint_column(mine: list[Footprint], theirs: list[Footprint]) -> None:
    """Each model's gap (plain Python between round bases) is its row of :meth:`Groups.per_footprint`, clipped."""
    _column_agrees(mine, theirs)


def _column_agrees(mine: list[Footprint], theirs: list[Footprint]) -> None:
    rows = Groups([theirs]).per_footprint(Feet(mine))
    got = EnemyGaps(1)._column(tuple(mine), tuple(theirs))
    assert got == [max(0.0, v) for v in rows[:, 0].tolist()]
    assert got == [min_distance([f], theirs) for f in mine]


round_bases = st.builds(
    lambda x, y, r: Footprint(Point(x, y), r),
    st.floats(0.0, 12.0),
    st.floats(0.0, 12.0),
    st.sampled_from([0.4921, 0.6299, 1.0, 1.9685]),
)


@settings(max_examples=300, deadline=None)
@given(st.lists(round_bases, min_size=1, max_size=10), st.lists(round_bases, min_size=1, max_size=10))
def test_each_round_models_column_is_the_per_footprint_column(mine: list[Footprint], theirs: list[Footprint]) -> None:
    _column_agrees(mine, theirs)


@settings(max_examples=300, deadline=None)
@given(
    st.lists(round_bases, min_size=1, max_size=10),
    st.lists(st.lists(any_footprints(), min_size=1, max_size=5), max_size=5),
)
def test_round_bases_group_minima_against_hulls_and_ovals(mine: list[Footprint], groups: list[list[Footprint]]) -> None:
    """A unit of round bases: only the columns of the hulls and ovals are bounded; the minima (of each group, of
    each footprint's row in each group) stay exact."""
    g, a = Groups(groups), Feet(mine)
    got = g.group_minima(a)
    assert got == (g.per_footprint(a).min(axis=0).tolist() if groups else [])
    assert [max(0.0, v) for v in got] == [min_distance(mine, theirs) for theirs in groups]
    if groups:
        matrix = np.minimum.reduceat(distance_matrix(a, g.flat), g.starts, axis=1)
        assert g.per_footprint(a).tobytes() == matrix.tobytes()


@settings(max_examples=200, deadline=None)
@given(st.lists(round_bases, min_size=1, max_size=10), st.lists(round_bases, min_size=1, max_size=10))
def test_round_columns_agree_in_numpy_and_python(mine: list[Footprint], theirs: list[Footprint]) -> None:
    """Between round bases, plain Python and numpy give each model's gap bit for bit (the pairs' count only picks
    the cheaper)."""
    by_hand = EnemyGaps(1)._column(tuple(mine), tuple(theirs))
    real = gaps_module.NUMPY_PAIRS
    try:
        gaps_module.NUMPY_PAIRS = 1 if len(mine) * len(theirs) >= real else 10**9  # the other way
        assert EnemyGaps(1)._column(tuple(mine), tuple(theirs)) == by_hand
    finally:
        gaps_module.NUMPY_PAIRS = real
    assert by_hand == [min_distance([f], theirs) for f in mine]


def test_a_one_model_units_model_gap_is_its_gap(monkeypatch: pytest.MonkeyPatch) -> None:
    """A unit of one model: its model's gap is the unit's gap (no column measured)."""
    game = heuristic_game(4)[0]
    monkeypatch.setattr(EnemyGaps, "_column", lambda *_: pytest.fail("measured again"))
    seen = 0
    for player in (1, 2):
        measures = EnemyGaps(player)
        for unit in game.state.units_of(player):
            mine = charges.feet(game, unit.id)
            if len(mine) != 1:
                continue
            for enemy, gap in measures.gaps(game, unit.id).items():
                assert measures.model_gaps(game, unit.id, enemy) == {mine[0][1].id: gap}
                seen += 1
    assert seen


@settings(max_examples=300, deadline=None)
@given(
    st.lists(any_footprints(), min_size=1, max_size=6),
    st.lists(st.lists(any_footprints(), min_size=1, max_size=5), min_size=1, max_size=5),
)
def test_group_minima_are_the_whole_group_cells_minima(mine: list[Footprint], groups: list[list[Footprint]]) -> None:
    """Each group's minimum of the pairs measured is the minimum of :meth:`Groups._closest_cells` with
    ``whole_group`` (the same pairs measured), bit for bit."""
    g, a = Groups(groups), Feet(mine)
    cells = g._closest_cells(a, whole_group=True)
    expected = np.minimum.reduceat(np.minimum.reduce(cells, axis=0), g.starts)
    assert np.array(g.group_minima(a)).tobytes() == expected.tobytes()
