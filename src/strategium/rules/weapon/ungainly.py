"""Ungainly (Legacies of the Age of Darkness: Imperialis Militia p.41; carried by the Militia's lances).

Paraphrase of what is implemented, on the hooks of :mod:`strategium.engine.assault.melee_choice`:

- UNG-1: a model may fight with an Ungainly weapon only in a turn in which its unit (for a joined character, the
  character's own Charge record) made a successful Charge; a Disordered Charge is still a successful one. Any other
  time (a later round of the combat, or when charged) the weapon is refused: the model fights with its next melee
  weapon, or with a close combat weapon, and the refused weapon is not a second melee weapon (p.177). A unit not
  locked in combat (an agent's estimate before its Charge) is not refused: in the Fight sub-phase every fighting
  unit is locked.
- UNG-2: a model fighting with an Ungainly weapon makes as many attacks as its Attacks characteristic (as modified
  now): no bonus attack for Charging, Rage, Reaping Blow or any other rule that adds attacks. The +1 Attack for a
  second melee weapon (p.177) is a core rule, not a special rule: it is kept or removed by the setting
  ``weapon_rules.ungainly_blocks_second_weapon_attack``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from strategium.army.army import Model
from strategium.catalogue.citations import Reason
from strategium.combat.sources import configured
from strategium.engine.assault.charges import charge_of
from strategium.engine.assault.fighter import second_weapon_bonus
from strategium.engine.assault.melee_choice import melee_attack_cap, melee_refusal, usable_melee
from strategium.engine.questions.profiles_now import current
from strategium.model.weapons import WeaponProfile

if TYPE_CHECKING:
    from strategium.engine.core.game import Game

RULE = "Ungainly"


def is_ungainly(weapon: WeaponProfile | None) -> bool:
    """The weapon has the Ungainly special rule."""
    return weapon is not None and any(getattr(r, "name", None) == RULE for r in weapon.type.rules)


def _charged(game: Game, unit_id: str) -> bool:
    record = charge_of(game, unit_id)
    return record is not None and record.success


@melee_refusal
def _only_on_the_charge(game: Game, unit_id: str, model: Model, weapon: WeaponProfile) -> Reason | None:
    if not is_ungainly(weapon) or _charged(game, unit_id):
        return None
    host = game.state.units[unit_id].joined_to or unit_id
    if not game.state.assault.engaged.get(host):
        return None  # not locked in combat (an agent's estimate before a Charge): not refused
    return Reason.of(
        RULE,
        f"UNG-1: {model.name} may fight with {weapon.name} only in a turn its unit made a successful Charge",
    )


@melee_attack_cap
def _no_bonus_attacks(
    game: Game, unit_id: str, model: Model, weapon: WeaponProfile | None
) -> tuple[int, Reason] | None:
    if not is_ungainly(weapon):
        return None
    assert weapon is not None
    base = getattr(current(game, unit_id, model), "a", None) or 0
    text = f"UNG-2: no bonus attacks with {weapon.name} (its Attacks: {base})"
    why = Reason.of(RULE, text)
    config = game.state.config
    if not config.weapon_rules.ungainly_blocks_second_weapon_attack and second_weapon_bonus(
        usable_melee(game, unit_id, model)[0]
    ):
        base += 1
        text = f"{text} and +1 for a second melee weapon"
        why = configured(config, "weapon_rules.ungainly_blocks_second_weapon_attack", text)
    return base, why
