"""Hulls and Facings (HOW-4: which Facing a charging model's base touches, rulebook p.239)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from strategium.errors import InputError
from strategium.geometry.bases import Hull, facing_arcs, facings_touched
from strategium.geometry.measure import Footprint
from strategium.model.characteristics import Facing
from tests.geometry.helpers import disc

# A hull 5" long, 3" wide, centred at (10, 10), Front facing +x: front edge at x=12.5, rear at x=7.5.
HULL = Hull(10, 10, 5, 3, heading=0)


def test_hull_corners_follow_the_heading() -> None:
    assert HULL.corners() == ((12.5, 11.5), (7.5, 11.5), (7.5, 8.5), (12.5, 8.5))
    turned = Hull(0, 0, 4, 2, heading=90)
    assert [tuple(round(c, 9) for c in p) for p in turned.corners()] == [(-1, 2), (-1, -2), (1, -2), (1, 2)]
    with pytest.raises(InputError):
        Hull(0, 0, 0, 2)


def test_how4_base_touching_the_front_edge_touches_the_front_only() -> None:
    assert facings_touched(HULL, disc(12.5 + 0.5, 10, 0.5)) == {Facing.FRONT}


def test_how4_base_touching_a_side_or_the_rear() -> None:
    assert facings_touched(HULL, disc(10, 11.5 + 0.5, 0.5)) == {Facing.SIDE}
    assert facings_touched(HULL, disc(10, 8.5 - 0.5, 0.5)) == {Facing.SIDE}
    assert facings_touched(HULL, disc(7.5 - 0.5, 9, 0.5)) == {Facing.REAR}


def test_how4_base_touching_a_hull_corner_touches_two_facings() -> None:
    # centre on the diagonal beyond the front-left corner (12.5, 11.5), at exactly its radius
    r = 0.5
    off = r / 2**0.5
    assert facings_touched(HULL, disc(12.5 + off, 11.5 + off, r)) == {Facing.FRONT, Facing.SIDE}
    assert facings_touched(HULL, disc(7.5 - off, 8.5 - off, r)) == {Facing.REAR, Facing.SIDE}


def test_how4_base_not_in_contact_touches_no_facing() -> None:
    assert facings_touched(HULL, disc(13.01, 10, 0.5)) == frozenset()


def test_facing_arcs_are_drawn_through_the_corners() -> None:
    assert facing_arcs(HULL, (20, 10)) == {Facing.FRONT}
    assert facing_arcs(HULL, (10, 20)) == {Facing.SIDE}
    assert facing_arcs(HULL, (0, 10)) == {Facing.REAR}
    # on the ray from the centre through the front-left corner: both arcs
    assert facing_arcs(HULL, (10 + 2.5 * 4, 10 + 1.5 * 4)) == {Facing.FRONT, Facing.SIDE}
    assert facing_arcs(HULL, (10, 10)) == frozenset()


@settings(max_examples=300, deadline=None)
@given(
    st.one_of(st.floats(-100.0, 100.0), st.sampled_from([0.0, -0.0, 1e-300, -1e-300])),
    st.one_of(st.floats(-100.0, 100.0), st.sampled_from([0.0, -0.0, 5e-324])),
    st.floats(0.01, 5.0),
)
def test_round_footprint_as_a_point_footprint(x: float, y: float, radius: float) -> None:
    import struct

    from shapely.geometry import Point

    from strategium.geometry.bases import round_footprint

    fast, plain = round_footprint(x, y, radius), Footprint(Point(x, y), radius)
    bits = [struct.pack("<d", v) for v in (*fast.centre, *fast.bounds)]
    assert bits == [struct.pack("<d", v) for v in (*plain.centre, *plain.bounds)]
    assert fast.core.wkb == plain.core.wkb and fast.radius == plain.radius
    assert fast.outer_bounds == plain.outer_bounds and fast.key == plain.key
