"""The Resolution sub-phase: who won each combat fought this turn, the loser's Morale checks, Fall Back, Sweeping
Advance (CORE_B §5.6, §6; Age of Darkness rulebook, Assault phase).

When the step begins, combats left unfought are fought (:func:`strategium.engine.assault.fight.fight_remaining`), then
each
combat fought this turn is resolved in the order it was fought:

1. **Combat result**: each side scores the Wounds its units caused in the combat this turn (Hull Points against
   vehicles; ``fight.mitigated_wounds_count``) plus the bonuses of rules registered with :func:`combat_bonus`.
   The higher score wins; equal scores are a draw and nothing more happens.
2. **Morale check** for each losing unit that takes them (``Query.TAKES_MORALE_CHECKS``: Vehicles do not; a
   Stupefied unit does in the Assault phase, STU-12): 2D6 against its Leadership, minus the difference in scores
   (``morale.combat_ld_penalty``); Fearless passes (p.238). Rules registered with :func:`morale_note` add their
   ruling to the check (STU-12).
3. A unit that fails **Falls Back** unless caught by a **Sweeping Advance**: the winners that may sweep
   (``Query.MAY_SWEEP``: not Vehicles, Knights, Titans, Artillery, nor units a rule bars, e.g. Slow and
   Purposeful) roll one D6 + their highest Initiative (``morale.sweeping_advance_initiative``) against the loser's
   D6 + Initiative; the winners equal or beat it and the loser is destroyed, else it Falls Back
   (:func:`strategium.engine.morale.checks.fall_back`: a forced move, which ends Pinned and Stupefied, STU-9 /
   STU-12). Either way it is no longer locked in combat.
4. Units whose enemies are all gone are no longer locked in combat. They may then make a Consolidation move
   (:mod:`strategium.engine.assault.consolidation`, whose step hook runs after this module's): the reactive player's
   units
   first, through a choice, then the active player's, before it ends the step.

Militia's special morale (a Falling Back Militia unit charged is destroyed; one locked and charged again tests at
once) is applied when the Charge lands (:mod:`strategium.engine.assault.charge_moves`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from strategium.catalogue.citations import Reason
from strategium.combat.sources import configured, core
from strategium.engine.assault.charges import disengage, engaged_with, track
from strategium.engine.assault.fight import Combat, fight_remaining
from strategium.engine.assault.fighter import initiative_now
from strategium.engine.attacks import damage
from strategium.engine.core import registries
from strategium.engine.core.board import Location
from strategium.engine.core.events import Event, Ruling
from strategium.engine.core.hooks import on_step
from strategium.engine.core.timing import Phase, PlayerId, SubPhase
from strategium.engine.morale.checks import MORALE, MoraleCheckTaken, fall_back
from strategium.engine.morale.leadership import LeadershipTest, is_fearless, leadership_roll
from strategium.engine.questions.queries import Block, Query, ask, blocker
from strategium.model.unit_types import SubType, UnitType

if TYPE_CHECKING:
    from strategium.engine.core.game import Game

RESOLUTION = "Resolution sub-phase"
SWEEP = "Sweeping Advance"

CombatBonus = Callable[["Game", str], tuple[int, Reason] | None]
"""(game, a unit of the combat) -> (bonus to its side's score, why), or None."""
_BONUSES: list[CombatBonus] = []

MoraleNote = Callable[["Game", str], Reason | None]
"""(game, a losing unit) -> a ruling to add to its combat Morale check, or None."""
_NOTES: list[MoraleNote] = []


def combat_bonus(fn: CombatBonus) -> CombatBonus:
    """Decorator: register a bonus to a side's combat result (standards, Legiones Hereticus...)."""
    _BONUSES.append(fn)
    registries.changed()
    return fn


def morale_note(fn: MoraleNote) -> MoraleNote:
    """Decorator: register a ruling added to a losing unit's Morale check."""
    _NOTES.append(fn)
    registries.changed()
    return fn


@dataclass(frozen=True)
class CombatResult(Event):
    """The result of one combat: each side's score; ``winner`` None for a draw."""

    units: Combat
    scores: tuple[tuple[PlayerId, int], ...]
    winner: PlayerId | None
    why: tuple[Reason, ...] = ()

    def text(self) -> str:
        shown = ", ".join(f"player {p} {n}" for p, n in self.scores)
        end = f"player {self.winner} wins" if self.winner is not None else "a draw"
        return f"Combat of {', '.join(self.units)}: {shown}: {end}"

    @property
    def reasons(self) -> tuple[Reason, ...]:
        return self.why


@dataclass(frozen=True)
class SweepingAdvance(Event):
    """A Sweeping Advance: the winners' total against the loser's; ``caught`` if the loser is destroyed."""

    loser_name: str
    winners: int
    loser: int
    caught: bool
    why: tuple[Reason, ...] = ()

    def text(self) -> str:
        end = "caught and destroyed" if self.caught else "escapes"
        return f"Sweeping Advance: {self.winners} against {self.loser_name}'s {self.loser}: {end}"

    @property
    def reasons(self) -> tuple[Reason, ...]:
        return self.why


def side_score(game: Game, combat: Combat, player: PlayerId) -> tuple[int, list[Reason]]:
    """A side's combat result: Wounds its units caused this turn plus registered bonuses."""
    scores = track(game).scores
    units = [u for u in combat if game.state.owner(u) == player]
    total = sum(scores.get(u, 0) for u in units)
    why = [core(RESOLUTION, f"player {player}'s units caused {total} Wounds")]
    for fn in _BONUSES:
        for u in units:
            bonus = fn(game, u)
            if bonus is not None:
                total += bonus[0]
                why.append(bonus[1])
    return total, why


def combat_morale_check(game: Game, unit_id: str, difference: int) -> bool:
    """The losing unit's Morale check (see the module docstring, item 2); True if passed or not taken."""
    s = game.state
    unit = s.unit(unit_id)
    cause = "lost a combat"
    answer = ask(game, Query.TAKES_MORALE_CHECKS, unit_id)
    if not answer:
        game.log(Ruling(f"{unit.name} takes no Morale check ({cause})", answer.reasons))
        return True
    notes = tuple(n for fn in _NOTES if (n := fn(game, unit_id)) is not None)
    if is_fearless(game, unit_id):
        fearless = (*notes, Reason.of("Fearless", "passes Morale checks automatically"))
        game.log(MoraleCheckTaken(unit_id, unit.name, cause, True, fearless))
        return True
    modifier = -difference if s.config.morale.combat_ld_penalty else 0
    roll = leadership_roll(game, unit_id, f"Morale check ({cause})", modifier, LeadershipTest.MORALE_CHECK)
    why = [*notes, core(MORALE, f"2D6 against Leadership: {cause}")]
    if modifier:
        why.append(configured(s.config, "morale.combat_ld_penalty", f"{modifier} Leadership: lost by {difference}"))
    game.log(MoraleCheckTaken(unit_id, unit.name, cause, roll.passed, (*why, *roll.why), roll.detail))
    return roll.passed


def may_sweep(game: Game, unit_id: str) -> bool:
    """The unit may make a Sweeping Advance (CORE_B §5.6): it has living models and no ``Query.MAY_SWEEP`` blocker
    stands (Vehicles, Knights, Titans and Artillery here; special rules, e.g. Slow and Purposeful, as plug-ins)."""
    return bool(damage.living(game, unit_id)) and ask(game, Query.MAY_SWEEP, unit_id).allowed


@blocker(Query.MAY_SWEEP)
def _vehicles_knights_artillery(game: Game, unit_id: str) -> Block | None:
    barred = (UnitType.KNIGHT, UnitType.TITAN)
    for _, m in damage.living(game, unit_id):
        kind = m.profile.unit_type
        if m.profile.has_armour_values or kind.unit_type in barred or kind.has(SubType.ARTILLERY):
            return Block("unit-type", core(SWEEP, f"{kind} models make no Sweeping Advance"))
    return None


def sweep_initiative(game: Game, unit_id: str) -> int:
    """The highest Initiative among the unit's models (profile or current: ``morale.sweeping_advance_initiative``)."""
    modified = game.state.config.morale.sweeping_advance_initiative == "modified"
    values = []
    for uid, m in damage.living(game, unit_id):
        if modified:  # its Initiative now, Sudden Strike's bonus on the turn it charged included (Liber p.124)
            values.append(initiative_now(game, uid, m)[0] or 0)
        else:
            values.append(getattr(m.profile.characteristics, "i", None) or 0)
    return max(values, default=0)


def sweeping_advance(game: Game, loser: str, winners: list[str]) -> None:
    """Winners that may sweep roll against the loser: caught, it is destroyed; else it Falls Back."""
    s = game.state
    sweepers = [w for w in winners if may_sweep(game, w)]
    name = s.unit(loser).name
    if not sweepers:
        fall_back(game, loser, core(MORALE, "lost the combat and failed its Morale check: Falls Back"))
        return
    config = s.config
    best = max(sweep_initiative(game, w) for w in sweepers)
    mine = game.logged(s.dice.d6(f"{SWEEP}: winners (I{best})", who=sweepers[0]))
    own = sweep_initiative(game, loser)
    theirs = game.logged(s.dice.d6(f"{SWEEP}: {name} (I{own})", who=loser))
    caught = mine.total + best >= theirs.total + own
    why = (
        core(SWEEP, f"D6 + Initiative: {mine.total}+{best} against {theirs.total}+{own}"),
        configured(config, "morale.sweeping_advance_initiative", "the Initiative used"),
    )
    game.log(SweepingAdvance(name, mine.total + best, theirs.total + own, caught, why))
    if caught:
        damage.destroy_unit(game, loser)
    else:
        fall_back(game, loser, core(MORALE, "lost the combat and failed its Morale check: Falls Back"))


def resolve_combat(game: Game, combat: Combat) -> None:
    """Resolve one combat fought this turn (see the module docstring)."""
    s = game.state
    units = tuple(u for u in combat if s.units[u].location is Location.TABLE)
    players = (1, 2)
    totals = {p: side_score(game, combat, p) for p in players}
    scores = tuple((p, totals[p][0]) for p in players)
    winner = None if totals[1][0] == totals[2][0] else (1 if totals[1][0] > totals[2][0] else 2)
    why = tuple(r for p in players for r in totals[p][1])
    game.log(CombatResult(combat, scores, winner, why))
    if winner is not None:
        difference = abs(totals[1][0] - totals[2][0])
        for loser in [u for u in units if s.owner(u) != winner]:
            if s.units[loser].location is not Location.TABLE:
                continue
            if combat_morale_check(game, loser, difference):
                continue
            winners = [w for w in sorted(engaged_with(game, loser)) if s.units[w].location is Location.TABLE]
            disengage(game, loser)
            sweeping_advance(game, loser, winners)
    for u in combat:
        if s.units[u].location is not Location.TABLE or not any(
            s.units[e].location is Location.TABLE for e in engaged_with(game, u)
        ):
            disengage(game, u)


@on_step(Phase.ASSAULT, SubPhase.RESOLUTION)
def resolution(game: Game) -> None:
    """Fight what is left, then resolve every combat fought this turn."""
    fight_remaining(game)
    for combat in list(track(game).fought):
        resolve_combat(game, combat)
