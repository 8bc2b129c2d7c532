"""Rocket Barrage (Liber p.124, RB-1; strategium.rules.weapon.rocket_barrage, w20l): a weapon whose unit did not move
this turn gains Rending (4+) and Pinning. Forced dice, exact states.

Blue (player 1) in its Shooting phase, its row at y=20; Red's 5 Legionaries (T4, Sv 3+) 10" further north. The
rocket is Strength 3 AP 5: without Rending a To Wound roll of 4 fails (5+ needed).
"""

from __future__ import annotations

from strategium.engine.core.effects import EffectKind
from strategium.engine.core.events import Ruling
from strategium.engine.core.game import Game
from strategium.engine.core.timing import Phase
from strategium.engine.core.watchers import Fact
from strategium.engine.shooting.declare import Shoot
from strategium.engine.shooting.plan import plan
from tests.engine.builders_combat import battle, place, squad, to_phase, weapon

ROCKETS = weapon("Rocket pod", '24"', "3", "5", "Assault 1, Rocket Barrage")


def game_of(moved: bool) -> Game:
    blue, red = squad("blue", 1, weapons=(ROCKETS,)), squad("red", 5)
    game = battle([blue], [red])
    to_phase(game, Phase.SHOOTING)
    place(game, blue, 10, 20)
    place(game, red, 10, 30)
    if moved:
        game.state.facts.note("blue", Fact.MOVED)
    return game


def test_rocket_barrage_a_unit_that_did_not_move_gains_rending_4_and_pinning() -> None:
    game = game_of(moved=False)
    planned = plan(game, "blue", "red")
    [volley] = planned.volleys
    gained = [(r.name, r.x_text) for r in volley.rules]
    assert gained == [("Rocket Barrage", None), ("Rending", "4+"), ("Pinning", None)]
    assert [r.text for r in planned.reasons if r.rule == "Rocket Barrage"] == [
        "RB-1: blue.1 did not move this turn: its Rocket pod gains Rending (4+) and Pinning"
    ]


def test_rocket_barrage_a_to_wound_4_rends_at_ap2_and_the_target_tests_for_pinning() -> None:
    game = game_of(moved=False)
    game.force_dice(3, 4, 6, 6)  # To Hit 3; To Wound 4 rends (AP 2: no 3+ save); Pinning test 6 + 6 fails
    game.apply(Shoot(1, "blue", "red"))
    assert game.state.units["red"].casualties == ["red.1"]
    assert [(e.kind, e.unit_id) for e in game.state.effects] == [(EffectKind.PINNED, "red")]


def test_rocket_barrage_a_unit_that_moved_gains_nothing_so_a_4_fails_to_wound() -> None:
    game = game_of(moved=True)
    [volley] = plan(game, "blue", "red").volleys
    assert [r.name for r in volley.rules] == ["Rocket Barrage"]
    game.force_dice(3, 4)
    game.apply(Shoot(1, "blue", "red"))
    assert game.state.units["red"].casualties == []
    assert not any(isinstance(e, Ruling) and "Pinning test" in e.what for e in game.state.events)
