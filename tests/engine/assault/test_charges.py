"""The Charge sub-phase: who may declare a Charge (INF-7, SCT-4, REL-2, Run, range, sight), the Charge Distance roll,
the Charge Move and the Surge Move, Disordered Charges, Difficult Terrain, Militia caught Falling Back.

Hand-built units on an open Dawn of War table (tests/engine/builders_assault.py): 32 mm bases touch at ``TOUCH``.
"""

from __future__ import annotations

import pytest

from strategium.catalogue.citations import Reason
from strategium.engine.assault.charges import (
    ChargeDeclared,
    ChargeMove,
    ChargeMoveEnded,
    ChargeRolled,
    DeclareCharge,
    charge_of,
    is_locked,
)
from strategium.engine.assault.fighter import initiative_step
from strategium.engine.core.actions import HoldToInfiltrate, IllegalActionError
from strategium.engine.core.board import Location, Pose
from strategium.engine.core.effects import Duration, EffectKind
from strategium.engine.core.events import DiceRolled
from strategium.engine.core.game import Game
from strategium.engine.core.timing import Phase, SubPhase
from strategium.engine.movement.move import Run
from strategium.engine.questions.queries import Query, ask
from strategium.engine.shooting.declare import Shoot
from strategium.model.characteristics import Characteristics
from strategium.model.weapons import WeaponClass
from tests.engine.builders import line
from tests.engine.builders_assault import TOUCH, assault_game, at, difficult, place, squad, to_charge, weapon

NEEDED = 5 - TOUCH  # a at (20, 20), b at (20, 25): 3.74" between the bases


def duel(**kw: object) -> Game:
    """One Blue marine ``a`` 5" (centres) south of one Red marine ``b``, at Blue's Charge sub-phase."""
    game = assault_game([squad("a", **kw)], [squad("b")])  # type: ignore[arg-type]
    place(game, "a", (("a.1", Pose(20, 20)),))
    place(game, "b", (("b.1", Pose(20, 25)),))
    to_charge(game)
    return game


def test_charge_distance_is_2d6_and_a_charge_move_into_contact_locks_the_units() -> None:
    game = duel()
    game.force_dice(2, 2)
    events = game.apply(DeclareCharge(1, "a", ("b",)))
    assert isinstance(events[0], ChargeDeclared)  # emitted before any roll: the Reaction window
    assert isinstance(events[1], DiceRolled) and events[1].roll.results == (2, 2)
    rolled = next(e for e in events if isinstance(e, ChargeRolled))
    assert (rolled.distance, round(rolled.needed, 4), rolled.success) == (4, round(NEEDED, 4), True)
    assert game.pending is not None and game.pending.prompt == 'make the Charge Move of a (each model up to 4")'
    too_far = (("a.1", Pose(20, 25 - TOUCH - 0.3)),)
    verdict = game.check(ChargeMove(1, "a", too_far))
    assert not verdict.legal
    assert verdict.reasons[0].text == "at least one model must end in base or hull contact with a target"
    events = game.apply(ChargeMove(1, "a", (("a.1", Pose(20, 25 - TOUCH)),)))
    ended = next(e for e in events if isinstance(e, ChargeMoveEnded))
    assert ended.contacted == ("b",) and not ended.surge
    assert is_locked(game, "a") and is_locked(game, "b")
    record = charge_of(game, "a")
    assert record is not None and record.success and record.distance == 4 and record.disordered == []
    assert game.pending is not None and game.pending.prompt == str(game.state.clock)
    # one unit at a time, once a turn; locked units neither move nor charge
    assert [b.id for b in ask(game, Query.MAY_CHARGE, "a").blocks] == ["locked", "charged"]
    assert [b.id for b in ask(game, Query.MAY_MOVE, "b").blocks] == ["locked"]


