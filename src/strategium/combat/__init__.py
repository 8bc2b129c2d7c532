"""The attack pipeline: To Hit, To Wound, saves, Damage Mitigation rolls, wound allocation, vehicles.

Pure functions over small frozen values, independent of any game state: the engine translates its state
into an :class:`AttackSpec` and a :class:`TargetUnit` or :class:`TargetVehicle`, passes its
:class:`~strategium.dice.Dice` and :class:`~strategium.config.RulesConfig`, and gets back a result that holds
every roll, every cited ruling and the target afterwards.

Modules: ``tables`` (BS and WS To Hit, S against T To Wound), ``saves``, ``mitigation`` (Feel No Pain,
Shrouded, Stupefied rolls), ``allocation`` (models, Wounds, Instant Death), ``vehicles`` (Armour Penetration,
Hull Points, damage tables, Facing), ``attack`` (a unit of models), ``vehicle_attack`` (a Vehicle or
Building) and ``declared`` (the declared clauses of rules, :mod:`strategium.catalogue.declared`, at the To Hit, To
Wound and Armour Penetration rolls). Each module's docstring says which of its rules are confirmed and which come
from the rules configuration.
"""

from strategium.combat.allocation import TargetModel, TargetUnit
from strategium.combat.attack import AttackMode, AttackResult, AttackSpec, WoundRecord, resolve_attack
from strategium.combat.mitigation import DamageKind, MitigationKind, MitigationOption, MitigationPolicy
from strategium.combat.saves import SaveKind, SaveOption
from strategium.combat.vehicle_attack import VehicleAttackResult, VehicleHitRecord, resolve_attack_on_vehicle
from strategium.combat.vehicles import (
    BuildingDamageResult,
    PenetrationOutcome,
    TargetVehicle,
    VehicleDamageResult,
    choose_facing,
)

__all__ = [
    "AttackMode",
    "AttackResult",
    "AttackSpec",
    "BuildingDamageResult",
    "DamageKind",
    "MitigationKind",
    "MitigationOption",
    "MitigationPolicy",
    "PenetrationOutcome",
    "SaveKind",
    "SaveOption",
    "TargetModel",
    "TargetUnit",
    "TargetVehicle",
    "VehicleAttackResult",
    "VehicleDamageResult",
    "VehicleHitRecord",
    "WoundRecord",
    "choose_facing",
    "resolve_attack",
    "resolve_attack_on_vehicle",
]
