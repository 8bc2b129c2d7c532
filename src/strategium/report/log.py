"""The battle log as text: turn by turn, phase by phase, every roll, every ruling with its rule and page.

Layout (``docs/battle.md`` shows an example):

- a header: scenario, seed, armies and players, game length, the victory conditions, and the special rules the
  engine does not play (the battle goes on without them);
- ``PRE-GAME`` and ``GAME TURN n`` headings, then each Player Turn and each step that had something in it
  (steps where nothing happened are left out);
- one line per event (``roll: ...`` for each dice roll), its rulings under it, each ``· what [Rule (book p.N)]``;
- seed-rule moments marked ``★ [Infiltrate]``, ``★ [Scout]``, ``★ [Flanking Assault]``,
  ``★ [Militia Cavalry Mount]``, ``★ [Stupefied]``, ``★ [Shrouded]``, ``★ [Hammer of Wrath]``,
  ``★ [Relentless]`` (:mod:`strategium.agents.seed_rules`);
- the result, the casualty table and a closing list of the seed-rule moments with their line numbers.

The log is a pure function of the battle: the same battle (or its replay) gives the same text, byte for byte.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from strategium.agents import seed_rules
from strategium.battle.casualties import casualty_rows, table_text
from strategium.battle.coverage import gaps_text, rule_gaps
from strategium.battle.outcome import Outcome
from strategium.battle.playable import left_out_lines
from strategium.battle.run import BattleResult
from strategium.battle.setup import army_label
from strategium.catalogue.citations import Reason
from strategium.engine.core.events import (
    DiceRolled,
    Event,
    GameEnded,
    PreGameStepStarted,
    StepStarted,
    TurnEnded,
    TurnStarted,
)
from strategium.engine.core.timing import Phase
from strategium.engine.movement.move import UnitRan
from strategium.engine.movement.reserves import UnitsArrived

TAGS: dict[str, str] = {
    seed_rules.INFILTRATE: "Infiltrate",
    seed_rules.SCOUT: "Scout",
    seed_rules.FLANKING_ASSAULT: "Flanking Assault",
    seed_rules.MILITIA_RUN: "Militia Cavalry Mount",
    seed_rules.STUPEFIED: "Stupefied",
    seed_rules.SHROUDED_ROLL: "Shrouded",
    seed_rules.HAMMER_OF_WRATH: "Hammer of Wrath",
    seed_rules.RELENTLESS_CHARGE: "Relentless",
}
"""The tag each seed-rule moment carries in the log."""

MARK = "★"
"""Marks the line of a seed-rule moment."""

VICTORY_TEXT = (
    "Victory (strategium's default, docs/battle.md): Sudden Death when a side has no unit left in play at the "
    "end of a Player Turn (rules configuration game.sudden_death); otherwise the points of the enemy units "
    "destroyed decide, equal points are a draw."
)


@dataclass(frozen=True)
class Moment:
    """A seed-rule moment found in the log: its tag, the log line number (from 1), where in the game, the text."""

    tag: str
    line: int
    where: str
    text: str


def tag_of(event: Event) -> str | None:
    """The seed-rule tag of an event (None when it is not a seed-rule moment)."""
    moment = seed_rules.moment_of(event)
    return TAGS[moment] if moment is not None else None


def _unique(reasons: Iterable[Reason]) -> list[Reason]:
    seen: set[tuple[str, str, int | None]] = set()
    out = []
    for r in reasons:
        key = (r.rule, r.text, r.page)
        if key not in seen:
            seen.add(key)
            out.append(r)
    return out


def _text(event: Event, names: Mapping[str, str]) -> str:
    """The event's text; events that name units by id name them as the army list does."""
    if isinstance(event, UnitsArrived):
        units = ", ".join(names.get(u, u) for u in event.unit_ids)
        return f"P{event.player} {units} arrived from Reserves ({event.mode.value}, {event.edge.value} edge)"
    if isinstance(event, UnitRan):
        return f"P{event.player} {', '.join(names.get(u, u) for u in event.unit_ids)} Ran"
    return event.text().strip()


def event_lines(event: Event, names: Mapping[str, str] | None = None) -> list[str]:
    """The event's line (its citations moved to the end, each once) and one line per ruling behind it that
    the line does not already say (``· what [citation]``). ``names``: unit id to name."""
    main = _text(event, names or {})
    reasons = _unique(event.reasons)
    for r in reasons:
        main = main.replace(f" [{r.citation}]", "")
    cited: list[str] = []
    subs: list[str] = []
    for r in reasons:
        if r.text and r.text not in main:
            subs.append(f"· {r.text} [{r.citation}]")
        elif r.citation not in cited:
            cited.append(r.citation)
    line = main + "".join(f" [{c}]" for c in cited)
    return [line, *subs]


