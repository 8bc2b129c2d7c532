"""``sight.centre_lines_clear`` (the fast centre-to-centre test of ``SightMap.sees_each``): the same answers, bit
for bit, as testing every observer-target segment in one ``HalfPlanes.crossed`` batch, including segments that
graze blocker corners and run along their edges; and the batch fact it rests on (a segment's answer does not
depend on the other segments of its batch, nor on the batch's size)."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from shapely.geometry import Polygon, box

from strategium.geometry.sight import centre_lines_clear
from strategium.geometry.umbra import HalfPlanes


def _all_at_once(planes: HalfPlanes, oc: np.ndarray, tc: np.ndarray) -> list[bool]:
    crossed = planes.crossed(np.repeat(oc, len(tc), axis=0), np.tile(tc, (len(oc), 1)))
    return [not bool(row.all()) for row in crossed.reshape(len(oc), len(tc))]


_coord = st.one_of(st.integers(0, 24).map(float), st.floats(0, 24, allow_nan=False))  # grid points graze corners
_point = st.tuples(_coord, _coord)
_blocker = st.one_of(
    st.tuples(st.integers(0, 20), st.integers(0, 20), st.integers(1, 6), st.integers(1, 6)).map(
        lambda b: box(b[0], b[1], b[0] + b[2], b[1] + b[3])
    ),
    st.lists(_point, min_size=3, max_size=7).map(lambda pts: Polygon(pts).convex_hull),
)


@settings(max_examples=400, deadline=None)
@given(
    st.lists(_blocker, min_size=1, max_size=5),
    st.lists(_point, min_size=1, max_size=7),
    st.lists(_point, min_size=1, max_size=7),
)
def test_centre_lines_clear_equals_one_batch_of_every_segment(
    blockers: list[Polygon], observers: list[tuple[float, float]], targets: list[tuple[float, float]]
) -> None:
    blockers = [b for b in blockers if isinstance(b, Polygon) and b.area > 1e-6]
    planes = HalfPlanes.of(blockers)
    oc, tc = np.array(observers), np.array(targets)
    assert centre_lines_clear(planes, oc, tc) == _all_at_once(planes, oc, tc)


def test_a_wall_between_hides_the_centres_and_a_gap_shows_them() -> None:
    planes = HalfPlanes.of([box(4, 0, 5, 10)])
    oc = np.array([(0.0, 5.0), (0.0, 12.0), (0.0, 2.0)])
    tc = np.array([(9.0, 5.0), (9.0, 12.0)])
    assert centre_lines_clear(planes, oc, tc) == [False, True, False]  # (0, 5) to (9, 12) crosses the wall too
    assert centre_lines_clear(planes, oc[:1], tc[:1]) == [False]
    assert centre_lines_clear(planes, oc[2:], tc) == [False]


@settings(max_examples=200, deadline=None)
@given(st.integers(2, 40), st.integers(1, 12), st.integers(0, 2**32 - 1))
def test_a_segments_answer_in_a_batch_of_two_or_more_is_its_answer_in_any_other(rows: int, n_b: int, seed: int) -> None:
    rng = np.random.default_rng(seed)
    blockers = [box(x, y, x + w, y + h) for x, y, w, h in rng.uniform(0, 20, (n_b, 4)).tolist()]
    planes = HalfPlanes.of(blockers)
    p0, p1 = rng.uniform(-5, 30, (rows, 2)), rng.uniform(-5, 30, (rows, 2))
    whole = planes.crossed(p0, p1)
    pairs = np.concatenate([planes.crossed(p0[i : i + 2], p1[i : i + 2]) for i in range(0, rows - 1, 2)])
    assert whole[: len(pairs)].tolist() == pairs.tolist()


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 30), st.integers(1, 12), st.integers(0, 2**32 - 1))
def test_a_segments_answer_is_the_same_alone_in_any_batch_and_by_the_scalar_test(
    rows: int, n_b: int, seed: int
) -> None:
    """``crossed`` multiplies elementwise (no matrix product, whose BLAS rounding depends on the machine and on the
    batch size): a segment alone, in a batch, and through ``segment_crossed``'s scalar arithmetic gets one answer."""
    rng = np.random.default_rng(seed)
    blockers = [box(x, y, x + w, y + h) for x, y, w, h in rng.uniform(0, 20, (n_b, 4)).tolist()]
    planes = HalfPlanes.of(blockers)
    p0, p1 = rng.uniform(-5, 30, (rows, 2)), rng.uniform(-5, 30, (rows, 2))
    whole = planes.crossed(p0, p1).tolist()
    alone = [bool(planes.crossed(p0[i : i + 1], p1[i : i + 1])[0]) for i in range(rows)]
    scalar = [planes.segment_crossed(tuple(p0[i].tolist()), tuple(p1[i].tolist())) for i in range(rows)]
    assert whole == alone == scalar
