"""Referee cases for Rending (X) (Age of Darkness rulebook p.246), read from the rule, not from the code.

The rule as read (paraphrased; CORE_B §1.5, §2.3, §5.5, confirmed): a To Wound roll of X or more wounds whatever the
Toughness; a shooting Wound so made is resolved at AP 2, a close combat one at AP 2 if the attacker chooses (else
the weapon's AP). Against a Vehicle each Armour Penetration roll of X or more adds a D3 to the total, and the hit
keeps the weapon's AP. It changes nothing else: Invulnerable and Cover Saves, Damage Mitigation, Instant Death by
Strength, re-rolls and Snap Shots work as for any Wound. Forced dice, strict, exact results; one case per line of
the report (``REF-REN-P..``).
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from strategium.catalogue.clauses import clauses_of, declared_rules
from strategium.catalogue.declared import Clause, Reroll, RerollWhich, Trigger
from strategium.catalogue.registry import RuleRef, find_rule
from strategium.combat import declared as declared_module
from strategium.combat.allocation import TargetModel, TargetUnit
from strategium.combat.attack import AttackMode, AttackSpec, resolve_attack
from strategium.combat.saves import SaveKind
from strategium.combat.vehicle_attack import resolve_attack_on_vehicle
from strategium.combat.vehicles import PenetrationOutcome, TargetVehicle, VehicleDamageResult
from strategium.config import RulesConfig
from strategium.dice import Dice

CONFIG = RulesConfig()


def rule(text: str) -> RuleRef:
    found = find_rule(text)
    assert isinstance(found, RuleRef)
    return found


def unit(
    n: int = 3,
    *,
    toughness: int = 4,
    wounds: int = 1,
    save: int | None = 3,
    invulnerable: int | None = None,
    cover: int | None = None,
    rules: tuple[str, ...] = (),
) -> TargetUnit:
    refs = tuple(rule(r) for r in rules)
    models = tuple(
        TargetModel(
            f"Model {i}",
            toughness,
            wounds,
            save=save,
            invulnerable_save=invulnerable,
            cover_save=cover,
            weapon_skill=4,
            rules=refs,
        )
        for i in range(1, n + 1)
    )
    return TargetUnit("Target", models)


def shots(
    count: int,
    strength: int = 4,
    ap: int | None = 5,
    *,
    rending: str = "Rending (6+)",
    skill: int | None = None,
    snap: bool = False,
    extra: tuple[str, ...] = (),
) -> AttackSpec:
    """``count`` shots of a Rending gun (``skill`` None: hits given, no To Hit roll)."""
    rules = (rule(rending), *(rule(r) for r in extra))
    return AttackSpec("Rending gun", count, strength, ap, skill=skill, snap_shots=snap, rules=rules, attacker="Blue")


def blows(count: int, strength: int = 4, ap: int | None = None, *, skill: int | None = None) -> AttackSpec:
    """``count`` close combat attacks with a Rending (6+) blade (``skill`` None: hits given)."""
    return AttackSpec(
        "Rending blade", count, strength, ap, mode=AttackMode.MELEE, skill=skill, rules=(rule("Rending (6+)"),)
    )


def strict(*faces: int) -> Dice:
    dice = Dice(0, strict=True)
    dice.force(*faces)
    return dice


def done(dice: Dice) -> None:
    """Every forced die was used: the case rolled exactly the dice it names (strict dice: no other)."""
    assert dice.pending_forced == ()


# -- shooting: against low and high Toughness ---------------------------------------------------------------------


def test_P01_low_toughness_every_roll_wounds_as_usual_and_only_the_six_is_ap2() -> None:
    # S4 vs T3 wounds on 3+. To Wound 6, 3, 2: the 6 (Rending) at AP 2, the 3 at the gun's AP 5, the 2 fails.
    # The AP 2 Wound is taken first (damage.special_wounds_first): the 4+ Armour Save is denied; the AP 5 Wound
    # allows it: 4, saved.
    dice = strict(6, 3, 2, 4)
    result = resolve_attack(dice, shots(3), unit(toughness=3, save=4), config=CONFIG)
    assert [(r.model, r.ap, r.save is None, r.saved, r.removed) for r in result.records] == [
        ("Model 1", 2, True, False, True),
        ("Model 2", 5, False, True, False),
    ]
    assert result.rolls[0].reason.startswith("To Wound: 3 hits S4 vs T3 (3+)")
    # Which Wounds go first is not known for HH2 (CORE_B 1.7): the ruling names the setting and its confidence.
    (order,) = [r for r in result.reasons if r.rule == "damage.special_wounds_first"]
    assert order.text.endswith("rules configuration `damage.special_wounds_first` = true (unconfirmed default)")
    done(dice)


def test_P02_a_toughness_the_strength_cannot_wound_takes_only_the_rending_rolls() -> None:
    # S4 vs T8 cannot wound: only the natural 6s do, at AP 2 (no 2+ Armour Save). A three-Wound T8 model loses 2.
    dice = strict(6, 6, 5)
    result = resolve_attack(dice, shots(3), unit(1, toughness=8, wounds=3, save=2), config=CONFIG)
    assert result.wounds == 2
    assert [(r.ap, r.save, r.wounds_lost, r.instant_death, r.removed) for r in result.records] == [
        (2, None, 1, False, False),
        (2, None, 1, False, False),
    ]
    assert result.models_removed == ()
    done(dice)


def test_P03_a_toughness_needing_sixes_rolls_the_same_wounds_at_ap2() -> None:
    # S3 vs T6 needs 6+: the 6 wounds either way, and Rending makes it AP 2 (the 3+ save is gone). The 5 fails.
    dice = strict(6, 5)
    result = resolve_attack(dice, shots(2, 3, 5), unit(1, toughness=6, wounds=2), config=CONFIG)
    assert [(r.ap, r.save, r.wounds_lost) for r in result.records] == [(2, None, 1)]
    done(dice)


def test_P04_rending_5_plus_rends_on_a_five_and_not_on_a_four() -> None:
    dice = strict(5, 4, 4)  # To Wound 4+ (S4 vs T4): 5 rends (AP 2, no save), 4 wounds at AP 5: the 3+ save rolls 4
    result = resolve_attack(dice, shots(2, rending="Rending (5+)"), unit(2), config=CONFIG)
    assert [(r.ap, r.saved) for r in result.records] == [(2, False), (5, True)]
    done(dice)


def test_P05_a_natural_six_to_hit_does_nothing_only_the_wound_roll_rends() -> None:
    # BS4 (3+): To Hit 6 and 3 hit; To Wound 1 and 4: one Wound at the gun's AP 5, saved on 3.
    dice = strict(6, 3, 1, 4, 3)
    result = resolve_attack(dice, shots(2, skill=4), unit(2), config=CONFIG)
    assert [(r.ap, r.saved) for r in result.records] == [(5, True)]
    done(dice)


# -- saves ---------------------------------------------------------------------------------------------------------


def test_P06_invulnerable_save_against_the_ap2_wound_armour_against_the_other() -> None:
    # Terminators 2+ / 4++: the AP 2 Wound denies the 2+ and takes the 4++ (roll 3: fails); the AP 5 Wound takes
    # the 2+ Armour Save (roll 2: saved).
    dice = strict(6, 4, 3, 2)
    result = resolve_attack(dice, shots(2), unit(2, save=2, invulnerable=4, wounds=2), config=CONFIG)
    kinds = [(r.ap, r.save.kind if r.save else None, r.saved) for r in result.records]
    assert kinds == [(2, SaveKind.INVULNERABLE, False), (5, SaveKind.ARMOUR, True)]
    done(dice)


def test_P07_a_cover_save_is_taken_against_the_ap2_wound() -> None:
    # In 4+ cover: AP 2 denies the 3+ Armour Save, not the Cover Save: the 4+ cover roll 4 saves it.
    dice = strict(6, 4)
    result = resolve_attack(dice, shots(1), unit(1, cover=4), config=CONFIG)
    (record,) = result.records
    assert (record.ap, record.save.kind if record.save else None, record.saved) == (2, SaveKind.COVER, True)
    done(dice)


def test_P08_ignores_cover_and_rending_leave_no_save() -> None:
    dice = strict(6)  # AP 2 denies the 3+, Ignores Cover the 4+ cover: no save, removed
    result = resolve_attack(dice, shots(1, extra=("Ignores Cover",)), unit(1, cover=4), config=CONFIG)
    (record,) = result.records
    assert (record.ap, record.save, record.removed) == (2, None, True)
    done(dice)


def test_P09_an_ap2_weapon_gains_nothing_and_an_ap3_weapon_rends_to_ap2() -> None:
    dice = strict(6, 4, 2)  # AP 3 gun vs 2+: the 6 at AP 2 (no save); the 4 at AP 3 allows the 2+: 2, saved
    result = resolve_attack(dice, shots(2, 4, 3), unit(2, save=2), config=CONFIG)
    assert [(r.ap, r.saved) for r in result.records] == [(2, False), (3, True)]
    done(dice)


# -- multi-Wound models, Instant Death, Damage Mitigation -----------------------------------------------------------


def test_P10_two_rending_wounds_on_a_two_wound_model_remove_it_the_next_takes_the_third() -> None:
    # Three Wounds at AP 2 on two-Wound T4 models with 3+: no save; the first model loses 1, takes the next
    # (it has lost a Wound) and is removed; the third goes to the second model.
    dice = strict(6, 6, 6)
    result = resolve_attack(dice, shots(3), unit(2, wounds=2), config=CONFIG)
    assert [(r.model, r.wounds_lost, r.removed) for r in result.records] == [
        ("Model 1", 1, False),
        ("Model 1", 1, True),
        ("Model 2", 1, False),
    ]
    done(dice)


def test_P11_rending_is_no_instant_death_on_its_own() -> None:
    # S4 vs T4 W3: a Rending Wound costs one Wound, not all three; Feel No Pain (5+) may be rolled: 4, fails.
    dice = strict(6, 4)
    result = resolve_attack(dice, shots(1), unit(1, wounds=3, rules=("Feel No Pain (5+)",)), config=CONFIG)
    (record,) = result.records
    assert (record.instant_death, record.wounds_lost, record.removed) == (False, 1, False)
    assert record.mitigation is not None and record.mitigation.roll is not None
    done(dice)


def test_P12_strength_double_the_toughness_still_kills_outright_and_bars_feel_no_pain() -> None:
    # S8 vs T4 W2 with Feel No Pain (5+): the 6 wounds at AP 2 (no 3+ save) and S8 >= 2 x T4 is Instant Death:
    # removed with no Feel No Pain roll.
    dice = strict(6)
    result = resolve_attack(dice, shots(1, 8, 4), unit(1, wounds=2, rules=("Feel No Pain (5+)",)), config=CONFIG)
    (record,) = result.records
    assert (record.ap, record.instant_death, record.wounds_lost, record.removed) == (2, True, 2, True)
    assert record.mitigation is None or record.mitigation.roll is None
    done(dice)


def test_P13_eternal_warrior_loses_one_wound_to_a_rending_instant_death_wound() -> None:
    dice = strict(6)  # as P12, the model has Eternal Warrior: one Wound lost
    target = unit(1, wounds=2, rules=("Eternal Warrior",))
    (record,) = resolve_attack(dice, shots(1, 8, 4), target, config=CONFIG).records
    assert (record.instant_death, record.wounds_lost, record.removed) == (True, 1, False)
    done(dice)


def test_P14_feel_no_pain_ignores_a_rending_wound() -> None:
    dice = strict(6, 6)  # the AP 2 Wound is unsaved; Feel No Pain (5+) rolls 6: ignored, no Wound lost
    (record,) = resolve_attack(dice, shots(1), unit(1, rules=("Feel No Pain (5+)",)), config=CONFIG).records
    assert (record.ap, record.mitigated, record.wounds_lost, record.removed) == (2, True, 0, False)
    done(dice)


def test_P15_shrouded_mitigates_a_shooting_rending_wound() -> None:
    dice = strict(6, 5)  # Shrouded (5+) is a Damage Mitigation roll allowed against shooting: 5, ignored
    (record,) = resolve_attack(dice, shots(1), unit(1, rules=("Shrouded (5+)",)), config=CONFIG).records
    assert (record.ap, record.mitigated, record.removed) == (2, True, False)
    done(dice)


def test_P16_shrouded_is_never_rolled_against_a_close_combat_rending_wound() -> None:
    dice = strict(6)  # melee Rending Wound at AP 2: no 3+ save, no Shrouded roll (p.247): removed
    (record,) = resolve_attack(dice, blows(1), unit(1, rules=("Shrouded (5+)",)), config=CONFIG).records
    assert (record.ap, record.mitigated, record.removed) == (2, False, True)
    assert record.mitigation is None or record.mitigation.roll is None
    done(dice)


# -- re-rolls and Snap Shots ---------------------------------------------------------------------------------------


@pytest.fixture
def shred(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Shred (rulebook p.246, re-roll failed To Wound rolls) as the one-clause rule it would be, beside Rending's
    real clauses (Shred is "not yet" in the registry; the fixture only lends it a clause)."""
    real = clauses_of
    names = declared_rules()
    clause = Clause("SHR-T", Trigger.TO_WOUND_ROLL, (), (Reroll(RerollWhich.FAILED),), "failed To Wound re-rolled")
    monkeypatch.setattr(declared_module, "clauses_of", lambda name: (clause,) if name == "Shred" else real(name))
    monkeypatch.setattr(declared_module, "declared_rules", lambda: (*names, "Shred"))
    declared_module._PLANS.clear()
    yield
    declared_module._PLANS.clear()


