"""Sight answers kept by value, the batch query ``sees_each`` and the shooting plan's closest distances: each
agrees with the uncached, one-at-a-time answer."""

from __future__ import annotations

import numpy as np
import shapely
from shapely.geometry import box

from strategium.engine.shooting.plan import closest
from strategium.geometry.bases import Hull
from strategium.geometry.measure import distance
from strategium.geometry.pieces import PlacedModel, PlacedUnit
from strategium.geometry.sight import SightMap
from tests.geometry.helpers import disc, random_models, ruined_table


def test_footprint_key_is_a_value() -> None:
    assert disc(10, 20).key == disc(10, 20).key
    assert disc(10, 20).key != disc(10, 20.5).key
    assert disc(10, 20, 0.5).key != disc(10, 20, 0.6).key
    h = Hull(10, 20, 4.5, 2.75, heading=30)
    assert h.footprint().key == Hull(10, 20, 4.5, 2.75, heading=30).footprint().key
    assert h.footprint().key != Hull(10, 20, 4.5, 2.75, heading=31).footprint().key
    assert hash(h.footprint().key) == hash(Hull(10, 20, 4.5, 2.75, heading=30).footprint().key)


def test_sees_each_and_kept_answers_agree_with_fresh_maps() -> None:
    bf = ruined_table()
    rng = np.random.default_rng(11)
    kept = SightMap(bf)
    for trial in range(30):
        observers = random_models(rng, int(rng.integers(1, 8)), "o")
        target = PlacedUnit("t", 2, random_models(rng, int(rng.integers(1, 5)), "t"))
        expected = [SightMap(bf).model_sees(o, t) for o in observers for t in target.models]
        per_observer = [
            any(expected[i * len(target.models) : (i + 1) * len(target.models)]) for i in range(len(observers))
        ]
        for _ in range(2):  # the second time from the kept answers
            assert kept.sees_each(observers, target) == per_observer
            for o, seen in zip(observers, per_observer, strict=True):
                assert kept.unit_sees(PlacedUnit("o", 1, (o,)), target) == seen
            assert kept.unit_sees(PlacedUnit("o", 1, observers), target) == any(per_observer)
        assert SightMap(bf).sees_each(observers, PlacedUnit("t", 2, target.models, embarked_in="Rhino")) == [
            False
        ] * len(observers), trial


def test_closest_is_the_smallest_distance() -> None:
    rng = np.random.default_rng(3)
    for _ in range(20):
        mine = random_models(rng, 5, "m")
        theirs = random_models(rng, 4, "t")
        wanted = [bool(w) for w in rng.integers(0, 2, len(mine))]
        for _ in range(2):
            got = closest(mine, theirs, wanted)
            for pm, want, d in zip(mine, wanted, got, strict=True):
                if want:
                    assert d == min(distance(pm.footprint, t.footprint) for t in theirs)
                else:
                    assert d == 0.0


def test_the_near_blockers_decide_as_every_blocker_does() -> None:
    """The hidden-area test unions only the umbras of blockers near the observer and the targets: the same
    answers as with the whole hidden area (every blocker's umbra)."""
    from strategium.geometry.measure import EPSILON

    bf = ruined_table()
    rng = np.random.default_rng(7)
    checked = 0
    for _ in range(60):
        o = random_models(rng, 1, "o")[0]
        targets = random_models(rng, int(rng.integers(1, 4)), "t")
        for t in targets:
            sight = SightMap(bf)
            full = sight.hidden_area(o, t.height)
            hidden_full = bool(full.contains(t.footprint.core)) and (
                full.boundary.distance(t.footprint.core) > t.footprint.radius + EPSILON
            )
            near = sight._hidden_see_each([o], [t], t.height)
            assert bool(near[0]) == (not hidden_full)
            checked += hidden_full
    assert checked > 3  # some targets were hidden


def test_umbras_do_not_depend_on_the_batch() -> None:
    """An umbra is the same polygon, vertex for vertex, whether cast alone or with other sources and blockers
    (of other vertex counts): the sight map keeps umbras one (observer, blocker) at a time."""
    from strategium.geometry.sight import umbras
    from strategium.geometry.sight_keys import SOURCE_SEGMENTS

    bf = ruined_table()
    blockers = list(bf.sight_blockers(1.0, 1.0))
    rng = np.random.default_rng(5)
    for _ in range(20):
        models = random_models(rng, 4, "o")
        models += (PlacedModel(disc(20.5, float(rng.uniform(14, 34)), 0.63), 1.25, "on-the-wall"),)  # overlaps ruin0
        sources = [m.footprint.outer_polygon(SOURCE_SEGMENTS) for m in models]
        together = umbras(sources, blockers)
        for i, s in enumerate(sources):
            for j, b in enumerate(blockers):
                alone = umbras([s], [b])[0, 0]
                assert np.array_equal(shapely.get_coordinates(alone), shapely.get_coordinates(together[i, j]))


