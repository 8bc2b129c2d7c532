"""Scenario files with hostile or broken geometry and numbers: each is one ``InputError`` at file, line and field,
never a GEOS exception, a hang or an engine that chokes on a 10^9-inch table."""

from __future__ import annotations

import math
import re

import pytest

from strategium import limits as lim
from strategium.errors import InputError
from strategium.scenario import parse_scenario_text
from strategium.scenario.loading import demo_scenario_path

DEMO = demo_scenario_path().read_text(encoding="utf-8")
TERRAIN = re.search(r"  - \{id: ruin-west, [^\n]+\}", DEMO)
assert TERRAIN is not None
RUIN = TERRAIN[0]
RUIN_LINE = DEMO[: TERRAIN.start()].count("\n") + 1


def over(what: str, value: object, name: str) -> str:
    """The end of ``check_limit``'s message for the limit ``name`` in force."""
    limit = getattr(lim.limits(), name)
    return f"{what}: {value} is over the limit of {limit} (raise it with STRATEGIUM_LIMIT_{name.upper()})"


def refused(old: str, new: str, text: str = DEMO) -> str:
    assert old in text, old
    with pytest.raises(InputError) as caught:
        parse_scenario_text(text.replace(old, new, 1), file="s.yaml")
    message = str(caught.value)
    assert "\n" not in message
    return message


def ruin(shape: str) -> str:
    return "  - {id: ruin-west, name: West hab ruins, kind: area, feature: ruins, " + shape + "}"


@pytest.mark.parametrize(
    ("table", "message"),
    [
        ("{width: 1000000000, depth: 48}", "table.width: " + over("inches", "1e+09", "table_inches")),
        ("{width: 0, depth: 48}", "table.width: must be more than 0"),
        ("{width: -72, depth: 48}", "table.width: must be more than 0"),
        ("{width: .nan, depth: 48}", "table.width: must be more than 0"),
        ("{width: .inf, depth: 48}", "table.width: must be a finite number"),
        ("{width: true, depth: 48}", "table.width: must be a number, not true/false"),
        ("{width: 72, depth: 1001}", "table.depth: " + over("inches", 1001, "table_inches")),
    ],
)
def test_table_sizes(table: str, message: str) -> None:
    assert refused("table: {width: 72, depth: 48}", f"table: {table}") == f"s.yaml:14: {message}"


@pytest.mark.parametrize(
    ("shape", "message"),
    [
        ("polygon: [[10, 20], [20, 30], [20, 20], [10, 30]]", "terrain[0].polygon: footprint is not a valid polygon"),
        ("polygon: [[10, 20], [12, 22], [14, 24]]", "terrain[0].polygon: footprint is not a valid polygon"),
        ("polygon: [[10, 20], [10, 20], [10, 20]]", "terrain[0].polygon: footprint is not a valid polygon"),
        (
            "polygon: [[10, 20], [15, 20], [15, 25], [15, 30], [15, 25], [10, 25]]",
            "terrain[0].polygon: footprint is not a valid polygon",
        ),
        ("polygon: [[1, 1], [2, 2]]", "terrain[0].polygon: must have at least 3 items, not 2"),
        (
            "polygon: [[1000000000, 20], [1000000010, 20], [1000000010, 30]]",
            "terrain[0].polygon[0][0]: " + over("inches", "1e+09", "table_inches"),
        ),
        ("polygon: [[.nan, 20], [15, 20], [15, 25]]", "terrain[0].polygon[0][0]: must be a finite number"),
        ("polygon: [[true, 20], [15, 20], [15, 25]]", "terrain[0].polygon[0][0]: must be a number, not true/false"),
        ("rect: [12, 20, -7, 5]", "terrain[0].rect[2]: must be more than 0"),
        ("rect: [12, 20, 0, 5]", "terrain[0].rect[2]: must be more than 0"),
        ("rect: [70, 46, 7, 5]", 'terrain[0].rect: the piece lies (partly) off the 72" x 48" table'),
        ("rect: [-500, -500, 7, 5]", 'terrain[0].rect: the piece lies (partly) off the 72" x 48" table'),
        ("rect: [12, 20, 7, 5], height: -1", "terrain[0].height: must be at least 0"),
        ("rect: [12, 20, 7, 5], height: 1000000000", "terrain[0].height: " + over("inches", "1e+09", "table_inches")),
    ],
)
def test_broken_terrain_pieces(shape: str, message: str) -> None:
    assert refused(RUIN, ruin(shape)) == f"s.yaml:{RUIN_LINE}: {message}"


def test_a_polygon_of_too_many_corners_is_refused_before_any_line_of_sight_is_measured() -> None:
    corners = ", ".join(
        f"[{30 + 8 * math.cos(k * math.pi / 40):.4f}, {24 + 8 * math.sin(k * math.pi / 40):.4f}]" for k in range(80)
    )
    assert refused(RUIN, ruin(f"polygon: [{corners}]")) == (
        f"s.yaml:{RUIN_LINE}: terrain[0].polygon: corners of this polygon: 80 is over the limit of 64 "
        "(raise it with STRATEGIUM_LIMIT_TERRAIN_VERTICES)"
    )


