"""strategium.dice: forced dice, keep-highest/lowest, roll-offs, determinism, snapshots."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from strategium.dice import Dice, DiceError, DiceMark, DiceState, Roll
from strategium.errors import StrategiumError


def test_forced_faces_are_used_in_order_and_recorded_as_forced() -> None:
    dice = Dice(1)
    dice.force(6, 1)
    first = dice.d6("Reserves roll: 1st Tactical Squad", who="blue")
    second = dice.d6("Reserves roll: 2nd Tactical Squad", who="blue")
    assert (first.total, second.total) == (6, 1)
    assert first.forced == (True,) and second.forced == (True,)
    assert first.is_forced
    assert dice.pending_forced == ()


def test_after_the_forced_queue_the_generator_takes_over() -> None:
    dice = Dice(1)
    dice.force(4)
    roll = dice.two_d6("Leadership test", who="red")
    assert roll.results[0] == 4
    assert roll.forced == (True, False)
    assert 1 <= roll.results[1] <= 6
    assert roll.total == 4 + roll.results[1]
    later = dice.d6("next")
    assert later.forced == (False,)


def test_forced_dice_do_not_advance_the_generator() -> None:
    plain = Dice(7)
    expected = [plain.d6("x").total for _ in range(3)]
    forced = Dice(7)
    forced.force(6)
    assert forced.d6("x").total == 6
    assert [forced.d6("x").total for _ in range(3)] == expected


def test_strict_dice_raise_when_the_forced_queue_is_empty() -> None:
    dice = Dice(1, strict=True)
    dice.force(5)
    assert dice.d6("Dangerous Terrain test").total == 5
    with pytest.raises(DiceError, match="no forced die face left"):
        dice.d6("Dangerous Terrain test")
    assert len(dice.log) == 1


def test_keep_highest_drops_the_lowest_die() -> None:
    dice = Dice(1)
    dice.force(2, 6, 5)
    roll = dice.roll(3, reason="Destroyer armour penetration", keep="highest", keep_count=2)
    assert roll.kind == "3D6kh2"
    assert roll.results == (2, 6, 5)
    assert roll.kept == (6, 5)
    assert roll.dropped == (2,)
    assert roll.total == 11


def test_keep_highest_with_equal_faces() -> None:
    dice = Dice(1)
    dice.force(4, 1, 4)
    roll = dice.roll(3, reason="x", keep="highest", keep_count=2)
    assert roll.kept == (4, 4)
    assert roll.dropped == (1,)
    assert roll.total == 8


def test_keep_lowest_drops_the_highest_die() -> None:
    dice = Dice(1)
    dice.force(3, 6)
    roll = dice.roll(2, reason="Slow vehicle damage roll", keep="lowest", keep_count=1)
    assert roll.kind == "2D6kl1"
    assert roll.kept == (3,)
    assert roll.total == 3


def test_kinds_of_plain_rolls() -> None:
    dice = Dice(3)
    dice.force(1, 2, 3, 3, 6, 2)
    assert dice.nd6(3, "Cavalry Fall Back").kind == "3D6"
    d3 = dice.d3("Explodes: extra Hull Points lost")
    assert (d3.kind, d3.sides, d3.total) == ("D3", 3, 3)
    assert dice.two_d6("Charge Distance").kind == "2D6"


def test_a_forced_face_must_fit_the_die() -> None:
    dice = Dice(1)
    dice.force(4)
    with pytest.raises(DiceError, match="forced face 4 cannot be rolled on a D3"):
        dice.d3("x")
    assert dice.pending_forced == (4,)


def test_generated_d3_results_cover_one_to_three() -> None:
    dice = Dice(11)
    faces = {dice.d3("x").total for _ in range(200)}
    assert faces == {1, 2, 3}


def test_generated_d6_results_cover_one_to_six() -> None:
    dice = Dice(11)
    faces = {dice.d6("x").total for _ in range(300)}
    assert faces == {1, 2, 3, 4, 5, 6}


@pytest.mark.parametrize("face", [0, 7, -1, True, 2.0])
def test_impossible_forced_faces_are_refused(face: object) -> None:
    with pytest.raises(DiceError, match="forced die face must be a whole number from 1 to 6"):
        Dice(1).force(face)  # type: ignore[arg-type]


@pytest.mark.parametrize("seed", [-1, True, 1.5, "3"])
def test_bad_seeds_are_refused(seed: object) -> None:
    with pytest.raises(DiceError, match="seed must be a non-negative whole number"):
        Dice(seed)  # type: ignore[arg-type]


def test_bad_roll_requests_are_refused() -> None:
    dice = Dice(1)
    with pytest.raises(DiceError, match="at least 1"):
        dice.roll(0, reason="x")
    with pytest.raises(DiceError, match="only D3 and D6"):
        dice.roll(1, 8, reason="x")
    with pytest.raises(DiceError, match="keep_count must be from 1 to 3"):
        dice.roll(3, reason="x", keep="highest", keep_count=4)
    with pytest.raises(DiceError, match="keep_count needs"):
        dice.roll(3, reason="x", keep_count=2)
    assert dice.log == ()
    assert issubclass(DiceError, StrategiumError)


def test_roll_off_ties_are_rolled_again() -> None:
    dice = Dice(1)
    dice.force(3, 3, 2, 5)
    result = dice.roll_off("blue", "red", "Infiltrate order")
    assert result.winner == "red" and result.loser == "blue"
    assert [(a.total, b.total) for a, b in result.rounds] == [(3, 3), (2, 5)]
    assert [(r.who, r.reason) for r in dice.log] == [
        ("blue", "Infiltrate order: roll-off"),
        ("red", "Infiltrate order: roll-off"),
        ("blue", "Infiltrate order: roll-off"),
        ("red", "Infiltrate order: roll-off"),
    ]


def test_roll_off_first_player_wins_on_a_higher_roll() -> None:
    dice = Dice(1)
    dice.force(6, 1)
    result = dice.roll_off("blue", "red", "Scout order")
    assert (result.winner, len(result.rounds)) == ("blue", 1)


def test_roll_off_needs_two_players() -> None:
    with pytest.raises(DiceError, match="two different players"):
        Dice(1).roll_off("blue", "blue", "x")


def _script(dice: Dice) -> tuple[Roll, ...]:
    dice.d6("Reserves roll", who="blue")
    dice.two_d6("Charge Distance", who="red")
    dice.roll(3, reason="Destroyer", keep="highest", keep_count=2)
    dice.roll_off("blue", "red", "First turn")
    dice.d3("Explodes")
    return dice.log


def test_same_seed_gives_identical_logs() -> None:
    assert _script(Dice(2024)) == _script(Dice(2024))


def test_different_seeds_give_different_logs() -> None:
    first = [r.results for r in _script(Dice(2024))]
    second = [r.results for r in _script(Dice(2025))]
    assert first != second


def test_log_records_sequence_who_reason_and_total() -> None:
    dice = Dice(5)
    dice.force(6)
    roll = dice.d6("Reserves roll: 1st Tactical Squad", who="blue")
    other = dice.d6("Seize the Initiative")
    assert (roll.seq, other.seq) == (0, 1)
    assert str(roll) == "Reserves roll: 1st Tactical Squad (blue): D6 [6*] = 6"
    assert roll.as_dict() == {
        "seq": 0,
        "who": "blue",
        "reason": "Reserves roll: 1st Tactical Squad",
        "kind": "D6",
        "results": [6],
        "kept": [6],
        "total": 6,
        "forced": [True],
    }
    assert dice.log == (roll, other)


def test_restore_returns_to_the_snapshot() -> None:
    dice = Dice(99)
    dice.d6("before")
    snapshot = dice.state()
    after = [dice.d6("after").total for _ in range(5)]
    dice.force(2)
    dice.restore(snapshot)
    assert len(dice.log) == 1
    assert dice.pending_forced == ()
    assert [dice.d6("after").total for _ in range(5)] == after


def test_snapshot_keeps_the_forced_queue() -> None:
    dice = Dice(99, strict=True)
    dice.force(3, 4)
    clone = Dice.from_state(dice.state())
    assert clone.strict and clone.seed == 99
    assert clone.pending_forced == (3, 4)


def test_copy_is_independent() -> None:
    dice = Dice(8)
    dice.d6("one")
    look_ahead = dice.copy()
    ahead = [look_ahead.d6("maybe").total for _ in range(4)]
    assert len(dice.log) == 1
    assert [dice.d6("maybe").total for _ in range(4)] == ahead


def test_copy_rolls_exactly_what_a_restored_snapshot_rolls() -> None:
    dice = Dice(21, strict=False)
    dice.roll(3, 6, reason="x", keep="highest", keep_count=2)
    dice.force(5)
    state = dice.state()
    copied, restored = dice.copy(), Dice.from_state(state)
    assert copied == restored == dice and copied.pending_forced == (5,)
    assert [copied.d6("a").total for _ in range(20)] == [restored.d6("a").total for _ in range(20)]
    assert dice.state() == state  # rolling on the copies left the original alone


def test_rewind_to_a_mark_is_a_restore_of_the_state_then() -> None:
    dice = Dice(17)
    dice.d6("before")
    dice.force(4, 2)
    state, mark = dice.state(), dice.mark()
    after = [dice.d6("after").total for _ in range(6)]
    dice.force(1)
    dice.rewind(mark)
    assert dice.state() == state and dice.pending_forced == (4, 2)
    assert [dice.d6("after").total for _ in range(6)] == after
    dice.rewind(mark)  # a mark may be used again
    assert dice.state() == state


def test_rewind_after_the_log_was_replaced_by_a_restore() -> None:
    dice = Dice(5)
    dice.d6("one")
    early = dice.state()
    dice.d6("two")
    state, mark = dice.state(), dice.mark()
    dice.restore(early)  # a new log list, shorter than at the mark
    dice.d6("three")
    dice.rewind(mark)
    assert dice.state() == state and len(dice.log) == 2


@settings(max_examples=100, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["mark", "roll", "force", "rewind", "restore", "copy"]), st.integers(0, 9))))
def test_marks_taken_lazily_rewind_to_the_state_of_their_moment(steps: list[tuple[str, int]]) -> None:
    dice = Dice(11)
    marks: list[tuple[DiceMark, DiceState]] = []
    states: list[DiceState] = [dice.state()]
    for step, n in steps:
        if step == "mark":
            marks.append((dice.mark(), dice.state()))
        elif step == "roll":
            dice.roll(n % 3 + 1, reason="r")
        elif step == "force":
            dice.force(n % 6 + 1)
        elif step == "rewind" and marks:  # undone as nested actions are: the marks after it are forgotten
            del marks[n % len(marks) + 1 :]
            mark, state = marks[-1]
            dice.rewind(mark)
            assert dice.state() == state
        elif step == "restore":
            dice.restore(states[n % len(states)])
        elif step == "copy":
            twin = dice.copy()
            assert twin.state() == dice.state()
            twin.roll(2, reason="elsewhere")
        states.append(dice.state())
    for mark, state in reversed(marks):
        dice.rewind(mark)
        assert dice.state() == state
        assert dice.roll(3, reason="then").results == Dice.from_state(state).roll(3, reason="then").results
        dice.rewind(mark)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32), st.lists(st.tuples(st.integers(1, 12), st.sampled_from([3, 6])), max_size=8))
def test_unforced_dice_are_the_generators_draws_in_order(seed: int, rolls: list[tuple[int, int]]) -> None:
    import numpy as np

    dice, generator = Dice(seed), np.random.Generator(np.random.PCG64(seed))
    for count, sides in rolls:
        roll = dice.roll(count, sides, reason="r")
        assert roll.results == tuple(int(x) for x in generator.integers(1, sides + 1, size=count))
        assert roll.forced == (False,) * count and all(type(x) is int for x in roll.results)
