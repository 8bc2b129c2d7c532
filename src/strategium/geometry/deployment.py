"""Deployment maps: each player's deployment zone (a polygon) and battlefield edge(s).

HH2's mission chapter (Age of Darkness rulebook ~pp.280-312) names its deployment types, but their zone
depths could not be read (CORE_A §3.2). The built-in maps therefore use the 7th-edition values that HH2's
maps descend from and are marked ``confirmed=False``; a scenario may define its own zones instead.

| map | zones | default numbers (unconfirmed) |
|---|---|---|
| ``dawn-of-war`` | along the two long edges | 12" deep |
| ``hammer-and-anvil`` | along the two short edges | 24" deep |
| ``vanguard-strike`` | the two halves either side of a diagonal | no zone within 12" of the centre |
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from shapely.geometry import Point, Polygon, box

from strategium.errors import InputError
from strategium.geometry.table import Edge, Table


@dataclass(frozen=True)
class DeploymentZone:
    """One player's deployment zone (polygon, inches) and the battlefield edge(s) that are theirs."""

    player: int
    polygon: Polygon
    edges: tuple[Edge, ...]


@dataclass(frozen=True)
class DeploymentMap:
    """A named deployment map: one zone per player. ``confirmed`` is False where HH2's numbers are unknown."""

    name: str
    zones: tuple[DeploymentZone, ...]
    confirmed: bool = False
    note: str = ""

    def zone(self, player: int) -> DeploymentZone:
        """The zone of ``player`` (1 or 2). Raises :class:`InputError` if the map has none for that player."""
        for z in self.zones:
            if z.player == player:
                return z
        raise InputError(f"deployment map {self.name!r} has no zone for player {player}", field="deployment")


def dawn_of_war(table: Table, depth: float = 12.0) -> DeploymentMap:
    """Zones along the long edges, ``depth`` inches deep (player 1 south/west, player 2 north/east)."""
    w, d = table.width, table.depth
    if w >= d:
        z1, z2 = box(0, 0, w, depth), box(0, d - depth, w, d)
    else:
        z1, z2 = box(0, 0, depth, d), box(w - depth, 0, w, d)
    e1, e2 = table.long_edges()
    return DeploymentMap(
        "dawn-of-war",
        (DeploymentZone(1, z1, (e1,)), DeploymentZone(2, z2, (e2,))),
        note=f'long edges, {depth:g}" deep (7th-edition value; HH2 depth not confirmed)',
    )


def hammer_and_anvil(table: Table, depth: float = 24.0) -> DeploymentMap:
    """Zones along the short edges, ``depth`` inches deep (player 1 west/south, player 2 east/north)."""
    w, d = table.width, table.depth
    if w >= d:
        z1, z2 = box(0, 0, depth, d), box(w - depth, 0, w, d)
    else:
        z1, z2 = box(0, 0, w, depth), box(0, d - depth, w, d)
    e1, e2 = table.short_edges()
    return DeploymentMap(
        "hammer-and-anvil",
        (DeploymentZone(1, z1, (e1,)), DeploymentZone(2, z2, (e2,))),
        note=f'short edges, {depth:g}" deep (7th-edition value; HH2 depth not confirmed)',
    )


def vanguard_strike(table: Table, centre_exclusion: float = 12.0) -> DeploymentMap:
    """The table split by the diagonal from the south-west to the north-east corner; no zone within
    ``centre_exclusion`` inches of the centre. Player 1 has the south-east half (south and east edges).

    Raises :class:`InputError` when the exclusion removes a zone or cuts one in two."""
    w, d = table.width, table.depth
    # circumscribed polygon: the exclusion contains the whole exact disc
    hole = Point(table.centre).buffer(centre_exclusion / math.cos(math.pi / 128), quad_segs=32)
    z1 = Polygon([(0, 0), (w, 0), (w, d)]).difference(hole)
    z2 = Polygon([(0, 0), (w, d), (0, d)]).difference(hole)
    if not all(isinstance(z, Polygon) and not z.is_empty for z in (z1, z2)):
        raise InputError(
            f'a centre exclusion of {centre_exclusion:g}" leaves no single zone for each player on the '
            f'{w:g}" x {d:g}" table',
            field="centre_exclusion",
        )
    assert isinstance(z1, Polygon) and isinstance(z2, Polygon)
    return DeploymentMap(
        "vanguard-strike",
        (DeploymentZone(1, z1, (Edge.SOUTH, Edge.EAST)), DeploymentZone(2, z2, (Edge.NORTH, Edge.WEST))),
        note=f'diagonal halves, none within {centre_exclusion:g}" of the centre (7th-edition value; not confirmed)',
    )


DEPLOYMENT_MAPS: dict[str, Callable[[Table], DeploymentMap]] = {
    "dawn-of-war": dawn_of_war,
    "hammer-and-anvil": hammer_and_anvil,
    "vanguard-strike": vanguard_strike,
}
"""The built-in maps by name."""


def deployment_map(name: str, table: Table) -> DeploymentMap:
    """A built-in map by name for ``table``. Raises :class:`InputError` naming the known maps."""
    try:
        return DEPLOYMENT_MAPS[name](table)
    except KeyError:
        known = ", ".join(sorted(DEPLOYMENT_MAPS))
        raise InputError(f"unknown deployment map {name!r} (known: {known})", field="deployment") from None