@pytest.mark.usefixtures("shred")
def test_P17_a_rerolled_wound_roll_of_six_rends_and_a_rending_six_is_not_a_failure_to_reroll() -> None:
    # S4 vs T8 cannot wound: the first roll 6, 3, 1: the 6 wounds (Rending) and is kept; the 3 and the 1 failed and
    # are re-rolled: 6, 2: the re-rolled 6 rends too. Two Wounds at AP 2 on the 2+ T8 model: no saves.
    dice = strict(6, 3, 1, 6, 2)
    result = resolve_attack(dice, shots(3, extra=("Shred",)), unit(1, toughness=8, wounds=3, save=2), config=CONFIG)
    assert [str(r) for r in result.rolls] == [
        "To Wound: 3 hits S4 vs T8 (cannot wound but by REN-1) with Rending gun (Blue): 3D6 [6*, 3*, 1*] = 10",
        "To Wound re-roll: S4 vs T8 (cannot wound but by REN-1) with Rending gun (Shred) (Blue): 2D6 [6*, 2*] = 8",
    ]
    assert [(r.ap, r.wounds_lost) for r in result.records] == [(2, 1), (2, 1)]
    done(dice)


def test_P18_snap_shots_hit_on_sixes_and_the_hits_still_rend() -> None:
    # Snap Shots at BS 1: To Hit 6, 5, 2: one hit; To Wound 6: AP 2, no 3+ save.
    dice = strict(6, 5, 2, 6)
    result = resolve_attack(dice, shots(3, skill=4, snap=True), unit(1), config=CONFIG)
    assert result.hits == 1
    assert [(r.ap, r.save, r.removed) for r in result.records] == [(2, None, True)]
    done(dice)


