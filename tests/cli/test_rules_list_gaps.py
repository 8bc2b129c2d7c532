"""``strategium rules list`` shows what is not played yet of each rule played in part (``status_gaps.GAPS``)."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from strategium.catalogue.status_gaps import GAPS
from strategium.cli.main import app

runner = CliRunner()


def test_json_gives_not_played_for_every_rule() -> None:
    result = runner.invoke(app, ["rules", "list", "--json"], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    rules = json.loads(result.stdout)["rules"]
    assert all("not_played" in r for r in rules)
    by_name = {r["name"]: r for r in rules}
    assert by_name["Template"]["not_played"] == GAPS["Template"]
    assert by_name["Rending"]["not_played"] is None
    for r in rules:
        if r["status"] == "partial":
            assert r["not_played"], r["name"]


def test_table_shows_not_played_yet_under_the_paraphrase() -> None:
    result = runner.invoke(app, ["rules", "list", "--status", "partial"], env={"COLUMNS": "400"})
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    at = next(n for n, row in enumerate(lines) if "│ Independent Character" in row)
    shown = " ".join(row for row in lines[at : at + 4])
    assert "Not played yet: " + GAPS["Independent Character"] in shown
