"""Breaching (X) (Liber Astartes / Liber Hereticus p.117) as one declared clause: BRE-1 at the To Wound roll (a
natural X+ is resolved at AP 2 instead of the weapon's AP, in shooting and in close combat; it does not make the die
wound, and it has no effect on a target with an Armour Value). With Rending (X) on the same weapon. Forced dice,
exact results."""

from __future__ import annotations

from strategium.catalogue.citations import Reason
from strategium.catalogue.clauses import clauses_of
from strategium.catalogue.declared import Natural, Not, SetAp, Situation, Trigger, X
from strategium.catalogue.registry import RuleRef, find_rule, get_rule_def
from strategium.combat.allocation import TargetModel, TargetUnit
from strategium.combat.attack import AttackMode, AttackSpec, resolve_attack
from strategium.combat.saves import SaveKind
from strategium.combat.vehicle_attack import resolve_attack_on_vehicle
from strategium.combat.vehicles import PenetrationOutcome, TargetVehicle
from strategium.config import RulesConfig
from strategium.dice import Dice

CONFIG = RulesConfig()


def rule(text: str) -> RuleRef:
    found = find_rule(text)
    assert isinstance(found, RuleRef)
    return found


BREACHING = rule("Breaching (6+)")
SIX_ONE_DIE = "BRE-1: a To Wound roll of 6+ is resolved at AP 2 instead of the weapon's AP: 1 die"
"""The attack's ruling when one die of a Breaching (6+) attack is a natural 6."""


def squad(n: int = 3, *, toughness: int = 4, save: int | None = 3, invulnerable: int | None = None) -> TargetUnit:
    models = tuple(
        TargetModel(f"Legionary {i}", toughness, save=save, invulnerable_save=invulnerable, weapon_skill=4)
        for i in range(1, n + 1)
    )
    return TargetUnit("Tactical Squad", models)


def gun(strength: int = 4, ap: int | None = 5, count: int = 3, rules: tuple[RuleRef, ...] = (BREACHING,)) -> AttackSpec:
    """``count`` hits (automatic: no To Hit roll) of a Breaching (6+) gun."""
    return AttackSpec("Breaching gun", count, strength, ap, rules=rules, attacker="Blue")


def texts(reasons: tuple[Reason, ...], rule_name: str = "Breaching") -> list[str]:
    return [r.text for r in reasons if r.rule == rule_name]


def test_BRE_1_is_one_clause_at_the_to_wound_roll_citing_p117() -> None:
    (clause,) = clauses_of("Breaching")
    assert (clause.id, clause.trigger, clause.when, clause.effect) == (
        "BRE-1",
        Trigger.TO_WOUND_ROLL,
        (Natural(X), Not(Situation.TARGET_HAS_ARMOUR_VALUE)),
        (SetAp(2),),
    )
    definition = get_rule_def("Breaching")
    assert (definition.book.value, definition.page) == ("Liber Astartes / Liber Hereticus", 117)
    assert str(Reason.of("Breaching", "x")).endswith("[Breaching (Liber Astartes / Liber Hereticus p.117)]")


def test_BRE_1_a_six_denies_the_3_plus_armour_save_and_a_five_keeps_the_weapons_ap() -> None:
    dice = Dice(0, strict=True)
    dice.force(6, 5, 2, 3)  # To Wound 4+: 6 (BRE-1, AP 2), 5 (AP 5), 2 fails; the AP 5 Wound's 3+ save rolls 3
    result = resolve_attack(dice, gun(), squad(), config=CONFIG)
    assert result.wounds == 2
    assert [(r.model, r.ap, r.save, r.saved, r.removed) for r in result.records] == [
        ("Legionary 1", 2, None, False, True),  # AP 2 denies the 3+ Armour Save, and there is no other save
        ("Legionary 2", 5, result.records[1].save, True, False),
    ]
    assert str(result.records[1].save) == "Armour Save (3+)"
    assert texts(result.reasons) == [SIX_ONE_DIE]
    assert texts(result.records[0].reasons) == ["BRE-1: this Wound is resolved at AP 2"]
    assert [r.text for r in result.records[0].reasons if r.rule == "Armour Save"] == ["Armour Save 3+ denied by AP2"]
    assert texts(result.records[1].reasons) == []
    assert [str(r) for r in result.rolls] == [
        "To Wound: 3 hits S4 vs T4 (4+) with Breaching gun (Blue): 3D6 [6*, 5*, 2*] = 13",
        "Armour Save (3+): Wound 2 on Legionary 2: D6 [3*] = 3",
    ]


