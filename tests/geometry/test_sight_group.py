"""The group test of the hidden-area path (:meth:`SightMap._group_hidden`): where it finds every target hidden
from a group of observers, the hidden area of each observer (the exact test) hides every target too."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from strategium.geometry import sight as sight_module
from strategium.geometry.pieces import PlacedModel, PlacedUnit
from strategium.geometry.sight import SightMap
from strategium.geometry.sight_group import source_points
from tests.geometry.helpers import disc
from tests.geometry.test_sight_cache import _battlefield, _behind_the_wall, _models


def _west_of_the_ruin(rng: np.random.Generator, n: int) -> tuple[PlacedModel, ...]:
    """Observers west of ruin0 (x 20-22, y 14-34), close together."""
    x0, y0 = float(rng.uniform(10, 16)), float(rng.uniform(16, 30))
    return tuple(PlacedModel(disc(x0 + 1.5 * (i % 3), y0 + 1.5 * (i // 3), 0.5), 1.25, f"o{i}") for i in range(n))


def _check(observers: tuple[PlacedModel, ...], targets: tuple[PlacedModel, ...]) -> bool:
    """Asserts the group test against the exact test; returns whether the group test decided."""
    bf = _battlefield()
    ht = targets[0].height
    targets = tuple(t for t in targets if t.height == ht)
    sight = SightMap(bf)
    near = sight._near(observers, targets, ht)
    decided = sight._group_hidden(observers, targets, ht, near)
    exact = SightMap(bf)._by_area(observers, targets, ht, near)
    if decided:
        assert not exact.any()
    assert list(sight._hidden_see_each(observers, targets, ht)) == list(exact)
    return decided


def test_the_group_test_decides_as_the_hidden_areas() -> None:
    rng = np.random.default_rng(41)
    decided = 0
    for trial in range(80):
        if trial % 3:
            observers = _west_of_the_ruin(rng, int(rng.integers(2, 7)))
            targets = _behind_the_wall(rng, int(rng.integers(1, 4)))
        else:
            observers = _models(rng, int(rng.integers(2, 6)), "o")
            targets = _models(rng, int(rng.integers(1, 4)), "t")
        decided += _check(observers, targets)
    assert decided > 10


@settings(max_examples=40, deadline=None)
@given(
    st.floats(8.0, 17.0),
    st.floats(14.0, 32.0),
    st.integers(2, 6),
    st.lists(st.tuples(st.floats(22.8, 40.0), st.floats(10.0, 38.0)), min_size=1, max_size=4),
)
def test_the_group_test_agrees_with_the_hidden_areas(
    x: float, y: float, n: int, spots: list[tuple[float, float]]
) -> None:
    observers = tuple(PlacedModel(disc(x + 1.2 * (i % 2), y + 1.2 * (i // 2), 0.5), 1.25, f"o{i}") for i in range(n))
    targets = tuple(PlacedModel(disc(tx, ty, 0.63), 1.25, f"t{i}") for i, (tx, ty) in enumerate(spots))
    _check(observers, targets)


def test_sees_each_with_and_without_the_group_test() -> None:
    bf = _battlefield()
    rng = np.random.default_rng(43)
    for _ in range(30):
        observers = _west_of_the_ruin(rng, int(rng.integers(2, 7)))
        targets = _behind_the_wall(rng, int(rng.integers(1, 4)))
        unit = PlacedUnit("t", 2, targets)
        with_group = SightMap(bf).sees_each(observers, unit)
        saved = sight_module.GROUP_MIN
        sight_module.GROUP_MIN = 10**9
        try:
            without = SightMap(bf).sees_each(observers, unit)
        finally:
            sight_module.GROUP_MIN = saved
        assert with_group == without


def test_source_points_are_the_source_polygons_vertices() -> None:
    rng = np.random.default_rng(47)
    for model in _models(rng, 40, "m"):
        fp = model.footprint
        expected = np.asarray(sight_module._source(fp).exterior.coords)[:-1]
        assert np.array_equal(source_points(fp, sight_module.SOURCE_SEGMENTS), expected)


def test_crossed_is_any_of_crossed_each() -> None:
    bf = _battlefield()
    sight = SightMap(bf)
    planes = sight._group.every_piece()
    rng = np.random.default_rng(53)
    p0, p1 = rng.uniform(0, 72, (200, 2)), rng.uniform(0, 48, (200, 2))
    each = planes.crossed_each(p0, p1)
    assert each.shape == (200, len(sight._pieces))
    assert np.array_equal(planes.crossed(p0, p1), each.any(axis=1))
    rows = [0, 2, 5]
    assert np.array_equal(planes.subset(rows).crossed_each(p0, p1), each[:, rows])
    assert 0 < int(each.sum()) < each.size