# -- close combat ----------------------------------------------------------------------------------------------------


def test_P19_close_combat_rending_rolls_wound_a_toughness_the_user_cannot() -> None:
    # A S4 Rending blade (AP -) against a T8, 3+ model: To Wound 6, 5: the 6 wounds at AP 2 (better than AP -).
    dice = strict(6, 5)
    result = resolve_attack(dice, blows(2), unit(1, toughness=8, wounds=4), config=CONFIG)
    assert [(r.ap, r.save, r.wounds_lost) for r in result.records] == [(2, None, 1)]
    done(dice)


def test_P20_close_combat_to_hit_then_rending_the_ap_minus_wound_saves_the_ap2_does_not() -> None:
    # WS4 vs WS4 (4+): 6, 4, 1 -> two hits; To Wound 6, 4: the 6 at AP 2 (no 3+ save), the 4 at AP - (3+: 3, saved).
    dice = strict(6, 4, 1, 6, 4, 3)
    result = resolve_attack(dice, blows(3, skill=4), unit(2), config=CONFIG)
    assert result.hits == 2
    assert [(r.ap, r.saved) for r in result.records] == [(2, False), (None, True)]
    done(dice)


# -- Vehicles --------------------------------------------------------------------------------------------------------


def tank(armour: int = 12, hull_points: int = 3) -> TargetVehicle:
    return TargetVehicle("Rhino", armour=armour, hull_points=hull_points)


