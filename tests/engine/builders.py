"""Small hand-built armies and tables for engine tests (no real data needed: exact situations)."""

from __future__ import annotations

from collections.abc import Sequence

from shapely.geometry import box

from strategium.army.army import Army, ChartKind, Detachment, ForceOrgSlot, Model, Unit
from strategium.catalogue.registry import find_rule
from strategium.engine.core.actions import Action, Choose, Deploy, EndStep, HoldToInfiltrate
from strategium.engine.core.board import Placement, Pose
from strategium.engine.core.game import Game
from strategium.geometry.bases import Hull
from strategium.geometry.deployment import dawn_of_war
from strategium.geometry.table import Table
from strategium.geometry.terrain import Battlefield, Building, TerrainKind, terrain_piece
from strategium.model.characteristics import Characteristics, VehicleCharacteristics
from strategium.model.parsing import parse_unit_type
from strategium.model.profiles import ModelProfile

MARINE = Characteristics(7, 4, 4, 4, 4, 1, 4, 1, 7, 3)
RHINO = VehicleCharacteristics(14, 4, 11, 11, 10, 3, 12)


def unit(
    uid: str,
    n: int = 5,
    rules: Sequence[str] = (),
    unit_type: str = "Infantry (Line)",
    base: float = 32.0,
    slot: ForceOrgSlot = ForceOrgSlot.TROOPS,
    name: str | None = None,
) -> Unit:
    """A unit of ``n`` identical models with the given rules (written as in the data, e.g. "Scout")."""
    parsed = tuple(find_rule(r) for r in rules)
    profile = ModelProfile(name or uid, parse_unit_type(unit_type), MARINE)
    models = tuple(
        Model(f"{uid}.{i}", name or uid, profile, rules=parsed, base_mm=(base, base)) for i in range(1, n + 1)
    )
    return Unit(uid, name or uid, slot, models, rules=parsed)


def rhino(uid: str, transport_for: str | None, rules: Sequence[str] = ()) -> Unit:
    """A Rhino (a hull, no base), optionally the Dedicated Transport of ``transport_for``."""
    profile = ModelProfile("Rhino", parse_unit_type("Vehicle (Transport)"), RHINO)
    parsed = tuple(find_rule(r) for r in rules)
    model = Model(f"{uid}.1", "Rhino", profile, rules=parsed)
    slot = ForceOrgSlot.DEDICATED_TRANSPORT if transport_for else ForceOrgSlot.HEAVY_SUPPORT
    return Unit(uid, "Rhino", slot, (model,), rules=parsed, dedicated_transport_for=transport_for)


def army(name: str, *units: Unit) -> Army:
    return Army(name, (Detachment("Crusade", ChartKind.CRUSADE, units),))


def battlefield(wall: bool = True, bastion: bool = False) -> Battlefield:
    """72" x 48", Dawn of War (player 1 south y<12, player 2 north y>36), optionally a sight-blocking wall
    (x 0-50, y 30-31, 5" tall) and a Bastion (centre 59, 20; 6" square; capacity 10)."""
    table = Table()
    terrain = (terrain_piece("wall", box(0, 30, 50, 31), TerrainKind.AREA, 5.0),) if wall else ()
    buildings = (Building("Bastion", Hull(59, 20, 6, 6), transport_capacity=10),) if bastion else ()
    return Battlefield(table, dawn_of_war(table), terrain, buildings)


def line(u: Unit, x: float, y: float, dx: float = 1.5) -> Placement:
    """The unit's models in a row starting at (x, y), ``dx`` inches apart (32 mm bases touch at 1.26")."""
    return tuple((m.id, Pose(x + i * dx, y)) for i, m in enumerate(u.models))


def play(game: Game, *actions: Action) -> None:
    """Apply actions in order (each must be legal)."""
    for action in actions:
        game.apply(action)


def to_deployment(game: Game, first: int = 1, before: Sequence[Action] = ()) -> None:
    """Answer the deployment roll-off choice so that ``first`` deploys first, then apply ``before`` (Reserves
    declarations, characters joining...) in the Reserves step, each player's after the other's EndStep."""
    pending = game.pending
    assert pending is not None
    game.apply(Choose(pending.player, "first" if pending.player == first else "second"))
    for player in (first, 3 - first):
        for action in before:
            if action.player == player:
                game.apply(action)
        game.apply(EndStep(player))


def quick_battle(turns: int = 2, first: int = 1) -> Game:
    """Two one-unit armies ("a1" for player 1, "b1" for player 2) through the pre-game to Game Turn 1 with
    ``first`` taking the first turn (player ``first`` deploys first; no Seize the Initiative attempt)."""
    from strategium.config import parse_overrides

    config = parse_overrides({"game": {"turns": turns, "extra_turn_targets": []}})
    game = Game.new((army("A", unit("a1")), army("B", unit("b1"))), battlefield(), config, seed=3)
    to_deployment(game, first=first)
    for player in (first, 3 - first):
        uid = "a1" if player == 1 else "b1"
        game.apply(Deploy(player, uid, line(game.state.unit(uid), 10, 5 if player == 1 else 43)))
    game.apply(Choose(3 - first, "decline"))
    return game


__all__ = ["Deploy", "HoldToInfiltrate", "line", "play", "to_deployment"]
