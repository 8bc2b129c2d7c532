"""The engine's shooting feeds the target's Unit Type to the attack pipeline (Unit Types, rulebook p.195): a
Fleshbane volley at a Dreadnought re-rolls its successful To Wound rolls (FLE-3), at Infantry it does not."""

from __future__ import annotations

from strategium.engine.core.game import Game
from strategium.engine.core.timing import Phase
from strategium.engine.shooting.declare import Shoot, WeaponFired
from tests.engine.builders_combat import battle, place, squad, to_phase, weapon

PHAGE = weapon("Phage gun", '24"', "3", "-", "Assault 10, Fleshbane")


def _fired_at(unit_type: str) -> WeaponFired:
    blue = squad("blue", 1, weapons=(PHAGE,))
    red = squad("red", 1, unit_type=unit_type)
    game: Game = battle([blue], [red])
    to_phase(game, Phase.SHOOTING, 1)
    place(game, blue, 10.0, 10.0)
    place(game, red, 10.0, 20.0)
    game.apply(Shoot(1, "blue", "red"))
    return [e for e in game.state.events if isinstance(e, WeaponFired)][-1]


def test_fleshbane_FLE_3_is_played_by_the_engine_against_a_dreadnought() -> None:
    fired = _fired_at("Dreadnought")
    assert any(r.rule == "Fleshbane" and r.text.startswith("FLE-3:") for r in fired.why), fired.why


def test_fleshbane_FLE_3_is_not_played_against_infantry() -> None:
    fired = _fired_at("Infantry (Line)")
    assert any(r.rule == "Fleshbane" and r.text.startswith("FLE-1:") for r in fired.why)
    assert not any(r.text.startswith("FLE-3:") for r in fired.why)