@pytest.mark.parametrize(
    ("deployment", "message"),
    [
        ("{map: dawn_of_war, depth: 49}", 'deployment.depth: a zone 49" deep does not fit on the table (48")'),
        ("{map: hammer_and_anvil, depth: 73}", 'deployment.depth: a zone 73" deep does not fit on the table (72")'),
        (
            "{map: vanguard_strike, centre_exclusion: 100}",
            'deployment.centre_exclusion: a centre exclusion of 100" leaves no single zone for each player on the '
            '72" x 48" table',
        ),
        ("{map: dawn_of_war, depth: .nan}", "deployment.depth: must be more than 0"),
        (
            "{zones: [{player: 1, polygon: [[0, 0], [72, 12], [72, 0], [0, 12]]},"
            " {player: 2, polygon: [[0, 36], [72, 36], [72, 48], [0, 48]]}]}",
            "deployment.zones[0].polygon: not a valid polygon (edges cross?)",
        ),
    ],
)
def test_deployment_maps_that_do_not_fit(deployment: str, message: str) -> None:
    assert refused("deployment: dawn_of_war", f"deployment: {deployment}") == f"s.yaml:15: {message}"


def test_a_centre_exclusion_that_cuts_a_zone_in_two_is_refused() -> None:
    text = DEMO.replace("table: {width: 72, depth: 48}", "table: {width: 200, depth: 10}")
    message = refused("deployment: dawn_of_war", "deployment: {map: vanguard_strike, centre_exclusion: 8}", text)
    assert message == (
        's.yaml:15: deployment.centre_exclusion: a centre exclusion of 8" leaves no single zone for each player on the '
        '200" x 10" table'
    )


@pytest.mark.parametrize(
    ("key", "value", "message"),
    [
        ("at", "[1000000000, 25]", "buildings[0].at[0]: " + over("inches", "1e+09", "table_inches")),
        ("heading", ".inf", "buildings[0].heading: must be a finite number"),
        (
            "capacity",
            "1000000000",
            "buildings[0].capacity: " + over("a Transport Capacity", 1000000000, "profile_value"),
        ),
        ("hull_points", "true", "buildings[0].hull_points: must be a number, not true/false"),
    ],
)
def test_building_numbers(key: str, value: str, message: str) -> None:
    old = re.search(rf"\n    {key}: [^\n]+", DEMO)
    assert old is not None
    line = DEMO[: old.start()].count("\n") + 2
    assert refused(old[0], f"\n    {key}: {value}") == f"s.yaml:{line}: {message}"


@pytest.mark.parametrize(
    ("placement", "message"),
    [
        ("[[1000000000, 6]]", "inches: 1e+09 is over the limit of 1000 (raise it with STRATEGIUM_LIMIT_TABLE_INCHES)"),
        ("[[.nan, 6]]", "must be a finite number"),
        ("[[true, 6]]", "must be a number, not true/false"),
        (
            "{base: '1000000mm', models: [[38, 6]]}",
            "a base side in inches: 39370.1 is over the limit of 1000 (raise it with STRATEGIUM_LIMIT_TABLE_INCHES)",
        ),
        ("{base: 'nanmm', models: [[38, 6]]}", "a base size must be more than 0 mm, not 'nanmm'"),
        ("{base: '-5mm', models: [[38, 6]]}", "cannot read base size '-5mm' (expected e.g. '32mm' or '60x35mm')"),
        ("{base: 'infxinf', models: [[38, 6]]}", "a base size must be more than 0 mm, not 'infxinf'"),
        (
            "{wounds_lost: 1000000000000000000, models: [[38, 6]]}",
            over("the Wounds or Hull Points lost", 1000000000000000000, "profile_value"),
        ),
    ],
)
def test_placements(placement: str, message: str) -> None:
    line = DEMO[: DEMO.index("centurion: [[38, 6]]")].count("\n") + 1
    got = refused("centurion: [[38, 6]]", f"centurion: {placement}")
    assert got.startswith(f"s.yaml:{line}: armies[0].positions.centurion")
    assert got.endswith(message)


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("seed: true", "seed: must be a number, not true/false"),
        (
            "seed: 100000000000000000000",
            "seed: '100000000000000000000' is larger than any whole number strategium reads (10^18)",
        ),
        ("seed: -1", "seed: must be at least 0"),
        ("start: {step: turn, game_turn: 101}", "start.game_turn: " + over("the Game Turn", 101, "game_turns")),
        ("version: true", "version: this strategium reads scenario version 1, not True"),
    ],
)
def test_top_level_numbers(line: str, message: str) -> None:
    text = DEMO.replace("version: 1\n", "") if line.startswith("version") else DEMO
    got = refused("\ndeployment: dawn_of_war", f"\n{line}\ndeployment: dawn_of_war", text)
    assert got.endswith(message.split(": ", 1)[1])
    assert message.split(": ", 1)[0] in got


def test_the_table_limit_can_be_raised() -> None:
    with lim.using_limits(table_inches=2000):
        scenario = parse_scenario_text(DEMO.replace("table: {width: 72, depth: 48}", "table: {width: 1500, depth: 48}"))
    assert scenario.battlefield.table.width == 1500


def test_more_terrain_pieces_than_the_limit_are_refused_before_any_is_read() -> None:
    pieces = len(parse_scenario_text(DEMO, file="s.yaml").battlefield.terrain)
    terrain_line = DEMO[: DEMO.index("terrain:\n")].count("\n") + 1
    with lim.using_limits(terrain_pieces=pieces - 1):
        assert refused("terrain:\n", "terrain:\n") == (
            f"s.yaml:{terrain_line}: terrain: pieces in this list: {pieces} is over the limit of {pieces - 1} "
            "(raise it with STRATEGIUM_LIMIT_TERRAIN_PIECES)"
        )
    with lim.using_limits(terrain_pieces=pieces):
        assert len(parse_scenario_text(DEMO, file="s.yaml").battlefield.terrain) == pieces
