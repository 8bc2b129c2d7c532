"""Malformed scenario files: each error names the file, the line and the field, exactly."""

from __future__ import annotations

from pathlib import Path
from textwrap import dedent

import pytest

from strategium.errors import InputError
from strategium.scenario import load_scenario

HEAD = """\
version: 1
name: Test
deployment: dawn_of_war
"""

ARMIES = """\
armies:
  - demo: emperors_children
    positions:
      centurion: [[36, 6]]
  - demo: imperialis_militia
"""


def _load(tmp_path: Path, text: str) -> None:
    path = tmp_path / "s.yaml"
    path.write_text(dedent(text), encoding="utf-8")
    load_scenario(path)


def _error(tmp_path: Path, text: str) -> str:
    with pytest.raises(InputError) as info:
        _load(tmp_path, text)
    return str(info.value)


def test_minimal_scenario_loads(tmp_path: Path) -> None:
    _load(tmp_path, HEAD + ARMIES)


def test_bad_yaml(tmp_path: Path) -> None:
    message = _error(tmp_path, "version: 1\nname: [unclosed\narmies: []\n")
    assert message.startswith("s.yaml:3: not valid YAML: ")


def test_empty_file(tmp_path: Path) -> None:
    assert _error(tmp_path, "") == "s.yaml:1: the file is empty"


def test_not_a_mapping(tmp_path: Path) -> None:
    assert _error(tmp_path, "- 1\n") == "s.yaml:1: a scenario file must be a mapping (version:, name:, armies:, ...)"


def test_unknown_top_level_key_is_an_error(tmp_path: Path) -> None:
    assert _error(tmp_path, HEAD + "moves: []\n" + ARMIES) == "s.yaml:4: moves: unknown key"


def test_other_version(tmp_path: Path) -> None:
    text = HEAD.replace("version: 1", "version: 2") + ARMIES
    assert _error(tmp_path, text) == "s.yaml:1: version: this strategium reads scenario version 1, not 2"


def test_missing_version_and_armies(tmp_path: Path) -> None:
    assert _error(tmp_path, "name: Test\narmies: []\nversion: 1\n").startswith("s.yaml:2: armies: ")
    assert _error(tmp_path, "name: Test\n" + ARMIES) == "s.yaml:1: version: is required"


def test_wrong_type(tmp_path: Path) -> None:
    text = HEAD + "table:\n  width: wide\n" + ARMIES
    assert _error(tmp_path, text) == "s.yaml:5: table.width: must be a number"


def test_unknown_deployment_map(tmp_path: Path) -> None:
    text = HEAD.replace("dawn_of_war", "dawn_of_doom") + ARMIES
    assert _error(tmp_path, text).startswith("s.yaml:3: deployment: must be one of 'dawn_of_war', ")


def test_unknown_demo_army(tmp_path: Path) -> None:
    text = HEAD + ARMIES.replace("imperialis_militia", "ultramarines")
    assert _error(tmp_path, text) == (
        "s.yaml:8: armies[1].demo: no demo army named 'ultramarines' (bundled: emperors_children, imperialis_militia)"
    )


def test_two_army_sources(tmp_path: Path) -> None:
    text = HEAD + ARMIES.replace("  - demo: imperialis_militia", "  - demo: imperialis_militia\n    army: x.yaml")
    assert _error(tmp_path, text) == "s.yaml:8: armies[1]: give exactly one of 'demo', 'army' or 'roster'"


def test_unknown_unit_id(tmp_path: Path) -> None:
    text = HEAD + ARMIES.replace("centurion: [[36, 6]]", "captain: [[36, 6]]")
    assert _error(tmp_path, text) == (
        "s.yaml:7: armies[0].positions.captain: no unit 'captain' in \"Emperor's Children demo\" (unit ids: "
        "centurion, tactical-1, tactical-2, tactical-support, tactical-support-rhino, recon, javelins, contemptors)"
    )


def test_position_off_the_table(tmp_path: Path) -> None:
    text = HEAD + ARMIES.replace("[[36, 6]]", "[[71.5, 6]]")
    assert _error(tmp_path, text) == (
        "s.yaml:7: armies[0].positions.centurion[0]: model 1 (Legion Centurion) at [71.5, 6] is (partly) off the "
        '72" x 48" table'
    )


