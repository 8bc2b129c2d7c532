"""When the Reaction windows open, and what goes on after them (CORE_B §4): hooks on the active player's "did"
events open a window (:func:`strategium.engine.reactions.windows.open_window`) for the reactive player, in the
phase where that Reaction is made: an enemy unit ended a move or arrived from Reserves (Movement phase), a Shooting
Attack was declared (Shooting phase, before any To Hit roll), a Charge was declared (Assault phase, before the
Charge Distance roll). Once a Reaction choice is answered, the declared Shooting Attack is resolved and the declared
Charge goes on. Imported (so registered) at the end of :mod:`strategium.engine.reactions.windows`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from strategium.combat.sources import core
from strategium.engine.assault import charges
from strategium.engine.assault.charges import ChargeDeclared
from strategium.engine.core.board import Location
from strategium.engine.core.events import Ruling
from strategium.engine.core.hooks import on_event
from strategium.engine.core.timing import Phase, PlayerId, opponent
from strategium.engine.movement.move import UnitMoved
from strategium.engine.movement.reserves import UnitsArrived
from strategium.engine.reactions.registry import REACTIONS, ReactionWindow, Trigger, after_window
from strategium.engine.reactions.windows import open_window
from strategium.engine.shooting.attack import resolve_shooting_attack
from strategium.engine.shooting.declare import Shoot, ShootingAttackDeclared

if TYPE_CHECKING:
    from strategium.engine.core.game import Game


def _by_active_player(game: Game, player: PlayerId) -> bool:
    c = game.state.clock
    return player == c.active_player and c.phase in (Phase.MOVEMENT, Phase.SHOOTING, Phase.ASSAULT)


@on_event(UnitMoved)
def _enemy_moved(game: Game, event: UnitMoved) -> None:
    if _by_active_player(game, event.player) and game.state.clock.phase is Phase.MOVEMENT:
        open_window(game, Trigger(ReactionWindow.ENEMY_MOVED, opponent(event.player), (event.unit_id,), (), event))


@on_event(UnitsArrived)
def _units_arrived(game: Game, event: UnitsArrived) -> None:
    s = game.state
    arrived = tuple(u for u in event.unit_ids if s.units[u].location is Location.TABLE and s.units[u].poses)
    if arrived and _by_active_player(game, event.player):
        open_window(game, Trigger(ReactionWindow.UNITS_ARRIVED, opponent(event.player), arrived, (), event))


@on_event(ShootingAttackDeclared)
def _shooting_attack_declared(game: Game, event: ShootingAttackDeclared) -> None:
    if _by_active_player(game, event.player) and game.state.clock.phase is Phase.SHOOTING:
        trigger = Trigger(
            ReactionWindow.SHOOTING_ATTACK_DECLARED, opponent(event.player), (event.unit_id,), (event.target_id,), event
        )
        open_window(game, trigger)


@on_event(ChargeDeclared)
def _charge_declared(game: Game, event: ChargeDeclared) -> None:
    if _by_active_player(game, event.player) and game.state.clock.phase is Phase.ASSAULT:
        trigger = Trigger(
            ReactionWindow.CHARGE_DECLARED, opponent(event.player), (event.unit_id,), event.targets, event
        )
        open_window(game, trigger)


@after_window(ReactionWindow.SHOOTING_ATTACK_DECLARED)
def _resolve_the_attack(game: Game, trigger: Trigger) -> None:
    """The declared Shooting Attack goes on as the units now stand (an attacker destroyed makes none)."""
    event = trigger.event
    assert isinstance(event, ShootingAttackDeclared)
    s = game.state
    if s.units[event.unit_id].location is not Location.TABLE or not s.units[event.unit_id].poses:
        why = core(REACTIONS, "the attacking unit was destroyed before it fired")
        game.log(Ruling(f"{event.unit_name} makes no Shooting Attack", (why,)))
        return
    resolve_shooting_attack(game, event.attack or Shoot(event.player, event.unit_id, event.target_id))


@after_window(ReactionWindow.CHARGE_DECLARED)
def _go_on_with_the_charge(game: Game, trigger: Trigger) -> None:
    """The declared Charge goes on (its Charge Distance roll); a charger destroyed meanwhile charges no more."""
    event = trigger.event
    assert isinstance(event, ChargeDeclared)
    record = charges.charge_of(game, event.unit_id)
    if record is None:
        return
    if not charges.living(game, event.unit_id):
        why = core(REACTIONS, "the charging unit was destroyed by the Reaction")
        game.log(Ruling(f"{event.unit_name}'s Charge ends", (why,)))
        charges.finish(game, record)
        return
    charges.continue_charge(game)
