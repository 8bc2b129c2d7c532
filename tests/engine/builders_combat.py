"""Builders for shooting and morale tests: armed units, an open table, a game stopped in a Shooting phase with
every unit exactly where the test puts it (set-up only: the positions are written into the state once the
battle has begun; moves themselves are the Movement phase's business)."""

from __future__ import annotations

from collections.abc import Sequence

from strategium.army.army import ForceOrgSlot, Model, Unit
from strategium.catalogue.registry import find_rule
from strategium.config import parse_overrides
from strategium.engine.core.actions import Choose, Deploy, EndStep
from strategium.engine.core.board import Placement, Pose
from strategium.engine.core.game import Game
from strategium.engine.core.timing import Phase
from strategium.geometry.deployment import dawn_of_war
from strategium.geometry.table import Table
from strategium.geometry.terrain import Battlefield
from strategium.model.characteristics import Characteristics, VehicleCharacteristics
from strategium.model.parse_weapons import weapon_from_columns
from strategium.model.parsing import parse_unit_type
from strategium.model.profiles import ModelProfile
from strategium.model.weapons import WeaponProfile
from tests.engine.builders import army, line, to_deployment

MARINE = Characteristics(7, 4, 4, 4, 4, 1, 4, 1, 7, 3)
RHINO = VehicleCharacteristics(14, 4, 11, 11, 10, 3, 12)


def weapon(name: str, rng: str, s: str, ap: str, kind: str) -> WeaponProfile:
    """A weapon from its four columns as the data writes them, e.g. ``("Bolter", "24\\"", "4", "5", "Rapid Fire")``."""
    return weapon_from_columns(name, {"Range": rng, "Strength": s, "AP": ap, "Type": kind})


BOLTER = weapon("Bolter", '24"', "4", "5", "Rapid Fire")
HEAVY_BOLTER = weapon("Heavy bolter", '36"', "5", "4", "Heavy 4")
LASCANNON = weapon("Lascannon", '48"', "9", "2", "Heavy 1")
LASPISTOL = weapon("Laspistol", '12"', "3", "-", "Pistol 1")
PINNING_GUN = weapon("Pinning gun", '24"', "4", "-", "Assault 2, Pinning")
MELTA = weapon("Melta", '12"', "8", "1", "Assault 1, Instant Death")


def squad(
    uid: str,
    n: int = 5,
    weapons: Sequence[WeaponProfile] = (BOLTER,),
    rules: Sequence[str] = (),
    unit_type: str = "Infantry (Line)",
    profile: Characteristics = MARINE,
    base: float = 32.0,
    name: str | None = None,
) -> Unit:
    """``n`` identical models armed with ``weapons`` and the given rules (written as in the data)."""
    parsed = tuple(find_rule(r) for r in rules)
    prof = ModelProfile(name or uid, parse_unit_type(unit_type), profile)
    models = tuple(
        Model(f"{uid}.{i}", name or uid, prof, weapons=tuple(weapons), rules=parsed, base_mm=(base, base))
        for i in range(1, n + 1)
    )
    return Unit(uid, name or uid, ForceOrgSlot.TROOPS, models, rules=parsed)


def armoured(uid: str, weapons: Sequence[WeaponProfile] = ()) -> Unit:
    """A Rhino armed with ``weapons``."""
    prof = ModelProfile("Rhino", parse_unit_type("Vehicle (Transport)"), RHINO)
    return Unit(uid, "Rhino", ForceOrgSlot.HEAVY_SUPPORT, (Model(f"{uid}.1", "Rhino", prof, weapons=tuple(weapons)),))


def open_field() -> Battlefield:
    """72" x 48", Dawn of War, no terrain."""
    table = Table()
    return Battlefield(table, dawn_of_war(table))


def place(game: Game, unit: Unit, x: float, y: float, dx: float = 1.5, heading: float = 0.0) -> None:
    """Set-up: stand the unit's models in a row from (x, y)."""
    poses: Placement = tuple((m.id, Pose(x + i * dx, y, heading)) for i, m in enumerate(unit.models))
    game.state.units[unit.id].poses = dict(poses)


def battle(
    blue: Sequence[Unit],
    red: Sequence[Unit],
    turns: int = 4,
    first: int = 1,
    overrides: dict[str, object] | None = None,
) -> Game:
    """Both armies deployed on :func:`open_field` (Blue is player 1, Red player 2; ``first`` takes the first
    turn); the game waits in the first player's Movement phase (Reserves step) of Game Turn 1. No Reactions are
    offered (``reactions.allotment`` 0) unless ``overrides`` give a ``reactions`` group."""
    base: dict[str, object] = {"game": {"turns": turns, "extra_turn_targets": []}, "reactions": {"allotment": 0}}
    config = parse_overrides({**base, **(overrides or {})})
    game = Game.new((army("Blue", *blue), army("Red", *red)), open_field(), config, seed=11)
    to_deployment(game, first=first)
    for player, units in ((first, blue if first == 1 else red), (3 - first, red if first == 1 else blue)):
        for i, u in enumerate(units):
            y = 3 + 3 * (i % 3) if player == 1 else 45 - 3 * (i % 3)
            size = max((m.base_mm[0] for m in u.models if m.base_mm), default=32.0) / 25.4
            game.apply(Deploy(player, u.id, line(u, 3 + 20 * (i // 3), y, dx=size + 0.2)))
    game.apply(Choose(3 - first, "decline"))
    return game


def to_phase(game: Game, phase: Phase, player: int | None = None) -> None:
    """End steps until ``player``'s (default: the active player's) ``phase`` begins."""
    player = player if player is not None else game.state.clock.active_player
    for _ in range(40):
        c = game.state.clock
        if c.phase is phase and c.active_player == player:
            return
        game.apply(EndStep(c.active_player))
    raise AssertionError(f"never reached {phase} of player {player}")


def to_turn(game: Game, game_turn: int, player: int, phase: Phase) -> None:
    """End steps until ``player``'s ``phase`` of Game Turn ``game_turn`` begins."""
    for _ in range(200):
        c = game.state.clock
        if (c.game_turn, c.active_player, c.phase) == (game_turn, player, phase):
            return
        game.apply(EndStep(c.active_player))
    raise AssertionError(f"never reached {phase} of player {player} in Game Turn {game_turn}")
