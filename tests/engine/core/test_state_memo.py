"""State keys, copies and the verdicts ``Game.check`` keeps (engine/core/state.py, engine/core/game.py): a kept value is
used only while nothing a rule may read has changed."""

from __future__ import annotations

import dataclasses

from hypothesis import given, settings
from hypothesis import strategies as st

from strategium.catalogue.citations import Reason
from strategium.engine.core import registries
from strategium.engine.core.board import AssaultTrack, ChargeRecord, HammerStrike, Location, Pose, UnitStatus
from strategium.engine.core.effects import Duration, EffectKind, EndTrigger
from strategium.engine.core.pregame_track import PreGameStep, PreGameTrack
from strategium.engine.core.state import _COPIED, GameState
from strategium.engine.core.timing import Phase, PlayerId
from strategium.engine.core.watchers import Fact, TurnFacts
from strategium.engine.shooting.attack import plan
from strategium.engine.shooting.declare import Shoot
from tests.engine.builders_combat import battle, place, squad, to_phase

WHY = Reason("Test", "test")


def test_every_field_of_the_state_is_in_its_key_or_left_out_on_purpose() -> None:
    # the dice are left out (checks never roll); the history too (no rule reads it: it is the record for replays);
    # the unit index is derived from the armies; memo holds kept values
    keyed = {f.name for f in dataclasses.fields(GameState)} - {"dice", "history", "unit_index", "memo"}
    assert keyed == {
        "armies", "battlefield", "config", "last_game_turn", "first_player", "clock", "effects", "next_effect_id",
        "pending", "events", "units", "pregame", "facts", "assault",
    }  # fmt: skip
    # UnitStatus: 13 with weapons_fired and weapons_spent (w20l, immutable tuples: in key(), shared by copy())
    for cls, n in ((UnitStatus, 13), (ChargeRecord, 10), (AssaultTrack, 6), (PreGameTrack, 5), (TurnFacts, 2)):
        assert len(dataclasses.fields(cls)) == n, f"{cls.__name__} has a new field: add it to key() and copy()"


def test_copies_are_independent_and_keep_equal_keys() -> None:
    status = UnitStatus("u", 1, poses={"m": Pose(1, 2)}, wounds_lost={"m": 1}, casualties=["n"])
    copied = status.copy()
    assert copied == status and copied.key() == status.key()
    copied.poses["m"] = Pose(3, 4)
    copied.casualties.append("m")
    assert status.poses["m"] == Pose(1, 2) and status.casualties == ["n"] and copied.key() != status.key()

    record = ChargeRecord("u", ("e",), 3, disordered=[WHY], hammer=[HammerStrike("u", "m", "e", "x")])
    track = AssaultTrack(3, {"u": record}, "u", {"u": {"e"}}, [("e", "u")], {"u": 2})
    twin = track.copy()
    assert twin == track and twin.key() == track.key()
    twin.charges["u"].disordered.append(WHY)
    twin.engaged["u"].add("f")
    assert len(record.disordered) == 1 and track.engaged == {"u": {"e"}} and twin.key() != track.key()

    pre = PreGameTrack(done={1}, eligible={1: ["a"]})
    other = pre.copy()
    other.done.add(2)
    other.eligible[1].append("b")
    assert pre.done == {1} and pre.eligible == {1: ["a"]} and other.key() != pre.key()

    facts = TurnFacts(2, {"u": {Fact.MOVED}})
    later = facts.copy()
    later.note("u", Fact.RAN)
    assert facts.facts == {"u": {Fact.MOVED}} and later.key() != facts.key()


def test_a_snapshot_has_the_same_key_and_is_independent() -> None:
    game = battle([squad("tac", 3)], [squad("red", 3)])
    s = game.state
    s.facts.note("tac", Fact.MOVED)
    copy = s.snapshot()
    assert copy.key() == s.key()
    copy.facts.note("tac", Fact.RAN)
    copy.units["tac"].poses.clear()
    assert not s.facts.has("tac", Fact.RAN) and s.units["tac"].poses and copy.key() != s.key()


