"""Damage Mitigation rolls (rulebook p.174): Feel No Pain, Shrouded, Stupefied; seed clauses STU-6 and MCM-1,
and the RULINGS cases MIL-01, MIL-03, STU-03, STU-04, EDI-03 as far as they concern the roll itself."""

from __future__ import annotations

from fractions import Fraction

from strategium.catalogue.registry import RuleRef, find_rule
from strategium.combat.allocation import TargetModel, TargetUnit
from strategium.combat.attack import AttackMode, AttackSpec, resolve_attack
from strategium.combat.mitigation import (
    DamageKind,
    MitigationContext,
    MitigationKind,
    MitigationOption,
    MitigationPolicy,
    choose_mitigation,
    mitigation_options,
)
from strategium.config import RulesConfig
from strategium.dice import Dice

CONFIG = RulesConfig()


def rule(text: str) -> RuleRef:
    entry = find_rule(text)
    assert isinstance(entry, RuleRef), text
    return entry


def squad(
    n: int, *rules: str, save: int | None = 5, toughness: int = 3, stupefied: bool = False, bonus: int = 0
) -> TargetUnit:
    refs = tuple(rule(r) for r in rules)
    models = tuple(TargetModel(f"Trooper {i + 1}", toughness, save=save, rules=refs) for i in range(n))
    return TargetUnit("Target Squad", models, stupefied=stupefied, stupefied_bonus=bonus)


def bolters(count: int, **values: object) -> AttackSpec:
    return AttackSpec("Bolter", count, 4, 5, skill=4, **values)  # type: ignore[arg-type]


def mitigation_rolls(dice: Dice) -> list[tuple[str, int]]:
    return [(r.reason.split(":")[0], r.total) for r in dice.log if "Wound " in r.reason and "Save" not in r.reason]


# ----------------------------------------------------------------------------------------- MIL-01, MCM-1


def test_MIL_01_shrouded_5_from_running_ignores_wounds_on_5_and_6() -> None:
    """MIL-01 / MCM-1: 4 unsaved bolter Wounds on a Shrouded (5+) unit; rolls 5, 2, 6, 4: two Wounds applied."""
    dice = Dice(0, strict=True)
    # To Hit 4 x 3 (BS4 hits on 3+); To Wound S4 vs T3 on 3+; AP5 denies the 5+ save; Shrouded rolls 5, 2, 6, 4.
    dice.force(3, 3, 3, 3, 6, 6, 6, 6, 5, 2, 6, 4)
    result = resolve_attack(dice, bolters(4), squad(5, "Shrouded (5+)"), config=CONFIG)
    assert (result.hits, result.wounds, result.unsaved, result.mitigated, result.wounds_lost) == (4, 4, 4, 2, 2)
    assert [r.mitigated for r in result.records] == [True, False, True, False]
    assert result.models_removed == ("Trooper 1", "Trooper 2")
    assert mitigation_rolls(dice) == [
        ("Shrouded (5+)", 5),
        ("Shrouded (5+)", 2),
        ("Shrouded (5+)", 6),
        ("Shrouded (5+)", 4),
    ]
    assert dice.pending_forced == ()
    cited = [r for r in result.all_reasons if r.rule == "Shrouded"]
    assert cited and all(r.page == 247 for r in cited)


def test_MCM_1_granted_shrouded_not_against_melee() -> None:
    """MCM-1: the mount's Shrouded (5+) gives no roll against close combat attacks."""
    dice = Dice(0, strict=True)
    dice.force(6, 6)  # two automatic hits wound on 6s; no save (AP5 vs 5+); no Shrouded roll
    attack = AttackSpec("Chainsword", 2, 4, 5, mode=AttackMode.MELEE)
    result = resolve_attack(dice, attack, squad(5, "Shrouded (5+)"), config=CONFIG)
    assert (result.unsaved, result.mitigated, result.wounds_lost) == (2, 0, 2)
    refusals = [r.text for r in result.all_reasons if r.rule == "Shrouded"]
    assert refusals == ["Shrouded roll (5+) not allowed: the attack is a melee attack"] * 2


