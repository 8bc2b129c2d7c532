"""Battle setups: the JSON stored in records, army references, replacing a scenario's armies."""

from __future__ import annotations

import pytest

from strategium.battle.coverage import gaps_text, rule_gaps
from strategium.battle.setup import BattleSetup, army_entry, build_scenario
from strategium.errors import InputError
from tests.conftest import ROSTERS


def test_setup_json_round_trip_and_errors() -> None:
    setup = BattleSetup("demo", ("a.ros", "emperors_children"), 3, ("random", "heuristic"))
    assert BattleSetup.from_json(setup.to_json()) == setup
    with pytest.raises(InputError, match=r"setup\.players"):
        BattleSetup.from_json({"scenario": "demo", "players": ["clever", "random"]})
    with pytest.raises(InputError, match="no battle setup"):
        BattleSetup.from_json({})


def test_army_references() -> None:
    assert army_entry("imperialis_militia") == {"demo": "imperialis_militia"}
    assert army_entry(str(ROSTERS / "hhv2.solar_aux_zm.ros")) == {"roster": str(ROSTERS / "hhv2.solar_aux_zm.ros")}
    with pytest.raises(InputError, match="no demo army of that name"):
        army_entry("no-such-army")


def test_armies_replace_the_scenario_armies_and_keep_the_demo_bunker() -> None:
    scenario = build_scenario(BattleSetup(armies=(str(ROSTERS / "hhv2.solar_aux_zm.ros"), "imperialis_militia")))
    assert scenario.armies[0].name == "New Roster" and len(scenario.armies[0].units) == 7
    assert [p.unit.id for p in scenario.placements if p.building is not None] == ["bunker"]
    assert {b.name for b in scenario.battlefield.buildings} == {"Sentinel Bastion", "Imperial Bunker"}


def test_an_empty_roster_is_refused() -> None:
    with pytest.raises(InputError, match="player 1's army has no unit"):
        build_scenario(BattleSetup(armies=(str(ROSTERS / "Empty Validation Test.ros"), "imperialis_militia")))


def test_rules_the_engine_does_not_play_are_listed() -> None:
    scenario = build_scenario(BattleSetup())
    gaps = {(g.player, g.rule): g for g in rule_gaps(scenario.armies)}
    assert gaps[(2, "Strength in Numbers")].status == "unknown"
    assert gaps[(2, "Strength in Numbers")].carriers == ("Infantry Squad",)
    assert gaps[(1, "Deep Strike")].status == "not-yet"
    assert (1, "Infiltrate") not in gaps and (1, "Relentless") not in gaps
    lines = gaps_text(rule_gaps(scenario.armies))
    assert lines[0].startswith("P1 not implemented: ") and lines[0].endswith("— the battle goes on without them")
