"""Fleet (X) (rulebook p.238): + X to a model's Run distance, and + the lowest X to the Charge Distance of a unit
whose models all have it (strategium.rules.unit.fleet).

Legionaries M7 I4 on an open Dawn of War table; the Charge duel puts Blue's ``a`` 5" (centres) south of Red's ``b``
(3.74" between the 32 mm bases), with the Charge Distance's 2D6 forced.
"""

from __future__ import annotations

from strategium.engine.assault.charges import ChargeRolled, DeclareCharge
from strategium.engine.core.board import Placement, Pose
from strategium.engine.core.game import Game
from strategium.engine.movement.move import Run
from tests.engine.builders import line, unit
from tests.engine.builders_assault import assault_game, place, squad, to_charge
from tests.engine.moving import start


def fleet_reasons(reasons: tuple[object, ...]) -> list[tuple[str, int | None, str]]:
    return [(r.rule, r.page, r.text) for r in reasons if r.rule == "Fleet"]  # type: ignore[attr-defined]


def runners(rules: tuple[str, ...]) -> Game:
    a1, r1 = unit("a1", rules=rules), unit("r1")
    return start([a1], [r1], {"a1": line(a1, 10, 5), "r1": line(r1, 10, 43)})


def forward(game: Game, dy: float) -> Placement:
    return tuple((m, Pose(p.x, p.y + dy, p.heading)) for m, p in game.state.units["a1"].poses.items())


def test_fleet_2_runs_13_inches_and_cites_fleet() -> None:
    """M7 + I4 + Fleet (2) = 13"."""
    game = runners(("Fleet (2)",))
    verdict = game.check(Run(1, "a1", forward(game, 13.0)))
    assert verdict.legal
    assert fleet_reasons(verdict.reasons) == [("Fleet", 238, "Fleet (2) adds 2 to the Run distance")]
    assert not game.check(Run(1, "a1", forward(game, 13.1))).legal


def test_fleet_without_a_number_adds_nothing_to_the_run() -> None:
    game = runners(("Fleet (D3)",))
    assert game.check(Run(1, "a1", forward(game, 11.0))).legal
    assert not game.check(Run(1, "a1", forward(game, 11.1))).legal


def duel(a_rules: tuple[str, ...]) -> Game:
    game = assault_game([squad("a", rules=a_rules)], [squad("b")])
    place(game, "a", (("a.1", Pose(20, 20)),))
    place(game, "b", (("b.1", Pose(20, 25)),))
    to_charge(game)
    return game


def charge_rolled(game: Game) -> ChargeRolled:
    events = game.apply(DeclareCharge(1, "a", ("b",)))
    return next(e for e in events if isinstance(e, ChargeRolled))


def test_fleet_2_adds_2_to_a_charge_distance_of_2_and_the_charge_reaches() -> None:
    """2D6 forced to 1 + 1 = 2, + Fleet (2) = 4 >= 3.74": the Charge reaches."""
    game = duel(("Fleet (2)",))
    game.force_dice(1, 1)
    rolled = charge_rolled(game)
    assert (rolled.distance, rolled.success) == (4, True)
    assert fleet_reasons(rolled.why) == [("Fleet", 238, "Fleet (2): +2 to the Charge Distance")]


def test_without_fleet_the_same_roll_falls_short() -> None:
    game = duel(())
    game.force_dice(1, 1)
    rolled = charge_rolled(game)
    assert (rolled.distance, rolled.success) == (2, False)
    assert fleet_reasons(rolled.why) == []
