"""Legiones Hereticus (Emperor's Children): Lords of Profligacy and Stupefied (Exemplary Battles of the Age of
Darkness vol.1 p.107): clauses STU-1..STU-3 and STU-5..STU-9 of SEED_RULES.md, the shooting side.

Paraphrase and where each clause lives:

- STU-1: once a Shooting Attack against a unit whose every model (joined characters included) has this rule is
  resolved, and the unit is not Falling Back, its controller may declare it Stupefied (a unit already Stupefied:
  ``statuses.stupefied_reselect``, contested; refused by default): a :class:`BattleChoice`
  (options "become Stupefied" / "decline") set by a hook on
  :class:`~strategium.engine.shooting.declare.ShootingAttackResolved`; the tests that attack causes (Pinning, Morale)
  wait for the answer.
- STU-2: while Stupefied the unit ignores Pinned, Blind and Concussed it had when it became Stupefied (a
  suppressor: the statuses stay recorded and apply again if Stupefied ends first). Blind or Concussed gained
  afterwards apply unless ``statuses.stupefied_ignores_later_blind_concussive`` says otherwise (contested; the
  ruling made when such a status is gained cites it).
- STU-3: Snap Shots only (``Query.FULL_BALLISTIC_SKILL`` blocker) and no Reactions (``Query.MAY_REACT`` blocker).
- STU-5: +1 Strength for its models (a modifier source; weapons of fixed Strength are unchanged).
- STU-6: the Stupefied roll is a Damage Mitigation roll made in :mod:`strategium.combat.mitigation`; the engine
  marks the target Stupefied when it builds the target unit (:mod:`strategium.engine.attacks.damage`).
- STU-7: it lasts until the end of its controller's following turn
  (``Duration.UNTIL_END_OF_CONTROLLERS_NEXT_TURN``). Made during the controller's own turn, the configuration
  ``statuses.stupefied_own_turn_expiry`` says whether that is the next own turn (default, RULINGS STU-07 B) or the
  end of the current one.
- STU-8: no Morale checks in the Movement or Shooting phase (``Query.TAKES_MORALE_CHECKS``) and it cannot be
  Pinned (``Query.MAY_BE_PINNED``).
- STU-9: it ends when the unit is forced to move, e.g. by Falling Back (``EndTrigger.FORCED_TO_MOVE``).

STU-4, STU-10..STU-12 (Charges and the Assault phase) wait for the Assault phase.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from strategium.army.army import Model
from strategium.catalogue.citations import Reason
from strategium.combat.sources import configured
from strategium.engine.attacks import damage
from strategium.engine.core.effects import Duration, Effect, EffectKind, EndTrigger
from strategium.engine.core.events import EffectApplied, Ruling
from strategium.engine.core.hooks import on_event
from strategium.engine.core.timing import Phase
from strategium.engine.morale import checks as morale_checks
from strategium.engine.morale.leadership import suppressor
from strategium.engine.questions import choices
from strategium.engine.questions.choices import BattleChoice
from strategium.engine.questions.profiles_now import Modifier, effect_modifier_source
from strategium.engine.questions.queries import Block, Query, blocker
from strategium.engine.shooting.declare import ShootingAttackResolved

if TYPE_CHECKING:
    from strategium.engine.core.game import Game

RULE = "Legiones Hereticus (Emperor's Children)"
TOPIC = "Stupefied"
BECOME, DECLINE = "become Stupefied", "decline"
RESELECT = "statuses.stupefied_reselect"
LATER = "statuses.stupefied_ignores_later_blind_concussive"
IGNORED = (EffectKind.PINNED, EffectKind.BLIND, EffectKind.CONCUSSED)


def reason(clause: str, text: str) -> Reason:
    """A ruling under Legiones Hereticus (Emperor's Children), naming the clause."""
    return Reason.of(RULE, f"{clause}: {text}")


def host(game: Game, unit_id: str) -> str:
    """The unit whose status counts: the unit a character has joined, else the unit itself."""
    return game.state.units[unit_id].joined_to or unit_id


def is_stupefied(game: Game, unit_id: str) -> bool:
    """The unit (or the unit its character has joined) is Stupefied now."""
    return bool(game.effects_on(host(game, unit_id), EffectKind.STUPEFIED))


def why_not_eligible(game: Game, unit_id: str) -> Reason | None:
    """STU-1: why the unit may not become Stupefied now, or None if it may."""
    models = damage.living(game, unit_id)
    if not models:
        return reason("STU-1", "the unit has no models left")
    lacking = [m.name for _, m in models if not m.has_rule(RULE)]
    if lacking:
        return reason("STU-1", f"not every model has the rule ({', '.join(sorted(set(lacking)))} does not)")
    if game.effects_on(unit_id, EffectKind.FALLING_BACK):
        return reason("STU-1", "a Falling Back unit cannot become Stupefied")
    if is_stupefied(game, unit_id) and game.state.config.statuses.stupefied_reselect == "refused":
        return configured(game.state.config, RESELECT, "STU-1: the unit is already Stupefied")
    return None


@on_event(ShootingAttackResolved)
def _offer(game: Game, event: ShootingAttackResolved) -> None:
    """STU-1: offer the choice to the target's controller after the attack is resolved."""
    uid = event.target_id
    if not any(m.has_rule(RULE) for _, m in damage.living(game, uid)):
        return
    refused = why_not_eligible(game, uid)
    if refused is not None:
        game.log(Ruling(f"{event.target_name} cannot become Stupefied", (refused,)))
        return
    why = reason("STU-1", "after a Shooting Attack against it is resolved, its controller may declare it Stupefied")
    prompt = f"Declare {event.target_name} Stupefied?"
    choices.ask(game, game.state.owner(uid), TOPIC, uid, prompt, (BECOME, DECLINE), why, context=event)


@choices.answers(TOPIC)
def _answer(game: Game, choice: BattleChoice, option: str) -> None:
    if option == BECOME:
        become_stupefied(game, choice.subject)
    else:
        game.log(Ruling(f"player {choice.player} declines: {game.state.unit(choice.subject).name} is not Stupefied"))
    if isinstance(choice.context, ShootingAttackResolved):
        morale_checks.after_attack(game, choice.context)


def become_stupefied(game: Game, unit_id: str) -> Effect:
    """Make the unit Stupefied now (STU-7 duration, STU-9 end on a forced move); logs what it ignores (STU-2)."""
    s = game.state
    own_turn = s.clock.active_player == s.owner(unit_id)
    setting = s.config.statuses.stupefied_own_turn_expiry
    duration = Duration.UNTIL_END_OF_CONTROLLERS_NEXT_TURN
    why = reason("STU-7", "Stupefied until the end of its controlling player's following turn, or a forced move")
    if own_turn:
        if setting == "end_of_current_turn":
            duration = Duration.UNTIL_END_OF_TURN
        game.log(
            Ruling(
                "Stupefied during its controller's own turn",
                (configured(s.config, "statuses.stupefied_own_turn_expiry", f"it lasts {duration.value}"),),
            )
        )
    if game.effects_on(unit_id, EffectKind.STUPEFIED):  # declared again (statuses.stupefied_reselect: restarts)
        s.effects = tuple(e for e in s.effects if not (e.unit_id == unit_id and e.kind is EffectKind.STUPEFIED))
        text = "STU-1, STU-7: declared Stupefied again: the status starts again from now"
        game.log(Ruling(f"{s.unit(unit_id).name} is Stupefied again", (configured(s.config, RESELECT, text),)))
    effect = game.add_effect(
        EffectKind.STUPEFIED, unit_id, duration, why, ends_on=frozenset({EndTrigger.FORCED_TO_MOVE})
    )
    ignored = [k.value for k in IGNORED if game.effects_on(unit_id, k)]
    if ignored:
        game.log(Ruling(f"{s.unit(unit_id).name} ignores {', '.join(ignored)}", (reason("STU-2", "while Stupefied"),)))
    return effect


# -- what Stupefied does ------------------------------------------------------------------------------------


def _gained_after(game: Game, unit_id: str, kind: EffectKind) -> bool:
    """Whether the unit has an effect of ``kind`` made after it became Stupefied (effect ids grow with time)."""
    stupefied = game.effects_on(host(game, unit_id), EffectKind.STUPEFIED)
    since = min((e.id for e in stupefied), default=0)
    return any(e.id > since for e in game.effects_on(unit_id, kind))


@suppressor
def _stu_2(game: Game, unit_id: str, kind: EffectKind) -> Reason | None:
    if kind not in IGNORED or not is_stupefied(game, unit_id):
        return None
    config = game.state.config
    if kind is not EffectKind.PINNED and _gained_after(game, unit_id, kind):
        if not config.statuses.stupefied_ignores_later_blind_concussive:
            return None
        return configured(config, LATER, f"STU-2: {kind.value}, gained while Stupefied, is ignored too")
    return reason("STU-2", f"{kind.value} is ignored while Stupefied")


@on_event(EffectApplied)
def _later_status(game: Game, event: EffectApplied) -> None:
    """STU-2: say whether Blind or Concussed gained by a unit that is already Stupefied applies."""
    effect = event.effect
    if effect.kind not in (EffectKind.BLIND, EffectKind.CONCUSSED) or not is_stupefied(game, effect.unit_id):
        return
    config = game.state.config
    ignored = config.statuses.stupefied_ignores_later_blind_concussive
    verdict = "is ignored" if ignored else "applies: only what it had when it became Stupefied is ignored"
    text = f"STU-2: {effect.kind.value} gained while Stupefied {verdict}"
    game.log(Ruling(f"{event.unit_name}: {effect.kind.value} while Stupefied", (configured(config, LATER, text),)))


def _block(game: Game, unit_id: str, clause: str, text: str) -> Block | None:
    if is_stupefied(game, unit_id):
        return Block("stupefied", reason(clause, text))
    return None


@blocker(Query.FULL_BALLISTIC_SKILL)
def _stu_3_snap_shots(game: Game, unit_id: str) -> Block | None:
    return _block(game, unit_id, "STU-3", "a Stupefied unit fires only Snap Shots")


@blocker(Query.MAY_REACT)
def _stu_3_no_reactions(game: Game, unit_id: str) -> Block | None:
    return _block(game, unit_id, "STU-3", "a Stupefied unit makes no Reactions in any phase")


@blocker(Query.MAY_BE_PINNED)
def _stu_8_not_pinned(game: Game, unit_id: str) -> Block | None:
    return _block(game, unit_id, "STU-8", "a Stupefied unit cannot be Pinned")


@blocker(Query.TAKES_MORALE_CHECKS)
def _stu_8_no_morale(game: Game, unit_id: str) -> Block | None:
    if game.state.clock.phase not in (Phase.MOVEMENT, Phase.SHOOTING):
        return None
    return _block(game, unit_id, "STU-8", "a Stupefied unit takes no Morale checks in the Movement or Shooting phase")


@effect_modifier_source(EffectKind.STUPEFIED, on_unit=True)
def _stu_5_strength(game: Game, unit_id: str, model: Model) -> list[Modifier]:
    if not is_stupefied(game, unit_id):
        return []
    return [Modifier("s", reason("STU-5", "+1 Strength while Stupefied"), add=1)]
