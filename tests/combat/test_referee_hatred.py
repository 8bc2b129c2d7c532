"""Referee cases for Hatred (X) (Age of Darkness rulebook p.240) in the attack pipeline, read from the rule.

The rule as read (in our words; CORE_B §5.5, confirmed): in the opening round of a combat, a model fighting an
enemy it hates rolls its missed close combat hits again (no foe named, or Everything: any enemy is hated). Nothing
else: no re-roll of To Wound rolls, none when shooting, none after the first round, and a die is re-rolled once
(a re-rolled miss stands, whatever other re-rolls the model has). Which round is the first is the engine's part
(``AttackSpec.situation``; the scenarios ``tests/scenarios/REF-HAT-*`` play it through whole turns). Forced dice,
strict, exact results (``REF-HAT-P..`` in the report).
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from strategium.catalogue.clauses import clauses_of, declared_rules
from strategium.catalogue.declared import Clause, Reroll, RerollWhich, Situation, Trigger
from strategium.catalogue.registry import RuleRef, find_rule
from strategium.combat import declared as declared_module
from strategium.combat.allocation import TargetModel, TargetUnit
from strategium.combat.attack import AttackMode, AttackSpec, resolve_attack
from strategium.config import RulesConfig
from strategium.dice import Dice

CONFIG = RulesConfig()
FIRST = frozenset({Situation.FIRST_ROUND_OF_COMBAT})
LATER: frozenset[Situation] = frozenset()


def rule(text: str) -> RuleRef:
    found = find_rule(text)
    assert isinstance(found, RuleRef)
    return found


def foes(n: int = 2, *, ws: int = 4, toughness: int = 4, save: int | None = 3) -> TargetUnit:
    models = tuple(TargetModel(f"Foe {i}", toughness, 1, save=save, weapon_skill=ws) for i in range(1, n + 1))
    return TargetUnit("Foes", models)


def attacks(
    count: int,
    *rules: str,
    situation: frozenset[Situation] = FIRST,
    ws: int = 4,
    mode: AttackMode = AttackMode.MELEE,
    name: str = "Chainsword",
) -> AttackSpec:
    return AttackSpec(
        name, count, 4, None, mode=mode, skill=ws, rules=tuple(rule(r) for r in rules), situation=situation
    )


def strict(*faces: int) -> Dice:
    dice = Dice(0, strict=True)
    dice.force(*faces)
    return dice


def test_P01_first_round_the_misses_are_rerolled_against_a_better_weapon_skill() -> None:
    # WS4 against WS9 needs 5+ (more than double: CORE_B's table): 3, 4, 5; the 3 and the 4 re-rolled: 5, 1 -> two
    # hits. To Wound 1, 1.
    dice = strict(3, 4, 5, 5, 1, 1, 1)
    result = resolve_attack(dice, attacks(3, "Hatred (Everything)"), foes(ws=9), config=CONFIG)
    assert result.hits == 2
    assert str(result.rolls[0]).startswith("To Hit: 3 attacks WS4 vs WS9 (5+)")
    assert str(result.rolls[1]) == "To Hit re-roll: WS4 vs WS9 (5+) with Chainsword (Hatred): 2D6 [5*, 1*] = 6"
    assert dice.pending_forced == ()


def test_P02_a_rerolled_miss_stands_and_hits_are_not_rerolled() -> None:
    # 1, 6: the 6 hits and is kept; the 1 re-rolled: 1 again: it stands (a die is re-rolled once). To Wound 2.
    dice = strict(1, 6, 1, 2)
    result = resolve_attack(dice, attacks(2, "Hatred"), foes(), config=CONFIG)
    assert result.hits == 1 and len(result.rolls) == 3
    assert dice.pending_forced == ()


def test_P03_two_hatreds_still_reroll_each_die_once() -> None:
    # Hatred and Hatred (Everything) on the same model: the failed 2 is re-rolled once (3: a miss again), not twice.
    dice = strict(2, 5, 3, 1)
    result = resolve_attack(dice, attacks(2, "Hatred", "Hatred (Everything)"), foes(), config=CONFIG)
    assert result.hits == 1
    assert [str(r)[:15] for r in result.rolls] == ["To Hit: 2 attac", "To Hit re-roll:", "To Wound: 1 hit"]
    assert str(result.rolls[1]).endswith("D6 [3*] = 3")
    assert dice.pending_forced == ()


@pytest.fixture
def preferred_enemy(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Preferred Enemy (rulebook p.245: re-roll To Hit and To Wound rolls of 1) lent the one clause it would have at
    the To Hit roll, beside Hatred's real clause (the rule is "not yet" in the registry)."""
    real = clauses_of
    names = declared_rules()
    clause = Clause("PE-T", Trigger.TO_HIT_ROLL, (), (Reroll(RerollWhich.ONES),), "To Hit rolls of 1 re-rolled")
    monkeypatch.setattr(declared_module, "clauses_of", lambda n: (clause,) if n == "Preferred Enemy" else real(n))
    monkeypatch.setattr(declared_module, "declared_rules", lambda: (*names, "Preferred Enemy"))
    declared_module._PLANS.clear()
    yield
    declared_module._PLANS.clear()


