"""Units the battle cannot play are left out before it starts, with a note in the header of the log: the
Tactical Support Squad of ``Dedicated Transport Squad Costs.ros`` (its Legionaries have no Toughness); an empty
army is one line and exit code 2."""

from __future__ import annotations

import dataclasses

import pytest

from strategium.army.army import ForceOrgSlot, Unit
from strategium.army.battlescribe import import_roster
from strategium.battle.playable import LEFT_OUT, left_out_lines, playable_army, unplayable_reason
from strategium.battle.setup import BattleSetup, build_scenario, check_armies
from strategium.cli.main import main
from strategium.errors import InputError
from strategium.model.characteristics import Characteristics
from tests.conftest import ROSTERS

TRANSPORT_ROSTER = ROSTERS / "Dedicated Transport Squad Costs.ros"


def test_what_makes_a_unit_unplayable() -> None:
    army = build_scenario(BattleSetup(armies=("emperors_children", "imperialis_militia"))).armies[0]
    assert [unplayable_reason(u) for u in army.units] == [None] * len(army.units)
    assert unplayable_reason(Unit("empty", "Empty Squad", ForceOrgSlot.TROOPS, ())) == "it has no models"
    squad = army.units[1]
    first = squad.models[0]
    values = first.profile.characteristics
    assert isinstance(values, Characteristics)
    blank = dataclasses.replace(
        first, profile=dataclasses.replace(first.profile, characteristics=dataclasses.replace(values, t=None, w=None))
    )
    broken = dataclasses.replace(squad, models=(blank, *squad.models[1:]))
    name = first.profile.name
    assert unplayable_reason(broken) == f"no Toughness for its {name} models; no Wounds for its {name} models"
    kept, left = playable_army(army)
    assert kept is army and left == ()


def test_the_squad_with_no_toughness_is_left_out_and_its_transport_plays() -> None:
    scenario = build_scenario(BattleSetup(armies=(str(TRANSPORT_ROSTER), "emperors_children")))
    army = scenario.armies[0]
    assert [u.name for u in army.units] == ["Rhino Transport"]
    assert army.units[0].dedicated_transport_for is None  # a Transport of its own now
    assert army.notes[-1] == f"{LEFT_OUT}Tactical Support Squad (no Toughness for its Legionary models)"
    assert [p.unit.name for p in scenario.placements if p.player == 1] == ["Rhino Transport"]
    assert left_out_lines(scenario.armies) == [
        "P1 left out of the battle: Tactical Support Squad (no Toughness for its Legionary models) — the battle "
        "goes on without them"
    ]


def test_an_army_whose_every_unit_is_left_out_is_refused() -> None:
    roster = import_roster(TRANSPORT_ROSTER)
    squad_only = dataclasses.replace(
        roster,
        detachments=tuple(
            dataclasses.replace(d, units=tuple(u for u in d.units if u.name == "Tactical Support Squad"))
            for d in roster.detachments
        ),
    )
    army, left = playable_army(squad_only)
    assert army.units == () and [u.name for u in left] == ["Tactical Support Squad"]
    scenario = build_scenario(BattleSetup(armies=("emperors_children", "imperialis_militia")))
    with pytest.raises(InputError) as err:
        check_armies(dataclasses.replace(scenario, armies=(army, scenario.armies[1])))
    assert str(err.value) == (
        f"{TRANSPORT_ROSTER}: player 1's army has no unit to play "
        "(left out: Tactical Support Squad (no Toughness for its Legionary models))"
    )


def test_an_empty_roster_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    empty = str(ROSTERS / "Empty Validation Test.ros")
    with pytest.raises(SystemExit) as stop:
        main(["battle", "--army", empty, "--army", "emperors_children", "--turns", "2", "--seed", "1"])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert err == f"strategium: error: {empty}: player 1's army has no unit to play\n"
