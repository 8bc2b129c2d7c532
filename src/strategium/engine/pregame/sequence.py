"""The pre-game (CORE_A §3.1): roll-off for deployment, Reserves declarations, deployment, Infiltrate, Scout,
the first turn and Seize the Initiative. Each step asks its players for decisions through the one loop; what the
available text leaves open comes from the rules configuration and the ruling says so.

Handlers for the pre-game's actions are registered with :mod:`strategium.engine.core.handlers`. The engine
keeps the book's order of the steps; the steps that belong to a special rule (Infiltrate, Scout) are played by
that rule's plug-in, registered with :func:`pregame_step` (a step no rule plays is skipped).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from strategium.army.army import Unit
from strategium.catalogue.citations import Reason
from strategium.catalogue.definitions import Book
from strategium.engine.core import registries
from strategium.engine.core.actions import Choose, EndStep, Verdict
from strategium.engine.core.board import Location
from strategium.engine.core.decisions import Decision, DecisionKind
from strategium.engine.core.events import PreGameStepStarted, RollOffWon, Ruling
from strategium.engine.core.handlers import handles
from strategium.engine.core.pregame_track import PreGameStep
from strategium.engine.core.timing import Phase, PlayerId, opponent
from strategium.engine.pregame import deployment
from strategium.engine.questions import choices

if TYPE_CHECKING:
    from strategium.engine.core.game import Game

FIRST, SECOND = "first", "second"
SEIZE, DECLINE = "seize", "decline"


@dataclass(frozen=True)
class StepRule:
    """A pre-game step that a special rule plays (the Infiltrate and Scout steps, CORE_A §3.1).

    ``begin(game)`` starts it (and moves on when it has nothing to do); ``first_chosen(game, player)`` goes on
    after the roll-off winner chose that ``player`` goes first; ``end_turn(game, player)``, for a step a player
    may end early with ``EndStep``, plays that (None: the step cannot be ended)."""

    begin: Callable[[Game], None]
    first_chosen: Callable[[Game, PlayerId], None]
    end_turn: Callable[[Game, PlayerId], None] | None = None


_STEP_RULES: dict[PreGameStep, StepRule] = {}
_AFTER: dict[PreGameStep, PreGameStep] = {PreGameStep.INFILTRATE: PreGameStep.SCOUT}
"""The rule-played steps in the book's order; after the last, :func:`after_scouts`."""


def pregame_step(step: PreGameStep, rule: StepRule) -> None:
    """Register the plug-in that plays ``step`` (one per step)."""
    _STEP_RULES[step] = rule
    registries.changed()


def begin_step(game: Game, step: PreGameStep) -> None:
    """Begin ``step``; a step that no rule plays is skipped, to the next one."""
    rule = _STEP_RULES.get(step)
    if rule is not None:
        rule.begin(game)
    else:
        step_done(game, step)


def step_done(game: Game, step: PreGameStep) -> None:
    """``step`` is over: begin the next rule-played step, or decide the first turn after the last."""
    after = _AFTER.get(step)
    if after is not None:
        begin_step(game, after)
    else:
        after_scouts(game)


def config_reason(game: Game, name: str) -> Reason:
    """A reason citing one value of the rules configuration, with its confidence."""
    return Reason(f"rules configuration {name}", game.state.config.cite(name), None, Book.CONFIG)


def roll_off(game: Game, why: str) -> PlayerId:
    """Both players roll a D6 (ties re-rolled); every die is logged; returns the winner."""
    result = game.state.dice.roll_off("1", "2", why)
    for a, b in result.rounds:
        game.logged(a)
        game.logged(b)
    winner = int(result.winner)
    game.log(RollOffWon(why, winner, tuple((a.total, b.total) for a, b in result.rounds)))
    return winner


def enter(game: Game, step: PreGameStep) -> None:
    """Start a pre-game step."""
    track = game.state.pregame
    track.step = step
    track.done = set()
    game.log(PreGameStepStarted(step.value))


