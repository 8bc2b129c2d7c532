"""Rending (X) (rulebook p.246) as declared clauses: REN-1 and REN-2 at the To Wound roll (a natural X+ wounds
whatever the Toughness, at AP 2; in close combat AP 2 when better), REN-3 at the Armour Penetration roll (a natural
X+ adds D3). Forced dice, exact results."""

from __future__ import annotations

from strategium.catalogue.registry import RuleRef, find_rule
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


RENDING = rule("Rending (6+)")


def squad(
    n: int = 3,
    *,
    toughness: int = 4,
    save: int | None = 3,
    invulnerable: int | None = None,
    rules: tuple[str, ...] = (),
) -> TargetUnit:
    refs = tuple(rule(r) for r in rules)
    models = tuple(
        TargetModel(f"Legionary {i}", toughness, save=save, invulnerable_save=invulnerable, weapon_skill=4, rules=refs)
        for i in range(1, n + 1)
    )
    return TargetUnit("Tactical Squad", models)


def gun(strength: int = 4, ap: int | None = 5, count: int = 3, *extra: RuleRef) -> AttackSpec:
    """``count`` hits (automatic: no To Hit roll) of a Rending (6+) gun."""
    return AttackSpec("Rending gun", count, strength, ap, rules=(RENDING, *extra), attacker="Blue")


def texts(result_reasons: tuple[object, ...], rule_name: str = "Rending") -> list[str]:
    return [r.text for r in result_reasons if getattr(r, "rule", None) == rule_name]


def test_a_natural_six_wounds_at_ap2_and_the_four_keeps_the_weapons_ap() -> None:
    dice = Dice(0, strict=True)
    dice.force(6, 4, 2, 3)  # To Wound 4+: 6 (REN-1, AP 2), 4 (AP 5), 2 fails; the AP 5 Wound's 3+ save rolls 3
    result = resolve_attack(dice, gun(), squad(), config=CONFIG)
    assert result.wounds == 2
    assert [(r.model, r.ap, r.save, r.saved, r.removed) for r in result.records] == [
        ("Legionary 1", 2, None, False, True),  # AP 2 denies the 3+ Armour Save: no save
        ("Legionary 2", 5, result.records[1].save, True, False),
    ]
    assert str(result.records[1].save) == "Armour Save (3+)"
    assert texts(result.reasons) == ["REN-1: a To Wound roll of 6+ wounds whatever the Toughness, at AP 2: 1 die"]
    assert texts(result.records[0].reasons) == ["REN-1: this Wound is resolved at AP 2"]
    assert [r.text for r in result.records[0].reasons if r.rule == "Armour Save"] == ["Armour Save 3+ denied by AP2"]
    assert texts(result.records[1].reasons) == []
    order = next(r for r in result.reasons if r.rule == "damage.special_wounds_first")
    assert order.text.startswith("the Wounds a special rule resolves otherwise are allocated before the others")
    assert [str(r) for r in result.rolls] == [
        "To Wound: 3 hits S4 vs T4 (4+) with Rending gun (Blue): 3D6 [6*, 4*, 2*] = 12",
        "Armour Save (3+): Wound 2 on Legionary 2: D6 [3*] = 3",
    ]


def test_an_invulnerable_save_is_still_taken_against_the_ap2_wound() -> None:
    dice = Dice(0, strict=True)
    dice.force(6, 1, 1, 4)  # one Wound (the 6); the 5+ Invulnerable Save rolls 4: not saved
    result = resolve_attack(dice, gun(), squad(invulnerable=5), config=CONFIG)
    (record,) = result.records
    assert (record.ap, record.save.kind if record.save else None, record.saved, record.removed) == (
        2,
        SaveKind.INVULNERABLE,
        False,
        True,
    )


def test_the_ap2_wounds_go_last_when_configured() -> None:
    config = RulesConfig.model_validate({"damage": {"special_wounds_first": False}})
    dice = Dice(0, strict=True)
    dice.force(6, 4, 2, 3)  # as above; now the AP 5 Wound is allocated first (saved on 3), then the AP 2 one
    result = resolve_attack(dice, gun(), squad(), config=config)
    assert [(r.number, r.model, r.ap, r.saved, r.removed) for r in result.records] == [
        (1, "Legionary 1", 5, True, False),
        (2, "Legionary 1", 2, False, True),
    ]


def test_only_the_six_wounds_when_the_strength_cannot() -> None:
    dice = Dice(0, strict=True)
    dice.force(6, 5, 1)  # S3 cannot wound T7: only the natural 6 does (REN-1), at AP 2: no save against it
    result = resolve_attack(dice, gun(3), squad(toughness=7), config=CONFIG)
    assert (result.wounds, result.wounds_lost, result.models_removed) == (1, 1, ("Legionary 1",))
    assert str(result.rolls[0]) == (
        "To Wound: 3 hits S3 vs T7 (cannot wound but by REN-1) with Rending gun (Blue): 3D6 [6*, 5*, 1*] = 12"
    )


