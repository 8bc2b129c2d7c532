"""A ``Game`` built from a scenario, and a scenario's actions played through it (``strategium check``).

:func:`game_from_scenario` makes the game: with no ``start:`` it begins at the start of the pre-game (the
deployment roll-off is made at once); with ``start:`` it begins at that pre-game step (``deployment``,
``infiltrate``, ``scout``, ``seize``) or at the start of a Player Turn (``turn``), with the scenario's
placements as the state, and runs the step's normal start (e.g. the Infiltrate roll-off) so the engine asks for
the first decision exactly as in a real game.

:func:`run_scenario` then applies the scenario's ``actions:`` in order, each through ``Game.check`` and
``Game.apply`` (an illegal action changes nothing and the run goes on), answers its questions (``may_charge``,
``force_org``), and compares the outcome with the scenario's ``expect`` and ``expect_state``.

Unit ids: the engine needs ids unique across both armies; :func:`strategium.scenario.armies.game_armies` makes
them (``1:recon`` / ``2:recon`` when both armies have a ``recon``) and scenario entries keep naming the unit
``recon`` with their ``player``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

import strategium.rules  # noqa: F401  (the rule plug-ins: a game needs them)
from strategium.army.army import Army, Unit
from strategium.army.force_org import CompulsoryOverride, compulsory_override, validate_army
from strategium.battle.coverage import RuleGap, rule_gaps
from strategium.catalogue.citations import Reason
from strategium.catalogue.definitions import Book
from strategium.check.actions import (
    TURN_VERBS,
    LogEntry,
    start_effects,
    turn_action,
)
from strategium.check.checks import entry_checks, has_rule, left_over, removed_models, trace_since, unforced
from strategium.check.expected_state import MODES, compare_state
from strategium.dice import Forced
from strategium.engine.core.actions import (
    Action,
    Choose,
    DeclareReserves,
    Deploy,
    EndStep,
    HoldToInfiltrate,
    Infiltrate,
    JoinUnit,
    ScoutRedeploy,
)
from strategium.engine.core.board import Location, Placement, Pose
from strategium.engine.core.events import Event
from strategium.engine.core.game import Game
from strategium.engine.core.pregame_track import PreGameStep
from strategium.engine.core.state import GameState
from strategium.engine.core.timing import Clock, Phase, PlayerId, opponent
from strategium.engine.pregame import deployment
from strategium.engine.pregame import sequence as pregame
from strategium.engine.questions.queries import Query, ask
from strategium.errors import InputError
from strategium.rules.seed import infiltrate_step as infiltration
from strategium.rules.seed import scout_step as scouting
from strategium.scenario.aims import forced
from strategium.scenario.armies import Ids, game_armies
from strategium.scenario.placing import default_heading
from strategium.scenario.spec import ActionSpec
from strategium.scenario.start_state import start_damage, start_locked
from strategium.scenario.values import Scenario, Status

# -- the game ---------------------------------------------------------------------------------------


def game_from_scenario(scenario: Scenario, seed: int | None = None, forced_dice: Sequence[Forced] = ()) -> Game:
    """A game at the scenario's ``start:`` (see the module docstring); ``seed`` defaults to the scenario's.

    ``forced_dice`` are the first die results (the start's roll-off takes them). Raises :class:`InputError`
    when the scenario places units but has no ``start:`` (at the start of the pre-game nothing is deployed),
    or for a hull override.
    """
    game, _ = _game(scenario, seed, forced_dice)
    return game


def _game(scenario: Scenario, seed: int | None, forced_dice: Sequence[Forced]) -> tuple[Game, Ids]:
    armies, ids = game_armies(scenario)
    seed = scenario.seed if seed is None else seed
    start = scenario.start
    if start is None:
        placed = [
            p for p in scenario.placements if p.status is not Status.UNDEPLOYED or p.joined_to is not None or p.effects
        ]  # (starting damage and locked combats are only given to units on the table)
        if placed:
            raise InputError(
                f"the scenario places units ({placed[0].ref}, ...), so it needs a start: step "
                "(deployment, infiltrate, scout, seize or turn); without one the game begins before deployment",
                file=scenario.file,
                field="start",
            )
        return Game.new(armies, scenario.battlefield, scenario.config, seed, tuple(forced_dice)), ids
    state = GameState.start(armies, scenario.battlefield, scenario.config, seed)
    game = Game(state)
    if forced_dice:
        game.force_dice(*forced_dice)
    _place(state, scenario, ids)
    _start_state(game, scenario, ids)
    if start.step != "turn":
        _start_effects(game, scenario, ids)
    track = state.pregame
    track.first_deployer = start.first_deployer or start.player or 1
    if start.step == "deployment":
        player = start.player or 1
        track.first_deployer = start.first_deployer or player
        pregame.enter(game, PreGameStep.DEPLOY)
        pregame.next_to_deploy(game, opponent(player))
    elif start.step == "infiltrate":
        infiltration.begin(game)
    elif start.step == "scout":
        scouting.begin(game)
    elif start.step == "seize":
        pregame.after_scouts(game)
    else:
        player = start.player or 1
        first = start.first_player or player
        pregame.enter(game, PreGameStep.DONE)
        state.first_player = first
        before = (start.game_turn - 1) * 2 + (0 if player == first else 1)
        state.clock = Clock(start.game_turn, before, player, Phase.PRE_GAME)
        _start_effects(game, scenario, ids)  # made in the Player Turn before the start
        game._start_turn(start.game_turn, player)  # the phase machine's own start of a Player Turn
    return game, ids


def _start_effects(game: Game, scenario: Scenario, ids: Ids) -> None:
    for p in scenario.placements:
        if p.effects:
            start_effects(game, ids.unit(p.player, p.unit.id), p.effects)
        if p.damage_results:
            start_damage(game, ids.unit(p.player, p.unit.id), {}, p.damage_results)


def _start_state(game: Game, scenario: Scenario, ids: Ids) -> None:
    """Wounds (Hull Points) lost and locked combats (``wounds_lost``, ``hull_points_lost``, ``locked_with``)."""
    pairs: list[tuple[str, str]] = []
    for p in scenario.placements:
        uid = ids.unit(p.player, p.unit.id)
        if p.wounds_lost:
            game_ids = {m.id: g.id for m, g in zip(p.unit.models, game.state.unit(uid).models, strict=True)}
            start_damage(game, uid, {game_ids[mid]: n for mid, n in p.wounds_lost.items()})
        pairs += [(uid, ids.unit(3 - p.player, other)) for other in p.locked_with]
    start_locked(game, tuple(pairs))


def _place(state: GameState, scenario: Scenario, ids: Ids) -> None:
    """Put every unit where the scenario says."""
    for p in scenario.placements:
        uid = ids.unit(p.player, p.unit.id)
        status = state.units[uid]
        if p.joined_to is not None:
            status.joined_to = ids.unit(p.player, p.joined_to)
        if p.status is Status.ON_TABLE:
            status.location = Location.TABLE
            models = state.unit(uid).models
            status.poses = {m.id: Pose(*c) for m, c in zip(models, p.coords, strict=True)}
        elif p.status is Status.BUILDING and p.building is not None:
            hull = p.building.hull
            status.location = Location.TABLE
            status.poses = {state.unit(uid).models[0].id: Pose(hull.x, hull.y, hull.heading)}
        elif p.status is Status.EMBARKED and p.placed is not None and p.placed.embarked_in is not None:
            status.location = Location.EMBARKED
            status.embarked_in = ids.place(p.player, p.placed.embarked_in)
        elif p.status is Status.RESERVES:
            status.location = Location.RESERVES
            status.reserve_mode = MODES[p.reserve_mode or "normal"]
        elif p.status is Status.HELD:
            status.location = Location.HELD_FOR_INFILTRATE
            if p.transport is not None:
                carrier = ids.unit(p.player, p.transport)
                status.embarked_in = carrier
                state.units[carrier].location = Location.HELD_FOR_INFILTRATE


# -- actions ----------------------------------------------------------------------------------------


def _positions(game: Game, units: Sequence[Unit], coords: Sequence[Sequence[float]], player: int) -> Placement:
    """Model id → pose for ``units``' models in order; positions beyond the models get ids the engine
    reports as not in the unit."""
    heading = default_heading(game.state.battlefield, player)
    model_ids = [m.id for u in units for m in u.models]
    model_ids += [f"extra-{n + 1}" for n in range(len(coords) - len(model_ids))]
    return tuple(
        (mid, Pose(c[0], c[1], c[2] if len(c) == 3 else heading)) for mid, c in zip(model_ids, coords, strict=False)
    )


def to_action(game: Game, ids: Ids, spec: ActionSpec) -> Action:
    """The engine action an ``actions:`` entry describes (not ``force_dice`` or a question)."""
    if spec.verb in TURN_VERBS:
        return turn_action(game, ids, spec)
    s = game.state
    player: PlayerId = spec.player or 1
    verb, subject = spec.verb, spec.subject
    unit_verbs = ("deploy", "infiltrate", "scout", "hold", "reserves", "join")
    uid = ids.unit(player, subject) if verb in unit_verbs and subject is not None else ""
    coords = spec.positions or ()
    if verb == "deploy":
        embark = ids.place(player, spec.embark_in) if spec.embark_in is not None else None
        return Deploy(player, uid, _positions(game, deployment.party(s, uid), coords, player), embark)
    if verb == "infiltrate":
        if spec.building is not None:
            return Infiltrate(player, uid, (), ids.buildings[spec.building])
        carrier = s.units[uid].embarked_in
        units = [s.unit(carrier)] if carrier is not None else deployment.party(s, uid)
        return Infiltrate(player, uid, _positions(game, units, coords, player))
    if verb == "scout":
        return ScoutRedeploy(player, uid, _positions(game, deployment.party(s, uid), coords, player))
    if verb == "hold":
        transport = ids.unit(player, spec.transport) if spec.transport is not None else None
        return HoldToInfiltrate(player, uid, transport)
    if verb == "reserves":
        return DeclareReserves(player, uid, MODES[spec.mode or "normal"])
    if verb == "join":
        assert spec.to is not None
        return JoinUnit(player, uid, ids.unit(player, spec.to))
    if verb == "choose":
        return Choose(player, subject or "")
    return EndStep(player)


def _force_org_reasons(scenario: Scenario, spec: ActionSpec) -> tuple[bool, tuple[Reason, ...]]:
    allowed = set(spec.compulsory_allowed or ())
    forbidden = set(spec.compulsory_forbidden or ())
    overrides: list[CompulsoryOverride] = []
    if allowed:
        overrides.append(compulsory_override(lambda u, d: u.id in allowed, True))
    if forbidden:
        overrides.append(compulsory_override(lambda u, d: u.id in forbidden, False))
    verdict = validate_army(scenario.armies[(spec.player or 1) - 1], overrides, scenario.config)
    reasons = tuple(Reason(p.rule, p.text, *_page(p.page)) for p in verdict.problems)
    return verdict.valid, reasons


def _page(citation: str) -> tuple[int | None, Book]:
    """``"Age of Darkness rulebook p.248"`` → (248, RULEBOOK)."""
    book = next((b for b in Book if citation.startswith(b.value)), Book.RULEBOOK)
    _, sep, tail = citation.rpartition(" p.")
    return (int(tail), book) if sep and tail.isdigit() else (None, book)


# -- running a scenario ------------------------------------------------------------------------------


@dataclass(frozen=True)
class CheckRecord:
    """What one ``actions:`` entry did. ``kind``: ``action``, ``dice`` or ``question``. ``action`` is its text;
    ``legal`` the verdict (for a question: the answer is yes); ``reasons`` the cited reasons; ``events`` the
    texts of what changed (empty when illegal: nothing changed), and ``log`` the same as a referee's log (steps,
    rolls and events with their rulings). ``expected`` / ``expected_reason`` echo the entry's ``expect`` /
    ``expect_reason``; ``checks`` names the entry's other checks (``expect_state``, ``expect_rolls``,
    ``expect_counts``, ``strict``) and ``check_failures`` the texts of those not met; ``verdict_met`` whether
    ``expect`` / ``expect_reason`` hold, ``met`` whether everything expected holds (None when nothing was)."""

    index: int
    line: int | None
    kind: str
    action: str
    legal: bool
    reasons: tuple[Reason, ...] = ()
    events: tuple[str, ...] = ()
    expected: str | None = None
    expected_reason: str | None = None
    met: bool | None = None
    log: tuple[LogEntry, ...] = ()
    checks: tuple[str, ...] = ()
    check_failures: tuple[str, ...] = ()
    verdict_met: bool | None = None

    def to_json(self) -> dict[str, Any]:
        """The record as ``docs/check-json.md`` describes it."""
        out: dict[str, Any] = {
            "index": self.index,
            "line": self.line,
            "kind": self.kind,
            "action": self.action,
            "legal": self.legal,
            "reasons": [r.to_json() for r in self.reasons],
            "events": list(self.events),
            "log": [entry.to_json() for entry in self.log],
        }
        if self.expected is not None or self.expected_reason is not None:
            out["expected"] = self.expected
            out["expected_reason"] = self.expected_reason
            out["met"] = self.met
        if self.checks:
            out["checks"] = list(self.checks)
            out["check_failures"] = list(self.check_failures)
            out["met"] = self.met
        return out


@dataclass
class CheckRun:
    """A scenario played: the game as it ends, what the start did, one record per entry, and the
    ``expect_state`` mismatches (texts; with ``strict: true``, forced dice left unused at the end too), and the
    special rules of the units in play the engine does not (fully) play (as ``strategium battle`` lists them)."""

    scenario: Scenario
    game: Game
    ids: Ids
    start: str
    start_events: tuple[str, ...]
    records: tuple[CheckRecord, ...]
    state_failures: tuple[str, ...]
    gaps: tuple[RuleGap, ...] = ()

    @property
    def failures(self) -> int:
        """How many expectations were not met (entries and ``expect_state`` lines)."""
        return sum(1 for r in self.records if r.met is False) + len(self.state_failures)

    @property
    def ok(self) -> bool:
        """Every expectation is met (or none was given)."""
        return self.failures == 0

    def status(self) -> str:
        """Where the game stands now, in words."""
        return describe(self.game)

    def to_json(self) -> dict[str, Any]:
        """The whole run as ``docs/check-json.md`` describes it."""
        return {
            "scenario": self.scenario.name,
            "file": self.scenario.source,
            "start": {"step": self.start, "events": list(self.start_events)},
            "rules_not_played": [
                {"player": g.player, "rule": g.rule, "status": g.status, "units": list(g.carriers)} for g in self.gaps
            ],
            "records": [r.to_json() for r in self.records],
            "final": {"status": self.status(), "expect_state_failures": list(self.state_failures)},
            "ok": self.ok,
        }


def describe(game: Game) -> str:
    """``pre-game: Infiltrate; waiting for player 2 (place an infiltrating unit)`` and the like."""
    s = game.state
    where = f"pre-game: {s.pregame.step.value}" if s.clock.phase is Phase.PRE_GAME else str(s.clock)
    pending = game.pending
    if pending is None:
        return f"{where}; the battle is over"
    options = f" [{', '.join(pending.options)}]" if pending.options else ""
    return f"{where}; waiting for player {pending.player} ({pending.prompt}{options})"


def _met(spec: ActionSpec, legal: bool, reasons: Sequence[Reason]) -> bool | None:
    """Whether the entry's ``expect`` / ``expect_reason`` hold (None: neither is given)."""
    if spec.expect is None and spec.expect_reason is None:
        return None
    ok = spec.expect is None or (spec.expect in ("legal", True)) == legal
    if spec.expect_reason is not None:
        want = spec.expect_reason
        ok = ok and bool(reasons) and (reasons[0].text.startswith(want) or reasons[0].rule.startswith(want))
    return ok


