"""Table and deployment maps (CORE_A §3.2: zone depths are 7th-edition defaults, marked unconfirmed)."""

from __future__ import annotations

import math

import pytest

from strategium.errors import InputError
from strategium.geometry.deployment import dawn_of_war, deployment_map, hammer_and_anvil, vanguard_strike
from strategium.geometry.table import Edge, Table


def test_default_table_is_six_by_four_feet() -> None:
    t = Table()
    assert (t.width, t.depth) == (72.0, 48.0)
    assert t.polygon().area == 72 * 48
    assert t.long_edges() == (Edge.SOUTH, Edge.NORTH)
    assert t.edge_line(Edge.EAST).coords[:] == [(72.0, 0.0), (72.0, 48.0)]
    with pytest.raises(InputError):
        Table(0, 48)


def test_dawn_of_war_zones_lie_along_the_long_edges() -> None:
    m = dawn_of_war(Table())
    assert not m.confirmed
    assert m.zone(1).polygon.bounds == (0.0, 0.0, 72.0, 12.0)
    assert m.zone(2).polygon.bounds == (0.0, 36.0, 72.0, 48.0)
    assert m.zone(1).edges == (Edge.SOUTH,) and m.zone(2).edges == (Edge.NORTH,)


def test_hammer_and_anvil_zones_lie_along_the_short_edges() -> None:
    m = hammer_and_anvil(Table())
    assert m.zone(1).polygon.bounds == (0.0, 0.0, 24.0, 48.0)
    assert m.zone(2).polygon.bounds == (48.0, 0.0, 72.0, 48.0)
    assert m.zone(2).edges == (Edge.EAST,)


def test_vanguard_strike_is_diagonal_halves_without_the_centre() -> None:
    m = vanguard_strike(Table())
    expected = 72 * 48 / 2 - math.pi * 12**2 / 2
    assert m.zone(1).polygon.area == pytest.approx(expected, rel=2e-3)
    assert m.zone(2).polygon.area == pytest.approx(expected, rel=2e-3)
    assert m.zone(1).polygon.distance(m.zone(2).polygon) == pytest.approx(0.0)
    from shapely.geometry import Point

    assert Point(36, 24).distance(m.zone(1).polygon) == pytest.approx(12.0, abs=2e-3)
    assert Point(36, 24).distance(m.zone(1).polygon) >= 12.0 - 1e-9


def test_deployment_map_by_name_and_unknown_names() -> None:
    assert deployment_map("hammer-and-anvil", Table()).name == "hammer-and-anvil"
    with pytest.raises(InputError, match="known: dawn-of-war"):
        deployment_map("spearhead", Table())
    with pytest.raises(InputError):
        dawn_of_war(Table()).zone(3)
