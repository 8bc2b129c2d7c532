"""Gets Hot (rulebook p.239; strategium.rules.weapon.gets_hot, GH-1..GH-6): forced dice, exact states.

Blue (player 1) in its Shooting phase, its row at y=20; Red's 10" further north (within a plasma gun's half range).
Legionaries: BS4 (3+ to hit), T4, Sv 3+, 1 Wound.
"""

from __future__ import annotations

from strategium.catalogue.citations import Reason
from strategium.engine.core.board import Location
from strategium.engine.core.events import Event, Ruling
from strategium.engine.core.game import Game
from strategium.engine.core.timing import Phase
from strategium.engine.core.watchers import Fact
from strategium.engine.shooting.declare import Shoot, WeaponFired
from strategium.model.weapons import WeaponProfile
from tests.engine.builders_combat import armoured, battle, place, squad, to_phase, weapon

PLASMA = weapon("Plasma gun", '24"', "7", "2", "Rapid Fire, Gets Hot")
HOT_LAS = weapon("Hot las", '24"', "4", "5", "Assault 2, Gets Hot")  # AP5: the firer's 3+ Armour Save is allowed
HOT_PISTOL = weapon("Hot pistol", '12"', "7", "2", "Assault 1, Gets Hot")
TWIN_HOT = weapon("Twin hot las", '24"', "4", "5", "Assault 2, Twin-linked, Gets Hot")
HEAVY_HOT = weapon("Heavy hot las", '36"', "4", "5", "Heavy 1, Gets Hot")
HOT_CANNON = weapon("Plasma cannon", '36"', "7", "2", 'Heavy 1, Blast (3"), Gets Hot')
HOT_FLAMER = weapon("Hot flamer", "Template", "4", "5", "Assault 1, Gets Hot")
TWIN_HOT_CANNON = weapon("Twin plasma cannon", '36"', "7", "2", 'Heavy 1, Blast (3"), Twin-linked, Gets Hot')


def shoots(weapons: tuple[WeaponProfile, ...], n: int = 1, rules: tuple[str, ...] = (), gap: float = 10.0) -> Game:
    blue, red = squad("blue", n, weapons=weapons, rules=rules), squad("red", 5)
    game = battle([blue], [red])
    to_phase(game, Phase.SHOOTING)
    place(game, blue, 10, 20)
    place(game, red, 10, 20 + gap)
    return game


def hot(events: list[Event]) -> list[str]:
    """The Gets Hot clause ids cited, in order."""
    return [r.text.split(":")[0] for e in events if isinstance(e, Ruling) for r in e.why if r.rule == "Gets Hot"]


def test_a_plasma_gun_rolling_1_and_5_hits_once_and_wounds_its_firer_who_has_no_save_at_ap2() -> None:
    game = shoots((PLASMA,))
    game.force_dice(1, 5, 4)  # To Hit 1 (Gets Hot), 5 (hit); To Wound S7 v T4: 4 wounds; AP2: no save for either
    events = game.apply(Shoot(1, "blue", "red"))
    [fired] = [e for e in events if isinstance(e, WeaponFired)]
    assert fired.summary.startswith("1 hits, 1 wounds, 1 unsaved")
    assert game.state.units["red"].casualties == ["red.1"]
    assert game.state.units["blue"].casualties == ["blue.1"]  # the firer, its Gets Hot Wound unsaved (AP2 v 3+)
    assert hot(events)[:2] == ["GH-1", "GH-2"]
    assert Reason.of("Gets Hot", "x").page == 239