def _all_met(verdict: bool | None, names: Sequence[str], failures: Sequence[str]) -> bool | None:
    """The verdict's expectation and the entry's other checks together (None: nothing expected)."""
    if verdict is None and not names:
        return None
    return verdict is not False and not failures


def _start_text(scenario: Scenario) -> str:
    start = scenario.start
    if start is None:
        return "the start of the pre-game"
    if start.step == "turn":
        return f"Game Turn {start.game_turn}, player {start.player or 1}'s turn"
    return f"the {start.step} step"


def run_scenario(scenario: Scenario, seed: int | None = None) -> CheckRun:
    """Build the game (:func:`game_from_scenario`; ``force_dice`` entries before the first action are
    forced before the start) and apply every entry of ``actions:`` in order. Raises :class:`InputError` as
    :func:`game_from_scenario` does; an illegal action is a record, not an error."""
    opening: list[Forced] = []
    for spec in scenario.actions:
        if spec.force_dice is None:
            break
        opening.extend(forced(spec.force_dice))
    game, ids = _game(scenario, seed, opening)
    start_events = tuple(e.text() for e in game.state.events)
    start_failures = unforced(game.state.dice.log) if scenario.strict else []
    records: list[CheckRecord] = []
    leading = True
    for n, spec in enumerate(scenario.actions):
        line = scenario.action_lines[n] if n < len(scenario.action_lines) else None
        if spec.force_dice is not None:
            faces = ", ".join(map(str, spec.force_dice))
            if leading:
                note = "forced before the start"
            else:
                game.force_dice(*forced(spec.force_dice))
                note = "the next dice rolled take these results"
            records.append(CheckRecord(n, line, "dice", f"force dice {faces}", True, (), (note,)))
            continue
        leading = False
        records.append(_entry(scenario, game, ids, n, line, spec))

    failures = [*start_failures, *compare_state(game, ids, scenario)]
    if scenario.strict:
        failures += left_over(game, "at the end")
    gaps = rule_gaps(_in_play(scenario))
    return CheckRun(scenario, game, ids, _start_text(scenario), start_events, tuple(records), tuple(failures), gaps)