def test_a_charge_move_may_not_be_longer_than_the_charge_distance() -> None:
    game = duel()
    place(game, "b", (("b.1", Pose(20, 26)),))  # 4.74" away
    game.force_dice(3, 2)
    game.apply(DeclareCharge(1, "a", ("b",)))
    verdict = game.check(ChargeMove(1, "a", (("a.1", Pose(20 + TOUCH, 26)),)))  # in contact, but 6.13" away
    assert not verdict.legal and verdict.reasons[0].text == 'a.1 may move at most 5" (it moved 6.13")'
    assert game.check(ChargeMove(1, "a", (("a.1", Pose(20, 26 - TOUCH)),))).legal


def test_a_failed_charge_makes_a_surge_move_of_half_the_roll_rounded_up_toward_the_target() -> None:
    game = duel()
    game.force_dice(1, 2)
    events = game.apply(DeclareCharge(1, "a", ("b",)))
    rolled = next(e for e in events if isinstance(e, ChargeRolled))
    assert (rolled.distance, rolled.success) == (3, False)
    assert game.pending is not None and game.pending.prompt == 'make the Surge Move of a (each model up to 2")'
    assert not game.check(ChargeMove(1, "a", (("a.1", Pose(20, 22.5)),))).legal  # 2.5" > 2"
    away = game.check(ChargeMove(1, "a", (("a.1", Pose(20, 19)),)))
    assert not away.legal and away.reasons[0].text.startswith("a.1 must move toward the target")
    events = game.apply(ChargeMove(1, "a", (("a.1", Pose(20, 22)),)))
    ended = next(e for e in events if isinstance(e, ChargeMoveEnded))
    assert ended.surge and ended.contacted == ()
    assert not is_locked(game, "a")


def test_surge_move_switched_off_ends_the_failed_charge_at_once() -> None:
    game = assault_game([squad("a")], [squad("b")], config={"charge": {"surge_move": "no_move"}})
    place(game, "a", (("a.1", Pose(20, 20)),))
    place(game, "b", (("b.1", Pose(20, 25)),))
    to_charge(game)
    game.force_dice(1, 1)
    game.apply(DeclareCharge(1, "a", ("b",)))
    assert game.pending is not None and game.pending.prompt == str(game.state.clock)
    assert game.state.units["a"].poses["a.1"] == Pose(20, 20)


def test_targets_must_be_within_12_inches_and_seen() -> None:
    game = duel()
    place(game, "b", (("b.1", Pose(20, 20 + TOUCH + 12.01)),))
    far = game.check(DeclareCharge(1, "a", ("b",)))
    assert not far.legal and far.reasons[0].rule == "charge.max_distance"
    place(game, "b", (("b.1", Pose(20, 20 + TOUCH + 12)),))  # exactly 12": may be declared
    assert game.check(DeclareCharge(1, "a", ("b",))).legal


def test_a_unit_that_ran_may_not_charge() -> None:
    game = assault_game([squad("a")], [squad("b")])
    place(game, "a", (("a.1", Pose(20, 20)),))
    place(game, "b", (("b.1", Pose(20, 26)),))
    at(game, 1, Phase.MOVEMENT, SubPhase.MOVE)
    game.apply(Run(1, "a", (("a.1", Pose(20, 21)),)))
    to_charge(game)
    verdict = game.check(DeclareCharge(1, "a", ("b",)))
    assert not verdict.legal
    assert verdict.reasons == (Reason("Run", "a unit that Ran this turn may not declare a Charge"),)


@pytest.mark.parametrize("blue_first", [False, True])
def test_INF_7_INF_10_infiltrators_may_not_charge_in_their_first_turn(blue_first: bool) -> None:
    """RULINGS INF-10: Blue's Seekers infiltrated. Whoever goes first, the ban covers Blue's first turn only."""
    seekers = squad("seekers", 3, rules=("Infiltrate",))
    game = assault_game(
        [seekers],
        [squad("red")],
        first=1 if blue_first else 2,
        before=[HoldToInfiltrate(1, "seekers")],
        infiltrate={"seekers": line(seekers, 40, 20)},
    )
    place(game, "red", (("red.1", Pose(41.5, 20 + TOUCH + 5)),))  # 5" away
    to_charge(game, 1, game_turn=1)
    verdict = game.check(DeclareCharge(1, "seekers", ("red",)))
    assert not verdict.legal
    assert verdict.reasons[0].text == "INF-7: deployed by Infiltrate: no Charge in its first turn"
    to_charge(game, 1, game_turn=2)
    place(game, "red", (("red.1", Pose(41.5, 20 + TOUCH + 5)),))
    assert game.check(DeclareCharge(1, "seekers", ("red",))).legal


