"""What a unit that Regrouped this turn may do (Age of Darkness rulebook p.193, Regroup; CORE_B §6.3).

A Falling Back unit that passes its Regroup test at the start of its controller's Movement phase
(:func:`strategium.engine.morale.checks.regroup`) gets a ``REGROUPED`` effect until the end of that Player Turn and
:class:`Regrouped` is logged. HH2 confirms that restrictions exist (a Legion trait lets a unit "shoot and charge
normally" after Regrouping) but they were not read; the 7th-edition ones are played, each a setting:

- **No Charge** that turn (``morale.regrouped_may_charge``, default False): ``Query.MAY_CHARGE`` block
  ``regrouped``.
- **The Regroup move** (``morale.regroup_move``, 3"): the unit's move in that Movement phase is its Regroup move, at
  most that many inches (whole inches: its Movement Characteristic is set to that value, if lower, in the Movement
  phase only, so the Charge Distance's Movement band is not touched), and it may not Run (``Query.MAY_RUN`` block
  ``regrouped``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from strategium.army.army import Model
from strategium.catalogue.citations import Reason
from strategium.combat.sources import configured
from strategium.engine.core.effects import EffectKind
from strategium.engine.core.events import Event
from strategium.engine.core.timing import Phase
from strategium.engine.questions.profiles_now import Modifier, effect_modifier_source
from strategium.engine.questions.queries import Block, Query, blocker

if TYPE_CHECKING:
    from strategium.engine.core.game import Game

REGROUP = "Regroup"
REGROUP_PAGE = 193


@dataclass(frozen=True)
class Regrouped(Event):
    """A Falling Back unit passed its Regroup test (or passed it automatically) and Regroups."""

    unit_id: str
    unit_name: str
    why: tuple[Reason, ...] = ()

    def text(self) -> str:
        return f"{self.unit_name} Regroups"

    @property
    def reasons(self) -> tuple[Reason, ...]:
        return self.why


def regrouped(game: Game, unit_id: str) -> bool:
    """The unit (or the unit its character joined) Regrouped this Player Turn."""
    host = game.state.units[unit_id].joined_to or unit_id
    return bool(game.effects_on(unit_id, EffectKind.REGROUPED) or game.effects_on(host, EffectKind.REGROUPED))


@blocker(Query.MAY_CHARGE)
def _regrouped_no_charge(game: Game, unit_id: str) -> Block | None:
    config = game.state.config
    if config.morale.regrouped_may_charge or not regrouped(game, unit_id):
        return None
    text = "a unit that Regrouped this turn may not declare a Charge"
    return Block("regrouped", configured(config, "morale.regrouped_may_charge", text))


@blocker(Query.MAY_RUN)
def _regrouped_no_run(game: Game, unit_id: str) -> Block | None:
    if not regrouped(game, unit_id):
        return None
    config = game.state.config
    text = f'its move this phase is the Regroup move (at most {config.morale.regroup_move:g}"): it may not Run'
    return Block("regrouped", configured(config, "morale.regroup_move", text))


@effect_modifier_source(EffectKind.REGROUPED, on_unit=True)
def _regroup_move(game: Game, unit_id: str, model: Model) -> list[Modifier]:
    if game.state.clock.phase is not Phase.MOVEMENT or not regrouped(game, unit_id):
        return []
    inches = game.state.config.morale.regroup_move
    own = getattr(model.profile.characteristics, "m", None)
    cap = math.floor(inches) if own is None else min(own, math.floor(inches))
    text = f'the Regroup move: at most {inches:g}" this Movement phase'
    return [Modifier("m", configured(game.state.config, "morale.regroup_move", text), set_to=cap)]
