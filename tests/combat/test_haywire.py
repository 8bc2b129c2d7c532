"""Haywire (Horus Heresy Errata and FAQ v1.2 p.3; strategium.combat.haywire, HW-1..HW-3): forced dice, exact
results. Against a unit with a Vehicle, Dreadnought or Automata model each hit rolls a D6 instead of To Wound or
Armour Penetration: 1 nothing; 2-5 a Glancing Hit on a Vehicle, else 1 Wound allowing only an Invulnerable Save or
Damage Mitigation; 6 a Penetrating Hit on a Vehicle, 1 Wound on a Dreadnought or Automata with no save nor Damage
Mitigation (a 6 on another model: ``weapon_rules.haywire_six_other_models``)."""

from __future__ import annotations

from strategium.catalogue.definitions import ImplementationStatus
from strategium.catalogue.registry import RuleRef, find_rule, get_rule_def
from strategium.catalogue.status_gaps import GAPS
from strategium.combat.allocation import TargetModel, TargetUnit
from strategium.combat.attack import AttackSpec, resolve_attack
from strategium.combat.vehicle_attack import resolve_attack_on_vehicle
from strategium.combat.vehicles import PenetrationOutcome, TargetVehicle
from strategium.config import RulesConfig, parse_overrides
from strategium.dice import Dice

CONFIG = RulesConfig()
SIX_NO_SAVES = parse_overrides({"weapon_rules": {"haywire_six_other_models": "no_saves"}})
DREAD = frozenset({"Dreadnought"})


def rule(text: str) -> RuleRef:
    found = find_rule(text)
    assert isinstance(found, RuleRef)
    return found


HAYWIRE = rule("Haywire")
FNP = rule("Feel No Pain (5+)")


def grenades(hits: int, ap: int | None = 2) -> AttackSpec:
    """``hits`` automatic hits of a Strength 2 Haywire weapon (AP 2: it would pierce every armour save)."""
    return AttackSpec("Haywire grenade", hits, 2, ap, skill=None, rules=(HAYWIRE,), attacker="Blue")


def dreadnoughts(n: int = 1, *, invulnerable: int | None = 5, rules: tuple[RuleRef, ...] = ()) -> TargetUnit:
    models = tuple(
        TargetModel(
            f"Contemptor {i}", 7, wounds=6, save=2, invulnerable_save=invulnerable, rules=rules, unit_types=DREAD
        )
        for i in range(1, n + 1)
    )
    return TargetUnit("Contemptor Talon", models)


def test_haywire_is_implemented_without_a_gap() -> None:
    definition = get_rule_def("Haywire")
    assert (definition.status, definition.page) == (ImplementationStatus.IMPLEMENTED, 3)
    assert "Haywire" not in GAPS


def test_haywire_on_a_vehicle_1_nothing_2_to_5_glancing_6_penetrating() -> None:
    dice = Dice(0, strict=True)
    dice.force(1, 2, 5, 6, 3)  # four hits: 1, 2, 5, 6; then the Penetrating Hit's damage roll (3)
    attack = AttackSpec("Haywire grenade", 4, 2, None, skill=None, rules=(HAYWIRE,), attacker="Blue")
    result = resolve_attack_on_vehicle(dice, attack, TargetVehicle("Land Raider", armour=14, hull_points=5))
    outcomes = [r.outcome for r in result.records]
    assert outcomes == [
        PenetrationOutcome.NONE,
        PenetrationOutcome.GLANCING,
        PenetrationOutcome.GLANCING,
        PenetrationOutcome.PENETRATING,
    ]
    # S2 against Armour 14 could never penetrate: the Haywire die alone decides
    assert (result.glancing, result.penetrating, result.hull_points_lost) == (2, 1, 3)
    assert [r.reason for r in result.rolls[:4]] == [f"Haywire: hit {n} of 4" for n in range(1, 5)]