def test_a_kept_verdict_is_dropped_when_the_state_changes() -> None:
    tac, red = squad("tac", 2), squad("red", 2)
    game = battle([tac], [red])
    to_phase(game, Phase.SHOOTING)
    place(game, tac, 10, 20)
    place(game, red, 10, 60)  # off the table's far edge: out of range of the bolters
    shoot = Shoot(1, "tac", "red")
    first = game.check(shoot)
    assert not first.legal and game.check(shoot) is first  # kept
    place(game, red, 10, 30)  # a test moves the target in range: the state changed
    assert game.check(shoot).legal
    game.state.facts.note("tac", Fact.SHOT)
    assert not game.check(shoot).legal


def test_a_kept_plan_is_the_plan_of_the_state_now() -> None:
    tac, red = squad("tac", 2), squad("red", 2)
    game = battle([tac], [red])
    to_phase(game, Phase.SHOOTING)
    place(game, tac, 10, 20)
    place(game, red, 10, 30)  # within half range of the Rapid Fire bolters: two shots each
    kept = plan(game, "tac", "red")
    assert plan(game, "tac", "red") is kept and sum(v.shots for v in kept.volleys) == 4
    place(game, red, 10, 40)  # about 19": one shot each
    assert sum(v.shots for v in plan(game, "tac", "red").volleys) == 2
    place(game, red, 10, 25)
    assert sum(v.shots for v in plan(game, "tac", "red").volleys) == 4


def test_a_registry_change_drops_kept_values() -> None:
    game = battle([squad("tac", 2)], [squad("red", 2)])
    calls: list[int] = []

    def compute() -> int:
        calls.append(1)
        return len(calls)

    assert game.cached("x", compute) == 1 and game.cached("x", compute) == 1
    before = registries.generation()
    registries.changed()
    assert registries.generation() == before + 1
    assert game.cached("x", compute) == 2


def test_effects_on_follows_every_change_of_the_effects() -> None:
    game = battle([squad("tac", 2)], [squad("red", 2)])
    assert game.effects_on("tac") == ()
    pinned = game.add_effect(
        EffectKind.PINNED, "tac", Duration.PERMANENT, WHY, ends_on=frozenset({EndTrigger.FORCED_TO_MOVE})
    )
    blind = game.add_effect(EffectKind.BLIND, "tac", Duration.PERMANENT, WHY)
    other = game.add_effect(EffectKind.PINNED, "red", Duration.PERMANENT, WHY)
    assert game.effects_on("tac") == (pinned, blind) and game.effects_on("tac", EffectKind.BLIND) == (blind,)
    assert game.effects_on("red", EffectKind.PINNED) == (other,) and game.effects_on("red", EffectKind.BLIND) == ()
    game.trigger("tac", EndTrigger.FORCED_TO_MOVE)
    assert game.effects_on("tac") == (blind,)
    game.state.effects = ()
    assert game.effects_on("tac") == ()


def test_effects_on_by_kind_agrees_with_filtering_after_each_change() -> None:
    game = battle([squad("tac", 2)], [squad("red", 2)])
    kinds = (EffectKind.PINNED, EffectKind.BLIND, EffectKind.CONCUSSED)
    for i, kind in enumerate(kinds * 2):
        game.add_effect(kind, ("tac", "red")[i % 2], Duration.PERMANENT, WHY)
        for uid in ("tac", "red"):
            for k in kinds:
                assert game.effects_on(uid, k) == tuple(
                    e for e in game.state.effects if e.unit_id == uid and e.kind is k
                )


