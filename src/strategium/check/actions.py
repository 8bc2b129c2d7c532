"""A scenario's turn actions and turn expectations (``strategium check`` during the battle).

:func:`turn_action` turns the scenario verbs of a Player Turn (``move``, ``run``, ``embark``, ``disembark``,
``arrive``, ``entry_edge``, ``shoot``, ``charge``, ``charge_move``, ``fight``, ``consolidate``) into the engine's
actions; :func:`start_effects` puts the effects a scenario lists per unit (``effects:``) in force before the first
turn begins; :func:`turn_state_failures` compares the turn expectations of ``expect_state`` (``clock``,
``casualties``, ``wounds_lost``, ``locked``); :class:`LogEntry` is one line of the referee's log. Positions are
inches; headings degrees anticlockwise from east; a position without a heading keeps the model's heading (or
faces the enemy's zone when it has none yet).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from strategium.army.army import Unit
from strategium.catalogue.citations import Reason
from strategium.catalogue.registry import RuleRef, find_rule, get_rule_def
from strategium.engine.assault import charges
from strategium.engine.assault.consolidation import Consolidate
from strategium.engine.assault.fight import FightCombat
from strategium.engine.core.actions import Action
from strategium.engine.core.board import Location, Placement, Pose
from strategium.engine.core.effects import Duration, EffectKind, EndTrigger
from strategium.engine.core.events import DiceRolled, Event, StepStarted, TurnEnded, TurnStarted
from strategium.engine.core.timing import PlayerId, opponent
from strategium.engine.movement.move import Move, Run
from strategium.engine.movement.reserves import Arrive, ChooseEntryEdge
from strategium.engine.movement.transports import Disembark, Embark
from strategium.engine.pregame import deployment
from strategium.engine.shooting.declare import Shoot
from strategium.scenario.aims import aims
from strategium.scenario.placing import default_heading
from strategium.scenario.spec import ActionSpec, EffectSpec, ExpectStateSpec

if TYPE_CHECKING:
    from strategium.engine.core.game import Game

TURN_VERBS = ("move", "run", "embark", "disembark", "arrive", "entry_edge", "shoot", "charge", "charge_move", "fight",
              "consolidate")  # fmt: skip
"""The ``actions:`` verbs of a Player Turn (the rest are pre-game verbs, ``choose``, ``end_step`` and questions)."""

SCENARIO = "Scenario set-up"

STATUSES: dict[str, tuple[EffectKind, Duration, frozenset[EndTrigger], str]] = {
    "Stupefied": (
        EffectKind.STUPEFIED,
        Duration.UNTIL_END_OF_CONTROLLERS_NEXT_TURN,
        frozenset({EndTrigger.FORCED_TO_MOVE}),
        "Legiones Hereticus (Emperor's Children)",
    ),
    "Pinned": (
        EffectKind.PINNED,
        Duration.UNTIL_END_OF_CONTROLLERS_NEXT_TURN,
        frozenset({EndTrigger.FORCED_TO_MOVE}),
        "Pinning",
    ),
    "Falling Back": (EffectKind.FALLING_BACK, Duration.PERMANENT, frozenset(), ""),
    "Blind": (EffectKind.BLIND, Duration.UNTIL_END_OF_CONTROLLERS_NEXT_TURN, frozenset(), "Blind"),
    "cannot declare a Charge": (EffectKind.CANNOT_CHARGE, Duration.UNTIL_END_OF_CONTROLLERS_NEXT_TURN, frozenset(), ""),
}
"""Each status an ``effects:`` entry may name: its kind, usual duration, early ends, and the rule cited."""

DURATIONS = {d.name.lower(): d for d in Duration}
"""``effects:`` durations by their snake-case names (``until_start_of_controllers_next_turn``, ...)."""


class UnitIds(Protocol):
    """How scenario unit ids become the game's (:class:`strategium.scenario.armies.Ids`)."""

    def unit(self, player: int, unit_id: str) -> str: ...

    def place(self, player: int, target: str) -> str: ...

    def ref(self, ref: str) -> str: ...


# -- actions ------------------------------------------------------------------------------------------------


