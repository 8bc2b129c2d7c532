"""A scenario's starting damage and locked combats put into a game (``strategium check``, ``start:``).

:func:`start_damage` sets each model's Wounds (or Hull Points) lost (``wounds_lost`` / ``hull_points_lost`` of a
placement) and puts its Vehicle Damage results in force (``damage_results``); :func:`start_locked` locks units in
combat (``locked_with``) through the engine's own record of combats (:func:`strategium.engine.assault.charges.engage`).

Vehicle Damage results (CORE_B §2.5: Crew Shaken, Crew Stunned, Weapon Destroyed, Immobilised) become whatever the
engine plays them as. A module that plays a result registers how a scenario puts it in force with
:func:`damage_result_starter`; without one, a result whose name is an :class:`EffectKind` value becomes that effect
(duration from :data:`USUAL_DURATIONS`, default ``permanent``). A result the engine does not play at all is an
error naming it (:func:`playable_damage_result`), never silently dropped.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from strategium.catalogue.citations import Reason
from strategium.engine.core.effects import Duration, EffectKind

if TYPE_CHECKING:
    from strategium.engine.core.game import Game

SCENARIO = "Scenario set-up"
VEHICLE_DAMAGE = "Vehicle Damage table"

DamageResultStarter = Callable[["Game", str, str | None, Reason], None]
"""(game, vehicle unit id, the weapon named for Weapon Destroyed or None, the reason to cite) -> puts the result in
force on the vehicle."""

_STARTERS: dict[str, DamageResultStarter] = {}

USUAL_DURATIONS: Mapping[str, Duration] = {
    "Crew Shaken": Duration.UNTIL_END_OF_CONTROLLERS_NEXT_TURN,
    "Crew Stunned": Duration.UNTIL_END_OF_CONTROLLERS_NEXT_TURN,
}
"""How long a result made an effect of its own name lasts when the scenario starts (others: ``permanent``).
Project reading of the 7th-edition table (CORE_B §2.5: the results' durations are not confirmed for HH2)."""


def damage_result_starter(result: str) -> Callable[[DamageResultStarter], DamageResultStarter]:
    """Decorator: how a scenario puts the Vehicle Damage result named ``result`` in force (replaces the default)."""

    def register(fn: DamageResultStarter) -> DamageResultStarter:
        _STARTERS[result] = fn
        return fn

    return register


def _effect_kind(result: str) -> EffectKind | None:
    return next((k for k in EffectKind if k.value == result), None)


def playable_damage_result(result: str) -> str | None:
    """Why a scenario cannot start a vehicle under ``result`` (the engine does not play it), or None."""
    if result in _STARTERS or _effect_kind(result) is not None:
        return None
    known = sorted({*_STARTERS, *(k.value for k in EffectKind if k.value in _RESULT_NAMES)})
    return (
        f"the engine does not play the Vehicle Damage result {result!r} as a state yet "
        f"(results it plays: {', '.join(known) or 'none'})"
    )


_RESULT_NAMES = frozenset({"Crew Shaken", "Crew Stunned", "Weapon Destroyed", "Immobilised"})


def start_damage(
    game: Game, unit_id: str, lost: Mapping[str, int], results: tuple[tuple[str, str | None], ...] = ()
) -> None:
    """Model id → Wounds (Hull Points) lost, then each ``(result, weapon)`` put in force, citing the scenario.
    Raises ``ValueError`` for a result :func:`playable_damage_result` refuses (the loader has checked it)."""
    status = game.state.units[unit_id]
    for model_id, n in lost.items():
        status.wounds_lost[model_id] = n
    for result, weapon in results:
        reason = Reason(VEHICLE_DAMAGE, f"{result} when the scenario begins" + (f" ({weapon})" if weapon else ""))
        starter = _STARTERS.get(result)
        if starter is not None:
            starter(game, unit_id, weapon, reason)
            continue
        kind = _effect_kind(result)
        if kind is None:
            raise ValueError(playable_damage_result(result))
        duration = USUAL_DURATIONS.get(result, Duration.PERMANENT)
        # results are kept per vehicle (engine/attacks/vehicle_results.py)
        for model_id in _vehicle_models(game, unit_id):
            game.add_effect(kind, unit_id, duration, reason, model_id=model_id, weapon=weapon)


def _vehicle_models(game: Game, unit_id: str) -> list[str]:
    """The models of the unit on the table that have Armour Values (its vehicles), in unit order."""
    poses = game.state.units[unit_id].poses
    return [m.id for m in game.state.unit(unit_id).models if m.profile.has_armour_values and m.id in poses]


def start_locked(game: Game, pairs: tuple[tuple[str, str], ...]) -> None:
    """Lock each pair of units in combat with each other (as a Charge that reached them would)."""
    from strategium.engine.assault.charges import engage

    for a, b in pairs:
        engage(game, a, b)
