"""``profiles_now.apply_modifiers``: changing only the Characteristics a modifier names gives exactly what
applying the order to every Characteristic gives."""

from __future__ import annotations

import dataclasses

from hypothesis import given, settings
from hypothesis import strategies as st

from strategium.catalogue.citations import Reason
from strategium.engine.questions.profiles_now import FIELDS, Modifier, apply_modifiers
from strategium.model.characteristics import Characteristics, KnightCharacteristics

WHY = Reason("Test", "test")


def _reference(
    base: Characteristics | KnightCharacteristics, mods: list[Modifier]
) -> Characteristics | KnightCharacteristics:
    changes: dict[str, int] = {}
    for name in FIELDS:
        value = getattr(base, name, None)
        if value is None:
            continue
        value += sum(m.add for m in mods if m.characteristic == name)
        for m in mods:
            if m.characteristic == name and m.set_to is not None:
                value = m.set_to
        changes[name] = max(1 if name == "i" else 0, value)
    return dataclasses.replace(base, **changes)  # type: ignore[arg-type]


value = st.one_of(st.none(), st.integers(-1, 10))
characteristics = st.builds(Characteristics, value, value, value, value, value, value, value, value, value, value)
knights = st.builds(
    KnightCharacteristics, value, value, value, value, st.integers(10, 14), st.integers(10, 14),
    st.integers(10, 14), value, value, st.integers(1, 12),
)  # fmt: skip
modifier = st.builds(
    Modifier,
    st.sampled_from([*FIELDS, "hp", "front"]),
    st.just(WHY),
    st.integers(-3, 3),
    st.one_of(st.none(), st.integers(0, 6)),
)


@settings(max_examples=300, deadline=None)
@given(st.one_of(characteristics, knights), st.lists(modifier, max_size=4))
def test_apply_modifiers_agrees_with_every_characteristic_applied(
    base: Characteristics | KnightCharacteristics, mods: list[Modifier]
) -> None:
    got = apply_modifiers(base, mods)
    assert got == _reference(base, mods)
    if not mods and all(getattr(base, n, None) is None or getattr(base, n) >= (1 if n == "i" else 0) for n in FIELDS):
        assert got is base


def test_a_set_to_wins_over_adds_and_floors_hold() -> None:
    base = Characteristics(6, 4, 4, 4, 4, 1, 4, 1, 8, 3)
    mods = [Modifier("ws", WHY, add=-5), Modifier("bs", WHY, set_to=1), Modifier("i", WHY, add=-9)]
    assert apply_modifiers(base, mods) == Characteristics(6, 0, 1, 4, 4, 1, 1, 1, 8, 3)


def test_current_without_modifiers_is_the_profile_or_its_floors() -> None:
    from strategium.engine.questions.profiles_now import current
    from tests.engine.builders_combat import MARINE, battle, squad

    low = dataclasses.replace(MARINE, i=0, ws=-1)
    game = battle([squad("tac", 2), squad("odd", 1, profile=low)], [squad("red", 1)])
    tac, odd = game.state.unit("tac").models[0], game.state.unit("odd").models[0]
    for _ in range(2):  # the second asks the model's memo
        assert current(game, "tac", tac) is tac.profile.characteristics
        assert current(game, "odd", odd) == dataclasses.replace(low, i=1, ws=0)
