"""Templates (rulebook p.248) and Blasts (p.234) fired in the engine, with forced dice and exact states."""

from __future__ import annotations

import math

import pytest

from strategium.dice import DiceError, ScatterFace
from strategium.engine.core.board import Pose
from strategium.engine.core.game import Game
from strategium.engine.core.timing import Phase
from strategium.engine.shooting import area_fire
from strategium.engine.shooting.declare import Shoot, WeaponFired
from tests.engine.builders_combat import battle, squad, to_phase, weapon

FLAMER = weapon("Flamer", "Template", "4", "5", "Assault 1")
FRAG = weapon("Frag missile", '48"', "4", "6", 'Heavy 1, Blast (3")')
TWIN_FRAG = weapon("Twin frag", '48"', "4", "6", 'Heavy 1, Blast (3"), Twin-linked')
BASE = 32.0 / 25.4 / 2  # the radius of a 32 mm base, inches


def _game(poses: dict[str, dict[str, tuple[float, float]]], overrides: dict[str, object] | None = None) -> Game:
    blue = squad("blue", 1, weapons=(FLAMER,))
    gun = squad("gun", 1, weapons=(FRAG,))
    twin = squad("twin", 1, weapons=(TWIN_FRAG,))
    red = squad("red", 4)
    red2 = squad("red2", 2)
    game = battle([blue, gun, twin], [red, red2], overrides=overrides)
    to_phase(game, Phase.SHOOTING, 1)
    for uid, where in poses.items():
        game.state.units[uid].poses = {mid: Pose(x, y) for mid, (x, y) in where.items()}
    return game


def _fired(game: Game) -> list[WeaponFired]:
    return [e for e in game.state.events if isinstance(e, WeaponFired)]


FAR = {"blue": {"blue.1": (60.0, 45.0)}, "gun": {"gun.1": (5.0, 40.0)}, "twin": {"twin.1": (3.0, 40.0)}}


def test_template_hits_exactly_the_models_under_the_teardrop_not_one_seven_inches_to_the_side() -> None:
    poses = {
        **FAR,
        "blue": {"blue.1": (10.0, 10.0)},
        "red": {"red.1": (13.0, 10.0), "red.2": (15.0, 10.0), "red.3": (17.0, 10.0), "red.4": (10.0, 17.0)},
        "red2": {"red2.1": (60.0, 30.0), "red2.2": (62.0, 30.0)},
    }
    game = _game(poses)
    assert area_fire.best_template(game, "blue", "red", "blue.1") == (0.0, 3)
    game.force_dice(6, 6, 6, 1, 1, 1)  # three wounds, three failed saves: exactly three hits were rolled
    game.apply(Shoot(1, "blue", "red"))
    fired = _fired(game)[-1]
    assert fired.summary.startswith("3 hits, 3 wounds, 3 unsaved")
    assert game.state.units["red"].casualties == ["red.1", "red.2", "red.3"]
    assert set(game.state.units["red"].poses) == {"red.4"}  # 7" to the side, within 8": not under the template
    assert game.state.dice.pending_forced == ()


def test_template_laid_by_the_player_must_cover_as_many_target_models_as_possible() -> None:
    poses = {
        **FAR,
        "blue": {"blue.1": (10.0, 10.0)},
        "red": {"red.1": (13.0, 10.0), "red.2": (15.0, 10.0), "red.3": (17.0, 10.0), "red.4": (10.0, 17.0)},
        "red2": {"red2.1": (60.0, 30.0), "red2.2": (62.0, 30.0)},
    }
    game = _game(poses)
    sideways = game.check(Shoot(1, "blue", "red", template_at=(("blue.1", 90.0),)))
    assert not sideways.legal and "as many as possible (3)" in sideways.reasons[0].text
    assert game.check(Shoot(1, "blue", "red", template_at=(("blue.1", 1.0),))).legal


