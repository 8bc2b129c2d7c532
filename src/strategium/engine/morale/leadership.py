"""Leadership tests, Morale checks and Pinning (CORE_B §6; Pinning p.244; Fearless p.238).

A Leadership test rolls 2D6 and passes when the total is at most the unit's Leadership (the 7th-edition
mechanic that HH2 kept, CORE_B §6.1; the rules configuration ``morale.double_one_passes`` says whether double
1 always passes). The unit uses the highest Leadership among its models (7th-edition convention).

Rules that change the Leadership modifier of some kinds of test register with :func:`leadership_modifier`
(Stubborn ignores negative modifiers on Morale checks and Pinning tests, p.248: :mod:`strategium.rules.unit.stubborn`);
their reasons go into the test's ruling.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from typing import TYPE_CHECKING, NamedTuple

from strategium.catalogue.citations import Reason
from strategium.engine.core import registries
from strategium.engine.core.effects import Duration, EffectKind, EndTrigger
from strategium.engine.core.events import Ruling
from strategium.engine.questions.profiles_now import current
from strategium.engine.questions.queries import Block, Query, ask, blocker
from strategium.model.unit_types import SubType, UnitType

if TYPE_CHECKING:
    from strategium.engine.core.game import Game

PINNING = "Pinning"


def living_models(game: Game, unit_id: str) -> list[str]:
    """Ids of the unit's models that are not casualties."""
    status = game.state.units[unit_id]
    return [m.id for m in game.state.unit(unit_id).models if not status.is_casualty(m.id)]


def leadership(game: Game, unit_id: str) -> int | None:
    """The unit's Leadership: the highest of its living models (None if no model has one)."""
    unit = game.state.unit(unit_id)
    values = []
    for model in unit.models:
        if game.state.units[unit_id].is_casualty(model.id):
            continue
        now = current(game, unit_id, model)
        ld = getattr(now, "ld", None)
        if ld is not None:
            values.append(ld)
    return max(values) if values else None


def is_fearless(game: Game, unit_id: str) -> bool:
    """The unit counts as Fearless: one or more of its living models, its joined Independent Characters' included,
    have Fearless, by rule or Unit Type (Dreadnought, Automata), or the unit or one of those characters has gained
    Fearless from an effect in force (``EffectKind.GRANTS_RULE``: RULINGS MIL-03 "from any source").

    Fearless, rulebook p.238: "units with one or more models with" the rule pass Pinning tests, Regroup tests and
    Morale checks automatically (so a Fearless character joined to a unit carries it while it stays joined: the
    rule itself names the unit; Independent Character, p.241). What is judged per model (Shrouded's bar, Fear)
    asks the model's own rules instead."""
    state = game.state
    for u in (state.unit(unit_id), *state.characters_joined_to(unit_id)):
        alive = living_models(game, u.id)
        if not alive:
            continue
        granted = game.effects_on(u.id, EffectKind.GRANTS_RULE)
        if any(e.rule is not None and e.rule.name == "Fearless" for e in granted):
            return True
        living = set(alive)
        if any(
            m.has_rule("Fearless") or m.profile.unit_type.unit_type in (UnitType.DREADNOUGHT, UnitType.AUTOMATA)
            for m in u.models
            if m.id in living
        ):
            return True
    return False


class LeadershipTest(StrEnum):
    """What a Leadership test is for: some rules change only some kinds (Stubborn: Morale checks and Pinning tests,
    p.248)."""

    MORALE_CHECK = "Morale check"
    PINNING_TEST = "Pinning test"
    REGROUP_TEST = "Regroup test"
    OTHER = "Leadership test"
    """Any other (a Concussive (X) test, p.236)."""


LeadershipModifier = Callable[["Game", str, LeadershipTest, int], tuple[int, Reason] | None]
"""(game, unit id, the kind of test, the Leadership modifier so far) -> (the modifier to use instead, why), or None to
leave it. The modifier is the sum of the test's modifiers (all negative today: the combat result, Shell Shock)."""
_LD_MODIFIERS: list[LeadershipModifier] = []


def leadership_modifier(fn: LeadershipModifier) -> LeadershipModifier:
    """Decorator: register a rule that changes a unit's Leadership modifier on a test (Stubborn, p.248). Each
    registered function sees the modifier the ones before it left, in registration order."""
    _LD_MODIFIERS.append(fn)
    registries.changed()
    return fn


class LeadershipRoll(NamedTuple):
    """A Leadership test rolled: ``passed``, the roll in words (``detail``: ``"4 against Ld 5"``), and the reasons
    of the rules that changed its modifier (``why``, for the caller's event)."""

    passed: bool
    detail: str
    why: tuple[Reason, ...] = ()


def leadership_roll(
    game: Game, unit_id: str, why: str, modifier: int = 0, test: LeadershipTest = LeadershipTest.OTHER
) -> LeadershipRoll:
    """Roll 2D6 against the unit's Leadership plus ``modifier`` (as the :func:`leadership_modifier` rules leave it
    for a ``test``) and log the roll; a unit with no Leadership passes without a roll (``"no Leadership: passed
    automatically"``)."""
    ld = leadership(game, unit_id)
    if ld is None:
        return LeadershipRoll(True, "no Leadership: passed automatically")
    notes: list[Reason] = []
    for fn in _LD_MODIFIERS:
        changed = fn(game, unit_id, test, modifier)
        if changed is not None:
            modifier = changed[0]
            notes.append(changed[1])
    target = ld + modifier
    roll = game.logged(game.state.dice.two_d6(why, who=unit_id))
    passed = roll.total <= target or (game.state.config.morale.double_one_passes and roll.results == (1, 1))
    return LeadershipRoll(passed, f"{roll.total} against Ld {target}", tuple(notes))


