"""Hammer of Wrath (X) (rulebook p.239): HOW-1..HOW-5 and RULINGS HOW-01, HOW-04, HOW-05, with forced dice."""

from __future__ import annotations

import math

from strategium.engine.assault.charges import ChargeMove, DeclareCharge, charge_of
from strategium.engine.assault.fight import FightCombat, MeleeAttacksResolved, PiledIn
from strategium.engine.core.actions import Choose, EndStep
from strategium.engine.core.board import Location, Pose
from strategium.engine.core.events import DiceRolled, Event
from strategium.engine.core.game import Game
from tests.engine.builders import rhino
from tests.engine.builders_assault import (
    BIKER,
    CASTELLAX,
    PREDATOR,
    TOUCH,
    assault_game,
    place,
    squad,
    to_charge,
)


def bikes(rules: tuple[str, ...] = ("Hammer of Wrath (1)",)) -> Game:
    """RULINGS HOW-01: three Attack Bikes charge a Tactical Squad; two end in contact, the third cannot reach."""
    game = assault_game([squad("bikes", 3, BIKER, "Cavalry", rules)], [squad("tac", 5)])
    place(game, "bikes", (("bikes.1", Pose(20, 20)), ("bikes.2", Pose(21.5, 20)), ("bikes.3", Pose(20.75, 17.5))))
    place(game, "tac", tuple((f"tac.{i + 1}", Pose(20 + 1.5 * i, 22 + TOUCH)) for i in range(5)))
    to_charge(game)
    game.force_dice(1, 2)  # Charge Distance 3" against 2" needed
    game.apply(DeclareCharge(1, "bikes", ("tac",)))
    game.apply(
        ChargeMove(1, "bikes", (("bikes.1", Pose(20, 22)), ("bikes.2", Pose(21.5, 22)), ("bikes.3", Pose(20.75, 19.5))))
    )
    return game


def melee(events: tuple[Event, ...]) -> list[MeleeAttacksResolved]:
    return [e for e in events if isinstance(e, MeleeAttacksResolved)]


def test_HOW_1_HOW_01_one_strike_per_model_in_contact() -> None:
    game = bikes()
    record = charge_of(game, "bikes")
    assert record is not None and [s.model_id for s in record.hammer] == ["bikes.1", "bikes.2"]


def test_HOW_2_HOW_3_HOW_01_automatic_hits_at_step_10_unmodified_strength_ap_none() -> None:
    game = bikes()
    game.apply(EndStep(1))
    game.force_dice(4, 3, 1)  # To Wound S4 vs T4 (4+): one wound; the 3+ armour save (AP -) rolls 1
    events = game.apply(FightCombat(1, "bikes"))
    first = melee(events)[0]
    assert (first.step, first.weapon, first.hits, first.wounds, first.caused) == (10, "Hammer of Wrath", 2, 1, 1)
    assert first.summary.startswith("2 automatic hits at S4 AP -, 1 wounds, 1 unsaved, 1 removed")
    rolls = [e.roll.reason for e in events if isinstance(e, DiceRolled)]
    assert rolls[0].startswith("To Wound: 2 hits S4 vs T4 (4+)")  # no To Hit roll (HOW-2)
    assert rolls[1] == "Armour Save (3+): Wound 1 on tac"  # AP -: the full armour save
    before = events.index(first)
    assert not any(isinstance(e, PiledIn) for e in events[:before])  # no extra Pile-in (HOW-3)
    assert all(e.step < 10 for e in melee(events)[1:])


def test_HOW_2_no_special_rules_and_no_stupefied_strength() -> None:
    """Furious Charge and Rending do not apply to the strikes; neither does any Strength modifier."""
    game = bikes(("Hammer of Wrath (1)", "Furious Charge (1)", "Rending (6+)"))
    game.apply(EndStep(1))
    game.force_dice(6, 6, 1, 1)
    events = game.apply(FightCombat(1, "bikes"))
    strike = melee(events)[0]
    assert strike.summary.startswith("2 automatic hits at S4 AP -")  # Furious Charge would make S5
    normal = next(e for e in melee(events) if e.unit_id == "bikes" and e.step == 4)
    assert any("S5 vs T4" in r.text for r in normal.reasons)  # the bikes' own attacks do get Furious Charge


def vehicle_charge(target: str, corner: bool, forced: tuple[int, ...] = (2, 2)) -> Game:
    """A Castellax charges a Red vehicle at (40, 30) facing +x: at its front-left corner, or its left side."""
    red = (
        [squad("pred", 1, PREDATOR, "Vehicle", base=None, name="Predator")]
        if target == "pred"
        else [
            rhino("rhino", "tac"),
            squad("tac", 5),
        ]
    )
    embark = {"tac": "rhino"} if target == "rhino" else None
    game = assault_game([squad("cx", 1, CASTELLAX, "Automata", ("Hammer of Wrath (1)",), base=40)], red, embark=embark)
    model = game.state.unit(target).models[0]
    place(game, target, ((model.id, Pose(40, 30)),))
    r = 40 / 25.4 / 2
    length, width = (4.6, 4.3) if target == "pred" else (4.6, 3.5)
    if corner:
        cx, cy = 40 + length / 2, 30 + width / 2
        d = r / math.sqrt(2)
        start, end = Pose(cx + 3 * d, cy + 3 * d), Pose(cx + d, cy + d)
    else:
        start, end = Pose(40, 30 + width / 2 + r + 2), Pose(40, 30 + width / 2 + r)
    place(game, "cx", (("cx.1", start),))
    to_charge(game)
    game.force_dice(*forced)
    game.apply(DeclareCharge(1, "cx", (target,)))
    game.apply(ChargeMove(1, "cx", (("cx.1", end),)))
    return game