def test_SCT_4_SCT_06_scouts_may_not_charge_in_the_first_game_turn() -> None:
    """RULINGS SCT-06: Red goes first; Blue's Outriders redeployed by Scout: no Charge in Blue's Turn 1, allowed in
    Turn 2. A Scout unit that did not redeploy has no ban."""
    riders = squad("riders", 2, rules=("Scout",))
    idle = squad("idle", 2, rules=("Scout",))
    game = assault_game([riders, idle], [squad("red")], first=2, scout={"riders": line(riders, 2, 7)})
    assert [e.duration for e in game.effects_on("riders", EffectKind.CANNOT_CHARGE)] == [
        Duration.UNTIL_END_OF_GAME_TURN
    ]
    to_charge(game, 1, game_turn=1)
    place(game, "riders", line(riders, 30, 20))
    place(game, "idle", line(idle, 40, 20))
    place(game, "red", (("red.1", Pose(34, 27)),))
    verdict = game.check(DeclareCharge(1, "riders", ("red",)))
    assert not verdict.legal
    assert verdict.reasons[0].text == "SCT-4: made a Scout redeployment: no Charge in the first Game Turn"
    assert game.check(DeclareCharge(1, "idle", ("red",))).legal
    to_charge(game, 1, game_turn=2)
    assert game.check(DeclareCharge(1, "riders", ("red",))).legal


TOUGH = Characteristics(7, 4, 4, 4, 8, 1, 4, 1, 7, 2)


def test_REL_2_REL_01_relentless_units_charge_after_firing_rapid_fire() -> None:
    """RULINGS REL-01: Tartaros Terminators (Relentless) fire combi-bolters (Rapid Fire) at a unit 7" away and charge
    it; a Tactical Squad that did the same may not charge."""
    bolter = weapon("combi-bolter", WeaponClass.RAPID_FIRE, "4", 5)
    term = squad("term", 2, rules=("Relentless",), weapons=(bolter,))
    tac = squad("tac", 2, weapons=(bolter,))
    game = assault_game([term, tac], [squad("red", 3, chars=TOUGH)])  # T8: the bolters cannot wound it
    place(game, "term", line(term, 20, 20))
    place(game, "tac", line(tac, 26, 20))
    place(game, "red", line(game.state.unit("red"), 22, 20 + TOUCH + 7))
    at(game, 1, Phase.SHOOTING)
    game.apply(Shoot(1, "term", "red"))
    game.apply(Shoot(1, "tac", "red"))
    to_charge(game)
    allowed = game.check(DeclareCharge(1, "term", ("red",)))
    assert allowed.legal
    assert allowed.reasons[0].text == "REL-2: Relentless models may Charge after firing Heavy, Ordnance or Rapid Fire"
    refused = game.check(DeclareCharge(1, "tac", ("red",)))
    assert (
        not refused.legal
        and refused.reasons[0].text == "a unit that fired a Rapid Fire weapon this turn may not Charge"
    )


