"""Rules against Dreadnoughts and Automata (Unit Types, rulebook p.195; Armourbane (X), p.231): the attack's
``Situation.TARGET_DREADNOUGHT_OR_AUTOMATA``, fed by the engine (:func:`strategium.engine.attacks.damage.
target_situation`), makes Fleshbane (FLE-3, FLE-4) and Poisoned (POI-4, POI-5) re-roll successful To Wound rolls and
Armourbane (ARB-4..6) re-roll failed ones. Forced dice, exact results."""

from __future__ import annotations

from strategium.catalogue.declared import Situation
from strategium.catalogue.registry import RuleRef, find_rule
from strategium.combat.allocation import TargetModel, TargetUnit
from strategium.combat.attack import AttackMode, AttackSpec, resolve_attack
from strategium.config import RulesConfig
from strategium.dice import Dice
from strategium.engine.attacks import damage
from tests.engine.builders_combat import battle, squad

CONFIG = RulesConfig()
MACHINE = frozenset({Situation.TARGET_DREADNOUGHT_OR_AUTOMATA})


def rule(text: str) -> RuleRef:
    found = find_rule(text)
    assert isinstance(found, RuleRef)
    return found


def dreadnought(toughness: int = 7) -> TargetUnit:
    return TargetUnit("Contemptor", (TargetModel("Contemptor", toughness, wounds=6, weapon_skill=5),))


def attack(
    strength: int,
    *rules: str,
    machine: bool = True,
    mode: AttackMode = AttackMode.SHOOTING,
    count: int = 3,
) -> AttackSpec:
    """``count`` hits (automatic: no To Hit roll) with ``rules``, against a Dreadnought (``machine``) or not."""
    return AttackSpec(
        "Gun",
        count,
        strength,
        None,
        mode=mode,
        rules=tuple(rule(r) for r in rules),
        attacker="Blue",
        situation=MACHINE if machine else frozenset(),
    )


def texts(reasons: tuple[object, ...], name: str) -> list[str]:
    return [getattr(r, "text", "") for r in reasons if getattr(r, "rule", None) == name]


def test_fleshbane_FLE_3_re_rolls_successful_wounds_against_a_dreadnought() -> None:
    dice = Dice(0, strict=True)
    dice.force(2, 5, 1, 1, 4)  # To Wound 2+ (Fleshbane): 2 and 5 succeed, re-rolled together: 1 fails, 4 wounds
    result = resolve_attack(dice, attack(3, "Fleshbane"), dreadnought(), config=CONFIG)
    assert result.wounds == 1
    assert [r.results for r in result.rolls] == [(2, 5, 1), (1, 4)]
    assert any(
        t.startswith("FLE-3:") and t.endswith("2 successful results re-rolled")
        for t in texts(result.all_reasons, "Fleshbane")
    )
    assert dice.pending_forced == ()


def test_fleshbane_without_the_dreadnought_situation_keeps_its_wounds() -> None:
    dice = Dice(0, strict=True)
    dice.force(2, 5, 1)
    result = resolve_attack(dice, attack(3, "Fleshbane", machine=False), dreadnought(), config=CONFIG)
    assert result.wounds == 2
    assert len(result.rolls) == 1


def test_fleshbane_FLE_4_in_close_combat_on_the_models_own_rule() -> None:
    dice = Dice(0, strict=True)
    dice.force(6, 6, 1, 2, 1)  # 6 and 6 re-rolled: 2 wounds (2+), 1 fails
    result = resolve_attack(dice, attack(4, "Fleshbane", mode=AttackMode.MELEE), dreadnought(), config=CONFIG)
    assert result.wounds == 1
    assert any(t.startswith("FLE-4:") for t in texts(result.all_reasons, "Fleshbane"))


def test_poisoned_POI_4_re_rolls_successful_wounds_against_automata() -> None:
    dice = Dice(0, strict=True)
    dice.force(4, 6, 3, 2, 5)  # Poisoned 4+ (S4 vs T7 needs 6+): 4 and 6 re-rolled: 2 fails, 5 wounds (4+)
    result = resolve_attack(dice, attack(4, "Poisoned"), dreadnought(), config=CONFIG)
    assert result.wounds == 1
    assert [r.results for r in result.rolls] == [(4, 6, 3), (2, 5)]
    assert any(t.startswith("POI-4:") for t in texts(result.all_reasons, "Poisoned"))


