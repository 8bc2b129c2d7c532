"""Murderous Strike (X) (rulebook p.243) as one declared clause: MUR-1 at the To Wound roll (a natural X+ that
wounds inflicts Instant Death, in shooting and in close combat; it does not make a die wound; no effect on a target
with an Armour Value). Instant Death as the pipeline plays it: 0 Wounds, Eternal Warrior loses 1, no Feel No Pain;
the Instant Death Wounds saved first (``damage.special_wounds_first``). With Rending (X) and Breaching (X) on the
same weapon. Forced dice, exact results."""

from __future__ import annotations

from strategium.catalogue.citations import Reason
from strategium.catalogue.clauses import clauses_of
from strategium.catalogue.declared import InstantDeath, Natural, Not, Situation, Trigger, X
from strategium.catalogue.registry import RuleRef, find_rule, get_rule_def
from strategium.combat.allocation import TargetModel, TargetUnit
from strategium.combat.attack import AttackMode, AttackSpec, resolve_attack
from strategium.combat.vehicle_attack import resolve_attack_on_vehicle
from strategium.combat.vehicles import PenetrationOutcome, TargetVehicle
from strategium.config import RulesConfig
from strategium.dice import Dice

CONFIG = RulesConfig()


def rule(text: str) -> RuleRef:
    found = find_rule(text)
    assert isinstance(found, RuleRef)
    return found


MURDEROUS = rule("Murderous Strike (6+)")
MURDEROUS_5 = rule("Murderous Strike (5+)")
RENDING = rule("Rending (6+)")
BREACHING_5 = rule("Breaching (5+)")
SIX_ONE_DIE = "MUR-1: a To Wound roll of 6+ inflicts Instant Death: 1 die"
ID_WOUND = "MUR-1: this Wound inflicts Instant Death"


def squad(
    n: int = 2, *, toughness: int = 4, wounds: int = 3, save: int | None = None, rules: tuple[RuleRef, ...] = ()
) -> TargetUnit:
    models = tuple(
        TargetModel(f"Champion {i}", toughness, wounds=wounds, save=save, weapon_skill=5, rules=rules)
        for i in range(1, n + 1)
    )
    return TargetUnit("Command Squad", models)


def blade(
    count: int = 2, strength: int = 4, ap: int | None = 3, rules: tuple[RuleRef, ...] = (MURDEROUS,)
) -> AttackSpec:
    """``count`` close combat hits (automatic: no To Hit roll) of a Murderous Strike (6+) blade."""
    return AttackSpec("Paragon Blade", count, strength, ap, mode=AttackMode.MELEE, skill=None, rules=rules)


def gun(count: int = 2, strength: int = 4, ap: int | None = 5, rules: tuple[RuleRef, ...] = (MURDEROUS,)) -> AttackSpec:
    return AttackSpec("Murderous gun", count, strength, ap, rules=rules, attacker="Blue")


def texts(reasons: tuple[Reason, ...], rule_name: str = "Murderous Strike") -> list[str]:
    return [r.text for r in reasons if r.rule == rule_name]


def test_MUR_1_is_one_clause_at_the_to_wound_roll_citing_p243() -> None:
    (clause,) = clauses_of("Murderous Strike")
    assert (clause.id, clause.trigger, clause.when, clause.effect) == (
        "MUR-1",
        Trigger.TO_WOUND_ROLL,
        (Natural(X), Not(Situation.TARGET_HAS_ARMOUR_VALUE)),
        (InstantDeath(),),
    )
    definition = get_rule_def("Murderous Strike")
    assert (definition.book.value, definition.page) == ("Age of Darkness rulebook", 243)
    assert str(Reason.of("Murderous Strike", "x")).endswith("[Murderous Strike (Age of Darkness rulebook p.243)]")


def test_MUR_1_a_six_reduces_a_three_wound_model_to_zero_a_four_costs_one_wound() -> None:
    dice = Dice(0, strict=True)
    dice.force(4, 6)  # S4 vs T4 wounds on 4+: the 4 is a plain Wound, the 6 inflicts Instant Death; no save
    result = resolve_attack(dice, blade(), squad(), config=CONFIG)
    # the Instant Death Wound is allocated first (damage.special_wounds_first), though its die came second
    assert [(r.model, r.instant_death, r.wounds_lost, r.removed) for r in result.records] == [
        ("Champion 1", True, 3, True),
        ("Champion 2", False, 1, False),
    ]
    assert texts(result.records[0].reasons) == [ID_WOUND]
    assert texts(result.records[1].reasons) == []
    assert texts(result.reasons) == [SIX_ONE_DIE]
    order = next(r for r in result.reasons if r.rule == "damage.special_wounds_first")
    assert order.text.startswith("the Wounds a special rule resolves otherwise are allocated before the others")


def test_MUR_1_the_instant_death_wounds_come_last_when_special_wounds_first_is_false() -> None:
    config = RulesConfig.model_validate({"damage": {"special_wounds_first": False}})
    dice = Dice(0, strict=True)
    dice.force(6, 4)
    result = resolve_attack(dice, blade(), squad(), config=config)
    assert [(r.model, r.instant_death, r.wounds_lost) for r in result.records] == [
        ("Champion 1", False, 1),
        ("Champion 1", True, 2),  # the wounded model takes the next Wound, and loses its 2 Wounds left
    ]


def test_MUR_1_eternal_warrior_loses_only_one_wound() -> None:
    dice = Dice(0, strict=True)
    dice.force(6, 6)
    result = resolve_attack(dice, blade(), squad(1, rules=(rule("Eternal Warrior"),)), config=CONFIG)
    assert [(r.instant_death, r.wounds_lost, r.removed) for r in result.records] == [(True, 1, False), (True, 1, False)]
    assert [r.text for r in result.records[0].reasons if r.rule == "Eternal Warrior"] == [
        "Eternal Warrior: Champion 1 loses only 1 Wound to Instant Death"
    ]