def test_position_off_the_table_in_the_long_form(tmp_path: Path) -> None:
    text = HEAD + ARMIES.replace(
        "      centurion: [[36, 6]]", "      centurion:\n        models:\n          - [36, 6]\n          - [36, -1]"
    )
    assert _error(tmp_path, text) == "s.yaml:7: armies[0].positions.centurion: the unit has 1 model, 2 positions given"
    text = HEAD + ARMIES.replace(
        "      centurion: [[36, 6]]", "      centurion:\n        models:\n          - [36, -1]"
    )
    assert _error(tmp_path, text) == (
        "s.yaml:9: armies[0].positions.centurion.models[0]: model 1 (Legion Centurion) at [36, -1] is (partly) off "
        'the 72" x 48" table'
    )


def test_model_count_does_not_match(tmp_path: Path) -> None:
    text = HEAD + ARMIES.replace("centurion: [[36, 6]]", "tactical-1: [[10, 4], [12, 4]]")
    assert (
        _error(tmp_path, text) == "s.yaml:7: armies[0].positions.tactical-1: the unit has 20 models, 2 positions given"
    )


def test_overlapping_models(tmp_path: Path) -> None:
    text = HEAD + ARMIES.replace(
        "centurion: [[36, 6]]", "centurion: [[36, 6]]\n      contemptors: [[50, 6], [37, 6.5], [56, 6]]"
    )
    assert _error(tmp_path, text) == (
        "s.yaml:8: armies[0].positions.contemptors[1]: model 2 (Contemptor Dreadnought) overlaps "
        "1:centurion model 1 (Legion Centurion)"
    )


def test_touching_models_do_not_overlap(tmp_path: Path) -> None:
    # 32 mm bases whose centres are exactly one diameter apart touch
    d = 32 / 25.4
    text = HEAD + ARMIES.replace(
        "centurion: [[36, 6]]", f"tactical-1: [{', '.join(f'[{10 + k * d!r}, 4]' for k in range(20))}]"
    )
    _load(tmp_path, text)


def test_overlap_across_armies(tmp_path: Path) -> None:
    text = HEAD + ARMIES + "    positions:\n      force-commander: [[36.5, 6.2]]\n"
    assert _error(tmp_path, text) == (
        "s.yaml:10: armies[1].positions.force-commander[0]: model 1 (Mounted Force Commander) overlaps "
        "1:centurion model 1 (Legion Centurion)"
    )


def test_model_on_impassable_terrain(tmp_path: Path) -> None:
    text = HEAD + "terrain:\n  - {id: rock, kind: impassable, rect: [35, 5, 2, 2], height: 2}\n" + ARMIES
    assert _error(tmp_path, text) == (
        "s.yaml:9: armies[0].positions.centurion[0]: model 1 (Legion Centurion) stands on Impassable terrain (rock)"
    )


def test_non_convex_blocking_terrain(tmp_path: Path) -> None:
    text = (
        HEAD
        + (
            "terrain:\n  - id: l-ruin\n    kind: area\n"
            "    polygon: [[0, 20], [6, 20], [6, 22], [2, 22], [2, 26], [0, 26]]\n"
        )
        + ARMIES
    )
    assert _error(tmp_path, text) == (
        "s.yaml:7: terrain[0].polygon: a piece that blocks line of sight must be convex; describe it as several "
        "convex pieces"
    )


def test_terrain_off_the_table_and_shape_given_twice(tmp_path: Path) -> None:
    text = HEAD + "terrain:\n  - {id: w, kind: difficult, rect: [70, 20, 5, 5]}\n" + ARMIES
    assert _error(tmp_path, text) == 's.yaml:5: terrain[0].rect: the piece lies (partly) off the 72" x 48" table'
    text = HEAD + "terrain:\n  - {id: w, kind: open}\n" + ARMIES
    assert (
        _error(tmp_path, text)
        == "s.yaml:5: terrain[0]: give either 'rect' [x, y, width, depth] or 'polygon' [[x, y], ...]"
    )


