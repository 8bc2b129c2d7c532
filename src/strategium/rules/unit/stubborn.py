"""Stubborn (Age of Darkness rulebook p.248; CORE_B §6.1 and §6.5).

Paraphrase of what is implemented, as a :func:`strategium.engine.morale.leadership.leadership_modifier`:

- a unit with one or more living models with Stubborn ignores negative Leadership modifiers when it takes a Morale
  check or a Pinning test (today: the combat result penalty ``morale.combat_ld_penalty`` on the loser's Morale
  check, and Shell Shock (X) on a Pinning test); the test's ruling cites Stubborn;
- a Stubborn Independent Character joined to a unit makes the unit Stubborn while it stays joined, and a unit that
  gained Stubborn from an effect in force (``EffectKind.GRANTS_RULE``) is Stubborn (Independent Character, p.241,
  CORE_A §1.5: Stubborn is the example of a rule an Independent Character shares);
- Regroup tests and other Leadership tests (Concussive (X)) keep their modifiers;
- a unit that is also Fearless uses Fearless: the engine passes its Morale checks and Pinning tests before any roll,
  so this rule is never asked.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from strategium.catalogue.citations import Reason
from strategium.engine.core.effects import EffectKind
from strategium.engine.morale.leadership import LeadershipTest, leadership_modifier, living_models

if TYPE_CHECKING:
    from strategium.engine.core.game import Game

RULE = "Stubborn"
TESTS = frozenset({LeadershipTest.MORALE_CHECK, LeadershipTest.PINNING_TEST})
"""The tests whose negative modifiers Stubborn ignores."""


def is_stubborn(game: Game, unit_id: str) -> bool:
    """The unit counts as Stubborn: a living model of it or of a character joined to it has the rule, or one of
    those units gained it from an effect in force."""
    state = game.state
    for unit in (state.unit(unit_id), *state.characters_joined_to(unit_id)):
        alive = set(living_models(game, unit.id))
        if not alive:
            continue
        if any(m.id in alive and m.has_rule(RULE) for m in unit.models):
            return True
        granted = game.effects_on(unit.id, EffectKind.GRANTS_RULE)
        if any(e.rule is not None and e.rule.name == RULE for e in granted):
            return True
    return False


@leadership_modifier
def _ignores_negative_modifiers(
    game: Game, unit_id: str, test: LeadershipTest, modifier: int
) -> tuple[int, Reason] | None:
    if modifier >= 0 or test not in TESTS or not is_stubborn(game, unit_id):
        return None
    return 0, Reason.of(RULE, f"ignores the {modifier} Leadership modifier on its {test}")