def test_P21_a_six_adds_d3_and_makes_a_glancing_hit_that_equals_the_armour() -> None:
    # S4 vs Armour 12: 6 + 4 = 10, Rending D3 2: 12, Glancing (equal). One Hull Point; Glancing Hits roll no damage.
    dice = strict(6, 2)
    result = resolve_attack_on_vehicle(dice, shots(1), tank(), config=CONFIG)
    (record,) = result.records
    assert (record.penetration.total, record.outcome, record.hull_points_lost, record.damage) == (
        12,
        PenetrationOutcome.GLANCING,
        1,
        None,
    )
    done(dice)


def test_P22_the_penetrating_hit_keeps_the_weapons_ap_on_the_damage_roll() -> None:
    # S4 AP - vs Armour 12: 6 + 4 + D3 3 = 13, Penetrating. The hit is not AP 2: the damage roll takes AP -'s
    # modifier (vehicle_damage.no_ap_modifier, -1), not AP 2's (+1): 5 - 1 = 4, Crew Stunned.
    dice = strict(6, 3, 5)
    result = resolve_attack_on_vehicle(dice, shots(1, 4, None), tank(), config=CONFIG)
    (record,) = result.records
    assert record.outcome is PenetrationOutcome.PENETRATING
    assert record.damage is not None
    assert (record.damage.modifier, record.damage.result) == (-1, VehicleDamageResult.CREW_STUNNED)
    done(dice)


