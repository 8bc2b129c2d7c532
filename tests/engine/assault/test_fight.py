"""The Fight sub-phase: Initiative steps, who attacks, Attacks, Unwieldy and Flawless Execution, melee against a
vehicle. Forced dice, exact results."""

from __future__ import annotations

from strategium.engine.assault.charges import ChargeMove, DeclareCharge
from strategium.engine.assault.fight import FightCombat, MeleeAttacksResolved
from strategium.engine.assault.fighter import attacks_of, initiative_step
from strategium.engine.core.actions import EndStep
from strategium.engine.core.board import Pose
from strategium.engine.core.game import Game
from strategium.model.characteristics import Characteristics
from strategium.model.weapons import WeaponClass
from tests.engine.builders import rhino
from tests.engine.builders_assault import TOUCH, assault_game, place, squad, to_charge, weapon

QUICK = Characteristics(7, 4, 4, 4, 4, 1, 5, 1, 7, 3)


def charged(blue: list, red: list, roll: tuple[int, int] = (3, 3)) -> Game:
    game = assault_game(blue, red)
    place(game, blue[0].id, ((blue[0].models[0].id, Pose(20, 20)),))
    place(game, red[0].id, ((red[0].models[0].id, Pose(20, 25)),))
    to_charge(game)
    game.force_dice(*roll)
    game.apply(DeclareCharge(1, blue[0].id, (red[0].id,)))
    game.apply(ChargeMove(1, blue[0].id, ((blue[0].models[0].id, Pose(20, 25 - TOUCH)),)))
    return game


def test_initiative_steps_from_high_to_low_with_the_charge_attack() -> None:
    game = charged([squad("a")], [squad("b", chars=QUICK)])
    assert attacks_of(game, "a", game.state.unit("a").models[0])[0] == 2
    game.apply(EndStep(1))
    game.force_dice(1, 1, 1)  # b (I5) misses once; a (I4) misses twice
    events = [e for e in game.apply(FightCombat(1, "a")) if isinstance(e, MeleeAttacksResolved)]
    assert [(e.step, e.unit_id, e.summary[:20]) for e in events] == [
        (5, "b", "1 attacks, 0 hits, 0"),
        (4, "a", "2 attacks, 0 hits, 0"),
    ]


def test_unwieldy_fights_at_step_1_and_flawless_execution_lifts_it_to_2() -> None:
    fist = weapon("power fist", WeaponClass.MELEE, "8", 2, ("Unwieldy",))
    game = charged([squad("a", weapons=(fist,), rules=("Legiones Astartes (Emperor's Children)",))], [squad("b")])
    step, why = initiative_step(game, "a", game.state.unit("a").models[0])
    assert step == 2 and [r.rule for r in why] == ["Unwieldy", "Flawless Execution"]


def test_melee_against_a_vehicle_hits_on_4_and_strikes_the_facing_touched() -> None:
    fist = weapon("power fist", WeaponClass.MELEE, "8", 2)
    game = assault_game([squad("a", weapons=(fist,))], [rhino("r", None)])
    place(game, "r", (("r.1", Pose(40, 30)),))
    place(game, "a", (("a.1", Pose(40, 31.75 + 0.63 + 2)),))
    to_charge(game)
    game.force_dice(3, 3)
    game.apply(DeclareCharge(1, "a", ("r",)))
    game.apply(ChargeMove(1, "a", (("a.1", Pose(40, 31.75 + 32 / 25.4 / 2)),)))
    game.apply(EndStep(1))
    game.force_dice(5, 1, 3)  # two attacks: 5 hits, 1 misses; penetration 3 + 8 = 11 against Side 11: Glancing
    event = next(e for e in game.apply(FightCombat(1, "a")) if isinstance(e, MeleeAttacksResolved))
    assert event.summary == "2 attacks, 1 hits, 1 Glancing, 0 Penetrating, 1 Hull Points lost"
    assert game.state.units["r"].wounds_lost == {"r.1": 1}