def test_poisoned_POI_3_and_POI_5_re_roll_every_die_once_in_one_roll() -> None:
    dice = Dice(0, strict=True)
    dice.force(1, 5, 6, 3, 2, 6)  # S8 vs T7 (3+): the failed 1 (POI-3) and the 5, 6 (POI-5) re-rolled: 3, 2, 6
    result = resolve_attack(dice, attack(8, "Poisoned", mode=AttackMode.MELEE), dreadnought(), config=CONFIG)
    assert [r.results for r in result.rolls] == [(1, 5, 6), (3, 2, 6)]
    assert result.wounds == 2
    found = texts(result.all_reasons, "Poisoned")
    assert any(t.startswith("POI-3:") for t in found) and any(t.startswith("POI-5:") for t in found)


def test_armourbane_ARB_4_re_rolls_failed_wounds_against_a_dreadnought() -> None:
    dice = Dice(0, strict=True)
    dice.force(5, 2, 1, 6, 3)  # S6 vs T7 (5+): 2 and 1 re-rolled: 6 wounds, 3 fails
    result = resolve_attack(dice, attack(6, "Armourbane"), dreadnought(), config=CONFIG)
    assert result.wounds == 2
    assert any(t.startswith("ARB-4:") for t in texts(result.all_reasons, "Armourbane"))


def test_armourbane_melee_variant_does_not_re_roll_a_shooting_attack() -> None:
    dice = Dice(0, strict=True)
    dice.force(5, 2, 1)  # no re-roll: a strict Dice would fail on an unforced one
    result = resolve_attack(dice, attack(6, "Armourbane (Melee)"), dreadnought(), config=CONFIG)
    assert result.wounds == 1 and len(result.rolls) == 1


def test_armourbane_ranged_ARB_6_and_melee_ARB_5() -> None:
    dice = Dice(0, strict=True)
    dice.force(5, 2, 1, 5, 5)
    shot = resolve_attack(dice, attack(6, "Armourbane (Ranged)"), dreadnought(), config=CONFIG)
    assert shot.wounds == 3 and any(t.startswith("ARB-6:") for t in texts(shot.all_reasons, "Armourbane"))
    dice.force(5, 2, 1, 5, 5)
    blow = resolve_attack(dice, attack(6, "Armourbane (Melee)", mode=AttackMode.MELEE), dreadnought(), config=CONFIG)
    assert blow.wounds == 3 and any(t.startswith("ARB-5:") for t in texts(blow.all_reasons, "Armourbane"))


def test_target_situation_is_fed_for_a_dreadnought_unit_and_not_for_infantry() -> None:
    game = battle([squad("blue", 1)], [squad("dread", 1, unit_type="Dreadnought"), squad("red", 2)])
    given = frozenset({Situation.FIRST_ROUND_OF_COMBAT})
    assert damage.target_situation(game, "dread", frozenset()) == MACHINE
    assert damage.target_situation(game, "dread", given) == MACHINE | given
    assert damage.target_situation(game, "red", given) is given
    automata = battle([squad("blue", 1)], [squad("bots", 2, unit_type="Automata")])
    assert damage.target_situation(automata, "bots", frozenset()) == MACHINE


def test_armourbane_a_models_own_rule_joins_its_shooting_attacks() -> None:
    from strategium.combat.declared import declared_for
    from strategium.engine.shooting.plan import _fixed

    model = squad("blue", 1, rules=("Armourbane",)).models[0]
    own = _fixed(model)[2]
    assert [r.name for r in own] == ["Armourbane"]
    plan = declared_for(own, melee=False, situation=frozenset(), vehicle=True)
    assert plan is not None and [b.clause.id for b in plan.penetration] == ["ARB-1"]
    both = declared_for((rule("Armourbane"), *own), melee=False, situation=frozenset(), vehicle=True)
    assert both is not None and [b.clause.id for b in both.penetration] == ["ARB-1"]  # the extra D6 once
    melee_only = squad("red", 1, rules=("Armourbane (Melee)",)).models[0]
    assert declared_for(_fixed(melee_only)[2], melee=False, situation=frozenset(), vehicle=True) is None