def test_HOW_4_HOW_04_touching_two_facings_the_target_controller_chooses() -> None:
    """RULINGS HOW-04: the Castellax touches the Predator's front-side corner; Red chooses Front (13): S7 glances on
    a 6 and cannot penetrate."""
    game = vehicle_charge("pred", corner=True)
    pending = game.pending
    assert pending is not None and pending.player == 2 and pending.options == ("Front", "Side")
    game.apply(Choose(2, "Front"))
    game.apply(EndStep(1))
    game.force_dice(6)
    strike = melee(game.apply(FightCombat(1, "cx")))[0]
    assert strike.step == 10
    assert (
        strike.summary
        == "1 automatic hits at S7 against Front Armour 13: 1 Glancing, 0 Penetrating, 1 Hull Points lost"
    )
    assert strike.caused == 1


def test_HOW_4_HOW_04_the_side_would_be_penetrated_on_a_6() -> None:
    game = vehicle_charge("pred", corner=True)
    game.apply(Choose(2, "Side"))
    game.apply(EndStep(1))
    game.force_dice(6, 1)  # penetration 6 + 7 = 13 against 12; the damage roll
    strike = melee(game.apply(FightCombat(1, "cx")))[0]
    assert strike.summary.startswith("1 automatic hits at S7 against Side Armour 12: 0 Glancing, 1 Penetrating")


def test_HOW_5_HOW_05_the_transport_takes_the_hits_not_the_embarked_squad() -> None:
    """RULINGS HOW-05: the Castellax touches the Rhino's side only (Armour 11): a 4 glances."""
    game = vehicle_charge("rhino", corner=False)
    assert game.pending is not None and game.pending.kind.value == "act"  # one Facing: no choice
    game.apply(EndStep(1))
    game.force_dice(4)
    strike = melee(game.apply(FightCombat(1, "cx")))[0]
    assert strike.target_id == "rhino" and strike.caused == 1
    assert "HOW-5: the Transport takes the hits, not the units embarked in it" in [r.text for r in strike.reasons]
    tac = game.state.units["tac"]
    assert tac.location is Location.EMBARKED and tac.wounds_lost == {} and tac.casualties == []


def test_HOW_05_attack_bikes_cannot_hurt_the_rhino_side() -> None:
    game = assault_game(
        [squad("bike", 1, BIKER, "Cavalry", ("Hammer of Wrath (1)",))],
        [rhino("rhino", "tac"), squad("tac", 5)],
        embark={"tac": "rhino"},
    )
    place(game, "rhino", (("rhino.1", Pose(40, 30)),))
    r = 32 / 25.4 / 2
    place(game, "bike", (("bike.1", Pose(40, 31.75 + r + 2)),))
    to_charge(game)
    game.force_dice(2, 2)
    game.apply(DeclareCharge(1, "bike", ("rhino",)))
    game.apply(ChargeMove(1, "bike", (("bike.1", Pose(40, 31.75 + r)),)))
    game.apply(EndStep(1))
    game.force_dice(6)
    strike = melee(game.apply(FightCombat(1, "bike")))[0]
    assert (
        strike.summary == "1 automatic hits at S4 against Side Armour 11: 0 Glancing, 0 Penetrating, 0 Hull Points lost"
    )


def test_HOW_2_a_stupefied_models_strikes_use_its_profile_strength_by_default_and_s5_when_configured() -> None:
    """Contested (statuses.hammer_of_wrath_uses_stupefied_strength): the bikes (S4) become Stupefied after their
    Charge Move. Default: the strikes are S4 (To Wound 4+: the 4 wounds, the 3 fails); configured: S5 (3+: both
    wound). Either way the ruling cites the setting."""
    from strategium.config import parse_overrides
    from strategium.rules.seed.stupefied import become_stupefied

    for uses, strength, wounds, dice in ((False, 4, 1, (4, 3, 1)), (True, 5, 2, (4, 3, 1, 1))):
        game = bikes()
        game.state.config = parse_overrides({"statuses": {"hammer_of_wrath_uses_stupefied_strength": uses}})
        become_stupefied(game, "bikes")
        game.apply(EndStep(1))
        game.force_dice(*dice)
        strike = melee(game.apply(FightCombat(1, "bikes")))[0]
        assert strike.summary.startswith(f"2 automatic hits at S{strength} AP -, {wounds} wounds"), uses
        assert any("statuses.hammer_of_wrath_uses_stupefied_strength" in r.text for r in strike.reasons)
