"""Scenario armies from army files and rosters, rules-configuration overrides, deployment maps, overrides."""

from __future__ import annotations

from pathlib import Path
from textwrap import dedent

import pytest
from shapely.geometry import Point

from strategium.army.library import demo_army_paths
from strategium.geometry.bases import Base
from strategium.scenario import Status, load_scenario, parse_scenario_text
from tests.conftest import ROSTERS


def _write(folder: Path, text: str) -> Path:
    path = folder / "s.yaml"
    path.write_text(dedent(text), encoding="utf-8")
    return path


def test_army_file_roster_and_config_file_are_read_relative_to_the_scenario(tmp_path: Path) -> None:
    (tmp_path / "lists").mkdir()
    (tmp_path / "lists" / "ec.yaml").write_text(demo_army_paths()["emperors_children"].read_text(encoding="utf-8"))
    (tmp_path / "house.yaml").write_text("reserves:\n  target: 4\n", encoding="utf-8")
    roster = ROSTERS / "Basic Marines Validate.ros"
    path = _write(
        tmp_path,
        f"""\
        version: 1
        name: Files
        rules_config: house.yaml
        armies:
          - army: lists/ec.yaml
            positions:
              centurion: [[10, 10]]
          - roster: {roster}
            positions:
              lwv1m4j0871o1t55w4: [[10, 40]]
        """,
    )
    scenario = load_scenario(path)
    assert scenario.armies[0].name == "Emperor's Children demo"
    assert scenario.armies[1].units[0].name == "Centurion"
    assert scenario.config.reserves.target == 4
    assert scenario.battlefield.deployment is None
    # rosters give no base sizes: the roster's Centurion (Infantry) stands on the 32 mm project default
    placed = scenario.find("2:lwv1m4j0871o1t55w4").placed
    assert placed is not None and placed.models[0].footprint.radius == pytest.approx(Base(32).radius)
    assert len(scenario.with_status(Status.UNDEPLOYED, 2)) == 2


def test_inline_config_changes_terrain_defaults() -> None:
    text = dedent(
        """\
        version: 1
        name: Woods that block
        rules_config:
          line_of_sight: {woods_block: true, ruins_block: false}
          terrain: {ruins_difficult: false}
        terrain:
          - {id: w, kind: area, feature: woods, rect: [10, 20, 4, 4], height: 3}
          - {id: r, kind: area, feature: ruins, rect: [30, 20, 4, 4], height: 3}
          - {id: r2, kind: area, feature: ruins, rect: [40, 20, 4, 4], height: 3, sight: height, difficult: true}
        armies:
          - demo: emperors_children
          - demo: imperialis_militia
        """
    )
    woods, ruins, ruins2 = parse_scenario_text(text).battlefield.terrain
    assert (woods.sight, woods.is_difficult) == ("blocks", True)
    assert (ruins.sight, ruins.is_difficult) == ("clear", False)
    assert (ruins2.sight, ruins2.is_difficult) == ("height", True)


@pytest.mark.parametrize(
    ("deployment", "zone1_bounds"),
    [
        ("dawn_of_war", (0.0, 0.0, 72.0, 12.0)),
        ("{map: dawn-of-war, depth: 9}", (0.0, 0.0, 72.0, 9.0)),
        ("hammer_and_anvil", (0.0, 0.0, 24.0, 48.0)),
        ("{map: hammer_and_anvil, depth: 18}", (0.0, 0.0, 18.0, 48.0)),
        ("{zones: [{player: 2, polygon: [[0, 40], [72, 40], [72, 48], [0, 48]], edges: [north]}, "
         "{player: 1, polygon: [[0, 0], [72, 0], [72, 6], [0, 6]], edges: [south]}]}", (0.0, 0.0, 72.0, 6.0)),
    ],
)  # fmt: skip
def test_deployment_maps(deployment: str, zone1_bounds: tuple[float, ...]) -> None:
    armies = "armies: [{demo: emperors_children}, {demo: imperialis_militia}]\n"
    text = f"version: 1\nname: d\ndeployment: {deployment}\n" + armies
    dep = parse_scenario_text(text).battlefield.deployment
    assert dep is not None
    assert tuple(round(v, 9) for v in dep.zone(1).polygon.bounds) == zone1_bounds


