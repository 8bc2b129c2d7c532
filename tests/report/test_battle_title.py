"""The battle's title: the scenario's name for its own armies, the armies' names when ``--army`` replaced them."""

from __future__ import annotations

from html import escape

from strategium.battle.run import play_battle
from strategium.battle.setup import BattleSetup
from strategium.report.html import render_report
from strategium.report.log import battle_title, header_lines
from tests.conftest import ROSTERS


def test_the_demo_battle_is_titled_with_its_scenario() -> None:
    result = play_battle(BattleSetup(turns=1), 3)
    assert battle_title(result) == "Demo - Emperor's Children against the Imperialis Militia"


def test_a_battle_of_other_armies_is_titled_with_them_not_the_demo() -> None:
    mechanicum, auxilia = ROSTERS / "hhv2.mechanicum_zm.ros", ROSTERS / "hhv2.solar_aux_zm.ros"
    result = play_battle(BattleSetup(armies=(str(mechanicum), str(auxilia)), turns=1), 3)
    first, second = result.game.state.armies
    assert (first.faction, second.faction) == ("2022 - Mechanicum", "2022 - LI - Solar Auxilia")
    title = (
        "New Roster (2022 - Mechanicum) against New Roster (2022 - LI - Solar Auxilia) "
        "(on the table of Demo - Emperor's Children against the Imperialis Militia)"
    )
    assert battle_title(result) == title
    assert header_lines(result)[0] == f"strategium battle: {title}"
    assert f"<title>strategium battle: {escape(title)} (seed 3)</title>" in render_report(result)
