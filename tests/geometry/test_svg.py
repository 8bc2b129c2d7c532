"""The SVG map: pure, deterministic, and rendered headlessly to a picture that is not blank."""

from __future__ import annotations

import io

import pytest
from shapely.geometry import box

from strategium.geometry.bases import Base, Hull
from strategium.geometry.deployment import dawn_of_war
from strategium.geometry.pieces import PlacedModel, PlacedUnit
from strategium.geometry.regions import infiltrate_regions
from strategium.geometry.svg import Overlay, render_svg
from strategium.geometry.table import Table
from strategium.geometry.terrain import Battlefield, Building, SightRule, TerrainKind, TerrainPiece


def _scene() -> tuple[Battlefield, list[PlacedUnit]]:
    t = Table()
    ruin = TerrainPiece("Ruin", box(30, 20, 36, 28), TerrainKind.AREA, 3.0, SightRule.BLOCKS)
    bastion = Building("Bastion", Hull(50, 24, 5, 5), transport_capacity=10)
    bf = Battlefield(t, dawn_of_war(t), (ruin,), (bastion,))
    red = PlacedUnit("Red Tacticals", 2, tuple(PlacedModel(Base(32).footprint(30 + i * 1.5, 40)) for i in range(5)))
    tank = PlacedUnit("Red Rhino", 2, (PlacedModel.from_hull(Hull(20, 42, 4.5, 2.75, heading=-90)),))
    blue = PlacedUnit("Blue <Seekers>", 1, tuple(PlacedModel(Base(32).footprint(30 + i * 1.5, 6)) for i in range(5)))
    return bf, [red, tank, blue]


def test_render_is_pure_and_labels_everything() -> None:
    bf, units = _scene()
    svg = render_svg(bf, units, title="demo")
    assert svg == render_svg(bf, units, title="demo")
    assert svg.startswith("<svg ") and svg.rstrip().endswith("</svg>")
    assert "Red Tacticals" in svg and "Blue &lt;Seekers&gt;" in svg  # names escaped
    assert "Bastion (Building, AV 14/14/14, HP 5)" in svg
    assert 'width="864"' in svg  # 72" at 12 px per inch
    assert svg.count("<path") == 2 + 1 + 1 + 5 + 1 + 5  # zones, ruin, Building, bases, hull, bases


def test_svg_renders_to_a_picture_that_is_not_blank() -> None:
    cairosvg = pytest.importorskip("cairosvg", reason="cairosvg (test extra) is needed to rasterise the SVG")
    from PIL import Image

    bf, units = _scene()
    regions = infiltrate_regions(bf, units[:2], Base(32).footprint(0, 0), 1.25)
    svg = render_svg(bf, units, [Overlay("Infiltrate (INF-3)", regions.hidden)])
    png = cairosvg.svg2png(bytestring=svg.encode())
    img = Image.open(io.BytesIO(png)).convert("RGB")
    assert img.size == (864, 576 + 22 + 32)
    colours = img.getcolors(maxcolors=100_000)
    assert colours is not None and len(colours) > 20  # many distinct colours drawn
    # the pixel at the centre of the ruin is the ruin's colour, not the table's
    px = img.getpixel(((33 * 12), ((48 - 24) * 12)))
    assert px != img.getpixel(((10 * 12), ((48 - 24) * 12)))