def test_every_model_that_can_reach_must_end_in_contact() -> None:
    game = assault_game([squad("a", 2)], [squad("b")])
    place(game, "a", (("a.1", Pose(20, 20)), ("a.2", Pose(20 + TOUCH, 20))))
    place(game, "b", (("b.1", Pose(20, 25)),))
    to_charge(game)
    game.force_dice(3, 3)
    game.apply(DeclareCharge(1, "a", ("b",)))
    lagging = game.check(ChargeMove(1, "a", (("a.1", Pose(20, 25 - TOUCH)), ("a.2", Pose(20 + TOUCH, 20)))))
    assert not lagging.legal
    assert [r.text[:30] for r in lagging.reasons] == [
        'every model must be within 2" ',
        "a.2 could reach a target model",
    ]
    game.apply(ChargeMove(1, "a", (("a.1", Pose(20, 25 - TOUCH)), ("a.2", Pose(20 + TOUCH, 25 - TOUCH)))))
    assert is_locked(game, "a")


def test_a_charge_at_two_units_is_disordered_by_default() -> None:
    game = assault_game([squad("a")], [squad("b"), squad("c")])
    place(game, "a", (("a.1", Pose(20, 20)),))
    place(game, "b", (("b.1", Pose(20, 25)),))
    place(game, "c", (("c.1", Pose(24, 25)),))
    to_charge(game)
    game.force_dice(3, 3)
    game.apply(DeclareCharge(1, "a", ("b", "c")))
    record = charge_of(game, "a")
    assert record is not None and [r.rule for r in record.disordered] == ["charge.multiple_targets_disordered"]


def terrain_duel(**kw: object) -> Game:
    game = assault_game([squad("a", **kw)], [squad("b")], terrain=[difficult("rubble", 15, 22, 25, 23)])  # type: ignore[arg-type]
    place(game, "a", (("a.1", Pose(20, 20)),))
    place(game, "b", (("b.1", Pose(20, 25)),))
    to_charge(game)
    return game


def test_charging_through_difficult_terrain_costs_2_inches_and_initiative() -> None:
    game = terrain_duel()
    game.force_dice(3, 3)
    events = game.apply(DeclareCharge(1, "a", ("b",)))
    rolled = next(e for e in events if isinstance(e, ChargeRolled))
    assert rolled.distance == 4
    assert rolled.why[-1].text.startswith('through rubble: -2" to the Charge Distance')
    game.apply(ChargeMove(1, "a", (("a.1", Pose(20, 25 - TOUCH)),)))
    record = charge_of(game, "a")
    assert record is not None and record.terrain_penalty is not None
    model = game.state.unit("a").models[0]
    assert initiative_step(game, "a", model)[0] == 1


def test_grenades_keep_the_initiative_but_not_the_distance() -> None:
    game = terrain_duel(wargear=("Frag Grenades",))
    game.force_dice(3, 3)
    events = game.apply(DeclareCharge(1, "a", ("b",)))
    assert next(e for e in events if isinstance(e, ChargeRolled)).distance == 4
    game.apply(ChargeMove(1, "a", (("a.1", Pose(20, 25 - TOUCH)),)))
    assert initiative_step(game, "a", game.state.unit("a").models[0])[0] == 4


def test_chargers_of_a_pinned_unit_take_no_initiative_penalty() -> None:
    game = terrain_duel()
    game.add_effect(EffectKind.PINNED, "b", Duration.UNTIL_END_OF_CONTROLLERS_NEXT_TURN, Reason.of("Pinning", "test"))
    game.force_dice(3, 3)
    game.apply(DeclareCharge(1, "a", ("b",)))
    events = game.apply(ChargeMove(1, "a", (("a.1", Pose(20, 25 - TOUCH)),)))
    assert charge_of(game, "a").terrain_penalty is None  # type: ignore[union-attr]
    assert any(r.rule == "Pinning" for e in events for r in e.reasons)
    assert initiative_step(game, "a", game.state.unit("a").models[0])[0] == 4


def test_a_falling_back_militia_unit_that_is_charged_is_destroyed() -> None:
    game = assault_game([squad("a")], [squad("mil", 2, unit_type="Infantry (Militia)")])
    place(game, "a", (("a.1", Pose(20, 20)),))
    place(game, "mil", (("mil.1", Pose(20, 25)), ("mil.2", Pose(20 + TOUCH, 25))))
    to_charge(game)
    game.add_effect(EffectKind.FALLING_BACK, "mil", Duration.PERMANENT, Reason("Fall Back", "test"))
    game.force_dice(3, 3)
    game.apply(DeclareCharge(1, "a", ("mil",)))
    game.apply(ChargeMove(1, "a", (("a.1", Pose(20, 25 - TOUCH)),)))
    assert game.state.units["mil"].location is Location.DESTROYED


