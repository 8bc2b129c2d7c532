"""Who is locked in combat with whom (CORE_B §5.2, §5.6; Age of Darkness rulebook, Assault phase).

The record is ``state.assault.engaged`` (unit id -> the enemy units it is locked with; host units: a joined
character is locked with its unit). A Charge Move that ends in contact locks the charger and the targets it touched
(:func:`engage`); a unit that Falls Back, from any cause, or is destroyed is no longer locked (:func:`disengage`);
when a combat is resolved, units whose enemies are all gone are freed.

Being locked is **derived** from the record and the table: a unit is locked only with enemy units of the record that
are still on the table (:func:`engaged_with`), so a unit whose last enemy was removed in any way (shooting,
Dangerous Terrain, a Sweeping Advance, a Fall Back off the table) is free at once, and never stays "locked" with no
enemy. The record is also tidied where units leave (:func:`disengage`), so it holds no unit off the table.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from strategium.engine.core.board import Location

if TYPE_CHECKING:
    from strategium.engine.core.game import Game


def engaged_with(game: Game, unit_id: str) -> set[str]:
    """The enemy units on the table this unit (a host unit) is locked in combat with (a new set)."""
    s = game.state
    found = s.assault.engaged.get(unit_id)
    if not found:
        return set()
    units = s.units
    return {e for e in found if (st := units.get(e)) is not None and st.location is Location.TABLE}


def is_locked(game: Game, unit_id: str) -> bool:
    """The unit (or the unit its character joined) is on the table and locked in combat with an enemy unit still
    on the table."""
    s = game.state
    status = s.units[unit_id]
    host = status.joined_to or unit_id
    host_status = s.units.get(host)
    if host_status is None or host_status.location is not Location.TABLE:
        return False
    return bool(engaged_with(game, host))


def engage(game: Game, a: str, b: str) -> None:
    """Lock units ``a`` and ``b`` in combat with each other."""
    engaged = game.state.assault.engaged
    engaged.setdefault(a, set()).add(b)
    engaged.setdefault(b, set()).add(a)


def disengage(game: Game, unit_id: str) -> None:
    """The unit is no longer locked in combat (it Fell Back, was destroyed...); an enemy left with no other is
    freed too."""
    engaged = game.state.assault.engaged
    if unit_id not in engaged:
        return
    for other in sorted(engaged.pop(unit_id)):
        engaged.get(other, set()).discard(unit_id)
        if not engaged.get(other):
            engaged.pop(other, None)


def stale(game: Game) -> list[str]:
    """The problems of the record, in words (empty when sound): a unit off the table still recorded, a unit
    recorded with no enemy on the table, a lock held by one side only, a unit locked with a friend."""
    s = game.state
    engaged = s.assault.engaged
    out: list[str] = []
    for uid in sorted(engaged):
        status = s.units.get(uid)
        if status is None or status.location is not Location.TABLE:
            out.append(f"{uid} is not on the table but is recorded as locked in combat")
            continue
        enemies = engaged[uid]
        if not engaged_with(game, uid):
            out.append(f"{uid} is recorded as locked in combat with no enemy on the table")
        for e in sorted(enemies):
            if uid not in engaged.get(e, set()):
                out.append(f"{uid} is locked with {e}, but {e} is not locked with {uid}")
            other = s.units.get(e)
            if other is not None and other.player == status.player:
                out.append(f"{uid} is locked in combat with its own side's {e}")
    return out
