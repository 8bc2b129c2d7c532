"""``strategium roster FILE --json``'s ``coverage`` block and the table's one-line count of rule instances, checked
against a count made here from the JSON's own per-weapon and per-model rules (issue 20's acceptance figure)."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest

from strategium.cli.main import main
from tests.conftest import ROSTERS

ROSTER = ROSTERS / "hhv2.solar_aux_zm.ros"
STATUSES = ("implemented", "partial", "not-yet", "unknown")


@pytest.fixture(autouse=True)
def _wide(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "400")  # rich wraps nothing: one line stays one line


def _roster(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    with pytest.raises(SystemExit) as caught:
        main(["roster", str(ROSTER), *args])
    assert caught.value.code in (0, None)
    return capsys.readouterr().out


def _models(data: dict[str, Any]) -> list[dict[str, Any]]:
    return [m for det in data["detachments"] for unit in det["units"] for m in unit["models"]]


def _count(rules: list[dict[str, Any]]) -> tuple[Counter[str], Counter[tuple[str, str]]]:
    return Counter(r["status"] for r in rules), Counter((r["name"], r["status"]) for r in rules)


def _is_marker(rule: dict[str, Any]) -> bool:
    return rule["known"] and (rule["name"].endswith(" Unit Type") or rule["name"].endswith(" Sub-type"))


def _check(block: dict[str, Any], rules: list[dict[str, Any]]) -> None:
    statuses, by_rule = _count(rules)
    assert block["instances"] == len(rules) > 0
    assert block["by_status"] == {s: statuses[s] for s in STATUSES}
    assert {(r["name"], r["status"]): r["count"] for r in block["by_rule"]} == dict(by_rule)
    counts = [r["count"] for r in block["by_rule"]]
    assert counts == sorted(counts, reverse=True)
    assert block["implemented_percent"] == round(100 * statuses["implemented"] / len(rules), 1)
    played = statuses["implemented"] + statuses["partial"]
    assert block["played_percent"] == round(100 * played / len(rules), 1)


def test_roster_coverage_counts_every_rule_on_every_weapon_of_every_model(capsys: pytest.CaptureFixture[str]) -> None:
    data = json.loads(_roster(capsys, "--json"))
    weapon_rules = [r for m in _models(data) for w in m["weapons"] for r in w["rules"]]
    assert len({w["name"] for m in _models(data) for w in m["weapons"]}) > 5  # a real roster, many weapons
    _check(data["coverage"]["weapon_rules"], weapon_rules)


def test_roster_coverage_counts_model_rules_without_type_markers(capsys: pytest.CaptureFixture[str]) -> None:
    data = json.loads(_roster(capsys, "--json"))
    every = [r for m in _models(data) for r in m["rules"]]
    model_rules = [r for r in every if not _is_marker(r)]
    assert len(model_rules) < len(every)  # the roster does copy markers in as rules: they are left out
    _check(data["coverage"]["model_rules"], model_rules)


def test_roster_table_shows_the_counts_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    data = json.loads(_roster(capsys, "--json"))
    weapons = data["coverage"]["weapon_rules"]
    models = data["coverage"]["model_rules"]
    table = _roster(capsys)
    (line,) = [row for row in table.splitlines() if row.startswith("Rule instances: ")]
    by = weapons["by_status"]
    share = weapons["implemented_percent"]
    assert f"on weapons {weapons['instances']} ({by['implemented']} implemented {share}%, " in line
    assert f"{by['partial']} partial, {by['not-yet']} not yet, {by['unknown']} unknown)" in line
    assert f"of models {models['instances']} (" in line


def test_roster_table_lists_what_is_not_played_of_its_partial_rules(capsys: pytest.CaptureFixture[str]) -> None:
    data = json.loads(_roster(capsys, "--json"))
    every = [r for m in _models(data) for r in (*m["rules"], *(x for w in m["weapons"] for x in w["rules"]))]
    partial = sorted({r["name"] for r in every if r["status"] == "partial"})
    assert partial
    table = _roster(capsys)
    start = table.splitlines().index("Not played yet (rules played in part, or blocked):")
    rows = table.splitlines()[start + 1 :]
    listed = [row.split(":")[0].removeprefix("  ~ ") for row in rows if row.startswith("  ~ ")]
    assert listed == partial
