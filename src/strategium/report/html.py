"""The battle report: one self-contained HTML file (no script, no external file; the maps are inline SVG).

Sections, in order: the header (scenario, seed, armies, players, victory conditions, rules not played) and the
result; the deployment map at the end of the pre-game with every Infiltrate and Scout region that was legal when
those units were placed, then one map per placement showing its region over the table as it stood just before;
a map at the end of each Game Turn; the casualty table; the seed-rule moments, each linked to its log line; and
the whole log (:mod:`strategium.report.log`), its seed-rule lines highlighted.

Every map is a ``<figure class="map">`` holding an ``<svg>`` drawn by :func:`strategium.geometry.svg.render_svg`.
"""

from __future__ import annotations

from html import escape
from pathlib import Path

from strategium.battle.casualties import casualty_rows
from strategium.battle.run import BattleResult, Snapshot
from strategium.errors import InputError
from strategium.geometry.svg import Overlay, render_svg
from strategium.report.log import MARK, battle_title, header_lines, render_log, result_text

REPORT_FILE = "report.html"
"""The report's file name inside ``--report DIR``."""

STYLE = """
body { font-family: sans-serif; margin: 1.5em; color: #222; background: #fff; }
h1 { font-size: 1.4em; } h2 { font-size: 1.15em; margin-top: 1.6em; border-bottom: 1px solid #ccc; }
figure.map { display: inline-block; margin: 0.5em 1em 1em 0; vertical-align: top; }
figure.map figcaption { font-size: 0.9em; color: #444; }
table.casualties { border-collapse: collapse; font-size: 0.9em; }
table.casualties td, table.casualties th { border: 1px solid #bbb; padding: 2px 8px; }
table.casualties td.n { text-align: right; }
tr.p1 td:first-child { color: #1f4e9e; } tr.p2 td:first-child { color: #b3261e; }
pre.log { font-size: 0.8em; line-height: 1.25; background: #f7f6f1; padding: 1em; overflow-x: auto; }
pre.log .moment { background: #fde68a; font-weight: bold; }
p.result { font-size: 1.1em; font-weight: bold; }
"""


def _figure(result: BattleResult, snap: Snapshot, overlays: tuple[Overlay, ...], ident: str, scale: float) -> str:
    svg = render_svg(result.scenario.battlefield, snap.units, overlays, scale=scale, title=snap.label)
    return f'<figure class="map" id="{ident}">\n{svg}<figcaption>{escape(snap.label)}</figcaption>\n</figure>'


def _casualties(result: BattleResult) -> str:
    head = "<tr><th>player</th><th>unit</th><th>models</th><th>lost</th><th>wounds lost</th><th>at the end</th>"
    rows = [f'<table class="casualties">\n{head}<th>points</th></tr>']
    for r in casualty_rows(result.game.state):
        rows.append(
            f'<tr class="p{r.player}"><td>P{r.player}</td><td>{escape(r.name)}</td><td class="n">{r.models}</td>'
            f'<td class="n">{r.lost}</td><td class="n">{r.wounds_lost}</td><td>{escape(r.location)}</td>'
            f'<td class="n">{r.points}</td></tr>'
        )
    rows.append("</table>")
    return "\n".join(rows)


def _log(text: str) -> tuple[str, list[str]]:
    """The log as HTML lines (each with an id ``L<n>``) and the links to its seed-rule lines."""
    body: list[str] = []
    links: list[str] = []
    for n, line in enumerate(text.splitlines(), start=1):
        if line.startswith(f"      {MARK} "):
            body.append(f'<span id="L{n}" class="moment">{escape(line)}</span>')
            links.append(f'<li><a href="#L{n}">line {n}</a>: {escape(line.strip())}</li>')
        else:
            body.append(f'<span id="L{n}">{escape(line)}</span>')
    return "\n".join(body), links


def render_report(result: BattleResult, scale: float = 10.0) -> str:
    """The report of a finished battle as HTML text (see the module docstring). Pure: same battle, same text."""
    title = f"strategium battle: {battle_title(result)} (seed {result.seed})"
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>{escape(title)}</title>",
        f"<style>{STYLE}</style>",
        "</head><body>",
        f"<h1>{escape(title)}</h1>",
        f'<p class="result">{escape(result_text(result.outcome))}</p>',
        "<ul>" + "".join(f"<li>{escape(line)}</li>" for line in header_lines(result)[1:]) + "</ul>",
        "<h2>Deployment</h2>",
    ]
    if result.deployment is not None:
        every = tuple(o for r in result.regions for o in r.overlays)
        parts.append(_figure(result, result.deployment, every, "map-deployment", scale))
    if result.regions:
        parts.append("<h2>Infiltrate and Scout regions, as they were when each unit was placed</h2>")
        for n, region in enumerate(result.regions, start=1):
            if region.before is not None:
                parts.append(_figure(result, region.before, region.overlays, f"map-region-{n}", scale * 0.6))
    parts.append("<h2>The table at the end of each Game Turn</h2>")
    for n, snap in enumerate(result.turn_maps, start=1):
        parts.append(_figure(result, snap, (), f"map-turn-{n}", scale * 0.8))
    parts += ["<h2>Casualties</h2>", _casualties(result)]
    log_html, links = _log(render_log(result))
    parts += ["<h2>Seed-rule moments</h2>", "<ul>" + "\n".join(links) + "</ul>" if links else "<p>none</p>"]
    parts += ["<h2>Log</h2>", f'<pre class="log">{log_html}</pre>', "</body></html>"]
    return "\n".join(parts) + "\n"


def write_report(result: BattleResult, folder: str | Path) -> Path:
    """Write ``report.html`` into ``folder`` (made if missing); returns its path. Raises :class:`InputError`
    when the folder cannot be made or written."""
    out = Path(folder)
    try:
        out.mkdir(parents=True, exist_ok=True)
        path = out / REPORT_FILE
        path.write_text(render_report(result), encoding="utf-8")
    except OSError as err:
        raise InputError(f"cannot write the report: {err.strerror}", file=str(folder)) from None
    return path
