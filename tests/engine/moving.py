"""Builders for Movement-phase tests: hand-built armies on a table, played to player 1's Move step."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from strategium.army.army import Unit
from strategium.config import parse_overrides
from strategium.engine.core.actions import Action, Choose, Deploy, EndStep
from strategium.engine.core.board import Placement
from strategium.engine.core.game import Game
from strategium.engine.core.timing import Phase, SubPhase
from strategium.geometry.deployment import dawn_of_war
from strategium.geometry.table import Table
from strategium.geometry.terrain import Battlefield, TerrainPiece
from tests.engine.builders import army, to_deployment


def field(terrain: Sequence[TerrainPiece] = (), depth: float = 48.0, zone: float = 12.0) -> Battlefield:
    """A 72" wide table ``depth`` deep, Dawn of War zones ``zone`` deep (player 1 south, player 2 north)."""
    table = Table(72.0, depth)
    return Battlefield(table, dawn_of_war(table, zone), tuple(terrain))


def start(
    blue: Sequence[Unit],
    red: Sequence[Unit],
    places: Mapping[str, Placement | str],
    battlefield: Battlefield | None = None,
    overrides: dict[str, Any] | None = None,
    reserves: Sequence[Action] = (),
) -> Game:
    """Deploy ``places`` (unit id → poses, or the id of a Transport to deploy inside), player 1 first and
    taking the first turn, and stop at player 1's Move step of Game Turn 1. ``reserves`` are declarations
    made in the Reserves step (units declared there are left out of ``places``). No Reactions are offered
    (``reactions.allotment`` 0) unless ``overrides`` give a ``reactions`` group."""
    base: dict[str, Any] = {"game": {"turns": 3, "extra_turn_targets": []}, "reactions": {"allotment": 0}}
    config = parse_overrides({**base, **(overrides or {})})
    game = Game.new((army("Blue", *blue), army("Red", *red)), battlefield or field(), config, seed=11)
    to_deployment(game, first=1, before=reserves)
    for player, units in ((1, blue), (2, red)):
        for u in units:
            if u.id not in places:
                continue
            where = places[u.id]
            if isinstance(where, str):
                game.apply(Deploy(player, u.id, embark_in=where))
            else:
                game.apply(Deploy(player, u.id, where))
    game.apply(Choose(2, "decline"))
    to_step(game, 1, Phase.MOVEMENT, SubPhase.MOVE)
    return game


def to_step(game: Game, player: int, phase: Phase, sub: SubPhase, game_turn: int | None = None) -> None:
    """End steps until ``player``'s turn is at ``phase``/``sub`` (of ``game_turn``, if given)."""
    for _ in range(100):
        c = game.state.clock
        if (c.active_player, c.phase, c.sub_phase) == (player, phase, sub) and game_turn in (None, c.game_turn):
            return
        assert game.pending is not None
        game.apply(EndStep(game.pending.player))
    raise AssertionError("step not reached")
