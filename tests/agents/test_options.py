"""Read-only views for the players: the longest range of a unit's weapons as the engine measures it, and as the
heuristic player reaches for targets."""

from __future__ import annotations

from strategium.agents import options as opt
from strategium.agents.setup import demo_battle
from strategium.engine.shooting.plan import TEMPLATE_LENGTH
from strategium.model.weapons import RangeKind


def test_the_longest_range_is_the_longest_weapon_and_templates_count_their_length() -> None:
    game = demo_battle(seed=3)
    models = [m for army in game.state.armies for u in army.units for m in u.models]
    for m in models:
        ranges = [w.range.maximum for w in m.weapons if w.range.maximum is not None]
        if any(w.range.kind is RangeKind.TEMPLATE for w in m.weapons):
            ranges.append(TEMPLATE_LENGTH)
        assert opt.longest_range([m]) == (float(max(ranges)) if ranges else None)
    bolter = next(m for m in models if any(w.name == "Bolter" for w in m.weapons))
    assert (opt.longest_range([bolter]) or 0.0) >= 24.0
    assert opt.longest_range([]) is None
    assert any(opt.longest_range([m]) is None for m in models)  # a model with melee weapons only


def test_a_units_weapon_reach_is_its_longest_range_templates_as_eight_inches_and_is_kept() -> None:
    game = demo_battle(seed=3)
    units = [u for army in game.state.armies for u in army.units]
    for u in units:
        reaches = [float(w.range.maximum) for m in u.models for w in m.weapons if w.range.maximum is not None]
        reaches += [8.0 for m in u.models for w in m.weapons if w.range.kind is RangeKind.TEMPLATE]
        assert opt.weapon_reach(u) == max(reaches, default=0.0)
        if u.models:
            assert u.models[0].memo["options.weapon_reach"] == (u, opt.weapon_reach(u))  # kept with its unit
    assert {opt.weapon_reach(u) for u in units} >= {0.0, 24.0}  # melee-only units and Bolter units are there
