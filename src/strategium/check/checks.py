"""What a scenario asserts about one action beyond legal or illegal (``strategium check``): the dice it rolled
(``expect_rolls``), what its attacks did (``expect_counts``), strict forced dice (``strict``), and the question
``has_rule`` (does a unit have a special rule now?).

Everything is read from what the game recorded, never computed a second time:

- **Rolls** come from the dice log (``GameState.dice.log``): each roll made during the action is sorted into a
  kind by what it was rolled for (:data:`ROLL_PATTERNS`), and the dice of each kind are counted. A kind with no
  roll counts 0: ``expect_rolls: {to_hit: 0}`` asserts that no To Hit roll was made (a Template), ``{mitigation:
  0}`` that no Damage Mitigation roll was made (against Dangerous Terrain).
- **Counts** come from the action's attack events (each event with a ``summary``: a volley's ``WeaponFired``, a
  group of close combat attacks' ``MeleeAttacksResolved``), whose numbers are summed (``hits``, ``wounds``,
  ``unsaved``, ``mitigated``, ``removed``, ``glancing``, ``penetrating``, ``hull_points_lost``); ``saves_taken``
  and ``mitigation_rolls`` are the dice of those kinds in the dice log, ``saves_failed`` the rulings "... not
  saved" (rule Saving Throws) of the action's events, ``casualties`` the models the game's state removed (of any
  unit) during the action.
- **Strict**: every die rolled during the action came from the forced queue, and (for an action with ``strict:
  true``) no forced face queued for it is left when it ends; the failure names the roll. With ``strict: true`` at
  the top, every action is strict about its own rolls and no forced face may be left at the end of the run.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from strategium.catalogue.citations import Reason
from strategium.catalogue.registry import RuleRef, find_rule
from strategium.dice import Roll
from strategium.engine.core.events import Event
from strategium.scenario.spec import ActionSpec, ExpectStateSpec

if TYPE_CHECKING:
    from strategium.engine.core.game import Game

ROLL_PATTERNS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("to_hit_reroll", re.compile(r"^To Hit re-roll")),
    ("to_hit", re.compile(r"^To Hit\b")),
    ("to_wound", re.compile(r"^To Wound\b")),
    ("save", re.compile(r"^(Armour Save|Invulnerable Save|Cover Save) \(|^save against\b")),
    ("mitigation", re.compile(r"^(Feel No Pain|Shrouded|Stupefied roll) \(")),
    ("armour_penetration", re.compile(r"^Armour Penetration\b")),
    ("vehicle_damage", re.compile(r"^Damage roll\b")),
    ("shots", re.compile(r"^shots of\b")),
    ("charge", re.compile(r"^Charge Distance\b")),
    ("dangerous_terrain", re.compile(r"^Dangerous Terrain test\b")),
    ("leadership", re.compile(r"^(Morale check|Pinning test|Regroup test|Concussive \(\d+\) test)")),
)
"""Roll kind → what the roll's reason (as the dice log writes it) starts with; the first match wins. A roll of
another kind counts only under ``any``. Add a pattern here when the engine rolls a new kind of dice."""

_COUNT_WORDS = {
    "hits": "hits",
    "automatic hits": "hits",
    "wounds": "wounds",
    "unsaved": "unsaved",
    "mitigated": "mitigated",
    "removed": "removed",
    "Glancing": "glancing",
    "Penetrating": "penetrating",
    "Hull Points lost": "hull_points_lost",
}
_COUNT_RE = re.compile(r"\b(\d+) (automatic hits|hits|wounds|unsaved|mitigated|removed|Glancing|Penetrating|"
                       r"Hull Points lost)\b")  # fmt: skip


def roll_kind(roll: Roll) -> str | None:
    """The kind of :data:`ROLL_PATTERNS` a roll is, or None."""
    return next((kind for kind, pattern in ROLL_PATTERNS if pattern.search(roll.reason)), None)


def dice_by_kind(rolls: Iterable[Roll]) -> dict[str, int]:
    """Kind → number of dice rolled (``any``: every die)."""
    out: dict[str, int] = {"any": 0}
    for roll in rolls:
        n = len(roll.results)
        out["any"] += n
        kind = roll_kind(roll)
        if kind is not None:
            out[kind] = out.get(kind, 0) + n
    return out


@dataclass(frozen=True)
class ActionTrace:
    """What an action left in the game's records: the rolls it made (in order), the events it emitted, and the
    models removed during it (all units, in order)."""

    rolls: tuple[Roll, ...]
    events: tuple[Event, ...]
    removed: int

    def counts(self) -> dict[str, int]:
        """Every name of ``expect_counts`` → its number (see the module docstring)."""
        out = dict.fromkeys(("hits", "wounds", "unsaved", "mitigated", "removed", "glancing", "penetrating",
                             "hull_points_lost"), 0)  # fmt: skip
        failed = 0
        for event in self.events:
            summary = getattr(event, "summary", None)
            if isinstance(summary, str):
                for number, word in _COUNT_RE.findall(summary):
                    out[_COUNT_WORDS[word]] += int(number)
            failed += sum(1 for r in event.reasons if r.rule == "Saving Throws" and r.text.endswith(" not saved"))
        dice = dice_by_kind(self.rolls)
        out["saves_taken"] = dice.get("save", 0)
        out["saves_failed"] = failed
        out["mitigation_rolls"] = dice.get("mitigation", 0)
        out["casualties"] = self.removed
        return out


def roll_failures(trace: ActionTrace, wanted: Mapping[str, int]) -> list[str]:
    """``expect_rolls`` mismatches, one text each (the rolls of that kind listed)."""
    have = dice_by_kind(trace.rolls)
    out: list[str] = []
    for kind, n in wanted.items():
        got = have.get(kind, 0)
        if got != n:
            made = [str(r) for r in trace.rolls if kind == "any" or roll_kind(r) == kind]
            listed = f" ({'; '.join(made)})" if made else ""
            out.append(f"expect_rolls.{kind}: {n} dice expected, {got} rolled{listed}")
    return out


def count_failures(trace: ActionTrace, wanted: Mapping[str, int]) -> list[str]:
    """``expect_counts`` mismatches, one text each."""
    have = trace.counts()
    return [
        f"expect_counts.{name}: {n} expected, {have[name]} counted" for name, n in wanted.items() if have[name] != n
    ]


def unforced(rolls: Sequence[Roll]) -> list[str]:
    """Strict mode: one text per roll that used dice not forced."""
    out: list[str] = []
    for roll in rolls:
        free = sum(1 for flag in roll.forced if not flag)
        if free:
            out.append(f"strict: {free} of the dice of '{roll}' were not forced")
    return out


def left_over(game: Game, when: str) -> list[str]:
    """Strict mode: the forced faces still queued (none is a success)."""
    faces = game.state.dice.pending_forced
    return [f"strict: forced dice left unused {when}: {', '.join(map(str, faces))}"] if faces else []


def entry_checks(
    game: Game,
    spec: ActionSpec,
    trace: ActionTrace,
    strict: bool,
    state_failures: Callable[[ExpectStateSpec], list[str]],
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The checks an ``actions:`` entry asks for beyond legal/illegal (``expect_state``, ``expect_rolls``,
    ``expect_counts``, ``strict``; ``strict`` is the entry's own or the scenario's) and the failures among them."""
    names: list[str] = []
    failures: list[str] = []
    if spec.expect_state is not None:
        names.append("expect_state")
        failures += [f"expect_state: {text}" for text in state_failures(spec.expect_state)]
    if spec.expect_rolls:
        names.append("expect_rolls")
        failures += roll_failures(trace, {str(k): v for k, v in spec.expect_rolls.items()})
    if spec.expect_counts:
        names.append("expect_counts")
        failures += count_failures(trace, {str(k): v for k, v in spec.expect_counts.items()})
    if strict:
        names.append("strict")
        failures += unforced(trace.rolls)
        if spec.strict:  # the entry's own: the dice forced for it are used up by it
            failures += left_over(game, "after this entry")
    return tuple(names), tuple(failures)


