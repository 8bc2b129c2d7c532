"""Frag Grenades (Liber Astartes / Liber Hereticus p.143, with Grenades p.142): a unit that includes a model with
frag grenades fights at its normal Initiative step after charging through Difficult Terrain, but its Charge Distance
still loses the terrain's 2" (strategium.engine.assault.charge_moves, w20l). Krak grenades do not do it.

Blue's ``a`` (two Legionaries, I4, 2" apart) stands 4" (centres) south of Red's ``b`` across a Difficult strip;
both end in base contact with it. The Charge Distance's 2D6 is forced to 3 + 3 (6, -2" for the terrain: 4").
"""

from __future__ import annotations

from dataclasses import replace

from strategium.army.army import Unit
from strategium.engine.assault.charges import ChargeMove, ChargeRolled, DeclareCharge, charge_of
from strategium.engine.assault.fighter import initiative_step
from strategium.engine.core.board import Pose
from strategium.engine.core.events import Ruling
from strategium.engine.core.game import Game
from tests.engine.builders_assault import TOUCH, assault_game, difficult, place, squad, to_charge


def charge(a: Unit) -> tuple[Game, int]:
    game = assault_game([a], [squad("b")], terrain=[difficult("rubble", 15, 22, 25, 23)])
    place(game, "a", (("a.1", Pose(19, 21)), ("a.2", Pose(21, 21))))
    place(game, "b", (("b.1", Pose(20, 25)),))
    to_charge(game)
    game.force_dice(3, 3)
    events = game.apply(DeclareCharge(1, "a", ("b",)))
    distance = next(e for e in events if isinstance(e, ChargeRolled)).distance
    ends = (("a.1", Pose(20 - 0.8 * TOUCH, 25 - 0.6 * TOUCH)), ("a.2", Pose(20 + 0.8 * TOUCH, 25 - 0.6 * TOUCH)))
    game.apply(ChargeMove(1, "a", ends))
    return game, distance


def mixed(first: tuple[str, ...], second: tuple[str, ...]) -> Unit:
    a = squad("a", 2)
    m1, m2 = a.models
    return replace(a, models=(replace(m1, wargear=first), replace(m2, wargear=second)))


def test_frag_grenades_on_one_model_keep_the_units_initiative_but_not_the_charge_distance() -> None:
    game, distance = charge(mixed((), ("Frag Grenades",)))
    assert distance == 4
    record = charge_of(game, "a")
    assert record is not None and record.terrain_penalty is None
    assert [initiative_step(game, "a", m)[0] for m in game.state.unit("a").models] == [4, 4]
    why = [r for e in game.state.events if isinstance(e, Ruling) for r in e.why if r.rule == "Frag Grenades"]
    assert [(r.page, r.text) for r in why] == [
        (143, "a.2 carries frag grenades: the unit fights at its normal Initiative step (Charge Distance kept)")
    ]


def test_frag_grenades_absent_krak_grenades_only_fight_at_initiative_1() -> None:
    game, distance = charge(mixed(("Krak Grenades",), ("Krak Grenades",)))
    assert distance == 4
    record = charge_of(game, "a")
    assert record is not None and record.terrain_penalty is not None
    assert [initiative_step(game, "a", m)[0] for m in game.state.unit("a").models] == [1, 1]
