"""Morale checks after shooting (25%), Fall Back, Regroup, Blind and Concussive tests, and a destroyed
Transport's passengers (CORE_B §1.10, §2.7, §6). Exact situations with forced dice."""

from __future__ import annotations

from strategium.catalogue.citations import Reason
from strategium.engine.core.board import Location
from strategium.engine.core.effects import Duration, EffectKind
from strategium.engine.core.timing import Phase
from strategium.engine.morale.checks import FellBack, MoraleCheckTaken, blind_test, concussive_test, fall_back
from strategium.engine.questions.profiles_now import current
from strategium.engine.questions.queries import Query, ask
from strategium.engine.shooting.declare import Shoot
from tests.engine.builders_combat import armoured, battle, place, squad, to_phase, to_turn

WHY = Reason("Morale checks", "test")


def test_a_quarter_of_the_models_lost_to_shooting_forces_one_morale_check_and_a_failure_falls_back() -> None:
    tac, red = squad("tac", 4), squad("red", 8)
    game = battle([tac], [red])
    to_phase(game, Phase.SHOOTING)
    place(game, tac, 10, 20)
    place(game, red, 10, 34)  # 14": one bolter shot each
    game.force_dice(6, 6, 6, 6, 6, 6, 1, 1, 1, 1)  # 4 hits, 2 wounds, both saves fail: 2 of 8 lost
    game.force_dice(5, 4, 3, 3)  # Morale check 9 against Ld 7 fails; Fall Back 2D6 = 6"
    events = game.apply(Shoot(1, "tac", "red"))
    [check] = [e for e in events if isinstance(e, MoraleCheckTaken)]
    [fell] = [e for e in events if isinstance(e, FellBack)]
    assert not check.passed and (fell.inches, fell.destroyed) == (6, False)
    assert {p.y for p in game.state.units["red"].poses.values()} == {40.0}  # toward Red's (north) edge
    assert game.effects_on("red", EffectKind.FALLING_BACK)
    assert not ask(game, Query.MAY_SHOOT, "red")


def test_cavalry_fall_back_3d6_and_off_the_table_is_destroyed() -> None:
    cav = squad("cav", 2, unit_type="Cavalry", base=60)
    game = battle([cav], [squad("red", 2)])
    place(game, cav, 10, 8)
    game.force_dice(3, 3, 3)  # 9" south from y=8: off the table
    fall_back(game, "cav", WHY)
    assert game.state.units["cav"].location is Location.DESTROYED


def test_regroup_at_the_start_of_the_movement_phase() -> None:
    game = battle([squad("tac", 5)], [squad("red", 2)])
    place(game, game.state.unit("tac"), 10, 20)
    game.force_dice(1, 1)
    fall_back(game, "tac", WHY)
    game.force_dice(3, 3)  # Regroup test 6 against Ld 7 passes
    to_turn(game, 2, 1, Phase.MOVEMENT)
    assert not game.effects_on("tac", EffectKind.FALLING_BACK)


def test_failed_regroup_falls_back_again() -> None:
    game = battle([squad("tac", 5)], [squad("red", 2)])
    place(game, game.state.unit("tac"), 10, 30)
    game.force_dice(1, 1)
    fall_back(game, "tac", WHY)
    game.force_dice(6, 6, 2, 2)  # Regroup 12 fails; Fall Back 4" more
    to_turn(game, 2, 1, Phase.MOVEMENT)
    assert {p.y for p in game.state.units["tac"].poses.values()} == {24.0}
    assert game.effects_on("tac", EffectKind.FALLING_BACK)


def test_vehicles_take_no_morale_checks() -> None:
    game = battle([armoured("rhino")], [squad("red", 2)])
    answer = ask(game, Query.TAKES_MORALE_CHECKS, "rhino")
    assert not answer and answer.blocks[0].id == "no-leadership"


def test_blind_and_concussive_tests() -> None:
    game = battle([squad("tac", 2)], [squad("red", 2)])
    model = game.state.unit("tac").models[0]
    game.force_dice(6, 5)  # Ld test 11 fails: -2 WS
    assert concussive_test(game, "tac", 2) is False
    [concussed] = game.effects_on("tac", EffectKind.CONCUSSED)
    assert concussed.duration is Duration.UNTIL_END_OF_TURN
    assert getattr(current(game, "tac", model), "ws", None) == 2
    game.force_dice(5)  # Initiative test 5 against I4 fails
    assert blind_test(game, "tac") is False
    assert (getattr(current(game, "tac", model), "ws", None), getattr(current(game, "tac", model), "bs", None)) == (
        1,
        1,
    )


def test_passengers_of_a_destroyed_transport_disembark_and_test_for_pinning() -> None:
    from tests.engine.builders_combat import LASCANNON

    game = battle([squad("las", 1, weapons=(LASCANNON,))], [armoured("rhino"), squad("pax", 3)])
    to_phase(game, Phase.SHOOTING)
    place(game, game.state.unit("rhino"), 30, 30)
    place(game, game.state.unit("las"), 30, 20)
    pax = game.state.units["pax"]
    pax.poses.clear()
    pax.location, pax.embarked_in = Location.EMBARKED, "rhino"
    game.state.units["rhino"].wounds_lost["rhino.1"] = 2
    game.force_dice(5, 3, 1)  # hit, Penetrating, damage roll: the last Hull Point goes
    game.force_dice(3, 3)  # the passengers' Pinning test: 6 passes
    game.apply(Shoot(1, "las", "rhino"))
    assert game.state.units["rhino"].location is Location.DESTROYED
    assert pax.location is Location.TABLE and len(pax.poses) == 3 and not game.effects_on("pax", EffectKind.PINNED)