def _behind_the_wall(rng: np.random.Generator, n: int) -> tuple[PlacedModel, ...]:
    """Targets mostly behind ruin0 (x 20-22, y 14-34), seen from its west side: many hidden, some not."""
    return tuple(
        PlacedModel(disc(float(rng.uniform(22.2, 30)), float(rng.uniform(12, 36)), 0.63), 1.25, f"t{i}")
        for i in range(n)
    )


def test_single_umbras_decide_as_the_hidden_area() -> None:
    """The fast decision from single umbras, where it decides, is the answer of the hidden area (the union of
    the umbras); the whole test agrees with the hidden area everywhere."""
    bf = ruined_table()
    rng = np.random.default_rng(17)
    decided = {True: 0, False: 0}
    for trial in range(120):
        if trial % 2:
            o = PlacedModel(disc(float(rng.uniform(10, 19.4)), float(rng.uniform(16, 32)), 0.63), 1.25, "o")
            targets = _behind_the_wall(rng, int(rng.integers(1, 4)))
        else:
            o = random_models(rng, 1, "o")[0]
            targets = random_models(rng, int(rng.integers(1, 4)), "t")
        ht = targets[0].height
        targets = tuple(t for t in targets if t.height == ht)
        sight = SightMap(bf)
        near = sight._near([o], targets, ht)
        pieces = sight._piece_indices(o.height, ht)
        fast = sight._by_umbras([o], [tuple(pieces[j] for j in near[0])], targets)[0]
        exact = bool(SightMap(bf)._by_area([o], targets, ht, near)[0])
        full = bool(SightMap(bf)._by_area([o], targets, ht, [tuple(range(len(pieces)))])[0])
        assert exact == full
        if fast is not None:
            assert fast == exact, trial
            decided[fast] += 1
        assert bool(sight._hidden_see_each([o], targets, ht)[0]) == exact
    assert decided[True] > 10 and decided[False] > 10


def test_observers_inside_a_blocker_decide_as_the_hidden_area() -> None:
    """Observers inside a blocking ruin (its umbra covers the table): every target on the table is hidden, as the
    hidden area says; targets at the table's edge go to the hidden area."""
    bf = ruined_table()
    rng = np.random.default_rng(29)
    for trial in range(40):
        o = PlacedModel(disc(float(rng.uniform(41, 45)), float(rng.uniform(6, 7)), 0.5), 1.25, "o")
        targets = random_models(rng, int(rng.integers(1, 4)), "t")
        if trial % 4 == 0:
            targets += (PlacedModel(disc(0.4, float(rng.uniform(1, 47)), 0.63), 1.25, "edge"),)
        ht = targets[0].height
        targets = tuple(t for t in targets if t.height == ht)
        sight = SightMap(bf)
        near = sight._near([o], targets, ht)
        exact = bool(SightMap(bf)._by_area([o], targets, ht, near)[0])
        assert bool(sight._hidden_see_each([o], targets, ht)[0]) == exact, trial


def test_the_hidden_area_of_an_observer_inside_a_blocker_is_the_union_vertex_for_vertex() -> None:
    """An observer whose umbra covers the table gets the table's ring as its hidden area without casting its
    umbras: the very polygon the union of all its umbras, clipped to the table, gives."""
    from strategium.geometry.sight import umbras
    from strategium.geometry.sight_keys import SOURCE_SEGMENTS

    bf = ruined_table()
    rng = np.random.default_rng(31)
    for _ in range(25):
        spot = [(43.0, 6.5), (21.0, 24.0), (51.0, 36.0), (34.0, 39.0)][int(rng.integers(0, 4))]
        x, y = spot[0] + float(rng.uniform(-0.3, 0.3)), spot[1] + float(rng.uniform(-0.3, 0.3))
        o = PlacedModel(disc(x, y, float(rng.choice([0.3, 0.45]))), 1.25, "o")
        ht = float(rng.choice([1.25, 2.5]))
        sight = SightMap(bf)
        area = sight.hidden_area(o, ht)
        blockers = list(sight.blockers(o.height, ht))
        row = umbras([o.footprint.outer_polygon(SOURCE_SEGMENTS)], blockers)[0]
        expected = shapely.intersection(shapely.union_all(row), box(0, 0, bf.table.width, bf.table.depth))
        assert np.array_equal(shapely.get_coordinates(area), shapely.get_coordinates(expected))
