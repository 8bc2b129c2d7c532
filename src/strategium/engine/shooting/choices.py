"""Choices players make inside a Shooting Attack: which weapon each model fires, and which Damage Mitigation roll
the target's models take when several are offered.

- **Weapons** (rulebook p.166, the Shooting sequence: the controlling player picks the weapons; CORE_B §1.2): a
  :class:`ChosenWeapons` names, per model id, the weapons it fires. Every other weapon of that model is refused
  (the plan's usual limits still apply: a non-Vehicle model fires one weapon, Ordnance alone, ...); models not named
  fire as the plan picks (their first weapon that can fire). A chosen weapon that cannot fire (out of range, ...)
  leaves the model without a shot: the choice stands.
- **Damage Mitigation** (rulebook p.174: one roll per Wound or Hit, the controller picks which when several are
  offered): :func:`mitigation_policy` turns the choice's name (``Feel No Pain``, ``Shrouded``, ``Stupefied``, or
  ``none`` for no roll at all) into the :class:`~strategium.combat.mitigation.MitigationPolicy` the attack pipeline
  takes; without a choice the best chance is taken.

Both are values carried by the :class:`~strategium.engine.shooting.declare.Shoot` action (so a recorded game replays
them).
"""

from __future__ import annotations

from dataclasses import dataclass

from strategium.army.army import Model
from strategium.catalogue.citations import Reason
from strategium.combat.mitigation import MitigationKind, MitigationPolicy
from strategium.engine.shooting.plan import SEQUENCE, FilterValue, rule_of
from strategium.model.weapons import WeaponProfile

NO_MITIGATION = "none"
"""The name of the choice to make no Damage Mitigation roll."""


@dataclass(frozen=True)
class ChosenWeapons(FilterValue):
    """Per model id, the names of the weapons it fires (others of its weapons are refused)."""

    choices: tuple[tuple[str, tuple[str, ...]], ...]

    def __call__(self, model: Model, weapon: WeaponProfile) -> Reason | None:
        chosen = next((names for model_id, names in self.choices if model_id == model.id), None)
        if chosen is None or weapon.name in chosen:
            return None
        return rule_of(SEQUENCE, f"{model.name} fires {', '.join(chosen)}, not {weapon.name}: its controller's choice")


def mitigation_policy(choice: str | None) -> MitigationPolicy:
    """The policy for a Damage Mitigation choice (None: the best chance). Raises ``ValueError`` for another name."""
    if choice is None:
        return MitigationPolicy()
    if choice == NO_MITIGATION:
        return MitigationPolicy(decline=True)
    return MitigationPolicy(prefer=(MitigationKind(choice),))
