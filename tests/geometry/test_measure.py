"""Measuring: closest-point distances and the named predicates at their boundaries (docs/geometry.md)."""

from __future__ import annotations

import pytest
from shapely.geometry import Point

from strategium.errors import InputError
from strategium.geometry.bases import Base, parse_base
from strategium.geometry.measure import (
    EPSILON,
    Footprint,
    Quantifier,
    distance,
    entirely_within,
    in_contact,
    min_distance,
    more_than,
    unit_more_than,
    unit_within,
    within,
)
from tests.geometry.helpers import R32, disc


def test_base_sizes_convert_from_millimetres() -> None:
    assert Base(25).radius == pytest.approx(25 / 25.4 / 2)
    assert Base(32).radius == pytest.approx(0.6299212598)
    assert parse_base("60x35mm") == Base(60, 35)
    assert parse_base(" 40mm ") == Base(40)
    with pytest.raises(InputError):
        parse_base("large")
    with pytest.raises(InputError):
        Base(0)


def test_bases_exactly_nine_inches_apart_are_not_more_than_nine() -> None:
    a, b = disc(10, 10), disc(10 + 9 + 2 * R32, 10)
    assert distance(a, b) == pytest.approx(9.0, abs=1e-12)
    assert not more_than(distance(a, b), 9)
    assert within(distance(a, b), 9)


def test_bases_nine_point_zero_zero_one_apart_are_more_than_nine() -> None:
    a, b = disc(10, 10), disc(10 + 9.001 + 2 * R32, 10)
    assert more_than(distance(a, b), 9)
    assert not within(distance(a, b), 9)


def test_diagonal_distance_is_between_closest_points() -> None:
    a, b = disc(0, 0, 0.5), disc(3, 4, 1.0)
    assert distance(a, b) == pytest.approx(3.5)


def test_touching_bases_are_in_contact_and_a_gap_is_not() -> None:
    assert in_contact(disc(0, 0), disc(2 * R32, 0))
    assert in_contact(disc(0, 0), disc(2 * R32 + EPSILON / 2, 0))
    assert not in_contact(disc(0, 0), disc(2 * R32 + 0.001, 0))
    assert in_contact(disc(0, 0), disc(0.1, 0))  # overlapping counts as contact


def test_oval_base_is_measured_along_its_long_axis() -> None:
    oval = Base(60, 35).footprint(0, 0, heading=0)
    tip = 60 / 25.4 / 2
    assert distance(oval, Footprint(Point(tip + 3, 0), 0.0)) == pytest.approx(3.0, abs=1e-3)
    side = 35 / 25.4 / 2
    assert distance(oval, Footprint(Point(0, side + 3), 0.0)) == pytest.approx(3.0, abs=1e-3)
    turned = Base(60, 35).footprint(0, 0, heading=90)
    assert distance(turned, Footprint(Point(0, tip + 3), 0.0)) == pytest.approx(3.0, abs=1e-3)


def test_entirely_within_for_a_moved_base_is_the_centre_displacement() -> None:
    old = disc(10, 10)
    assert entirely_within(disc(16, 10), old, 6)
    assert not entirely_within(disc(16.001, 10), old, 6)
    assert entirely_within(disc(10 + 3, 10 + 4), old, 5)


def test_entirely_within_a_hull() -> None:
    hull = Footprint(Point(0, 0).buffer(1).envelope, 0.0)  # the square -1..1
    assert entirely_within(disc(0, 0, 0.5), hull, 0)
    assert entirely_within(disc(2.5, 0, 0.5), hull, 2)
    assert not entirely_within(disc(2.5, 0, 0.5), hull, 1.9)


def test_unit_predicates_any_half_all() -> None:
    a = [disc(0, 0), disc(0, 10), disc(0, 20), disc(0, 30)]
    b = [disc(5, 0)]
    assert min_distance(a, b) == pytest.approx(5 - 2 * R32)
    assert unit_within(a, b, 5, Quantifier.ANY)
    assert not unit_within(a, b, 5, Quantifier.HALF)
    assert unit_within(a, [disc(5, 0), disc(5, 10)], 5, Quantifier.HALF)
    assert not unit_within(a, [disc(5, 0), disc(5, 10)], 5, Quantifier.ALL)
    assert unit_more_than(a, b, 3)
    assert not unit_more_than(a, b, 5 - 2 * R32)
    with pytest.raises(ValueError):
        min_distance([], b)
