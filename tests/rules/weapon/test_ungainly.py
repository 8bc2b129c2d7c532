"""Ungainly (Legacies of the Age of Darkness: Imperialis Militia p.41): UNG-1 (used only in a turn its unit made a
successful Charge) and UNG-2 (no bonus attacks with it). Forced dice, exact results."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from strategium.catalogue.citations import Reason
from strategium.catalogue.definitions import ImplementationStatus
from strategium.catalogue.registry import get_rule_def
from strategium.engine.assault.charges import ChargeMove, DeclareCharge, charge_of, mark_disordered
from strategium.engine.assault.fight import FightCombat, MeleeAttacksResolved
from strategium.engine.assault.fighter import attacks_of, initiative_step
from strategium.engine.assault.melee_choice import fighting_weapon
from strategium.engine.core.actions import EndStep
from strategium.engine.core.board import Pose
from strategium.engine.core.game import Game
from strategium.model.characteristics import Characteristics
from strategium.model.weapons import WeaponClass, WeaponProfile
from tests.engine.builders_assault import TOUCH, assault_game, place, squad, to_charge, weapon

LANCE = weapon(
    "militia lance", WeaponClass.MELEE, "User", 4, ("Ungainly", "Brutal (2)", "Sudden Strike (2)", "Two-handed")
)
PIKE = weapon("pike", WeaponClass.MELEE, "User", 5, ("Ungainly",))
SWORD = weapon("power sword", WeaponClass.MELEE, "User", 3)
RIDER = Characteristics(8, 4, 4, 3, 3, 1, 3, 2, 7, 5)


def charged(
    weapons: Sequence[WeaponProfile],
    foe: Sequence[WeaponProfile] = (),
    rules: Sequence[str] = (),
    config: Mapping[str, Any] | None = None,
) -> Game:
    """Unit "a" (one rider: I3, A2) has made a successful Charge at "b" (one Legionary: I4, A1)."""
    game = assault_game(
        [squad("a", weapons=weapons, chars=RIDER, rules=rules)], [squad("b", weapons=foe)], config=config
    )
    place(game, "a", (("a.1", Pose(20, 20)),))
    place(game, "b", (("b.1", Pose(20, 25)),))
    to_charge(game)
    game.force_dice(3, 3)
    game.apply(DeclareCharge(1, "a", ("b",)))
    game.apply(ChargeMove(1, "a", (("a.1", Pose(20, 25 - TOUCH)),)))
    return game


def attacks(game: Game, unit_id: str = "a") -> tuple[int, list[str]]:
    model = game.state.unit(unit_id).models[0]
    count, why = attacks_of(game, unit_id, model)
    return count, [r.text for r in why]


def test_ungainly_is_implemented_and_cites_imperialis_militia_p41() -> None:
    definition = get_rule_def("Ungainly")
    assert (definition.page, definition.status) == (41, ImplementationStatus.IMPLEMENTED)
    assert "Imperialis Militia" in definition.book.value


def test_UNG_2_the_charger_fights_with_the_lance_without_the_charge_bonus() -> None:
    game = charged((LANCE, SWORD))
    rider = game.state.unit("a").models[0]
    assert fighting_weapon(game, "a", rider) == (LANCE, ())
    # A2; +1 for the Charge counted, then UNG-2 caps at the Attacks characteristic (the lance is Two-handed)
    assert attacks(game) == (
        2,
        ["+1 Attack on the turn it charged", "UNG-2: no bonus attacks with militia lance (its Attacks: 2)"],
    )
    # the lance's Sudden Strike (2): I3 + 2
    assert initiative_step(game, "a", rider)[0] == 5


def test_UNG_1_the_charged_unit_may_not_fight_with_it_and_uses_its_next_weapon() -> None:
    game = charged((SWORD,), foe=(LANCE, SWORD))
    legionary = game.state.unit("b").models[0]
    chosen, why = fighting_weapon(game, "b", legionary)
    assert chosen is SWORD and [r.text[:6] for r in why] == ["UNG-1:"]
    assert (why[0].rule, why[0].page) == ("Ungainly", 41)
    # A1, no Charge; the refused lance is not a second weapon; no Sudden Strike from it
    assert attacks(game, "b")[0] == 1
    assert initiative_step(game, "b", legionary) == (4, ())


def test_UNG_1_with_only_the_lance_a_model_not_charging_fights_with_a_close_combat_weapon() -> None:
    game = charged((SWORD,), foe=(LANCE,))
    assert fighting_weapon(game, "b", game.state.unit("b").models[0])[0] is None


def test_UNG_1_a_disordered_charge_is_still_a_successful_one() -> None:
    game = charged((LANCE,))
    record = charge_of(game, "a")
    assert record is not None
    mark_disordered(game, record, Reason.of("Grav Wave", "a test's Disordered Charge"))
    rider = game.state.unit("a").models[0]
    assert fighting_weapon(game, "a", rider)[0] is LANCE
    assert initiative_step(game, "a", rider)[0] == 3  # no Sudden Strike after a Disordered Charge
    assert attacks(game)[0] == 2


def test_UNG_2_no_extra_attacks_from_special_rules() -> None:
    # Rage (2) would give +2 Attacks on the Charge instead of +1
    assert attacks(charged((PIKE,), rules=("Rage (2)",)))[0] == 2
    assert attacks(charged((SWORD,), rules=("Rage (2)",)))[0] == 4


def test_UNG_2_the_second_weapon_attack_follows_the_setting() -> None:
    # the pike is not Two-handed: the +1 for the sword is a core rule, kept by default
    count, why = attacks(charged((PIKE, SWORD)))
    assert count == 3 and why[-1].startswith("UNG-2: no bonus attacks with pike (its Attacks: 2) and +1 for a second")
    assert "weapon_rules.ungainly_blocks_second_weapon_attack" in why[-1]
    blocked = charged((PIKE, SWORD), config={"weapon_rules": {"ungainly_blocks_second_weapon_attack": True}})
    assert attacks(blocked) == (
        2,
        [
            "+1 Attack on the turn it charged",
            "+1 Attack for a second melee weapon",
            "UNG-2: no bonus attacks with pike (its Attacks: 2)",
        ],
    )


def test_UNG_2_the_lance_in_the_fight_sub_phase_with_brutal() -> None:
    game = charged((LANCE,))
    game.apply(EndStep(1))
    # a at step 5: 2 attacks WS4 vs WS4 hit on 4+: 5, 6; S3 vs T4 wound on 5+: 5, 1: one Wound, Brutal (2): two
    # Wounds saved one by one at AP4 against 3+: the first fails (1), the Legionary (1 Wound) is removed and the
    # second Wound is lost; b has no model left to strike back
    game.force_dice(5, 6, 5, 1, 1)
    events = [e for e in game.apply(FightCombat(1, "a")) if isinstance(e, MeleeAttacksResolved)]
    assert [(e.unit_id, e.weapon, e.step) for e in events] == [("a", "militia lance", 5)]
    assert events[0].summary == "2 attacks, 2 hits, 1 wounds, 1 unsaved, 0 mitigated, 1 removed"
    assert [r.rule for r in events[0].why[:2]] == ["Charging", "Ungainly"]
    assert (game.state.units["b"].wounds_lost, game.state.units["b"].poses) == ({"b.1": 1}, {})


def test_UNG_1_a_unit_not_locked_in_combat_is_not_refused_before_its_charge() -> None:
    game = assault_game([squad("a", weapons=(LANCE,), chars=RIDER)], [squad("b")])
    place(game, "a", (("a.1", Pose(20, 20)),))
    place(game, "b", (("b.1", Pose(20, 25)),))
    to_charge(game)
    assert fighting_weapon(game, "a", game.state.unit("a").models[0]) == (LANCE, ())