def _poses(game: Game, units: Sequence[Unit], coords: Sequence[Sequence[float]], player: int) -> Placement:
    """Model id → pose for the models of ``units`` still in play, in order; a coordinate without a heading keeps
    the model's current heading. Positions beyond the models get ids the engine reports as not in the unit."""
    s = game.state
    fallback = default_heading(s.battlefield, player)
    models: list[tuple[str, float]] = []
    for unit in units:
        status = s.units[unit.id]
        for m in unit.models:
            if status.is_casualty(m.id):
                continue
            pose = status.poses.get(m.id)
            models.append((m.id, pose.heading if pose is not None else fallback))
    models += [(f"extra-{n + 1}", fallback) for n in range(len(coords) - len(models))]
    return tuple(
        (mid, Pose(c[0], c[1], c[2] if len(c) == 3 else heading))
        for (mid, heading), c in zip(models, coords, strict=False)
    )


def turn_action(game: Game, ids: UnitIds, spec: ActionSpec) -> Action:
    """The engine action of a turn verb (:data:`TURN_VERBS`); ``spec`` has passed the schema and the unit checks."""
    s = game.state
    player: PlayerId = spec.player or 1
    verb = spec.verb
    if verb == "entry_edge":
        assert spec.entry_edge is not None
        return ChooseEntryEdge(player, spec.entry_edge)
    assert spec.subject is not None
    uid = ids.unit(player, spec.subject)
    coords = spec.positions or ()
    targets = tuple(ids.unit(opponent(player), t) for t in spec.target or ())
    if verb in ("move", "run"):
        placed = _poses(game, deployment.party(s, uid), coords, player)
        if verb == "run":
            return Run(player, uid, placed)
        joining = ids.unit(player, spec.joining) if spec.joining is not None else None
        return Move(player, uid, placed, joining)
    if verb == "embark":
        assert spec.embark_in is not None
        return Embark(player, uid, ids.place(player, spec.embark_in))
    if verb == "disembark":
        return Disembark(player, uid, _poses(game, deployment.party(s, uid), coords, player))
    if verb == "arrive":
        inside = ids.place(player, spec.embark_in) if spec.embark_in is not None else None
        placed = _poses(game, deployment.party(s, uid), coords, player)
        return Arrive(player, uid, placed, inside, spec.edge, bool(spec.as_run))
    if verb == "shoot":
        blast_at, template_at = aims(game, uid, targets[0], spec.blast_at, spec.template_at)
        return Shoot(
            player,
            uid,
            targets[0],
            weapons=_weapons(s.unit(uid), spec),
            mitigation=spec.mitigation,
            blast_at=blast_at,
            template_at=template_at,
        )
    if verb == "charge":
        return charges.DeclareCharge(player, uid, targets)
    if verb == "charge_move":
        return charges.ChargeMove(player, uid, _poses(game, charges.party(game, uid), coords, player))
    if verb == "consolidate":
        return Consolidate(player, uid, _poses(game, deployment.party(s, uid), coords, player))
    return FightCombat(player, uid)


def _weapons(unit: Unit, spec: ActionSpec) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """``weapons:`` (``*``, a model's number from 1, or its id in the army) as (game model id, weapon names), in the
    unit's model order; a model given by number or id overrides ``*``."""
    chosen = spec.weapons or {}
    out: list[tuple[str, tuple[str, ...]]] = []
    for n, model in enumerate(unit.models, start=1):
        own = next((v for k, v in chosen.items() if k == str(n) or model.id in (k, f"1:{k}", f"2:{k}")), None)
        names = own if own is not None else chosen.get("*")
        if names is not None:
            out.append((model.id, names))
    return tuple(out)


# -- effects in force at the start -------------------------------------------------------------------------------