def test_BRE_1_the_ap2_wound_is_saved_only_by_an_invulnerable_save() -> None:
    dice = Dice(0, strict=True)
    # To Wound 6, 1, 1: one Wound, at AP 2. The 3+ Armour Save is denied; the 5+ Invulnerable Save is taken and
    # rolls 5: saved. Then the same again with the Invulnerable Save rolling 4: the Legionary is removed.
    dice.force(6, 1, 1, 5)
    result = resolve_attack(dice, gun(), squad(invulnerable=5), config=CONFIG)
    (record,) = result.records
    assert record.save is not None
    assert (record.ap, record.save.kind, str(record.save), record.saved, record.removed) == (
        2,
        SaveKind.INVULNERABLE,
        "Invulnerable Save (5+)",
        True,
        False,
    )
    dice.force(6, 1, 1, 4)
    result = resolve_attack(dice, gun(), squad(invulnerable=5), config=CONFIG)
    (record,) = result.records
    assert (record.ap, record.save.kind if record.save else None, record.saved, record.removed) == (
        2,
        SaveKind.INVULNERABLE,
        False,
        True,
    )


def test_BRE_1_does_not_make_a_die_wound() -> None:
    """Unlike Rending, a natural 6 does not wound whatever the Toughness: S3 cannot wound T7, so no die is rolled."""
    dice = Dice(0, strict=True)
    result = resolve_attack(dice, gun(3), squad(toughness=7), config=CONFIG)
    assert (result.wounds, result.records, result.rolls) == (0, (), ())
    assert [r.text for r in result.reasons if r.rule == "To Wound"] == ["S3 cannot wound T7"]
    dice.force(6, 5, 4)  # S4 against T5 wounds on 5+: the 6 at AP 2, the 5 at AP 5, the 4 fails
    result = resolve_attack(dice, gun(4, 5, 3), squad(toughness=5, save=None), config=CONFIG)
    assert [r.ap for r in result.records] == [2, 5]


def test_BRE_1_acts_in_close_combat_too() -> None:
    axe = AttackSpec("Breaching axe", 2, 5, 4, mode=AttackMode.MELEE, skill=None, rules=(BREACHING,))
    dice = Dice(0, strict=True)
    dice.force(6, 4, 2)  # S5 vs T4 wounds on 3+: the 6 at AP 2 (no 2+ save), the 4 at AP 4 (2+ save rolls 2: saved)
    result = resolve_attack(dice, axe, squad(save=2), config=CONFIG)
    assert [(r.ap, r.save is None, r.saved) for r in result.records] == [(2, True, False), (4, False, True)]
    assert texts(result.reasons) == [SIX_ONE_DIE]


def test_BRE_1_an_ap1_weapon_is_resolved_at_ap2_instead() -> None:
    """The project's literal reading of "instead of the weapon's AP" (clauses_weapon.py): no "if better"."""
    dice = Dice(0, strict=True)
    dice.force(6, 4)  # S8 vs T4 wounds on 2+: the 6 at AP 2, the 4 at AP 1; neither allows the 2+ Armour Save
    result = resolve_attack(dice, gun(8, 1, 2), squad(save=2), config=CONFIG)
    assert [(r.ap, texts(r.reasons), r.removed) for r in result.records] == [
        (2, ["BRE-1: this Wound is resolved at AP 2"], True),
        (1, [], True),
    ]


def test_BRE_1_a_weapon_already_at_ap2_gains_no_wound_ruling_but_is_counted() -> None:
    dice = Dice(0, strict=True)
    dice.force(6)
    result = resolve_attack(dice, gun(4, 2, 1), squad(1), config=CONFIG)
    (record,) = result.records
    assert (record.ap, texts(record.reasons)) == (2, [])
    assert texts(result.reasons) == [SIX_ONE_DIE]


