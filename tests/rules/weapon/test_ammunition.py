"""Limited Ammunition (Liber p.122, LIM-1) and One Use/One Shot (rulebook p.243, ONE-1), tracked per model in the
game state (strategium.rules.weapon.ammunition, w20l): forced dice, exact states.

Blue (player 1) in its Shooting phase, its row at y=20; Red's 10" further north. Legionaries: BS4 (3+ to hit). A To
Hit roll of 1 misses, so the next die is the Limited Ammunition roll.
"""

from __future__ import annotations

from strategium.engine.core.events import Ruling
from strategium.engine.core.game import Game
from strategium.engine.core.timing import Phase
from strategium.engine.shooting.declare import Shoot
from strategium.engine.shooting.plan import plan
from strategium.model.weapons import WeaponProfile
from tests.engine.builders_combat import battle, place, squad, to_phase, weapon

MISSILE = weapon("Limited missile", '48"', "8", "3", "Heavy 1, Limited Ammunition")
HUNTER = weapon("Hunter-killer missile", '48"', "8", "3", "Heavy 1, One Use")
BOLTER = weapon("Bolter", '24"', "4", "5", "Rapid Fire")


def shoots(weapons: tuple[WeaponProfile, ...]) -> Game:
    blue, red = squad("blue", 1, weapons=weapons, rules=("Firing Protocols (2)",)), squad("red", 5)
    game = battle([blue], [red])
    to_phase(game, Phase.SHOOTING)
    place(game, blue, 10, 20)
    place(game, red, 10, 30)
    return game


def rulings(game: Game, rule: str) -> list[str]:
    return [r.text for e in game.state.events if isinstance(e, Ruling) for r in e.why if r.rule == rule]


def fired_weapons(game: Game) -> list[str]:
    return [v.weapon.name for v in plan(game, "blue", "red").volleys]


def test_limited_ammunition_a_first_roll_of_5_keeps_the_weapon() -> None:
    game = shoots((MISSILE,))
    game.force_dice(1, 5)  # To Hit 1: a miss; Limited Ammunition 5 (no +1: first firing)
    game.apply(Shoot(1, "blue", "red"))
    status = game.state.units["blue"]
    assert status.weapons_fired == (("blue.1", "Limited missile"),)
    assert status.weapons_spent == ()
    assert rulings(game, "Limited Ammunition") == ["LIM-1: 5 = 5, under 6: the weapon may fire again"]
    assert fired_weapons(game) == ["Limited missile"]


def test_limited_ammunition_a_first_roll_of_6_spends_the_weapon_and_the_plan_refuses_it() -> None:
    game = shoots((MISSILE,))
    game.force_dice(1, 6)
    game.apply(Shoot(1, "blue", "red"))
    status = game.state.units["blue"]
    assert status.weapons_spent == (("blue.1", "Limited missile", "Limited Ammunition"),)
    assert rulings(game, "Limited Ammunition") == ["LIM-1: 6 = 6, 6 or more: no more Shooting Attacks this battle"]
    planned = plan(game, "blue", "red")
    assert planned.volleys == ()
    assert "blue.1's Limited missile may make no more Shooting Attacks this battle" in [r.text for r in planned.reasons]


def test_limited_ammunition_adds_1_when_the_weapon_fired_before_so_a_5_spends_it() -> None:
    game = shoots((MISSILE, BOLTER))
    game.state.units["blue"].weapons_fired = (("blue.1", "Limited missile"),)  # fired in an earlier turn
    assert fired_weapons(game) == ["Limited missile", "Bolter"]
    game.force_dice(1, 5, 1, 1)  # missile To Hit 1, then its roll: 5; bolter (2 shots, within half range) 1, 1
    game.apply(Shoot(1, "blue", "red"))
    status = game.state.units["blue"]
    assert status.weapons_spent == (("blue.1", "Limited missile", "Limited Ammunition"),)
    assert rulings(game, "Limited Ammunition") == [
        "LIM-1: 5 + 1 (fired before) = 6, 6 or more: no more Shooting Attacks this battle"
    ]
    assert fired_weapons(game) == ["Bolter"]  # the other weapon still fires


def test_one_use_a_hunter_killer_missile_that_has_fired_is_spent_without_a_roll() -> None:
    game = shoots((HUNTER,))
    game.force_dice(1)  # To Hit 1: a miss; no further die is rolled for One Use
    game.apply(Shoot(1, "blue", "red"))
    status = game.state.units["blue"]
    assert status.weapons_spent == (("blue.1", "Hunter-killer missile", "One Use/One Shot"),)
    assert rulings(game, "One Use/One Shot") == [
        "ONE-1: a One Use weapon that has attacked may not be used again this battle"
    ]
    assert fired_weapons(game) == []


def test_a_weapon_without_either_rule_is_not_tracked() -> None:
    game = shoots((BOLTER,))
    game.force_dice(1, 1)
    game.apply(Shoot(1, "blue", "red"))
    status = game.state.units["blue"]
    assert (status.weapons_fired, status.weapons_spent) == ((), ())
