"""Armourbane (Melta) (rulebook p.231): its extra D6 for Armour Penetration (ARB-7) and its re-roll of failed To
Wound rolls against Dreadnoughts or Automata (ARB-8) only at half range or less (``Situation.WITHIN_HALF_RANGE``,
decided by the shooting plan); never in close combat unless ``weapon_rules.armourbane_melta_in_close_combat``.
Forced dice, exact results."""

from __future__ import annotations

from strategium.catalogue.declared import Situation
from strategium.catalogue.registry import RuleRef, find_rule
from strategium.combat.allocation import TargetModel, TargetUnit
from strategium.combat.attack import AttackMode, AttackSpec, resolve_attack
from strategium.combat.vehicle_attack import resolve_attack_on_vehicle
from strategium.combat.vehicles import PenetrationOutcome, TargetVehicle
from strategium.config import RulesConfig
from strategium.dice import Dice
from strategium.engine.assault.fighter import first_round
from tests.engine.builders_combat import battle, squad

CONFIG = RulesConfig()
NEAR = frozenset({Situation.WITHIN_HALF_RANGE})
MACHINE = frozenset({Situation.TARGET_DREADNOUGHT_OR_AUTOMATA})


def melta_rule() -> RuleRef:
    found = find_rule("Armourbane (Melta)")
    assert isinstance(found, RuleRef)
    return found


def melta(situation: frozenset[Situation] = frozenset(), count: int = 1, **values: object) -> AttackSpec:
    """``count`` automatic hits of a S8 AP1 multi-melta with Armourbane (Melta)."""
    return AttackSpec(
        "Multi-melta",
        count,
        8,
        1,
        rules=(melta_rule(),),
        attacker="Blue",
        situation=situation,
        **values,  # type: ignore[arg-type]
    )


def rhino() -> TargetVehicle:
    return TargetVehicle("Rhino", armour=11, hull_points=3)


def land_raider() -> TargetVehicle:
    return TargetVehicle("Land Raider", armour=14, hull_points=4)


def ids(attack: AttackSpec, vehicle: bool = True) -> list[str]:
    declared = attack.declared(vehicle=vehicle)
    if declared is None:
        return []
    return [b.clause.id for b in (*declared.to_wound, *declared.penetration)]


def test_armourbane_melta_within_half_range_rolls_the_extra_d6() -> None:
    dice = Dice(0, strict=True)
    dice.force(2, 5, 1)  # 2 + S8 + the extra D6 5 = 15 against 14: Penetrating; damage roll 1
    result = resolve_attack_on_vehicle(dice, melta(NEAR), land_raider(), config=CONFIG)
    (record,) = result.records
    assert (record.penetration.total, record.outcome) == (15, PenetrationOutcome.PENETRATING)
    assert [r.text for r in record.reasons if r.rule == "Armourbane"] == [
        "ARB-7: at half range or less, an extra D6 is rolled for Armour Penetration: the roll adds 5"
    ]
    assert [str(r) for r in result.rolls[:2]] == [
        "Armour Penetration: hit 1 of 1, S8 vs Front 14 (Blue): D6 [2*] = 2",
        "Armourbane: Armour Penetration: hit 1 of 1, S8 vs Front 14 (Blue): D6 [5*] = 5",
    ]
    assert result.hull_points_lost == 1


def test_armourbane_melta_beyond_half_range_rolls_as_normal() -> None:
    attack = melta()
    declared = attack.declared(vehicle=True)
    assert declared is None  # no clause acts, and nothing is left unread (no "not applied" ruling)
    dice = Dice(0, strict=True)
    dice.force(5)  # 5 + 8 = 13 against 14: no effect; a strict Dice fails on an unforced extra D6
    result = resolve_attack_on_vehicle(dice, attack, land_raider(), config=CONFIG)
    assert result.records[0].penetration.total == 13 and len(result.rolls) == 1
    assert result.records[0].outcome is PenetrationOutcome.NONE


def test_armourbane_melta_the_clauses_by_situation() -> None:
    assert ids(melta(NEAR)) == ["ARB-7"]
    assert ids(melta()) == []
    assert ids(melta(NEAR | MACHINE), vehicle=False) == ["ARB-8"]
    assert ids(melta(MACHINE), vehicle=False) == []
    assert ids(melta(NEAR), vehicle=False) == []  # a unit with a Toughness that is no Dreadnought: no effect
    assert ids(melta(mode=AttackMode.MELEE)) == []  # close combat: the engine never says "within half range"
    assert ids(melta(NEAR, mode=AttackMode.MELEE)) == ["ARB-7"]  # as the setting makes the fight say


def test_armourbane_melta_ARB_8_re_rolls_failed_wounds_against_a_dreadnought_within_half_range() -> None:
    dreadnought = TargetUnit("Contemptor", (TargetModel("Contemptor", 7, wounds=6, weapon_skill=5),))
    dice = Dice(0, strict=True)
    dice.force(2, 3, 6, 1)  # S8 vs T7 (3+): 2 fails, re-rolled (ARB-8): 1 fails; 3 and 6 wound
    near = resolve_attack(dice, melta(NEAR | MACHINE, 3), dreadnought, config=CONFIG)
    assert [r.results for r in near.rolls[:2]] == [(2, 3, 6), (1,)]
    assert near.wounds == 2
    assert any(getattr(r, "text", "").startswith("ARB-8:") for r in near.all_reasons)
    dice.force(2, 3, 6)  # beyond half range: no re-roll (a strict Dice fails on an unforced one)
    far = resolve_attack(dice, melta(MACHINE, 3), dreadnought, config=CONFIG)
    assert far.wounds == 2 and [r.results for r in far.rolls[:1]] == [(2, 3, 6)]


def test_armourbane_melta_with_a_rhino_glancing_only_beyond_half_range() -> None:
    dice = Dice(0, strict=True)
    dice.force(3)  # beyond: 3 + 8 = 11 against 11, Glancing
    far = resolve_attack_on_vehicle(dice, melta(), rhino(), config=CONFIG)
    assert far.records[0].outcome is PenetrationOutcome.GLANCING
    dice.force(3, 1, 2)  # within: 3 + 8 + 1 = 12 against 11, Penetrating; damage roll 2
    near = resolve_attack_on_vehicle(dice, melta(NEAR), rhino(), config=CONFIG)
    assert (near.records[0].penetration.total, near.records[0].outcome) == (12, PenetrationOutcome.PENETRATING)


def test_armourbane_melta_in_close_combat_only_with_the_setting() -> None:
    plain = battle([squad("blue", 1)], [squad("red", 1)])
    assert Situation.WITHIN_HALF_RANGE not in first_round(plain, "blue")
    on = battle(
        [squad("blue", 1)], [squad("red", 1)], overrides={"weapon_rules": {"armourbane_melta_in_close_combat": True}}
    )
    assert Situation.WITHIN_HALF_RANGE in first_round(on, "blue")
