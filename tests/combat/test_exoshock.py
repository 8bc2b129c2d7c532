"""Exoshock (X) (rulebook p.237): after a Penetrating Hit, a D6 of X or more (6+ without a value) adds an automatic
Penetrating Hit on the same target, without Cover Saves and without the weapon's other rules
(:func:`strategium.combat.vehicle_attack._exoshock`). Forced dice, exact results."""

from __future__ import annotations

from strategium.catalogue.registry import RuleRef, find_rule
from strategium.combat.attack import AttackSpec
from strategium.combat.vehicle_attack import resolve_attack_on_vehicle
from strategium.combat.vehicles import PenetrationOutcome, TargetVehicle
from strategium.config import RulesConfig
from strategium.dice import Dice

CONFIG = RulesConfig()


def rule(text: str) -> RuleRef:
    found = find_rule(text)
    assert isinstance(found, RuleRef)
    return found


def gun(text: str = "Exoshock (4+)") -> AttackSpec:
    """One automatic hit, S8 AP 3."""
    return AttackSpec("Exoshock cannon", 1, 8, 3, rules=(rule(text),), attacker="Blue")


def tank(cover: int | None = 4) -> TargetVehicle:
    return TargetVehicle("Rhino", armour=10, hull_points=10, cover_save=cover)


def test_exoshock_a_penetrating_hit_and_a_four_add_a_second_penetrating_hit_without_cover() -> None:
    dice = Dice(0, strict=True)
    # Penetration 3 + 8 = 11 > 10; its 4+ cover save rolls 1; Exoshock 4: a second Penetrating Hit, no cover
    # save; Damage rolls 1 and 1.
    dice.force(3, 1, 4, 1, 1)
    result = resolve_attack_on_vehicle(dice, gun(), tank(), config=CONFIG)
    assert [r.outcome for r in result.records] == [PenetrationOutcome.PENETRATING, PenetrationOutcome.PENETRATING]
    assert [r.save_roll is not None for r in result.records] == [True, False]
    assert result.penetrating == 2 and result.hull_points_lost >= 2
    assert any(r.rule == "Exoshock" for r in result.records[1].reasons)
    assert dice.pending_forced == ()


def test_exoshock_a_three_adds_nothing() -> None:
    dice = Dice(0, strict=True)
    dice.force(3, 1, 3, 1)  # Penetrating; cover save 1 fails; Exoshock 3 < 4: nothing; Damage roll 1
    result = resolve_attack_on_vehicle(dice, gun(), tank(), config=CONFIG)
    assert len(result.records) == 1 and result.penetrating == 1
    assert dice.pending_forced == ()


def test_exoshock_without_a_value_needs_a_six_and_a_glancing_hit_rolls_nothing() -> None:
    dice = Dice(0, strict=True)
    dice.force(3, 5, 1)  # Penetrating; Exoshock (6+) 5: nothing; Damage roll 1 (no cover)
    result = resolve_attack_on_vehicle(dice, gun("Exoshock"), tank(None), config=CONFIG)
    assert len(result.records) == 1
    dice.force(2, 1)  # 2 + 8 = 10 against 10: Glancing, no Exoshock roll; (Glancing damage roll per the default)
    glance = resolve_attack_on_vehicle(dice, gun(), tank(None), config=CONFIG)
    assert [r.outcome for r in glance.records] == [PenetrationOutcome.GLANCING]


def test_exoshock_setting_after_saves_a_saved_penetrating_hit_rolls_nothing() -> None:
    from strategium.config.loading import parse_overrides

    after = parse_overrides({"weapon_rules": {"exoshock_after_saves": True}})
    dice = Dice(0, strict=True)
    dice.force(3, 5)  # Penetrating; the 4+ cover save 5: saved, so no Exoshock roll (by default it would roll)
    result = resolve_attack_on_vehicle(dice, gun(), tank(), config=after)
    assert len(result.records) == 1 and result.records[0].saved
    assert dice.pending_forced == ()
    dice.force(3, 5, 4, 1)  # by default: the saved hit still rolls Exoshock (4): a second hit, Damage roll 1
    default = resolve_attack_on_vehicle(dice, gun(), tank(), config=CONFIG)
    assert len(default.records) == 2
    assert any("exoshock_after_saves" in r.text for r in default.records[1].reasons)
