"""`strategium check tests/scenarios/DEMO_TURN.yaml`: a whole Player Turn of the demo armies reads like a referee's
log: the step headings, every roll with its dice, and each ruling with its rule and page (issue 7)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli.running import run

DEMO_TURN = Path(__file__).parents[1] / "scenarios" / "DEMO_TURN.yaml"
HOW = "[Hammer of Wrath (Age of Darkness rulebook p.239)]"


@pytest.fixture(scope="module")
def log() -> list[str]:
    result = run("check", str(DEMO_TURN))
    assert result.returncode == 0, result.stdout + result.stderr
    return result.stdout.splitlines()


def test_the_log_has_every_step_heading_in_order(log: list[str]) -> None:
    headings = [line.strip() for line in log if line.startswith(("    -- Game", "    =="))]
    assert headings == [
        "== Game Turn 2: player 2's turn begins",
        "-- Game Turn 2, player 2's turn, Movement phase, Reserves",
        "-- Game Turn 2, player 2's turn, Movement phase, Move",
        "-- Game Turn 2, player 2's turn, Shooting phase",
        "-- Game Turn 2, player 2's turn, Assault phase, Charge sub-phase",
        "-- Game Turn 2, player 2's turn, Assault phase, Fight sub-phase",
        "-- Game Turn 2, player 2's turn, Assault phase, Resolution sub-phase",
        "== Game Turn 2: player 2's turn ends",
        "== Game Turn 3: player 1's turn begins",
        "-- Game Turn 3, player 1's turn, Movement phase, Reserves",
    ]


def test_every_roll_is_printed_with_its_dice(log: list[str]) -> None:
    rolls = [line.strip() for line in log if line.startswith("    roll: ")]
    assert rolls[0] == (
        "roll: To Hit: 20 shots BS3 (4+) with Lasgun (infantry-1): 20D6 [6*, 6*, 6*, 6*, 6*, 6*, 6*, 6*, 6*, 6*, "
        "1*, 1*, 1*, 1*, 1*, 1*, 1*, 1*, 1*, 1*] = 70"
    )
    assert "roll: Charge Distance (ogryns-1): 2D6 [3*, 3*] = 6" in rolls
    assert (
        "roll: To Wound: 10 hits S5 vs T4 (3+) with Hammer of Wrath (ogryns-1): 10D6 [6*, 6*, 6*, 6*, 6*, 1*, 1*, "
        "1*, 1*, 1*] = 35"
    ) in rolls
    assert len(rolls) == 5 + 1 + 6  # To Hit, To Wound, 3 saves; the Charge; HoW To Wound, 5 saves
    assert all("*" in r for r in rolls)  # every die was forced: the outcome is exact


def test_each_ruling_cites_its_rule_and_page(log: list[str]) -> None:
    assert (
        "    changed: Cavalry Squad: Shrouded (5+), until the start of its controlling player's next turn. MCM-1: it "
        "Ran, so it is Shrouded (5+) until the start of its controller's next turn [Militia Cavalry Mount (Legacies "
        "of the Age of Darkness: Imperialis Militia p.37)]"
    ) in log
    assert f"    changed: ogryns-1/1 ends its Charge Move in contact with tactical-support/1 {HOW}" in log
    assert f"        why: HOW-1: 2 extra attacks at Initiative step 10 {HOW}" in log
    assert (
        "    changed: Initiative step 10: Ogryn Brute Squad (Hammer of Wrath) at Tactical Support Squad: 10 automatic "
        "hits at S5 AP -, 5 wounds, 5 unsaved, 5 removed"
    ) in log
    assert (
        "        why: HOW-2: automatic hits at the model's unmodified Strength, AP -, with none of its special rules "
        f"{HOW}"
    ) in log
    assert "    changed: Tactical Support Squad is destroyed" in log
    assert log[-2:] == ["expect_state: met", "all met"]


def test_the_json_log_carries_kinds_and_reasons() -> None:
    result = run("check", str(DEMO_TURN), "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    fight = next(r for r in data["records"] if r["action"] == "P2 fight the combat of ogryns-1")
    kinds = [entry["kind"] for entry in fight["log"]]
    assert kinds[:3] == ["event", "roll", "roll"] and set(kinds) == {"event", "roll"}
    strike = next(e for e in fight["log"] if e["text"].startswith("Initiative step 10"))
    assert {"rule": "Hammer of Wrath", "page": 239, "book": "Age of Darkness rulebook",
            "text": "HOW-3: resolved at Initiative step 10; no extra Pile-in"} in strike["reasons"]  # fmt: skip
    assert len(fight["log"]) == len(fight["events"])


def test_the_map_draws_the_units_where_the_turn_left_them(tmp_path: Path) -> None:
    """Issue 6: ``strategium map`` shows positions after moves (the Run cavalry, the destroyed squad gone)."""
    from strategium.check.situation_map import scenario_after
    from strategium.cli.check_cmd import load_and_run
    from strategium.scenario import Status

    after = scenario_after(load_and_run(str(DEMO_TURN)))
    cavalry = after.find("cavalry-1")
    assert cavalry.status is Status.ON_TABLE and cavalry.coords[0] == (40, 32, 270) and cavalry.coords[14][1] == 35
    assert after.find("tactical-support").status is not Status.ON_TABLE
    out = tmp_path / "turn.svg"
    result = run("map", str(DEMO_TURN), "--out", str(out))
    assert result.returncode == 0, result.stderr
    assert "4 units on the table (1 + 3; 59 models)" in result.stdout
    assert "Cavalry Squad (cavalry-1)" in out.read_text(encoding="utf-8")


def test_an_unknown_effect_is_one_line_with_file_line_and_field(tmp_path: Path) -> None:
    scenarios = DEMO_TURN.parent
    text = (scenarios / "STU-02_stupefied_core_effects.yaml").read_text(encoding="utf-8")
    bad = tmp_path / "bad.yaml"
    bad.write_text(
        text.replace("effects: [Stupefied]", "effects: [Stupified]", 1).replace("armies/", f"{scenarios}/armies/"),
        encoding="utf-8",
    )
    result = run("check", str(bad))
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr == (
        "strategium: error: bad.yaml:15: armies[0].positions.ec.effects[0]: 'Stupified' is neither a status "
        "(Stupefied, Pinned, Falling Back, Blind, cannot declare a Charge) nor a known special rule\n"
    )
