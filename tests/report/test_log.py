"""The battle log: headings only for steps with something in them, rulings with rule and page, seed-rule tags."""

from __future__ import annotations

from strategium.agents import seed_rules
from strategium.catalogue.citations import Reason
from strategium.catalogue.definitions import Book
from strategium.engine.core.events import PreGameStepStarted, Ruling, StepStarted, TurnStarted
from strategium.engine.core.timing import Clock, Phase, SubPhase
from strategium.report.log import MARK, TAGS, LogWriter, event_lines, render_log
from tests.battle.games import short_battle

SCOUT = Reason("Scout", 'SCT-2: each model within 6"', 246, Book.RULEBOOK)


def test_citations_move_to_the_end_once_and_rulings_go_underneath() -> None:
    event = Ruling(
        "player 2 makes the first Scout redeployment [Scout (Age of Darkness rulebook p.246)]", (SCOUT, SCOUT)
    )
    assert event_lines(event) == [
        "player 2 makes the first Scout redeployment",
        '· SCT-2: each model within 6" [Scout (Age of Darkness rulebook p.246)]',
    ]
    said = Ruling('SCT-2: each model within 6"', (SCOUT,))
    assert event_lines(said) == ['SCT-2: each model within 6" [Scout (Age of Darkness rulebook p.246)]']


def test_empty_steps_leave_no_heading() -> None:
    w = LogWriter()
    w.event(PreGameStepStarted("deployment"))
    w.event(Ruling("player 1 deploys first"))
    w.event(TurnStarted(1, 1, 1))
    w.event(StepStarted(Clock(1, 1, 1, Phase.MOVEMENT, SubPhase.RESERVES)))
    w.event(StepStarted(Clock(1, 1, 1, Phase.MOVEMENT, SubPhase.MOVE)))
    w.event(Ruling("P1 Centurion moves"))
    w.event(StepStarted(Clock(1, 1, 1, Phase.SHOOTING, SubPhase.NONE)))
    assert w.lines == [
        "PRE-GAME",
        "    Deployment",
        "      player 1 deploys first",
        "",
        "GAME TURN 1",
        "  Player 1's turn",
        "    Movement phase, Move",
        "      P1 Centurion moves",
    ]


def test_the_log_of_a_battle_marks_and_lists_its_seed_rule_moments() -> None:
    result = short_battle()
    text = render_log(result)
    lines = text.splitlines()
    assert lines[0] == "strategium battle: Demo - Emperor's Children against the Imperialis Militia"
    assert lines[1] == "seed 5; 2 Game Turns"
    assert any(line.startswith("P2 not implemented: ") and "Strength in Numbers" in line for line in lines)
    marked = [n for n, line in enumerate(lines, start=1) if line.startswith(f"      {MARK} [")]
    counts = seed_rules.count_moments(result.events)
    assert len(marked) == sum(counts.values()) > 0
    listed = [line for line in lines if line.startswith(f"  {MARK} [")]
    numbers = [int(line.split("line ")[1].split(" ")[0]) for line in listed]
    more = [int(line.split("(and ")[1].split(" ")[0]) if "(and " in line else 0 for line in listed]
    assert set(numbers) <= set(marked) and numbers == sorted(numbers) and len(listed) + sum(more) == len(marked)
    summary = lines[lines.index("SEED-RULE MOMENTS") + 1]
    assert summary == "  " + "; ".join(f"{tag} {counts.get(m, 0)}" for m, tag in TAGS.items())
    assert "PRE-GAME" in lines and "GAME TURN 2" in lines and "RESULT" in lines and "CASUALTIES" in lines
    assert lines[lines.index("RESULT") + 1] == "  " + result.outcome.text()
    assert any("roll: To Hit:" in line for line in lines)
    assert text == render_log(result)