def test_MUR_1_feel_no_pain_is_not_rolled_against_the_instant_death_wound() -> None:
    dice = Dice(0, strict=True)
    # To Wound 6, 5: one Instant Death Wound (no Feel No Pain roll: Champion 1 is removed), one plain Wound, on
    # Champion 2, whose Feel No Pain (5+) rolls 5: discounted.
    dice.force(6, 5, 5)
    result = resolve_attack(dice, blade(), squad(rules=(rule("Feel No Pain (5+)"),)), config=CONFIG)
    first, second = result.records
    assert (first.instant_death, first.wounds_lost, first.removed) == (True, 3, True)
    assert first.mitigation is not None
    assert (first.mitigation.roll, first.mitigation.success) == (None, False)
    assert [r.text for r in first.mitigation.reasons] == [
        "Feel No Pain (5+) not allowed: the Wound inflicts Instant Death"
    ]
    assert second.mitigation is not None and second.mitigation.success
    assert (second.instant_death, second.wounds_lost) == (False, 0)
    assert len(result.rolls) == 2  # the To Wound roll and the one Feel No Pain roll


def test_MUR_1_does_not_make_a_die_wound() -> None:
    dice = Dice(0, strict=True)
    result = resolve_attack(dice, blade(2, 3), squad(toughness=7), config=CONFIG)
    assert (result.wounds, result.rolls) == (0, ())  # S3 cannot wound T7: no die rolled, no 6 to kill
    dice.force(6, 6, 4)  # S4 vs T5 wounds on 5+: two natural 6s kill both Champions; the 4 fails
    result = resolve_attack(dice, blade(3), squad(toughness=5), config=CONFIG)
    assert [(r.instant_death, r.removed) for r in result.records] == [(True, True), (True, True)]
    assert texts(result.reasons) == ["MUR-1: a To Wound roll of 6+ inflicts Instant Death: 2 dice"]


def test_MUR_1_a_five_plus_murderous_strike_kills_on_five_in_shooting_too() -> None:
    dice = Dice(0, strict=True)
    dice.force(5, 4)  # shooting, S4 vs T4: the 5 kills (Murderous Strike (5+)), the 4 costs 1 Wound
    result = resolve_attack(dice, gun(rules=(MURDEROUS_5,)), squad(), config=CONFIG)
    assert [(r.instant_death, r.wounds_lost) for r in result.records] == [(True, 3), (False, 1)]
    assert texts(result.reasons) == ["MUR-1: a To Wound roll of 5+ inflicts Instant Death: 1 die"]


def test_MUR_1_has_no_effect_on_a_vehicle() -> None:
    attack = gun(2, 7, 4)
    assert attack.declared(vehicle=True) is None
    dice = Dice(0, strict=True)
    dice.force(6, 5)  # S7 against Armour 13: 6 + 7 = 13 glances, 5 + 7 = 12 nothing
    tank = TargetVehicle("Predator", armour=13, hull_points=3)
    result = resolve_attack_on_vehicle(dice, attack, tank, config=CONFIG)
    assert [r.outcome for r in result.records] == [PenetrationOutcome.GLANCING, PenetrationOutcome.NONE]
    assert result.hull_points_lost == 1
    assert texts(result.reasons) == [] and all(texts(r.reasons) == [] for r in result.records)


# -- with Rending (X) and Breaching (X) on the same weapon ------------------------------------------------------


def test_MUR_1_with_rending_a_six_wounds_any_toughness_at_ap2_and_kills() -> None:
    """Rending (6+) and Murderous Strike (6+), S3 AP5 against T7 2+: the 6 wounds by REN-1, at AP 2 (the 2+ save
    denied), and inflicts Instant Death by MUR-1; the 5 does not wound (S3 cannot wound T7)."""
    dice = Dice(0, strict=True)
    dice.force(6, 5)
    result = resolve_attack(dice, gun(2, 3, 5, (RENDING, MURDEROUS)), squad(toughness=7, save=2), config=CONFIG)
    (record,) = result.records
    assert (record.ap, record.save, record.instant_death, record.wounds_lost, record.removed) == (
        2,
        None,
        True,
        3,
        True,
    )
    assert texts(record.reasons, "Rending") == ["REN-1: this Wound is resolved at AP 2"]
    assert texts(record.reasons) == [ID_WOUND]


def test_MUR_1_with_breaching_a_six_kills_at_ap2_a_five_is_ap2_only_a_four_keeps_the_ap() -> None:
    """Breaching (5+) and Murderous Strike (6+), S4 AP4 against T4 3+: three groups, the two special ones first in
    the order they appeared (the 5's AP 2, then the 6's AP 2 and Instant Death), then the AP 4 Wound."""
    dice = Dice(0, strict=True)
    dice.force(4, 5, 6, 3)  # the AP 4 Wound's 3+ save rolls 3: saved
    result = resolve_attack(dice, blade(3, 4, 4, (BREACHING_5, MURDEROUS)), squad(3, save=3), config=CONFIG)
    assert [(r.model, r.ap, r.instant_death, r.save is None, r.saved, r.wounds_lost) for r in result.records] == [
        ("Champion 1", 2, False, True, False, 1),
        ("Champion 1", 2, True, True, False, 2),
        ("Champion 2", 4, False, False, True, 0),
    ]
    assert texts(result.records[1].reasons, "Breaching") == ["BRE-1: this Wound is resolved at AP 2"]
    assert texts(result.records[1].reasons) == [ID_WOUND]
