"""Poisoned (X) (rulebook p.244) as three declared clauses at the To Wound roll: POI-1 (shooting) and POI-2 (close
combat) make a natural X+ wound whatever the Toughness (the die wounds on the (X) or on what the Strength needs,
whichever is lower; 4+ when no (X) is given); POI-3 re-rolls failed close combat To Wound rolls when the attack's
Strength is higher than the Toughness (``Situation.STRENGTH_ABOVE_TOUGHNESS``, decided at the roll). No effect on a
target with an Armour Value. With Rending (X), Breaching (X) and Murderous Strike (X). Forced dice, exact results."""

from __future__ import annotations

import pytest

import strategium.catalogue.clauses as clauses_module
from strategium.catalogue.citations import Reason
from strategium.catalogue.clauses import clause_problems, clauses_of
from strategium.catalogue.declared import (
    AutoWound,
    Bearer,
    Clause,
    Natural,
    Not,
    Reroll,
    RerollWhich,
    Situation,
    Trigger,
    X,
)
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


POISONED = rule("Poisoned (4+)")
POISONED_3 = rule("Poisoned (3+)")
NO_SAVE = None


def squad(n: int = 3, *, toughness: int = 4, save: int | None = NO_SAVE, wounds: int = 1) -> TargetUnit:
    models = tuple(
        TargetModel(f"Legionary {i}", toughness, wounds=wounds, save=save, weapon_skill=4) for i in range(1, n + 1)
    )
    return TargetUnit("Tactical Squad", models)


def gun(count: int = 3, strength: int = 1, ap: int | None = 5, rules: tuple[RuleRef, ...] = (POISONED,)) -> AttackSpec:
    """``count`` hits (automatic: no To Hit roll) of a Poisoned shooting weapon."""
    return AttackSpec("Needle pistol", count, strength, ap, rules=rules, attacker="Blue")


def blade(
    count: int = 3, strength: int = 4, ap: int | None = None, rules: tuple[RuleRef, ...] = (POISONED,)
) -> AttackSpec:
    return AttackSpec("Venom blade", count, strength, ap, mode=AttackMode.MELEE, skill=None, rules=rules)


def texts(reasons: tuple[Reason, ...], rule_name: str = "Poisoned") -> list[str]:
    return [r.text for r in reasons if r.rule == rule_name]


def test_POI_clauses_citing_p244_and_a_poisoned_without_x_is_4_plus() -> None:
    shoot, melee, again = clauses_of("Poisoned")[:3]
    assert (shoot.id, shoot.trigger, shoot.when, shoot.effect, shoot.bearer) == (
        "POI-1",
        Trigger.TO_WOUND_ROLL,
        (Natural(X), Situation.SHOOTING, Not(Situation.TARGET_HAS_ARMOUR_VALUE)),
        (AutoWound(),),
        Bearer.WEAPON,
    )
    assert (melee.id, melee.when, melee.effect, melee.bearer) == (
        "POI-2",
        (Natural(X), Situation.MELEE, Not(Situation.TARGET_HAS_ARMOUR_VALUE)),
        (AutoWound(),),
        Bearer.WEAPON_OR_MODEL,
    )
    assert (again.id, again.when, again.effect, again.bearer) == (
        "POI-3",
        (Situation.MELEE, Situation.STRENGTH_ABOVE_TOUGHNESS, Not(Situation.TARGET_HAS_ARMOUR_VALUE)),
        (Reroll(RerollWhich.FAILED),),
        Bearer.WEAPON_OR_MODEL,
    )
    definition = get_rule_def("Poisoned")
    assert (definition.book.value, definition.page) == ("Age of Darkness rulebook", 244)
    assert (rule("Poisoned").value, rule("Poisoned").x_text) == (4, "4+")


def test_POI_1_a_strength_1_shot_wounds_toughness_4_on_4_plus_not_rerolled() -> None:
    dice = Dice(0, strict=True)
    dice.force(4, 3, 6)  # S1 vs T4 needs 6+; Poisoned (4+): the 4 and the 6 wound, the 3 fails (no re-roll)
    result = resolve_attack(dice, gun(), squad(), config=CONFIG)
    assert result.wounds == 2
    assert [str(r) for r in result.rolls] == [
        "To Wound: 3 hits S1 vs T4 (6+) with Needle pistol (Blue): 3D6 [4*, 3*, 6*] = 13"
    ]
    assert texts(result.reasons) == ["POI-1: a To Wound roll of 4+ wounds whatever the Toughness: 2 dice"]


def test_POI_1_the_lower_roll_the_strength_needs_stands_and_shooting_has_no_reroll() -> None:
    dice = Dice(0, strict=True)
    dice.force(3, 2, 1)  # S5 vs T4 wounds on 3+ (lower than Poisoned's 4+): the 3 wounds; S > T, but no re-roll
    result = resolve_attack(dice, gun(strength=5), squad(), config=CONFIG)
    assert (result.wounds, len(result.rolls)) == (1, 1)
    assert texts(result.reasons) == []


def test_POI_2_in_close_combat_strength_equal_to_toughness_no_reroll() -> None:
    dice = Dice(0, strict=True)
    dice.force(3, 2, 1)  # S4 vs T4 needs 4+; Poisoned (3+): the 3 wounds; S is not higher than T: no re-roll
    result = resolve_attack(dice, blade(rules=(POISONED_3,)), squad(), config=CONFIG)
    assert (result.wounds, len(result.rolls)) == (1, 1)
    assert texts(result.reasons) == ["POI-2: a close combat To Wound roll of 3+ wounds whatever the Toughness: 1 die"]


