"""Fleshbane (rulebook p.238) as two declared clauses: FLE-1 (shooting, the weapon's) and FLE-2 (close combat, the
weapon's or the model's) at the To Wound roll: a natural 2+ wounds whatever the Toughness (AutoWound on Natural(2));
no effect on a target with an Armour Value. With Rending (X), Breaching (X) and Murderous Strike (X) on the same
weapon. Forced dice, exact results."""

from __future__ import annotations

from strategium.catalogue.citations import Reason
from strategium.catalogue.clauses import clauses_of
from strategium.catalogue.declared import AutoWound, Bearer, Natural, Not, Situation, Trigger
from strategium.catalogue.registry import RuleRef, find_rule, get_rule_def
from strategium.combat.allocation import TargetModel, TargetUnit
from strategium.combat.attack import AttackMode, AttackSpec, resolve_attack
from strategium.combat.declared import acting_rules, attack_rules
from strategium.combat.vehicle_attack import resolve_attack_on_vehicle
from strategium.combat.vehicles import PenetrationOutcome, TargetVehicle
from strategium.config import RulesConfig
from strategium.dice import Dice

CONFIG = RulesConfig()


def rule(text: str) -> RuleRef:
    found = find_rule(text)
    assert isinstance(found, RuleRef)
    return found


FLESHBANE = rule("Fleshbane")


def squad(n: int = 3, *, toughness: int = 7, save: int | None = None) -> TargetUnit:
    models = tuple(TargetModel(f"Ogryn {i}", toughness, save=save, weapon_skill=3) for i in range(1, n + 1))
    return TargetUnit("Brutes", models)


def gun(count: int = 3, strength: int = 3, ap: int | None = 5, rules: tuple[RuleRef, ...] = (FLESHBANE,)) -> AttackSpec:
    """``count`` hits (automatic: no To Hit roll) of a Fleshbane gun."""
    return AttackSpec("Phage gun", count, strength, ap, rules=rules, attacker="Blue")


def texts(reasons: tuple[Reason, ...], rule_name: str = "Fleshbane") -> list[str]:
    return [r.text for r in reasons if r.rule == rule_name]


def test_FLE_1_and_FLE_2_are_auto_wound_on_a_natural_two_citing_p238() -> None:
    shooting, melee = clauses_of("Fleshbane")[:2]
    assert (shooting.id, shooting.trigger, shooting.when, shooting.effect, shooting.bearer) == (
        "FLE-1",
        Trigger.TO_WOUND_ROLL,
        (Natural(2), Situation.SHOOTING, Not(Situation.TARGET_HAS_ARMOUR_VALUE)),
        (AutoWound(),),
        Bearer.WEAPON,
    )
    assert (melee.id, melee.when, melee.effect, melee.bearer) == (
        "FLE-2",
        (Natural(2), Situation.MELEE, Not(Situation.TARGET_HAS_ARMOUR_VALUE)),
        (AutoWound(),),
        Bearer.WEAPON_OR_MODEL,
    )
    definition = get_rule_def("Fleshbane")
    assert (definition.book.value, definition.page) == ("Age of Darkness rulebook", 238)


def test_FLE_1_wounds_on_two_plus_a_toughness_the_strength_cannot_wound() -> None:
    dice = Dice(0, strict=True)
    dice.force(2, 1, 6)  # S3 vs T7 cannot wound; Fleshbane: the 2 and the 6 wound, the 1 fails; no save
    result = resolve_attack(dice, gun(), squad(), config=CONFIG)
    assert [(r.model, r.ap, r.removed) for r in result.records] == [("Ogryn 1", 5, True), ("Ogryn 2", 5, True)]
    assert [str(r) for r in result.rolls] == [
        "To Wound: 3 hits S3 vs T7 (cannot wound but by FLE-1) with Phage gun (Blue): 3D6 [2*, 1*, 6*] = 9"
    ]
    assert texts(result.reasons) == ["FLE-1: a To Wound roll of 2+ wounds whatever the Toughness: 2 dice"]
    assert all(texts(r.reasons) == [] for r in result.records)  # the Wounds are plain ones: one group


