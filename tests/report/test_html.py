"""The HTML report, checked in a real headless browser (Debian's chromium): the page loads, its maps are in the
DOM, and the screenshot is not blank."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from PIL import Image

from strategium.report.html import render_report, write_report
from tests.battle.games import short_battle

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
)


def test_report_holds_every_map_and_section() -> None:
    result = short_battle()
    html = render_report(result)
    assert html == render_report(result)  # pure
    regions = len(result.regions)
    assert [r.kind for r in result.regions].count("Infiltrate") == 2 and regions >= 3
    assert html.count('<figure class="map"') == 1 + regions + 2  # deployment, one per placement, 2 Game Turns
    assert html.count("<svg ") == 1 + regions + 2
    assert "INF-3 hidden" in html and "Scout, within" in html
    assert '<table class="casualties">' in html and '<pre class="log">' in html
    assert "<script" not in html and "http://" not in html.replace("http://www.w3.org/2000/svg", "")


@pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed (make test installs it)")
def test_report_loads_in_a_headless_browser(tmp_path: Path) -> None:
    assert CHROMIUM is not None
    page = write_report(short_battle(), tmp_path / "report")
    url = page.resolve().as_uri()
    common = (CHROMIUM, *FLAGS, f"--user-data-dir={tmp_path / 'profile'}")
    dom = subprocess.run((*common, "--dump-dom", url), capture_output=True, text=True, timeout=120, check=True).stdout
    assert dom.count('<figure class="map"') == html_maps(page)
    assert dom.count("<svg") == html_maps(page) and "Casualties" in dom
    shot = tmp_path / "shot.png"
    subprocess.run(
        (*common, "--window-size=1200,1600", f"--screenshot={shot}", url),
        capture_output=True,
        timeout=120,
        check=True,
    )
    image = Image.open(shot).convert("RGB")
    assert image.size == (1200, 1600)
    colours = image.getcolors(maxcolors=1_000_000)
    assert colours is not None and len(colours) > 50  # not blank: text, terrain and models in many colours
    # the deployment map's table (the sand colour of the SVG) is drawn
    assert any(rgb == (0xE8, 0xE2, 0xC8) for _, rgb in colours)


def html_maps(page: Path) -> int:
    """How many maps the written file holds."""
    return page.read_text(encoding="utf-8").count('<figure class="map"')
