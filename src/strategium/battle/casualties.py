"""What each unit lost in a battle (the casualty table of the log and the report, Monte Carlo averages)."""

from __future__ import annotations

from dataclasses import dataclass

from strategium.engine.core.board import Location
from strategium.engine.core.state import GameState
from strategium.engine.core.timing import PlayerId


@dataclass(frozen=True)
class CasualtyRow:
    """One unit at the end of a battle: ``models`` it began with, ``lost`` models (all of them when the unit
    was destroyed, e.g. by Falling Back off the table), ``wounds_lost`` by models still standing (Wounds or Hull
    Points), where it ended (``location``: on table, destroyed, reserves, embarked...), and its ``points``."""

    player: PlayerId
    unit_id: str
    name: str
    models: int
    lost: int
    wounds_lost: int
    location: str
    points: int

    @property
    def key(self) -> str:
        """``P1 tactical-1``: the unit across battles (Monte Carlo averages)."""
        return f"P{self.player} {self.unit_id}"


def casualty_rows(state: GameState) -> tuple[CasualtyRow, ...]:
    """One row per unit of both armies, player 1's first, in army order."""
    rows = []
    for player, army in enumerate(state.armies, start=1):
        for unit in army.units:
            status = state.units[unit.id]
            destroyed = status.location is Location.DESTROYED
            lost = len(unit.models) if destroyed else len(status.casualties)
            wounds = sum(n for m, n in status.wounds_lost.items() if not status.is_casualty(m)) if not destroyed else 0
            rows.append(
                CasualtyRow(
                    player, unit.id, unit.name, len(unit.models), lost, wounds, status.location.value, unit.points
                )
            )
    return tuple(rows)


def table_text(rows: tuple[CasualtyRow, ...]) -> list[str]:
    """The casualty table as aligned text lines (header first)."""
    head = ("player", "unit", "models", "lost", "wounds lost", "at the end", "points")
    body = [
        (f"P{r.player}", r.name, str(r.models), str(r.lost), str(r.wounds_lost), r.location, str(r.points))
        for r in rows
    ]
    widths = [max(len(row[i]) for row in (head, *body)) for i in range(len(head))]
    right = {2, 3, 4, 6}

    def line(cells: tuple[str, ...]) -> str:
        parts = [c.rjust(w) if i in right else c.ljust(w) for i, (c, w) in enumerate(zip(cells, widths, strict=True))]
        return "  ".join(parts).rstrip()

    return [line(head), *(line(b) for b in body)]