def test_FLE_1_against_a_toughness_the_strength_wounds_on_six() -> None:
    dice = Dice(0, strict=True)
    dice.force(3, 4, 1)  # S4 vs T7 would need 6+ (or nothing): Fleshbane makes the 3 and the 4 wound
    result = resolve_attack(dice, gun(strength=4), squad(), config=CONFIG)
    assert result.wounds == 2


def test_FLE_2_in_close_combat_and_a_model_that_has_it_bears_it() -> None:
    claws = AttackSpec("Claws", 3, 3, None, mode=AttackMode.MELEE, skill=None, rules=(FLESHBANE,))
    dice = Dice(0, strict=True)
    dice.force(1, 2, 5)
    result = resolve_attack(dice, claws, squad(), config=CONFIG)
    assert result.wounds == 2
    assert texts(result.reasons) == ["FLE-2: a close combat To Wound roll of 2+ wounds whatever the Toughness: 2 dice"]
    # the model's own Fleshbane acts on its close combat attacks, whatever its weapon
    acting = acting_rules((FLESHBANE,))
    assert acting == (FLESHBANE,)
    fists = AttackSpec("Fists", 1, 3, None, mode=AttackMode.MELEE, skill=None, rules=attack_rules((), acting))
    plan = fists.declared(vehicle=False)
    assert plan is not None and [b.clause.id for b in plan.to_wound] == ["FLE-2"]
    # held by both the weapon and the model: played once
    assert attack_rules((FLESHBANE,), acting) == (FLESHBANE,)


def test_FLE_1_has_no_effect_on_a_vehicle() -> None:
    attack = gun(2, 7, 4)
    assert attack.declared(vehicle=True) is None
    dice = Dice(0, strict=True)
    dice.force(6, 2)  # S7 against Armour 13: 6 + 7 = 13 glances, 2 + 7 = 9 nothing
    tank = TargetVehicle("Predator", armour=13, hull_points=3)
    result = resolve_attack_on_vehicle(dice, attack, tank, config=CONFIG)
    assert [r.outcome for r in result.records] == [PenetrationOutcome.GLANCING, PenetrationOutcome.NONE]
    assert texts(result.reasons) == []


# -- with Rending, Breaching and Murderous Strike on the same weapon --------------------------------------------


def test_FLE_1_with_rending_a_six_is_ap2_the_others_keep_the_weapons_ap() -> None:
    dice = Dice(0, strict=True)
    dice.force(6, 3, 1, 4)  # S3 vs T7 2+ save: the 6 at AP 2 (REN-1: no save), the 3 at AP 5 (2+ save rolls 4)
    result = resolve_attack(dice, gun(3, rules=(FLESHBANE, rule("Rending (6+)"))), squad(save=2), config=CONFIG)
    assert [(r.ap, r.save is None, r.saved, r.removed) for r in result.records] == [
        (2, True, False, True),
        (5, False, True, False),
    ]
    assert texts(result.reasons) == ["FLE-1: a To Wound roll of 2+ wounds whatever the Toughness: 2 dice"]


def test_FLE_1_with_breaching_a_five_plus_is_ap2() -> None:
    dice = Dice(0, strict=True)
    dice.force(5, 2, 6, 1)  # the AP 5 Wound's 2+ Armour Save rolls 1: failed
    result = resolve_attack(dice, gun(3, rules=(FLESHBANE, rule("Breaching (5+)"))), squad(save=2), config=CONFIG)
    # the 5 and the 6 (one group at AP 2, first: no save) and the 2 at AP 5 (its save failed) remove all three
    assert [(r.ap, r.save is None, r.removed) for r in result.records] == [
        (2, True, True),
        (2, True, True),
        (5, False, True),
    ]


def test_FLE_1_with_murderous_strike_a_six_kills_whatever_the_toughness() -> None:
    """S3 against a 3-Wound T8 model: Fleshbane wounds on 2+, Murderous Strike (6+) makes the 6 Instant Death (the
    Strength alone could not even wound)."""
    dice = Dice(0, strict=True)
    dice.force(3, 6)
    big = TargetUnit("Brute", (TargetModel("Brute", 8, wounds=3),))
    result = resolve_attack(dice, gun(2, rules=(FLESHBANE, rule("Murderous Strike (6+)"))), big, config=CONFIG)
    assert [(r.instant_death, r.wounds_lost, r.removed) for r in result.records] == [(True, 3, True)]
    assert result.wounds == 2 and result.wounds_lost == 3
