"""Master-crafted (rulebook p.243) as one declared clause: MCR-1 at the To Hit roll (one failed To Hit roll of the
weapon re-rolled; shooting and close combat; with Twin-linked a die is re-rolled once). Forced dice, exact
results."""

from __future__ import annotations

from strategium.catalogue.clauses import clauses_of
from strategium.catalogue.declared import Bearer, Reroll, RerollWhich, Trigger
from strategium.catalogue.definitions import ImplementationStatus
from strategium.catalogue.registry import RuleRef, find_rule, get_rule_def
from strategium.combat.allocation import TargetModel, TargetUnit
from strategium.combat.attack import AttackMode, AttackSpec, resolve_attack
from strategium.config import RulesConfig
from strategium.dice import Dice

CONFIG = RulesConfig()


def rule(text: str) -> RuleRef:
    found = find_rule(text)
    assert isinstance(found, RuleRef)
    return found


MASTER = rule("Master-crafted")
TWIN = rule("Twin-linked")


def squad(n: int = 5) -> TargetUnit:
    return TargetUnit("Tactical Squad", tuple(TargetModel(f"Legionary {i}", 4, weapon_skill=4) for i in range(n)))


def texts(reasons: tuple) -> list[str]:
    return [r.text for r in reasons if r.rule == "Master-crafted"]


def test_master_crafted_is_one_clause_at_the_to_hit_roll_citing_p243() -> None:
    (clause,) = clauses_of("Master-crafted")
    assert (clause.id, clause.trigger, clause.when, clause.effect, clause.bearer) == (
        "MCR-1",
        Trigger.TO_HIT_ROLL,
        (),
        (Reroll(RerollWhich.ONE_FAILED),),
        Bearer.WEAPON,
    )
    definition = get_rule_def("Master-crafted")
    assert (definition.page, definition.status) == (243, ImplementationStatus.PARTIAL)


def test_master_crafted_rerolls_one_miss_of_a_shooting_attack() -> None:
    dice = Dice(0, strict=True)
    # BS4 (3+): 1, 2 miss, 5 hits; MCR-1 re-rolls one miss (the first): 4 hits. To Wound 4+ on two hits: 6, 1.
    dice.force(1, 2, 5, 4, 6, 1)
    bolter = AttackSpec("master-crafted bolter", 3, 4, 5, skill=4, rules=(MASTER,), attacker="Blue")
    result = resolve_attack(dice, bolter, squad(), config=CONFIG)
    assert (result.hits, result.wounds, result.wounds_lost) == (2, 1, 1)
    assert str(result.rolls[1]) == (
        "To Hit re-roll: BS4 (3+) with master-crafted bolter (Master-crafted) (Blue): D6 [4*] = 4"
    )
    assert texts(result.reasons) == ["MCR-1: one failed To Hit roll is re-rolled: 1 failed roll re-rolled"]


def test_master_crafted_no_miss_no_reroll() -> None:
    dice = Dice(0, strict=True)
    dice.force(3, 4, 1, 1)  # both hit; To Wound 1, 1
    bolter = AttackSpec("master-crafted bolter", 2, 4, 5, skill=4, rules=(MASTER,), attacker="Blue")
    result = resolve_attack(dice, bolter, squad(), config=CONFIG)
    assert (result.hits, len(result.rolls), texts(result.reasons)) == (2, 2, [])


def test_master_crafted_in_close_combat() -> None:
    dice = Dice(0, strict=True)
    # WS4 vs WS4: 4+. 2, 3 miss, 4 hits; one re-rolled: 1 misses again. To Wound (S4 T4, 4+): 4.
    dice.force(2, 3, 4, 1, 4)
    sword = AttackSpec("master-crafted sword", 3, 4, 3, mode=AttackMode.MELEE, skill=4, rules=(MASTER,))
    result = resolve_attack(dice, sword, squad(), config=CONFIG)
    assert (result.hits, result.wounds) == (1, 1)
    assert [r.reason[:16] for r in result.rolls] == ["To Hit: 3 attack", "To Hit re-roll: ", "To Wound: 1 hits"]


def test_master_crafted_with_twin_linked_rerolls_each_miss_once() -> None:
    dice = Dice(0, strict=True)
    # BS4: 1, 2 miss; Twin-linked re-rolls both (Master-crafted's die among them, not twice): 1, 3. To Wound: 5, 5.
    dice.force(1, 2, 6, 1, 3, 5, 5)
    gun = AttackSpec("master-crafted twin bolter", 3, 4, 5, skill=4, rules=(TWIN, MASTER), attacker="Blue")
    result = resolve_attack(dice, gun, squad(), config=CONFIG)
    assert (result.hits, result.wounds) == (2, 2)
    assert len([r for r in result.rolls if r.reason.startswith("To Hit re-roll")]) == 1