def test_template_may_not_touch_a_friendly_model() -> None:
    poses = {
        **FAR,
        "blue": {"blue.1": (10.0, 10.0)},
        "gun": {"gun.1": (14.0, 10.0)},  # a friendly model right in front of the flamer
        "red": {"red.1": (13.0, 12.5), "red.2": (16.0, 10.0), "red.3": (40.0, 30.0), "red.4": (42.0, 30.0)},
        "red2": {"red2.1": (60.0, 30.0), "red2.2": (62.0, 30.0)},
    }
    game = _game(poses)
    blocked = game.check(Shoot(1, "blue", "red", template_at=(("blue.1", 0.0),)))
    assert not blocked.legal and "touches a friendly model" in blocked.reasons[0].text
    best = area_fire.best_template(game, "blue", "red", "blue.1")
    assert best is not None and best[1] >= 1


def test_template_sizes_are_the_rules_configuration() -> None:
    poses = {
        **FAR,
        "blue": {"blue.1": (10.0, 10.0)},
        "red": {"red.1": (13.0, 10.0), "red.2": (15.0, 10.0), "red.3": (17.0, 10.0), "red.4": (17.0, 12.2)},
        "red2": {"red2.1": (60.0, 30.0), "red2.2": (62.0, 30.0)},
    }
    assert area_fire.best_template(_game(poses), "blue", "red", "blue.1") == (0.0, 4)
    shorter = _game(poses, {"templates": {"length": 5.0}})
    assert area_fire.best_template(shorter, "blue", "red", "blue.1") == (0.0, 2)
    narrower = _game(poses, {"templates": {"wide_width": 1.0}})
    assert area_fire.best_template(narrower, "blue", "red", "blue.1") == (0.0, 3)
    red = {"red.1": (11.8, 11.5), "red.2": (11.8, 8.5), "red.3": (16.0, 10.0), "red.4": (17.5, 10.0)}
    tip = {**poses, "red": red}  # two models either side of the tip: only a wide tip covers both
    assert area_fire.best_template(_game(tip), "blue", "red", "blue.1")[1] == 3  # type: ignore[index]
    wide_tip = _game(tip, {"templates": {"narrow_width": 2.5}})
    assert area_fire.best_template(wide_tip, "blue", "red", "blue.1")[1] == 4  # type: ignore[index]


BLAST_POSES = {
    **FAR,
    "gun": {"gun.1": (10.0, 20.0)},
    "red": {"red.1": (30.0, 20.0), "red.2": (31.5, 20.0), "red.3": (40.0, 10.0), "red.4": (40.0, 12.0)},
    "red2": {"red2.1": (30.0, 26.0), "red2.2": (33.0, 26.0)},
}


def test_blast_scatters_two_d6_minus_bs_in_the_forced_direction_and_hits_the_models_under_the_final_marker() -> None:
    game = _game(BLAST_POSES)
    game.state.dice._strict = True  # every die rolled must be forced
    game.force_dice(ScatterFace.arrow(90), 6, 4, 6, 1)  # 10 - BS 4 = 6" north: over red2.1; wound 6, save 1
    game.apply(Shoot(1, "gun", "red", blast_at=("red.1",)))
    fired = _fired(game)[-1]
    assert fired.target_name == "red2" and fired.summary.startswith("1 hits, 1 wounds, 1 unsaved")
    assert "hole at (30.00, 26.00)" in fired.why[0].text
    assert game.state.units["red2"].casualties == ["red2.1"]
    assert game.state.units["red"].casualties == []


def test_blast_forced_hit_does_not_scatter() -> None:
    game = _game(BLAST_POSES)
    game.force_dice(ScatterFace.hit(), 6, 6, 1, 1)
    game.apply(Shoot(1, "gun", "red", blast_at=("red.1",)))
    assert game.state.units["red"].casualties == ["red.1", "red.2"]
    assert not [r for r in game.state.dice.log if r.reason.startswith("scatter distance")]  # no 2D6 for a Hit


