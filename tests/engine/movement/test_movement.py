"""Move and Run in the Movement phase: distances, Run, the 1" rule, coherency, terrain, who may not Run.

Bases are 32 mm (radius 0.63"); Legionaries M7 I4. Table 72" x 48" (Dawn of War: player 1 y < 12, player 2
y > 36) unless a test builds a shallower one.
"""

from __future__ import annotations

import pytest
from shapely.geometry import box

from strategium.catalogue.citations import Reason
from strategium.engine.core.board import Placement, Pose
from strategium.engine.core.effects import Duration, EffectKind
from strategium.engine.core.game import Game
from strategium.engine.core.timing import Phase, SubPhase
from strategium.engine.core.watchers import Fact
from strategium.engine.movement.move import Move, Run, UnitRan
from strategium.engine.questions.queries import Query, ask
from strategium.geometry.terrain import Battlefield, TerrainKind, terrain_piece
from tests.engine.builders import line, unit
from tests.engine.moving import field, start, to_step


def shifted(game: Game, uid: str, dx: float, dy: float) -> Placement:
    """Every living model of the unit moved by (dx, dy)."""
    poses = game.state.units[uid].poses
    return tuple((m, Pose(p.x + dx, p.y + dy, p.heading)) for m, p in poses.items())


def two_squads(blue_type: str = "Infantry (Line)", rules: tuple[str, ...] = ()) -> Game:
    a1 = unit("a1", unit_type=blue_type, rules=rules)
    r1 = unit("r1")
    return start([a1], [r1], {"a1": line(a1, 10, 5), "r1": line(r1, 10, 43)})


def rules_of(reasons: tuple[Reason, ...]) -> list[str]:
    return [r.rule for r in reasons]


def test_a_model_moves_up_to_its_movement_exactly_7_inches() -> None:
    game = two_squads()
    assert game.check(Move(1, "a1", shifted(game, "a1", 0, 7.0))).legal
    verdict = game.check(Move(1, "a1", shifted(game, "a1", 0, 7.2)))
    assert not verdict.legal
    assert 'a1.1 may move at most 7" (it moved 7.20")' in verdict.reasons[0].text
    game.apply(Move(1, "a1", shifted(game, "a1", 3, 4)))  # a 3-4-5 diagonal: 5"
    assert game.state.units["a1"].poses["a1.1"] == Pose(13, 9)
    assert game.state.facts.has("a1", Fact.MOVED) and not game.state.facts.has("a1", Fact.RAN)


def test_a_unit_moves_once_per_movement_phase() -> None:
    game = two_squads()
    game.apply(Move(1, "a1", shifted(game, "a1", 0, 2)))
    verdict = game.check(Move(1, "a1", shifted(game, "a1", 0, 2)))
    assert not verdict.legal and "has already moved this phase" in verdict.reasons[0].text
    assert not game.check(Run(1, "a1", shifted(game, "a1", 0, 2))).legal


def test_every_living_model_must_be_given_a_pose() -> None:
    game = two_squads()
    verdict = game.check(Move(1, "a1", shifted(game, "a1", 0, 2)[:4]))
    assert not verdict.legal and "missing a1.5" in verdict.reasons[0].text


def test_run_distance_is_movement_plus_initiative_11_inches() -> None:
    game = two_squads()
    assert game.check(Run(1, "a1", shifted(game, "a1", 0, 11.0))).legal
    verdict = game.check(Run(1, "a1", shifted(game, "a1", 0, 11.1)))
    assert not verdict.legal and 'may Run at most 11"' in verdict.reasons[0].text
    events = game.apply(Run(1, "a1", shifted(game, "a1", 0, 11.0)))
    assert any(isinstance(e, UnitRan) and e.unit_ids == ("a1",) for e in events)
    assert game.state.facts.has("a1", Fact.RAN) and game.state.facts.has("a1", Fact.MOVED)


