"""Regenerate the README's picture: the deployment map of the default demo battle's report, as a PNG.

Usage (from the repository root, test extras installed for cairosvg): ``python tools/readme_picture.py``.
Writes ``docs/battle-deployment-map.png``; the map is the one ``strategium battle --report DIR`` puts first in
its HTML page (deployment with the Infiltrate and Scout regions that were legal).
"""

from __future__ import annotations

from pathlib import Path

import cairosvg

from strategium.battle.run import play_battle
from strategium.battle.setup import BattleSetup
from strategium.cli.battle_cmd import DEFAULT_SEED
from strategium.geometry.svg import render_svg

OUT = Path(__file__).resolve().parents[1] / "docs" / "battle-deployment-map.png"


def main() -> None:
    result = play_battle(BattleSetup(), DEFAULT_SEED, regions=True)
    assert result.deployment is not None
    overlays = tuple(o for r in result.regions for o in r.overlays)
    svg = render_svg(
        result.scenario.battlefield, result.deployment.units, overlays, scale=10.0, title=result.deployment.label
    )
    cairosvg.svg2png(bytestring=svg.encode("utf-8"), write_to=str(OUT), background_color="white")
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
