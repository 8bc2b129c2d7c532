"""Wall of Death (Template Weapons, rulebook p.248): a Template weapon fired as Snap Shots lays no template and
inflicts D3 hits per shot on a target with a model within 8", at its Strength and AP, allocated normally; farther
away it does not fire. Forced dice, exact outcomes."""

from __future__ import annotations

from strategium.engine.core.game import Game
from strategium.engine.core.timing import Phase
from strategium.engine.shooting.attack import resolve_shooting_attack
from strategium.engine.shooting.declare import Shoot, WeaponFired
from strategium.engine.shooting.plan import plan
from tests.engine.builders_combat import battle, place, squad, to_phase, weapon

FLAMER = weapon("Flamer", "Template", "4", "5", "Assault 1")


def _game(distance: float) -> Game:
    blue = squad("blue", 1, weapons=(FLAMER,))
    red = squad("red", 4)
    game = battle([blue], [red])
    to_phase(game, Phase.SHOOTING, 1)
    place(game, blue, 10, 10)
    place(game, red, 10, 10 + distance, dx=3.0)
    return game


def test_template_wall_of_death_snap_shots_inflict_d3_hits() -> None:
    game = _game(5.0)
    assert [(v.weapon.name, v.snap) for v in plan(game, "blue", "red", snap_shots=True).volleys] == [("Flamer", True)]
    game.state.dice._strict = True
    game.force_dice(2, 6, 6, 3, 3)  # D3 = 2 hits; both wound (S4 v T4 on 4+); Armour Saves (3+) of 3: both saved
    resolve_shooting_attack(game, Shoot(1, "blue", "red"), snap_shots=True)
    fired = [e for e in game.state.events if isinstance(e, WeaponFired)][-1]
    assert fired.summary.startswith("2 hits, 2 wounds, 0 unsaved")
    assert any(r.rule == "Wall of Death" and "2 in all" in r.text for r in fired.why)
    assert game.state.dice.pending_forced == ()


def test_template_wall_of_death_needs_a_target_model_within_8_inches() -> None:
    game = _game(9.5)  # 9.5" centre to centre: 8.24" between the bases
    assert plan(game, "blue", "red", snap_shots=True).volleys == ()
