"""`strategium rules list`: the registry as a table or JSON, filtered by implementation status."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from strategium.catalogue.registry import ImplementationStatus, all_rule_defs
from strategium.catalogue.status import STATUS
from strategium.cli.main import app

runner = CliRunner()
TOTAL = len(all_rule_defs())


def listed(*args: str) -> dict[str, object]:
    result = runner.invoke(app, ["rules", "list", *args, "--json"])
    assert result.exit_code == 0, result.output
    payload: dict[str, object] = json.loads(result.stdout)
    return payload


def test_json_lists_every_registered_rule_with_its_source() -> None:
    payload = listed()
    assert payload["count"] == TOTAL >= 246
    assert payload["status"] is None
    rules = payload["rules"]
    assert isinstance(rules, list) and len(rules) == TOTAL
    hammer = next(r for r in rules if r["name"] == "Hammer of Wrath")
    assert hammer["display_name"] == "Hammer of Wrath (X)"
    assert hammer["x_kind"] == "number"
    assert (hammer["book"], hammer["page"]) == ("Age of Darkness rulebook", 239)
    assert hammer["status"] == STATUS.get("Hammer of Wrath", ImplementationStatus.NOT_YET).value
    assert hammer["aliases"] == ["Hammer of Wraith"]


def test_status_filter_uses_the_json_spelling() -> None:
    not_yet = listed("--status", "not-yet")
    assert not_yet["count"] == TOTAL - len(STATUS)
    assert not_yet["status"] == "not-yet"
    implemented = listed("--status", "implemented")
    names = [r["name"] for r in implemented["rules"]]  # type: ignore[attr-defined]
    assert "Support Squad" in names
    assert all(r["status"] == "implemented" for r in implemented["rules"])  # type: ignore[attr-defined]
    partial = [r["name"] for r in listed("--status", "partial")["rules"]]  # type: ignore[attr-defined]
    assert "Fleet" in partial and "Militia Cavalry Mount" in names


def test_unknown_status_is_accepted_and_explained() -> None:
    assert listed("--status", "unknown") == {"count": 0, "status": "unknown", "rules": []}
    result = runner.invoke(app, ["rules", "list", "--status", "unknown"], env={"COLUMNS": "200"})
    assert result.exit_code == 0
    assert result.stdout.startswith("No registered rule is 'unknown'")


def test_table_shows_name_source_status_with_marks_and_paraphrase() -> None:
    result = runner.invoke(app, ["rules", "list"], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert f"Special rules ({TOTAL})" in result.stdout
    line = next(row for row in result.stdout.splitlines() if "Support Squad" in row)
    assert "Age of Darkness rulebook p.248" in line and "✓ implemented" in line
    line = next(row for row in result.stdout.splitlines() if "│ Fleet " in row)
    assert "~ partial" in line
    line = next(row for row in result.stdout.splitlines() if "│ Swarm" in row)
    assert "○ not yet" in line
    assert f"registry: {len([s for s in STATUS.values() if s is ImplementationStatus.IMPLEMENTED])} implemented" in (
        result.stdout
    )


def test_table_at_80_columns_cuts_nothing() -> None:
    result = runner.invoke(app, ["rules", "list"], env={"COLUMNS": "80"})
    assert result.exit_code == 0
    assert "…" not in result.stdout


def test_bad_status_is_a_usage_error() -> None:
    result = runner.invoke(app, ["rules", "list", "--status", "done"])
    assert result.exit_code == 2
