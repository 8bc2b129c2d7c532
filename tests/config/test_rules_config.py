"""strategium.config.RulesConfig: defaults, metadata rows, overrides, validation, citation."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pydantic import ValidationError

from strategium.config import Confidence, RulesConfig

DOC = Path(__file__).resolve().parents[2] / "docs" / "rules-configuration.md"


def test_defaults_of_the_main_unknowns() -> None:
    config = RulesConfig()
    assert config.reserves.target == 3
    assert config.reserves.first_turn == 2
    assert config.reserves.automatic_from_turn is None
    assert config.reserves.unarrived_count_as_destroyed is True
    assert config.seize_initiative.target == 6
    assert config.deployment.first_deployer == "roll_off_winner_chooses"
    assert config.game.turns == 5
    assert config.game.extra_turn_targets == (3, 4)
    assert config.charge.movement_bonus == ()
    assert config.charge.difficult_terrain_initiative == 1
    assert config.shooting.overwatch_snap_shots is True
    assert config.damage.shrouded_default == 6
    assert config.vehicles.combat_speed_rule == "half_movement"
    assert (
        config.vehicle_damage.crew_stunned_from,
        config.vehicle_damage.weapon_destroyed_from,
        config.vehicle_damage.immobilised_from,
        config.vehicle_damage.explodes_from,
    ) == (4, 5, 6, 7)
    assert config.flanking_assault.entry_edges == "flank_edges"
    assert config.flanking_assault.disordered_on == 1
    assert config.line_of_sight.ruins_block is True
    assert config.cover.obscured_fraction == 0.25


def test_every_row_has_a_source_confidence_and_description() -> None:
    rows = RulesConfig().describe()
    assert len(rows) >= 119
    assert len({row.name for row in rows}) == len(rows)
    for row in rows:
        assert re.fullmatch(r"[a-z_]+\.[a-z0-9_]+", row.name), row.name
        assert row.source and row.description, row.name
        assert isinstance(row.confidence, Confidence)
        assert row.value == row.default and not row.overridden


def test_contested_rows_are_the_contested_rulings() -> None:
    contested = {row.name for row in RulesConfig().describe() if row.confidence is Confidence.CONTESTED}
    assert contested == {
        "flanking_assault.conferred_outflank_reaches_joined_ic",
        "statuses.stupefied_own_turn_expiry",
        "statuses.mounted_ic_may_join_infantry",
        "flanking_assault.assault_vehicle_passengers_may_charge",
        "statuses.stupefied_reselect",
        "statuses.stupefied_ignores_later_blind_concussive",
        "statuses.ic_may_join_infiltrated_unit_after_deployment",
        "statuses.scout_redeploy_crosses_impassable",
        "statuses.hammer_of_wrath_uses_stupefied_strength",
        "weapon_rules.deflagrate_counts",  # issue 20: disputed (before or after Damage Mitigation)
    }


def test_entry_row_for_reserves_target() -> None:
    row = RulesConfig().entry("reserves.target")
    assert (row.value, row.default, row.overridden, row.confidence) == (3, 3, False, Confidence.UNCONFIRMED)
    assert row.source == "7th-edition and HH1 value (Reserves, Age of Darkness rulebook p.309, not read)"
    assert row.note == "CORE_A §3.4 (7th edition / HH1 value; rulebook p.309 not read)"


def test_sources_name_what_a_user_can_look_up() -> None:
    # The project's reference files are not shipped: a user-facing source never cites them (the note may).
    for row in RulesConfig().describe():
        assert not re.search(r"CORE_[AB]|RULINGS|SEED_RULES|§", row.source), (row.name, row.source)
        assert row.note, row.name
        assert "source" not in row.as_dict() or row.as_dict()["source"] == row.source
        assert "note" not in row.as_dict()


def test_override_is_marked_and_cited() -> None:
    config = RulesConfig.model_validate({"reserves": {"target": 4}})
    row = config.entry("reserves.target")
    assert (row.value, row.default, row.overridden) == (4, 3, True)
    assert config.cite("reserves.target") == "rules configuration `reserves.target` = 4 (overridden)"
    assert RulesConfig().cite("reserves.target") == "rules configuration `reserves.target` = 3 (unconfirmed default)"
    assert sum(r.overridden for r in config.describe()) == 1


def test_cite_formats_none_booleans_and_lists() -> None:
    config = RulesConfig()
    assert config.cite("reserves.automatic_from_turn").endswith("= none (unconfirmed default)")
    assert config.cite("statuses.mounted_ic_may_join_infantry").endswith("= false (contested default)")
    assert config.cite("game.extra_turn_targets").endswith("= [3, 4] (unconfirmed default)")


def test_get_by_dotted_name() -> None:
    config = RulesConfig()
    assert config.get("seize_initiative.target") == 6
    with pytest.raises(KeyError):
        config.get("seize_initiative.nope")
    with pytest.raises(KeyError):
        config.get("nope.target")
    with pytest.raises(KeyError):
        config.entry("reserves.nope")


def test_config_is_frozen() -> None:
    config = RulesConfig()
    with pytest.raises(ValidationError):
        config.reserves.target = 4  # type: ignore[misc]
    with pytest.raises(ValidationError):
        config.reserves = config.reserves  # type: ignore[misc]


def test_charge_bonus_bands_parse_and_must_ascend() -> None:
    config = RulesConfig.model_validate(
        {"charge": {"movement_bonus": ({"min_movement": 8, "bonus": 1}, {"min_movement": 12, "bonus": 2})}}
    )
    assert [(b.min_movement, b.bonus) for b in config.charge.movement_bonus] == [(8, 1), (12, 2)]
    assert config.entry("charge.movement_bonus").value == [
        {"min_movement": 8, "bonus": 1},
        {"min_movement": 12, "bonus": 2},
    ]
    with pytest.raises(ValidationError, match="strictly increasing min_movement"):
        RulesConfig.model_validate(
            {"charge": {"movement_bonus": ({"min_movement": 12, "bonus": 2}, {"min_movement": 8, "bonus": 1})}}
        )


def test_vehicle_damage_bands_must_ascend() -> None:
    with pytest.raises(ValidationError, match="increasing order"):
        RulesConfig.model_validate({"vehicle_damage": {"crew_stunned_from": 6}})


def test_strict_types() -> None:
    with pytest.raises(ValidationError):
        RulesConfig.model_validate({"reserves": {"target": "4"}})
    with pytest.raises(ValidationError):
        RulesConfig.model_validate({"reserves": {"target": True}})
    with pytest.raises(ValidationError):
        RulesConfig.model_validate({"reserves": {"extra": 1}})


def test_the_documentation_lists_every_setting_with_its_default() -> None:
    text = DOC.read_text(encoding="utf-8")
    table_rows = {line.split("|")[1].strip().strip("`"): line for line in text.splitlines() if line.startswith("| `")}
    for row in RulesConfig().describe():
        assert row.name in table_rows, f"{row.name} missing from {DOC.name}"
        cells = [cell.strip() for cell in table_rows[row.name].split("|")]
        assert cells[2] == f"`{_doc_value(row.default)}`", row.name
        assert cells[3] == row.allowed, row.name
        assert cells[4] == row.confidence.value, row.name
        assert cells[5] == row.source, row.name
        marked = f"**not played yet** ({row.not_played}). "
        assert cells[6] == (row.description if row.played else marked + row.description), row.name
    assert len(table_rows) == len(RulesConfig().describe())


def _doc_value(value: object) -> str:
    from strategium.config.metadata import format_value

    return format_value(value)
