"""Stupefied in the Assault phase (Exemplary Battles vol.1 p.107): STU-4, STU-10, STU-11 (RULINGS STU-13), STU-12."""

from __future__ import annotations

from strategium.engine.assault.charges import ChargeMove, DeclareCharge, charge_of, is_locked
from strategium.engine.assault.fight import FightCombat, MeleeAttacksResolved
from strategium.engine.assault.fighter import attacks_of, initiative_step
from strategium.engine.assault.resolution import CombatResult
from strategium.engine.core.actions import EndStep
from strategium.engine.core.board import Pose
from strategium.engine.core.effects import EffectKind
from strategium.engine.core.game import Game
from strategium.engine.morale.checks import FellBack, MoraleCheckTaken
from strategium.engine.questions.queries import Query, ask
from strategium.rules.seed.stupefied import become_stupefied
from tests.engine.builders_assault import TOUCH, assault_game, difficult, place, squad, to_charge

EC = "Legiones Hereticus (Emperor's Children)"


def ec_charge(rules: tuple[str, ...] = (EC,)) -> Game:
    game = assault_game([squad("ec", 1, rules=rules)], [squad("red")])
    place(game, "ec", (("ec.1", Pose(20, 20)),))
    place(game, "red", (("red.1", Pose(20, 25)),))
    to_charge(game)
    return game


def test_STU_4_a_stupefied_unit_charges_disordered_and_loses_the_charge_attack() -> None:
    game = ec_charge()
    become_stupefied(game, "ec")
    game.force_dice(3, 3)
    game.apply(DeclareCharge(1, "ec", ("red",)))
    game.apply(ChargeMove(1, "ec", (("ec.1", Pose(20, 25 - TOUCH)),)))
    record = charge_of(game, "ec")
    assert record is not None and record.success
    assert [r.text for r in record.disordered] == ["STU-4: a Charge declared by a Stupefied unit is always Disordered"]
    count, why = attacks_of(game, "ec", game.state.unit("ec").models[0])
    assert count == 1 and why[0].rule == "charge.disordered_loses_charge_attack"


def test_STU_11_STU_13_stupefied_mid_charge_goes_on_disordered_without_furious_charge() -> None:
    """RULINGS STU-13: Stupefied after the charge was declared: the Charge continues, Disordered; no Furious Charge;
    Strength 5 from Stupefied for its own attacks; no Reactions."""
    game = ec_charge((EC, "Furious Charge (1)"))
    game.force_dice(3, 3)
    game.apply(DeclareCharge(1, "ec", ("red",)))
    assert charge_of(game, "ec").disordered == []  # type: ignore[union-attr]
    become_stupefied(game, "ec")  # e.g. after the Overwatch against it was resolved
    game.apply(ChargeMove(1, "ec", (("ec.1", Pose(20, 25 - TOUCH)),)))
    record = charge_of(game, "ec")
    assert record is not None and record.success and is_locked(game, "ec")
    assert [r.text[:6] for r in record.disordered] == ["STU-11"]
    assert not ask(game, Query.MAY_REACT, "ec")
    game.apply(EndStep(1))
    game.force_dice(6, 6)
    events = game.apply(FightCombat(1, "ec"))
    mine = next(e for e in events if isinstance(e, MeleeAttacksResolved) and e.unit_id == "ec")
    assert mine.summary.startswith("1 attacks, 1 hits")
    assert any(r.text.startswith("To Wound: 1 hits S5 vs T4") for r in mine.reasons)  # Stupefied +1, no Furious Charge
    assert any(r.text.startswith("no Furious Charge after a Disordered Charge") for r in mine.reasons)


def test_STU_10_chargers_of_a_stupefied_unit_in_difficult_terrain_keep_their_initiative() -> None:
    for stupefied, step in ((True, 4), (False, 1)):
        game = assault_game([squad("a")], [squad("ec", 1, rules=(EC,))], terrain=[difficult("ruin", 15, 24, 25, 27)])
        place(game, "a", (("a.1", Pose(20, 20)),))
        place(game, "ec", (("ec.1", Pose(20, 25)),))
        to_charge(game)
        if stupefied:
            become_stupefied(game, "ec")
        game.force_dice(4, 4)
        game.apply(DeclareCharge(1, "a", ("ec",)))
        events = game.apply(ChargeMove(1, "a", (("a.1", Pose(20, 25 - TOUCH)),)))
        assert initiative_step(game, "a", game.state.unit("a").models[0])[0] == step
        cited = [r.text[:6] for e in events for r in e.reasons]
        assert ("STU-10" in cited) is stupefied


def test_STU_12_a_stupefied_unit_locked_in_combat_takes_the_morale_check_and_falling_back_ends_stupefied() -> None:
    game = assault_game([squad("a")], [squad("ec", 3, rules=(EC,))])
    place(game, "a", (("a.1", Pose(20, 20)),))
    place(game, "ec", tuple((f"ec.{i + 1}", Pose(20 + i * TOUCH, 25)) for i in range(3)))
    to_charge(game)
    become_stupefied(game, "ec")
    game.force_dice(3, 3)
    game.apply(DeclareCharge(1, "a", ("ec",)))
    game.apply(ChargeMove(1, "a", (("a.1", Pose(20, 25 - TOUCH)),)))
    game.apply(EndStep(1))
    # a: 2 attacks hit and wound; saves 1 (Stupefied roll 1: lost) and 6. ec: 3 attacks (S5) all miss.
    game.force_dice(6, 6, 6, 6, 1, 1, 6, 1, 1, 1)
    game.apply(FightCombat(1, "a"))
    # Resolution: Ld 7 - 1 = 6, rolls 12: fails; Sweeping Advance 1 + 4 against 6 + 4: escapes; Falls Back 2".
    game.force_dice(6, 6, 1, 6, 1, 1)
    events = game.apply(EndStep(1))
    result = next(e for e in events if isinstance(e, CombatResult))
    assert result.scores == ((1, 1), (2, 0)) and result.winner == 1
    check = next(e for e in events if isinstance(e, MoraleCheckTaken))
    assert not check.passed
    assert check.why[0].text == "STU-12: a Stupefied unit still takes the Assault phase's Morale checks"
    assert any(isinstance(e, FellBack) and e.inches == 2 for e in events)
    assert game.effects_on("ec", EffectKind.STUPEFIED) == ()
    assert game.effects_on("ec", EffectKind.FALLING_BACK) != ()
    assert not is_locked(game, "ec") and not is_locked(game, "a")
