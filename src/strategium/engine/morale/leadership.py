"""Leadership tests, Morale checks and Pinning (CORE_B §6; Pinning p.244; Fearless p.238).

A Leadership test rolls 2D6 and passes when the total is at most the unit's Leadership (the 7th-edition
mechanic that HH2 kept, CORE_B §6.1; the rules configuration ``morale.double_one_passes`` says whether double
1 always passes). The unit uses the highest Leadership among its models (7th-edition convention). Negative
Leadership modifiers are ignored by Stubborn units (p.248).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

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


def leadership_roll(game: Game, unit_id: str, why: str, modifier: int = 0) -> tuple[bool, str]:
    """Roll 2D6 against the unit's Leadership plus ``modifier`` and log the roll; return whether it passed and the
    result in words (``"4 against Ld 5"``, or ``"no Leadership: passed automatically"``), for the caller's event."""
    unit = game.state.unit(unit_id)
    ld = leadership(game, unit_id)
    if ld is None:
        return True, "no Leadership: passed automatically"
    if modifier < 0 and any(m.has_rule("Stubborn") for m in unit.models):
        modifier = 0
    target = ld + modifier
    roll = game.logged(game.state.dice.two_d6(why, who=unit_id))
    passed = roll.total <= target or (game.state.config.morale.double_one_passes and roll.results == (1, 1))
    return passed, f"{roll.total} against Ld {target}"


def leadership_test(game: Game, unit_id: str, why: str, modifier: int = 0) -> bool:
    """Roll 2D6 against the unit's Leadership plus ``modifier``; log the roll and the result."""
    unit = game.state.unit(unit_id)
    passed, detail = leadership_roll(game, unit_id, why, modifier)
    if detail.startswith("no Leadership"):
        game.log(Ruling(f"{unit.name} has no Leadership: {why} passed automatically"))
    else:
        game.log(Ruling(f"{unit.name}: {why} {'passed' if passed else 'failed'} ({detail})"))
    return passed


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
    if leadership_test(game, unit_id, f"Pinning test ({source})", modifier):
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