def test_the_firer_takes_its_armour_save_against_the_weapons_ap_and_no_cover() -> None:
    game = shoots((HOT_LAS,))
    game.force_dice(1, 1, 3, 2)  # To Hit 1, 1: no hit, two Gets Hot Wounds; saves (3+ v AP5): 3 saved, 2 failed
    events = game.apply(Shoot(1, "blue", "red"))
    assert game.state.units["blue"].casualties == ["blue.1"]
    assert game.state.units["red"].casualties == []
    saves = [e.what for e in events if isinstance(e, Ruling) and e.what.startswith(("blue.1 ", "blue of blue "))]
    assert saves == [
        "blue of blue suffers a Wound from its Hot las",
        "blue of blue passes its Armour Save (3+): 3",
        "blue of blue suffers a Wound from its Hot las",
        "blue of blue fails its Armour Save (3+): 2",
        "blue.1 is removed as a casualty (Gets Hot)",
    ]
    [wounded, *_] = [e for e in events if isinstance(e, Ruling) and e.what.startswith("blue of blue suffers")]
    assert not any("Cover" in r.text and "takes" in r.text for r in wounded.why)


def test_a_second_gets_hot_wound_on_a_removed_firer_is_lost_not_allocated_to_another_model() -> None:
    game = shoots((PLASMA,), n=2)
    # 4 shots (2 each): dice 1 and 2 are blue.1's, 3 and 4 blue.2's. blue.1 rolls 1, 1; blue.2 rolls 2, 2 (misses)
    game.force_dice(1, 1, 2, 2)
    events = game.apply(Shoot(1, "blue", "red"))
    assert game.state.units["blue"].casualties == ["blue.1"]
    assert "blue.2" in game.state.units["blue"].poses
    assert any(isinstance(e, Ruling) and e.what == "blue.1's Gets Hot Wound is lost: the model is gone" for e in events)


def test_the_die_of_the_second_firer_wounds_the_second_firer() -> None:
    game = shoots((HOT_PISTOL,), n=2)
    game.force_dice(5, 1, 6)  # blue.1 hits (5), blue.2 Gets Hot (1); To Wound 6; no saves at AP2
    game.apply(Shoot(1, "blue", "red"))
    assert game.state.units["blue"].casualties == ["blue.2"]
    assert game.state.units["red"].casualties == ["red.1"]


def test_feel_no_pain_ignores_the_gets_hot_wound() -> None:
    game = shoots((HOT_PISTOL,), rules=("Feel No Pain (5+)",))
    game.force_dice(1, 5)  # To Hit 1: no hit; no save at AP2; Feel No Pain 5: ignored
    events = game.apply(Shoot(1, "blue", "red"))
    assert game.state.units["blue"].casualties == [] and game.state.units["blue"].wounds_lost == {}
    assert any(isinstance(e, Ruling) and e.what == "The Gets Hot Wound on blue is ignored" for e in events)


def test_shrouded_is_no_help_against_gets_hot() -> None:
    game = shoots((HOT_PISTOL,), rules=("Shrouded (4+)",))
    game.force_dice(1)  # To Hit 1; no save at AP2; no Shrouded roll
    events = game.apply(Shoot(1, "blue", "red"))
    assert game.state.units["blue"].casualties == ["blue.1"]
    refused = [r for e in events if isinstance(e, Ruling) for r in e.why if "no Shrouded roll against" in r.text]
    # the refusal cites Gets Hot's own text (p.239), not Ignores Cover
    assert [(r.rule, r.page, r.text) for r in refused] == [
        ("Gets Hot", 239, "GH-2: no Shrouded roll against the Wound of a weapon that Gets Hot")
    ]


def test_snap_shots_get_hot_on_a_1_too() -> None:
    game = shoots((HEAVY_HOT,))
    game.state.facts.note("blue", Fact.MOVED)  # Heavy after moving: Snap Shots (6+)
    game.force_dice(1, 2)  # Snap Shot 1: a miss that Gets Hot; save 2 fails
    events = game.apply(Shoot(1, "blue", "red"))
    assert game.state.units["blue"].casualties == ["blue.1"]
    assert hot(events)[:1] == ["GH-1"]


