"""Builders for Assault phase scenarios: models with chosen profiles, weapons and bases, a game driven through the
pre-game (any Infiltrate or Scout placements given), units put where a test needs them, and the clock advanced to a
step of a chosen Player Turn.

Distances: 32 mm bases have a radius of 0.63", so two such bases touch when their centres are ``TOUCH`` apart.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from shapely.geometry import box

from strategium.army.army import ForceOrgSlot, Model, Unit
from strategium.catalogue.registry import RuleRef, find_rule
from strategium.config import RulesConfig, parse_overrides
from strategium.engine.core.actions import Action, Choose, Deploy, EndStep, Infiltrate, ScoutRedeploy
from strategium.engine.core.board import Placement, Pose
from strategium.engine.core.game import Game
from strategium.engine.core.pregame_track import PreGameStep
from strategium.engine.core.timing import Phase, SubPhase
from strategium.engine.pregame.deployment import to_deploy
from strategium.geometry.deployment import dawn_of_war
from strategium.geometry.table import Table
from strategium.geometry.terrain import Battlefield, TerrainKind, TerrainPiece, terrain_piece
from strategium.model.characteristics import Characteristics, VehicleCharacteristics
from strategium.model.parsing import parse_unit_type
from strategium.model.profiles import ModelProfile
from strategium.model.weapons import (
    RangeKind,
    StrengthKind,
    WeaponClass,
    WeaponProfile,
    WeaponRange,
    WeaponStrength,
    WeaponType,
)
from tests.engine.builders import army, line

TOUCH = 32 / 25.4
"""Centre-to-centre distance (inches) at which two 32 mm bases touch."""

MARINE = Characteristics(7, 4, 4, 4, 4, 1, 4, 1, 7, 3)
BIKER = Characteristics(14, 4, 4, 4, 5, 2, 4, 2, 8, 3)
CASTELLAX = Characteristics(6, 4, 4, 7, 7, 4, 3, 3, 8, 3)
PREDATOR = VehicleCharacteristics(12, 4, 13, 12, 10, 3)
RHINO = VehicleCharacteristics(14, 4, 11, 11, 10, 3, 12)


def weapon(
    name: str, kind: WeaponClass, strength: str = "User", ap: int | None = None, rules: Sequence[str] = ()
) -> WeaponProfile:
    """A weapon profile: melee (``WeaponClass.MELEE``) or a 24" gun of one shot."""
    parsed = tuple(find_rule(r) for r in rules)
    if strength == "User":
        s = WeaponStrength(StrengthKind.USER, None, "User")
    elif strength.startswith("+"):
        s = WeaponStrength(StrengthKind.PLUS, int(strength), strength)
    else:
        s = WeaponStrength(StrengthKind.FIXED, int(strength), strength)
    if kind is WeaponClass.MELEE:
        return WeaponProfile(name, WeaponRange(RangeKind.MELEE, text="-"), s, ap, WeaponType(kind, None, parsed))
    return WeaponProfile(name, WeaponRange(RangeKind.DISTANCE, 24.0, text='24"'), s, ap, WeaponType(kind, 1, parsed))


def squad(
    uid: str,
    n: int = 1,
    chars: Characteristics | VehicleCharacteristics = MARINE,
    unit_type: str = "Infantry (Line)",
    rules: Sequence[str] = (),
    weapons: Sequence[WeaponProfile] = (),
    base: float | None = 32.0,
    name: str | None = None,
    wargear: Sequence[str] = (),
) -> Unit:
    """A unit of ``n`` identical models (``base`` None: a hull, for vehicles)."""
    parsed = tuple(find_rule(r) for r in rules)
    profile = ModelProfile(name or uid, parse_unit_type(unit_type), chars)
    size = (base, base) if base is not None else None
    models = tuple(
        Model(f"{uid}.{i}", name or uid, profile, tuple(weapons), tuple(wargear), parsed, size) for i in range(1, n + 1)
    )
    return Unit(uid, name or uid, ForceOrgSlot.TROOPS, models, rules=parsed)


def difficult(name: str, x0: float, y0: float, x1: float, y1: float) -> TerrainPiece:
    """A Difficult Terrain piece (clear to see through) covering the box (x0, y0)-(x1, y1)."""
    return terrain_piece(name, box(x0, y0, x1, y1), TerrainKind.DIFFICULT)


def _home(game: Game, unit: Unit, player: int, index: int) -> Placement:
    if unit.models[0].base_mm is None:
        return ((unit.models[0].id, Pose(8 + 10 * index, 4 if player == 1 else 44)),)
    return line(unit, 2 + 10 * index, 2 if player == 1 else 46)