def test_without_a_six_the_strength_that_cannot_wound_still_rolls_and_fails() -> None:
    dice = Dice(0, strict=True)
    dice.force(5, 5)
    result = resolve_attack(dice, gun(3, count=2), squad(toughness=7), config=CONFIG)
    assert result.wounds == 0 and not result.records
    assert texts(result.reasons) == []


def test_in_close_combat_ap2_only_when_it_is_better() -> None:
    sword = AttackSpec("Power Sword", 2, 4, 3, mode=AttackMode.MELEE, skill=None, rules=(RENDING,))
    dice = Dice(0, strict=True)
    dice.force(6, 6)  # two Wounds at AP 2 (REN-2; the weapon is AP 3): no 2+ Armour Save
    result = resolve_attack(dice, sword, squad(save=2), config=CONFIG)
    assert [(r.ap, r.save) for r in result.records] == [(2, None), (2, None)]
    assert texts(result.reasons)[0].startswith("REN-2: a close combat To Wound roll of 6+ wounds whatever")
    axe = AttackSpec("Power Axe", 1, 5, 1, mode=AttackMode.MELEE, skill=None, rules=(RENDING,))
    dice.force(6)  # AP 1 is better: the Wound keeps it (one group, no ruling of its own)
    result = resolve_attack(dice, axe, squad(save=2), config=CONFIG)
    assert [(r.ap, texts(r.reasons)) for r in result.records] == [(1, [])]


def test_rending_with_instant_death_still_bars_feel_no_pain() -> None:
    dice = Dice(0, strict=True)
    dice.force(6)  # the Wound is AP 2 (no 3+ save) and inflicts Instant Death: no Feel No Pain roll
    attack = gun(4, 5, 1, rule("Instant Death"))
    result = resolve_attack(dice, attack, squad(1, rules=("Feel No Pain (5+)",)), config=CONFIG)
    (record,) = result.records
    assert (record.ap, record.instant_death, record.removed) == (2, True, True)
    assert record.mitigation is not None and record.mitigation.roll is None
    assert "Feel No Pain (5+) not allowed: the Wound inflicts Instant Death" in texts(record.reasons, "Feel No Pain")


def test_feel_no_pain_is_rolled_against_a_rending_wound() -> None:
    dice = Dice(0, strict=True)
    dice.force(6, 5)  # the AP 2 Wound denies the 3+ save; Feel No Pain (5+) rolls 5: ignored
    result = resolve_attack(dice, gun(4, 5, 1), squad(1, rules=("Feel No Pain (5+)",)), config=CONFIG)
    (record,) = result.records
    assert (record.ap, record.save, record.mitigated, record.wounds_lost) == (2, None, True, 0)


def test_against_a_vehicle_a_natural_six_adds_d3_to_the_penetration() -> None:
    dice = Dice(0, strict=True)
    # two hits S7 against Armour 13: 6 + 7 = 13 would glance, REN-3 adds a D3 of 2: 15, Penetrating;
    # 5 + 7 = 12: no effect. The Penetrating Hit costs a Hull Point and rolls 1 on the damage table (AP 4).
    dice.force(6, 2, 5, 1)
    tank = TargetVehicle("Predator", armour=13, hull_points=3)
    result = resolve_attack_on_vehicle(dice, gun(7, 4, 2), tank, config=CONFIG)
    assert [r.outcome for r in result.records] == [PenetrationOutcome.PENETRATING, PenetrationOutcome.NONE]
    assert (result.records[0].penetration.total, result.records[1].penetration.total) == (15, 12)
    assert result.hull_points_lost == 1
    assert [str(r) for r in result.rolls[:3]] == [
        "Armour Penetration: hit 1 of 2, S7 vs Front 13 (Blue): D6 [6*] = 6",
        "Rending: Armour Penetration: hit 1 of 2, S7 vs Front 13 (Blue): D3 [2*] = 2",
        "Armour Penetration: hit 2 of 2, S7 vs Front 13 (Blue): D6 [5*] = 5",
    ]
    assert texts(result.records[0].reasons) == [
        "REN-3: an Armour Penetration die of 6+ adds D3 to the total: a 6 adds 2"
    ]
    assert [r.text for r in result.records[0].reasons if r.rule == "Armour Penetration"] == [
        "6 + S7 + 2 = 15 against Armour 13: Penetrating Hit"
    ]


def test_rending_does_not_change_the_to_wound_rule_against_a_vehicle() -> None:
    """REN-1 and REN-2 act against a unit with a Toughness, REN-3 against a target with an Armour Value."""
    attack = gun()
    on_vehicle = attack.declared(vehicle=True)
    assert (
        on_vehicle is not None
        and not on_vehicle.to_wound
        and [b.clause.id for b in on_vehicle.penetration] == ["REN-3"]
    )
    on_squad = attack.declared(vehicle=False)
    assert on_squad is not None and [b.clause.id for b in on_squad.to_wound] == ["REN-1"] and not on_squad.penetration