def trace_since(game: Game, rolls_before: int, removed_before: int, events: Sequence[Event]) -> ActionTrace:
    """What the game recorded since the dice log held ``rolls_before`` rolls and ``removed_before`` models had
    been removed (:func:`removed_models`): ``events`` are the action's."""
    return ActionTrace(game.state.dice.log[rolls_before:], tuple(events), removed_models(game) - removed_before)


def removed_models(game: Game) -> int:
    """Models removed as casualties so far, in both armies."""
    return sum(len(status.casualties) for status in game.state.units.values())


# -- has_rule ------------------------------------------------------------------------------------------------


def has_rule(game: Game, unit_id: str, rule_name: str) -> tuple[bool, tuple[Reason, ...]]:
    """Does the unit have the special rule now? Yes when an effect in force grants it to the unit, or when every
    model of the unit in play (and of the Independent Characters joined to it) has it; Fearless is judged by the
    engine's own test (:func:`strategium.engine.morale.leadership.is_fearless`). The reasons say which models have it
    and
    what grants it. ``rule_name`` is a name the registry knows (``Feel No Pain (5+)`` matches that value only;
    ``Feel No Pain`` any value)."""
    from strategium.engine.attacks import damage
    from strategium.engine.morale.leadership import is_fearless

    wanted = find_rule(rule_name)
    assert isinstance(wanted, RuleRef)  # the loader has checked the name
    written_value = "(" in rule_name

    def matches(r: RuleRef) -> bool:
        return r.name == wanted.name and (not written_value or r.value == wanted.value)

    def cite(text: str) -> Reason:
        try:
            return Reason.of(wanted.name, text)
        except Exception:  # a name the registry knows only as a reference (no page)
            return Reason(wanted.name, text)

    s = game.state
    name = s.unit(unit_id).name
    granted = [e for e in damage.granted_rules(game, unit_id) if matches(e)]
    models = damage.living(game, unit_id)
    having = [m for _, m in models if any(matches(r) for r in damage.own_rules(m))]
    reasons: list[Reason] = []
    if granted:
        reasons.append(cite(f"{name} is granted {granted[0]} by an effect in force"))
    joined = [u.name for u in s.characters_joined_to(unit_id)]
    with_chars = f" (with {', '.join(joined)})" if joined else ""
    reasons.append(cite(f"{len(having)} of its {len(models)} models in play{with_chars} have {rule_name}"))
    if wanted.name == "Fearless":
        answer = is_fearless(game, unit_id)
        reasons.append(cite(f"the engine's Fearless test says {'yes' if answer else 'no'}"))
        return answer, tuple(reasons)
    return bool(granted) or (bool(models) and len(having) == len(models)), tuple(reasons)
