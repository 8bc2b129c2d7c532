"""Twin-linked (rulebook p.249) as one declared clause: TWL-1 at the To Hit roll (failed To Hit rolls are re-rolled,
in shooting and in close combat; a weapon fired as Snap Shots re-rolls its misses too; a die is re-rolled once, and
a shooting roll whose misses the BS 6+ re-roll took is not re-rolled again). A Blast or Template weapon makes no To
Hit roll: TWL-1 does not act (the Twin-linked Blast's scatter re-roll is the engine's: engine.shooting.area_fire).
Forced dice, exact results."""

from __future__ import annotations

from strategium.catalogue.citations import Reason
from strategium.catalogue.clauses import clauses_of
from strategium.catalogue.declared import Bearer, Reroll, RerollWhich, Trigger
from strategium.catalogue.definitions import ImplementationStatus
from strategium.catalogue.registry import RuleRef, find_rule, get_rule_def
from strategium.combat.allocation import TargetModel, TargetUnit
from strategium.combat.attack import AttackMode, AttackSpec, resolve_attack
from strategium.combat.vehicle_attack import resolve_attack_on_vehicle
from strategium.combat.vehicles import TargetVehicle
from strategium.config import RulesConfig
from strategium.dice import Dice

CONFIG = RulesConfig()


def rule(text: str) -> RuleRef:
    found = find_rule(text)
    assert isinstance(found, RuleRef)
    return found


TWIN = rule("Twin-linked")


def squad(n: int = 5, *, save: int | None = None) -> TargetUnit:
    models = tuple(TargetModel(f"Legionary {i}", 4, save=save, weapon_skill=4) for i in range(1, n + 1))
    return TargetUnit("Tactical Squad", models)


def bolter(
    count: int = 3, *, skill: int | None = 4, snap: bool = False, rules: tuple[RuleRef, ...] = (TWIN,)
) -> AttackSpec:
    return AttackSpec("Twin-linked bolter", count, 4, 5, skill=skill, snap_shots=snap, rules=rules, attacker="Blue")


def texts(reasons: tuple[Reason, ...]) -> list[str]:
    return [r.text for r in reasons if r.rule == "Twin-linked"]


def test_TWL_1_is_one_clause_at_the_to_hit_roll_citing_p249() -> None:
    clause, *templates = clauses_of("Twin-linked")
    assert [c.id for c in templates] == ["TWL-2", "TWL-3"]  # Twin-linked Template weapons (tests/combat/
    # test_template_twin_linked.py)
    assert (clause.id, clause.trigger, clause.when, clause.effect, clause.bearer) == (
        "TWL-1",
        Trigger.TO_HIT_ROLL,
        (),
        (Reroll(RerollWhich.FAILED),),
        Bearer.WEAPON,
    )
    definition = get_rule_def("Twin-linked")
    assert (definition.book.value, definition.page, definition.status) == (
        "Age of Darkness rulebook",
        249,
        ImplementationStatus.IMPLEMENTED,
    )
    assert str(Reason.of("Twin-linked", "x")).endswith("[Twin-linked (Age of Darkness rulebook p.249)]")
    assert rule("Twinlinked").name == "Twin-linked"


def test_TWL_1_rerolls_the_misses_of_a_shooting_attack_once() -> None:
    dice = Dice(0, strict=True)
    # BS4 (3+): 1, 2 miss, 5 hits; TWL-1 re-rolls the two misses: 4 hits, 1 misses again (not re-rolled a second
    # time). To Wound 4+ on the three hits: 6, 4, 1: two Wounds, no save.
    dice.force(1, 2, 5, 4, 1, 6, 4, 1)
    result = resolve_attack(dice, bolter(), squad(), config=CONFIG)
    assert (result.hits, result.wounds, result.wounds_lost) == (2, 2, 2)
    assert [str(r) for r in result.rolls] == [
        "To Hit: 3 shots BS4 (3+) with Twin-linked bolter (Blue): 3D6 [1*, 2*, 5*] = 8",
        "To Hit re-roll: BS4 (3+) with Twin-linked bolter (Twin-linked) (Blue): 2D6 [4*, 1*] = 5",
        "To Wound: 2 hits S4 vs T4 (4+) with Twin-linked bolter (Blue): 2D6 [6*, 4*] = 10",
    ]
    assert texts(result.reasons) == ["TWL-1: failed To Hit rolls are re-rolled: 2 failed re-rolled"]


def test_TWL_1_no_miss_no_reroll() -> None:
    dice = Dice(0, strict=True)
    dice.force(3, 6, 1, 1)  # both hit (3+); To Wound 1, 1
    result = resolve_attack(dice, bolter(2), squad(), config=CONFIG)
    assert (result.hits, result.wounds, len(result.rolls)) == (2, 0, 2)
    assert texts(result.reasons) == []


