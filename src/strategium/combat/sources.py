"""Cited reasons for the core procedures the attack pipeline follows.

Registered special rules (Shrouded, Feel No Pain, Fearless, Instant Death, ...) are cited through
:meth:`strategium.catalogue.citations.Reason.of`, which reads book and page from the registry. The core
procedures (To Hit, To Wound, saves, Armour Penetration, Damage Mitigation rolls) are not registry entries;
:func:`core` cites them by name with the page where the project knows it (``None`` where the page was not
read: the ruling then names the book only). Rulings that rest on a rules-configuration value cite it
through :func:`configured`.
"""

from __future__ import annotations

from strategium.catalogue.citations import Reason
from strategium.catalogue.definitions import Book
from strategium.config import RulesConfig

# Pages of the core procedures, where CORE_B gives them (None: page not read).
SHOOTING_SEQUENCE_PAGE = 166
DAMAGE_MITIGATION_PAGE = 174
ORDNANCE_PAGE = 177
DESTROYER_PAGE = 178
PRIMARCH_PAGE = 196
BUILDING_DAMAGE_PAGE = 226
MASSIVE_FORTIFICATION_PAGE = 225


def core(rule: str, text: str, page: int | None = None) -> Reason:
    """A reason citing a core procedure of the Age of Darkness rulebook (not a registered special rule): the value
    ``Reason(rule, text, page, Book.RULEBOOK)``, its fields filled at once (the frozen constructor sets them one by
    one; attacks cite core procedures for every roll)."""
    reason = object.__new__(Reason)
    reason.__dict__.update(rule=rule, text=text, page=page, book=_RULEBOOK)
    return reason


_RULEBOOK = Book.RULEBOOK


_CITES: dict[tuple[int, str], tuple[RulesConfig, str]] = {}


def _cite(config: RulesConfig, name: str) -> str:
    """``config.cite(name)``, remembered per config object (citing walks every setting; attacks cite often)."""
    key = (id(config), name)
    known = _CITES.get(key)
    if known is not None and known[0] is config:
        return known[1]
    if len(_CITES) > 4096:
        _CITES.clear()
    text = config.cite(name)
    _CITES[key] = (config, text)
    return text


def configured(config: RulesConfig, name: str, text: str) -> Reason:
    """A reason resting on the rules-configuration setting ``name`` (dotted, e.g. ``vehicle_damage.explodes_from``).

    The text ends with the setting's citation, e.g. ``rules configuration `damage.shrouded_default` = 6
    (confirmed default)``. Raises ``KeyError`` for an unknown setting name.
    """
    return Reason(name, f"{text}; {_cite(config, name)}", None, Book.CONFIG)
