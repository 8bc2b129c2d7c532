"""Assault Vehicle (rulebook p.231) and Flanking Assault Step 5 (p.311): who may Charge after disembarking.

Table 72" x 48", Dawn of War (player 1 south, player 2 north; flank edges west and east). The Rhino's hull is
4.6" x 3.5" (heading 0); 32 mm bases (radius 0.63"). Forced dice: the Reserves roll, then the Disordered roll.
"""

from __future__ import annotations

from typing import Any

from strategium.engine.core.actions import DeclareReserves
from strategium.engine.core.board import Location, Placement, Pose, ReserveMode
from strategium.engine.core.game import Game
from strategium.engine.core.watchers import Fact
from strategium.engine.movement.reserves import Arrive, ChooseEntryEdge
from strategium.engine.movement.transports import Disembark
from strategium.engine.questions.queries import Query, ask
from tests.engine.builders import line, rhino, unit
from tests.engine.movement.test_reserves_arrival import to_turn_2_reserves
from tests.engine.moving import start

STEP_5 = "flanking_assault.assault_vehicle_passengers_may_charge"


def flanking_rhino(overrides: dict[str, Any] | None = None, rhino_rules: tuple[str, ...] = ()) -> Game:
    """Blue's Outflank squad o1 (3 models) and its Dedicated Rhino in a Flanking Assault; Red far away."""
    o1 = unit("o1", 3, rules=("Outflank",))
    lr = rhino("lr", "o1", rules=("Outflank", *rhino_rules))
    a1, r1 = unit("a1"), unit("r1", 1)
    base: dict[str, Any] = {"reserves": {"max_fraction": None}}
    places: dict[str, Placement | str] = {"a1": line(a1, 10, 5), "r1": (("r1.1", Pose(66, 40)),)}
    declared = [DeclareReserves(1, "o1", ReserveMode.FLANKING_ASSAULT)]
    return start([a1, o1, lr], [r1], places, overrides={**base, **(overrides or {})}, reserves=declared)


BEHIND = (("o1.1", Pose(1.5, 23.0)), ("o1.2", Pose(2.8, 23.0)), ("o1.3", Pose(4.1, 23.0)))
"""o1 just north of the Rhino at (3, 20): 1.88" from the hull at most (transports.disembark_range 2)."""


def arrive_and_disembark(game: Game) -> None:
    """Reserves roll 4, Disordered roll 2: Blue picks the west edge; the Rhino enters with o1 aboard (5.3" from the
    edge, within M14); o1 disembarks in the Reserves step (Step 5)."""
    to_turn_2_reserves(game, 4, 2)
    game.apply(ChooseEntryEdge(1, "west"))
    game.apply(Arrive(1, "lr", (("lr.1", Pose(3, 20)),)))
    game.apply(Arrive(1, "o1", embark_in="lr"))
    game.apply(Disembark(1, "o1", BEHIND))
    assert game.state.units["o1"].location is Location.TABLE
    assert game.state.facts.has("o1", Fact.LEFT_IN_FLANKING_STEP_5)


def test_flanking_assault_step_5_assault_vehicle_passengers_may_not_charge_by_the_most_recent_faq() -> None:
    """Default (Liber Panoptica, which changes the GW FAQ's paragraph): no Charge, and the ruling cites it."""
    game = flanking_rhino(rhino_rules=("Assault Vehicle",))
    arrive_and_disembark(game)
    answer = ask(game, Query.MAY_CHARGE, "o1")
    assert not answer
    assert [b.id for b in answer.blocks] == ["disembarked"]
    assert STEP_5 in answer.reasons[0].text and "Step 5 of a Flanking Assault" in answer.reasons[0].text


def test_flanking_assault_step_5_assault_vehicle_passengers_may_charge_by_the_gw_faq_switch() -> None:
    game = flanking_rhino({"flanking_assault": {"assault_vehicle_passengers_may_charge": True}}, ("Assault Vehicle",))
    arrive_and_disembark(game)
    assert ask(game, Query.MAY_CHARGE, "o1")


