"""``damage.own_rules`` (kept in the model's memo) and ``model_rules``: the same rules as read from the model."""

from __future__ import annotations

from strategium.catalogue.citations import Reason
from strategium.catalogue.registry import RuleRef, find_rule
from strategium.engine.attacks.damage import model_rules, own_rules
from strategium.engine.core.effects import Duration, EffectKind
from tests.engine.builders import unit
from tests.engine.morale.test_morale import battle


def test_own_rules_are_the_model_s_rule_refs_in_order_and_kept() -> None:
    model = unit("x", rules=("Fearless", "Stubborn")).models[0]  # type: ignore[attr-defined]
    expected = tuple(r for r in model.rules if isinstance(r, RuleRef))
    assert own_rules(model) == expected and [r.name for r in expected][:2] == ["Fearless", "Stubborn"]
    assert own_rules(model) is own_rules(model)


def test_model_rules_add_the_rules_granted_now() -> None:
    game = battle()
    model = game.state.unit("a1").models[0]
    assert model_rules(game, "a1", model) == own_rules(model)
    granted = find_rule("Feel No Pain (5+)")
    assert isinstance(granted, RuleRef)
    why = Reason("Test", "test")
    game.add_effect(EffectKind.GRANTS_RULE, "a1", Duration.UNTIL_END_OF_TURN, why, rule=granted)
    assert model_rules(game, "a1", model) == (*own_rules(model), granted)
