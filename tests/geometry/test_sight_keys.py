"""``sight_keys``: the source polygon of an observer, the box that holds it, and the sight caches' keys."""

from __future__ import annotations

import math

import numpy as np
from shapely.geometry import Point, box

from strategium.geometry.bases import Base, Hull
from strategium.geometry.measure import Footprint
from strategium.geometry.pieces import PlacedModel
from strategium.geometry.sight_keys import (
    SOURCE_SEGMENTS,
    hidden_key,
    model_key,
    models_key,
    source,
    source_box,
    source_vertices,
)


def test_round_source_is_the_circumscribed_16_gon_inside_its_box() -> None:
    fp = Footprint(Point(10.0, 20.0), 1.0)
    poly = source(fp)
    assert SOURCE_SEGMENTS == 16
    assert len(poly.exterior.coords) == SOURCE_SEGMENTS + 1
    far = np.hypot(*(np.asarray(poly.exterior.coords) - (10.0, 20.0)).T)
    assert np.allclose(far, 1.0 / math.cos(math.pi / 16))
    assert poly.contains(Point(10.0, 20.0).buffer(1.0 - 1e-6, 64))
    assert source_box(fp) == (10.0 - 1.05 - 1e-6, 20.0 - 1.05 - 1e-6, 10.0 + 1.05 + 1e-6, 20.0 + 1.05 + 1e-6)
    assert box(*source_box(fp)).contains(poly)


def test_hull_source_is_the_hull_itself() -> None:
    hull = box(1.0, 2.0, 4.0, 3.0)
    fp = Footprint(hull)
    assert source(fp) is hull
    assert source_box(fp) == (1.0 - 1e-6, 2.0 - 1e-6, 4.0 + 1e-6, 3.0 + 1e-6)


def test_keys_are_values() -> None:
    a = PlacedModel(Footprint(Point(3.0, 4.0), 0.63), 1.25, "a")
    b = PlacedModel(Footprint(Point(3.0, 4.0), 0.63), 1.25, "b")
    c = PlacedModel(Footprint(Point(3.0, 4.0), 0.63), 2.5, "c")
    assert model_key(a) == model_key(b) == (a.footprint.key, 1.25)
    assert model_key(c) != model_key(a)
    assert models_key([a, c]) == (model_key(a), model_key(c))
    assert hidden_key(a, 2.5) == (a.footprint.key, 1.25, 2.5) == hidden_key(b, 2.5)
    assert hidden_key(a, 2.5) != hidden_key(a, 1.25)


def test_source_vertices_are_the_source_ring_float_for_float() -> None:
    """Round, oval and hull footprints: the vertices without the polygon are its exterior's (closing repeat dropped)."""
    rng = np.random.default_rng(5)
    feet = [
        Footprint(Point(float(x), float(y)), float(r)) for x, y, r in rng.uniform([0, 0, 0.3], [72, 48, 3], (40, 3))
    ]
    feet += [Base(60, 35).footprint(12.3, 4.5, 37.0), Hull(30.1, 20.7, 4.6, 3.6, 211.0).footprint()]
    for fp in feet:
        expected = np.asarray(source(fp).exterior.coords)[:-1]
        got = source_vertices(fp)
        assert got.shape == expected.shape and np.array_equal(got, expected)
    assert source_vertices(Footprint(Point(1.0, 2.0), 1.0))[0].tolist() == [1.0 + 1.0 / math.cos(math.pi / 16), 2.0]
