"""strategium.config.load_config: YAML and TOML overrides; errors name file, line and setting."""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest

from strategium.config import RulesConfig, load_config, parse_overrides
from strategium.errors import InputError, StrategiumWarning


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def error_of(path: Path) -> InputError:
    with pytest.raises(InputError) as caught:
        load_config(path)
    return caught.value


def test_yaml_partial_overrides(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "my.yaml",
        "# local event\nreserves:\n  target: 4\n  automatic_from_turn: 5\n  max_fraction: null\n"
        "charge:\n  movement_bonus:\n    - {min_movement: 10, bonus: 1}\ngame:\n  extra_turn_targets: []\n",
    )
    config = load_config(path)
    assert config.reserves.target == 4
    assert config.reserves.automatic_from_turn == 5
    assert config.reserves.max_fraction is None
    assert [(b.min_movement, b.bonus) for b in config.charge.movement_bonus] == [(10, 1)]
    assert config.game.extra_turn_targets == ()
    assert config.seize_initiative.target == 6
    assert {row.name for row in config.describe() if row.overridden} == {
        "reserves.target",
        "reserves.automatic_from_turn",
        "reserves.max_fraction",
        "charge.movement_bonus",
        "game.extra_turn_targets",
    }


def test_empty_yaml_gives_the_defaults(tmp_path: Path) -> None:
    assert load_config(write(tmp_path, "empty.yml", "# nothing\n")) == RulesConfig()


def test_out_of_range_value_names_file_line_and_setting(tmp_path: Path) -> None:
    path = write(tmp_path, "my.yaml", "# overrides\nreserves:\n  target: 9\n")
    err = error_of(path)
    assert (err.file, err.line, err.field) == (str(path), 3, "reserves.target")
    assert str(err) == f"{path}:3: reserves.target: must be between 2 and 6"


def test_unknown_setting_suggests_the_close_name(tmp_path: Path) -> None:
    err = error_of(write(tmp_path, "my.yaml", "reserves:\n  first_turn: 2\n  targt: 4\n"))
    assert (err.line, err.field) == (3, "reserves.targt")
    assert err.message == "unknown setting; did you mean 'target'?"


def test_unknown_group_lists_nothing_close(tmp_path: Path) -> None:
    err = error_of(write(tmp_path, "my.yaml", "seize_initiative:\n  target: 5\nxyzzy:\n  a: 1\n"))
    assert (err.line, err.field) == (3, "xyzzy")
    assert err.message.startswith("unknown setting group; known: army, deployment, seize_initiative,")


def test_unknown_setting_without_close_match_lists_the_group(tmp_path: Path) -> None:
    err = error_of(write(tmp_path, "my.yaml", "seize_initiative:\n  qqqq: 1\n"))
    assert err.message == "unknown setting; known: enabled, target"


@pytest.mark.parametrize(
    ("text", "field", "message"),
    [
        ("reserves:\n  target: '4'\n", "reserves.target", "must be a whole number"),
        ("reserves:\n  target: true\n", "reserves.target", "must be a whole number"),
        ("reserves:\n  target: 3.5\n", "reserves.target", "must be a whole number"),
        ("reserves:\n  arrivals_may_run: 1\n", "reserves.arrivals_may_run", "must be true or false"),
        (
            "flanking_assault:\n  entry_edges: left\n",
            "flanking_assault.entry_edges",
            "must be one of: flank_edges, any_but_enemy_edge, hh1_roll",
        ),
        ("deep_strike:\n  placement_range: 0\n", "deep_strike.placement_range", "must be more than 0"),
        ("cover:\n  obscured_fraction: 1.5\n", "cover.obscured_fraction", "must be more than 0 and at most 1"),
        ("game:\n  extra_turn_targets: 3\n", "game.extra_turn_targets", "must be a list"),
        ("reserves: 3\n", "reserves", "must be a mapping of settings"),
    ],
)
def test_bad_values(tmp_path: Path, text: str, field: str, message: str) -> None:
    err = error_of(write(tmp_path, "my.yaml", text))
    assert (err.line, err.field, err.message) == (text.count("\n"), field, message)


def test_bad_list_item_names_its_index_and_line(tmp_path: Path) -> None:
    err = error_of(write(tmp_path, "my.yaml", "game:\n  extra_turn_targets:\n    - 3\n    - 7\n"))
    assert (err.line, err.field, err.message) == (4, "game.extra_turn_targets[1]", "must be at most 6")


def test_group_validator_error_points_at_the_group(tmp_path: Path) -> None:
    err = error_of(write(tmp_path, "my.yaml", "shooting:\n  snap_shot_bs: 1\nvehicle_damage:\n  explodes_from: 3\n"))
    assert (err.line, err.field) == (3, "vehicle_damage")
    assert err.message == "bands must start in increasing order: stunned, weapon destroyed, immobilised, explodes"


def test_several_problems_report_the_first_by_line(tmp_path: Path) -> None:
    err = error_of(write(tmp_path, "my.yaml", "reserves:\n  target: 1\n  first_turn: 0\n"))
    assert str(err).endswith(":2: reserves.target: must be between 2 and 6 (and 1 more problem)")


def test_duplicate_keys_are_errors(tmp_path: Path) -> None:
    err = error_of(write(tmp_path, "my.yaml", "reserves:\n  target: 4\n  target: 5\n"))
    assert (err.line, err.field, err.message) == (3, "reserves.target", "given twice")