def assault_game(
    blue: Sequence[Unit],
    red: Sequence[Unit],
    *,
    first: int = 1,
    terrain: Sequence[TerrainPiece] = (),
    config: Mapping[str, Any] | None = None,
    before: Sequence[Action] = (),
    infiltrate: Mapping[str, Placement] | None = None,
    scout: Mapping[str, Placement] | None = None,
    embark: Mapping[str, str] | None = None,
) -> Game:
    """Player 1 ("Blue") and player 2 ("Red") through the pre-game to the start of Game Turn 1, ``first`` taking the
    first turn. Every unit is deployed in its zone (Dawn of War, no wall) unless ``before`` holds it back;
    ``infiltrate`` and ``scout`` give the Infiltrate placements and Scout redeployments to make; ``embark`` deploys a
    unit inside a Transport (listed before it). No Reactions are offered (``reactions.allotment`` 0) unless
    ``config`` gives a ``reactions`` group."""
    overrides: dict[str, Any] = {"game": {"turns": 4, "extra_turn_targets": []}, "reactions": {"allotment": 0}}
    overrides.update(config or {})
    rules: RulesConfig = parse_overrides(overrides)
    table = Table()
    field = Battlefield(table, dawn_of_war(table), tuple(terrain))
    game = Game.new((army("Blue", *blue), army("Red", *red)), field, rules, seed=5)
    infiltrate, scout = infiltrate or {}, scout or {}
    placed = {1: 0, 2: 0}
    while game.state.clock.phase is Phase.PRE_GAME:
        pending = game.pending
        assert pending is not None
        p = pending.player
        step = game.state.pregame.step
        if pending.options == ("first", "second"):
            game.apply(Choose(p, "first" if p == first else "second"))
        elif pending.options and "decline" in pending.options:
            game.apply(Choose(p, "decline"))
        elif step is PreGameStep.RESERVES:
            for action in before:
                if action.player == p:
                    game.apply(action)
            game.apply(EndStep(p))
        elif step is PreGameStep.DEPLOY:
            unit = to_deploy(game.state, p)[0]
            if unit.id in (embark or {}):
                game.apply(Deploy(p, unit.id, embark_in=(embark or {})[unit.id]))
            else:
                game.apply(Deploy(p, unit.id, _home(game, unit, p, placed[p])))
            placed[p] += 1
        elif step is PreGameStep.INFILTRATE:
            uid = next(u for u in infiltrate if game.state.owner(u) == p)
            game.apply(Infiltrate(p, uid, infiltrate[uid]))
        elif step is PreGameStep.SCOUT:
            mine = [u for u in scout if game.state.owner(u) == p and not game.state.units[u].scouted]
            game.apply(ScoutRedeploy(p, mine[0], scout[mine[0]]) if mine else EndStep(p))
        else:
            raise AssertionError(f"unexpected pre-game decision: {pending}")
    return game


def place(game: Game, unit_id: str, positions: Placement) -> None:
    """Put a unit's models at ``positions`` (scenario set-up, as a scenario file places units)."""
    status = game.state.units[unit_id]
    status.poses = dict(positions)


def at(
    game: Game, player: int, phase: Phase, sub_phase: SubPhase = SubPhase.NONE, game_turn: int | None = None
) -> None:
    """End steps until it is ``player``'s turn at that step (of ``game_turn``, if given)."""
    for _ in range(200):
        c = game.state.clock
        here = c.active_player == player and c.phase is phase and c.sub_phase is sub_phase
        if here and (game_turn is None or c.game_turn == game_turn):
            return
        game.apply(EndStep(c.active_player))
    raise AssertionError("step not reached")


def to_charge(game: Game, player: int = 1, game_turn: int | None = None) -> None:
    """Advance to ``player``'s Charge sub-phase."""
    at(game, player, Phase.ASSAULT, SubPhase.CHARGE, game_turn)


def column(unit: Unit, x: float, y: float, dy: float = TOUCH) -> Placement:
    """The unit's models in a column going north from (x, y), ``dy`` apart (default: bases touching)."""
    return tuple((m.id, Pose(x, y + i * dy)) for i, m in enumerate(unit.models))


def rule(name: str) -> RuleRef:
    """A registered rule reference (e.g. "Hammer of Wrath (1)")."""
    found = find_rule(name)
    assert isinstance(found, RuleRef)
    return found
