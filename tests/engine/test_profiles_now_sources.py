"""``profiles_now.modifiers``: a source registered with ``effect_modifier_source`` is skipped while no effect of
its kinds is in force, and the answer is the same as calling every source."""

from __future__ import annotations

from strategium.engine import profiles_now
from strategium.engine.citations import Reason
from strategium.engine.effects import Duration, EffectKind
from strategium.engine.game import Game
from strategium.engine.profiles_now import Modifier, active_sources, effect_kinds, modifiers
from tests.engine.test_morale import battle

WHY = Reason("Test", "test")


def _every_source(game: Game, unit_id: str) -> list[Modifier]:
    model = game.state.unit(unit_id).models[0]
    return [m for source, _ in profiles_now._SOURCES for m in source(game, unit_id, model)]


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

    profiles_now._SOURCES.append((source, None))
    profiles_now._active_kept.clear()  # as modifier_source does (without registering for good)
    try:
        assert modifiers(game, "a1", model) == [extra] and calls == ["a1"]
    finally:
        profiles_now._SOURCES.remove((source, None))
        profiles_now._active_kept.clear()
