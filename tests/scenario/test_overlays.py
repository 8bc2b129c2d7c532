"""Legal-region overlays of the demo scenario (INF-3/4/5, SCT-2/3, deployment): non-empty, and agreeing
with the point checks of strategium.geometry.regions."""

from __future__ import annotations

import pytest
from shapely.geometry import Point

from strategium.errors import InputError
from strategium.geometry.measure import min_distance
from strategium.geometry.pieces import PlacedModel, PlacedUnit
from strategium.geometry.regions import infiltrate_clause, scout_move_legal
from strategium.geometry.sight import SightMap
from strategium.scenario import Scenario, demo_scenario_path, load_scenario
from strategium.scenario.overlays import overlay_for


@pytest.fixture(scope="module")
def demo() -> Scenario:
    return load_scenario(demo_scenario_path())


def _recon_at(demo: Scenario, x: float, y: float) -> PlacedUnit:
    shape = demo.find("1:recon").shapes[0]
    return PlacedUnit("recon", 1, (PlacedModel(shape.footprint.moved_to(x, y), shape.height),))


def test_infiltrate_overlay_regions(demo: Scenario) -> None:
    result = overlay_for(demo, "infiltrate:1:recon")
    assert result.summary == "Infiltrate regions of 1:recon"
    hidden, plain, inside = result.overlays
    assert hidden.label == 'INF-3: 1:recon hidden, more than 9" from enemies'
    assert plain.label == 'INF-5: 1:recon more than 12" from enemies'
    assert inside.label == "INF-4: 1:recon may deploy inside Sentinel Bastion"
    assert not hidden.geometry.is_empty and not plain.geometry.is_empty
    enemies = demo.placed_units(2)
    # a point of each region passes the point check with the clause it stands for
    p = plain.geometry.representative_point()
    assert infiltrate_clause(demo.battlefield, enemies, _recon_at(demo, p.x, p.y)) == "INF-5"
    p = hidden.geometry.representative_point()
    assert infiltrate_clause(demo.battlefield, enemies, _recon_at(demo, p.x, p.y)) in ("INF-3", "INF-5")
    assert not SightMap(demo.battlefield).any_unit_sees(demo.on_table(2), _recon_at(demo, p.x, p.y))
    # 8.5" from the nearest Militia model is in neither region (more than 9" is required)
    unit = _recon_at(demo, 3.0, 40 - 0.5 - 0.63 - 8.5)
    d = min_distance(unit.footprints, [f for u in demo.on_table(2) for f in u.footprints])
    assert d == pytest.approx(8.5, abs=0.01)
    centre = Point(3.0, 40 - 0.5 - 0.63 - 8.5)
    assert not hidden.geometry.contains(centre) and not plain.geometry.contains(centre)
    assert infiltrate_clause(demo.battlefield, enemies, unit) is None
    # far from every enemy, in the open south-west: plain sight
    assert plain.geometry.contains(Point(8, 16))


def test_infiltrate_stays_away_from_the_enemy_bunker(demo: Scenario) -> None:
    hidden, plain, _ = overlay_for(demo, "infiltrate:1:recon").overlays
    bunker = demo.building_ids["bunker"].footprint
    assert hidden.geometry.distance(bunker) > 9.0 and plain.geometry.distance(bunker) > 12.0


def test_scout_overlay_agrees_with_the_point_check(demo: Scenario) -> None:
    (overlay,) = overlay_for(demo, "scout:2:cavalry-1").overlays
    assert overlay.label == 'Scout: 2:cavalry-1 within 12", more than 9" from enemies'
    cavalry = demo.find("2:cavalry-1").placed
    assert cavalry is not None
    first = cavalry.models[0].footprint
    p = overlay.geometry.representative_point()
    # some model may end there; the first model's own region is inside the union
    enemies = demo.placed_units(1)
    moved = first.moved_to(p.x, p.y)
    legal_for_some = any(
        scout_move_legal(demo.battlefield, enemies, m.footprint, m.footprint.moved_to(p.x, p.y), 12.0)
        for m in cavalry.models
    )
    assert legal_for_some and moved.centre == pytest.approx((p.x, p.y))
    # nothing within 9" of the Emperor's Children line at y = 4..5.5
    assert overlay.geometry.bounds[1] > 5.5 + 0.63 + 9


def test_deployment_overlay(demo: Scenario) -> None:
    (overlay,) = overlay_for(demo, "deployment:1").overlays
    assert overlay.geometry.bounds == (0.0, 0.0, 72.0, 12.0)
    assert overlay_for(demo, "deployment:2").summary == "deployment zone of player 2"


@pytest.mark.parametrize(
    ("request_text", "message"),
    [
        ("fly:recon", "cannot read overlay 'fly:recon'"),
        ("infiltrate", "cannot read overlay 'infiltrate'"),
        ("deployment:3", "the player must be 1 or 2"),
        ("infiltrate:recon", "both armies have a unit 'recon'"),
        ("scout:1:recon", "1:recon is not on the table \\(undeployed\\): it has no Scout move"),
        ("infiltrate:2:bunker", "2:bunker is a Building: it cannot infiltrate"),
    ],
)
def test_bad_overlay_requests(demo: Scenario, request_text: str, message: str) -> None:
    with pytest.raises(InputError, match=message):
        overlay_for(demo, request_text)