def test_MCM_1_granted_shrouded_not_against_ignores_cover() -> None:
    """MCM-1: no Shrouded roll against an attack with Ignores Cover (nor a Template, which has it)."""
    for weapon_rule in ("Ignores Cover", "Template"):
        dice = Dice(0, strict=True)
        dice.force(6)
        attack = AttackSpec("Flamer", 1, 4, 5, rules=(rule(weapon_rule),))
        result = resolve_attack(dice, attack, squad(5, "Shrouded (5+)"), config=CONFIG)
        assert (result.unsaved, result.mitigated, result.wounds_lost) == (1, 0, 1), weapon_rule
        texts = [r.text for r in result.records[0].reasons]
        assert "Shrouded roll (5+) not allowed: the attack has Ignores Cover" in texts


def test_MCM_1_and_MIL_03_fearless_models_make_no_shrouded_roll() -> None:
    """MIL-03 (Sept 2022 FAQ) / MCM-1: a Fearless model with Shrouded (5+) makes no Shrouded roll."""
    dice = Dice(0, strict=True)
    dice.force(3, 3, 6, 6)  # two hits, two wounds, no save allowed, and no Damage Mitigation roll at all
    result = resolve_attack(dice, bolters(2), squad(5, "Shrouded (5+)", "Fearless"), config=CONFIG)
    assert (result.unsaved, result.mitigated, result.wounds_lost) == (2, 0, 2)
    refusal = next(r for r in result.all_reasons if r.rule == "Shrouded")
    assert refusal.text == "Shrouded roll (5+) not allowed: the model is Fearless (Sept 2022 FAQ)"
    assert refusal.citation == "Shrouded (Age of Darkness rulebook p.247)"


def test_several_shrouded_values_the_best_counts() -> None:
    offer = mitigation_options((rule("Shrouded"), rule("Shrouded (5+)")), MitigationContext(), CONFIG)
    assert offer.options == (MitigationOption(MitigationKind.SHROUDED, 5),)


def test_bare_shrouded_uses_the_configured_default() -> None:
    bare = RuleRef("Shrouded")  # no value at all: the rules configuration decides
    offer = mitigation_options(
        (bare,), MitigationContext(), RulesConfig.model_validate({"damage": {"shrouded_default": 4}})
    )
    assert offer.options == (MitigationOption(MitigationKind.SHROUDED, 4),)
    assert offer.reasons[0].rule == "damage.shrouded_default"


def test_shrouded_not_against_night_vision() -> None:
    offer = mitigation_options((rule("Shrouded (4+)"),), MitigationContext(night_vision=True), CONFIG)
    assert offer.options == ()
    assert offer.reasons[0].text.endswith("the attacker has Night Vision")


def test_shrouded_covers_glancing_and_penetrating_hits_but_fnp_does_not() -> None:
    rules = (rule("Shrouded (5+)"), rule("Feel No Pain (4+)"))
    for damage in (DamageKind.GLANCING, DamageKind.PENETRATING):
        offer = mitigation_options(rules, MitigationContext(damage=damage), CONFIG)
        assert offer.options == (MitigationOption(MitigationKind.SHROUDED, 5),)
        assert offer.reasons[0].text == f"Feel No Pain (4+) not allowed against a {damage}"


# ----------------------------------------------------------------------------------------- STU-6, STU-03, STU-04


def test_STU_6_stupefied_roll_needs_a_6() -> None:
    """STU-6: a Stupefied unit rolls a D6 per unsaved Wound, ignoring it on 6+ (5 fails without Fearless)."""
    dice = Dice(0, strict=True)
    dice.force(3, 3, 6, 6, 6, 5)
    result = resolve_attack(dice, bolters(2), squad(5, stupefied=True), config=CONFIG)
    assert [r.mitigated for r in result.records] == [True, False]
    assert result.wounds_lost == 1
    assert mitigation_rolls(dice) == [("Stupefied roll (6+)", 6), ("Stupefied roll (6+)", 5)]
    stu = [r for r in result.all_reasons if r.rule == "Legiones Hereticus (Emperor's Children)"]
    assert stu and all(r.page == 107 and r.text.startswith("STU-6") for r in stu)


