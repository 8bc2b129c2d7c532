"""The broad phase of the Charge Move proposals (``proposals.Boxed``, ``proposals._clear``): the same answers as
testing every footprint exactly."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from shapely.geometry import Point, box

from strategium.agents.proposals import Boxed, _clear
from strategium.engine.table_checks import overlaps
from strategium.geometry.measure import Footprint, distance

_coord = st.floats(0, 12, allow_nan=False)


@st.composite
def _footprints(draw: st.DrawFn) -> Footprint:
    x, y = draw(_coord), draw(_coord)
    if draw(st.booleans()):
        return Footprint(Point(x, y), draw(st.sampled_from((0.5, 0.6299, 1.0, 1.5))))
    w, h = draw(st.floats(0.5, 4)), draw(st.floats(0.5, 3))
    return Footprint(box(x - w / 2, y - h / 2, x + w / 2, y + h / 2))


@settings(max_examples=300, deadline=None)
@given(_footprints(), st.lists(_footprints(), max_size=12), st.floats(0, 3))
def test_near_is_a_superset_of_the_footprints_within_reach(fp: Footprint, feet: list[Footprint], inches: float) -> None:
    near = Boxed(feet).near(fp, inches)
    assert [f for f in feet if distance(fp, f) <= inches] == [f for f in near if distance(fp, f) <= inches]
    assert [f for f in feet if f in near] == near  # in the given order


@settings(max_examples=300, deadline=None)
@given(
    _footprints(),
    st.lists(_footprints(), max_size=10),
    st.lists(_footprints(), max_size=3),
    st.lists(_footprints(), max_size=6),
    st.sampled_from((0.0, 1.0, 2.0)),
)
def test_clear_agrees_with_the_exact_test_of_every_footprint(
    fp: Footprint, fixed: list[Footprint], placed: list[Footprint], enemies: list[Footprint], gap: float
) -> None:
    exact = not any(overlaps(fp, o) for o in fixed + placed) and all(distance(fp, e) > gap + 1e-3 for e in enemies)
    assert _clear(fp, Boxed(fixed), placed, Boxed(enemies), gap) == exact


def test_near_with_nothing() -> None:
    assert Boxed([]).near(Footprint(Point(1, 1), 0.5), 10.0) == []
