"""Blast (X"), Large, Massive and Apocalyptic Blast (rulebook p.234) fired in the engine: each marker's size decides
exactly which models are hit (fully or partly under it); no Blast is fired as Snap Shots; a full To Hit re-roll
(Twin-linked) re-rolls the scatter, a re-roll of some results would not. Forced dice, exact outcomes."""

from __future__ import annotations

import pytest

from strategium.catalogue.registry import RuleRef, find_rule
from strategium.dice import ScatterFace
from strategium.engine.core.board import Pose
from strategium.engine.core.game import Game
from strategium.engine.core.timing import Phase
from strategium.engine.shooting.area_fire import full_to_hit_reroll
from strategium.engine.shooting.declare import Shoot, WeaponFired
from strategium.engine.shooting.plan import plan
from tests.engine.builders_combat import battle, squad, to_phase, weapon

BASE = 32.0 / 25.4 / 2  # the radius of a 32 mm base, inches


def _game(kind: str) -> Game:
    gun = weapon("Cannon", '48"', "4", "6", f"Heavy 1, {kind}")
    blue = squad("blue", 1, weapons=(gun,))
    red = squad("red", 5)
    game = battle([blue], [red])
    to_phase(game, Phase.SHOOTING, 1)
    game.state.units["blue"].poses = {"blue.1": Pose(10.0, 10.0)}
    # red.1 at the hole; the others east of it, their base edges just inside or outside each marker
    xs = {"red.1": 30.0, "red.2": 30.0 + 1.5 + BASE - 0.05, "red.3": 30.0 + 2.5 + BASE - 0.05}
    xs |= {"red.4": 30.0 + 3.5 + BASE - 0.05, "red.5": 30.0 + 5.0 + BASE - 0.05}
    game.state.units["red"].poses = {mid: Pose(x, 30.0) for mid, x in xs.items()}
    return game


@pytest.mark.parametrize(
    ("kind", "hits"),
    [('Blast (3")', 2), ("Large Blast", 3), ('Large Blast (5")', 3), ("Massive Blast", 4), ("Apocalyptic Blast", 5)],
)
def test_blast_marker_size_decides_which_models_are_hit(kind: str, hits: int) -> None:
    game = _game(kind)
    game.force_dice(ScatterFace.hit(), *([1] * hits))  # stays over red.1; every To Wound roll a 1
    game.apply(Shoot(1, "blue", "red", blast_at=("red.1",)))
    fired = [e for e in game.state.events if isinstance(e, WeaponFired)][-1]
    assert fired.summary.startswith(f"{hits} hits, 0 wounds")


@pytest.mark.parametrize("kind", ['Blast (3")', "Large Blast", "Massive Blast", "Apocalyptic Blast"])
def test_blast_is_never_fired_as_snap_shots(kind: str) -> None:
    game = _game(kind)
    assert plan(game, "blue", "red").volleys != ()
    planned = plan(game, "blue", "red", snap_shots=True)
    assert planned.volleys == ()
    assert any(r.rule == "Blast" and "cannot be fired as Snap Shots" in r.text for r in planned.reasons)


def test_blast_full_to_hit_re_roll_is_twin_linked_s_not_a_re_roll_of_ones() -> None:
    twin = find_rule("Twin-linked")
    assert isinstance(twin, RuleRef)
    assert full_to_hit_reroll((twin,))
    assert not full_to_hit_reroll(())
    assert not full_to_hit_reroll((RuleRef("Pinning"),))
