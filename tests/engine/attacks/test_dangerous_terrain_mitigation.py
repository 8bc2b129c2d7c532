"""Damage Mitigation rolls against a Wound from a failed Dangerous Terrain test (rulebook p.174, p.238, p.247).

Each Legionary crossing the wire (Dangerous Terrain) tests on a D6; a 1 fails (``terrain.dangerous_fails_on``) and
costs a Wound. A Legionary has no Invulnerable Save, so under the default ``invulnerable_only`` no save is rolled and
the next forced die is the Damage Mitigation roll, if one is offered.
"""

from __future__ import annotations

from typing import Any

from shapely.geometry import box

from strategium.catalogue.citations import Reason
from strategium.catalogue.registry import RuleRef, find_rule
from strategium.engine.core.board import Pose
from strategium.engine.core.effects import Duration, EffectKind
from strategium.engine.core.events import Ruling
from strategium.engine.core.game import Game
from strategium.engine.movement.move import Move
from strategium.geometry.terrain import TerrainKind, terrain_piece
from tests.engine.builders import line, unit
from tests.engine.moving import field, start

WHY = Reason("test set-up", "the state the test needs")
NO_SAVES: dict[str, Any] = {"terrain": {"dangerous_wound_saves": "no_saves"}}


def crossing(rules: tuple[str, ...], overrides: dict[str, Any] | None = None) -> Game:
    """Two Legionaries with ``rules`` at y 4, the wire (Dangerous) at y 6-7 ahead of them, at Blue's Move step."""
    wire = terrain_piece("wire", box(40, 6, 50, 7), TerrainKind.DANGEROUS)
    a1, r1 = unit("a1", 2, rules=rules), unit("r1", 1)
    return start([a1], [r1], {"a1": line(a1, 44, 4), "r1": line(r1, 5, 43)}, field((wire,)), overrides)


def cross(game: Game) -> list[str]:
    """Move both models 4" north, over the wire; the texts of the events it logged."""
    poses = tuple((mid, Pose(p.x, p.y + 4.0, p.heading)) for mid, p in game.state.units["a1"].poses.items())
    return [e.text() for e in game.apply(Move(1, "a1", poses))]


def rulings(game: Game) -> list[Ruling]:
    return [e for e in game.state.events if isinstance(e, Ruling)]


def test_dangerous_terrain_wound_is_discounted_by_feel_no_pain() -> None:
    """a1.1 passes (2); a1.2 fails (1) and its Feel No Pain (5+) roll of 5 discounts the Wound."""
    game = crossing(("Feel No Pain (5+)",))
    game.force_dice(2, 1, 5)
    cross(game)
    status = game.state.units["a1"]
    assert status.casualties == [] and status.wounds_lost.get("a1.2", 0) == 0
    assert [r.total for r in game.state.dice.log[-3:]] == [2, 1, 5]


def test_dangerous_terrain_wound_stands_when_feel_no_pain_fails() -> None:
    game = crossing(("Feel No Pain (5+)",))
    game.force_dice(2, 1, 4)
    cross(game)
    assert game.state.units["a1"].casualties == ["a1.2"]


def test_dangerous_terrain_wounds_get_no_damage_mitigation_that_is_a_save_when_no_saves_are_allowed() -> None:
    """``terrain.dangerous_wound_saves: no_saves``: Feel No Pain is a special Saving Throw (p.238), so it is not
    offered; the forced 5 stays unused and a1.2 is removed. The ruling says why."""
    game = crossing(("Feel No Pain (5+)",), NO_SAVES)
    game.force_dice(2, 1, 5)
    cross(game)
    assert game.state.units["a1"].casualties == ["a1.2"]
    refusal = [r for e in rulings(game) for r in e.reasons if r.rule == "Feel No Pain"]
    assert refusal and "no saves of any kind" in refusal[0].text and refusal[0].page == 238


def test_shrouded_is_offered_against_a_no_saves_dangerous_terrain_wound() -> None:
    """Shrouded is no Saving Throw and works against "no Saves of any kind" (p.247): the 5 ignores the Wound."""
    game = crossing(("Shrouded (5+)",), NO_SAVES)
    game.force_dice(2, 1, 5)
    texts = cross(game)
    assert game.state.units["a1"].casualties == []
    assert any(t.startswith("The Dangerous Terrain Wound on a1 is ignored [") for t in texts)


def test_a_fearless_model_makes_no_shrouded_roll_against_dangerous_terrain() -> None:
    """Shrouded may not be taken "for models with the Fearless special rule" (p.247)."""
    game = crossing(("Shrouded (5+)", "Fearless"))
    game.force_dice(2, 1, 5)
    cross(game)
    assert game.state.units["a1"].casualties == ["a1.2"]


def test_a_stupefied_unit_makes_its_stupefied_roll_against_dangerous_terrain() -> None:
    """The Stupefied roll (6+, EB1 p.107) cancels any unsaved Wound: a 6 ignores the Dangerous Terrain Wound."""
    game = crossing(())
    game.add_effect(EffectKind.STUPEFIED, "a1", Duration.UNTIL_END_OF_CONTROLLERS_NEXT_TURN, WHY)
    game.force_dice(2, 1, 6)
    cross(game)
    assert game.state.units["a1"].casualties == []


def test_granted_shrouded_counts_against_dangerous_terrain() -> None:
    """A Shrouded (5+) granted to the unit by an effect (as Militia Cavalry Mount gives after Running) is offered."""
    game = crossing(())
    shrouded = find_rule("Shrouded (5+)")
    assert isinstance(shrouded, RuleRef)
    game.add_effect(EffectKind.GRANTS_RULE, "a1", Duration.UNTIL_END_OF_CONTROLLERS_NEXT_TURN, WHY, rule=shrouded)
    game.force_dice(2, 1, 5)
    cross(game)
    assert game.state.units["a1"].casualties == []
