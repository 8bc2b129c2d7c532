"""Grav Wave (Liber Mechanicum p.104; carried by graviton weapons of the Mechanicum, a ranged weapon's rule).

Paraphrase of what is implemented, on the engine's Disordered Charge causes
(:func:`strategium.engine.assault.charges.disorder_cause`):

- GRW-1: a Charge at a unit containing a model (on the table, its joined characters included) that carries a weapon
  with Grav Wave is Disordered (p.182: no Furious Charge, Rage, Sudden Strike, and by the setting
  ``charge.disordered_loses_charge_attack`` no +1 Attack for charging). The rule names only successful Charges; a
  failed Charge has no effects that Disordered would remove, so the cause is asked of every Charge.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from strategium.catalogue.citations import Reason
from strategium.engine.assault.charges import disorder_cause
from strategium.engine.attacks import damage
from strategium.engine.core.board import ChargeRecord

if TYPE_CHECKING:
    from strategium.engine.core.game import Game

RULE = "Grav Wave"


@disorder_cause
def _charge_at_a_grav_wave_unit(game: Game, record: ChargeRecord, declaring: bool) -> Reason | None:
    for target in record.targets:
        for _, model in damage.living(game, target):
            carried = next(
                (w for w in model.weapons if any(getattr(r, "name", None) == RULE for r in w.type.rules)), None
            )
            if carried is not None:
                name = game.state.unit(target).name
                return Reason.of(RULE, f"GRW-1: a Charge at {name}, whose {model.name} carries {carried.name}")
    return None
