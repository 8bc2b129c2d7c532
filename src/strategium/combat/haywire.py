"""Haywire (Horus Heresy Errata and FAQ v1.2 p.3): against a unit with at least one Vehicle, Dreadnought or Automata
model, each hit rolls one D6 on the Haywire table instead of To Wound or Armour Penetration, and AP does not act on
that roll (paraphrased):

- HW-1: a 1 does nothing.
- HW-2: a 2-5 is a Glancing Hit on a Vehicle, and 1 Wound on any other model, against which only an Invulnerable
  Save and Damage Mitigation rolls may be taken.
- HW-3: a 6 is a Penetrating Hit on a Vehicle, and 1 Wound on a Dreadnought or Automata, against which no save and
  no Damage Mitigation roll may be taken. The text does not say what a 6 does to a model of none of those types in
  such a unit: ``weapon_rules.haywire_six_other_models`` (default: as a 2-5).

The vehicle side is :func:`haywire_penetration` (read by :mod:`strategium.combat.vehicle_attack`), the other side
:func:`roll_haywire` and :func:`haywire_saves` (read by :mod:`strategium.combat.attack`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from strategium.catalogue.citations import Reason
from strategium.combat.sources import configured
from strategium.combat.to_wound import WoundGroup
from strategium.combat.vehicles import Penetration, PenetrationOutcome
from strategium.config import RulesConfig

if TYPE_CHECKING:
    from strategium.combat.allocation import TargetModel, TargetUnit
    from strategium.combat.attack_spec import AttackSpec
    from strategium.dice import Dice, Roll

HAYWIRE = "Haywire"
HAYWIRE_TYPES = frozenset({"Vehicle", "Dreadnought", "Automata"})
"""The Unit Types that make Haywire act on a unit (one model of them is enough)."""
NO_SAVES_TYPES = frozenset({"Dreadnought", "Automata"})
"""The Unit Types a 6 leaves without save nor Damage Mitigation (HW-3)."""

Saves = Literal["all", "invulnerable", "none"]
"""Which saves a Wound allows: every save as usual, only an Invulnerable Save (and Damage Mitigation), or none."""


def haywire_acts(attack: AttackSpec, target: TargetUnit) -> bool:
    """Whether ``attack`` rolls on the Haywire table against ``target``: it has Haywire and one of the target's
    remaining models is a Vehicle, Dreadnought or Automata."""
    return attack.has(HAYWIRE) and any(m.unit_types & HAYWIRE_TYPES for m in target.alive)


def _table(face: int) -> str:
    return "no effect (HW-1)" if face == 1 else ("a 6 (HW-3)" if face == 6 else "a 2-5 (HW-2)")


def roll_haywire(
    dice: Dice, attack: AttackSpec, hits: int, config: RulesConfig | None = None
) -> tuple[tuple[WoundGroup, ...], tuple[Roll, ...], tuple[Reason, ...]]:
    """HW-1..HW-3 against a unit without Vehicles: a D6 per hit instead of To Wound; 2-5 and 6 each a Wound (their
    groups tell :func:`haywire_saves` which saves they allow; AP plays no part). Returns as
    :func:`strategium.combat.to_wound.roll_to_wound`."""
    if hits == 0:
        return (), (), (Reason.of(HAYWIRE, "no hits: no Haywire roll"),)
    roll = dice.roll(hits, 6, reason=f"Haywire: {hits} hits, a D6 each with {attack.name}", who=attack.attacker)
    low = sum(1 for face in roll.results if 2 <= face <= 5)
    six = sum(1 for face in roll.results if face == 6)
    text = f"Haywire (FAQ v1.2 p.3): {hits} hits rolled {list(roll.results)}: {low} result 2-5, {six} result 6"
    why: list[Reason] = [Reason.of(HAYWIRE, text)]
    groups: list[WoundGroup] = []
    if low:
        groups.append(WoundGroup(low, None, haywire=2))
    if six:
        groups.append(WoundGroup(six, None, haywire=6))
    return tuple(groups), (roll,), tuple(why)


def haywire_saves(group: WoundGroup, model: TargetModel, config: RulesConfig) -> tuple[Saves, Reason | None]:
    """The saves a Wound of ``group`` allows ``model``, and why (none for a Wound of no Haywire result)."""
    if group.haywire is None:
        return "all", None
    if group.haywire == 6 and model.unit_types & NO_SAVES_TYPES:
        return "none", Reason.of(HAYWIRE, f"HW-3: a 6 on {model.name}: no save nor Damage Mitigation roll")
    if group.haywire == 6:
        setting = config.weapon_rules.haywire_six_other_models
        saves: Saves = "none" if setting == "no_saves" else "invulnerable"
        said = "no save nor Damage Mitigation" if saves == "none" else "only an Invulnerable Save or Damage Mitigation"
        return saves, configured(config, "weapon_rules.haywire_six_other_models", f"a 6 on {model.name}: {said}")
    return "invulnerable", Reason.of(
        HAYWIRE, f"HW-2: a 2-5 on {model.name}: only an Invulnerable Save or Damage Mitigation roll"
    )


def haywire_penetration(dice: Dice, attack: AttackSpec, strength: int, armour: int, label: str) -> Penetration:
    """HW-1..HW-3 on a Vehicle: one D6 for the hit instead of Armour Penetration: 1 nothing, 2-5 a Glancing Hit, 6
    a Penetrating Hit (the total is the die)."""
    roll = dice.roll(1, 6, reason=f"Haywire: {label}", who=attack.attacker)
    face = roll.total
    outcome = (
        PenetrationOutcome.NONE
        if face == 1
        else (PenetrationOutcome.PENETRATING if face == 6 else PenetrationOutcome.GLANCING)
    )
    why = Reason.of(HAYWIRE, f"Haywire (FAQ v1.2 p.3) rolled {face}: {_table(face)}, not Armour Penetration")
    return Penetration(roll, strength, armour, face, outcome, (why,))
