"""`strategium check SCENARIO [--json]`: rulings per action, exit codes, and one-line errors for bad files."""

from __future__ import annotations

import json
from pathlib import Path
from textwrap import dedent

from strategium.scenario import demo_scenario_path
from tests.cli.running import run

SCENARIOS = Path(__file__).parents[1] / "scenarios"
INF_01 = SCENARIOS / "INF-01_hidden_between_9_and_12.yaml"
PLACED = "P1 Seeker Squad: infiltrated on the table [Infiltrate (Age of Darkness rulebook p.242)]"


HEAD = """\
version: 1
name: Small
deployment: dawn_of_war
armies:
  - army: {blue}
    positions:
      tac: [[40, 6], [41.5, 6], [43, 6], [44.5, 6], [46, 6]]
      seekers: {{infiltrate: true}}
  - army: {red}
    positions:
      r-tac: [[10, 40], [11.5, 40], [13, 40], [14.5, 40], [16, 40]]
start: infiltrate
"""


def write(tmp_path: Path, body: str) -> Path:
    path = tmp_path / "s.yaml"
    head = HEAD.format(blue=SCENARIOS / "armies" / "blue.yaml", red=SCENARIOS / "armies" / "red.yaml")
    path.write_text(head + dedent(body), encoding="utf-8")
    return path


def test_human_output_rules_on_each_action_and_says_what_changed() -> None:
    result = run("check", str(INF_01))
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[:4] == [
        f"INF-01 hidden placement between 9 and 12 inches ({INF_01})",
        "start: the infiltrate step",
        "    -- Pre-game: Infiltrate",
        "    only player 1 has infiltrating units: no roll-off [Infiltrate (Age of Darkness rulebook p.242)]",
    ]
    assert lines[4].startswith("[0] (line 20) P1 infiltrate seekers: seekers/1@(10, 29.84, 90°), ")
    assert lines[4].endswith(": ILLEGAL (nothing changed)")
    assert lines[5] == (
        '    because: INF-3: must be more than 9" from every enemy unit (nearest 8.90") '
        "[Infiltrate (Age of Darkness rulebook p.242)]"
    )
    assert lines[6] == "    expected illegal (INF-3): met"
    assert f"    changed: {PLACED}" in lines
    assert lines[-3:] == [
        "now: pre-game: Seize the Initiative; waiting for player 2 (try to Seize the Initiative? [seize, decline])",
        "expect_state: met",
        "all met",
    ]


