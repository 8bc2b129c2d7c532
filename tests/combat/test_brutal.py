"""Brutal (X) (Liber Astartes p.117) as one declared clause: BRU-1 at the new Wound allocation trigger
(``MultiplyWounds(X)``). Each Wound allocated to a model becomes X Wounds on it, each saved on its own and, unsaved,
given its own Damage Mitigation roll (Feel No Pain per Wound, after multiplying); each keeps the Wound's AP and
Instant Death (Eternal Warrior: 1 Wound each); the Wounds left once the model is removed are lost (no spill over to
the next model); no effect on a target with an Armour Value. Forced dice, exact results."""

from __future__ import annotations

from strategium.catalogue.citations import Reason
from strategium.catalogue.clauses import clause_problems, clauses_of
from strategium.catalogue.declared import MultiplyWounds, Not, Situation, Trigger, X
from strategium.catalogue.definitions import ImplementationStatus
from strategium.catalogue.registry import RuleRef, find_rule, get_rule_def
from strategium.combat.allocation import TargetModel, TargetUnit
from strategium.combat.attack import AttackMode, AttackSpec, resolve_attack
from strategium.combat.vehicle_attack import resolve_attack_on_vehicle
from strategium.combat.vehicles import PenetrationOutcome, TargetVehicle
from strategium.config import RulesConfig
from strategium.dice import Dice

CONFIG = RulesConfig()
RULING = "BRU-1: a Wound allocated to a model becomes {x} Wounds on it, each saved on its own; those left once it is "
RULING += "removed are lost"


def rule(text: str) -> RuleRef:
    found = find_rule(text)
    assert isinstance(found, RuleRef)
    return found


BRUTAL_2 = rule("Brutal (2)")
BRUTAL_3 = rule("Brutal (3)")


def squad(
    n: int = 2, *, toughness: int = 4, wounds: int = 3, save: int | None = None, rules: tuple[RuleRef, ...] = ()
) -> TargetUnit:
    models = tuple(
        TargetModel(f"Champion {i}", toughness, wounds=wounds, save=save, weapon_skill=5, rules=rules)
        for i in range(1, n + 1)
    )
    return TargetUnit("Command Squad", models)


def fist(count: int = 1, strength: int = 5, ap: int | None = 2, brutal: RuleRef = BRUTAL_3) -> AttackSpec:
    """``count`` close combat hits (automatic: no To Hit roll) of a Brutal weapon."""
    return AttackSpec("Gravis Power Fist", count, strength, ap, mode=AttackMode.MELEE, skill=None, rules=(brutal,))


def texts(reasons: tuple[Reason, ...]) -> list[str]:
    return [r.text for r in reasons if r.rule == "Brutal"]


def test_BRU_1_is_one_clause_at_wound_allocation_citing_p117() -> None:
    (clause,) = clauses_of("Brutal")
    assert (clause.id, clause.trigger, clause.when, clause.effect) == (
        "BRU-1",
        Trigger.WOUND_ALLOCATED,
        (Not(Situation.TARGET_HAS_ARMOUR_VALUE),),
        (MultiplyWounds(X),),
    )
    definition = get_rule_def("Brutal")
    assert (definition.book.value, definition.page, definition.status) == (
        "Liber Astartes / Liber Hereticus",
        117,
        ImplementationStatus.IMPLEMENTED,
    )
    assert clause_problems() == ()


def test_BRU_1_one_wound_becomes_three_on_one_model_each_saved_separately() -> None:
    dice = Dice(0, strict=True)
    dice.force(5, 1, 6, 2)  # S5 vs T4 wounds on 3+: 5 wounds; AP4 vs 3+ save: three saves, 1 fails, 6 saves, 2 fails
    result = resolve_attack(dice, fist(ap=4), squad(save=3), config=CONFIG)
    assert [(r.number, r.part, r.index, r.saved, r.wounds_lost) for r in result.records] == [
        (1, 1, 0, False, 1),
        (1, 2, 0, True, 0),
        (1, 3, 0, False, 1),
    ]
    assert [m.lost for m in result.target.models] == [2, 0]
    assert (result.wounds, result.unallocated, result.saved, result.unsaved, result.wounds_lost) == (1, 0, 1, 2, 2)
    assert texts(result.reasons) == [RULING.format(x="3")]
    assert [r.reason for r in result.rolls][1:] == [
        "Armour Save (3+): Wound 1 (1 of 3) on Champion 1",
        "Armour Save (3+): Wound 1 (2 of 3) on Champion 1",
        "Armour Save (3+): Wound 1 (3 of 3) on Champion 1",
    ]


