"""Who may not declare a Charge (``Query.MAY_CHARGE`` blockers; the list is in
:mod:`strategium.engine.assault.charges`),
and what a unit locked in combat may not do: move, Run, shoot or react (``Query.MAY_MOVE``, ``MAY_RUN``,
``MAY_SHOOT``, ``MAY_REACT``; 7th-edition convention, CORE_B §4.2, §5.2), nor have done to it: it may not be chosen
as the target of a Shooting Attack, a Reaction's included (``Query.MAY_BE_TARGETED``, block id ``locked``: a rule
that lets a unit fire into a combat lifts it with an exemption; Shooting sequence, choosing a target, p.166).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from strategium.army.army import Model
from strategium.catalogue.citations import Reason
from strategium.combat.sources import configured, core
from strategium.engine.assault.charges import CHARGE_PAGE, CHARGES, is_locked, living, track
from strategium.engine.core.board import Location, ReserveMode
from strategium.engine.core.effects import EffectKind
from strategium.engine.core.watchers import Fact
from strategium.engine.questions.queries import Block, Query, blocker
from strategium.model.unit_types import SubType, UnitType

if TYPE_CHECKING:
    from strategium.engine.core.game import Game


def _models(game: Game, unit_id: str) -> list[Model]:
    return [m for _, m in living(game, unit_id)] or list(game.state.unit(unit_id).models)


@blocker(Query.MAY_CHARGE)
def _ran(game: Game, unit_id: str) -> Block | None:
    if game.state.facts.has(unit_id, Fact.RAN):
        return Block("ran", core("Run", "a unit that Ran this turn may not declare a Charge"))
    return None


@blocker(Query.MAY_CHARGE)
def _never_charge(game: Game, unit_id: str) -> Block | None:
    seen: list[object] = []  # the unit-type specs already found to allow a Charge (most models share one)
    for m in _models(game, unit_id):
        spec = m.profile.unit_type
        if seen and (spec is seen[-1] or any(spec is other for other in seen)):
            continue
        seen.append(spec)
        if spec.has(SubType.ARTILLERY):
            return Block("artillery", core("Artillery Sub-type", "Artillery units never declare Charges", 197))
        if spec.unit_type in (UnitType.FORTIFICATION, UnitType.BUILDING):
            return Block("fortification", core(CHARGES, "Fortifications never declare Charges"))
        if spec.counts_as(UnitType.VEHICLE) and spec.unit_type not in (UnitType.KNIGHT, UnitType.TITAN):
            return Block("vehicle", core(CHARGES, "Vehicles do not declare Charges (they Ram: not modelled yet)"))
    return None


@blocker(Query.MAY_CHARGE)
def _not_on_table(game: Game, unit_id: str) -> Block | None:
    status = game.state.units[unit_id]
    if status.location is not Location.TABLE:
        return Block("not-on-table", core(CHARGES, f"the unit is {status.location.value}"))
    if status.joined_to is not None:
        return Block("joined", Reason.of("Independent Character", "a joined character charges with its unit"))
    return None


@blocker(Query.MAY_CHARGE)
def _locked(game: Game, unit_id: str) -> Block | None:
    if is_locked(game, unit_id):
        return Block("locked", core(CHARGES, "a unit locked in combat may not declare a Charge", CHARGE_PAGE))
    return None


@blocker(Query.MAY_CHARGE)
def _falling_back(game: Game, unit_id: str) -> Block | None:
    config = game.state.config
    if game.effects_on(unit_id, EffectKind.FALLING_BACK) and not config.charge.falling_back_may_charge:
        return Block("falling-back", configured(config, "charge.falling_back_may_charge", "the unit is Falling Back"))
    return None


@blocker(Query.MAY_CHARGE)
def _arrived(game: Game, unit_id: str) -> Block | None:
    s = game.state
    if not s.facts.has(unit_id, Fact.ARRIVED_FROM_RESERVES):
        return None
    flanking = s.units[unit_id].reserve_mode is ReserveMode.FLANKING_ASSAULT
    name = "flanking_assault.arrivals_may_charge" if flanking else "reserves.arrivals_may_charge"
    allowed = s.config.flanking_assault.arrivals_may_charge if flanking else s.config.reserves.arrivals_may_charge
    if allowed:
        return None
    return Block("arrived", configured(s.config, name, "the unit arrived from Reserves this turn"))


@blocker(Query.MAY_CHARGE)
def _already_charged(game: Game, unit_id: str) -> Block | None:
    if unit_id in track(game).charges:
        return Block("charged", core(CHARGES, "a unit declares at most one Charge each turn", CHARGE_PAGE))
    return None


@blocker(Query.MAY_CHARGE)
def _cannot_charge_effect(game: Game, unit_id: str) -> Block | None:
    """INF-7, SCT-4 and the like: a ban on the unit, or on a character joined to it (it charges with the unit)."""
    effects = game.effects_on(unit_id, EffectKind.CANNOT_CHARGE)
    if effects:
        return Block("cannot-charge", effects[0].reason)
    for ic in game.state.characters_joined_to(unit_id):
        effects = game.effects_on(ic.id, EffectKind.CANNOT_CHARGE)
        if effects:
            why = effects[0].reason
            return Block("cannot-charge", replace(why, text=f"{ic.name}, joined to the unit: {why.text}"))
    return None


def _locked_block(game: Game, unit_id: str, what: str) -> Block | None:
    if is_locked(game, unit_id):
        return Block("locked", core("Fight sub-phase", f"a unit locked in combat {what}"))
    return None


@blocker(Query.MAY_MOVE)
def _locked_no_move(game: Game, unit_id: str) -> Block | None:
    return _locked_block(game, unit_id, "may not move")


@blocker(Query.MAY_RUN)
def _locked_no_run(game: Game, unit_id: str) -> Block | None:
    return _locked_block(game, unit_id, "may not Run")


@blocker(Query.MAY_SHOOT)
def _locked_no_shooting(game: Game, unit_id: str) -> Block | None:
    return _locked_block(game, unit_id, "may not make Shooting Attacks")


@blocker(Query.MAY_REACT)
def _locked_no_reaction(game: Game, unit_id: str) -> Block | None:
    return _locked_block(game, unit_id, "makes no Reactions (CORE_B §4.2)")


@blocker(Query.MAY_BE_TARGETED)
def _locked_not_targeted(game: Game, unit_id: str) -> Block | None:
    if is_locked(game, unit_id):
        text = "a unit locked in combat may not be chosen as the target of a Shooting Attack"
        return Block("locked", core("Shooting sequence", text, 166))
    return None
