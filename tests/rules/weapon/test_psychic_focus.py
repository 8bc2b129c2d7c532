"""Psychic Focus (rulebook p.323; strategium.rules.weapon.psychic_focus, PSF-1, PSF-2): forced dice, exact states.

Blue's Psyker Legionaries (Ld 7, W1, Sv 3+) in their Shooting phase, 10" from Red's Legionaries (T4, Sv 3+)."""

from __future__ import annotations

from strategium.engine.core.events import Ruling
from strategium.engine.core.game import Game
from strategium.engine.core.timing import Phase
from strategium.engine.shooting.declare import Shoot, WeaponFired
from tests.engine.builders_combat import battle, place, squad, to_phase, weapon

DARTS = weapon("Mind darts", '18"', "5", "2", "Assault 2, Psychic Focus")


def _shoots(n: int = 1, unit_type: str = "Infantry (Psyker)") -> Game:
    blue, red = squad("blue", n, weapons=(DARTS,), unit_type=unit_type), squad("red", 5)
    game = battle([blue], [red])
    to_phase(game, Phase.SHOOTING)
    place(game, blue, 10, 20)
    place(game, red, 10, 30)
    return game


def test_psychic_focus_a_passed_check_fires_as_normal() -> None:
    game = _shoots()
    game.force_dice(3, 3, 4, 4, 4, 4)  # check 6 (Ld 7): passed; To Hit 4, 4; To Wound 4, 4 (S5 v T4); AP2: no save
    events = game.apply(Shoot(1, "blue", "red"))
    assert game.state.units["red"].casualties == ["red.1", "red.2"]
    assert any(isinstance(e, Ruling) and e.what == "blue.1 passes its Psychic check (Psychic Focus)" for e in events)


def test_psychic_focus_a_failed_check_brings_perils_and_the_weapon_is_not_fired() -> None:
    game = _shoots()
    game.force_dice(5, 5, 1)  # check 10: failed; Perils: D3 = 1 Wound on the Psyker (no Invulnerable Save): removed
    events = game.apply(Shoot(1, "blue", "red"))
    assert game.state.units["blue"].casualties == ["blue.1"]
    assert game.state.units["red"].casualties == []
    [fired] = [e for e in events if isinstance(e, WeaponFired)]
    assert fired.summary == "no shots"


def test_psychic_focus_only_the_psykers_that_pass_fire_their_share() -> None:
    game = _shoots(n=2)
    # blue.1's check 6: passed; blue.2's 12: failed, Perils D3 = 1 on blue.2 (removed). blue.1's 2 shots: To Hit 4, 4;
    # To Wound 4, 4: two Wounds (no save at AP2)
    game.force_dice(3, 3, 6, 6, 1, 4, 4, 4, 4)
    events = game.apply(Shoot(1, "blue", "red"))
    assert game.state.units["blue"].casualties == ["blue.2"]
    assert game.state.units["red"].casualties == ["red.1", "red.2"]
    [fired] = [e for e in events if isinstance(e, WeaponFired)]
    assert fired.summary.startswith("2 hits")


def test_psychic_focus_a_model_that_is_no_psyker_takes_no_check() -> None:
    game = _shoots(unit_type="Infantry (Line)")
    game.force_dice(4, 4, 4, 4)
    game.apply(Shoot(1, "blue", "red"))
    assert game.state.units["red"].casualties == ["red.1", "red.2"]