def test_BRE_1_has_no_effect_on_a_vehicle() -> None:
    attack = gun(7, 4, 2)
    assert attack.declared(vehicle=True) is None  # no clause acts against a target with an Armour Value
    on_squad = attack.declared(vehicle=False)
    assert on_squad is not None and [b.clause.id for b in on_squad.to_wound] == ["BRE-1"]
    dice = Dice(0, strict=True)
    # two hits S7 against Armour 13: 6 + 7 = 13 glances (no D3 added: Breaching is not Rending), 5 + 7 = 12 nothing
    dice.force(6, 5)
    tank = TargetVehicle("Predator", armour=13, hull_points=3)
    result = resolve_attack_on_vehicle(dice, attack, tank, config=CONFIG)
    assert [r.outcome for r in result.records] == [PenetrationOutcome.GLANCING, PenetrationOutcome.NONE]
    assert [r.penetration.total for r in result.records] == [13, 12]
    assert result.hull_points_lost == 1
    assert all(texts(r.reasons) == [] for r in result.records)
    assert texts(result.reasons) == []
    assert len(result.rolls) == 2


# -- with Rending (X) on the same weapon -------------------------------------------------------------------------

RENDING = rule("Rending (6+)")
BREACHING_5 = rule("Breaching (5+)")


def test_BRE_1_with_rending_a_six_rends_a_five_breaches_a_four_keeps_the_ap() -> None:
    """Rending (6+) and Breaching (5+), S4 AP5 against T4 3+: the 6 wounds at AP 2 by REN-1 (BRE-1 holds too, and
    changes nothing more), the 5 at AP 2 by BRE-1, the 4 at AP 5; the 2 fails. The two AP 2 Wounds cite different
    clauses and come as two groups, both allocated before the AP 5 one."""
    dice = Dice(0, strict=True)
    dice.force(6, 5, 4, 2, 3)  # the AP 5 Wound's 3+ save rolls 3: saved
    result = resolve_attack(dice, gun(4, 5, 4, (RENDING, BREACHING_5)), squad(), config=CONFIG)
    assert [(r.model, r.ap, r.save is None, r.saved, r.removed) for r in result.records] == [
        ("Legionary 1", 2, True, False, True),
        ("Legionary 2", 2, True, False, True),
        ("Legionary 3", 5, False, True, False),
    ]
    assert [(texts(r.reasons, "Rending"), texts(r.reasons)) for r in result.records] == [
        (["REN-1: this Wound is resolved at AP 2"], []),
        ([], ["BRE-1: this Wound is resolved at AP 2"]),
        ([], []),
    ]
    assert texts(result.reasons, "Rending") == [
        "REN-1: a To Wound roll of 6+ wounds whatever the Toughness, at AP 2: 1 die"
    ]
    assert texts(result.reasons) == [
        "BRE-1: a To Wound roll of 5+ is resolved at AP 2 instead of the weapon's AP: 2 dice"
    ]


def test_BRE_1_with_rending_against_a_toughness_the_strength_cannot_wound_only_the_rending_six_wounds() -> None:
    dice = Dice(0, strict=True)
    dice.force(6, 5, 1)  # S3 vs T7: only REN-1's natural 6 wounds (at AP 2); Breaching's 5 does not wound
    result = resolve_attack(dice, gun(3, 5, 3, (RENDING, BREACHING_5)), squad(toughness=7), config=CONFIG)
    assert [(r.ap, r.removed) for r in result.records] == [(2, True)]
    assert str(result.rolls[0]) == (
        "To Wound: 3 hits S3 vs T7 (cannot wound but by REN-1) with Breaching gun (Blue): 3D6 [6*, 5*, 1*] = 12"
    )
    assert texts(result.reasons) == [
        "BRE-1: a To Wound roll of 5+ is resolved at AP 2 instead of the weapon's AP: 1 die"
    ]


def test_BRE_1_with_rending_in_close_combat_an_ap1_weapon_is_resolved_at_ap2() -> None:
    """REN-2 keeps a better AP 1, but BRE-1 resolves the Wound at AP 2 instead, whichever rule the weapon lists
    first."""
    for rules in ((RENDING, BREACHING), (BREACHING, RENDING)):
        fist = AttackSpec("Breaching fist", 1, 8, 1, mode=AttackMode.MELEE, skill=None, rules=rules)
        dice = Dice(0, strict=True)
        dice.force(6)
        result = resolve_attack(dice, fist, squad(1, save=2), config=CONFIG)
        assert [r.ap for r in result.records] == [2]


def test_BRE_1_rending_still_adds_d3_against_a_vehicle_and_breaching_nothing() -> None:
    attack = gun(7, 4, 1, (RENDING, BREACHING_5))
    on_vehicle = attack.declared(vehicle=True)
    assert on_vehicle is not None and not on_vehicle.to_wound
    assert [b.clause.id for b in on_vehicle.penetration] == ["REN-3"]
