"""Graviton Pulse (Errata and FAQ v1.2 p.2; strategium.combat.to_wound, GP-1, GP-2): forced dice, exact results.

GP-1: a model hit rolls a D6 against its Strength instead of To Wound (``weapon_rules.graviton_pulse_roll``: below,
the default, passes on a roll lower than the Strength; at_or_below on one at most it); a 6 is always a Wound.
GP-2: Vehicles, Dreadnoughts and Automata are wounded as usual.
"""

from __future__ import annotations

from strategium.catalogue.citations import Reason
from strategium.catalogue.registry import RuleRef, find_rule
from strategium.combat.allocation import TargetModel, TargetUnit
from strategium.combat.attack import AttackSpec, resolve_attack
from strategium.config import RulesConfig, parse_overrides
from strategium.dice import Dice
from strategium.engine.core.events import DiceRolled
from strategium.engine.core.timing import Phase
from strategium.engine.shooting.declare import Shoot
from tests.engine.builders_combat import battle, place, squad, to_phase, weapon

CONFIG = RulesConfig()
AT_OR_BELOW = parse_overrides({"weapon_rules": {"graviton_pulse_roll": "at_or_below"}})


def rule(text: str) -> RuleRef:
    found = find_rule(text)
    assert isinstance(found, RuleRef)
    return found


PULSE = rule("Graviton Pulse")


def unit(n: int = 4, *, strength: int = 4, toughness: int = 4, types: frozenset[str] = frozenset()) -> TargetUnit:
    models = tuple(
        TargetModel(f"Legionary {i}", toughness, save=None, strength=strength, unit_types=types)
        for i in range(1, n + 1)
    )
    return TargetUnit("Tactical Squad", models)


def gun(hits: int, strength: int = 1) -> AttackSpec:
    """``hits`` automatic hits (no To Hit roll) of a Graviton Pulse weapon with no save allowed."""
    return AttackSpec("Graviton gun", hits, strength, 1, skill=None, rules=(PULSE,))


def test_graviton_pulse_rolls_against_strength_not_toughness_below_by_default() -> None:
    dice = Dice(0, strict=True)
    dice.force(1, 3, 4, 6)  # against S4 (T8 does not matter): 1 and 3 pass; 4 and 6 are Wounds
    result = resolve_attack(dice, gun(4), unit(toughness=8), config=CONFIG)
    assert (result.wounds, result.unsaved) == (2, 2)
    assert result.rolls[0].reason == "Graviton Pulse: 4 hits, a D6 each under S4 to pass with Graviton gun"
    gp = [r for r in result.reasons if r.rule == "Graviton Pulse"]
    assert gp[0].text.startswith("GP-1") and gp[0].page == 2
    assert any("weapon_rules.graviton_pulse_roll` = below" in r.text for r in result.reasons)


def test_graviton_pulse_at_or_below_passes_on_the_strength_itself() -> None:
    dice = Dice(0, strict=True)
    dice.force(1, 3, 4, 6)
    result = resolve_attack(dice, gun(4), unit(), config=AT_OR_BELOW)
    assert result.wounds == 1  # only the 6


def test_graviton_pulse_a_6_always_fails_even_at_strength_7() -> None:
    dice = Dice(0, strict=True)
    dice.force(6, 5)
    result = resolve_attack(dice, gun(2), unit(strength=7), config=AT_OR_BELOW)
    assert result.wounds == 1


def test_graviton_pulse_dreadnoughts_are_wounded_as_usual_gp_2() -> None:
    dice = Dice(0, strict=True)
    dice.force(5, 6)  # S5 v T7: 6+ to wound
    result = resolve_attack(dice, gun(2, strength=5), unit(2, toughness=7, types=frozenset({"Dreadnought"})))
    assert result.wounds == 1
    assert result.rolls[0].reason.startswith("To Wound: 2 hits S5 vs T7 (6+)")


def test_graviton_pulse_ignores_automata_for_the_strength_of_a_mixed_unit() -> None:
    models = (
        TargetModel("Castellax", 6, save=None, strength=6, unit_types=frozenset({"Automata"})),
        TargetModel("Castellax 2", 6, save=None, strength=6, unit_types=frozenset({"Automata"})),
        TargetModel("Magos", 4, save=None, strength=3),
    )
    dice = Dice(0, strict=True)
    dice.force(3)  # against the Magos's S3: a 3 is a Wound
    result = resolve_attack(dice, gun(1), TargetUnit("Maniple", models), config=CONFIG)
    assert result.wounds == 1


def test_graviton_pulse_a_dagger_strength_weapon_fires_and_rolls_against_the_targets_strength() -> None:
    grav = weapon("Graviton gun", '18"', "†", "4", "Assault 1, Graviton Pulse")
    blue, red = squad("blue", 1, weapons=(grav,)), squad("red", 5)
    game = battle([blue], [red])
    to_phase(game, Phase.SHOOTING)
    place(game, blue, 10, 20)
    place(game, red, 10, 30)
    game.force_dice(4, 5, 2)  # To Hit 4; the D6 against S4: 5, a Wound; Armour Save (3+ v AP4): 2 fails
    events = game.apply(Shoot(1, "blue", "red"))
    reasons = [e.roll.reason for e in events if isinstance(e, DiceRolled)]
    assert reasons[1] == "Graviton Pulse: 1 hits, a D6 each under S4 to pass with Graviton gun"
    assert game.state.units["red"].casualties == ["red.1"]
    assert Reason.of("Graviton Pulse", "x").page == 2