def test_an_all_light_unit_runs_one_inch_further() -> None:
    """Light (rulebook p.197): +1 Initiative for the Run distance: 7 + 4 + 1 = 12"."""
    game = two_squads("Infantry (Light, Skirmish)")
    verdict = game.check(Run(1, "a1", shifted(game, "a1", 0, 12.0)))
    assert verdict.legal and ("Light", 197) in [(r.rule, r.page) for r in verdict.reasons]
    assert not game.check(Run(1, "a1", shifted(game, "a1", 0, 12.1))).legal


def test_fleet_adds_its_value_to_the_run() -> None:
    game = two_squads(rules=("Fleet (2)",))
    assert game.check(Run(1, "a1", shifted(game, "a1", 0, 13.0))).legal
    assert not game.check(Run(1, "a1", shifted(game, "a1", 0, 13.1))).legal


@pytest.mark.parametrize(
    ("unit_type", "rules", "rule", "page"),
    [
        ("Infantry (Heavy)", (), "Heavy", 197),
        ("Infantry (Artillery)", (), "Artillery", 197),
        ("Infantry (Close-order)", (), "Close-order", 129),
        ("Infantry", ("Slow and Purposeful",), "Slow and Purposeful", 247),
    ],
)
def test_who_may_not_run(unit_type: str, rules: tuple[str, ...], rule: str, page: int) -> None:
    game = two_squads(unit_type, rules)
    verdict = game.check(Run(1, "a1", shifted(game, "a1", 0, 3)))
    assert not verdict.legal
    assert (verdict.reasons[0].rule, verdict.reasons[0].page) == (rule, page)
    if rule != "Close-order":  # coherency 1" for an all-Close-order unit: the line is 1.5" apart
        assert game.check(Move(1, "a1", shifted(game, "a1", 0, 3))).legal


def test_a_vehicle_may_not_run() -> None:
    from tests.engine.builders import rhino

    rh = rhino("rh", None)
    r1 = unit("r1")
    game = start([rh], [r1], {"rh": ((f"{rh.id}.1", Pose(20, 6)),), "r1": line(r1, 10, 43)})
    answer = ask(game, Query.MAY_RUN, "rh")
    assert not answer and answer.blocks[0].id == "vehicle"
    assert game.check(Move(1, "rh", ((f"{rh.id}.1", Pose(20, 20)),))).legal  # Rhino M14


def test_a_pinned_unit_may_neither_move_nor_run() -> None:
    game = two_squads()
    game.add_effect(EffectKind.PINNED, "a1", Duration.UNTIL_END_OF_CONTROLLERS_NEXT_TURN, Reason("Pinning", "test"))
    for action in (Move(1, "a1", shifted(game, "a1", 0, 1)), Run(1, "a1", shifted(game, "a1", 0, 1))):
        verdict = game.check(action)
        assert not verdict.legal and verdict.reasons[0].rule == "Pinning" and verdict.reasons[0].page == 244


def test_only_the_active_player_moves_in_the_move_step() -> None:
    game = two_squads()
    verdict = game.check(Move(2, "r1", shifted(game, "r1", 0, -1)))
    assert not verdict.legal


def test_no_model_may_end_within_1_inch_of_an_enemy_model() -> None:
    """A 23"-deep table, zones 6" deep: Red's model stands at y 17.7; a Run from y 5.3 to 15.3 ends 1.14" from
    it (legal); ending at 15.5 is 0.94" away (refused, citing movement.enemy_distance)."""
    a1, r1 = unit("a1", 1), unit("r1", 1)
    game = start([a1], [r1], {"a1": ((a1.models[0].id, Pose(10, 5.3)),), "r1": ((r1.models[0].id, Pose(10, 17.7)),)},
                 battlefield=field(depth=23, zone=6))  # fmt: skip
    assert game.check(Run(1, "a1", (("a1.1", Pose(10, 15.3)),))).legal
    verdict = game.check(Run(1, "a1", (("a1.1", Pose(10, 15.5)),)))
    assert not verdict.legal
    assert verdict.reasons[0].rule == "rules configuration movement.enemy_distance"
    assert 'a1.1 would end within 1" of r1.1' in verdict.reasons[0].text


