"""Consolidation moves for the players (:mod:`strategium.engine.assault.consolidation`): which units may consolidate at
the pending decision, and two ways to propose the move of the whole formation (every model displaced alike):

- :func:`sensible`: into area terrain within reach (cover), else straight toward the nearest enemy unit, as far as
  the allowance goes and a few shorter steps and headings after that (the engine refuses ends within 1" of an
  enemy, so the shorter steps are what usually passes near one);
- :func:`random_move`: a displacement drawn uniformly from the disc of the allowance.

Each returns a move the engine's check accepts, or None (the player then answers the Consolidation choice with
:data:`~strategium.engine.assault.consolidation.DONE`, or ends the step). Nothing here changes the game.
"""

from __future__ import annotations

import math

import numpy as np

from strategium.agents import options as opt
from strategium.agents import placement_sampling as ps
from strategium.agents.verdicts import Check
from strategium.engine.assault import charges
from strategium.engine.assault.consolidation import Consolidate, allowance, awaiting
from strategium.engine.core.board import Pose
from strategium.engine.core.game import Game
from strategium.engine.core.timing import PlayerId
from strategium.engine.movement.common import living, party
from strategium.geometry.measure import min_distance

MAX_CHECKS = 12
"""At most this many proposals per unit go to the engine's check."""


def offered(game: Game, player: PlayerId) -> list[str]:
    """The player's units that may consolidate at the pending decision (empty: none, or not its decision)."""
    return awaiting(game, player)


def reach(game: Game, unit_id: str) -> float:
    """How far the whole formation may be displaced (inches): the smallest allowance among its models, less a
    hundredth for rounding."""
    s = game.state
    values = [allowance(game, unit_id, u.id, m) for u, m in living(s, party(s, unit_id))]
    return max(0.0, min(values, default=0.0) - 0.01)


def _poses(game: Game, unit_id: str) -> dict[str, Pose]:
    s = game.state
    return {mid: pose for u in party(s, unit_id) for mid, pose in s.units[u.id].poses.items()}


def _nearest_enemy_centre(game: Game, player: PlayerId, unit_id: str) -> tuple[float, float] | None:
    mine = [f for _, _, f in charges.feet(game, unit_id)]
    best: tuple[float, str] | None = None
    for enemy in opt.enemies(game, player):
        theirs = [f for _, _, f in charges.feet(game, enemy.id)]
        if mine and theirs:
            d = min_distance(mine, theirs)
            if best is None or (d, enemy.id) < best:
                best = (d, enemy.id)
    if best is None:
        return None
    return ps.centroid(dict(game.state.units[best[1]].poses))


def _cover_targets(game: Game, centre: tuple[float, float], limit: float) -> list[tuple[float, float]]:
    out = []
    for piece in game.state.battlefield.terrain:
        if piece.kind.value != "area":
            continue
        c = piece.footprint.representative_point()
        if math.hypot(float(c.x) - centre[0], float(c.y) - centre[1]) <= limit:
            out.append((float(c.x), float(c.y)))
    return out


def sensible(game: Game, player: PlayerId, unit_id: str, check: Check = Game.check) -> Consolidate | None:
    """Into cover within reach, else toward the nearest enemy (see the module docstring); None if nothing passes.
    ``check``: how proposals are checked (``Game.check``, or a player's
    :class:`~strategium.agents.verdicts.Verdicts`)."""
    limit = reach(game, unit_id)
    if limit <= 0:
        return None
    poses = _poses(game, unit_id)
    cx, cy = ps.centroid(poses)
    proposals: list[tuple[float, float]] = [(x - cx, y - cy) for x, y in _cover_targets(game, (cx, cy), limit)]
    toward = _nearest_enemy_centre(game, player, unit_id)
    if toward is not None:
        base = math.atan2(toward[1] - cy, toward[0] - cx)
        for frac in (1.0, 0.6, 0.3):
            for turn in (0.0, 0.5, -0.5):
                step = limit * frac
                proposals.append((step * math.cos(base + turn), step * math.sin(base + turn)))
    for dx, dy in proposals[:MAX_CHECKS]:
        action = Consolidate(player, unit_id, ps.translated(poses, dx, dy))
        if check(game, action):
            return action
    return None


def random_move(
    game: Game, player: PlayerId, unit_id: str, rng: np.random.Generator, tries: int = 4, check: Check = Game.check
) -> Consolidate | None:
    """A displacement of the whole formation drawn uniformly from the disc of its allowance (a few draws);
    ``check`` as for :func:`sensible`."""
    limit = reach(game, unit_id)
    if limit <= 0:
        return None
    poses = _poses(game, unit_id)
    for _ in range(tries):
        r = limit * math.sqrt(float(rng.random()))
        a = float(rng.uniform(0.0, 2 * math.pi))
        action = Consolidate(player, unit_id, ps.translated(poses, r * math.cos(a), r * math.sin(a)))
        if check(game, action):
            return action
    return None