def test_characters_joined_to_follows_every_join_and_copy() -> None:
    game = battle([squad("tac", 2), squad("cap", 1), squad("chap", 1)], [squad("red", 2)])
    s = game.state
    assert s.characters_joined_to("tac") == ()
    s.units["cap"].joined_to = "tac"
    assert [u.id for u in s.characters_joined_to("tac")] == ["cap"]
    s.units["chap"].joined_to = "tac"
    assert [u.id for u in s.characters_joined_to("tac")] == ["cap", "chap"]
    copy = s.snapshot()
    s.units["cap"].joined_to = None
    assert [u.id for u in s.characters_joined_to("tac")] == ["chap"]
    assert [u.id for u in copy.characters_joined_to("tac")] == ["cap", "chap"]
    s.units["chap"] = dataclasses.replace(s.units["chap"], joined_to="red")
    assert s.characters_joined_to("tac") == () and [u.id for u in s.characters_joined_to("red")] == ["chap"]


def test_a_handler_that_fails_halfway_leaves_the_state_and_the_dice_as_they_were() -> None:
    from dataclasses import dataclass

    import pytest

    from strategium.engine.core.actions import Action, Verdict
    from strategium.engine.core.game import Game
    from strategium.engine.core.handlers import HANDLERS, handles

    @dataclass(frozen=True)
    class Explode(Action):
        def text(self) -> str:
            return "explode"

    def apply(game: Game, action: Explode) -> None:
        game.state.dice.roll(3, 6, reason="test")
        game.state.facts.note("tac", Fact.RAN)
        raise RuntimeError("halfway")

    handles(Explode, lambda game, action: Verdict(True), apply)
    try:
        game = battle([squad("tac", 2)], [squad("red", 2)])
        player = game.pending.player if game.pending is not None else 1
        key = game.state.key()
        with pytest.raises(RuntimeError):
            game.apply(Explode(player))
        assert game.state.key() == key and not game.state.facts.has("tac", Fact.RAN)
        after = game.state.dice.roll(5, 6, reason="test").results
        twin = battle([squad("tac", 2)], [squad("red", 2)])
        assert after == twin.state.dice.roll(5, 6, reason="test").results
    finally:
        del HANDLERS[Explode]


def test_values_kept_before_a_change_are_found_again_when_the_state_changes_back() -> None:
    game = battle([squad("tac", 2)], [squad("red", 2)])
    s = game.state
    calls: list[str] = []

    def compute(tag: str) -> str:
        calls.append(tag)
        return tag

    assert game.cached("x", lambda: compute("before")) == "before"
    pending = s.pending
    s.pending = None  # a choice stops the engine: the state changes
    assert game.cached("x", lambda: compute("during")) == "during"
    s.pending = pending  # the choice is answered: the interrupted decision is pending again
    assert game.cached("x", lambda: compute("again")) == "before"
    s.history.append("an action")  # the history is no rule's business
    assert game.cached("x", lambda: compute("again")) == "before"
    s.facts.note("tac", Fact.MOVED)
    assert game.cached("x", lambda: compute("moved")) == "moved"
    s.pending = None
    assert game.cached("x", lambda: compute("third")) == "third"
    s.pending = pending
    assert game.cached("x", lambda: compute("moved again")) == "moved"
    assert calls == ["before", "during", "moved", "third"]


def test_a_value_computed_while_the_state_changed_is_not_kept_for_the_old_state() -> None:
    game = battle([squad("tac", 2)], [squad("red", 2)])
    s = game.state
    pending = s.pending

    def impure() -> str:
        s.pending = None
        game.cached("y", lambda: "other")  # the values of the changed state are asked for
        return "changed"

    assert game.cached("x", impure) == "changed"
    s.pending = pending
    assert game.cached("x", lambda: "pure") == "pure"


