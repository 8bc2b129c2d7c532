"""``Model.has_rule`` keeps its answers in the model's memo: the same answers as reading the rules."""

from __future__ import annotations

from strategium.army.army import Model, _has
from strategium.catalogue.registry import RuleRef, find_rule
from tests.engine.builders_combat import squad


def test_has_rule_answers_as_the_rules_say_and_again_from_the_memo() -> None:
    model: Model = squad("tac", 1, rules=("Fleet", "Fearless")).models[0]
    names = ("Fleet", "Fearless", "Slow and Purposeful", "Relentless")
    first = [model.has_rule(n) for n in names]
    assert first == [_has(model.rules, n) for n in names] == [True, True, False, False]
    assert [model.has_rule(n) for n in names] == first
    fleet = find_rule("Fleet")
    assert isinstance(fleet, RuleRef) and model.rule("Fleet") == fleet
