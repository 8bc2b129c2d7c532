"""strategium.combat.allocation: allocation order, multi-Wound models, Instant Death, Eternal Warrior."""

from __future__ import annotations

import pytest

from strategium.catalogue.registry import RuleRef, find_rule
from strategium.combat.allocation import (
    Deferred,
    TargetModel,
    TargetUnit,
    apply_unsaved_wound,
    inflicts_instant_death,
    next_model_index,
)
from strategium.combat.attack import AttackSpec, resolve_attack
from strategium.config import RulesConfig
from strategium.dice import Dice
from strategium.errors import InputError

CONFIG = RulesConfig()


def rule(text: str) -> RuleRef:
    entry = find_rule(text)
    assert isinstance(entry, RuleRef), text
    return entry


def test_wounded_model_takes_the_next_wound_first() -> None:
    unit = TargetUnit("Squad", (TargetModel("A", 4), TargetModel("Sergeant", 4, wounds=2, lost=1), TargetModel("C", 4)))
    assert next_model_index(unit, CONFIG) == 1
    plain = RulesConfig.model_validate({"damage": {"wounded_models_first": False}})
    assert next_model_index(unit, plain) == 0


def test_removed_models_are_skipped_and_a_destroyed_unit_has_none() -> None:
    unit = TargetUnit("Squad", (TargetModel("A", 4, lost=1), TargetModel("B", 4)))
    assert next_model_index(unit, CONFIG) == 1
    gone = TargetUnit("Squad", (TargetModel("A", 4, lost=1),))
    assert gone.destroyed and next_model_index(gone, CONFIG) is None


def test_instant_death_from_double_strength_and_battle_hardened() -> None:
    model = TargetModel("Legionary", 4, wounds=2)
    assert inflicts_instant_death(7, model, ()) is None
    reason = inflicts_instant_death(8, model, ())
    assert reason is not None and reason.text == "S8 is at least double T4: Instant Death" and reason.page == 242
    hardened = TargetModel("Veteran", 4, wounds=2, rules=(rule("Battle-Hardened"),))
    assert inflicts_instant_death(8, hardened, ()) is None  # T5 for the test: needs S10
    assert inflicts_instant_death(10, hardened, ()) is not None
    assert inflicts_instant_death(4, model, (rule("Instant Death"),)) is not None


def test_instant_death_removes_a_multi_wound_model_and_eternal_warrior_loses_one() -> None:
    model = TargetModel("Praetor", 4, wounds=3)
    after, reason = apply_unsaved_wound(model, instant_death=True)
    assert (after.wounds_left, after.removed) == (0, True)
    assert reason is not None and reason.rule == "Instant Death"
    warrior = TargetModel("Praetor", 4, wounds=3, rules=(rule("Eternal Warrior"),))
    after, reason = apply_unsaved_wound(warrior, instant_death=True)
    assert (after.wounds_left, after.removed) == (2, False)
    assert reason is not None and reason.rule == "Eternal Warrior" and reason.page == 237


def test_multi_wound_model_keeps_taking_wounds_until_removed() -> None:
    unit = TargetUnit("Terminators", tuple(TargetModel(f"T{i}", 4, wounds=2, save=5) for i in range(1, 4)))
    dice = Dice(0, strict=True)
    dice.force(6, 6, 6, 1, 1, 1)  # 3 automatic hits wound on 6s; three failed 5+ saves
    result = resolve_attack(dice, AttackSpec("Bolter", 3, 4, None), unit, config=CONFIG)
    assert [r.model for r in result.records] == ["T1", "T1", "T2"]
    assert result.models_removed == ("T1",)
    assert [m.wounds_left for m in result.target.models] == [0, 1, 2]


def test_wounds_beyond_the_last_model_are_lost() -> None:
    unit = TargetUnit("Remnant", (TargetModel("Last", 4, save=None),))
    dice = Dice(0, strict=True)
    dice.force(6, 6, 6)
    result = resolve_attack(dice, AttackSpec("Bolter", 3, 4, None), unit, config=CONFIG)
    assert (result.wounds, len(result.records), result.unallocated) == (3, 1, 2)
    assert result.target.destroyed
    assert "the unit is destroyed: 2 Wounds are lost" in [r.text for r in result.reasons]


def test_majority_toughness_and_bad_models() -> None:
    unit = TargetUnit("Mixed", (TargetModel("A", 4), TargetModel("B", 4), TargetModel("C", 5)))
    assert unit.majority_toughness() == 4
    tie = TargetUnit("Tie", (TargetModel("A", 4), TargetModel("B", 5)))
    assert tie.majority_toughness() == 5
    with pytest.raises(InputError, match="Toughness must be"):
        TargetModel("Ghost", 0)
    with pytest.raises(InputError, match="has no models"):
        TargetUnit("Empty", ())


def test_only_models_in_range_and_sight_are_allocated_wounds_and_the_rest_are_lost() -> None:
    """CORE_B §1.7: a Shooting Attack's Wounds go only to models that may be allocated them (in range and line of
    sight of a firing model: the engine marks the others); once none is left, the remaining Wounds are lost."""
    unit = TargetUnit(
        "Squad",
        (TargetModel("A", 4), TargetModel("Hidden", 4, allocatable=False), TargetModel("B", 4, wounds=2, lost=1)),
    )
    assert next_model_index(unit, CONFIG) == 2  # the wounded model first, as ever
    hidden_only = TargetUnit("Squad", (TargetModel("Hidden", 4, allocatable=False),))
    assert not hidden_only.destroyed and next_model_index(hidden_only, CONFIG) is None
    dice = Dice(1)
    dice.force(6, 6, 6, 6, 6, 6, 6, 6)  # 4 hits, 4 wounds; no save (no save characteristic)
    result = resolve_attack(dice, AttackSpec("Bolter", 4, 4, 5, skill=4), unit, config=CONFIG)
    allocated = [r.model for r in result.records]
    assert allocated == ["B", "A"]  # B's last Wound, then A; nothing to Hidden
    assert result.unallocated == 2 and result.target.models[1].lost == 0
    assert any("2 Wounds are lost" in r.text and "line of sight" in r.text for r in result.reasons)


def test_a_deferred_answer_is_worked_out_only_when_a_wound_reaches_the_model() -> None:
    """Allocation asks ``allocatable`` in order up to the first model that may take the Wound (and, wounded models
    first, of the models that have lost Wounds): the others' deferred answers are never worked out."""
    asked: list[str] = []

    def answer(name: str, value: bool) -> Deferred:
        def compute() -> bool:
            asked.append(name)
            return value

        return Deferred(compute)

    unit = TargetUnit(
        "Squad",
        (
            TargetModel("Hidden", 4, allocatable=answer("Hidden", False)),
            TargetModel("A", 4, allocatable=answer("A", True)),
            TargetModel("B", 4, allocatable=answer("B", True)),
        ),
    )
    assert next_model_index(unit, CONFIG) == 1 and asked == ["Hidden", "A"]
    assert next_model_index(unit, CONFIG) == 1 and asked == ["Hidden", "A"]  # kept: not worked out again
    wounded = TargetUnit("Squad", (TargetModel("A", 4, allocatable=answer("A2", True)), TargetModel("W", 4, 2, 1)))
    assert next_model_index(wounded, CONFIG) == 1 and "A2" not in asked  # the wounded model takes it: A not asked
    flag = answer("C", True)
    assert flag == True and flag == Deferred(lambda: True) and hash(flag) == hash(True)  # noqa: E712
    assert repr(flag) == "Deferred(True)" and repr(answer("D", False)) == "Deferred(not asked yet)"