def test_flanking_assault_step_5_passengers_of_a_transport_without_assault_vehicle_never_charge() -> None:
    game = flanking_rhino({"flanking_assault": {"assault_vehicle_passengers_may_charge": True}})
    arrive_and_disembark(game)
    answer = ask(game, Query.MAY_CHARGE, "o1")
    assert not answer and "transports.disembarked_may_charge" in answer.reasons[0].text


def flanking_squad(may_charge: bool) -> Game:
    """Blue's Outflank squad o1 alone in a Flanking Assault; it enters from the west edge (roll 4, then 2)."""
    o1, a1, r1 = unit("o1", 3, rules=("Outflank",)), unit("a1"), unit("r1", 1)
    overrides = {"reserves": {"max_fraction": None}, "flanking_assault": {"arrivals_may_charge": may_charge}}
    places: dict[str, Placement | str] = {"a1": line(a1, 10, 5), "r1": (("r1.1", Pose(66, 40)),)}
    declared = [DeclareReserves(1, "o1", ReserveMode.FLANKING_ASSAULT)]
    game = start([a1, o1], [r1], places, overrides=overrides, reserves=declared)
    to_turn_2_reserves(game, 4, 2)
    game.apply(ChooseEntryEdge(1, "west"))
    game.apply(Arrive(1, "o1", BEHIND))
    return game


def test_flanking_assault_units_that_move_on_may_charge_by_default() -> None:
    """flanking_assault.arrivals_may_charge: true by default (both FAQs rule only on Assault Vehicle passengers)."""
    assert ask(flanking_squad(True), Query.MAY_CHARGE, "o1")
    answer = ask(flanking_squad(False), Query.MAY_CHARGE, "o1")
    assert [b.id for b in answer.blocks] == ["arrived"]
    assert "flanking_assault.arrivals_may_charge" in answer.reasons[0].text


def rhino_on_table(rules: tuple[str, ...]) -> Game:
    a1 = unit("a1", 3)
    rh = rhino("rh", "a1", rules=rules)
    r1 = unit("r1", 1)
    places: dict[str, Placement | str] = {"rh": (("rh.1", Pose(20, 8)),), "a1": "rh", "r1": line(r1, 5, 43)}
    return start([rh, a1], [r1], places)


OUT = (("a1.1", Pose(18.0, 10.9)), ("a1.2", Pose(19.3, 10.9)), ("a1.3", Pose(20.6, 10.9)))


def test_assault_vehicle_passengers_may_charge_after_disembarking() -> None:
    game = rhino_on_table(("Assault Vehicle",))
    game.apply(Disembark(1, "a1", OUT))
    assert ask(game, Query.MAY_CHARGE, "a1")


def test_passengers_of_a_transport_without_assault_vehicle_may_not_charge_after_disembarking() -> None:
    game = rhino_on_table(())
    game.apply(Disembark(1, "a1", OUT))
    answer = ask(game, Query.MAY_CHARGE, "a1")
    assert not answer and "without Assault Vehicle" in answer.reasons[0].text


def test_assault_vehicle_that_arrived_from_ordinary_reserves_gives_no_charge() -> None:
    """The unit goes into Reserves with its Dedicated Rhino (Assault Vehicle); roll 3 succeeds; the Rhino enters
    from the south edge, the unit aboard, and disembarks in the Reserves step."""
    a1, r1 = unit("a1", 3), unit("r1", 1)
    rh = rhino("rh", "a1", rules=("Assault Vehicle",))
    game = start(
        [a1, rh],
        [r1],
        {"r1": line(r1, 5, 43)},
        overrides={"reserves": {"max_fraction": None}},
        reserves=[DeclareReserves(1, "a1")],
    )
    assert game.state.units["rh"].location is Location.RESERVES  # it goes with its unit
    to_turn_2_reserves(game, 3, 3)
    game.apply(Arrive(1, "rh", (("rh.1", Pose(20, 8)),)))
    game.apply(Arrive(1, "a1", embark_in="rh"))
    game.apply(Disembark(1, "a1", OUT))
    answer = ask(game, Query.MAY_CHARGE, "a1")
    assert not answer and "arrived from Reserves this turn" in answer.reasons[0].text
    assert answer.reasons[0].rule == "Assault Vehicle"