def test_duplicate_terrain_and_building_id(tmp_path: Path) -> None:
    text = (
        HEAD
        + (
            "terrain:\n  - {id: a, kind: open, rect: [1, 20, 2, 2]}\n"
            "buildings:\n  - {id: a, at: [30, 24], size: [4, 4]}\n"
        )
        + ARMIES
    )
    assert _error(tmp_path, text) == "s.yaml:7: buildings[0].id: id 'a' is already used by terrain[0]"


def test_unknown_transport(tmp_path: Path) -> None:
    text = HEAD + ARMIES.replace("centurion: [[36, 6]]", "tactical-support: {embarked_in: land-raider}")
    assert _error(tmp_path, text) == (
        "s.yaml:7: armies[0].positions.tactical-support.embarked_in: no Transport of this army and no Building "
        "with id 'land-raider'"
    )


def test_embarking_in_a_unit_that_is_not_a_transport(tmp_path: Path) -> None:
    text = HEAD + ARMIES.replace("centurion: [[36, 6]]", "tactical-support: {embarked_in: tactical-1}")
    assert _error(tmp_path, text) == (
        "s.yaml:7: armies[0].positions.tactical-support.embarked_in: 'tactical-1' is not a Transport or Building"
    )


def test_embarking_in_a_building_without_capacity(tmp_path: Path) -> None:
    text = (
        HEAD
        + "buildings:\n  - {id: tower, at: [30, 24], size: [4, 4]}\n"
        + ARMIES.replace("centurion: [[36, 6]]", "tactical-support: {embarked_in: tower}")
    )
    assert _error(tmp_path, text) == (
        "s.yaml:9: armies[0].positions.tactical-support.embarked_in: the Building 'tower' has no Transport Capacity"
    )


def test_placement_with_two_places(tmp_path: Path) -> None:
    text = HEAD + ARMIES.replace("centurion: [[36, 6]]", "javelins: {reserves: true, embarked_in: x}")
    assert _error(tmp_path, text) == (
        "s.yaml:7: armies[0].positions.javelins: give only one of 'models' (positions), 'embarked_in' or "
        "'reserves: true'"
    )


def test_bad_coordinate(tmp_path: Path) -> None:
    text = HEAD + ARMIES.replace("[[36, 6]]", "[[36, 6, 90, 1]]")
    assert _error(tmp_path, text) == ("s.yaml:7: armies[0].positions.centurion[0]: must have at most 3 items, not 4")
    text = HEAD + ARMIES.replace("[[36, 6]]", "[[36, true]]")
    assert _error(tmp_path, text) == "s.yaml:7: armies[0].positions.centurion[0][1]: must be a number, not true/false"


def test_bad_base_override(tmp_path: Path) -> None:
    text = HEAD + ARMIES.replace("centurion: [[36, 6]]", "centurion: {models: [[36, 6]], base: big}")
    assert _error(tmp_path, text) == (
        "s.yaml:7: armies[0].positions.centurion.base: cannot read base size 'big' (expected e.g. '32mm' or '60x35mm')"
    )


def test_inline_rules_config_error(tmp_path: Path) -> None:
    text = HEAD + "rules_config:\n  reserves:\n    target: 9\n" + ARMIES
    assert _error(tmp_path, text) == "s.yaml:6: rules_config.reserves.target: must be between 2 and 6"


def test_missing_files(tmp_path: Path) -> None:
    text = HEAD + "rules_config: nowhere.yaml\n" + ARMIES
    assert _error(tmp_path, text) == "s.yaml:4: rules_config: no such file: nowhere.yaml"
    text = HEAD + ARMIES.replace("demo: imperialis_militia", "roster: lists/missing.ros")
    assert _error(tmp_path, text) == "s.yaml:8: armies[1].roster: no such file: lists/missing.ros"


