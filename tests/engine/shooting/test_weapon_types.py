"""Weapon types in the Shooting phase (rulebook p.176-178; CORE_B §1.2), as the plan
(strategium.engine.shooting.plan) plays them: Assault, Heavy, Rapid Fire, Pistol (w20l). Forced dice, exact states.

Blue (player 1) in its Shooting phase, its row at y=20 (models 1.5" apart); Red 10" (or ``gap``) further north.
Legionaries BS4: 3+ to hit, a Snap Shot hits on 6. Salvo is not a weapon type of HH2 (no weapon in the data has it;
CORE_B §1.2); Ordnance is played elsewhere.
"""

from __future__ import annotations

from strategium.engine.core.game import Game
from strategium.engine.core.timing import Phase
from strategium.engine.core.watchers import Fact
from strategium.engine.shooting.declare import Shoot, WeaponFired
from strategium.engine.shooting.plan import plan
from strategium.model.weapons import WeaponProfile
from tests.engine.builders_combat import armoured, battle, place, squad, to_phase, weapon

ASSAULT = weapon("Assault las", '24"', "4", "5", "Assault 2")
HEAVY = weapon("Heavy bolter", '36"', "5", "4", "Heavy 3")
HEAVY_BLAST = weapon("Heavy blaster", '36"', "5", "4", 'Heavy 1, Blast (3")')
RAPID = weapon("Boltgun", '24"', "4", "5", "Rapid Fire")
PISTOL = weapon("Bolt pistol", '12"', "4", "5", "Pistol 1")


def game_of(weapons: tuple[WeaponProfile, ...], n: int = 1, gap: float = 10.0, moved: bool = False) -> Game:
    blue, red = squad("blue", n, weapons=weapons), squad("red", 5)
    game = battle([blue], [red])
    to_phase(game, Phase.SHOOTING)
    place(game, blue, 10, 20)
    place(game, red, 10, 20 + gap)
    if moved:
        game.state.facts.note("blue", Fact.MOVED)
    return game


def volleys(game: Game, uid: str = "blue") -> list[tuple[str, int, bool]]:
    return [(v.weapon.name, v.shots, v.snap) for v in plan(game, uid, "red").volleys]


def fired(game: Game) -> str:
    [event] = [e for e in game.apply(Shoot(1, "blue", "red")) if isinstance(e, WeaponFired)]
    return event.summary


def test_assault_fires_its_shots_at_full_bs_after_moving() -> None:
    assert volleys(game_of((ASSAULT,), moved=True)) == [("Assault las", 2, False)]


def test_assault_a_roll_of_3_hits_after_moving() -> None:
    game = game_of((ASSAULT,), moved=True)
    game.force_dice(3, 2, 1, 1)  # To Hit 3 (hit), 2 (miss); To Wound 1 (fails)
    assert fired(game).startswith("1 hits, 0 wounds")


def test_heavy_stationary_fires_at_full_bs() -> None:
    assert volleys(game_of((HEAVY,))) == [("Heavy bolter", 3, False)]


def test_heavy_after_moving_fires_snap_shots_so_a_5_misses() -> None:
    game = game_of((HEAVY,), moved=True)
    assert volleys(game) == [("Heavy bolter", 3, True)]
    game.force_dice(5, 5, 6, 1)  # two 5s miss as Snap Shots; the 6 hits; To Wound 1 fails
    assert fired(game).startswith("1 hits, 0 wounds")


def test_heavy_blast_after_moving_cannot_fire_as_snap_shots() -> None:
    game = game_of((HEAVY_BLAST,), moved=True)
    planned = plan(game, "blue", "red")
    assert planned.volleys == ()
    assert "Heavy blaster cannot be fired as Snap Shots" in [r.text for r in planned.reasons]


def test_heavy_a_vehicle_that_moved_fires_at_full_bs() -> None:
    rhino, red = armoured("blue", (HEAVY,)), squad("red", 5)
    game = battle([rhino], [red])
    to_phase(game, Phase.SHOOTING)
    place(game, rhino, 10, 20)
    place(game, red, 10, 30)
    game.state.facts.note("blue", Fact.MOVED)
    assert volleys(game) == [("Heavy bolter", 3, False)]


def test_rapid_fire_two_shots_within_half_range_one_beyond() -> None:
    # range is measured between the bases' edges: a gap (centres) less 1.26" (two 32mm bases' radii)
    assert volleys(game_of((RAPID,), gap=13.2)) == [("Boltgun", 2, False)]  # 11.94": within half of 24"
    assert volleys(game_of((RAPID,), gap=13.4)) == [("Boltgun", 1, False)]  # 12.14"
    assert volleys(game_of((RAPID,), gap=25.5)) == []  # 24.24": out of range


def test_rapid_fire_after_moving_still_fires_at_full_bs() -> None:
    assert volleys(game_of((RAPID,), moved=True)) == [("Boltgun", 2, False)]


def test_rapid_fire_each_model_counts_its_own_range() -> None:
    game = game_of((RAPID,), n=2, gap=13.0)
    place(game, game.state.unit("blue"), 10, 20, dx=30.0)  # blue.2 30" east of blue.1: over 26" from the nearest
    # Red model, out of range; blue.1 within half range
    [volley] = plan(game, "blue", "red").volleys
    assert (volley.shots, volley.firers) == (2, ("blue.1",))


def test_rapid_fire_notes_the_fact_that_bars_a_charge() -> None:
    game = game_of((RAPID,))
    game.force_dice(1, 1)
    game.apply(Shoot(1, "blue", "red"))
    assert game.state.facts.has("blue", Fact.FIRED_RAPID_FIRE)


def test_pistol_fires_at_full_bs_after_moving_and_other_weapons_first() -> None:
    game = game_of((PISTOL, ASSAULT), moved=True)
    assert volleys(game) == [("Assault las", 2, False)]  # one weapon per model: the pistol is the last choice
    near = game_of((PISTOL,), moved=True)
    assert volleys(near) == [("Bolt pistol", 1, False)]


def test_pistol_out_of_its_12_inch_range_does_not_fire() -> None:
    assert volleys(game_of((PISTOL,), gap=13.2)) == [("Bolt pistol", 1, False)]  # 11.94"
    assert volleys(game_of((PISTOL,), gap=13.4)) == []  # 12.14"