def test_an_unfinished_charge_fails_when_the_step_ends() -> None:
    game = duel()
    game.force_dice(3, 3)
    game.apply(DeclareCharge(1, "a", ("b",)))
    from strategium.engine.core.actions import EndStep

    game.apply(EndStep(1))
    assert not is_locked(game, "a") and game.state.units["a"].poses["a.1"] == Pose(20, 20)
    with pytest.raises(IllegalActionError):
        game.apply(ChargeMove(1, "a", (("a.1", Pose(20, 25 - TOUCH)),)))


def test_the_foes_kept_by_the_span_of_the_ends_hold_every_foe_near_one() -> None:
    from hypothesis import given, settings
    from hypothesis import strategies as st
    from shapely.geometry import Point

    from strategium.engine.assault.charge_moves import _within_gap
    from strategium.engine.movement.common import Leg
    from strategium.engine.table.box_gap import SLACK, box_gap
    from strategium.engine.table.broad_phase import span as _span
    from strategium.geometry.measure import EPSILON, Footprint

    model = squad("m").models[0]
    spot = st.tuples(st.floats(0, 20), st.floats(0, 20))

    @settings(max_examples=60, deadline=None)
    @given(st.lists(spot, min_size=1, max_size=4), st.lists(spot, max_size=10), st.floats(0, 3))
    def check(ends: list[tuple[float, float]], spots: list[tuple[float, float]], gap: float) -> None:
        moves = [Leg("m", model, Footprint(Point(x, y), 0.63), Footprint(Point(x, y), 0.63)) for x, y in ends]
        foes = [("t" if i % 3 == 0 else "f", f"f.{i}", Footprint(Point(x, y), 0.5)) for i, (x, y) in enumerate(spots)]
        kept = _within_gap(foes, moves, gap, ("t",))
        for g in moves:
            near = [
                f
                for f in foes
                if f[0] != "t" and box_gap(g.after.outer_bounds, f[2].outer_bounds) <= gap + EPSILON + SLACK
            ]
            assert [f for f in kept if f in near] == near

    check()
    assert _span([(0.0, 1.0, 2.0, 3.0), (1.0, -1.0, 4.0, 2.0)]) == (0.0, -1.0, 4.0, 3.0)


def test_the_enemy_footprints_from_the_table_snapshot_are_every_enemy_model_with_a_pose() -> None:
    from strategium.engine.assault.charge_moves import _enemy_feet
    from strategium.engine.table.placement import footprint

    game = assault_game([squad("a"), squad("c")], [squad("b"), squad("d")])
    place(game, "a", (("a.1", Pose(20, 20)),))
    place(game, "b", (("b.1", Pose(20, 25)),))
    place(game, "d", (("d.1", Pose(30, 25)),))
    s = game.state

    def measured(player: int) -> list[tuple[str, str, object]]:  # every unit of the other side with poses
        return [
            (st.unit_id, m.id, footprint(m, st.poses[m.id]))
            for st in s.units.values()
            if st.player != player
            for m in s.unit(st.unit_id).models
            if m.id in st.poses
        ]

    assert [(u, m) for u, m, _ in _enemy_feet(game, 1)] == [("b", "b.1"), ("d", "d.1")]
    assert _enemy_feet(game, 1) == measured(1) and _enemy_feet(game, 2) == measured(2)
    s.units["d"].location = Location.RESERVES  # off the table but holding a pose: measured all the same
    assert [(u, m) for u, m, _ in _enemy_feet(game, 1)] == [("b", "b.1"), ("d", "d.1")]
    assert _enemy_feet(game, 1) == measured(1)
