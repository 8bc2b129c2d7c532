"""Saving throws: Armour, Invulnerable and Cover Saves, and which single one a model takes.

Sources and confidence (CORE_B §1.6):

- Invulnerable Saves ignore AP; Ignores Cover denies Cover Saves (rulebook p.242): confirmed.
- An Armour Save is denied when the attack's AP is numerically at most the save (AP2 denies 2+ to 6+;
  AP "-" never denies): UNCONFIRMED-7e.
- A model takes one save per Wound, the best one available (lowest target): UNCONFIRMED-7e. The
  controller may name a preferred kind instead (a decision the engine passes in); on a tie the order is
  Armour, Invulnerable, Cover (some rules re-roll failed Armour Saves, so the tie goes to it).

Saves are target numbers 2-6 (3 means 3+); AP is 1-6 or ``None`` for "-".
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache

from strategium.catalogue.citations import Reason
from strategium.combat.sources import core
from strategium.errors import InputError


class SaveKind(StrEnum):
    """The three kinds of saving throw, in tie-break order."""

    ARMOUR = "Armour Save"
    INVULNERABLE = "Invulnerable Save"
    COVER = "Cover Save"


_TIE_ORDER = {SaveKind.ARMOUR: 0, SaveKind.INVULNERABLE: 1, SaveKind.COVER: 2}


@dataclass(frozen=True)
class SaveOption:
    """One save a model may take against a Wound (or a Vehicle against a Glancing or Penetrating Hit)."""

    kind: SaveKind
    target: int

    def __str__(self) -> str:
        return f"{self.kind.value} ({self.target}+)"


@dataclass(frozen=True)
class SaveChoice:
    """The save taken (``None``: no save is allowed) and the reasons for every save allowed or denied."""

    option: SaveOption | None
    reasons: tuple[Reason, ...]


def _check_save(value: int | None, field: str) -> None:
    if value is None:
        return
    if isinstance(value, bool) or not isinstance(value, int) or not 2 <= value <= 6:
        raise InputError(f"{field} must be a target from 2 to 6 (2 means 2+), not {value!r}", field=field)


def check_ap(ap: int | None) -> None:
    """Raise ``InputError`` unless ``ap`` is 1-6 or ``None`` ("-")."""
    if ap is not None and (isinstance(ap, bool) or not isinstance(ap, int) or not 1 <= ap <= 6):
        raise InputError(f"AP must be a whole number from 1 to 6 or none, not {ap!r}", field="AP")


def armour_save_allowed(save: int | None, ap: int | None) -> bool:
    """True if a model with Armour Save ``save`` may take it against AP ``ap`` (AP above the save, or no AP)."""
    return save is not None and (ap is None or ap > save)


def save_options(
    *,
    armour: int | None,
    invulnerable: int | None,
    cover: int | None,
    ap: int | None,
    ignores_cover: bool,
) -> tuple[tuple[SaveOption, ...], tuple[Reason, ...]]:
    """Every save allowed against one Wound, and why each offered save is allowed or denied.

    ``armour``/``invulnerable``/``cover`` are the targets the model has or is offered (``None``: none).
    Raises ``InputError`` for a target outside 2-6 or an AP outside 1-6.
    """
    _check_save(armour, "Sv")
    _check_save(invulnerable, "Invulnerable Save")
    _check_save(cover, "Cover Save")
    check_ap(ap)
    options: list[SaveOption] = []
    reasons: list[Reason] = []
    ap_text = "AP -" if ap is None else f"AP{ap}"
    if armour is not None:
        if armour_save_allowed(armour, ap):
            options.append(SaveOption(SaveKind.ARMOUR, armour))
        else:
            reasons.append(core("Armour Save", f"Armour Save {armour}+ denied by {ap_text}"))
    if invulnerable is not None:
        options.append(SaveOption(SaveKind.INVULNERABLE, invulnerable))
    if cover is not None:
        if ignores_cover:
            reasons.append(Reason.of("Ignores Cover", f"Cover Save {cover}+ denied: the attack Ignores Cover"))
        else:
            options.append(SaveOption(SaveKind.COVER, cover))
    return tuple(options), tuple(reasons)


@lru_cache(maxsize=1024)
def best_save(
    *,
    armour: int | None,
    invulnerable: int | None,
    cover: int | None,
    ap: int | None,
    ignores_cover: bool,
    prefer: SaveKind | None = None,
) -> SaveChoice:
    """The single save a model takes: ``prefer`` if that kind is allowed, else the lowest target
    (ties: Armour, Invulnerable, Cover). Raises ``InputError`` as :func:`save_options`. Results are
    remembered (the inputs and the result are immutable values).
    """
    options, reasons = save_options(
        armour=armour, invulnerable=invulnerable, cover=cover, ap=ap, ignores_cover=ignores_cover
    )
    if not options:
        return SaveChoice(None, (*reasons, core("Saving Throws", "no save is allowed")))
    preferred = [o for o in options if o.kind is prefer]
    if preferred:
        chosen = preferred[0]
        why = "the controller's choice"
    else:
        chosen = min(options, key=lambda o: (o.target, _TIE_ORDER[o.kind]))
        why = "the best save available" if len(options) > 1 else "the only save available"
    return SaveChoice(chosen, (*reasons, core("Saving Throws", f"takes {chosen}: {why}; one save per Wound")))