def _in_play(scenario: Scenario) -> tuple[Army, Army]:
    """The armies with only the units the scenario places (on the table, embarked, in Reserves, held back, joined);
    both whole when it places none (a scenario that starts before deployment)."""
    placed = {(p.player, p.unit.id) for p in scenario.placements if p.status is not Status.UNDEPLOYED or p.joined_to}
    if not placed:
        return scenario.armies

    def only(army: Army, player: int) -> Army:
        kept = [replace(d, units=tuple(u for u in d.units if (player, u.id) in placed)) for d in army.detachments]
        return replace(army, detachments=tuple(kept))

    return only(scenario.armies[0], 1), only(scenario.armies[1], 2)


def _question(
    n: int, line: int | None, spec: ActionSpec, text: str, answer: bool, reasons: tuple[Reason, ...]
) -> CheckRecord:
    met = _met(spec, answer, reasons)
    return CheckRecord(n, line, "question", text, answer, reasons, (), _expected(spec), spec.expect_reason, met,
                       verdict_met=met)  # fmt: skip


def _expected(spec: ActionSpec) -> str | None:
    """How a record echoes ``expect`` (``true``/``false`` of a question as ``yes``/``no``)."""
    if isinstance(spec.expect, bool):
        return "yes" if spec.expect else "no"
    return spec.expect


