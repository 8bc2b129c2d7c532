"""Damage Mitigation rolls against Wounds that come from no attack (a failed Dangerous Terrain test, Gets Hot).

Feel No Pain (X) (rulebook p.238), Shrouded (X) (p.247) and the Stupefied roll (Exemplary Battles vol.1 p.107)
are each made "when a model suffers an unsaved Wound", whatever inflicted it; the one-roll-per-Wound limit of
p.174 holds as in an attack. What the source of the Wound allows:

- A source that allows "no Saves of any kind" bars Feel No Pain, which its own text calls a special Saving
  Throw, but not Shrouded, whose text says it is no Saving Throw and may be used against such attacks; nor the
  Stupefied roll, which is a Damage Mitigation roll and not called a save.
- A Dangerous Terrain Wound is such a source when ``terrain.dangerous_wound_saves`` is ``no_saves`` (HH2's test
  text was not read: CORE_A §5.3); with ``invulnerable_only`` or ``all`` Feel No Pain is offered too.
- Shrouded's bars for melee attacks and attacks with Ignores Cover or Night Vision concern attacks: none applies
  to terrain. Its bar for a Fearless model stays, and a unit with Fearless gets +1 on the Stupefied roll.
- A vehicle's lost Hull Point from Dangerous Terrain is neither a Wound nor a Glancing or Penetrating Hit, so no
  roll is offered for it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from strategium.army.army import Model
from strategium.catalogue.citations import Reason
from strategium.combat.mitigation import MitigationContext, MitigationPolicy, mitigation_options, roll_mitigation
from strategium.engine.attacks.damage import model_rules
from strategium.engine.core.effects import EffectKind
from strategium.engine.core.events import Ruling

if TYPE_CHECKING:
    from strategium.engine.core.game import Game


def mitigated(
    game: Game,
    unit_id: str,
    model: Model,
    source: str,
    *,
    no_saves: bool,
    ignores_cover: bool = False,
    no_shrouded: Reason | None = None,
) -> bool:
    """Offer the model of ``unit_id`` the Damage Mitigation rolls allowed against one unsaved Wound from
    ``source`` (e.g. "Dangerous Terrain"); make the best one (the default :class:`MitigationPolicy`) and log it.

    ``no_saves``: the source allows no Saves of any kind (bars Feel No Pain); ``ignores_cover``: it bars Shrouded as
    Ignores Cover does; ``no_shrouded``: the ruling of a rule that bars Shrouded (a Gets Hot Wound, p.239). Returns
    True when the roll cancelled the Wound; False when none was offered or it failed. Raises ``DiceError`` as
    :meth:`Dice.d6`.
    """
    from strategium.engine.morale.leadership import is_fearless

    if getattr(model.profile.characteristics, "hp", None) is not None:
        return False
    stupefied = bool(game.effects_on(unit_id, EffectKind.STUPEFIED))
    host = game.state.units[unit_id].joined_to
    if host is not None and not stupefied:
        stupefied = bool(game.effects_on(host, EffectKind.STUPEFIED))
    fearless = stupefied and is_fearless(game, host or unit_id)
    offer = mitigation_options(
        model_rules(game, unit_id, model),
        MitigationContext(no_saves=no_saves, ignores_cover=ignores_cover, no_shrouded=no_shrouded),
        game.state.config,
        stupefied=stupefied,
        unit_fearless=fearless,
    )
    if not offer.options:
        if offer.reasons:
            game.log(Ruling(f"{model.name}: no Damage Mitigation roll against the {source} Wound", offer.reasons))
        return False
    label = f"the {source} Wound on {model.name}"
    outcome = roll_mitigation(game.state.dice, offer, MitigationPolicy(), label=label, who=model.id)
    if outcome.roll is not None:
        game.logged(outcome.roll)
    verdict = "is ignored" if outcome.success else "stands"
    game.log(Ruling(f"{label[0].upper()}{label[1:]} {verdict}", outcome.reasons))
    return outcome.success