def start_effects(game: Game, unit_id: str, effects: Sequence[EffectSpec]) -> None:
    """Put each ``effects:`` entry in force on the unit now (before the first Player Turn of the scenario begins,
    so it counts as made in the turn before). Statuses take their usual duration and early ends (Stupefied and
    Pinned end if the unit is forced to move); a rule name grants that rule (``permanent`` unless a duration is
    given). Each effect cites its rule and says it comes from the scenario."""
    for entry in effects:
        duration = DURATIONS[entry.duration] if entry.duration is not None else None
        status = STATUSES.get(entry.effect)
        if status is not None:
            kind, usual, ends_on, rule_name = status
            reason = _reason(rule_name or entry.effect, f"{entry.effect} when the scenario begins")
            game.add_effect(kind, unit_id, duration or usual, reason, ends_on=ends_on)
            continue
        rule = find_rule(entry.effect)
        assert isinstance(rule, RuleRef)  # the schema has checked the name
        reason = _reason(rule.name, f"gains {rule} when the scenario begins")
        game.add_effect(EffectKind.GRANTS_RULE, unit_id, duration or Duration.PERMANENT, reason, rule=rule)


def _reason(rule_name: str, text: str) -> Reason:
    try:
        definition = get_rule_def(rule_name)
    except Exception:  # a status without a registered rule (Falling Back, cannot declare a Charge)
        return Reason(SCENARIO, text)
    return Reason(definition.name, text, definition.page, definition.book)


def effect_text(kind: EffectKind, rule: RuleRef | None, duration: Duration) -> str:
    """How ``expect_state.effects`` writes an effect: ``"KIND, DURATION"``, a gained rule ``"gains RULE, ..."``."""
    what = f"gains {rule}" if kind is EffectKind.GRANTS_RULE and rule is not None else kind.value
    return f"{what}, {duration.value}"


# -- the referee's log -------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class LogEntry:
    """One line of a referee's log: ``kind`` is ``step`` (a turn or step begins or ends), ``roll`` (dice rolled,
    with what for and the results) or ``event`` (anything else that happened); ``reasons`` the rulings behind it
    (rule, book, page), those whose words ``text`` already holds left out."""

    kind: str
    text: str
    reasons: tuple[Reason, ...] = ()

    @classmethod
    def of(cls, event: Event) -> LogEntry:
        """The log entry of an engine event."""
        text = event.text().strip()
        if isinstance(event, StepStarted | TurnStarted | TurnEnded):
            return cls("step", text)
        if isinstance(event, DiceRolled):
            return cls("roll", text.removeprefix("roll: "))
        shown: list[Reason] = []
        for r in event.reasons:
            if r.text not in text and r not in shown:
                shown.append(r)
        return cls("event", text, tuple(shown))

    def to_json(self) -> dict[str, Any]:
        """``{kind, text, reasons}`` as ``docs/check-json.md`` describes it."""
        return {"kind": self.kind, "text": self.text, "reasons": [r.to_json() for r in self.reasons]}


# -- turn expectations --------------------------------------------------------------------------------------------


def turn_state_failures(game: Game, ids: UnitIds, expect: ExpectStateSpec) -> list[str]:
    """Where the game differs from ``expect_state``'s ``clock``, ``casualties``, ``wounds_lost`` and ``locked``."""
    s = game.state
    out: list[str] = []
    if expect.clock is not None and str(s.clock) != expect.clock:
        out.append(f"clock: expected {expect.clock!r}, is {str(s.clock)!r}")
    for ref, count in expect.casualties.items():
        status = s.units[ids.ref(ref)]
        if len(status.casualties) != count:
            out.append(f"{ref}: {count} casualties expected, {len(status.casualties)} removed")
    for ref, lost in expect.wounds_lost.items():
        status = s.units[ids.ref(ref)]
        have = sum(n for mid, n in status.wounds_lost.items() if not status.is_casualty(mid))
        if have != lost:
            out.append(f"{ref}: {lost} Wounds lost expected, {have} lost by its models in play")
    for ref, others in expect.locked.items():
        uid = ids.ref(ref)
        wanted = sorted(ids.ref(o) for o in others)
        engaged = sorted(charges.engaged_with(game, uid))
        if wanted != engaged:
            out.append(f"{ref}: locked in combat with {wanted or 'no unit'} expected, is with {engaged or 'no unit'}")
        if s.units[uid].location is Location.DESTROYED and wanted:
            out.append(f"{ref}: destroyed")
    return out