def _entry(scenario: Scenario, game: Game, ids: Ids, n: int, line: int | None, spec: ActionSpec) -> CheckRecord:
    player = spec.player or 1
    if spec.verb == "may_charge":
        assert spec.subject is not None
        uid = ids.unit(player, spec.subject)
        answer = ask(game, Query.MAY_CHARGE, uid)
        text = f"P{player} may {uid} declare a Charge? (rules that forbid it; the phase is not checked)"
        return _question(n, line, spec, text, answer.allowed, answer.reasons)
    if spec.verb == "force_org":
        valid, reasons = _force_org_reasons(scenario, spec)
        return _question(n, line, spec, f"P{player} is the army list valid (Force Organisation)?", valid, reasons)
    if spec.has_rule is not None:
        ref = spec.has_rule.unit
        uid = ids.ref(ref) if ":" in ref else ids.unit(player, ref)
        yes, reasons = has_rule(game, uid, spec.has_rule.rule)
        return _question(n, line, spec, f"P{player} does {uid} have {spec.has_rule.rule} now?", yes, reasons)
    action = to_action(game, ids, spec)
    verdict = game.check(action)
    happened: tuple[Event, ...] = ()
    reasons = verdict.reasons
    rolls_before, removed_before = len(game.state.dice.log), removed_models(game)
    if verdict.legal:
        happened = game.apply(action)
    events = tuple(e.text() for e in happened)
    strict = spec.strict if spec.strict is not None else scenario.strict
    trace = trace_since(game, rolls_before, removed_before, happened)
    names, failures = entry_checks(game, spec, trace, strict, lambda want: compare_state(game, ids, want))
    met = _met(spec, verdict.legal, reasons)
    return CheckRecord(n, line, "action", action.text(), verdict.legal, reasons, events, _expected(spec),
                       spec.expect_reason, _all_met(met, names, failures), tuple(LogEntry.of(e) for e in happened),
                       names, failures, met)  # fmt: skip