def test_the_path_may_not_pass_within_1_inch_of_an_enemy() -> None:
    """movement.enemy_distance_during_move: sliding sideways past an enemy at 0.5" is refused."""
    a1, r1 = unit("a1", 1), unit("r1", 1)
    places = {"a1": (("a1.1", Pose(5, 5.3)),), "r1": (("r1.1", Pose(10, 17.7)),)}
    game = start([a1], [r1], places, battlefield=field(depth=23, zone=6))
    game.apply(Run(1, "a1", (("a1.1", Pose(5, 15.5)),)))
    to_step(game, 1, Phase.MOVEMENT, SubPhase.MOVE, game_turn=2)
    # (5, 15.5) to (12, 15.5) passes 0.94" below r1's base; both ends are more than 1" from it
    verdict = game.check(Move(1, "a1", (("a1.1", Pose(12, 15.5)),)))
    assert not verdict.legal
    assert verdict.reasons[0].rule == "rules configuration movement.enemy_distance_during_move"


def test_the_unit_must_end_in_coherency() -> None:
    game = two_squads()
    spread = tuple((m, Pose(p.x + 1.0 * i, p.y + 1)) for i, (m, p) in enumerate(shifted(game, "a1", 0, 0)))
    assert game.check(Move(1, "a1", spread)).legal  # 2.5" between centres: 1.24" between bases
    spread = tuple((m, Pose(p.x + (1.0 if i == 4 else 0.0), p.y)) for i, (m, p) in enumerate(spread))
    verdict = game.check(Move(1, "a1", spread))  # the last model 3.5" from the next: 2.24" between bases
    assert not verdict.legal and rules_of(verdict.reasons) == ["Unit coherency"]
    assert "(a1.5)" in verdict.reasons[0].text


def ruined_field() -> Battlefield:
    return field(
        (
            terrain_piece("scrub", box(0, 9, 30, 10), TerrainKind.DIFFICULT),
            terrain_piece("wire", box(40, 6, 50, 7), TerrainKind.DANGEROUS),
            terrain_piece("crag", box(20, 14, 30, 16), TerrainKind.IMPASSABLE, 3.0),
        )
    )


def test_difficult_terrain_costs_the_configured_2_inches() -> None:
    """terrain.difficult_move_penalty = 2: a Legionary crossing the scrub (y 9-10) moves at most 5"."""
    a1, r1 = unit("a1", 2), unit("r1", 1)
    game = start([a1], [r1], {"a1": line(a1, 5, 5), "r1": line(r1, 5, 43)}, battlefield=ruined_field())
    assert game.check(Move(1, "a1", shifted(game, "a1", 0, 5.0))).legal
    verdict = game.check(Move(1, "a1", shifted(game, "a1", 0, 5.5)))
    assert not verdict.legal and 'at most 5"' in verdict.reasons[0].text
    assert "terrain.difficult_move_penalty" in {
        r.rule.split()[-1] for r in game.check(Move(1, "a1", shifted(game, "a1", 0, 4))).reasons
    }
    # moving alongside it (not overlapping the piece) keeps the full 7"
    assert game.check(Move(1, "a1", shifted(game, "a1", 0, 3.3))).legal


def test_move_through_cover_is_not_slowed() -> None:
    a1, r1 = unit("a1", 2, rules=("Move Through Cover",)), unit("r1", 1)
    game = start([a1], [r1], {"a1": line(a1, 5, 5), "r1": line(r1, 5, 43)}, battlefield=ruined_field())
    assert game.check(Move(1, "a1", shifted(game, "a1", 0, 7.0))).legal


def test_cavalry_are_not_slowed_but_test_difficult_terrain_as_dangerous() -> None:
    """Cavalry (p.195): a 10" move through the scrub is allowed; each model tests: forced 1 and 4."""
    a1, r1 = unit("a1", 2, unit_type="Cavalry"), unit("r1", 1)
    game = start([a1], [r1], {"a1": line(a1, 5, 5), "r1": line(r1, 5, 43)}, battlefield=ruined_field())
    game.force_dice(1, 4)
    game.apply(Move(1, "a1", shifted(game, "a1", 0, 7.0)))
    status = game.state.units["a1"]
    assert status.casualties == ["a1.1"] and list(status.poses) == ["a1.2"]


