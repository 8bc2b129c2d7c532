"""Close combat weapon rules read by the engine's fighter (issue 20, w20g): Two-handed (rulebook p.249) and
Specialist Weapon (p.247) on the +1 Attack for a second melee weapon (p.177), Sudden Strike (X) (Liber p.124) and
Reach (X) (Liber p.123) on the weapon a model fights with. Forced dice, exact results."""

from __future__ import annotations

from collections.abc import Sequence

from strategium.catalogue.citations import Reason
from strategium.catalogue.definitions import ImplementationStatus
from strategium.catalogue.registry import get_rule_def
from strategium.engine.assault.charges import ChargeMove, DeclareCharge, charge_of, mark_disordered
from strategium.engine.assault.fight import FightCombat, MeleeAttacksResolved
from strategium.engine.assault.fighter import attacks_of, initiative_step
from strategium.engine.core.actions import EndStep
from strategium.engine.core.board import Pose
from strategium.engine.core.game import Game
from strategium.model.characteristics import Characteristics
from strategium.model.weapons import WeaponClass, WeaponProfile
from tests.engine.builders_assault import TOUCH, assault_game, place, squad, to_charge, weapon

SWORD = weapon("power sword", WeaponClass.MELEE, "User", 3)
AXE = weapon("power axe", WeaponClass.MELEE, "User", 2, ("Two-handed",))
FIST = weapon("power fist", WeaponClass.MELEE, "User", 2, ("Specialist Weapon",))
CLAW = weapon("lightning claw", WeaponClass.MELEE, "User", 3, ("Specialist Weapon",))
SPEAR = weapon("charnabal sabre", WeaponClass.MELEE, "User", 4, ("Sudden Strike (2)",))
GLAIVE = weapon("power glaive", WeaponClass.MELEE, "User", 3, ("Reach (1)",))
LEGATE = Characteristics(6, 5, 5, 3, 3, 4, 4, 3, 10, 3)


def charged(weapons: Sequence[WeaponProfile], foe: Sequence[WeaponProfile] = (), rules: Sequence[str] = ()) -> Game:
    """Unit "a" (one Legate: I4, A3) has made a successful Charge at "b" (one Legionary: I4, A1)."""
    game = assault_game([squad("a", weapons=weapons, chars=LEGATE, rules=rules)], [squad("b", weapons=foe)])
    place(game, "a", (("a.1", Pose(20, 20)),))
    place(game, "b", (("b.1", Pose(20, 25)),))
    to_charge(game)
    game.force_dice(3, 3)
    game.apply(DeclareCharge(1, "a", ("b",)))
    game.apply(ChargeMove(1, "a", (("a.1", Pose(20, 25 - TOUCH)),)))
    return game


def counts(game: Game, unit_id: str = "a") -> tuple[int, list[str]]:
    model = game.state.unit(unit_id).models[0]
    count, why = attacks_of(game, unit_id, model)
    return count, [r.rule for r in why]


def step(game: Game, unit_id: str = "a") -> tuple[int, list[str]]:
    model = game.state.unit(unit_id).models[0]
    got, why = initiative_step(game, unit_id, model)
    return got, [r.text for r in why]


def test_two_handed_and_specialist_weapon_are_implemented_and_cite_their_pages() -> None:
    for name, page in (("Two-handed", 249), ("Specialist Weapon", 247)):
        definition = get_rule_def(name)
        assert (definition.page, definition.status) == (page, ImplementationStatus.IMPLEMENTED)


def test_two_handed_attacking_with_it_gives_no_second_weapon_attack() -> None:
    # 3 Attacks + 1 for the Charge; the axe it fights with is Two-handed: no +1 for the sword it also carries
    assert counts(charged((AXE, SWORD))) == (4, ["Charging"])


def test_two_handed_weapon_not_used_still_counts_as_a_second_weapon() -> None:
    # it fights with the sword (its first melee weapon): the Two-handed axe is its second weapon, +1 Attack
    assert counts(charged((SWORD, AXE))) == (5, ["Charging", "Two melee weapons"])


