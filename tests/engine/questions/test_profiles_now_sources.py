"""``profiles_now.modifiers``: a source registered with ``effect_modifier_source`` is skipped while no effect of
its kinds is in force, and the answer is the same as calling every source; ``current`` skips an ``on_unit`` source
for a unit that neither bears such an effect nor has joined a unit that does."""

from __future__ import annotations

import dataclasses

from strategium.catalogue.citations import Reason
from strategium.engine.core.effects import Duration, EffectKind
from strategium.engine.core.game import Game
from strategium.engine.questions import profiles_now
from strategium.engine.questions.profiles_now import (
    Modifier,
    active_sources,
    apply_modifiers,
    current,
    effect_kinds,
    modifiers,
)
from tests.engine.morale.test_morale import battle

WHY = Reason("Test", "test")


def _every_source(game: Game, unit_id: str) -> list[Modifier]:
    model = game.state.unit(unit_id).models[0]
    return [m for source, _, _ in profiles_now._SOURCES for m in source(game, unit_id, model)]


def test_effect_kinds_of_the_state_and_active_sources_kept_by_identity() -> None:
    game = battle()
    assert effect_kinds(game.state.effects) == frozenset()
    game.add_effect(EffectKind.BLIND, "a1", Duration.UNTIL_END_OF_CONTROLLERS_NEXT_TURN, WHY)
    game.add_effect(EffectKind.PINNED, "b1", Duration.UNTIL_END_OF_CONTROLLERS_NEXT_TURN, WHY)
    effects = game.state.effects
    assert effect_kinds(effects) == {EffectKind.BLIND, EffectKind.PINNED}
    assert active_sources(effects) is active_sources(effects)


def test_modifiers_agree_with_every_source_called() -> None:
    game = battle()
    model = game.state.unit("a1").models[0]
    assert modifiers(game, "a1", model) == _every_source(game, "a1") == []
    game.add_effect(EffectKind.PINNED, "a1", Duration.UNTIL_END_OF_CONTROLLERS_NEXT_TURN, WHY)
    assert modifiers(game, "a1", model) == _every_source(game, "a1") == []
    game.add_effect(EffectKind.BLIND, "a1", Duration.UNTIL_END_OF_CONTROLLERS_NEXT_TURN, WHY)
    got = modifiers(game, "a1", model)
    assert got == _every_source(game, "a1") and {(m.characteristic, m.set_to) for m in got} == {("ws", 1), ("bs", 1)}
    b1 = game.state.unit("b1").models[0]
    assert modifiers(game, "b1", b1) == _every_source(game, "b1") == []  # Blind on another unit only


def test_a_plain_source_is_always_called() -> None:
    game = battle()
    model = game.state.unit("a1").models[0]
    extra = Modifier("s", WHY, add=1)
    calls: list[str] = []

    def source(g: Game, unit_id: str, m: object) -> list[Modifier]:
        calls.append(unit_id)
        return [extra]

    profiles_now._SOURCES.append((source, None, False))
    profiles_now._active_kept.clear()  # as modifier_source does (without registering for good)
    try:
        assert modifiers(game, "a1", model) == [extra] and calls == ["a1"]
    finally:
        profiles_now._SOURCES.remove((source, None, False))
        profiles_now._active_kept.clear()


def _current_by_every_source(game: Game, unit_id: str) -> object:
    model = game.state.unit(unit_id).models[0]
    base = model.profile.characteristics
    assert base is not None
    return apply_modifiers(base, _every_source(game, unit_id))  # type: ignore[arg-type]


def test_current_skips_on_unit_sources_only_for_units_without_their_effects() -> None:
    game = battle()
    a1, b1 = (game.state.unit(u).models[0] for u in ("a1", "b1"))
    extra = Modifier("s", WHY, add=1)
    calls: list[str] = []

    def source(g: Game, unit_id: str, m: object) -> list[Modifier]:  # reads the host's effects, as Stupefied does
        calls.append(unit_id)
        host = g.state.units[unit_id].joined_to or unit_id
        return [extra] if g.effects_on(host, EffectKind.STUPEFIED) else []

    entry = (source, frozenset({EffectKind.STUPEFIED}), True)
    profiles_now._SOURCES.append(entry)
    profiles_now._active_kept.clear()
    try:
        assert current(game, "a1", a1) is a1.profile.characteristics and calls == []  # no effect in force
        game.add_effect(EffectKind.STUPEFIED, "b1", Duration.UNTIL_END_OF_CONTROLLERS_NEXT_TURN, WHY)
        assert current(game, "a1", a1) is a1.profile.characteristics and calls == []  # a1 bears none
        assert current(game, "b1", b1) == _current_by_every_source(game, "b1") != b1.profile.characteristics
        assert calls[0] == "b1"
        calls.clear()
        # a1 joins b1 (the effects stay the same tuple): its sources are called again
        game.state.units["a1"] = dataclasses.replace(game.state.units["a1"], joined_to="b1")
        got = current(game, "a1", a1)
        assert calls == ["a1"] and got == _current_by_every_source(game, "a1") != a1.profile.characteristics
    finally:
        profiles_now._SOURCES.remove(entry)
        profiles_now._active_kept.clear()


def test_current_calls_every_source_while_a_plain_source_is_active() -> None:
    game = battle()
    a1 = game.state.unit("a1").models[0]
    calls: list[str] = []

    def source(g: Game, unit_id: str, m: object) -> list[Modifier]:
        calls.append(unit_id)
        return []

    entry = (source, None, False)
    profiles_now._SOURCES.append(entry)
    profiles_now._active_kept.clear()
    try:
        game.add_effect(EffectKind.BLIND, "b1", Duration.UNTIL_END_OF_CONTROLLERS_NEXT_TURN, WHY)
        assert current(game, "a1", a1) is a1.profile.characteristics and calls == ["a1"]
        assert profiles_now._active_kept[0][2] is None  # no gate: a plain source may give any unit a modifier
    finally:
        profiles_now._SOURCES.remove(entry)
        profiles_now._active_kept.clear()


def test_the_gate_is_the_bearers_of_the_needed_kinds() -> None:
    game = battle()
    game.add_effect(EffectKind.BLIND, "b1", Duration.UNTIL_END_OF_CONTROLLERS_NEXT_TURN, WHY)
    game.add_effect(EffectKind.PINNED, "a1", Duration.UNTIL_END_OF_CONTROLLERS_NEXT_TURN, WHY)
    active_sources(game.state.effects)
    kept = profiles_now._active_kept[0]
    assert kept[0] is game.state.effects and kept[2] == frozenset({"b1"})  # Pinned gives no modifier
    b1 = game.state.unit("b1").models[0]
    got = current(game, "b1", b1)
    assert got == _current_by_every_source(game, "b1") and got is not None and (got.ws, got.bs) == (1, 1)