def test_TWL_1_with_snap_shots_rerolls_the_misses_at_6_plus() -> None:
    """Snap Shots hit on 6s only (BS 1); Twin-linked says nothing against Snap Shots, so the misses are re-rolled,
    still needing a 6."""
    dice = Dice(0, strict=True)
    dice.force(6, 5, 2, 6, 5, 4, 4)  # snap: 6 hits, 5 and 2 miss; re-roll 6 hits, 5 misses; To Wound 4, 4
    result = resolve_attack(dice, bolter(snap=True), squad(), config=CONFIG)
    assert (result.hits, result.wounds) == (2, 2)
    assert [str(r) for r in result.rolls[:2]] == [
        "To Hit: 3 shots BS1 (6+) with Twin-linked bolter (Blue): 3D6 [6*, 5*, 2*] = 13",
        "To Hit re-roll: BS1 (6+) with Twin-linked bolter (Twin-linked) (Blue): 2D6 [6*, 5*] = 11",
    ]
    assert texts(result.reasons) == ["TWL-1: failed To Hit rolls are re-rolled: 2 failed re-rolled"]


def test_TWL_1_and_the_bs6_reroll_never_take_a_die_twice() -> None:
    dice = Dice(0, strict=True)
    # BS6: 2+, misses re-rolled on 6+ by the BS. 1 misses, 4 hits; the BS re-roll: 3, a miss; Twin-linked does not
    # re-roll it again. To Wound 1.
    dice.force(1, 4, 3, 1)
    result = resolve_attack(dice, bolter(2, skill=6), squad(), config=CONFIG)
    assert result.hits == 1
    assert [r.reason[:16] for r in result.rolls] == ["To Hit: 2 shots ", "To Hit re-roll: ", "To Wound: 1 hits"]
    assert "a die is re-rolled only once: the BS re-roll came first" in [r.text for r in result.reasons]
    assert texts(result.reasons) == []


def test_TWL_1_in_close_combat() -> None:
    dice = Dice(0, strict=True)
    # WS4 vs WS4: 4+. 2, 3 miss, 4 hits; TWL-1 re-rolls the two: 5 hits, 1 misses. To Wound (S4 T4, 4+): 4, 3.
    dice.force(2, 3, 4, 5, 1, 4, 3)
    claws = AttackSpec("Twin claws", 3, 4, 5, mode=AttackMode.MELEE, skill=4, rules=(TWIN,), attacker="Blue")
    result = resolve_attack(dice, claws, squad(), config=CONFIG)
    assert (result.hits, result.wounds) == (2, 1)
    assert (
        str(result.rolls[1]) == "To Hit re-roll: WS4 vs WS4 (4+) with Twin claws (Twin-linked) (Blue): 2D6 [5*, 1*] = 6"
    )
    assert texts(result.reasons) == ["TWL-1: failed To Hit rolls are re-rolled: 2 failed re-rolled"]


def test_TWL_1_against_a_vehicle() -> None:
    dice = Dice(0, strict=True)
    # BS4: 1 misses, re-rolled: 3 hits. Armour Penetration S9 + 1 = 10 against AV 11: no effect.
    dice.force(1, 3, 1)
    lascannon = AttackSpec("Twin-linked lascannon", 1, 9, 2, skill=4, rules=(TWIN,), attacker="Blue")
    rhino = TargetVehicle("Rhino", armour=11, hull_points=3)
    result = resolve_attack_on_vehicle(dice, lascannon, rhino, config=CONFIG)
    assert result.hits == 1
    assert (
        str(result.rolls[1]) == "To Hit re-roll: BS4 (3+) with Twin-linked lascannon (Twin-linked) (Blue): D6 [3*] = 3"
    )


def test_TWL_1_does_not_act_on_automatic_hits() -> None:
    """Blast weapons make no To Hit roll (their hits come from the marker): nothing for TWL-1 to re-roll; a Blast's
    To Wound roll is not re-rolled either (a Template's is: TWL-2, tests/combat/test_template_twin_linked.py)."""
    dice = Dice(0, strict=True)
    dice.force(1, 2, 4)  # three automatic hits; To Wound 1, 2 fail, 4 wounds: nothing re-rolled
    blast = rule('Blast (3")')
    result = resolve_attack(dice, bolter(skill=None, rules=(TWIN, blast)), squad(), config=CONFIG)
    assert (result.hits, result.wounds, len(result.rolls)) == (3, 1, 1)
    assert texts(result.reasons) == []