def test_twin_linked_only_the_re_roll_decides() -> None:
    game = shoots((TWIN_HOT,))
    # To Hit 1, 1: both re-rolled (Twin-linked): 1, 4. One hit (4); one Gets Hot Wound (the re-rolled 1), not two
    game.force_dice(1, 1, 1, 4, 4, 2, 3)  # To Wound 4 wounds; red.1's save 2 fails; the firer's 3 saves
    events = game.apply(Shoot(1, "blue", "red"))
    assert game.state.units["red"].casualties == ["red.1"]
    assert game.state.units["blue"].casualties == []
    assert (
        sum(
            1
            for e in events
            if isinstance(e, Ruling) and e.what == "blue of blue suffers a Wound from its Twin hot las"
        )
        == 1
    )
    [cause] = [r.text for e in events if isinstance(e, Ruling) for r in e.why if r.text.startswith("GH-1")]
    assert "after its re-roll" in cause


def test_twin_linked_a_re_rolled_die_that_is_no_1_does_not_get_hot() -> None:
    game = shoots((TWIN_HOT,))
    game.force_dice(1, 6, 2, 2)  # 1 and 6: the 1 re-rolled to 2 (a miss, no Gets Hot); To Wound 2 fails
    events = game.apply(Shoot(1, "blue", "red"))
    assert hot(events) == [] and game.state.units["blue"].casualties == []


def test_a_vehicle_suffers_a_glancing_hit_on_1_or_2() -> None:
    tank, red = armoured("tank", weapons=(HOT_PISTOL,)), squad("red", 5)
    game = battle([tank], [red])
    to_phase(game, Phase.SHOOTING)
    place(game, tank, 10, 20)
    place(game, red, 10, 26)
    game.force_dice(1, 2)  # To Hit 1: Gets Hot; the Vehicle's D6 2: a Glancing Hit, one Hull Point lost
    events = game.apply(Shoot(1, "tank", "red"))
    assert game.state.units["tank"].wounds_lost == {"tank.1": 1}
    assert hot(events)[:2] == ["GH-1", "GH-3"]
    game2 = battle([armoured("tank", weapons=(HOT_PISTOL,))], [squad("red", 5)])
    to_phase(game2, Phase.SHOOTING)
    place(game2, game2.state.unit("tank"), 10, 20)
    place(game2, game2.state.unit("red"), 10, 26)
    game2.force_dice(1, 3)  # the D6 3: unharmed
    game2.apply(Shoot(1, "tank", "red"))
    assert game2.state.units["tank"].wounds_lost == {}


def test_a_blast_weapon_that_gets_hot_before_firing_does_not_fire() -> None:
    game = shoots((HOT_CANNON,), gap=20.0)
    game.force_dice(1)  # the Gets Hot D6 before firing: 1. The shot is not fired; the firer has no save at AP2
    events = game.apply(Shoot(1, "blue", "red"))
    [fired] = [e for e in events if isinstance(e, WeaponFired)]
    assert fired.summary == "no shots"
    assert game.state.units["blue"].casualties == ["blue.1"] and game.state.units["red"].casualties == []
    assert hot(events)[:2] == ["GH-5", "GH-2"]


def test_a_twin_linked_blast_re_rolls_its_gets_hot_1_once() -> None:
    game = shoots((TWIN_HOT_CANNON,), gap=20.0)
    game.force_dice(1, 1)  # 1, re-rolled (Twin-linked, GH-4): 1 again. Not fired; the firer wounded
    events = game.apply(Shoot(1, "blue", "red"))
    assert game.state.units["blue"].casualties == ["blue.1"]
    [cause] = [r.text for e in events if isinstance(e, Ruling) for r in e.why if r.text.startswith("GH-5")]
    assert "after its re-roll" in cause


def test_a_template_weapon_that_gets_hot_lays_no_template() -> None:
    game = shoots((HOT_FLAMER,), gap=6.0)
    game.force_dice(1, 6)  # the Gets Hot D6: 1, the template not laid; the firer's Armour Save (3+ v AP5): 6 saves
    events = game.apply(Shoot(1, "blue", "red"))
    [fired] = [e for e in events if isinstance(e, WeaponFired)]
    assert fired.summary == "no shots"
    assert game.state.units["blue"].casualties == [] and game.state.units["red"].casualties == []
    assert hot(events)[:2] == ["GH-5", "GH-2"]