def test_STU_6_not_against_instant_death() -> None:
    """STU-6: no Stupefied roll against an attack with Instant Death; S8 against T4 inflicts it too."""
    dice = Dice(0, strict=True)
    dice.force(3, 6)  # S8 AP2 vs T4, 3+ save denied by AP2: no save, no Stupefied roll
    attack = AttackSpec("Lascannon", 1, 8, 2, skill=4)
    unit = TargetUnit("Stupefied Squad", (TargetModel("Sergeant", 4, wounds=2, save=3),), stupefied=True)
    result = resolve_attack(dice, attack, unit, config=CONFIG)
    record = result.records[0]
    assert record.instant_death and record.removed and record.wounds_lost == 2
    assert record.mitigation is not None and record.mitigation.option is None
    texts = [r.text for r in record.reasons]
    assert "STU-6: Stupefied roll not allowed: the Wound inflicts Instant Death" in texts


def test_STU_6_fearless_adds_one_and_twisted_desire_bonus_adds_more() -> None:
    """STU-6: +1 if the unit has Fearless (5+ needed); a further +2 bonus (Twisted Desire) makes it 3+."""
    dice = Dice(0, strict=True)
    dice.force(3, 3, 3, 6, 6, 6, 5, 4, 3)
    result = resolve_attack(dice, bolters(3), squad(5, "Fearless", stupefied=True, bonus=2), config=CONFIG)
    assert [r.mitigated for r in result.records] == [True, True, True]
    option = result.records[0].mitigation.option if result.records[0].mitigation else None
    assert option == MitigationOption(MitigationKind.STUPEFIED, 6, 3)
    assert option is not None and option.chance == Fraction(4, 6)


def test_STU_6_stupefied_roll_also_against_melee() -> None:
    """STU-6 names no melee exception (unlike Shrouded): the roll is made against close combat Wounds."""
    dice = Dice(0, strict=True)
    dice.force(6, 6)
    result = resolve_attack(
        dice, AttackSpec("Fist", 1, 4, 5, mode=AttackMode.MELEE), squad(5, stupefied=True), config=CONFIG
    )
    assert result.records[0].mitigated


def test_STU_03_one_roll_per_wound_fnp_5_chosen_over_stupefied() -> None:
    """STU-03: Stupefied with FNP (5+): FNP is taken (better chance); a failed FNP is not followed by a
    Stupefied roll (strict dice: exactly one roll per Wound)."""
    dice = Dice(0, strict=True)
    dice.force(3, 3, 3, 6, 6, 6, 5, 4, 6)  # 3 unsaved wounds; FNP rolls 5 (ignored), 4 (stands), 6 (ignored)
    result = resolve_attack(dice, bolters(3), squad(5, "Feel No Pain (5+)", stupefied=True), config=CONFIG)
    assert [r.mitigated for r in result.records] == [True, False, True]
    assert result.wounds_lost == 1
    assert mitigation_rolls(dice) == [("Feel No Pain (5+)", 5), ("Feel No Pain (5+)", 4), ("Feel No Pain (5+)", 6)]
    choice = next(r for r in result.all_reasons if r.rule == "Damage Mitigation rolls")
    assert choice.page == 174
    assert choice.text == (
        "takes Feel No Pain (5+) over Stupefied roll (6+): the best chance; one Damage Mitigation roll per Wound or Hit"
    )


def test_STU_03_controller_may_prefer_the_stupefied_roll() -> None:
    dice = Dice(0, strict=True)
    dice.force(3, 6, 5)  # the Stupefied roll of 5 fails and nothing else is rolled
    policy = MitigationPolicy(prefer=(MitigationKind.STUPEFIED,))
    result = resolve_attack(
        dice, bolters(1), squad(5, "Feel No Pain (5+)", stupefied=True), config=CONFIG, mitigation=policy
    )
    assert result.wounds_lost == 1
    assert mitigation_rolls(dice) == [("Stupefied roll (6+)", 5)]
    texts = [r.text for r in result.records[0].reasons]
    assert "STU-6: Stupefied roll (6+) rolled 5: Wound 1 on Trooper 1 stands" in texts
    assert any("the controller's choice" in text for text in texts)