def test_POI_3_strength_above_toughness_re_rolls_the_failed_wounds_once() -> None:
    dice = Dice(0, strict=True)
    # S5 vs T4 wounds on 3+ (Poisoned 4+ is not lower): 1 and 2 fail, 6 wounds; the 1 and the 2 are re-rolled
    # together: 3 wounds, 1 fails and stays failed
    dice.force(1, 2, 6, 3, 1)
    result = resolve_attack(dice, blade(strength=5), squad(), config=CONFIG)
    assert result.wounds == 2
    assert [str(r) for r in result.rolls] == [
        "To Wound: 3 hits S5 vs T4 (3+) with Venom blade: 3D6 [1*, 2*, 6*] = 9",
        "To Wound re-roll: S5 vs T4 (3+) with Venom blade (Poisoned): 2D6 [3*, 1*] = 4",
    ]
    assert texts(result.reasons) == [
        "POI-3: in close combat, the Strength being higher than the Toughness, failed To Wound rolls are re-rolled: "
        "2 failed re-rolled",
        "POI-2: a close combat To Wound roll of 4+ wounds whatever the Toughness: 1 die",
    ]


def test_POI_3_the_same_blade_against_a_higher_toughness_is_not_re_rolled() -> None:
    """The plan of the attack is kept once; POI-3 is decided at each To Wound roll against its Toughness."""
    dice = Dice(0, strict=True)
    dice.force(1, 4)
    assert resolve_attack(dice, blade(2, 5), squad(toughness=5), config=CONFIG).wounds == 1  # S5 vs T5: no re-roll
    dice.force(1, 4, 5)
    assert resolve_attack(dice, blade(2, 5), squad(toughness=4), config=CONFIG).wounds == 2  # S5 vs T4: re-rolled


def test_POI_2_a_model_that_has_it_bears_it_the_lower_x_kept() -> None:
    assert acting_rules((POISONED,)) == (POISONED,)
    assert attack_rules((POISONED_3,), (POISONED,)) == (POISONED_3,)
    assert attack_rules((POISONED,), (POISONED_3,)) == (POISONED_3,)
    fists = AttackSpec("Fists", 1, 3, None, mode=AttackMode.MELEE, skill=None, rules=attack_rules((), (POISONED,)))
    plan = fists.declared(vehicle=False)
    assert plan is not None and [b.clause.id for b in plan.to_wound] == ["POI-2", "POI-3"]
    shot = gun(rules=(POISONED,))
    plan = shot.declared(vehicle=False)
    assert plan is not None and [b.clause.id for b in plan.to_wound] == ["POI-1"]


def test_POI_has_no_effect_on_a_vehicle() -> None:
    attack = gun(2, 4, 4)
    assert attack.declared(vehicle=True) is None
    assert blade(1, 5).declared(vehicle=True) is None
    dice = Dice(0, strict=True)
    dice.force(6, 5)  # S4 against Armour 10: 6 + 4 = 10 glances, 5 + 4 = 9 nothing
    result = resolve_attack_on_vehicle(dice, attack, TargetVehicle("Rhino", armour=10, hull_points=3), config=CONFIG)
    assert [r.outcome for r in result.records] == [PenetrationOutcome.GLANCING, PenetrationOutcome.NONE]
    assert texts(result.reasons) == []


def test_a_condition_decided_at_the_to_wound_roll_is_refused_at_another_trigger(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    wrong = Clause("P-1", Trigger.TO_HIT_ROLL, (Situation.STRENGTH_ABOVE_TOUGHNESS,), (Reroll(),), "re-roll")
    monkeypatch.setattr(clauses_module, "TABLES", ((Bearer.WEAPON, {"Poisoned": (wrong,)}), (Bearer.MODEL, {})))
    assert clause_problems() == ("Poisoned P-1: a condition decided at the To Wound roll, asked at the To Hit roll",)


# -- with Rending, Breaching and Murderous Strike on the same weapon --------------------------------------------


def test_POI_3_a_re_rolled_six_rends_at_ap2() -> None:
    """Poisoned (4+) and Rending (6+), S5 AP- against T4 3+: the 2 fails and is re-rolled (POI-3) into a 6, which
    REN-2 resolves at AP 2 (the 3+ save denied); the 5 wounds at AP - (the 3+ save rolls 3: saved)."""
    dice = Dice(0, strict=True)
    dice.force(2, 5, 6, 3)
    result = resolve_attack(dice, blade(2, 5, None, (POISONED, rule("Rending (6+)"))), squad(save=3), config=CONFIG)
    assert [(r.ap, r.save is None, r.saved, r.removed) for r in result.records] == [
        (2, True, False, True),
        (None, False, True, False),
    ]


def test_POI_1_with_breaching_and_murderous_strike() -> None:
    """S1 Poisoned (3+) with Breaching (5+) and Murderous Strike (6+) against 2-Wound T4 2+: the 3 wounds at AP 5
    (2+ save rolls 2: saved), the 5 at AP 2 (no save: 1 Wound lost), the 6 at AP 2 with Instant Death."""
    rules = (POISONED_3, rule("Breaching (5+)"), rule("Murderous Strike (6+)"))
    dice = Dice(0, strict=True)
    dice.force(3, 5, 6, 2)
    result = resolve_attack(dice, gun(3, 1, 5, rules), squad(save=2, wounds=2), config=CONFIG)
    assert [(r.model, r.ap, r.instant_death, r.saved, r.wounds_lost) for r in result.records] == [
        ("Legionary 1", 2, False, False, 1),
        ("Legionary 1", 2, True, False, 1),
        ("Legionary 2", 5, False, True, 0),
    ]
