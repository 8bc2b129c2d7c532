"""The dice are the values numpy's ``Generator.integers(1, sides + 1, size=count)`` draws from the same PCG64, and the
generator's state (32-bit buffer included) is numpy's after each roll (``Dice._generated``)."""

from __future__ import annotations

from typing import Any

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from strategium.dice import _REJECTED, _WORD, Dice, DiceState


def _reference(seed: int, calls: list[tuple[int, int]]) -> tuple[list[tuple[int, ...]], list[dict[str, object]]]:
    """Every roll drawn by numpy as one array of ``count`` dice, with the state after it."""
    rng = np.random.Generator(np.random.PCG64(seed))
    values: list[tuple[int, ...]] = []
    states: list[dict[str, object]] = []
    for count, sides in calls:
        values.append(tuple(rng.integers(1, sides + 1, size=count).tolist()))
        states.append(rng.bit_generator.state)
    return values, states


def _check(seed: int, calls: list[tuple[int, int]]) -> None:
    dice = Dice(seed)
    values, states = _reference(seed, calls)
    for (count, sides), expected, state in zip(calls, values, states, strict=True):
        roll = dice.roll(count, sides, reason="test")
        assert roll.results == expected
        assert all(type(v) is int for v in roll.results)
        assert dice.state().generator == state


def test_every_mix_of_small_and_large_rolls_over_many_seeds() -> None:
    pick = np.random.default_rng(2024)
    for seed in range(300):
        calls = [
            (int(pick.integers(1, 7)) if pick.random() < 0.7 else int(pick.integers(1, 41)), int(pick.choice([3, 6])))
            for _ in range(60)
        ]
        _check(seed, calls)


def test_long_runs_of_single_dice_then_arrays() -> None:
    for seed in range(50):
        _check(seed, [(1, 6)] * 101 + [(7, 6), (1, 3), (2, 3), (2, 6), (1, 6), (33, 3)])


@settings(max_examples=200, deadline=None)
@given(
    seed=st.integers(min_value=0, max_value=2**63),
    calls=st.lists(st.tuples(st.integers(min_value=1, max_value=12), st.sampled_from([3, 6])), max_size=40),
)
def test_same_values_and_state_as_numpy(seed: int, calls: list[tuple[int, int]]) -> None:
    _check(seed, calls)


def test_rejected_words_are_those_numpy_rejects() -> None:
    for sides, words in _REJECTED.items():
        threshold = (_WORD - (sides - 1)) % sides
        assert all((w * sides) & _WORD < threshold for w in words)
        assert all(0 <= w <= _WORD for w in words)
    assert _REJECTED[3] == frozenset({0})
    assert _REJECTED[6] == frozenset({0, 715827883, 2147483648, 2863311531})


def _crafted(output: int) -> dict[str, Any]:
    """A PCG64 state whose next 64-bit output is ``output``: PCG64's XSL-RR output of a state with rotation 0 (top six
    bits clear) is its high half xor its low half, so that state is built, then stepped back once."""
    bits = np.random.PCG64(0)
    inc = bits.state["state"]["inc"]
    high = 12345
    target = (high << 64) | (output ^ high)
    bits.state = {"bit_generator": "PCG64", "state": {"state": target, "inc": inc}, "has_uint32": 0, "uinteger": 0}
    bits.advance(2**128 - 1)  # one step back: the next draw lands on the crafted state
    assert bits.random_raw() == output
    bits.advance(2**128 - 1)
    return bits.state


def test_a_rejected_word_takes_the_next_one_as_numpy_does() -> None:
    for sides in (3, 6):
        for bad in sorted(_REJECTED[sides]):
            for position in ("low", "high"):
                good = 0x9E3779B9
                first = (good << 32) | bad if position == "low" else (bad << 32) | good
                state = _crafted(first)
                numpy_bits = np.random.PCG64(0)
                numpy_bits.state = state
                rng = np.random.Generator(numpy_bits)
                dice = Dice.from_state(DiceState(0, False, state, (), ()))
                for count in (1, 2, 3, 5):
                    expected = tuple(rng.integers(1, sides + 1, size=count).tolist())
                    assert dice.roll(count, sides, reason="test").results == expected
                    assert dice.state().generator == rng.bit_generator.state


def test_the_32_bit_buffer_survives_marks_copies_and_restores() -> None:
    dice = Dice(7)
    rng = np.random.Generator(np.random.PCG64(7))
    dice.roll(3, 6, reason="odd words: a spare half waits")
    rng.integers(1, 7, size=3)
    mark = dice.mark()
    state = dice.state()
    copy = dice.copy()
    expected = rng.integers(1, 7, size=5).tolist()
    assert list(dice.roll(5, 6, reason="after").results) == expected
    assert list(copy.roll(5, 6, reason="copy").results) == expected
    dice.rewind(mark)
    assert list(dice.roll(5, 6, reason="rewound").results) == expected
    dice.restore(state)
    assert list(dice.roll(5, 6, reason="restored").results) == expected
    assert list(Dice.from_state(state).roll(5, 6, reason="new").results) == expected
    assert dice.state().generator == rng.bit_generator.state


def test_forced_faces_leave_the_generator_where_numpy_would() -> None:
    dice = Dice(11)
    rng = np.random.Generator(np.random.PCG64(11))
    dice.force(6, 1)
    roll = dice.roll(5, 6, reason="two forced, three drawn")
    assert roll.results[:2] == (6, 1)
    assert list(roll.results[2:]) == rng.integers(1, 7, size=3).tolist()
    assert dice.state().generator == rng.bit_generator.state