@pytest.mark.usefixtures("preferred_enemy")
def test_P04_with_another_reroll_already_granted_a_die_is_still_rerolled_once() -> None:
    # Hatred (failed hits) and Preferred Enemy (1s) both want the 1; the 3 only Hatred: one re-roll of both dice,
    # 1 and 2: both miss and stand. No hit: no To Wound roll.
    dice = strict(1, 3, 1, 2)
    attack = attacks(2, "Hatred (Everything)", "Preferred Enemy")
    result = resolve_attack(dice, attack, foes(), config=CONFIG)
    assert result.hits == 0 and len(result.rolls) == 2
    assert str(result.rolls[1]) == (
        "To Hit re-roll: WS4 vs WS4 (4+) with Chainsword (Hatred, Preferred Enemy): 2D6 [1*, 2*] = 3"
    )
    assert dice.pending_forced == ()


def test_P05_hatred_does_not_reroll_failed_wound_rolls() -> None:
    dice = strict(4, 5, 1, 2)  # two hits; To Wound 1, 2: both fail and are not re-rolled
    result = resolve_attack(dice, attacks(2, "Hatred (Everything)"), foes(), config=CONFIG)
    assert (result.hits, result.wounds, len(result.rolls)) == (2, 0, 2)
    assert dice.pending_forced == ()


def test_P06_after_the_first_round_nothing_is_rerolled() -> None:
    dice = strict(1, 2, 5, 1)
    result = resolve_attack(dice, attacks(3, "Hatred (Everything)", situation=LATER), foes(), config=CONFIG)
    assert result.hits == 1 and len(result.rolls) == 2
    assert not any(r.rule == "Hatred" for r in result.reasons)
    assert dice.pending_forced == ()


def test_P07_hatred_never_acts_on_shooting_even_at_a_unit_it_is_fighting() -> None:
    # BS4 (3+) shots, say fired as a Reaction in the turn of a Charge: 1, 2, 5 -> one hit, no re-roll; To Wound 1.
    dice = strict(1, 2, 5, 1)
    shot = attacks(3, "Hatred (Everything)", mode=AttackMode.SHOOTING, name="Bolter")
    result = resolve_attack(dice, shot, foes(), config=CONFIG)
    assert result.hits == 1 and len(result.rolls) == 2
    assert dice.pending_forced == ()


def test_P08_a_rerolled_hit_goes_on_to_rend() -> None:
    # Hatred and a Rending (6+) blade (AP -) against T8, 3+: To Hit 1, 4; the 1 re-rolled: 5 -> two hits. To Wound
    # 6, 6 (only Rending wounds T8): two Wounds at AP 2 (better than AP -), no saves.
    dice = strict(1, 4, 5, 6, 6)
    attack = attacks(2, "Hatred (Everything)", "Rending (6+)")
    result = resolve_attack(dice, attack, foes(2, toughness=8), config=CONFIG)
    assert [(r.ap, r.save, r.removed) for r in result.records] == [(2, None, True), (2, None, True)]
    assert dice.pending_forced == ()
