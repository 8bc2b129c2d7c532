"""`strategium rules list`: the registry as a table or JSON, filtered by implementation status."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from strategium.cli.main import app

runner = CliRunner()


def test_json_lists_every_registered_rule_with_its_source() -> None:
    result = runner.invoke(app, ["rules", "list", "--json"])
    assert result.exit_code == 0, result.output
    payload = json.loads(result.stdout)
    assert payload["count"] == 246
    assert payload["status"] is None
    assert len(payload["rules"]) == 246
    hammer = next(r for r in payload["rules"] if r["name"] == "Hammer of Wrath")
    assert hammer["display_name"] == "Hammer of Wrath (X)"
    assert hammer["x_kind"] == "number"
    assert (hammer["book"], hammer["page"]) == ("Age of Darkness rulebook", 239)
    assert hammer["status"] == "not-yet"
    assert hammer["aliases"] == ["Hammer of Wraith"]


def test_status_filter() -> None:
    not_yet = json.loads(runner.invoke(app, ["rules", "list", "--status", "not-yet", "--json"]).stdout)
    assert not_yet["count"] == 246
    assert not_yet["status"] == "not-yet"
    implemented = json.loads(runner.invoke(app, ["rules", "list", "--status", "implemented", "--json"]).stdout)
    assert implemented == {"count": 0, "status": "implemented", "rules": []}


def test_table_shows_name_source_status_and_paraphrase() -> None:
    result = runner.invoke(app, ["rules", "list"], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert "Special rules (246)" in result.stdout
    line = next(row for row in result.stdout.splitlines() if "Relentless" in row)
    assert "Age of Darkness rulebook p.245" in line
    assert "not-yet" in line


def test_bad_status_is_a_usage_error() -> None:
    result = runner.invoke(app, ["rules", "list", "--status", "done"])
    assert result.exit_code == 2
