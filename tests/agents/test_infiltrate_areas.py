"""An infiltrating unit's regions given one at a time (the plain-sight one cleared of models only when asked) are
the regions given together."""

from __future__ import annotations

from typing import Any

import pytest

from strategium.agents import options as opt
from strategium.agents import proposals as pr
from strategium.engine.movement.common import party
from tests.agents.games import at_infiltration


def test_the_regions_one_at_a_time_are_the_regions_together(monkeypatch: pytest.MonkeyPatch) -> None:
    game = at_infiltration(0)
    assert game is not None and game.pending is not None
    unit = opt.held(game, game.pending.player)[0]
    shape = pr.shape_of(game, party(game.state, unit.id))
    hidden, plain = pr.infiltrate_area(game, unit, shape)
    freed: list[object] = []
    free = pr._free

    def counted(*args: Any) -> Any:
        freed.append(args)
        return free(*args)

    monkeypatch.setattr(pr, "_free", counted)
    areas = pr.infiltrate_areas(game, unit, shape)
    first = next(areas)
    assert len(freed) == 1  # the plain-sight region is not cleared yet
    second = next(areas)
    assert len(freed) == 2
    assert next(areas, None) is None
    assert first.equals_exact(hidden, 0.0) and second.equals_exact(plain, 0.0)
    assert first.wkb == hidden.wkb and second.wkb == plain.wkb
