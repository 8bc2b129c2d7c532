"""strategium.combat.declared: the declared clauses of an attack and what each primitive does to the dice, with
forced dice and exact results. Hatred (X) (rulebook p.240) is the unit rule played here; the other primitives are
tried with clauses made for the test."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from strategium.catalogue.declared import (
    Clause,
    InstantDeath,
    Natural,
    Reroll,
    RerollWhich,
    Situation,
    Trigger,
    X,
)
from strategium.catalogue.registry import RuleRef, find_rule
from strategium.combat import declared as declared_module
from strategium.combat.allocation import TargetModel, TargetUnit
from strategium.combat.attack import AttackMode, AttackSpec, resolve_attack
from strategium.combat.declared import acting_rules, attack_rules, declared_for
from strategium.combat.vehicle_attack import resolve_attack_on_vehicle
from strategium.combat.vehicles import PenetrationOutcome, TargetVehicle
from strategium.config import RulesConfig
from strategium.dice import Dice

CONFIG = RulesConfig()
FIRST_ROUND = frozenset({Situation.FIRST_ROUND_OF_COMBAT})


def rule(text: str) -> RuleRef:
    found = find_rule(text)
    assert isinstance(found, RuleRef)
    return found


def legionaries(n: int = 4, *, save: int | None = 3, toughness: int = 4, wounds: int = 1) -> TargetUnit:
    models = tuple(TargetModel(f"Legionary {i}", toughness, wounds, save=save, weapon_skill=4) for i in range(1, n + 1))
    return TargetUnit("Tactical Squad", models)


def sword(rules: tuple[RuleRef, ...], situation: frozenset[Situation] = FIRST_ROUND, count: int = 4) -> AttackSpec:
    return AttackSpec(
        "Chainsword", count, 4, None, mode=AttackMode.MELEE, skill=4, rules=rules, attacker="Blue", situation=situation
    )


# -- Hatred (X): HAT-1 ----------------------------------------------------------------------------------------------


def test_hatred_rerolls_the_failed_hits_in_the_first_round() -> None:
    dice = Dice(0, strict=True)
    dice.force(1, 2, 5, 6, 4, 3, 1, 1, 1)  # To Hit 4+: 5, 6 hit; the 1 and 2 re-rolled: 4 hits, 3 misses; To Wound 1s
    result = resolve_attack(dice, sword((rule("Hatred (Everything)"),)), legionaries(), config=CONFIG)
    assert result.hits == 3 and result.wounds == 0
    assert [str(r) for r in result.rolls] == [
        "To Hit: 4 attacks WS4 vs WS4 (4+) with Chainsword (Blue): 4D6 [1*, 2*, 5*, 6*] = 14",
        "To Hit re-roll: WS4 vs WS4 (4+) with Chainsword (Hatred) (Blue): 2D6 [4*, 3*] = 7",
        "To Wound: 3 hits S4 vs T4 (4+) with Chainsword (Blue): 3D6 [1*, 1*, 1*] = 3",
    ]
    hatred = next(r for r in result.reasons if r.rule == "Hatred")
    assert (hatred.page, hatred.text) == (
        240,
        "HAT-1: in the first round of a combat, failed close combat To Hit rolls against the hated foe (Everything) "
        "are re-rolled: 2 failed re-rolled",
    )
    assert [r.text for r in result.reasons if r.rule == "To Hit"] == ["To Hit: 4 attacks WS4 vs WS4 (4+): 3 hit"]


def test_no_reroll_after_the_first_round() -> None:
    dice = Dice(0, strict=True)
    dice.force(1, 2, 5, 6, 1, 1)
    result = resolve_attack(dice, sword((rule("Hatred (Everything)"),), frozenset()), legionaries(), config=CONFIG)
    assert result.hits == 2
    assert [r.reason[:13] for r in result.rolls] == ["To Hit: 4 att", "To Wound: 2 h"]
    assert not any(r.rule == "Hatred" for r in result.all_reasons)


def test_a_foe_hatred_cannot_read_is_not_rerolled_and_the_ruling_says_so() -> None:
    dice = Dice(0, strict=True)
    dice.force(1, 2, 5, 6, 1, 1)
    result = resolve_attack(dice, sword((rule("Hatred (Space Wolves)"),)), legionaries(), config=CONFIG)
    assert result.hits == 2
    (note,) = [r for r in result.reasons if r.rule == "Hatred"]
    assert note.text == (
        "HAT-1 not applied: the foe 'Space Wolves' is not read yet (only Everything, or no foe named, is: every enemy)"
    )


def test_hatred_without_a_foe_hates_every_enemy_and_never_acts_when_shooting() -> None:
    bare = declared_for((rule("Hatred"),), melee=True, situation=FIRST_ROUND, vehicle=False)
    assert bare is not None and [b.clause.id for b in bare.to_hit] == ["HAT-1"]
    assert declared_for((rule("Hatred"),), melee=False, situation=FIRST_ROUND, vehicle=False) is None
    assert (
        declared_for((rule("Fearless"), rule("Two-handed")), melee=True, situation=FIRST_ROUND, vehicle=False) is None
    )
    assert declared_for((), melee=True, situation=FIRST_ROUND, vehicle=False) is None


def test_the_rules_of_a_model_that_act_on_its_attacks() -> None:
    rules = (rule("Fearless"), rule("Hatred (Everything)"), find_rule("Lacyraemarta"))
    assert acting_rules(rules) == (rule("Hatred (Everything)"),)
    assert acting_rules(()) == ()
    # Rending, p.246: a model that has it rends with its close combat attacks (REN-2, REN-3 bear the model)
    assert acting_rules((rule("Rending (6+)"), rule("Two-handed"))) == (rule("Rending (6+)"),)


def test_a_rule_held_by_the_weapon_and_the_model_is_played_once() -> None:
    shred, ren6, ren5 = rule("Shred"), rule("Rending (6+)"), rule("Rending (5+)")
    hate, traitors = rule("Hatred (Everything)"), rule("Hatred (Traitors)")
    assert attack_rules((shred,), ()) == (shred,)
    assert attack_rules((shred,), (ren6, hate)) == (shred, ren6, hate)
    assert attack_rules((ren6, shred), (RuleRef("Rending", 6, "6+", "Rending(6+)"),)) == (ren6, shred)
    assert attack_rules((ren6, shred), (ren5,)) == (ren5, shred)  # once, at the lower (X): rends on 5+
    assert attack_rules((ren5,), (ren6,)) == (ren5,)
    assert attack_rules((), (hate, traitors, hate)) == (hate, traitors)  # two foes: both kept; the same one once


def test_rending_on_both_the_model_and_its_weapon_adds_one_d3_against_a_vehicle() -> None:
    dice = Dice(0, strict=True)
    # one close combat hit, S4 against Rear 10: 6 + 4 = 10 would glance; REN-3 adds one D3 (2): 12, Penetrating.
    # The Penetrating Hit costs a Hull Point and rolls 1 on the damage table.
    dice.force(6, 2, 1)
    rules = attack_rules((rule("Rending (6+)"),), acting_rules((rule("Rending (6+)"),)))
    claw = AttackSpec("Claw", 1, 4, None, mode=AttackMode.MELEE, rules=rules, attacker="Blue")
    result = resolve_attack_on_vehicle(dice, claw, TargetVehicle("Rhino", armour=10, hull_points=3), config=CONFIG)
    assert result.records[0].penetration.total == 12
    assert result.records[0].outcome is PenetrationOutcome.PENETRATING
    assert [r.text for r in result.records[0].reasons if r.rule == "Rending"] == [
        "REN-3: an Armour Penetration die of 6+ adds D3 to the total: a 6 adds 2"
    ]


# -- the other primitives, with clauses made for the test ---------------------------------------------------------


@pytest.fixture
def test_clauses(monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, tuple[Clause, ...]]]:
    """Clauses the interpreter reads instead of the tables, for the rules named in the dict (emptied after)."""
    table: dict[str, tuple[Clause, ...]] = {}
    monkeypatch.setattr(declared_module, "clauses_of", lambda name: table.get(name, ()))
    monkeypatch.setattr(declared_module, "declared_rules", lambda: tuple(table))
    declared_module._PLANS.clear()
    yield table
    declared_module._PLANS.clear()


def test_reroll_of_ones_at_the_to_wound_roll(test_clauses: dict[str, tuple[Clause, ...]]) -> None:
    test_clauses["Shred"] = (Clause("T-1", Trigger.TO_WOUND_ROLL, (), (Reroll(RerollWhich.ONES),), "re-roll 1s"),)
    dice = Dice(0, strict=True)
    # two automatic hits; To Wound 4+: 1 and 3 fail, only the 1 is re-rolled: a 5 wounds; no save to take
    dice.force(1, 3, 5)
    attack = AttackSpec("Bolter", 2, 4, 5, skill=None, rules=(rule("Shred"),))
    result = resolve_attack(dice, attack, legionaries(save=None), config=CONFIG)
    assert result.wounds == 1 and result.wounds_lost == 1
    assert str(result.rolls[1]) == "To Wound re-roll: S4 vs T4 (4+) with Bolter (Shred): D6 [5*] = 5"
    assert [r.text for r in result.reasons if r.rule == "Shred"] == ["T-1: re-roll 1s: 1 results of 1 re-rolled"]


def test_instant_death_on_a_natural_six(test_clauses: dict[str, tuple[Clause, ...]]) -> None:
    test_clauses["Shred"] = (
        Clause("T-2", Trigger.TO_WOUND_ROLL, (Natural(X),), (InstantDeath(),), "a roll of {x} kills"),
    )
    declared_module._PLANS.clear()
    dice = Dice(0, strict=True)
    dice.force(6, 4)  # both hits wound (4+); the 6 inflicts Instant Death; no save to take
    attack = AttackSpec("Claw", 2, 4, 2, skill=None, rules=(RuleRef("Shred", 6, "6+"),))
    result = resolve_attack(dice, attack, legionaries(2, save=None, wounds=3), config=CONFIG)
    assert [(r.model, r.instant_death, r.wounds_lost) for r in result.records] == [
        ("Legionary 1", True, 3),
        ("Legionary 2", False, 1),
    ]
    assert result.records[0].reasons[0].text == "T-2: this Wound inflicts Instant Death"


def test_a_shooting_reroll_and_the_bs6_reroll_never_take_a_die_twice(
    test_clauses: dict[str, tuple[Clause, ...]],
) -> None:
    test_clauses["Shred"] = (Clause("T-3", Trigger.TO_HIT_ROLL, (), (Reroll(),), "re-roll misses"),)
    dice = Dice(0, strict=True)
    dice.force(1, 4, 6, 2)  # BS4 (3+): the 1 misses and T-3 re-rolls it: a 2, a miss again; To Wound 1, 1
    dice.force(1, 1)
    attack = AttackSpec("Bolter", 3, 4, 5, skill=4, rules=(rule("Shred"),), attacker="Blue")
    result = resolve_attack(dice, attack, legionaries(), config=CONFIG)
    assert result.hits == 2
    assert str(result.rolls[1]) == "To Hit re-roll: BS4 (3+) with Bolter (Shred) (Blue): D6 [2*] = 2"
    dice.force(1, 5, 5, 1)  # BS6 (2+, misses again on 6+): the 1 re-rolled by the BS: 5 misses; no second re-roll
    attack = AttackSpec("Bolter", 2, 4, 5, skill=6, rules=(rule("Shred"),), attacker="Blue")
    result = resolve_attack(dice, attack, legionaries(), config=CONFIG)
    assert result.hits == 1 and [r.reason[:16] for r in result.rolls] == [
        "To Hit: 2 shots ",
        "To Hit re-roll: ",
        "To Wound: 1 hits",
    ]
    assert "a die is re-rolled only once: the BS re-roll came first" in [r.text for r in result.reasons]
