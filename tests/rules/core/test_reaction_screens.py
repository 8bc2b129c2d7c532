"""The Reactions' screens (``rules/core/reaction_screens.py``): over real battles a screen never rules out a unit the
Reaction's own condition would let react (the boxes' own tests are in ``tests/engine/table/test_unit_box.py`` and
``tests/engine/table/test_box_gap.py``)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from strategium.battle.run import play_battle
from strategium.battle.setup import BattleSetup
from strategium.engine.core.board import Pose
from strategium.engine.reactions import windows as reactions
from strategium.engine.reactions.registry import ReactionDef


@pytest.mark.parametrize("seed", [0, 3])
def test_a_screen_never_rules_out_a_unit_that_may_react(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    seen = {"out": 0, "in": 0}
    real = reactions._Window.passes_screen

    def checked(window: reactions._Window, definition: ReactionDef, unit_id: str, enemy_id: str) -> bool:
        passed = real(window, definition, unit_id, enemy_id)
        own = definition.eligible(window.game, unit_id, enemy_id, window.trigger)
        if not passed:
            assert own is not None, (definition.name, unit_id, enemy_id)
        seen["out" if not passed else "in"] += 1
        return passed

    monkeypatch.setattr(reactions._Window, "passes_screen", checked)
    play_battle(BattleSetup(players=("heuristic", "heuristic")), seed)
    assert seen["out"] > 0 and seen["in"] > 0


@settings(max_examples=60, deadline=None)
@given(st.floats(-6, 6), st.floats(-6, 6), st.floats(-180, 180))
def test_each_leg_makes_the_legs_of_a_move(dx: float, dy: float, turn: float) -> None:
    from strategium.engine.movement.move import legs
    from strategium.rules.core.reactions import each_leg
    from tests.engine.builders_combat import battle, place, squad

    game = battle([squad("tac", 3), squad("cap", 1)], [squad("red", 2)])
    s = game.state
    place(game, s.unit("tac"), 20, 20)
    place(game, s.unit("cap"), 20, 23)
    s.units["cap"].joined_to = "tac"
    units = [s.unit("tac"), s.unit("cap")]
    positions = tuple(
        (m.id, Pose(p.x + dx, p.y + dy, p.heading + turn))
        for u in units
        for m in u.models
        if (p := s.units[u.id].poses.get(m.id)) is not None
    )
    slow, fast = legs(game, units, positions), list(each_leg(game, units, positions))
    assert [(g.unit_id, g.model.id, g.before.key, g.after.key) for g in slow] == [
        (g.unit_id, g.model.id, g.before.key, g.after.key) for g in fast
    ]
    assert all(a.path.equals_exact(b.path, 0.0) for a, b in zip(slow, fast, strict=True))