def test_the_box_test_of_leaving_the_table_agrees_with_the_exact_test() -> None:
    from strategium.engine.core.board import Pose
    from strategium.engine.morale import fall_back_paths
    from strategium.engine.table.placement import footprint

    cav = squad("cav", 2, unit_type="Cavalry", base=60)
    game = battle([cav], [squad("red", 2)])
    place(game, cav, 10, 8)
    obstacles = fall_back_paths.obstacles_of(game, "cav")
    table = game.state.battlefield.table.polygon()
    model = cav.models[0]
    found = []
    for x, y, heading in [(10.0, 8.0, 0.0), (2.0, 30.0, 45.0), (70.0, 1.5, 90.0), (36.0, 46.9, 10.0)]:
        start = Pose(x, y, heading)
        for direction in [(0.0, -1.0), (0.0, 1.0), (-0.6, 0.8), (1.0, 0.0)]:
            for inches in [0.0, 1.0, 6.5, 9.0]:
                end = fall_back_paths.shifted(start, direction, inches)
                exact = not table.contains(footprint(model, end).polygon())
                assert fall_back_paths.leaves_table(game, model, start, direction, inches, obstacles) == exact
                found.append(exact)
    assert True in found and False in found


def test_the_paths_box_holds_every_path() -> None:
    from strategium.engine.attacks import damage
    from strategium.engine.core.board import Pose
    from strategium.engine.morale import fall_back_paths

    game = battle([squad("tac", 2)], [squad("red", 2)])
    game.state.units["tac"].poses = {"tac.1": Pose(10.0, 10.0), "tac.2": Pose(12.0, 10.0)}
    r = 16 / 25.4  # 32 mm bases
    box = fall_back_paths.paths_box(game, damage.living(game, "tac"), (0.0, -1.0), 6.0)
    assert box is not None
    assert [round(v, 9) for v in box] == [round(v, 9) for v in (10.0 - r, 4.0 - r, 12.0 + r, 10.0 + r)]
    assert fall_back_paths.paths_box(game, [], (0.0, -1.0), 6.0) is None


def test_the_phase_start_kept_for_a_growing_log_agrees_with_a_full_search() -> None:
    from hypothesis import given, settings
    from hypothesis import strategies as st

    from strategium.engine.core.events import Event, Ruling, StepStarted
    from strategium.engine.core.state import _CUTS
    from strategium.engine.core.timing import Clock
    from strategium.engine.morale import checks as morale_checks

    clocks = [Clock(turn_index=t, phase=p) for t in (1, 2) for p in (Phase.MOVEMENT, Phase.SHOOTING)]

    def search(events: list[Event], c: Clock) -> int:  # the plain backward search
        for i in range(len(events) - 1, -1, -1):
            e = events[i]
            if isinstance(e, StepStarted) and e.clock.turn_index == c.turn_index and e.clock.phase is c.phase:
                return i
        return -1

    entry = st.one_of(st.sampled_from(clocks).map(StepStarted), st.just(Ruling("x", ())))
    # each round: entries appended, or (a backup's undo) entries cut off the end; then asked at some clock
    step = st.tuples(st.lists(entry, max_size=6), st.integers(0, 4), st.sampled_from(clocks))

    @settings(max_examples=150, deadline=None)
    @given(st.lists(step, min_size=1, max_size=12))
    def check(rounds: list[tuple[list[Event], int, Clock]]) -> None:
        events: list[Event] = []
        for added, cut, c in rounds:
            if cut and cut <= len(events) and not added:
                _CUTS[0] += 1  # as Backup.restore counts its cut
                del events[len(events) - cut :]
            events.extend(added)
            assert morale_checks._phase_start(events, c) == search(events, c)
        other = list(events)  # another list (a snapshot's log): searched afresh
        assert morale_checks._phase_start(other, rounds[-1][2]) == search(other, rounds[-1][2])

    check()
    events: list[Event] = [StepStarted(clocks[0]), Ruling("x", ()), StepStarted(clocks[0])]
    assert morale_checks._phase_start(events, clocks[0]) == 2
    assert morale_checks._phase_start(events, clocks[1]) == -1


def test_a_backup_undo_that_cuts_the_log_is_counted() -> None:
    from strategium.engine.core.events import Ruling
    from strategium.engine.core.state import log_cuts

    game = battle([squad("tac", 2)], [squad("red", 2)])
    before = log_cuts()
    backup = game.state.backup()
    backup.restore()  # nothing logged meanwhile: nothing cut, not counted
    assert log_cuts() == before
    backup = game.state.backup()
    game.log(Ruling("x", ()))
    backup.restore()
    assert log_cuts() == before + 1