def leadership_test(
    game: Game, unit_id: str, why: str, modifier: int = 0, test: LeadershipTest = LeadershipTest.OTHER
) -> bool:
    """Roll 2D6 against the unit's Leadership plus ``modifier``; log the roll and the result (with the reasons of
    the rules that changed the modifier)."""
    unit = game.state.unit(unit_id)
    roll = leadership_roll(game, unit_id, why, modifier, test)
    if roll.detail.startswith("no Leadership"):
        game.log(Ruling(f"{unit.name} has no Leadership: {why} passed automatically"))
    else:
        game.log(Ruling(f"{unit.name}: {why} {'passed' if roll.passed else 'failed'} ({roll.detail})", roll.why))
    return roll.passed


def pinning_test(game: Game, unit_id: str, source: str, modifier: int = 0) -> bool:
    """A Pinning test (p.244): units that may not be Pinned pass; a failed test makes the unit Pinned until the
    end of its controller's next turn or until it is forced to move. ``modifier`` is added to the Leadership
    (Shell Shock (X): -X, p.246). Returns True if the unit is not Pinned."""
    answer = ask(game, Query.MAY_BE_PINNED, unit_id)
    if not answer:
        game.log(Ruling(f"{game.state.unit(unit_id).name} cannot be Pinned ({source})", answer.reasons))
        return True
    if is_fearless(game, unit_id):
        game.log(
            Ruling(
                f"{game.state.unit(unit_id).name} is Fearless: Pinning test passed",
                (Reason.of("Fearless", "passes Pinning tests automatically"),),
            )
        )
        return True
    if leadership_test(game, unit_id, f"Pinning test ({source})", modifier, LeadershipTest.PINNING_TEST):
        return True
    game.add_effect(
        EffectKind.PINNED,
        unit_id,
        Duration.UNTIL_END_OF_CONTROLLERS_NEXT_TURN,
        Reason.of(PINNING, "failed a Pinning test: Pinned until the end of its next turn or until forced to move"),
        ends_on=frozenset({EndTrigger.FORCED_TO_MOVE}),
    )
    return False


# -- who may not be Pinned, and what Pinned forbids (p.244) -----------------------------------------------


@blocker(Query.MAY_BE_PINNED)
def _immune_types(game: Game, unit_id: str) -> Block | None:
    unit = game.state.unit(unit_id)
    immune = {UnitType.CAVALRY, UnitType.VEHICLE, UnitType.KNIGHT, UnitType.TITAN, UnitType.FORTIFICATION}
    for m in unit.models:
        kind = m.profile.unit_type
        if kind.unit_type in immune or kind.has(SubType.MONSTROUS):
            return Block("unit-type", Reason.of(PINNING, f"{kind} models cannot be Pinned"))
    return None


@blocker(Query.MAY_BE_PINNED)
def _already_pinned_or_embarked(game: Game, unit_id: str) -> Block | None:
    from strategium.engine.core.board import Location

    if game.effects_on(unit_id, EffectKind.PINNED):
        return Block("already-pinned", Reason.of(PINNING, "already Pinned"))
    if game.state.units[unit_id].location is Location.EMBARKED:
        return Block("embarked", Reason.of(PINNING, "embarked units cannot be Pinned"))
    return None


Suppressor = Callable[["Game", str, EffectKind], Reason | None]
_SUPPRESSORS: list[Suppressor] = []


def suppressor(fn: Suppressor) -> Suppressor:
    """Decorator: register a rule that makes a unit ignore a status it has (Stupefied ignores Pinned, Blind and
    Concussed, STU-2): the function returns why, or None."""
    _SUPPRESSORS.append(fn)
    registries.changed()
    return fn


def ignored_because(game: Game, unit_id: str, kind: EffectKind) -> Reason | None:
    """Why the unit ignores its status ``kind`` now, or None if nothing lets it."""
    return next((r for fn in _SUPPRESSORS if (r := fn(game, unit_id, kind)) is not None), None)


def status_in_force(game: Game, unit_id: str, kind: EffectKind) -> bool:
    """The unit has a status effect of ``kind`` and no rule lets it ignore it."""
    return bool(game.effects_on(unit_id, kind)) and ignored_because(game, unit_id, kind) is None


def _pinned(game: Game, unit_id: str, what: str) -> Block | None:
    if status_in_force(game, unit_id, EffectKind.PINNED):
        return Block("pinned", Reason.of(PINNING, f"a Pinned unit {what}"))
    return None


@blocker(Query.MAY_MOVE)
def _pinned_no_move(game: Game, unit_id: str) -> Block | None:
    return _pinned(game, unit_id, "cannot move")


@blocker(Query.MAY_RUN)
def _pinned_no_run(game: Game, unit_id: str) -> Block | None:
    return _pinned(game, unit_id, "cannot Run")


@blocker(Query.MAY_CHARGE)
def _pinned_no_charge(game: Game, unit_id: str) -> Block | None:
    return _pinned(game, unit_id, "cannot declare a Charge")


@blocker(Query.MAY_REACT)
def _pinned_no_reaction(game: Game, unit_id: str) -> Block | None:
    return _pinned(game, unit_id, "cannot make Reactions")


@blocker(Query.FULL_BALLISTIC_SKILL)
def _pinned_snap_shots(game: Game, unit_id: str) -> Block | None:
    return _pinned(game, unit_id, "fires only Snap Shots")
