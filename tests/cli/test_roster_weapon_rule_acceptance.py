"""Issue 20's acceptance figure: at least 90% of the weapon-rule instances on the real rosters implemented, counted
as ``strategium roster FILE --json`` counts them (every rule on every weapon of every model, its ``coverage``
block), and each of those instances recounted from the JSON's own per-weapon rules."""

from __future__ import annotations

import json
from collections import Counter

from typer.testing import CliRunner

from strategium.cli.main import app
from tests.conftest import ROSTERS

runner = CliRunner()


def _roster_json(path: str) -> dict[str, object]:
    result = runner.invoke(app, ["roster", path, "--json"], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    data: dict[str, object] = json.loads(result.stdout)
    return data


def test_at_least_90_percent_of_the_real_rosters_weapon_rule_instances_are_implemented() -> None:
    files = sorted(p for p in ROSTERS.iterdir() if p.suffix in (".ros", ".rosz"))
    assert len(files) >= 6
    counted: Counter[str] = Counter()
    recounted: Counter[str] = Counter()
    for path in files:
        data = _roster_json(str(path))
        counted.update(data["coverage"]["weapon_rules"]["by_status"])  # type: ignore[index]
        for detachment in data["detachments"]:  # type: ignore[attr-defined]
            for unit in detachment["units"]:
                for model in unit["models"]:
                    for weapon in model["weapons"]:
                        recounted.update(rule["status"] for rule in weapon["rules"])
    assert +counted == +recounted
    total = sum(recounted.values())
    assert total > 300
    assert recounted["implemented"] / total >= 0.90, (recounted, total)