def test_blast_ballistic_skill_cancels_a_short_scatter() -> None:
    game = _game(BLAST_POSES)
    game.force_dice(ScatterFace.arrow(0), 2, 2, 6, 6, 1, 1)  # 4 - BS 4 = 0": the marker stays on red.1
    game.apply(Shoot(1, "gun", "red", blast_at=("red.1",)))
    assert game.state.units["red"].casualties == ["red.1", "red.2"]


def test_blast_hits_a_model_partly_under_the_marker_and_not_one_just_outside() -> None:
    poses = {**BLAST_POSES, "red": {"red.1": (30.0, 20.0), "red.2": (30.0 + 1.5 + BASE - 0.05, 20.0),
                                    "red.3": (30.0, 20.0 + 1.5 + BASE + 0.05), "red.4": (40.0, 10.0)}}  # fmt: skip
    game = _game(poses)
    game.force_dice(ScatterFace.hit(), 1, 1)
    game.apply(Shoot(1, "gun", "red", blast_at=("red.1",)))
    assert _fired(game)[-1].summary.startswith("2 hits")


def test_blast_marker_off_the_battlefield_is_a_complete_miss() -> None:
    poses = {**BLAST_POSES, "red": {"red.1": (30.0, 44.0), "red.2": (31.5, 44.0), "red.3": (40, 40), "red.4": (42, 40)}}
    game = _game(poses)
    game.state.dice._strict = True
    game.force_dice(ScatterFace.arrow(90), 6, 6)  # 12 - 4 = 8" north of y 44: off the 48" table
    game.apply(Shoot(1, "gun", "red", blast_at=("red.1",)))
    fired = _fired(game)[-1]
    assert fired.summary == "no hits" and "complete miss" in fired.why[0].text


def test_blast_may_not_be_placed_with_a_friendly_model_under_it() -> None:
    poses = {**BLAST_POSES, "twin": {"twin.1": (30.5, 18.3)}}
    game = _game(poses)
    verdict = game.check(Shoot(1, "gun", "red", blast_at=("red.1",)))
    assert not verdict.legal and "friendly model" in verdict.reasons[0].text
    assert game.check(Shoot(1, "gun", "red", blast_at=("red.3",))).legal


def test_blast_engine_places_the_marker_over_the_most_target_models() -> None:
    game = _game(BLAST_POSES)
    game.force_dice(ScatterFace.hit(), 1, 1)
    game.apply(Shoot(1, "gun", "red"))
    assert "over red, " in _fired(game)[-1].why[0].text and _fired(game)[-1].summary.startswith("2 hits")


def test_twin_linked_blast_rerolls_a_scatter_that_moves_the_marker() -> None:
    poses = {**BLAST_POSES, "twin": {"twin.1": (10.0, 22.0)}}
    game = _game(poses)
    game.force_dice(ScatterFace.arrow(90), 6, 6, ScatterFace.hit(), 6, 6, 1, 1)
    game.apply(Shoot(1, "twin", "red", blast_at=("red.1",)))
    assert game.state.units["red"].casualties == ["red.1", "red.2"]


@pytest.mark.parametrize(("origin", "removed"), [("firer", "red.1"), ("marker", "red.2")])
def test_blast_wounds_are_allocated_from_the_setting_s_origin(origin: str, removed: str) -> None:
    poses = {**BLAST_POSES, "red": {"red.1": (29.0, 20.0), "red.2": (30.5, 20.0), "red.3": (40, 10), "red.4": (40, 14)}}
    game = _game(poses, {"templates": {"blast_allocation_from": origin}})
    game.force_dice(ScatterFace.hit(), 6, 1, 1)  # two hits (both models are under the marker), one wound, unsaved
    game.apply(Shoot(1, "gun", "red", blast_at=("red.2",)))
    assert game.state.units["red"].casualties == [removed]


def test_scatter_face_where_a_d6_is_rolled_is_an_error() -> None:
    game = _game(BLAST_POSES)
    game.force_dice(ScatterFace.hit())
    with pytest.raises(DiceError):
        game.state.dice.d6("a test")
    assert math.isclose(ScatterFace.arrow(-90).direction or 0.0, 270.0)
