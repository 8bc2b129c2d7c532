"""strategium.combat.attack: the steps of one attack group against a unit, with forced dice."""

from __future__ import annotations

import pytest

from strategium.combat.allocation import TargetModel, TargetUnit
from strategium.combat.attack import AttackMode, AttackSpec, resolve_attack
from strategium.combat.saves import SaveKind
from strategium.config import RulesConfig
from strategium.dice import Dice
from strategium.errors import InputError

CONFIG = RulesConfig()


def tactical_squad(n: int = 10) -> TargetUnit:
    models = tuple(TargetModel(f"Legionary {i}", 4, save=3, weapon_skill=4) for i in range(1, n + 1))
    return TargetUnit("Tactical Squad", models)


BOLTERS = AttackSpec("Bolter", 10, 4, 5, skill=4, attacker="Blue")


def test_ten_bolters_step_by_step() -> None:
    dice = Dice(0, strict=True)
    hit_faces = (1, 2, 3, 4, 5, 6, 3, 2, 6, 1)  # 3+ : 6 hits
    wound_faces = (4, 3, 6, 1, 5, 2)  # 4+ : 3 wounds
    save_faces = (3, 2, 1)  # 3+ : saved, failed, failed
    dice.force(*hit_faces, *wound_faces, *save_faces)
    result = resolve_attack(dice, BOLTERS, tactical_squad(), config=CONFIG)
    assert (result.hits, result.wounds, result.saved, result.unsaved, result.wounds_lost) == (6, 3, 1, 2, 2)
    assert result.models_removed == ("Legionary 1", "Legionary 2")
    assert [str(r) for r in result.rolls] == [
        "To Hit: 10 shots BS4 (3+) with Bolter (Blue): 10D6 [1*, 2*, 3*, 4*, 5*, 6*, 3*, 2*, 6*, 1*] = 33",
        "To Wound: 6 hits S4 vs T4 (4+) with Bolter (Blue): 6D6 [4*, 3*, 6*, 1*, 5*, 2*] = 21",
        "Armour Save (3+): Wound 1 on Legionary 1: D6 [3*] = 3",
        "Armour Save (3+): Wound 2 on Legionary 1: D6 [2*] = 2",
        "Armour Save (3+): Wound 3 on Legionary 2: D6 [1*] = 1",
    ]
    assert [m.removed for m in result.target.models][:3] == [True, True, False]
    assert result.reasons[0].page == 166
    assert [r.text for r in result.reasons[1:3]] == [
        "To Hit: 10 shots BS4 (3+): 6 hit",
        "To Wound: 6 hits S4 vs T4 (4+): 3 wound",
    ]


def test_bs7_rerolls_misses_on_5_plus() -> None:
    dice = Dice(0, strict=True)
    # To Hit 2+: only the 2 hits; the two 1s are re-rolled needing 5+: the 5 hits, the 4 misses.
    # Then two To Wound rolls of 6 and two 2+ saves of 6.
    dice.force(1, 1, 2, 5, 4, 6, 6, 6, 6)
    attack = AttackSpec("Bolter", 3, 4, 5, skill=7)
    unit = TargetUnit("Squad", (TargetModel("A", 4, save=2), TargetModel("B", 4, save=2)))
    result = resolve_attack(dice, attack, unit, config=CONFIG)
    assert result.hits == 2
    assert str(result.rolls[1]) == "To Hit re-roll: 2 misses BS7 (5+): 2D6 [5*, 4*] = 9"


def test_snap_shots_hit_only_on_6() -> None:
    dice = Dice(0, strict=True)
    dice.force(5, 6, 5, 1)  # BS1: only the 6 hits; the wound roll of 1 fails
    attack = AttackSpec("Bolter", 3, 4, 5, skill=4, snap_shots=True)
    result = resolve_attack(dice, attack, tactical_squad(), config=CONFIG)
    assert (result.hits, result.wounds) == (1, 0)
    assert result.reasons[1].rule == "shooting.snap_shot_bs"


def test_strength_too_low_makes_no_wound_roll() -> None:
    dice = Dice(0, strict=True)
    dice.force(6, 6)
    unit = TargetUnit("Automata", (TargetModel("Castellax", 7, wounds=4, save=3),))
    result = resolve_attack(dice, AttackSpec("Laspistol", 2, 3, None, skill=4), unit, config=CONFIG)
    assert (result.hits, result.wounds) == (2, 0)
    assert result.reasons[-1].text == "S3 cannot wound T7"
    assert len(dice.log) == 1


def test_melee_uses_ws_against_the_majority_ws() -> None:
    dice = Dice(0, strict=True)
    dice.force(3, 2, 4, 4, 1, 1)  # WS5 vs WS4 hits on 3+: 2 hits; wound 4+ twice; two failed saves
    attack = AttackSpec("Power sword", 3, 4, 3, mode=AttackMode.MELEE, skill=5)
    result = resolve_attack(dice, attack, tactical_squad(), config=CONFIG)
    assert result.hits == 2
    assert str(result.rolls[0]).startswith("To Hit: 3 attacks WS5 vs WS4 (3+) with Power sword")
    assert result.saved == 0 and result.records[0].save is None  # AP3 denies 3+


def test_cover_save_taken_unless_ignores_cover() -> None:
    unit = TargetUnit("Militia", (TargetModel("Trooper", 3, save=5, cover_save=4),))
    dice = Dice(0, strict=True)
    dice.force(6, 4)
    result = resolve_attack(dice, AttackSpec("Bolter", 1, 4, 5), unit, config=CONFIG)
    record = result.records[0]
    assert record.save is not None and record.save.kind is SaveKind.COVER and record.saved
    dice.force(6, 4)  # same again: preferring Armour changes nothing, AP5 denies the 5+ Armour Save
    pref = resolve_attack(dice, AttackSpec("Bolter", 1, 4, 5), unit, config=CONFIG, save_preference=SaveKind.ARMOUR)
    assert pref.records[0].save is not None and pref.records[0].save.kind is SaveKind.COVER


def test_bad_attacks_are_input_errors() -> None:
    with pytest.raises(InputError, match="count must be"):
        AttackSpec("Bolter", 0, 4, 5)
    with pytest.raises(InputError, match="AP must be"):
        AttackSpec("Bolter", 1, 4, 0)
    gone = TargetUnit("Gone", (TargetModel("A", 4, lost=1),))
    with pytest.raises(InputError, match="has no models left"):
        resolve_attack(Dice(0), BOLTERS, gone, config=CONFIG)
    no_ws = TargetUnit("Drones", (TargetModel("Drone", 4),))
    with pytest.raises(InputError, match="no Weapon Skill"):
        resolve_attack(Dice(0), AttackSpec("Sword", 1, 4, None, mode=AttackMode.MELEE, skill=4), no_ws, config=CONFIG)