class LogWriter:
    """Builds the log line by line, keeping step headings until something happens in the step."""

    def __init__(self, names: Mapping[str, str] | None = None) -> None:
        self.names = dict(names or {})
        self.lines: list[str] = []
        self.moments: list[Moment] = []
        self._pending: list[str] = []
        self._where = "Pre-game"
        self._game_turn = -1

    def add(self, text: str) -> None:
        """Append a line (and any heading still waiting for content)."""
        self.lines.extend(self._pending)
        self._pending = []
        self.lines.append(text)

    def heading(self, text: str, wait: bool = False) -> None:
        """A heading: at once, or (``wait``) only once a line follows it before the next waiting heading."""
        if wait:
            self._pending = [p for p in self._pending if not p.startswith("    ")] + [text]
        else:
            self._pending = []
            self.lines.append(text)

    def event(self, event: Event) -> None:
        """Write one event in its place."""
        if isinstance(event, PreGameStepStarted):
            if self._game_turn < 0:
                self._game_turn = 0
                self.heading("PRE-GAME")
            self.heading(f"    {event.step[:1].upper()}{event.step[1:]}", wait=True)
            return
        if isinstance(event, TurnStarted):
            if event.game_turn != self._game_turn:
                self._game_turn = event.game_turn
                self.heading("")
                self.heading(f"GAME TURN {event.game_turn}")
            self.heading(f"  Player {event.player}'s turn")
            return
        if isinstance(event, StepStarted):
            c = event.clock
            self._where = str(c)
            sub = "" if c.sub_phase.value == "-" else f", {c.sub_phase.value}"
            self.heading(f"    {c.phase.value}{sub}", wait=c.phase is not Phase.PRE_GAME)
            return
        if isinstance(event, TurnEnded):
            return
        if isinstance(event, GameEnded):
            self.heading("")
            self.add(event.text().strip("= "))
            return
        lines = event_lines(event, self.names)
        if isinstance(event, DiceRolled):
            lines[0] = lines[0].strip()
        tag = tag_of(event)
        if tag is None:
            self.add(f"      {lines[0]}")
        else:
            self.add(f"      {MARK} [{tag}] {lines[0]}")
            self.moments.append(Moment(tag, len(self.lines), self._where, lines[0]))
        for sub in lines[1:]:
            self.add(f"          {sub}")


def battle_title(result: BattleResult) -> str:
    """The battle's name: the scenario's when it plays its own armies, else "ARMY against ARMY" and the scenario
    whose table it is played on (its own armies replaced with ``--army``)."""
    if result.setup.armies is None:
        return result.scenario.name
    first, second = result.game.state.armies
    return f"{army_label(first)} against {army_label(second)} (on the table of {result.scenario.name})"


def header_lines(result: BattleResult) -> list[str]:
    """The lines before the battle: what is played, by whom, how it is won, and the rules left out."""
    armies = result.game.state.armies
    players = result.setup.players
    turns = result.game.state.last_game_turn
    out = [
        f"strategium battle: {battle_title(result)}",
        f"seed {result.seed}; {turns} Game Turn{'' if turns == 1 else 's'}",
        f"player 1: {army_label(armies[0])}, {armies[0].points} points ({players[0]} player)",
        f"player 2: {army_label(armies[1])}, {armies[1].points} points ({players[1]} player)",
        VICTORY_TEXT,
    ]
    out.extend(left_out_lines(armies))
    out.extend(gaps_text(rule_gaps(armies)))
    return out


def moments_summary(moments: Sequence[Moment]) -> list[str]:
    """The closing list: how often each seed-rule moment happened, then each one with its line number (moments
    of one kind in one step are listed once, with how many more there were)."""
    counts = Counter(m.tag for m in moments)
    out = ["SEED-RULE MOMENTS"]
    out.append("  " + "; ".join(f"{tag} {counts.get(tag, 0)}" for tag in TAGS.values()))
    groups: dict[tuple[str, str], list[Moment]] = {}
    for m in moments:
        groups.setdefault((m.tag, m.where), []).append(m)
    for group in groups.values():
        m = group[0]
        more = f" (and {len(group) - 1} more in this step)" if len(group) > 1 else ""
        out.append(f"  {MARK} [{m.tag}] line {m.line} ({m.where}): {m.text}{more}")
    return out


def render_log(result: BattleResult) -> str:
    """The whole log of a battle (see the module docstring), ending with a newline."""
    writer = LogWriter({u.id: u.name for a in result.game.state.armies for u in a.units})
    for line in header_lines(result):
        writer.add(line)
    writer.add("")
    for event in result.events:
        writer.event(event)
    writer.heading("")
    writer.add("RESULT")
    writer.add("  " + result_text(result.outcome, _stopped(result)))
    writer.add("")
    writer.add("CASUALTIES")
    for line in table_text(casualty_rows(result.game.state)):
        writer.add("  " + line)
    writer.add("")
    for line in moments_summary(writer.moments):
        writer.add(line)
    return "\n".join(writer.lines) + "\n"


def _stopped(result: BattleResult) -> bool:
    return not any(isinstance(e, GameEnded) for e in result.events[-1:])


def result_text(outcome: Outcome, stopped: bool = False) -> str:
    """The result line (``stopped``: the battle ended early by Sudden Death)."""
    return outcome.text() + (" — the battle stops here" if stopped and outcome.sudden_death else "")


def summary_lines(result: BattleResult) -> list[str]:
    """What ``--quiet`` prints: the header, the result, the casualty table and the seed-rule counts."""
    counts = seed_rules.count_moments(result.events)
    out = header_lines(result)
    out += ["", "RESULT", "  " + result_text(result.outcome, _stopped(result)), "", "CASUALTIES"]
    out += ["  " + line for line in table_text(casualty_rows(result.game.state))]
    shown = "; ".join(f"{tag} {counts.get(moment, 0)}" for moment, tag in TAGS.items())
    return [*out, "", "SEED-RULE MOMENTS", "  " + shown]