def test_BRU_1_wounds_left_once_the_model_is_removed_are_lost_not_spilled() -> None:
    dice = Dice(0, strict=True)
    dice.force(3)  # S5 vs T4: 3 wounds; no save (AP2 vs none): the 3 Wounds kill a 2-Wound model at the second
    result = resolve_attack(dice, fist(), squad(wounds=2), config=CONFIG)
    assert [(r.part, r.index, r.wounds_lost, r.removed) for r in result.records] == [(1, 0, 1, False), (2, 0, 1, True)]
    assert [m.lost for m in result.target.models] == [2, 0]
    assert result.models_removed == ("Champion 1",)
    assert texts(result.reasons) == [RULING.format(x="3"), RULING.format(x="3") + ": 1 of Wound 1's 3 Wounds are lost"]


def test_BRU_1_the_next_allocated_wound_goes_to_the_next_model() -> None:
    dice = Dice(0, strict=True)
    dice.force(3, 4)  # two Wounds of Brutal (2) on 1-Wound models: each kills one model, its second Wound is lost
    result = resolve_attack(dice, fist(2, brutal=BRUTAL_2), squad(3, wounds=1), config=CONFIG)
    assert [(r.number, r.part, r.index, r.removed) for r in result.records] == [(1, 1, 0, True), (2, 1, 1, True)]
    assert [m.lost for m in result.target.models] == [1, 1, 0]
    assert result.unallocated == 0


def test_BRU_1_feel_no_pain_is_rolled_per_wound_after_multiplying() -> None:
    dice = Dice(0, strict=True)
    dice.force(4, 5, 2)  # S5 vs T4: 4 wounds; Brutal (2), no save; Feel No Pain (5+): 5 ignores one, 2 fails
    target = squad(rules=(rule("Feel No Pain (5+)"),))
    result = resolve_attack(dice, fist(brutal=BRUTAL_2), target, config=CONFIG)
    assert [(r.part, r.mitigated, r.wounds_lost) for r in result.records] == [(1, True, 0), (2, False, 1)]
    assert [r.reason for r in result.rolls][1:] == [
        "Feel No Pain (5+): Wound 1 (1 of 2) on Champion 1",
        "Feel No Pain (5+): Wound 1 (2 of 2) on Champion 1",
    ]
    assert [m.lost for m in result.target.models] == [1, 0]


def test_BRU_1_with_instant_death_the_first_wound_kills_the_rest_are_lost() -> None:
    dice = Dice(0, strict=True)
    dice.force(2)  # S8 vs T4: Instant Death, wounds on 2+; no save: the first of 3 Wounds removes the model
    result = resolve_attack(dice, fist(strength=8), squad(), config=CONFIG)
    assert [(r.instant_death, r.wounds_lost, r.removed) for r in result.records] == [(True, 3, True)]
    assert [m.lost for m in result.target.models] == [3, 0]
    assert texts(result.reasons)[-1] == RULING.format(x="3") + ": 2 of Wound 1's 3 Wounds are lost"


def test_BRU_1_eternal_warrior_loses_one_wound_to_each_instant_death_wound() -> None:
    dice = Dice(0, strict=True)
    dice.force(2)  # S8 vs T4: Instant Death on each of the 3 Wounds; Eternal Warrior: 1 Wound each, 3 of 4 lost
    result = resolve_attack(dice, fist(strength=8), squad(1, wounds=4, rules=(rule("Eternal Warrior"),)), config=CONFIG)
    assert [(r.part, r.instant_death, r.wounds_lost, r.removed) for r in result.records] == [
        (1, True, 1, False),
        (2, True, 1, False),
        (3, True, 1, False),
    ]
    assert result.target.models[0].lost == 3


def test_brutal_x_without_a_value_is_not_applied_and_says_so() -> None:
    dice = Dice(0, strict=True)
    dice.force(3)
    result = resolve_attack(dice, fist(brutal=rule("Brutal")), squad(), config=CONFIG)
    assert [(r.part, r.wounds_lost) for r in result.records] == [(0, 1)]
    assert texts(result.reasons) == ["BRU-1 not applied: Brutal has no (X) that can be read"]


def test_BRU_1_has_no_effect_on_a_vehicle() -> None:
    attack = AttackSpec("Vanquisher Battle Cannon", 1, 9, 2, rules=(BRUTAL_2,), attacker="Blue")
    assert attack.declared(vehicle=True) is None
    dice = Dice(0, strict=True)
    dice.force(4)  # S9 against Armour 13: 4 + 9 = 13 glances; one Hull Point, not two
    tank = TargetVehicle("Predator", armour=13, hull_points=3)
    result = resolve_attack_on_vehicle(dice, attack, tank, config=CONFIG)
    assert [r.outcome for r in result.records] == [PenetrationOutcome.GLANCING]
    assert result.hull_points_lost == 1
    assert texts(result.reasons) == [] and all(texts(r.reasons) == [] for r in result.records)
