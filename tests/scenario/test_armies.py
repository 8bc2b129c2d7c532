"""The armies of a scenario as the game sees them (``scenario/armies.py``): ids shared by both armies get a
``PLAYER:`` prefix, models and references follow, base overrides are applied, a hull override is refused."""

from __future__ import annotations

from dataclasses import replace

import pytest

from strategium.errors import InputError
from strategium.scenario import Scenario, demo_scenario_path, load_scenario
from strategium.scenario.armies import game_armies


@pytest.fixture(scope="module")
def demo() -> Scenario:
    return load_scenario(demo_scenario_path())


def test_a_unit_id_both_armies_use_is_prefixed_with_its_player(demo: Scenario) -> None:
    (first, second), ids = game_armies(demo)
    recon_1 = next(u for u in first.units if u.id == "1:recon")
    recon_2 = next(u for u in second.units if u.id == "2:recon")
    assert [m.id for m in recon_1.models] == [f"1:recon/{n}" for n in range(1, 11)]
    assert [m.id for m in recon_2.models] == [f"2:recon/{n}" for n in range(1, 11)]
    assert ids.unit(1, "recon") == "1:recon" and ids.unit(2, "recon") == "2:recon"
    assert ids.ref("2:recon") == "2:recon" and ids.ref("1:recon") == "1:recon"
    assert ids.unit(1, "centurion") == "centurion" and ids.ref("ogryns-1") == "ogryns-1"
    rhino = next(u for u in first.units if u.id == "tactical-support-rhino")
    assert rhino.dedicated_transport_for == "tactical-support"  # not shared: not renamed


def test_what_a_unit_embarks_in_is_named_as_the_game_names_it(demo: Scenario) -> None:
    _, ids = game_armies(demo)
    assert ids.buildings == {"bastion": "Sentinel Bastion", "bunker": "Imperial Bunker"}
    assert ids.place(1, "bastion") == "Sentinel Bastion"
    assert ids.place(2, "bunker") == "Imperial Bunker"  # an army's Building unit: the Building
    assert ids.place(1, "tactical-support-rhino") == "tactical-support-rhino"


def test_a_base_override_is_carried_into_the_game(demo: Scenario) -> None:
    placements = tuple(
        replace(p, base_mm=(40.0, 40.0)) if (p.player, p.unit_id) == (2, "infantry-1") else p for p in demo.placements
    )
    (_, second), _ = game_armies(replace(demo, placements=placements))
    infantry = next(u for u in second.units if u.id == "infantry-1")
    assert {m.base_mm for m in infantry.models} == {(40.0, 40.0)}


def test_a_hull_override_is_refused_with_its_field(demo: Scenario) -> None:
    placements = tuple(
        replace(p, hull=(5.0, 3.0)) if (p.player, p.unit_id) == (1, "javelins") else p for p in demo.placements
    )
    with pytest.raises(InputError, match="hull override is not carried into the game") as err:
        game_armies(replace(demo, placements=placements))
    assert err.value.field == "armies[0].positions.javelins.hull"