def test_P23_a_five_adds_nothing_to_rending_6_plus_and_no_d3_is_rolled() -> None:
    dice = strict(5)  # 5 + 4 = 9 against 12: no effect, and no D3 rolled (strict dice: none forced)
    result = resolve_attack_on_vehicle(dice, shots(1), tank(), config=CONFIG)
    (record,) = result.records
    assert (record.penetration.total, record.penetration.extra, record.outcome) == (9, (), PenetrationOutcome.NONE)
    done(dice)


def test_P24_close_combat_rending_against_a_vehicle_adds_d3_too() -> None:
    # "In either case": a S4 Rending blade's hit (given) on Rear Armour 10: 6 + 4 + D3 1 = 11, Penetrating; the
    # damage roll keeps AP - (-1): 4 - 1 = 3, Crew Shaken.
    dice = strict(6, 1, 4)
    result = resolve_attack_on_vehicle(dice, blows(1), tank(10), config=CONFIG)
    (record,) = result.records
    assert (record.penetration.total, record.outcome) == (11, PenetrationOutcome.PENETRATING)
    assert record.damage is not None
    assert (record.damage.modifier, record.damage.result) == (-1, VehicleDamageResult.CREW_SHAKEN)
    done(dice)


def test_P25_snap_shots_at_a_vehicle_then_rending_on_the_penetration_die() -> None:
    # Snap Shots (BS 1): To Hit 4, 6: one hit; Armour Penetration 6 + 4 + D3 2 = 12 against 12: Glancing.
    dice = strict(4, 6, 6, 2)
    result = resolve_attack_on_vehicle(dice, shots(2, skill=4, snap=True), tank(), config=CONFIG)
    assert result.hits == 1 and [r.outcome for r in result.records] == [PenetrationOutcome.GLANCING]
    done(dice)