def test_haywire_on_a_vehicle_allows_its_invulnerable_save() -> None:
    dice = Dice(0, strict=True)
    dice.force(4, 5)  # a Glancing Hit; the 5+ Invulnerable Save rolls 5: saved
    target = TargetVehicle("Rhino", armour=11, hull_points=3, invulnerable_save=5)
    result = resolve_attack_on_vehicle(dice, grenades(1, None), target)
    assert result.records[0].saved and result.hull_points_lost == 0


def test_haywire_2_to_5_on_a_dreadnought_allows_only_the_invulnerable_save() -> None:
    dice = Dice(0, strict=True)
    dice.force(3, 4, 4, 2)  # two 2-5 results; the 2+ armour is not taken: the 5+ Invulnerable Save fails twice
    result = resolve_attack(dice, grenades(2), dreadnoughts(), config=CONFIG)
    assert (result.wounds, result.unsaved, result.wounds_lost) == (2, 2, 2)
    assert [str(r.save) for r in result.records] == ["Invulnerable Save (5+)"] * 2
    assert any(r.text.startswith("HW-2") for r in result.all_reasons)


def test_haywire_6_on_a_dreadnought_allows_no_save_nor_feel_no_pain() -> None:
    dice = Dice(0, strict=True)
    dice.force(6)  # a 6: no save, no Feel No Pain roll (strict dice: any further die would fail the test)
    result = resolve_attack(dice, grenades(1), dreadnoughts(rules=(FNP,)), config=CONFIG)
    record = result.records[0]
    assert (record.save, record.saved, record.wounds_lost) == (None, False, 1)
    assert record.mitigation is not None and record.mitigation.roll is None
    assert len(result.rolls) == 1


def test_haywire_2_to_5_allows_feel_no_pain() -> None:
    dice = Dice(0, strict=True)
    dice.force(2, 5)  # a 2-5 against no Invulnerable Save; Feel No Pain (5+) rolls 5: the Wound is ignored
    result = resolve_attack(dice, grenades(1), dreadnoughts(invulnerable=None, rules=(FNP,)), config=CONFIG)
    record = result.records[0]
    assert record.save is None and record.mitigation is not None and record.mitigation.success
    assert record.wounds_lost == 0


def test_haywire_1_does_nothing_and_ap_plays_no_part() -> None:
    dice = Dice(0, strict=True)
    dice.force(1, 1)
    result = resolve_attack(dice, grenades(2, ap=1), dreadnoughts(), config=CONFIG)
    assert (result.wounds, result.records) == (0, ())


def test_haywire_on_a_unit_without_those_types_wounds_as_usual() -> None:
    dice = Dice(0, strict=True)
    dice.force(6, 5)  # S2 vs T4: a 6 wounds, a 5 does not; no save
    men = TargetUnit("Tactical Squad", tuple(TargetModel(f"Legionary {i}", 4) for i in (1, 2)))
    result = resolve_attack(dice, grenades(2), men, config=CONFIG)
    assert result.wounds == 1
    assert result.rolls[0].reason.startswith("To Wound")


def test_haywire_6_on_another_model_of_the_unit_follows_the_setting() -> None:
    # a Legionary (3+ armour, 4+ invulnerable) first in a unit with a Dreadnought: a 6 on him
    men = (TargetModel("Legionary", 4, save=3, invulnerable_save=4), *dreadnoughts().models)
    unit = TargetUnit("Mixed", men)
    dice = Dice(0, strict=True)
    dice.force(6, 4)  # default: as a 2-5, only the 4+ Invulnerable Save: 4 saves
    result = resolve_attack(dice, grenades(1), unit, config=CONFIG)
    assert result.records[0].saved and str(result.records[0].save) == "Invulnerable Save (4+)"
    assert any("haywire_six_other_models` = invulnerable" in r.text for r in result.all_reasons)
    dice = Dice(0, strict=True)
    dice.force(6)  # no_saves: no save at all
    result = resolve_attack(dice, grenades(1), unit, config=SIX_NO_SAVES)
    assert (result.records[0].save, result.records[0].wounds_lost) == (None, 1)