def test_two_handed_alone_and_a_single_weapon_give_no_bonus() -> None:
    assert counts(charged((AXE,)))[0] == 4
    assert counts(charged((SWORD,)))[0] == 4


def test_specialist_weapon_with_a_non_specialist_second_weapon_gives_no_bonus() -> None:
    assert counts(charged((FIST, SWORD))) == (4, ["Charging"])


def test_specialist_weapon_with_another_specialist_weapon_gives_the_bonus() -> None:
    assert counts(charged((FIST, CLAW))) == (5, ["Charging", "Two melee weapons"])
    assert counts(charged((CLAW, CLAW))) == (5, ["Charging", "Two melee weapons"])


def test_specialist_weapon_carried_but_not_used_counts_as_a_second_weapon() -> None:
    # it fights with the sword: the fist it carries is a second melee weapon (the weapon attacked WITH decides)
    assert counts(charged((SWORD, FIST))) == (5, ["Charging", "Two melee weapons"])


def test_specialist_weapon_bonus_in_the_fight_sub_phase() -> None:
    game = charged((FIST, CLAW))
    game.apply(EndStep(1))
    game.force_dice(1, 1, 1, 1, 1, 1)  # a (I4) and b (I4) together: every attack misses
    events = [e for e in game.apply(FightCombat(1, "a")) if isinstance(e, MeleeAttacksResolved)]
    assert [(e.unit_id, e.weapon, e.summary[:8]) for e in events] == [
        ("a", "power fist", "5 attack"),
        ("b", "close combat weapon", "1 attack"),
    ]


def test_sudden_strike_on_the_weapon_adds_to_the_initiative_of_the_charger() -> None:
    game = charged((SPEAR,), foe=(SPEAR,))
    got, why = step(game)
    assert got == 6 and why == ["Sudden Strike (2) (its charnabal sabre) on the turn it charged"]
    # the charged unit's sabre gives nothing: it did not charge
    assert step(game, "b") == (4, [])


def test_sudden_strike_on_a_weapon_not_fought_with_gives_nothing() -> None:
    assert step(charged((SWORD, SPEAR)))[0] == 4


def test_sudden_strike_model_and_weapon_take_the_higher_value_not_the_sum() -> None:
    assert step(charged((SPEAR,), rules=("Sudden Strike (1)",)))[0] == 6
    got, why = step(charged((SWORD,), rules=("Sudden Strike (1)",)))
    assert got == 5 and why == ["Sudden Strike (1) on the turn it charged"]


def test_sudden_strike_on_the_weapon_after_a_disordered_charge_gives_nothing() -> None:
    game = charged((SPEAR,))
    record = charge_of(game, "a")
    assert record is not None
    mark_disordered(game, record, Reason.of("Grav Wave", "a test's Disordered Charge"))
    got, why = step(game)
    assert got == 4 and why == ["no Sudden Strike after a Disordered Charge (Disordered Charges, p.182)"]


def test_sudden_strike_on_the_weapon_strikes_first_in_the_fight() -> None:
    game = charged((SPEAR,))
    game.apply(EndStep(1))
    game.force_dice(1, 1, 1, 1, 1)  # a at step 6 (4 attacks, all miss), then b at step 4 (1 attack, misses)
    events = [e for e in game.apply(FightCombat(1, "a")) if isinstance(e, MeleeAttacksResolved)]
    assert [(e.unit_id, e.step) for e in events] == [("a", 6), ("b", 4)]


def test_reach_adds_its_value_to_the_initiative_of_the_weapon_it_fights_with() -> None:
    game = charged((GLAIVE,), foe=(GLAIVE,))
    assert step(game) == (5, ["Reach (1): +1 Initiative attacking with power glaive"])
    assert step(game, "b")[0] == 5  # Reach does not ask for a Charge


def test_reach_on_a_weapon_not_used_gives_nothing() -> None:
    assert step(charged((SWORD, GLAIVE))) == (4, [])