def ask(game: Game, player: PlayerId, prompt: str, options: tuple[str, ...] = (), reason: Reason | None = None) -> None:
    """Wait for ``player``: a choice among ``options``, or (no options) actions of the current step."""
    kind = DecisionKind.CHOOSE if options else DecisionKind.ACT
    game.state.pregame.turn = player
    game.state.pending = Decision(player, kind, prompt, options, reason)


def alternate(
    game: Game, last: PlayerId, has_turn: Callable[[PlayerId], bool], prompt: str, then: Callable[[Game], None]
) -> None:
    """One unit at a time, players alternating: after ``last`` acted (or at the start), the other player is
    asked next if ``has_turn`` says they still have something to do, else ``last`` again; when neither has,
    ``then`` ends the step (Infiltrate p.242, INF-2; Scout p.246, SCT-6)."""
    for player in (opponent(last), last):
        if has_turn(player):
            ask(game, player, prompt)
            return
    then(game)


# -- the sequence -----------------------------------------------------------------------------------


def begin(game: Game) -> None:
    """Called once by ``Game.new``: the roll-off for deployment."""
    enter(game, PreGameStep.DEPLOYMENT_ROLL)
    winner = roll_off(game, "Deployment")
    why = config_reason(game, "deployment.first_deployer")
    if game.state.config.deployment.first_deployer == "roll_off_winner":
        set_first_deployer(game, winner, why)
    else:
        ask(game, winner, "deploy first or second?", (FIRST, SECOND), why)


def set_first_deployer(game: Game, player: PlayerId, why: Reason) -> None:
    """Record who deploys first and move on to the Reserves declarations."""
    game.state.pregame.first_deployer = player
    game.log(Ruling(f"player {player} deploys first", (why,)))
    enter(game, PreGameStep.RESERVES)
    ask(game, player, "declare Reserves and Independent Characters joining units, then end the step")


def after_reserves(game: Game, player: PlayerId) -> None:
    """``player`` has finished declaring Reserves."""
    track = game.state.pregame
    track.done.add(player)
    if opponent(player) not in track.done:
        ask(game, opponent(player), "declare Reserves and Independent Characters joining units, then end the step")
        return
    enter(game, PreGameStep.DEPLOY)
    assert track.first_deployer is not None
    next_to_deploy(game, opponent(track.first_deployer))


def next_to_deploy(game: Game, last: PlayerId) -> None:
    """After ``last`` placed a unit (or at the start): whose turn it is to deploy, or the next step."""
    s = game.state
    by_unit = s.config.deployment.alternation == "by_unit"
    first = s.pregame.first_deployer
    assert first is not None
    order = (opponent(last), last) if by_unit else (first, opponent(first))
    for player in order:
        if deployment.to_deploy(s, player):
            ask(game, player, "deploy a unit (or hold one back to Infiltrate)")
            return
    begin_step(game, PreGameStep.INFILTRATE)


def choose_order(game: Game, winner: PlayerId, what: str) -> None:
    """The roll-off winner chooses who goes first in an alternating step."""
    ask(game, winner, f"{what}: go first or second?", (FIRST, SECOND))


def after_scouts(game: Game) -> None:
    """Every Scout redeployment is done: decide the first turn, then Seize the Initiative."""
    s = game.state
    enter(game, PreGameStep.SEIZE)
    first_deployer = s.pregame.first_deployer
    assert first_deployer is not None
    if s.config.deployment.first_turn == "roll_off_winner_chooses":
        winner = roll_off(game, "First turn")
        ask(
            game,
            winner,
            "take the first turn or give it?",
            (FIRST, SECOND),
            config_reason(game, "deployment.first_turn"),
        )
        return
    set_first_player(game, first_deployer, config_reason(game, "deployment.first_turn"))


def set_first_player(game: Game, player: PlayerId, why: Reason) -> None:
    """Record who takes the first turn, then let the other player try to Seize the Initiative."""
    s = game.state
    s.first_player = player
    game.log(Ruling(f"player {player} is to take the first turn", (why,)))
    if not s.config.seize_initiative.enabled:
        finish(game)
        return
    ask(
        game,
        opponent(player),
        "try to Seize the Initiative?",
        (SEIZE, DECLINE),
        config_reason(game, "seize_initiative.target"),
    )


