"""Dice drawn one at a time give the values and the generator state of one array draw (``dice._ONE_BY_ONE``)."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from strategium.dice import _ONE_BY_ONE, Dice


def _reference(seed: int, calls: list[tuple[int, int]]) -> tuple[list[tuple[int, ...]], list[dict[str, object]]]:
    """Every roll drawn as one array of ``count`` dice (numpy's ``integers`` with a size), with the state after it."""
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


def test_one_by_one_covers_small_rolls() -> None:
    assert _ONE_BY_ONE >= 1


def test_every_mix_of_small_and_large_rolls_over_many_seeds() -> None:
    pick = np.random.default_rng(2024)
    for seed in range(300):
        calls = [
            (int(pick.integers(1, 7)) if pick.random() < 0.7 else int(pick.integers(1, 41)), int(pick.choice([3, 6])))
            for _ in range(60)
        ]
        _check(seed, calls)


def test_long_runs_of_single_dice_then_an_array() -> None:
    for seed in range(50):
        _check(seed, [(1, 6)] * 101 + [(7, 6), (1, 3), (2, 3), (2, 6), (1, 6), (33, 3)])


@settings(max_examples=200, deadline=None)
@given(
    seed=st.integers(min_value=0, max_value=2**63),
    calls=st.lists(st.tuples(st.integers(min_value=1, max_value=12), st.sampled_from([3, 6])), max_size=40),
)
def test_same_values_and_state_as_array_draws(seed: int, calls: list[tuple[int, int]]) -> None:
    _check(seed, calls)
