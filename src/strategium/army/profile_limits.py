"""The input limits on the numbers of a profile: what a weapon or a special rule may ask the engine to roll.

A weapon of "Heavy 1000000000" or a model with "Hammer of Wrath (1000000000)" is read without complaint by the
profile parsers, and then makes the engine roll a billion dice. These checks refuse such numbers when an army is
read, with :func:`strategium.limits.check_limit`: ranges up to ``table_inches``; shots, rolled dice, Strength and
a special rule's (X) up to ``profile_value`` (HH2's data stays under 20 for all of them); an (X) that is a D6
target ("(5+)") from 2+ to 6+ (the data's targets are all in that range).

Each check raises :class:`~strategium.errors.InputError` with ``field`` set to the column it found the number in
(``range``, ``strength``, ``type``; ``None`` for a rule) and no file: the reader adds the file and the line.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable

from strategium.catalogue.registry import RuleEntry, RuleRef
from strategium.errors import InputError
from strategium.limits import check_limit
from strategium.model.weapons import WeaponProfile

_DICE = re.compile(r"\s*(\d*)\s*[dD]\s*(\d+)\s*")


def check_rules(rules: Iterable[RuleEntry]) -> None:
    """Raise ``InputError`` for a special rule whose (X) is over ``profile_value`` ("Brutal (1000000)"), or is a
    dice target other than 2+ to 6+ ("Feel No Pain (1+)": a D6 cannot be asked for less or more)."""
    for rule in rules:
        if not isinstance(rule, RuleRef) or rule.value is None:
            continue
        if (rule.x_text or "").endswith("+") and not 2 <= rule.value <= 6:
            raise InputError(f"the (X) of {rule.name} is a D6 target: 2+ to 6+, not {rule.x_text}")
        check_limit(abs(rule.value), "profile_value", what=f"the (X) of {rule.name}")


def check_weapon(weapon: WeaponProfile) -> None:
    """Raise ``InputError`` (field: the column) for a weapon whose Range is not a finite distance up to
    ``table_inches``, or whose shots, dice, Strength or rules' (X) are over ``profile_value``."""
    for bound in (weapon.range.maximum, weapon.range.minimum):
        if bound is None:
            continue
        if not math.isfinite(bound) or bound < 0:
            raise InputError(f"the Range must be a distance in inches, not {weapon.range.text!r}", field="range")
        check_limit(bound, "table_inches", what="the Range in inches", field="range")
    strength = weapon.strength
    for value in (strength.value, *strength.values):
        if value is not None:
            check_limit(abs(value), "profile_value", what="the Strength", field="strength")
    kind = weapon.type
    if kind.shots is not None:
        check_limit(kind.shots, "profile_value", what="the number of shots", field="type")
    if kind.shots_dice is not None:
        dice = _DICE.fullmatch(kind.shots_dice)
        if dice is not None:
            check_limit(int(dice[1] or 1), "profile_value", what="the number of dice for shots", field="type")
            check_limit(int(dice[2]), "profile_value", what="the sides of the dice for shots", field="type")
    try:
        check_rules(kind.rules)
    except InputError as err:
        raise InputError(err.message, field="type") from None
