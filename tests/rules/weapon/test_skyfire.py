"""Skyfire (rulebook p.247, SKY-1; strategium.rules.weapon.skyfire, w20l): full Ballistic Skill at Flyers and
Skimmers, only Snap Shots at other targets. Forced dice, exact states.

Blue (player 1) in its Shooting phase, its row at y=20, a Legionary of BS4 (3+ to hit; a Snap Shot hits on 6);
Red 10" further north: Legionaries, or a Skimmer (a Rhino profile with the Skimmer Sub-type).
"""

from __future__ import annotations

from dataclasses import replace

from strategium.army.army import Model, Unit
from strategium.engine.core.game import Game
from strategium.engine.core.timing import Phase
from strategium.engine.shooting.declare import Shoot, WeaponFired
from strategium.engine.shooting.plan import plan
from strategium.model.parsing import parse_unit_type
from strategium.model.weapons import WeaponProfile
from tests.engine.builders_combat import armoured, battle, place, squad, to_phase, weapon

FLAK = weapon("Flak missile", '48"', "7", "4", "Assault 1, Skyfire")
BOLTER = weapon("Bolter", '24"', "4", "5", "Assault 1")


def skimmer(uid: str) -> Unit:
    rhino = armoured(uid)
    [m] = rhino.models
    model: Model = replace(m, profile=replace(m.profile, unit_type=parse_unit_type("Vehicle (Skimmer)")))
    return replace(rhino, models=(model,))


def shoots(weapons: tuple[WeaponProfile, ...], target: Unit, rules: tuple[str, ...] = ()) -> Game:
    blue = squad("blue", 1, weapons=weapons, rules=rules)
    game = battle([blue], [target])
    to_phase(game, Phase.SHOOTING)
    place(game, blue, 10, 20)
    place(game, target, 10, 30)
    return game


def test_skyfire_fires_snap_shots_at_infantry_and_cites_the_rule() -> None:
    game = shoots((FLAK,), squad("red", 1))
    [volley] = plan(game, "blue", "red").volleys
    assert volley.snap
    texts = [r.text for r in plan(game, "blue", "red").reasons if r.rule == "Skyfire"]
    assert texts == ["SKY-1: Flak missile fires only Snap Shots at red, neither Flyers nor Skimmers"]


def test_skyfire_a_5_misses_infantry_as_a_snap_shot_a_6_hits() -> None:
    game = shoots((FLAK,), squad("red", 1))
    game.force_dice(5)  # a 3+ would hit at BS4; a Snap Shot needs 6
    events = game.apply(Shoot(1, "blue", "red"))
    [fired] = [e for e in events if isinstance(e, WeaponFired)]
    assert fired.summary.startswith("0 hits")
    game = shoots((FLAK,), squad("red", 1))
    game.force_dice(6, 6, 1)  # a Snap Shot hit on 6; To Wound 6 (S7 v T4); the 3+ save (AP4 allows it) fails on 1
    game.apply(Shoot(1, "blue", "red"))
    assert game.state.units["red"].casualties == ["red.1"]


def test_skyfire_fires_at_full_ballistic_skill_at_a_skimmer() -> None:
    game = shoots((FLAK,), skimmer("red"))
    [volley] = plan(game, "blue", "red").volleys
    assert not volley.snap and volley.skill == 4
    assert not any(r.rule == "Skyfire" for r in plan(game, "blue", "red").reasons)


def test_skyfire_on_the_model_makes_its_every_weapon_snap_at_ground_targets() -> None:
    game = shoots((BOLTER,), squad("red", 1), rules=("Skyfire",))
    [volley] = plan(game, "blue", "red").volleys
    assert volley.snap


def test_a_weapon_without_skyfire_fires_at_full_ballistic_skill_at_infantry() -> None:
    game = shoots((BOLTER,), squad("red", 1))
    [volley] = plan(game, "blue", "red").volleys
    assert not volley.snap


def test_skyfire_with_twin_linked_re_rolls_a_failed_snap_shot() -> None:
    twin = weapon("Twin flak missile", '48"', "7", "4", "Assault 1, Twin-linked, Skyfire")
    game = shoots((twin,), squad("red", 1))
    assert plan(game, "blue", "red").volleys[0].snap
    game.force_dice(5, 6, 6, 1)  # Snap Shot 5 misses, its Twin-linked re-roll 6 hits; To Wound 6; the save fails on 1
    game.apply(Shoot(1, "blue", "red"))
    assert game.state.units["red"].casualties == ["red.1"]
