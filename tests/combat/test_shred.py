"""Shred (rulebook p.246) as two declared clauses at the To Wound roll: SHR-1 (close combat: the model that has the
rule, or its Melee weapon that has it, re-rolls failed To Wound rolls) and SHR-2 (a Shooting Attack with a weapon that
has it re-rolls its failed To Wound rolls). A die is re-rolled once; with Rending (X) the re-rolled die may rend; no
effect against a Vehicle (no To Wound roll). Forced dice, exact results."""

from __future__ import annotations

from strategium.catalogue.citations import Reason
from strategium.catalogue.clauses import clause_problems, clauses_of
from strategium.catalogue.declared import Bearer, Reroll, RerollWhich, Situation, Trigger
from strategium.catalogue.definitions import ImplementationStatus
from strategium.catalogue.registry import RuleRef, find_rule, get_rule_def
from strategium.combat.allocation import TargetModel, TargetUnit
from strategium.combat.attack import AttackMode, AttackSpec, resolve_attack
from strategium.combat.declared import acting_rules, attack_rules, declared_for
from strategium.combat.vehicle_attack import resolve_attack_on_vehicle
from strategium.combat.vehicles import TargetVehicle
from strategium.config import RulesConfig
from strategium.dice import Dice

CONFIG = RulesConfig()


def rule(text: str) -> RuleRef:
    found = find_rule(text)
    assert isinstance(found, RuleRef)
    return found


SHRED = rule("Shred")
RENDING = rule("Rending (6+)")


def squad(n: int = 5, *, toughness: int = 4, save: int | None = None) -> TargetUnit:
    models = tuple(TargetModel(f"Legionary {i}", toughness, save=save, weapon_skill=4) for i in range(1, n + 1))
    return TargetUnit("Tactical Squad", models)


def texts(reasons: tuple[Reason, ...], rule_name: str = "Shred") -> list[str]:
    return [r.text for r in reasons if r.rule == rule_name]


def test_shred_is_two_clauses_at_the_to_wound_roll_citing_p246() -> None:
    melee, shooting = clauses_of("Shred")
    assert (melee.id, melee.trigger, melee.when, melee.effect, melee.bearer) == (
        "SHR-1",
        Trigger.TO_WOUND_ROLL,
        (Situation.MELEE,),
        (Reroll(RerollWhich.FAILED),),
        Bearer.WEAPON_OR_MODEL,
    )
    assert (shooting.id, shooting.trigger, shooting.when, shooting.effect, shooting.bearer) == (
        "SHR-2",
        Trigger.TO_WOUND_ROLL,
        (Situation.SHOOTING,),
        (Reroll(RerollWhich.FAILED),),
        Bearer.WEAPON,
    )
    definition = get_rule_def("Shred")
    assert (definition.book.value, definition.page, definition.status) == (
        "Age of Darkness rulebook",
        246,
        ImplementationStatus.IMPLEMENTED,
    )
    assert clause_problems() == ()


def test_SHR_2_a_shooting_attack_rerolls_its_failed_to_wound_rolls_once() -> None:
    dice = Dice(0, strict=True)
    # three automatic hits; To Wound 4+: 1, 3 fail, 5 wounds; SHR-2 re-rolls the two: 4 wounds, 2 fails (once only)
    dice.force(1, 3, 5, 4, 2)
    gun = AttackSpec("Shredder", 3, 4, 5, rules=(SHRED,), attacker="Blue")
    result = resolve_attack(dice, gun, squad(), config=CONFIG)
    assert (result.wounds, result.wounds_lost) == (2, 2)
    assert [str(r) for r in result.rolls] == [
        "To Wound: 3 hits S4 vs T4 (4+) with Shredder (Blue): 3D6 [1*, 3*, 5*] = 9",
        "To Wound re-roll: S4 vs T4 (4+) with Shredder (Shred) (Blue): 2D6 [4*, 2*] = 6",
    ]
    assert texts(result.reasons) == [
        "SHR-2: failed To Wound rolls of a Shooting Attack are re-rolled: 2 failed re-rolled"
    ]