def seize(game: Game, player: PlayerId) -> None:
    """``player`` rolls to Seize the Initiative."""
    s = game.state
    target = s.config.seize_initiative.target
    roll = game.logged(s.dice.d6("Seize the Initiative", who=str(player)))
    why = config_reason(game, "seize_initiative.target")
    if roll.total >= target:
        s.first_player = player
        game.log(Ruling(f"player {player} seizes the initiative ({roll.total} against {target}+)", (why,)))
    else:
        game.log(Ruling(f"player {player} fails to seize the initiative ({roll.total} against {target}+)", (why,)))
    finish(game)


def finish(game: Game) -> None:
    """The pre-game is over: Game Turn 1 begins."""
    enter(game, PreGameStep.DONE)
    game.start_battle(game.state.first_player)


# -- Choose and EndStep in the pre-game ----------------------------------------------------------------


def _check_choose(game: Game, action: Choose) -> Verdict:
    if game.state.clock.phase is not Phase.PRE_GAME:
        return choices.check_choice(game, action)  # a choice during the battle (engine/questions/choices.py)
    pending = game.pending
    assert pending is not None
    if pending.kind is not DecisionKind.CHOOSE:
        return Verdict(False, (Reason("Pre-game", "no choice is pending: act, or end the step"),))
    if action.option not in pending.options:
        return Verdict(False, (Reason("Pre-game", f"choose one of: {', '.join(pending.options)}"),))
    return Verdict(True)


def _apply_choose(game: Game, action: Choose) -> None:
    if game.state.clock.phase is not Phase.PRE_GAME:
        choices.apply_choice(game, action)
        return
    s = game.state
    step = s.pregame.step
    me, other = action.player, opponent(action.player)
    chosen = me if action.option in (FIRST, SEIZE) else other
    if step is PreGameStep.DEPLOYMENT_ROLL:
        set_first_deployer(game, chosen, Reason("Deployment", f"player {me} won the roll-off and chose"))
    elif step in _STEP_RULES:
        _STEP_RULES[step].first_chosen(game, chosen)
    elif step is PreGameStep.SEIZE and action.option in (FIRST, SECOND):
        set_first_player(game, chosen, Reason("First turn", f"player {me} won the roll-off and chose"))
    elif step is PreGameStep.SEIZE and action.option == SEIZE:
        seize(game, me)
    else:
        game.log(Ruling(f"player {me} does not try to Seize the Initiative"))
        finish(game)


def check_end_step(game: Game, action: EndStep) -> Verdict:
    """EndStep in the pre-game: finishes the Reserves declarations or a player's Scout redeployments."""
    step = game.state.pregame.step
    if step is PreGameStep.RESERVES:
        return Verdict(True)
    rule = _STEP_RULES.get(step)
    if rule is not None and rule.end_turn is not None:
        return Verdict(True)
    if step is PreGameStep.DEPLOY:
        left = ", ".join(u.name for u in deployment.to_deploy(game.state, action.player))
        return Verdict(
            False, (Reason("Deployment", f"every unit must be deployed, held back or in Reserves ({left})"),)
        )
    return Verdict(False, (Reason("Pre-game", "this step cannot be ended now"),))


def apply_end_step(game: Game, action: EndStep) -> None:
    """Apply a legal EndStep in the pre-game."""
    step = game.state.pregame.step
    if step is PreGameStep.RESERVES:
        after_reserves(game, action.player)
        return
    rule = _STEP_RULES.get(step)
    if rule is not None and rule.end_turn is not None:
        rule.end_turn(game, action.player)


def unit_names(units: list[Unit]) -> str:
    """``"A, B and C"``."""
    names = [u.name for u in units]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def locations(game: Game, player: PlayerId) -> dict[Location, int]:
    """How many of the player's units are at each location (for summaries)."""
    out: dict[Location, int] = {}
    for u in game.state.units_of(player):
        loc = game.state.units[u.id].location
        out[loc] = out.get(loc, 0) + 1
    return out


handles(Choose, _check_choose, _apply_choose)