def test_custom_zones_need_both_players(tmp_path: Path) -> None:
    text = (
        HEAD.replace(
            "deployment: dawn_of_war", "deployment:\n  zones:\n    - {player: 1, polygon: [[0, 0], [72, 0], [72, 10]]}"
        )
        + ARMIES
    )
    assert _error(tmp_path, text) == "s.yaml:3: deployment: custom zones must be one for player 1 and one for player 2"


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(InputError) as info:
        load_scenario(tmp_path / "none.yaml")
    assert str(info.value) == f"{tmp_path / 'none.yaml'}: no such file"


# -- issue 17: starting damage, locked combats, the new action keys ------------------------------------------------

SCEN_BLUE = Path(__file__).parents[1] / "scenarios" / "armies" / "scen_blue.yaml"
TURN_RED = Path(__file__).parents[1] / "scenarios" / "armies" / "turn_red.yaml"
TURN_HEAD = f"""\
version: 1
name: Test
armies:
  - army: {SCEN_BLUE}
    positions:
      pistols: {{models: [[10, 20, 90], [11.5, 20, 90]]}}
      predator: {{models: [[40, 10, 90]]}}
  - army: {TURN_RED}
    positions:
      r-tac: [[10, 30, 270], [11.5, 30, 270], [13, 30, 270], [14.5, 30, 270], [16, 30, 270]]
start: {{step: turn, player: 1, game_turn: 2}}
"""


def _turn_error(tmp_path: Path, text: str) -> str:
    path = tmp_path / "s.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(InputError) as info:
        load_scenario(path)
    return str(info.value)


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        (
            "[11.5, 20, 90]]}",
            "[11.5, 20, 90]], wounds_lost: [0, 1]}",
            "s.yaml:6: armies[0].positions.pistols.wounds_lost[1]: model 2 (Legionary) has 1 Wound: it cannot start "
            "having lost 1",
        ),
        (
            "[11.5, 20, 90]]}",
            "[11.5, 20, 90]], wounds_lost: [0, 0, 0]}",
            "s.yaml:6: armies[0].positions.pistols.wounds_lost: 3 numbers for a unit of 2 models",
        ),
        (
            "[11.5, 20, 90]]}",
            "[11.5, 20, 90]], wounds_lost: [zero]}",
            "s.yaml:6: armies[0].positions.pistols.wounds_lost[0]: must be a whole number",
        ),
        (
            "[[40, 10, 90]]}",
            "[[40, 10, 90]], wounds_lost: 1}",
            "s.yaml:7: armies[0].positions.predator.wounds_lost[0]: model 1 (Predator) has no Wounds: use "
            "hull_points_lost",
        ),
        (
            "[[40, 10, 90]]}",
            "[[40, 10, 90]], hull_points_lost: 3}",
            "s.yaml:7: armies[0].positions.predator.hull_points_lost[0]: model 1 (Predator) has 3 Hull Points: it "
            "cannot start having lost 3",
        ),
        (
            "[11.5, 20, 90]]}",
            "[11.5, 20, 90]], damage_results: [Immobilised]}",
            "s.yaml:6: armies[0].positions.pistols.damage_results: Vehicle Damage results are for a vehicle on the "
            "table",
        ),
        (
            "[[40, 10, 90]]}",
            "[[40, 10, 90]], damage_results: [Blown Up]}",
            "s.yaml:7: armies[0].positions.predator.damage_results[0].result: must be one of 'Crew Shaken', "
            "'Crew Stunned', 'Weapon Destroyed' or 'Immobilised'",
        ),
        (
            "[11.5, 20, 90]]}",
            "[11.5, 20, 90]], locked_with: [r-nobody]}",
            "s.yaml:6: armies[0].positions.pistols.locked_with[0]: no unit 'r-nobody' in player 2's army (unit ids: "
            "r-tac, r-shooters, r-predator, r-rhino, r-passengers)",
        ),
        (
            "[11.5, 20, 90]]}",
            "[11.5, 20, 90]], locked_with: [r-shooters]}",
            "s.yaml:6: armies[0].positions.pistols.locked_with[0]: a unit locked in combat stands on the table "
            "(r-shooters is undeployed)",
        ),
        (
            "[11.5, 20, 90]]}",
            "[11.5, 20, 90]], lockd_with: [r-tac]}",
            "s.yaml:6: armies[0].positions.pistols.lockd_with: unknown key",
        ),
    ],
)
def test_bad_starting_state_is_one_line_with_file_line_and_field(
    tmp_path: Path, old: str, new: str, message: str
) -> None:
    assert _turn_error(tmp_path, TURN_HEAD.replace(old, new, 1)) == message


