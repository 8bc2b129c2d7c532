"""SVG maps of the battlefield: a pure function of the table, the units and the overlays.

``render_svg(battlefield, units, overlays)`` draws the table, deployment zones, terrain (by kind),
Buildings (with their Front marked), every model's base or hull to scale with a label per unit, and
overlays such as an Infiltrate or Scout legal region. The same input always gives the same text.
Coordinates: inches on the table, y upwards (north at the top of the picture).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

from shapely.geometry import GeometryCollection, MultiPolygon, Polygon
from shapely.geometry.base import BaseGeometry

from strategium.geometry.pieces import PlacedUnit
from strategium.geometry.terrain import Battlefield, TerrainKind

PLAYER_COLOURS = {1: "#1f4e9e", 2: "#b3261e"}
TERRAIN_FILL = {
    TerrainKind.OPEN: "#d9d2b6",
    TerrainKind.DIFFICULT: "#7fa86b",
    TerrainKind.DANGEROUS: "#c98a4b",
    TerrainKind.IMPASSABLE: "#6b6b6b",
    TerrainKind.AREA: "#8c7b6b",
    TerrainKind.BARRICADE: "#5a4a3a",
}


@dataclass(frozen=True)
class Overlay:
    """A shaded region drawn over the map (e.g. the Infiltrate legal region), with a legend label."""

    label: str
    geometry: BaseGeometry
    colour: str = "#2e9e4f"
    opacity: float = 0.35


def _polygons(geom: BaseGeometry) -> list[Polygon]:
    if isinstance(geom, Polygon):
        return [] if geom.is_empty else [geom]
    if isinstance(geom, MultiPolygon | GeometryCollection):
        return [p for g in geom.geoms for p in _polygons(g)]
    return []


def _path(geom: BaseGeometry, depth: float, scale: float) -> str:
    """SVG path data (even-odd fill) for the polygons of ``geom``; y is flipped so north is up."""
    parts = []
    for poly in _polygons(geom):
        for ring in (poly.exterior, *poly.interiors):
            pts = " L ".join(f"{x * scale:.2f},{(depth - y) * scale:.2f}" for x, y in ring.coords)
            parts.append(f"M {pts} Z")
    return " ".join(parts)


def render_svg(
    battlefield: Battlefield,
    units: Sequence[PlacedUnit] = (),
    overlays: Sequence[Overlay] = (),
    scale: float = 12.0,
    title: str = "",
) -> str:
    """The map as an SVG document (text). ``scale`` is pixels per inch; embarked units are listed in the
    legend but not drawn. Pure: no I/O, same input same output."""
    t = battlefield.table
    w, d = t.width * scale, t.depth * scale
    legend_h = 22 + 16 * (len(overlays) + 1)
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w:.0f}" height="{d + legend_h:.0f}" '
        f'viewBox="0 0 {w:.0f} {d + legend_h:.0f}" font-family="sans-serif">',
        f"<title>{escape(title or 'strategium map')}</title>",
        f'<rect x="0" y="0" width="{w:.2f}" height="{d:.2f}" fill="#e8e2c8" stroke="#333" stroke-width="2"/>',
    ]
    if battlefield.deployment is not None:
        for zone in battlefield.deployment.zones:
            colour = PLAYER_COLOURS.get(zone.player, "#555")
            out.append(
                f'<path d="{_path(zone.polygon, t.depth, scale)}" fill="{colour}" fill-opacity="0.12" '
                f'stroke="{colour}" stroke-dasharray="6 4" fill-rule="evenodd"/>'
            )
    for piece in battlefield.terrain:
        out.append(
            f'<path d="{_path(piece.footprint, t.depth, scale)}" fill="{TERRAIN_FILL[piece.kind]}" '
            f'stroke="#333" fill-opacity="0.85"><title>{escape(piece.name)} ({piece.kind.value}, '
            f'{piece.height:g}")</title></path>'
        )
    for b in battlefield.buildings:
        out.append(
            f'<path d="{_path(b.footprint, t.depth, scale)}" fill="#4a4a5a" stroke="#111" stroke-width="2">'
            f"<title>{escape(b.name)} (Building, AV {b.front}/{b.side}/{b.rear}, HP {b.hull_points})</title></path>"
        )
        fl, _, _, fr = b.hull.corners()
        out.append(
            f'<line x1="{fl[0] * scale:.2f}" y1="{(t.depth - fl[1]) * scale:.2f}" x2="{fr[0] * scale:.2f}" '
            f'y2="{(t.depth - fr[1]) * scale:.2f}" stroke="#f2c14e" stroke-width="3"/>'
        )
    for ov in overlays:
        out.append(
            f'<path d="{_path(ov.geometry, t.depth, scale)}" fill="{ov.colour}" fill-opacity="{ov.opacity}" '
            f'stroke="{ov.colour}" fill-rule="evenodd"><title>{escape(ov.label)}</title></path>'
        )
    for unit in units:
        if not unit.on_table:
            continue
        colour = PLAYER_COLOURS.get(unit.player, "#555")
        for m in unit.models:
            out.append(
                f'<path d="{_path(m.footprint.polygon(), t.depth, scale)}" fill="{colour}" stroke="#fff" '
                f'stroke-width="0.8"/>'
            )
        xs = [m.footprint.centre[0] for m in unit.models]
        ys = [m.footprint.centre[1] for m in unit.models]
        lx, ly = sum(xs) / len(xs) * scale, (t.depth - max(ys) - 1.2) * scale
        if ly < 12:  # no room above the unit: write the label below it
            ly = (t.depth - min(ys) + 2.0) * scale
        out.append(
            f'<text x="{lx:.2f}" y="{ly:.2f}" font-size="11" text-anchor="middle" fill="{colour}">'
            f"{escape(unit.name)}</text>"
        )
    y = d + 18
    deployment = battlefield.deployment.name if battlefield.deployment else "no deployment map"
    out.append(f'<text x="6" y="{y:.0f}" font-size="13">{t.width:g}" x {t.depth:g}" table, {escape(deployment)}</text>')
    for ov in overlays:
        y += 16
        out.append(f'<rect x="6" y="{y - 10:.0f}" width="12" height="12" fill="{ov.colour}" fill-opacity="0.6"/>')
        out.append(f'<text x="24" y="{y:.0f}" font-size="12">{escape(ov.label)}</text>')
    embarked = [u.name for u in units if not u.on_table]
    if embarked:
        y += 16
        out.append(f'<text x="6" y="{y:.0f}" font-size="12">embarked: {escape(", ".join(embarked))}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"