def test_reach_and_sudden_strike_add_together_on_one_weapon() -> None:
    both = weapon("lance", WeaponClass.MELEE, "User", 3, ("Reach (1)", "Sudden Strike (1)"))
    assert step(charged((both,)))[0] == 6


SCYTHE = weapon("scythe", WeaponClass.MELEE, "User", 4, ("Reaping Blow (2)",))


def two_foes(weapons: Sequence[WeaponProfile], apart: float = 0.0, rules: Sequence[str] = ()) -> Game:
    """Unit "a" (one Legate, A3) has charged "b" (two Legionaries): b.1 touches it, b.2 touches it too unless
    ``apart`` inches further away."""
    game = assault_game([squad("a", weapons=weapons, chars=LEGATE, rules=rules)], [squad("b", 2)])
    place(game, "a", (("a.1", Pose(20, 20)),))
    place(game, "b", (("b.1", Pose(20, 25)), ("b.2", Pose(20 + TOUCH + apart, 25 - TOUCH))))
    to_charge(game)
    game.force_dice(3, 3)
    game.apply(DeclareCharge(1, "a", ("b",)))
    game.apply(ChargeMove(1, "a", (("a.1", Pose(20, 25 - TOUCH)),)))
    return game


def test_reaping_blow_in_base_contact_with_two_enemy_models_adds_x_attacks() -> None:
    game = two_foes((SCYTHE,))
    count, why = attacks_of(game, "a", game.state.unit("a").models[0])
    assert count == 6  # 3 + 1 for the Charge + 2
    assert why[-1].text == "Reaping Blow (2): +2 Attacks in base contact with 2 enemy models"
    assert (why[-1].rule, why[-1].page) == ("Reaping Blow", 124)


def test_reaping_blow_in_base_contact_with_one_enemy_model_adds_nothing() -> None:
    assert counts(two_foes((SCYTHE,), apart=0.5))[0] == 4
    assert counts(charged((SCYTHE,)))[0] == 4


def test_reaping_blow_on_a_weapon_not_fought_with_adds_nothing_the_models_own_does() -> None:
    assert counts(two_foes((SWORD, SCYTHE)))[0] == 5  # 3 + 1 Charge + 1 second weapon
    assert counts(two_foes((SWORD,), rules=("Reaping Blow",)))[0] == 5  # no (X): X is 1


def test_reaping_blow_in_the_fight_sub_phase() -> None:
    game = two_foes((SCYTHE,))
    game.apply(EndStep(1))
    game.force_dice(*([1] * 8))  # a (6 attacks) and b (2 attacks) at step 4: every attack misses
    events = [e for e in game.apply(FightCombat(1, "a")) if isinstance(e, MeleeAttacksResolved)]
    assert [(e.unit_id, e.summary[:9]) for e in events] == [("a", "6 attacks"), ("b", "2 attacks")]


DUEL = weapon("paragon blade", WeaponClass.MELEE, "User", 2, ("Duellist's Edge (2)",))


def test_duellists_edge_gives_nothing_outside_a_challenge() -> None:
    # no Challenge is fought yet: the bonus never applies in a battle
    assert step(charged((DUEL,))) == (4, [])


def test_duellists_edge_in_a_challenge_adds_its_value_with_the_weapon_it_fights_with() -> None:
    from strategium.engine.assault import melee_choice
    from strategium.engine.core import registries

    def everyone(game: Game, unit_id: str, model: object) -> bool:
        return unit_id == "a"

    melee_choice.challenge_fighter(everyone)
    try:
        assert step(charged((DUEL,))) == (6, ["Duellist's Edge (2): +2 Initiative in a Challenge"])
        assert step(charged((SWORD, DUEL)))[0] == 4  # the blade is not the weapon it fights with
        assert step(charged((DUEL,)), "b")[0] == 4
    finally:
        melee_choice._CHALLENGES.remove(everyone)
        registries.changed()