def test_SHR_1_a_melee_weapon_rerolls_its_failed_close_combat_to_wound_rolls() -> None:
    dice = Dice(0, strict=True)
    # two automatic hits of a chainsword (S4, AP -); To Wound 4+: 2 fails, 6 wounds; re-roll: 4 wounds
    dice.force(2, 6, 4)
    sword = AttackSpec("Chainsword", 2, 4, None, mode=AttackMode.MELEE, rules=(SHRED,), attacker="Blue")
    result = resolve_attack(dice, sword, squad(), config=CONFIG)
    assert result.wounds == 2
    assert str(result.rolls[1]) == "To Wound re-roll: S4 vs T4 (4+) with Chainsword (Shred) (Blue): D6 [4*] = 4"
    assert texts(result.reasons) == ["SHR-1: failed close combat To Wound rolls are re-rolled: 1 failed re-rolled"]


def test_a_model_with_shred_shreds_in_close_combat_whatever_its_weapon_but_not_when_shooting() -> None:
    model_rules = (rule("Fearless"), SHRED)
    acting = acting_rules(model_rules)
    assert acting == (SHRED,)
    fist = attack_rules((rule("Two-handed"),), acting)
    plan = declared_for(fist, melee=True, situation=frozenset(), vehicle=False)
    assert plan is not None and [b.clause.id for b in plan.to_wound] == ["SHR-1"]
    # held by both the weapon and the model: played once
    assert attack_rules((SHRED,), acting) == (SHRED,)
    dice = Dice(0, strict=True)
    dice.force(1, 5)  # one hit; To Wound 4+: 1 fails, re-rolled once: 5 wounds
    attack = AttackSpec("Power fist", 1, 8, 2, mode=AttackMode.MELEE, rules=attack_rules((SHRED,), acting))
    result = resolve_attack(dice, attack, squad(toughness=4), config=CONFIG)
    assert (result.wounds, len(result.rolls)) == (1, 2)


def test_shred_with_rending_the_rerolled_die_may_rend() -> None:
    """S3 cannot wound T7 but by Rending's 6 (REN-1); Shred re-rolls the failed dice and a re-rolled 6 rends."""
    dice = Dice(0, strict=True)
    dice.force(2, 6, 6, 3)  # To Wound: 2 fails, 6 rends; SHR-2 re-rolls the 2: 6 rends at AP 2; no save
    gun = AttackSpec("Shredding ripper", 2, 3, 5, rules=(SHRED, RENDING), attacker="Blue")
    result = resolve_attack(dice, gun, squad(toughness=7, save=3), config=CONFIG)
    assert [str(r) for r in result.rolls[:2]] == [
        "To Wound: 2 hits S3 vs T7 (cannot wound but by REN-1) with Shredding ripper (Blue): 2D6 [2*, 6*] = 8",
        "To Wound re-roll: S3 vs T7 (cannot wound but by REN-1) with Shredding ripper (Shred) (Blue): D6 [6*] = 6",
    ]
    assert (result.wounds, [r.ap for r in result.records], result.models_removed) == (
        2,
        [2, 2],
        ("Legionary 1", "Legionary 2"),
    )
    assert texts(result.reasons) == [
        "SHR-2: failed To Wound rolls of a Shooting Attack are re-rolled: 1 failed re-rolled"
    ]
    assert texts(result.reasons, "Rending") == [
        "REN-1: a To Wound roll of 6+ wounds whatever the Toughness, at AP 2: 2 dice"
    ]
    # a re-rolled die that is not a 6 fails: S3 cannot wound T7 otherwise
    dice.force(5, 4)
    result = resolve_attack(dice, AttackSpec("Shredding ripper", 1, 3, 5, rules=(SHRED, RENDING)), squad(toughness=7))
    assert (result.wounds, len(result.rolls)) == (0, 2)


def test_shred_alone_cannot_make_a_strength_wound_that_cannot() -> None:
    dice = Dice(0, strict=True)
    gun = AttackSpec("Shredder", 2, 3, 5, rules=(SHRED,))
    result = resolve_attack(dice, gun, squad(toughness=7), config=CONFIG)
    assert (result.wounds, result.rolls) == (0, ())


def test_shred_has_no_effect_against_a_vehicle() -> None:
    """No To Wound roll against an Armour Value: a failed Armour Penetration roll is not re-rolled."""
    dice = Dice(0, strict=True)
    dice.force(1)  # one automatic hit; Armour Penetration S4 + 1 = 5 against AV 11: no effect, no re-roll
    gun = AttackSpec("Shredder", 1, 4, 5, rules=(SHRED,))
    result = resolve_attack_on_vehicle(dice, gun, TargetVehicle("Rhino", armour=11, hull_points=3), config=CONFIG)
    assert len(result.rolls) == 1
    assert texts(result.reasons) == []
