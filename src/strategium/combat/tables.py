"""The To Hit tables (Ballistic Skill, Weapon Skill) and the Strength-against-Toughness To Wound table.

Sources and confidence (CORE_B §1.3-1.5, §5.5):

- Snap Shots resolve at a set Ballistic Skill, ``shooting.snap_shot_bs`` of the rules configuration
  (default 1, a 2022 rules Q&A); a Primarch keeps its own (rulebook p.196, confirmed).
- BS 6 or more re-rolls failed To Hit rolls: confirmed (Gets Hot, rulebook p.239, refers to it). The exact
  numbers below are the 7th-edition table HH2 was built from (CORE_B marks them UNCONFIRMED-7e):
  BS 1-5 hit on (7 - BS)+; BS 6-10 hit on 2+ and re-roll a miss, hitting then on (12 - BS)+.
- Weapon Skill table (melee): attacker WS above the defender's hits on 3+; defender WS up to twice the
  attacker's, 4+; more than twice, 5+ (UNCONFIRMED-7e).
- To Wound: with d = Strength - Toughness, d >= 2 wounds on 2+, d = 1 on 3+, d = 0 on 4+, d = -1 on 5+,
  d = -2 or -3 on 6+, d <= -4 cannot wound. HH2 uses S against T (confirmed indirectly: Poisoned, Rending,
  Battle-Hardened refer to it); the numbers are UNCONFIRMED-7e.

A D6 result of 1 never succeeds at any of these: every target here is 2+ or more.
All chances are exact :class:`fractions.Fraction` values, for the odds the engine reports.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from strategium.catalogue.citations import Reason
from strategium.combat.sources import PRIMARCH_PAGE, configured, core
from strategium.config import RulesConfig
from strategium.errors import InputError

MAX_SKILL = 10


def success_chance(target: int | None) -> Fraction:
    """The chance that one D6 shows ``target`` or more (0 for ``None``: the roll cannot succeed).

    A target below 2 counts as 2+ (a 1 always fails); above 6, the roll cannot succeed.
    """
    if target is None or target > 6:
        return Fraction(0)
    return Fraction(7 - max(target, 2), 6)


@dataclass(frozen=True)
class HitTarget:
    """What a To Hit roll needs: ``target`` on the first D6; ``reroll_target`` (BS 6+) on the re-roll of a miss."""

    target: int
    reroll_target: int | None = None

    @property
    def chance(self) -> Fraction:
        """Exact chance that one shot hits (re-roll included)."""
        first = success_chance(self.target)
        if self.reroll_target is None:
            return first
        return first + (1 - first) * success_chance(self.reroll_target)

    def __str__(self) -> str:
        if self.reroll_target is None:
            return f"{self.target}+"
        return f"{self.target}+, re-roll misses needing {self.reroll_target}+"


def _check_skill(value: int, field: str) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_SKILL:
        raise InputError(f"{field} must be a whole number from 1 to {MAX_SKILL}, not {value!r}", field=field)


def shooting_hit_target(bs: int) -> HitTarget:
    """The To Hit target for Ballistic Skill ``bs`` (1-10). Raises ``InputError`` outside 1-10.

    >>> str(shooting_hit_target(4)), str(shooting_hit_target(7))
    ('3+', '2+, re-roll misses needing 5+')
    """
    _check_skill(bs, "BS")
    if bs <= 5:
        return HitTarget(7 - bs)
    return HitTarget(2, 12 - bs)


def melee_hit_target(attacker_ws: int, defender_ws: int) -> int:
    """The To Hit target in close combat for WS ``attacker_ws`` against WS ``defender_ws`` (both 1-10).

    Raises ``InputError`` outside 1-10.
    """
    _check_skill(attacker_ws, "WS")
    _check_skill(defender_ws, "WS")
    if attacker_ws > defender_ws:
        return 3
    if defender_ws > 2 * attacker_ws:
        return 5
    return 4


def wound_target(strength: int, toughness: int) -> int | None:
    """The To Wound target for Strength against Toughness (both at least 1); ``None`` if it cannot wound.

    Raises ``InputError`` for a Strength or Toughness below 1.
    """
    for value, field in ((strength, "Strength"), (toughness, "Toughness")):
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise InputError(f"{field} must be a whole number of at least 1, not {value!r}", field=field)
    difference = strength - toughness
    if difference >= 2:
        return 2
    if difference <= -4:
        return None
    return {1: 3, 0: 4, -1: 5, -2: 6, -3: 6}[difference]


def effective_bs(bs: int, *, snap_shots: bool, primarch: bool, config: RulesConfig) -> tuple[int, tuple[Reason, ...]]:
    """The Ballistic Skill a shot uses, and why: Snap Shots set it to ``shooting.snap_shot_bs`` (default 1)
    unless the firer is a Primarch (rulebook p.196), who snap-fires at its own BS. A Snap Shot never uses a
    higher BS than the firer's own.

    Raises ``InputError`` for a BS outside 1-10.
    """
    _check_skill(bs, "BS")
    if not snap_shots:
        return bs, ()
    if primarch:
        return bs, (core("Primarch Unit Type", f"a Primarch fires Snap Shots at its own BS{bs}", PRIMARCH_PAGE),)
    snap = min(bs, config.shooting.snap_shot_bs)
    return snap, (configured(config, "shooting.snap_shot_bs", f"Snap Shots are fired at BS{snap}"),)