def test_STU_04_stupefied_fearless_unit_rolls_5_plus_and_shrouded_is_not_offered() -> None:
    """STU-04: Stupefied + Fearless + Shrouded (6+): 2 unsaved shooting Wounds, rolls 5 and 4: first ignored."""
    dice = Dice(0, strict=True)
    dice.force(3, 3, 6, 6, 5, 4)
    result = resolve_attack(dice, bolters(2), squad(5, "Fearless", "Shrouded (6+)", stupefied=True), config=CONFIG)
    assert [r.mitigated for r in result.records] == [True, False]
    assert result.wounds_lost == 1
    assert mitigation_rolls(dice) == [
        ("Stupefied roll (6+ with +1, needs 5+)", 5),
        ("Stupefied roll (6+ with +1, needs 5+)", 4),
    ]
    texts = [r.text for r in result.records[0].reasons]
    assert "Shrouded roll (6+) not allowed: the model is Fearless (Sept 2022 FAQ)" in texts
    assert "STU-6: +1 to the Stupefied roll: the unit has Fearless" in texts


# ----------------------------------------------------------------------------------------- EDI-03, FNP, policy


def test_EDI_03_fnp_barred_by_instant_death_and_shrouded_is_a_roll_not_a_cover_save() -> None:
    """EDI-03: FNP is barred by Instant Death; Shrouded is a Damage Mitigation roll after the saves (not +2 cover)."""
    offer = mitigation_options((rule("Feel No Pain (5+)"),), MitigationContext(instant_death=True), CONFIG)
    assert offer.options == ()
    assert offer.reasons[0].text == "Feel No Pain (5+) not allowed: the Wound inflicts Instant Death"
    assert offer.reasons[0].page == 238
    dice = Dice(0, strict=True)
    dice.force(3, 6, 2, 6)  # hit, wound, Armour Save 3+ fails on a 2, then the Shrouded roll of 6
    unit = TargetUnit("Legionaries", (TargetModel("Legionary", 4, save=3, rules=(rule("Shrouded (6+)"),)),))
    result = resolve_attack(dice, AttackSpec("Bolter", 1, 4, 5, skill=4), unit, config=CONFIG)
    record = result.records[0]
    assert (record.saved, record.mitigated) == (False, True)
    assert [r.reason.split(":")[0] for r in dice.log[2:]] == ["Armour Save (3+)", "Shrouded (6+)"]


def test_eternal_warrior_and_instant_death_follow_the_configuration() -> None:
    rules = (rule("Feel No Pain (5+)"), rule("Eternal Warrior"))
    context = MitigationContext(instant_death=True)
    assert mitigation_options(rules, context, CONFIG).options == ()
    lenient = RulesConfig.model_validate({"damage": {"eternal_warrior_mitigates_instant_death": True}})
    offer = mitigation_options(rules, context, lenient)
    assert offer.options == (MitigationOption(MitigationKind.FEEL_NO_PAIN, 5),)
    assert offer.reasons[0].rule == "damage.eternal_warrior_mitigates_instant_death"


def test_choice_policy_best_chance_prefer_and_decline() -> None:
    fnp = MitigationOption(MitigationKind.FEEL_NO_PAIN, 6)
    shrouded = MitigationOption(MitigationKind.SHROUDED, 4)
    assert choose_mitigation((fnp, shrouded), MitigationPolicy())[0] == shrouded
    assert choose_mitigation((fnp, shrouded), MitigationPolicy(prefer=(MitigationKind.FEEL_NO_PAIN,)))[0] == fnp
    assert choose_mitigation((fnp, shrouded), MitigationPolicy(decline=True))[0] is None
    # a preference for a roll not offered falls back to the best chance
    assert choose_mitigation((fnp, shrouded), MitigationPolicy(prefer=(MitigationKind.STUPEFIED,)))[0] == shrouded
    assert choose_mitigation((), MitigationPolicy()) == (None, ())


def test_feel_no_pain_without_a_value_gives_no_roll() -> None:
    offer = mitigation_options((RuleRef("Feel No Pain"),), MitigationContext(), CONFIG)
    assert offer.options == ()
    assert offer.reasons[0].text == "Feel No Pain without a target value gives no roll"