def test_json_output_follows_the_schema() -> None:
    result = run("check", str(INF_01), "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert set(data) == {"scenario", "file", "rules_not_played", "start", "records", "final", "ok"}
    assert data["rules_not_played"] == []
    assert data["ok"] is True
    assert data["start"]["step"] == "the infiltrate step"
    first, _, last = data["records"]
    assert first["index"] == 0 and first["kind"] == "action" and first["legal"] is False
    assert first["reasons"] == [
        {
            "rule": "Infiltrate",
            "page": 242,
            "book": "Age of Darkness rulebook",
            "text": 'INF-3: must be more than 9" from every enemy unit (nearest 8.90")',
        }
    ]
    assert first["events"] == []
    assert (first["expected"], first["expected_reason"], first["met"]) == ("illegal", "INF-3", True)
    assert last["legal"] is True
    assert last["events"][0] == PLACED
    assert data["final"]["expect_state_failures"] == []


def test_an_unmet_expectation_exits_1_and_the_run_goes_on(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        """\
        actions:
          - {player: 1, infiltrate: seekers, expect: legal,
             positions: [[10, 29.84], [11.5, 29.84], [13, 29.84], [14.5, 29.84], [16, 29.84]]}
          - {player: 1, infiltrate: seekers, positions: [[10, 20], [11.5, 20], [13, 20], [14.5, 20], [16, 20]]}
        """,
    )
    result = run("check", str(path), "--json")
    assert result.returncode == 1
    data = json.loads(result.stdout)
    assert [(r["legal"], r.get("met")) for r in data["records"]] == [(False, False), (True, None)]
    assert data["ok"] is False
    human = run("check", str(path))
    assert human.returncode == 1
    assert "    expected legal: NOT MET" in human.stdout.splitlines()
    assert human.stdout.splitlines()[-1] == "expectations: 0 of 1 met"


def test_shared_unit_ids_of_the_two_demo_armies_are_told_apart(tmp_path: Path) -> None:
    """Both demo armies have ``recon``: each player names their own."""
    path = tmp_path / "demo-check.yaml"
    text = demo_scenario_path().read_text(encoding="utf-8")
    path.write_text(
        text
        + dedent(
            """\
            start: {step: deployment, player: 1}
            actions:
              - {player: 1, hold: recon, expect: legal}
              - {force_dice: [3, 5]}
              - {player: 2, hold: recon, expect: legal}
              - {player: 2, choose: second, expect: legal}
            expect_state:
              step: infiltrate
              pending: 1
              units: {"1:recon": held, "2:recon": held}
            """
        ),
        encoding="utf-8",
    )
    result = run("check", str(path))
    assert result.returncode == 0, result.stdout + result.stderr
    assert "    changed: Infiltrate: player 2 wins the roll-off (P1 3 v P2 5)" in result.stdout.splitlines()


def test_malformed_scenarios_give_one_line_with_file_line_and_field(tmp_path: Path) -> None:
    cases = {
        "unknown unit": (
            "actions:\n  - {player: 1, infiltrate: sneaky, positions: [[10, 20]]}\n",
            "s.yaml:14: actions[0].infiltrate: no unit 'sneaky' in player 1's army (unit ids: praetor, centurion, tac,",
        ),
        "off the table": (
            "actions:\n  - {player: 1, scout: seekers, positions: [[10, 20], [80, 4]]}\n",
            's.yaml:14: actions[0].positions[1]: [80, 4] is off the 72" x 48" table',
        ),
        "two verbs": (
            "actions:\n  - {player: 1, hold: seekers, end_step: true}\n",
            "s.yaml:14: actions[0]: give exactly one of: deploy, infiltrate, scout, hold, reserves, join, choose,",
        ),
        "bad YAML": ("actions: [unclosed\n", "s.yaml:14: not valid YAML: "),
        "expect_state unit": (
            "expect_state:\n  units: {nobody: table}\n",
            "s.yaml:14: expect_state.units.nobody: no unit 'nobody' in either army",
        ),
    }
    for name, (body, start) in cases.items():
        result = run("check", str(write(tmp_path, body)))
        assert result.returncode == 2, name
        assert result.stdout == "", name
        lines = result.stderr.splitlines()
        assert len(lines) == 1, name
        assert lines[0].startswith("strategium: error: " + start), (name, lines[0])


def test_placements_without_a_start_are_refused() -> None:
    result = run("check", str(demo_scenario_path()))
    assert result.returncode == 2
    assert result.stderr.startswith(
        "strategium: error: demo.yaml: start: the scenario places units (1:centurion, ...), so it needs a start: step"
    )


def test_a_missing_file_is_exit_2() -> None:
    result = run("check", "nowhere.yaml")
    assert (result.returncode, result.stderr) == (2, "strategium: error: nowhere.yaml: no such scenario file\n")


def test_map_draws_the_state_after_the_actions_with_the_next_units_overlay(tmp_path: Path) -> None:
    """Issue 5 item 5: the Seekers stand where they infiltrated; ``next`` overlays the Recon Squad, the unit the
    engine asks player 1 to place next."""
    path = tmp_path / "mid.yaml"
    text = INF_01.read_text(encoding="utf-8")
    text = text.replace("seekers: {infiltrate: true}", "seekers: {infiltrate: true}\n      recon: {infiltrate: true}")
    text = text[: text.index("expect_state:")].replace("armies/", f"{SCENARIOS}/armies/")
    path.write_text(text, encoding="utf-8")
    out = tmp_path / "mid.svg"
    result = run("map", str(path), "--out", str(out), "--overlay", "next")
    assert result.returncode == 0, result.stderr
    assert result.stdout == (
        f'wrote {out}: 72" x 48" table, dawn-of-war, 1 terrain pieces, 0 Buildings, 3 units on the table '
        "(2 + 1; 15 models), 0 embarked, 0 in Reserves, 17 not deployed; overlays: after 3 actions: pre-game: "
        "Infiltrate; waiting for player 1 (place an infiltrating unit); Infiltrate regions of 1:recon\n"
    )
    svg = out.read_text(encoding="utf-8")
    assert "Seeker Squad" in svg and "INF-3: 1:recon hidden" in svg


def test_expect_state_counts_as_one_expectation_however_many_of_its_lines_fail(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        """\
        actions:
          - {player: 1, infiltrate: seekers, expect: illegal,
             positions: [[10, 29.84], [11.5, 29.84], [13, 29.84], [14.5, 29.84], [16, 29.84]]}
        expect_state:
          units: {seekers: reserves, tac: reserves}
        """,
    )
    human = run("check", str(path))
    assert human.returncode == 1
    lines = human.stdout.splitlines()
    assert len([line for line in lines if line.startswith("expect_state: NOT MET")]) == 2
    assert lines[-1] == "expectations: 1 of 2 met"


SCN_03 = SCENARIOS / "SCN-03_weapon_chosen_per_model.yaml"


def test_the_rules_not_played_of_the_units_in_play_come_before_the_results(tmp_path: Path) -> None:
    """As ``strategium battle`` lists them (``battle.coverage``): only the units the scenario places."""
    from strategium.battle.coverage import gaps_text, rule_gaps
    from strategium.check.situation import _in_play
    from strategium.scenario import load_scenario

    path = tmp_path / "gaps.yaml"
    text = SCN_03.read_text(encoding="utf-8").replace("armies/", f"{SCENARIOS}/armies/")
    path.write_text(
        text.replace(
            "      pistols: [[10, 20, 90], [11.5, 20, 90]]\n",
            "      pistols: [[10, 20, 90], [11.5, 20, 90]]\n      praetor: [[30, 10, 90]]\n",
        ),
        encoding="utf-8",
    )
    scenario = load_scenario(path)
    wanted = gaps_text(rule_gaps(_in_play(scenario)))
    carried = [line for line in wanted if " not played yet: " not in line]  # that line names rules, not units
    assert carried and all("Praetor" in line for line in carried)  # the Praetor's rules; no unplaced unit's
    human = run("check", str(path))
    assert human.returncode == 0, human.stdout + human.stderr
    lines = human.stdout.splitlines()
    assert lines[1 : 1 + len(wanted)] == [f"rules: {line}" for line in wanted]
    assert lines[1 + len(wanted)] == "start: Game Turn 2, player 1's turn"
    data = json.loads(run("check", str(path), "--json").stdout)
    gaps = rule_gaps(_in_play(scenario))
    assert data["rules_not_played"] == [
        {"player": g.player, "rule": g.rule, "status": g.status, "units": list(g.carriers)} for g in gaps
    ]
    assert {g["units"][0] for g in data["rules_not_played"]} == {"Praetor"}


def test_an_entry_s_checks_are_printed_and_in_the_json(tmp_path: Path) -> None:
    path = tmp_path / "counts.yaml"
    text = SCN_03.read_text(encoding="utf-8").replace("armies/", f"{SCENARIOS}/armies/")
    path.write_text(text.replace("removed: 2, casualties: 2}", "removed: 3, casualties: 2}"), encoding="utf-8")
    human = run("check", str(path))
    assert human.returncode == 1
    lines = human.stdout.splitlines()
    assert "    expected legal: met" in lines
    assert "    expect_counts.removed: 3 expected, 2 counted: NOT MET" in lines
    assert lines[-1] == "expectations: 4 of 5 met"  # two strict end steps, the shot, expect_state, strict at the end
    data = json.loads(run("check", str(path), "--json").stdout)
    shot = data["records"][3]
    assert (shot["checks"], shot["check_failures"], shot["met"]) == (
        ["expect_rolls", "expect_counts", "strict"],
        ["expect_counts.removed: 3 expected, 2 counted"],
        False,
    )
    assert data["final"]["expect_state_failures"] == [] and data["ok"] is False


def test_a_strict_run_s_left_over_dice_are_reported_at_the_end(tmp_path: Path) -> None:
    path = tmp_path / "left.yaml"
    text = SCN_03.read_text(encoding="utf-8").replace("armies/", f"{SCENARIOS}/armies/")
    path.write_text(text.replace("6, 5, 2, 1, 1]", "6, 5, 2, 1, 1, 4]"), encoding="utf-8")
    human = run("check", str(path))
    assert human.returncode == 1
    assert human.stdout.splitlines()[-3:] == [
        "expect_state: met",
        "strict: forced dice left unused at the end: 4: NOT MET",
        "expectations: 4 of 5 met",
    ]
