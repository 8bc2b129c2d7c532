"""Builders for vehicle tests: a vehicle that starts the test with a Vehicle Damage result in force, and a
Rhino armed with given weapons (CORE_B §2.5)."""

from __future__ import annotations

from collections.abc import Sequence

from strategium.army.army import ForceOrgSlot, Model, Unit
from strategium.catalogue.citations import Reason
from strategium.engine.core.effects import Duration, Effect, EffectKind
from strategium.engine.core.game import Game
from strategium.model.characteristics import VehicleCharacteristics
from strategium.model.parsing import parse_unit_type
from strategium.model.profiles import ModelProfile
from strategium.model.weapons import WeaponProfile

RHINO = VehicleCharacteristics(14, 4, 11, 11, 10, 3, 12)
"""M14 BS4, Armour 11/11/10, 3 Hull Points, Transport Capacity 12."""

_LASTING = {
    EffectKind.CREW_SHAKEN: Duration.UNTIL_END_OF_CONTROLLERS_NEXT_TURN,
    EffectKind.CREW_STUNNED: Duration.UNTIL_END_OF_CONTROLLERS_NEXT_TURN,
    EffectKind.IMMOBILISED: Duration.PERMANENT,
    EffectKind.WEAPON_DESTROYED: Duration.PERMANENT,
}


def vehicle(
    uid: str,
    weapons: Sequence[WeaponProfile] = (),
    unit_type: str = "Vehicle (Transport)",
    profile: VehicleCharacteristics = RHINO,
    name: str = "Rhino",
    transport_for: str | None = None,
) -> Unit:
    """One vehicle model ``{uid}.1`` armed with ``weapons``."""
    prof = ModelProfile(name, parse_unit_type(unit_type), profile)
    slot = ForceOrgSlot.DEDICATED_TRANSPORT if transport_for else ForceOrgSlot.HEAVY_SUPPORT
    model = Model(f"{uid}.1", name, prof, weapons=tuple(weapons))
    return Unit(uid, name, slot, (model,), dedicated_transport_for=transport_for)


def start_with(game: Game, unit_id: str, kind: EffectKind, weapon: str | None = None, model: int = 1) -> Effect:
    """Set-up: model ``{unit_id}.{model}`` starts with the Vehicle Damage result ``kind`` in force, lasting as the
    result does (``weapon``: the weapon lost, for Weapon Destroyed)."""
    why = Reason("Vehicle Damage table", f"test set-up: {kind.value}")
    return game.add_effect(kind, unit_id, _LASTING[kind], why, model_id=f"{unit_id}.{model}", weapon=weapon)
