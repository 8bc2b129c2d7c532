"""Tracked containers (engine/core/tracked.py) and the key a UnitStatus keeps between changes (engine/core/board.py)."""

from __future__ import annotations

import copy
import pickle

from hypothesis import given, settings
from hypothesis import strategies as st

from strategium.engine.core.board import Location, Pose, UnitStatus
from strategium.engine.core.tracked import CLOCK, TrackedDict, TrackedList
from tests.engine.builders_combat import battle, squad


def _fresh_key(status: UnitStatus) -> tuple[object, ...]:
    return (
        status.unit_id,
        status.player,
        status.location,
        tuple(status.poses.items()),
        status.embarked_in,
        status.joined_to,
        status.reserve_mode,
        status.deployed_by,
        status.scouted,
        tuple(status.wounds_lost.items()),
        tuple(status.casualties),
        status.weapons_fired,
        status.weapons_spent,
    )


def test_every_mutation_restamps_a_dict() -> None:
    d: TrackedDict[str, int] = TrackedDict({"a": 1})
    assert d.version == 0 and d == {"a": 1}
    mutations = (
        lambda: d.__setitem__("b", 2),
        lambda: d.__delitem__("b"),
        lambda: d.pop("a"),
        lambda: d.setdefault("c", 3),
        lambda: d.update({"e": 5}),
        lambda: d.__ior__({"f": 6}),
        lambda: d.popitem(),
        lambda: d.clear(),
    )
    for mutate in mutations:
        before = CLOCK.now
        mutate()
        assert d.version > before and CLOCK.now == d.version
    assert d == {}


def test_every_mutation_restamps_a_list() -> None:
    items: TrackedList[int] = TrackedList([3, 1, 2])
    assert items.version == 0 and items == [3, 1, 2]
    mutations = (
        lambda: items.append(4),
        lambda: items.extend([5]),
        lambda: items.insert(0, 6),
        lambda: items.remove(6),
        lambda: items.pop(),
        lambda: items.__setitem__(0, 7),
        lambda: items.__delitem__(0),
        lambda: items.__iadd__([8]),
        lambda: items.__imul__(1),
        lambda: items.sort(),
        lambda: items.reverse(),
        lambda: items.clear(),
    )
    for mutate in mutations:
        before = CLOCK.now
        mutate()
        assert items.version > before and CLOCK.now == items.version
    assert items == []


def test_fields_are_tracked_and_copies_survive_copy_modules() -> None:
    status = UnitStatus("u", 1, poses={"m": Pose(1, 2)}, wounds_lost={"m": 1}, casualties=["n"])
    assert type(status.poses) is TrackedDict and type(status.wounds_lost) is TrackedDict
    assert type(status.casualties) is TrackedList
    status.poses = {"k": Pose(0, 0)}
    assert type(status.poses) is TrackedDict and status.poses == {"k": Pose(0, 0)}
    key = status.key()
    for twin in (copy.deepcopy(status), pickle.loads(pickle.dumps(status)), status.copy(), copy.copy(status)):
        assert twin == status and twin.key() == key == _fresh_key(twin)
        twin.poses["k"] = Pose(5, 5)
        twin.casualties.append("m")
        assert twin.key() == _fresh_key(twin) != key


def test_an_outdated_key_does_not_travel_with_a_copy() -> None:
    status = UnitStatus("u", 1)
    status.key()
    status.poses["m"] = Pose(1, 1)  # the kept key is now outdated
    copied = status.copy()
    assert copied.key() == _fresh_key(copied) == _fresh_key(status) == status.key()


_CHANGES = st.lists(
    st.tuples(
        st.sampled_from(
            ["pose", "del-pose", "clear-poses", "wound", "casualty", "pop-casualty", "location", "assign-poses",
             "copy", "key"]
        ),
        st.integers(0, 3),
    ),
    max_size=40,
)  # fmt: skip


@settings(max_examples=200, deadline=None)
@given(_CHANGES)
def test_the_kept_key_always_equals_a_fresh_one(changes: list[tuple[str, int]]) -> None:
    status = UnitStatus("u", 1)
    for change, n in changes:
        model = f"m{n}"
        if change == "pose":
            status.poses[model] = Pose(n, n + 1)
        elif change == "del-pose":
            status.poses.pop(model, None)
        elif change == "clear-poses":
            status.poses.clear()
        elif change == "wound":
            status.wounds_lost[model] = status.wounds_lost.get(model, 0) + 1
        elif change == "casualty":
            status.casualties.append(model)
        elif change == "pop-casualty" and status.casualties:
            status.casualties.pop()
        elif change == "location":
            status.location = list(Location)[n]
        elif change == "assign-poses":
            status.poses = {model: Pose(0, n)}
        elif change == "copy":
            status = status.copy()
        else:
            status.key()
        assert status.key() == _fresh_key(status)


def test_a_states_units_key_is_kept_only_while_nothing_tracked_changes() -> None:
    game = battle([squad("tac", 3)], [squad("red", 3)])
    s = game.state
    assert isinstance(s.units, TrackedDict)
    first = s.key()
    assert s.key() == first and s._units_key() is s._units_key()  # kept
    s.units["tac"].poses["tac.1"] = Pose(3, 4)
    assert s.key() != first and s.key()[11] == tuple(_fresh_key(u) for u in s.units.values())
    second = s.key()
    s.units["tac"] = UnitStatus("tac", 1)  # another status stands for the unit
    assert s.key() != second and s.key()[11] == tuple(_fresh_key(u) for u in s.units.values())
    copy_ = s.snapshot()
    assert isinstance(copy_.units, TrackedDict) and copy_.key() == s.key()
    copy_.units["red"].scouted = True
    assert copy_.key() != s.key() and s.key()[11] == tuple(_fresh_key(u) for u in s.units.values())
