"""LOW-POINTS: Lords of War and Primarchs only in games of at least ``army.lords_of_war_min_points`` points
(rules configuration; 2,000 by default, an event pack summary and recollection, page unknown)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from strategium.army.army import Army, ChartKind, Detachment, ForceOrgSlot
from strategium.army.force_org import ForceOrgVerdict, validate_army
from strategium.config import RulesConfig
from tests.army.test_force_org import CENTURION, TACTICAL_1, TACTICAL_2

LORD = replace(TACTICAL_2, id="lord", name="Lord of War", slot=ForceOrgSlot.LORD_OF_WAR)
PRIMARCH = replace(CENTURION, id="primarch", name="Primarch", slot=ForceOrgSlot.PRIMARCH)
CRUSADE = Detachment("Crusade", ChartKind.CRUSADE, (CENTURION, TACTICAL_1, TACTICAL_2, PRIMARCH))
LOW = Detachment("Lord of War", ChartKind.LORD_OF_WAR, (LORD,))


def low_points(verdict: ForceOrgVerdict) -> list[tuple[str | None, str | None]]:
    return [(p.detachment, p.unit) for p in verdict.problems if p.rule == "LOW-POINTS"]


@pytest.mark.parametrize(("limit", "points"), [(1500, 3000), (None, 1750)])
def test_lords_of_war_and_primarchs_need_a_2000_point_game(limit: int | None, points: int) -> None:
    army = Army("small", (CRUSADE, LOW), points=points, points_limit=limit)
    verdict = validate_army(army)
    assert low_points(verdict) == [("Crusade", "primarch"), ("Lord of War", "lord")]
    size = limit if limit is not None else points
    first = next(p for p in verdict.problems if p.rule == "LOW-POINTS")
    assert first.text == (
        f"Primarch: Lords of War and Primarchs are for games of at least 2000 points; this army is {size} points "
        "(rules configuration `army.lords_of_war_min_points` = 2000 (unconfirmed default))"
    )
    assert first.page == "Age of Darkness rulebook (page unknown)"


def test_a_2000_point_game_allows_them() -> None:
    assert low_points(validate_army(Army("big", (CRUSADE, LOW), points=1990, points_limit=2000))) == []


def test_the_minimum_follows_the_setting() -> None:
    army = Army("small", (CRUSADE, LOW), points=1400, points_limit=1500)
    none = RulesConfig.model_validate({"army": {"lords_of_war_min_points": 0}})
    assert low_points(validate_army(army, config=none)) == []
    lower = RulesConfig.model_validate({"army": {"lords_of_war_min_points": 1500}})
    assert low_points(validate_army(army, config=lower)) == []
    higher = RulesConfig.model_validate({"army": {"lords_of_war_min_points": 1501}})
    assert low_points(validate_army(army, config=higher)) == [("Crusade", "primarch"), ("Lord of War", "lord")]


def test_an_army_of_unknown_size_is_not_judged() -> None:
    assert low_points(validate_army(Army("unknown", (CRUSADE, LOW)))) == []