def test_yaml_syntax_error_has_a_line(tmp_path: Path) -> None:
    err = error_of(write(tmp_path, "my.yaml", "reserves:\n  target: [4\n"))
    assert err.line == 3
    assert err.message.startswith("not valid YAML:")


def test_top_level_must_be_a_mapping(tmp_path: Path) -> None:
    err = error_of(write(tmp_path, "my.yaml", "- reserves\n"))
    assert (err.line, err.message) == (1, "must be a mapping of setting groups (e.g. 'reserves:')")


def test_non_text_keys_are_errors(tmp_path: Path) -> None:
    err = error_of(write(tmp_path, "my.yaml", "reserves:\n  1: 4\n"))
    assert (err.field, err.message) == ("reserves", "setting names must be text")


def test_toml_overrides_and_arrays_of_tables(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "my.toml",
        "[reserves]\ntarget = 4\n\n[[charge.movement_bonus]]\nmin_movement = 8\nbonus = 1\n\n"
        "[[charge.movement_bonus]]\nmin_movement = 12\nbonus = 2\n",
    )
    config = load_config(path)
    assert config.reserves.target == 4
    assert [(b.min_movement, b.bonus) for b in config.charge.movement_bonus] == [(8, 1), (12, 2)]


def test_toml_error_line_is_found_by_scanning(tmp_path: Path) -> None:
    path = write(tmp_path, "my.toml", '[reserves]\ntarget = 4\n\n[charge]\nmax_distance = "far"\n')
    err = error_of(path)
    assert str(err) == f"{path}:5: charge.max_distance: must be a number"


def test_toml_error_in_an_array_of_tables(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "my.toml",
        "[[charge.movement_bonus]]\nmin_movement = 8\nbonus = 1\n"
        '[[charge.movement_bonus]]\nmin_movement = 9\nbonus = "2"\n',
    )
    err = error_of(path)
    assert (err.line, err.field) == (6, "charge.movement_bonus[1].bonus")


def test_toml_dotted_keys(tmp_path: Path) -> None:
    err = error_of(write(tmp_path, "my.toml", "# x\nreserves.target = 4\nseize_initiative.target = 1\n"))
    assert (err.line, err.field) == (3, "seize_initiative.target")


def test_toml_syntax_error_has_a_line(tmp_path: Path) -> None:
    err = error_of(write(tmp_path, "my.toml", "[reserves]\ntarget 4\n"))
    assert err.line == 2
    assert err.message.startswith("TOML syntax error:")


def test_unsupported_suffix_and_missing_file(tmp_path: Path) -> None:
    err = error_of(write(tmp_path, "my.json", "{}"))
    assert err.message == "unsupported rules configuration file type (use .yaml, .yml or .toml)"
    missing = tmp_path / "missing.yaml"
    err = error_of(missing)
    assert (err.file, err.line, err.message) == (str(missing), None, "no such file")
    folder = tmp_path / "adir.yaml"
    folder.mkdir()
    assert error_of(folder).message == "is a directory, not a rules configuration file"
    assert error_of(tmp_path).message == "is a directory, not a rules configuration file"


def test_parse_overrides_without_a_file() -> None:
    assert parse_overrides(None) == RulesConfig()
    with pytest.raises(InputError) as caught:
        parse_overrides({"reserves": {"target": 7}})
    assert str(caught.value) == "reserves.target: must be between 2 and 6"


@pytest.mark.parametrize("written", ["none", "None", "null", "~"])
def test_none_word_null_and_tilde_clear_a_nullable_setting(tmp_path: Path, written: str) -> None:
    config = load_config(write(tmp_path, "my.yaml", f"reserves:\n  max_fraction: {written}\n"))
    assert config.reserves.max_fraction is None
    assert config.entry("reserves.max_fraction").overridden is True


def test_none_word_in_toml(tmp_path: Path) -> None:
    config = load_config(write(tmp_path, "my.toml", '[cover]\nintervening_models_save = "none"\n'))
    assert config.cover.intervening_models_save is None


def test_none_word_is_refused_where_none_is_not_allowed(tmp_path: Path) -> None:
    err = error_of(write(tmp_path, "my.yaml", "reserves:\n  target: none\n"))
    assert (err.line, err.field, err.message) == (2, "reserves.target", "must be a whole number")


def test_unknown_key_is_reported_before_the_key_it_leaves_missing(tmp_path: Path) -> None:
    err = error_of(write(tmp_path, "my.yaml", "charge:\n  movement_bonus:\n    - {min_movement: 10, bonuss: 1}\n"))
    assert (err.line, err.field) == (3, "charge.movement_bonus[0].bonuss")
    assert err.message == "unknown setting; did you mean 'bonus'? (and 1 more problem)"


def test_setting_a_setting_not_played_yet_warns_with_file_line_and_reason(tmp_path: Path) -> None:
    path = tmp_path / "my.toml"
    path.write_text("[deep_strike]\npinning_range = 3.0\n\n[reserves]\ntarget = 4\n", encoding="utf-8")
    with pytest.warns(StrategiumWarning) as caught:
        config = load_config(path)
    assert [str(w.message) for w in caught] == [
        f"{path}:2: deep_strike.pinning_range: not played yet (Deep Strike Assault is not implemented yet): "
        "setting it has no effect"
    ]
    assert (config.deep_strike.pinning_range, config.reserves.target) == (3.0, 4)


def test_setting_only_played_settings_gives_no_warning(tmp_path: Path) -> None:
    path = tmp_path / "my.yaml"
    path.write_text("reserves:\n  target: 4\n", encoding="utf-8")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert load_config(path).reserves.target == 4