def test_dangerous_terrain_test_fails_on_a_1_and_costs_a_wound() -> None:
    a1, r1 = unit("a1", 2), unit("r1", 1)
    game = start([a1], [r1], {"a1": line(a1, 44, 4), "r1": line(r1, 5, 43)}, battlefield=ruined_field())
    game.force_dice(2, 1)  # a1.1 passes on a 2, a1.2 fails on a 1 (terrain.dangerous_fails_on = 1)
    game.apply(Move(1, "a1", shifted(game, "a1", 0, 4.0)))
    assert game.state.units["a1"].casualties == ["a1.2"]


def test_impassable_terrain_may_not_be_crossed_or_stood_in() -> None:
    a1, r1 = unit("a1", 1), unit("r1", 1)
    game = start([a1], [r1], {"a1": (("a1.1", Pose(25, 11)),), "r1": line(r1, 5, 43)}, battlefield=ruined_field())
    verdict = game.check(Move(1, "a1", (("a1.1", Pose(25, 17.0)),)))  # straight through the crag (y 14-16)
    assert not verdict.legal
    assert ("Impassable Terrain", 222) in [(r.rule, r.page) for r in verdict.reasons]
    assert not game.check(Move(1, "a1", (("a1.1", Pose(25, 14.5)),))).legal  # ending inside it
    assert game.check(Move(1, "a1", (("a1.1", Pose(31.5, 13)),))).legal  # past its corner, 1.4" clear


def test_a_model_may_not_move_through_another_unit() -> None:
    a1, a2, r1 = unit("a1", 1), unit("a2", 1), unit("r1", 1)
    places = {"a1": (("a1.1", Pose(10, 3)),), "a2": (("a2.1", Pose(10, 6)),), "r1": line(r1, 5, 43)}
    game = start([a1, a2], [r1], places)
    verdict = game.check(Move(1, "a1", (("a1.1", Pose(10, 9)),)))
    assert not verdict.legal and verdict.reasons[0].text == "a1.1 may not move through a2.1"
    assert rules_of(verdict.reasons) == ["Movement phase"]


def test_an_independent_character_joins_at_the_end_of_its_move_and_leaves_by_moving_away() -> None:
    a1 = unit("a1", 2)
    ic = unit("ic", 1, rules=("Independent Character",), unit_type="Infantry (Character)")
    r1 = unit("r1", 1)
    places = {"a1": line(a1, 10, 5), "ic": (("ic.1", Pose(20, 5)),), "r1": line(r1, 5, 43)}
    game = start([a1, ic], [r1], places)
    far = game.check(Move(1, "ic", (("ic.1", Pose(16, 5)),), join="a1"))
    assert not far.legal and far.reasons[0].rule == "Independent Character" and far.reasons[0].page == 241
    game.apply(Move(1, "ic", (("ic.1", Pose(13, 5)),), join="a1"))
    assert game.state.units["ic"].joined_to == "a1"
    assert not game.check(Move(1, "a1", shifted(game, "a1", 0, 1))).legal  # the joined unit moves no further


def test_the_move_is_announced_after_its_dangerous_terrain_casualties() -> None:
    """The Movement-phase Reactions hook ``UnitMoved``: they must see the unit as the move left it, so the event
    comes after the Dangerous Terrain tests and their casualties (a battle once offered a Withdraw against a
    unit whose closest model had just died, then refused it)."""
    from strategium.engine.movement.move import UnitMoved

    a1, r1 = unit("a1", 2), unit("r1", 1)
    game = start([a1], [r1], {"a1": line(a1, 44, 4), "r1": line(r1, 5, 43)}, battlefield=ruined_field())
    game.force_dice(2, 1)
    events = game.apply(Move(1, "a1", shifted(game, "a1", 0, 4.0)))
    texts = [e.text() for e in events]
    moved = next(i for i, e in enumerate(events) if isinstance(e, UnitMoved))
    removed = next(i for i, t in enumerate(texts) if "a1.2 is removed as a casualty" in t)
    assert removed < moved