def _hot_tank(overrides: dict[str, object] | None = None, passengers: bool = False) -> Game:
    tank, red = armoured("tank", weapons=(HOT_PISTOL,)), squad("red", 5)
    blue = [tank, squad("crew", 2)] if passengers else [tank]
    game = battle(blue, [red], overrides=overrides)
    to_phase(game, Phase.SHOOTING)
    place(game, tank, 10, 20)
    place(game, red, 10, 26)
    game.state.units["tank"].wounds_lost["tank.1"] = 2  # a Rhino (3 Hull Points) with one left
    if passengers:
        crew = game.state.units["crew"]
        crew.location, crew.embarked_in, crew.poses = Location.EMBARKED, "tank", {}
    return game


def test_gets_hot_a_vehicle_that_loses_its_last_hull_point_is_wrecked_and_its_passengers_disembark() -> None:
    game = _hot_tank(passengers=True)
    # To Hit 1: Gets Hot; the Vehicle's D6 1: a Glancing Hit, its last Hull Point; no damage roll (the default);
    # the crew disembark and take a Pinning test (Ld 8 v 2D6 = 3 + 3: passed)
    game.force_dice(1, 1, 3, 3)
    events = game.apply(Shoot(1, "tank", "red"))
    rulings = [e.what for e in events if isinstance(e, Ruling)]
    assert "Rhino loses a Hull Point (Gets Hot)" in rulings
    assert "Rhino is Wrecked" in rulings
    assert game.state.units["tank"].casualties == ["tank.1"]
    assert game.state.units["tank"].location is Location.DESTROYED
    crew = game.state.units["crew"]
    assert crew.location is Location.TABLE and len(crew.poses) == 2


def test_gets_hot_a_vehicle_glancing_hit_rolls_for_damage_when_configured_and_can_explode() -> None:
    game = _hot_tank({"vehicle_damage": {"glancing_hits_roll": True}})
    game.state.units["tank"].wounds_lost["tank.1"] = 0
    # To Hit 1; the Vehicle's D6 2: a Glancing Hit (3 -> 2 Hull Points); the damage roll 6 (AP2 +1: 7): Explodes,
    # D3 = 3 more Hull Points (2 left: destroyed); the blast radius D6 = 1: no model within 1"
    game.force_dice(1, 2, 6, 3, 1)
    events = game.apply(Shoot(1, "tank", "red"))
    rulings = [e.what for e in events if isinstance(e, Ruling)]
    assert "Rhino: Explodes" in rulings and "Rhino explodes" in rulings
    assert game.state.units["tank"].casualties == ["tank.1"]
    assert game.state.units["red"].casualties == []


def test_gets_hot_a_vehicle_left_with_hull_points_is_not_wrecked() -> None:
    game = _hot_tank()
    game.state.units["tank"].wounds_lost["tank.1"] = 1
    game.force_dice(1, 1)  # To Hit 1; D6 1: a Glancing Hit, 1 Hull Point left
    events = game.apply(Shoot(1, "tank", "red"))
    assert game.state.units["tank"].wounds_lost == {"tank.1": 2}
    assert "tank.1" in game.state.units["tank"].poses
    assert not any(isinstance(e, Ruling) and e.what == "Rhino is Wrecked" for e in events)


HOT_TWIN_FLAMER = weapon("Hot twin flamer", "Template", "4", "5", "Assault 2, Gets Hot")


def test_gets_hot_a_model_firing_two_templates_that_loses_one_lays_the_other() -> None:
    game = shoots((HOT_TWIN_FLAMER,), gap=6.0)
    # the Gets Hot D6s: 1 (that template not laid; the firer's save 6 passes), 4 (laid); then To Wound 6s, saves 1s
    game.force_dice(1, 4, 6, *([6] * 5), *([1] * 5))
    events = game.apply(Shoot(1, "blue", "red"))
    laid = [r.text for e in events if isinstance(e, WeaponFired) for r in e.why if r.rule == "Template"]
    assert sum("template laid" in t for t in laid) == 1
    assert game.state.units["blue"].casualties == []
    assert game.state.units["red"].casualties  # the one template laid hit