def test_a_damage_result_the_engine_does_not_play_is_refused(tmp_path: Path) -> None:
    from strategium.scenario.start_state import playable_damage_result

    if playable_damage_result("Crew Stunned") is None:
        pytest.skip("the engine plays Crew Stunned now")
    text = TURN_HEAD.replace("[[40, 10, 90]]}", "[[40, 10, 90]], damage_results: [Crew Stunned]}")
    assert _turn_error(tmp_path, text).startswith(
        "s.yaml:7: armies[0].positions.predator.damage_results[0]: the engine does not play the Vehicle Damage "
        "result 'Crew Stunned' as a state yet"
    )


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        (
            "{player: 1, has_rule: {unit: pistols, rule: Blorp}}",
            "s.yaml:13: actions[0].has_rule: 'Blorp' is not a known special rule",
        ),
        (
            "{player: 1, has_rule: {unit: nobody, rule: Fearless}}",
            "s.yaml:13: actions[0].has_rule.unit: no unit 'nobody' in player 1's army (unit ids: praetor, pistols, "
            "flamer, terminators, predator)",
        ),
        ("{player: 1, has_rule: {unit: pistols, rul: Fearless}}", "s.yaml:13: actions[0].has_rule.rule: is required"),
        (
            "{player: 1, shoot: pistols, target: r-tac, weapons: {3: Bolter}}",
            "s.yaml:13: actions[0].weapons.3: no model '3' in Tactical Squad with Laspistols (give its number, 1 to 2, "
            "or its id)",
        ),
        (
            "{player: 1, shoot: pistols, target: r-tac, weapons: Lascannon}",
            "s.yaml:13: actions[0].weapons.*: Legionary has no weapon 'Lascannon' (weapons: Bolter, Laspistol, Close "
            "Combat Weapon)",
        ),
        (
            "{player: 1, shoot: pistols, target: r-tac, mitigation: Armour}",
            "s.yaml:13: actions[0].mitigation: must be one of 'Feel No Pain', 'Shrouded', 'Stupefied' or 'none'",
        ),
        (
            "{player: 1, move: pistols, positions: [[10, 21]], mitigation: Shrouded}",
            "s.yaml:13: actions[0]: 'mitigation' goes with shoot, not move",
        ),
        (
            "{player: 1, end_step: true, expect_rolls: {to_hitt: 0}}",
            "s.yaml:13: actions[0].expect_rolls.to_hitt: must be one of 'to_hit', 'to_hit_reroll', 'to_wound', ",
        ),
        (
            "{player: 1, end_step: true, expect_counts: {hits: many}}",
            "s.yaml:13: actions[0].expect_counts.hits: must be a whole number",
        ),
        (
            "{player: 1, end_step: true, expect_state: {units: {nobody: table}}}",
            "s.yaml:13: actions[0].expect_state.units.nobody: no unit 'nobody' in either army",
        ),
        (
            "{player: 1, end_step: true, expect: true}",
            "s.yaml:13: actions[0]: expect: true/false answers a question (may_charge, force_org, has_rule); an action "
            "is legal or illegal",
        ),
        ("{force_dice: [6], strict: true}", "s.yaml:13: actions[0]: force_dice takes no player and no expectation"),
        ("{player: 1, end_step: true, strict: maybe}", "s.yaml:13: actions[0].strict: must be true or false"),
    ],
)
def test_bad_action_keys_are_one_line_with_file_line_and_field(tmp_path: Path, entry: str, message: str) -> None:
    assert _turn_error(tmp_path, TURN_HEAD + f"actions:\n  - {entry}\n").startswith(message)


def test_strict_at_the_top_must_be_true_or_false(tmp_path: Path) -> None:
    assert _turn_error(tmp_path, TURN_HEAD + "strict: 2\n") == "s.yaml:12: strict: must be true or false"
