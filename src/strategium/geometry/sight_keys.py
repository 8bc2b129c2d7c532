"""The values line of sight is computed and kept by: an observer's source polygon and the cache keys.

:class:`strategium.geometry.sight.SightMap` casts umbras from a polygon standing for the observer's footprint
(:func:`source`) and keeps its answers by value (footprints compare by identity): a model is its footprint's
:attr:`Footprint.key` and its height (:data:`ModelKey`); an observer's hidden area is also keyed by the target
height (:data:`HiddenKey`). ``docs/geometry.md`` states the sight model.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from shapely.geometry import Polygon

from strategium.geometry.measure import EPSILON, Footprint
from strategium.geometry.pieces import PlacedModel

__all__ = [
    "SOURCE_SEGMENTS",
    "HiddenKey",
    "ModelKey",
    "hidden_key",
    "model_key",
    "models_key",
    "source",
    "source_box",
    "source_vertices",
]

SOURCE_SEGMENTS = 16
"""Sides of the polygon that stands for a round observer base."""


def source(fp: Footprint) -> Polygon:
    """The polygon umbras are cast from: a hull or oval base itself, a round base's circumscribed regular polygon
    of :data:`SOURCE_SEGMENTS` sides (inches; at most 2% wider: the safe side for hiding)."""
    return fp.outer_polygon(SOURCE_SEGMENTS)


def source_vertices(fp: Footprint) -> np.ndarray:
    """The vertices of :func:`source` (k, 2) inches, without the ring's closing repeat (the same floats), for a round
    base without building the polygon."""
    return fp.outer_vertices(SOURCE_SEGMENTS)


def source_box(fp: Footprint) -> tuple[float, float, float, float]:
    """A box (x0, y0, x1, y1) in inches holding the footprint's :func:`source` polygon (a round base's
    circumscribes it, at most 1/cos(pi/16) - 1 < 2% wider than the base)."""
    x0, y0, x1, y1 = fp.outer_bounds
    grow = 0.05 * fp.radius + EPSILON
    return (x0 - grow, y0 - grow, x1 + grow, y1 + grow)


ModelKey = tuple[tuple[float, float, float, bytes], float]
"""A model as a value for the sight caches: its footprint's :attr:`Footprint.key` and its height."""

HiddenKey = tuple[tuple[float, float, float, bytes], float, float]
"""An observer's hidden area as a value: its footprint's key, its height and the target height."""


def model_key(model: PlacedModel) -> ModelKey:
    """The :data:`ModelKey` of one model."""
    return (model.footprint.key, model.height)


def models_key(models: Sequence[PlacedModel]) -> tuple[ModelKey, ...]:
    """The :data:`ModelKey` of each model, in order."""
    return tuple([(m.footprint.key, m.height) for m in models])


def hidden_key(observer: PlacedModel, target_height: float) -> HiddenKey:
    """Cache key of an observer's hidden area, by value: its footprint, its height and the target height."""
    return (observer.footprint.key, observer.height, target_height)
