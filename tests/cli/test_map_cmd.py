"""`strategium map`: writes an SVG map of a scenario that renders to a picture; on error writes nothing."""

from __future__ import annotations

import io
import subprocess
from pathlib import Path

import pytest

from tests.cli.running import run


@pytest.fixture(scope="module")
def demo_map(tmp_path_factory: pytest.TempPathFactory) -> tuple[subprocess.CompletedProcess[str], Path]:
    out = tmp_path_factory.mktemp("map") / "demo.svg"
    result = run("map", "demo", "--out", str(out), "--overlay", "infiltrate:1:recon", "--overlay", "scout:2:cavalry-1")
    return result, out


def test_map_of_the_demo_prints_one_line(demo_map: tuple[subprocess.CompletedProcess[str], Path]) -> None:
    result, out = demo_map
    assert result.returncode == 0, result.stderr
    assert result.stdout == (
        f'wrote {out}: 72" x 48" table, dawn-of-war, 7 terrain pieces, 2 Buildings, 12 units on the table '
        "(5 + 7; 127 models), 2 embarked, 2 in Reserves, 2 not deployed; overlays: Infiltrate regions of 1:recon; "
        'Scout region (12") of 2:cavalry-1\n'
    )


def test_map_svg_has_labels_and_overlays(demo_map: tuple[subprocess.CompletedProcess[str], Path]) -> None:
    _, out = demo_map
    svg = out.read_text(encoding="utf-8")
    for label in ("Centurion", "Tactical Squad (tactical-1)", "Rhino Transport", "Infantry Squad (infantry-3)",
                  "Cavalry Squad (cavalry-1)", "Leman Russ", "Force Commander"):  # fmt: skip
        assert f">{label}</text>" in svg
    assert "embarked: Tactical Support Squad, Ogryn Brute Squad (ogryns-2)" in svg
    assert "Sentinel Bastion (Building, AV 14/13/12, HP 6)" in svg and "Imperial Bunker (Building" in svg
    assert "<title>INF-3: 1:recon hidden, more than 9&quot; from enemies</title>" in svg
    assert "<title>Scout: 2:cavalry-1 within 12&quot;, more than 9&quot; from enemies</title>" in svg


def test_map_svg_renders_to_a_picture_that_is_not_blank(
    demo_map: tuple[subprocess.CompletedProcess[str], Path],
) -> None:
    cairosvg = pytest.importorskip("cairosvg", reason="cairosvg (test extra) rasterises the SVG")
    from PIL import Image

    _, out = demo_map
    png = cairosvg.svg2png(bytestring=out.read_bytes())
    img = Image.open(io.BytesIO(png)).convert("RGB")
    assert img.size[0] == 72 * 12
    colours = img.getcolors(maxcolors=1_000_000)
    assert colours is not None and len(colours) > 50
    # the Rhino's hull (player 1 blue) is drawn at (30, 6)
    assert img.getpixel((30 * 12, (48 - 6) * 12)) == (0x1F, 0x4E, 0x9E)


def test_map_without_a_scenario_uses_the_demo(tmp_path: Path) -> None:
    out = tmp_path / "plain.svg"
    result = run("map", "--out", str(out), "--overlay", "deployment:2")
    assert result.returncode == 0, result.stderr
    assert "overlays: deployment zone of player 2" in result.stdout
    assert "<title>deployment zone of player 2</title>" in out.read_text(encoding="utf-8")


def test_map_errors_write_nothing(tmp_path: Path) -> None:
    out = tmp_path / "never.svg"
    result = run("map", "--out", str(out), "--overlay", "infiltrate:recon")
    assert result.returncode == 2
    assert result.stderr == "strategium: error: both armies have a unit 'recon': write 1:recon or 2:recon\n"
    assert not out.exists()
    bad = tmp_path / "bad.yaml"
    bad.write_text("version: 1\nname: x\nbogus: 1\narmies: [{demo: emperors_children}, {demo: x}]\n", encoding="utf-8")
    result = run("map", str(bad), "--out", str(out))
    assert result.returncode == 2
    assert result.stderr == "strategium: error: bad.yaml:3: bogus: unknown key\n"
    assert not out.exists()
    result = run("map", str(tmp_path / "missing.yaml"), "--out", str(out))
    assert result.returncode == 2 and len(result.stderr.splitlines()) == 1
    assert "missing.yaml: no such scenario file" in result.stderr
    result = run("map", "--out", str(tmp_path / "no" / "dir.svg"))
    assert result.returncode == 2 and result.stderr.endswith("dir.svg: the folder does not exist\n")
    assert not out.exists()