def test_vanguard_strike_centre_exclusion() -> None:
    text = (
        "version: 1\nname: d\ndeployment: {map: vanguard_strike, centre_exclusion: 6}\n"
        "armies: [{demo: emperors_children}, {demo: imperialis_militia}]\n"
    )
    dep = parse_scenario_text(text).battlefield.deployment
    assert dep is not None and dep.name == "vanguard-strike"
    zone = dep.zone(1).polygon
    assert not zone.contains(Point(36 + 5.9, 24 - 0.5)) and zone.contains(Point(36 + 7, 24 - 2))


def test_base_and_hull_overrides_and_default_heading() -> None:
    text = dedent(
        """\
        version: 1
        name: Overrides
        deployment: hammer_and_anvil
        armies:
          - demo: emperors_children
            positions:
              centurion: {models: [[10, 10]], base: 40mm}
              tactical-support-rhino: {models: [[10, 20]], hull: [5, 4]}
              recon: {base: 25}
          - demo: imperialis_militia
        """
    )
    scenario = parse_scenario_text(text)
    centurion = scenario.find("centurion").placed
    rhino = scenario.find("tactical-support-rhino").placed
    assert centurion is not None and centurion.models[0].footprint.radius == pytest.approx(Base(40).radius)
    assert rhino is not None and rhino.models[0].hull is not None
    hull = rhino.models[0].hull
    assert (hull.length, hull.width, hull.heading) == (5.0, 4.0, 0.0)  # player 1 (west) faces east
    recon = scenario.find("1:recon")
    assert recon.status is Status.UNDEPLOYED
    assert recon.shapes[0].footprint.radius == pytest.approx(Base(25).radius)


def test_find_unit_references() -> None:
    from strategium.errors import InputError
    from strategium.scenario import demo_scenario_path

    scenario = load_scenario(demo_scenario_path())
    assert scenario.find("2:recon").player == 2
    assert scenario.find("javelins").ref == "1:javelins"
    with pytest.raises(InputError, match="both armies have a unit 'recon': write 1:recon or 2:recon"):
        scenario.find("recon")
    with pytest.raises(InputError, match=r"cannot read unit reference '3:recon' \(expected UNIT_ID or PLAYER:UNIT_ID"):
        scenario.find("3:recon")
    with pytest.raises(InputError, match="no unit 'nobody' in the scenario"):
        scenario.find("nobody")


def test_the_full_example_of_the_format_document_loads(tmp_path: Path) -> None:
    doc = (Path(__file__).resolve().parents[2] / "docs" / "scenario-format.md").read_text(encoding="utf-8")
    example = doc.split("## A full example", 1)[1].split("```yaml\n", 1)[1].split("```", 1)[0]
    (tmp_path / "lists").mkdir()
    militia = demo_army_paths()["imperialis_militia"].read_text(encoding="utf-8")
    (tmp_path / "lists" / "my-militia.yaml").write_text(militia, encoding="utf-8")
    scenario = load_scenario(_write(tmp_path, example))
    assert scenario.name == "Ambush at the shrine"
    assert [t.name for t in scenario.battlefield.terrain] == ["West hab ruins", "shrine"]
    assert [b.name for b in scenario.battlefield.buildings] == ["Sentinel Bastion", "Imperial Bunker"]
    assert scenario.config.line_of_sight.woods_block is True
    assert scenario.find("ogryns-2").status is Status.EMBARKED
    assert scenario.find("1:recon").shapes[0].footprint.radius == pytest.approx(Base(25).radius)
