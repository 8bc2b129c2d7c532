"""Journals of tracked values (engine/core/tracked.py) and the state backup built on them (engine/core/state.py):
whatever
changes while a journal is open, its undo puts back exactly; an apply that fails halfway leaves the state as a
snapshot taken before it."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from strategium.engine.core.board import Location, Pose, UnitStatus
from strategium.engine.core.tracked import TrackedDict, TrackedList, close_journal, open_journal
from strategium.engine.core.watchers import Fact
from tests.engine.builders_combat import battle, squad

CHANGES = st.lists(
    st.tuples(
        st.sampled_from(
            ["pose", "del-pose", "clear", "wound", "casualty", "pop", "location", "assign", "status", "nest", "fail"]
        ),
        st.integers(0, 3),
    ),
    max_size=25,
)


def _change(units: TrackedDict[str, UnitStatus], change: str, n: int) -> None:
    uid = ("a", "b")[n % 2]
    status = units[uid]
    model = f"m{n}"
    if change == "pose":
        status.poses[model] = Pose(n, n + 1)
    elif change == "del-pose" and model in status.poses:
        del status.poses[model]
    elif change == "clear":
        status.poses.clear()
    elif change == "wound":
        status.wounds_lost[model] = status.wounds_lost.get(model, 0) + 1
    elif change == "casualty":
        status.casualties.append(model)
    elif change == "pop" and status.casualties:
        status.casualties.pop()
    elif change == "location":
        status.location = list(Location)[n]
    elif change == "assign":
        status.poses = {model: Pose(0, n)}
    elif change == "status":
        units[uid] = UnitStatus(uid, 2, poses={model: Pose(n, n)})


def _content(units: TrackedDict[str, UnitStatus]) -> list[tuple[object, ...]]:
    return [(uid, status, status.key()) for uid, status in units.items()]


@settings(max_examples=80, deadline=None)
@given(CHANGES, CHANGES)
def test_undo_puts_back_every_change_made_while_the_journal_was_open(
    before: list[tuple[str, int]], during: list[tuple[str, int]]
) -> None:
    units: TrackedDict[str, UnitStatus] = TrackedDict(
        {"a": UnitStatus("a", 1, Location.TABLE, {"m0": Pose(1, 1)}), "b": UnitStatus("b", 1)}
    )
    for change, n in before:
        _change(units, change, n)
    expected = [(uid, s.copy(), s.key()) for uid, s in units.items()]
    statuses = dict(units)
    journal = open_journal()
    for change, n in during:
        if change == "nest":  # a journal opened inside: kept changes, then undone ones
            inner = open_journal()
            _change(units, "pose", n + 1)
            close_journal(inner)
        elif change == "fail":
            inner = open_journal()
            _change(units, "wound", n)
            close_journal(inner, undo=True)
        else:
            _change(units, change, n)
    close_journal(journal, undo=True)
    assert _content(units) == expected
    assert all(units[uid] is statuses[uid] for uid in units)  # the same objects, put back


def test_only_the_innermost_journal_closes_and_a_closed_one_notes_nothing() -> None:
    d: TrackedDict[str, int] = TrackedDict({"a": 1})
    values: TrackedList[int] = TrackedList([1])
    outer = open_journal()
    inner = open_journal()
    with pytest.raises(ValueError, match="innermost"):
        close_journal(outer)
    d["a"] = 2
    close_journal(inner)  # kept: the outer journal still knows what was there before
    values.append(2)
    close_journal(outer, undo=True)
    assert d == {"a": 1} and values == [1]
    d["a"] = 3
    values.append(3)
    assert d == {"a": 3} and values == [1, 3]


def test_a_failed_apply_puts_the_same_state_object_back_as_a_snapshot_had_it() -> None:
    from strategium.engine.core.actions import Action, Verdict
    from strategium.engine.core.game import Game
    from strategium.engine.core.handlers import HANDLERS, handles

    @dataclasses.dataclass(frozen=True)
    class Mess(Action):
        def text(self) -> str:
            return "mess"

    def apply(game: Game, action: Mess) -> None:
        s = game.state
        s.units["tac"].poses.clear()
        s.units["red"] = UnitStatus("red", 2, Location.DESTROYED)
        s.units["tac"].casualties.append("x")
        s.facts.note("tac", Fact.RAN)
        s.pending = None
        s.history.append("x")
        s.events.append(s.events[-1])
        raise RuntimeError("halfway")

    handles(Mess, lambda game, action: Verdict(True), apply)
    try:
        game = battle([squad("tac", 2)], [squad("red", 2)])
        state = game.state
        snap = state.snapshot()
        player = game.pending.player if game.pending is not None else 1
        with pytest.raises(RuntimeError):
            game.apply(Mess(player))
        assert game.state is state and state == snap and state.key() == snap.key()
    finally:
        del HANDLERS[Mess]
