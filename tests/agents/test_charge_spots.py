"""The greedy Charge Move of :mod:`strategium.agents.charge_spots`: pose for pose what the earlier proposal
(``tests/agents/charge_reference.py``) gives (the Charges of whole demo battles), and its broad phase a superset of
the footprints within reach."""

from __future__ import annotations

import math

from hypothesis import given, settings
from hypothesis import strategies as st
from shapely.geometry import Point, box

from strategium.agents import charge_spots
from strategium.agents import options as opt
from strategium.agents.base import play
from strategium.agents.heuristic import HeuristicPlayer
from strategium.agents.random_player import RandomPlayer
from strategium.agents.setup import demo_battle
from strategium.army.army import Model
from strategium.engine.core.actions import Action
from strategium.engine.core.board import Pose
from strategium.engine.core.game import Game
from strategium.engine.core.timing import PlayerId
from strategium.engine.table import broad_phase
from strategium.engine.table.placement import footprint, hull_of, inradius
from strategium.engine.table.table_checks import overlaps
from strategium.geometry.measure import Footprint, distance
from tests.agents import charge_reference

_coord = st.floats(0, 12, allow_nan=False)


@st.composite
def _footprints(draw: st.DrawFn) -> Footprint:
    x, y = draw(_coord), draw(_coord)
    if draw(st.booleans()):
        return Footprint(Point(x, y), draw(st.sampled_from((0.5, 0.6299, 1.0, 1.5))))
    w, h = draw(st.floats(0.5, 4)), draw(st.floats(0.5, 3))
    return Footprint(box(x - w / 2, y - h / 2, x + w / 2, y + h / 2))


def _solids(feet: list[Footprint]) -> list[charge_spots.Solid]:
    return [(f, *f.centre, 0.0) for f in feet]


@settings(max_examples=300, deadline=None)
@given(_footprints(), st.lists(_footprints(), max_size=12), st.floats(0, 3), st.floats(0, 3))
def test_near_is_a_superset_of_the_footprints_within_reach(
    fp: Footprint, feet: list[Footprint], inches: float, grow: float
) -> None:
    within = [f for f in feet if distance(fp, f) <= inches]
    near = charge_spots._near(_solids(feet), fp, inches)
    assert within == [f for f in near if distance(fp, f) <= inches]
    assert [f for f in feet if f in near] == near  # in the given order
    x0, y0, x1, y1 = fp.outer_bounds
    area = [s[0] for s in charge_spots.Nearby(_solids(feet)).near((x0 - grow, y0 - grow, x1 + grow, y1 + grow), inches)]
    assert [f for f in near if f not in area] == []  # a grown box keeps every footprint near the footprint


def _models() -> list[Model]:
    """A round-based, an oval-based and a hulled model of the demo armies."""
    game = demo_battle(4, 1)
    models = [m for a in game.state.armies for u in a.units for m in u.models]
    shapes: dict[str, Model | None] = {"round": None, "oval": None, "hull": None}
    for m in models:
        fp = footprint(m, Pose(0.0, 0.0, 0.0))
        kind = "round" if fp.is_round else ("hull" if hull_of(m, Pose(0.0, 0.0, 0.0)) is not None else "oval")
        shapes[kind] = shapes[kind] or m
    found = [m for m in shapes.values() if m is not None]
    assert len(found) == 3
    return found


MODELS = _models()


@settings(max_examples=400, deadline=None)
@given(
    st.sampled_from(MODELS),
    st.sampled_from(MODELS),
    st.floats(-4, 4),
    st.floats(-4, 4),
    st.floats(0, 359),
    st.floats(0, 359),
)
def test_inner_discs_that_cut_deep_mean_overlap(a: Model, b: Model, x: float, y: float, ha: float, hb: float) -> None:
    pa, pb = Pose(0.0, 0.0, ha), Pose(x, y, hb)
    if math.hypot(x, y) < inradius(a) + inradius(b) - charge_spots.SURE_OVERLAP:
        assert overlaps(footprint(a, pa), footprint(b, pb))
    if math.hypot(x, y) < inradius(a) - 1e-9:  # the disc about the centre lies inside the footprint
        assert footprint(a, pa).core.buffer(footprint(a, pa).radius).contains(Point(x, y))


def test_inradius_of_bases_and_hulls() -> None:
    """The disc touches the footprint's edge: a round base's radius; half an oval's width and half a hull's shorter
    side, up to the oval polygon's circumscribing (1/2000)."""
    for m in MODELS:
        fp = footprint(m, Pose(0.0, 0.0, 30.0))
        if fp.is_round:
            assert inradius(m) == fp.radius
            continue
        edge = fp.core.exterior.distance(Point(0.0, 0.0))
        assert inradius(m) <= edge + 1e-12 <= inradius(m) * 1.001 + 1e-12


class _Comparing:
    """Wraps a player: at each Charge Move decision, compares the two ways of finding the greedy Charge Move."""

    def __init__(self, inner: HeuristicPlayer | RandomPlayer) -> None:
        self.inner = inner
        self.player: PlayerId = inner.player
        self.compared = 0

    def decide(self, game: Game) -> Action:
        unit_id = opt.charge_awaiting_move(game)
        if unit_id is not None and opt.moment(game) is opt.Moment.CHARGE_MOVE:
            assert charge_spots.charge_positions(game, unit_id) == charge_reference.charge_positions(game, unit_id)
            self.compared += 1
        return self.inner.decide(game)


def test_the_same_charge_moves_as_the_proposals_in_demo_battles() -> None:
    compared = 0
    for seed, kind in ((4, "heuristic"), (11, "random")):
        game = demo_battle(seed)
        players = {
            p: _Comparing(HeuristicPlayer(p) if kind == "heuristic" else RandomPlayer.for_game(game, p)) for p in (1, 2)
        }
        play(game, players)
        compared += sum(p.compared for p in players.values())
    assert compared >= 2


def test_no_charge_no_move() -> None:
    game = demo_battle(4, 1)
    unit_id = next(iter(game.state.units))
    assert charge_spots.charge_positions(game, unit_id) == ()


@settings(max_examples=60, deadline=None)
@given(st.lists(_footprints(), min_size=1, max_size=4), st.lists(_footprints(), max_size=8), st.floats(0, 3))
def test_the_models_near_the_span_hold_those_near_each_area(
    movers: list[Footprint], others: list[Footprint], inches: float
) -> None:
    span = charge_spots._grown(broad_phase.span([f.outer_bounds for f in movers]), 2.0)
    kept = [o for o in others if charge_spots._box_near(o, span, inches)]
    everyone = charge_spots.Nearby([(o, 0.0, 0.0, 0.0) for o in others])
    for fp in movers:
        area = charge_spots._grown(fp.outer_bounds, 2.0)
        near = [one[0] for one in everyone.near(area, inches)]
        assert near == [o for o in kept if o in near]
        assert all(o in kept for o in near)


def test_the_span_of_boxes() -> None:
    assert broad_phase.span([(0.0, 1.0, 2.0, 3.0), (-1.0, 2.0, 1.0, 4.0)]) == (-1.0, 1.0, 2.0, 4.0)
    assert charge_spots._box_near(Footprint(Point(5.0, 0.0), 1.0), (0.0, 0.0, 2.0, 2.0), 2.0)  # 2" apart: near
    assert not charge_spots._box_near(Footprint(Point(5.0, 0.0), 1.0), (0.0, 0.0, 2.0, 2.0), 1.9)
