"""The bundled demo scenario: what it holds, exactly."""

from __future__ import annotations

import pytest

from strategium.geometry.bases import Base
from strategium.geometry.measure import MM_PER_INCH
from strategium.geometry.terrain import FirePoint, SightRule, TerrainKind
from strategium.model.characteristics import Facing
from strategium.scenario import Scenario, Status, demo_scenario_path, load_scenario


@pytest.fixture(scope="module")
def demo() -> Scenario:
    return load_scenario(demo_scenario_path())


def test_demo_is_the_two_demo_armies_on_a_standard_table(demo: Scenario) -> None:
    assert demo_scenario_path().name == "demo.yaml" and demo_scenario_path().is_file()
    assert [a.name for a in demo.armies] == ["Emperor's Children demo", "Imperialis Militia demo"]
    assert (demo.battlefield.table.width, demo.battlefield.table.depth) == (72.0, 48.0)
    assert demo.battlefield.deployment is not None and demo.battlefield.deployment.name == "dawn-of-war"
    assert demo.source == str(demo_scenario_path())


def _ids(demo: Scenario, status: Status, player: int) -> list[str]:
    return [p.unit_id for p in demo.with_status(status, player)]


def test_demo_placements_per_side(demo: Scenario) -> None:
    assert len(demo.placements) == 8 + 11  # every unit of both armies
    assert _ids(demo, Status.ON_TABLE, 1) == [
        "centurion",
        "tactical-1",
        "tactical-2",
        "tactical-support-rhino",
        "contemptors",
    ]
    assert _ids(demo, Status.EMBARKED, 1) == ["tactical-support"]
    assert _ids(demo, Status.RESERVES, 1) == ["javelins"]
    assert _ids(demo, Status.UNDEPLOYED, 1) == ["recon"]
    assert _ids(demo, Status.ON_TABLE, 2) == [
        "force-commander", "infantry-1", "infantry-2", "infantry-3", "ogryns-1", "cavalry-1", "leman-russ"
    ]  # fmt: skip
    assert _ids(demo, Status.EMBARKED, 2) == ["ogryns-2"]
    assert _ids(demo, Status.RESERVES, 2) == ["cavalry-2"]
    assert _ids(demo, Status.UNDEPLOYED, 2) == ["recon"]
    assert _ids(demo, Status.BUILDING, 2) == ["bunker"]
    assert sum(len(u.models) for u in demo.on_table(1)) == 1 + 20 + 20 + 1 + 3
    assert sum(len(u.models) for u in demo.on_table(2)) == 1 + 60 + 5 + 15 + 1


def test_demo_embarked_units_name_their_carrier(demo: Scenario) -> None:
    support = demo.find("tactical-support").placed
    ogryns = demo.find("ogryns-2").placed
    assert support is not None and support.embarked_in == "tactical-support-rhino" and support.models == ()
    assert ogryns is not None and ogryns.embarked_in == "bunker" and not ogryns.on_table


def test_demo_terrain(demo: Scenario) -> None:
    terrain = {t.name: t for t in demo.battlefield.terrain}
    assert len(terrain) == 7
    assert [t.kind for t in demo.battlefield.terrain].count(TerrainKind.AREA) == 4
    ruins = terrain["West hab ruins"]
    assert ruins.sight is SightRule.BLOCKS and ruins.is_difficult and ruins.height == 3.0
    assert ruins.footprint.bounds == (12.0, 20.0, 19.0, 25.0)
    woods = terrain["Ash woods"]  # woods_block is false by default: woods give no sight block, are Difficult
    assert woods.sight is SightRule.CLEAR and woods.is_difficult
    assert terrain["Rock spire"].is_impassable and terrain["Rock spire"].sight is SightRule.HEIGHT
    assert terrain["Crater field"].is_dangerous
    assert terrain["Low wall"].kind is TerrainKind.BARRICADE and terrain["Low wall"].height == 1.5


def test_demo_buildings(demo: Scenario) -> None:
    bastion, bunker = demo.battlefield.buildings
    assert bastion.name == "Sentinel Bastion"
    assert (bastion.front, bastion.side, bastion.rear, bastion.hull_points, bastion.transport_capacity) == (
        14, 13, 12, 6, 10
    )  # fmt: skip
    assert bastion.fire_points == (FirePoint(Facing.FRONT, 3), FirePoint(Facing.SIDE, 2))
    assert bastion.access_points == (Facing.REAR,) and bastion.battlements
    assert (bastion.hull.x, bastion.hull.y, bastion.hull.length, bastion.hull.width) == (63.0, 25.0, 5.0, 5.0)
    assert bastion.hull.heading == 270.0 and bastion.height == 5.0
    # the Militia's Imperial Bunker, from its army profile
    assert bunker.name == "Imperial Bunker"
    assert (bunker.front, bunker.side, bunker.rear, bunker.hull_points, bunker.transport_capacity) == (
        14,
        14,
        14,
        4,
        12,
    )
    assert bunker.fire_points == tuple(FirePoint(f, 2) for f in (Facing.FRONT, Facing.SIDE, Facing.REAR))
    assert bunker.battlements and (bunker.hull.length, bunker.hull.width) == (6.0, 6.0)
    assert demo.building_ids == {"bastion": bastion, "bunker": bunker}


def test_demo_models_use_army_bases_and_default_hulls(demo: Scenario) -> None:
    commander = demo.find("force-commander").placed
    assert commander is not None
    oval = commander.models[0].footprint
    assert oval.centre == pytest.approx((38.0, 38.0))
    minx, miny, maxx, maxy = oval.core.bounds  # 60x35 mm oval facing south (heading 270): long axis north-south
    assert maxy - miny == pytest.approx(60 / MM_PER_INCH, abs=0.01)
    assert maxx - minx == pytest.approx(35 / MM_PER_INCH, abs=0.01)
    rhino = demo.find("tactical-support-rhino").placed
    assert rhino is not None and rhino.models[0].hull is not None
    hull = rhino.models[0].hull
    assert (hull.x, hull.y, hull.length, hull.width, hull.heading) == (30.0, 6.0, 4.6, 3.5, 90.0)
    recon = demo.find("1:recon")
    assert recon.placed is None and len(recon.shapes) == 10
    assert recon.shapes[0].footprint.radius == pytest.approx(Base(32).radius)
    tank = demo.find("leman-russ").placed
    assert tank is not None and tank.models[0].hull is not None and tank.models[0].hull.heading == 270.0


def test_demo_config_is_the_default(demo: Scenario) -> None:
    from strategium.config import RulesConfig

    assert demo.config == RulesConfig()
