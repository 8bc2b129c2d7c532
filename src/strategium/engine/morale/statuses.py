"""Status effects that change Characteristics (CORE_B §6.5): Blind (p.236) sets WS and BS to 1 until the end
of the unit's next turn."""

from __future__ import annotations

from typing import TYPE_CHECKING

from strategium.army.army import Model
from strategium.catalogue.citations import Reason
from strategium.engine.core.effects import EffectKind
from strategium.engine.morale.leadership import status_in_force
from strategium.engine.questions.profiles_now import Modifier, effect_modifier_source

if TYPE_CHECKING:
    from strategium.engine.core.game import Game


@effect_modifier_source(EffectKind.BLIND, on_unit=True)
def _blind(game: Game, unit_id: str, model: Model) -> list[Modifier]:
    if not status_in_force(game, unit_id, EffectKind.BLIND):  # Stupefied ignores Blind (STU-2)
        return []
    why = Reason.of("Blind", "a Blinded unit has WS1 and BS1")
    return [Modifier("ws", why, set_to=1), Modifier("bs", why, set_to=1)]