def test_units_of_follows_every_change_of_location_and_copy() -> None:
    from strategium.engine.core.board import Location

    game = battle([squad("tac", 2), squad("cap", 1)], [squad("red", 2)])
    s = game.state

    def fresh(player: int, location: Location) -> tuple[str, ...]:
        return tuple(u.id for u in s.armies[player - 1].units if s.units[u.id].location is location)

    def ids(player: int, location: Location) -> tuple[str, ...]:
        return tuple(u.id for u in s.units_of(player, location))

    assert ids(1, Location.TABLE) == fresh(1, Location.TABLE) and s.units_of(1) == s.armies[0].units
    s.units["cap"].location = Location.RESERVES
    assert ids(1, Location.RESERVES) == ("cap",) and "cap" not in ids(1, Location.TABLE)
    copy = s.snapshot()
    s.units["cap"] = dataclasses.replace(s.units["cap"], location=Location.DESTROYED)
    assert ids(1, Location.RESERVES) == () and ids(1, Location.DESTROYED) == ("cap",)
    assert [u.id for u in copy.units_of(1, Location.RESERVES)] == ["cap"]
    for location in Location:
        assert ids(1, location) == fresh(1, location) and ids(2, location) == fresh(2, location)


@settings(max_examples=200, deadline=None)
@given(
    st.integers(0, 20),
    st.dictionaries(st.sampled_from(["a", "b", "c", "d"]), st.sets(st.sampled_from(list(Fact)), max_size=4)),
)
def test_the_facts_key_is_the_pairs_of_unit_and_facts(turn: int, noted: dict[str, set[Fact]]) -> None:
    key = TurnFacts(turn, noted).key()
    assert key == (turn, tuple((unit_id, frozenset(facts)) for unit_id, facts in noted.items()))
    assert all(type(pair) is tuple and type(pair[1]) is frozenset for pair in key[1])  # type: ignore[attr-defined]
    original = TurnFacts(turn, noted)
    twin = original.copy()
    assert type(twin.facts) is dict and twin == original and twin.key() == key
    twin.note("a", Fact.REACTED)
    twin.note("e", Fact.MOVED)
    assert original.facts == noted and all(twin.facts[u] is not noted[u] for u in noted)


@settings(max_examples=200, deadline=None)
@given(
    st.sampled_from(list(PreGameStep)),
    st.sampled_from([None, 1, 2]),
    st.sets(st.sampled_from([1, 2])),
    st.dictionaries(st.sampled_from([1, 2]), st.lists(st.sampled_from(["a", "b", "c"]), max_size=3)),
)
def test_the_pregame_key_is_its_fields_with_frozen_containers(
    step: PreGameStep, turn: PlayerId | None, done: set[PlayerId], eligible: dict[PlayerId, list[str]]
) -> None:
    track = PreGameTrack(step, turn, turn, done, eligible)
    key = track.key()
    assert key == (step, turn, turn, frozenset(done), tuple((p, tuple(units)) for p, units in eligible.items()))
    twin = track.copy()
    assert type(twin.eligible) is dict and twin == track and twin.key() == key
    for units in twin.eligible.values():
        units.append("z")
    twin.eligible[3] = ["y"]  # type: ignore[index]
    assert track.eligible == eligible and twin.key() != key


def test_a_backup_keeps_every_field_as_is_or_copied() -> None:
    # the fields a backup copies are the records of _COPIED (restored as copies), every other field is kept as is
    assert {"pregame", "facts", "assault"} == _COPIED
    game = battle([squad("tac", 2)], [squad("red", 2)])
    s = game.state
    s.facts.note("tac", Fact.MOVED)
    s.pregame.done.add(1)
    s.assault.scores["tac"] = 1
    before = {f.name: getattr(s, f.name) for f in dataclasses.fields(GameState)}
    records = {name: getattr(s, name).key() for name in _COPIED}
    key = s.key()
    backup = s.backup()
    s.facts.note("tac", Fact.RAN)
    s.pregame.done.add(2)
    s.assault.scores["red"] = 2
    s.effects = ()
    s.next_effect_id += 5
    s.first_player = 2
    s.pending = None
    s.units["tac"].location = Location.TABLE
    assert backup.restore() is s and s.key() == key
    for name, value in before.items():
        if name in _COPIED:
            assert getattr(s, name).key() == records[name] and getattr(s, name) is not value
        elif name not in ("units", "events", "history"):
            assert getattr(s, name) is value, name
