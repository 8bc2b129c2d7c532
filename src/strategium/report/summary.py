"""The Monte Carlo summary as tables: results per player with 95% Wilson intervals, average losses per unit, and
how often each seed rule fired (:class:`strategium.battle.montecarlo.Summary`)."""

from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text

from strategium.army.army import Army
from strategium.battle.montecarlo import Summary
from strategium.battle.setup import army_label


def results_table(summary: Summary, armies: tuple[Army, Army]) -> Table:
    """Wins, draws and losses per player."""
    table = Table(title=f"{summary.finished} battles: count (share; 95% Wilson interval)", title_justify="left")
    for name in ("player", "army", "wins", "draws", "losses"):
        table.add_column(name, no_wrap=name != "army")
    for p in (1, 2):
        table.add_row(
            f"P{p}",
            Text(army_label(armies[p - 1])),  # not read as rich markup
            summary.wins[p - 1].text(),
            summary.draws.text(),
            summary.losses_of(p).text(),
        )
    return table


def losses_table(summary: Summary) -> Table:
    """Average models lost by each unit per battle."""
    table = Table(title="average losses per unit and battle", title_justify="left")
    table.add_column("unit")
    table.add_column("models", justify="right")
    table.add_column("lost", justify="right")
    table.add_column("share", justify="right")
    for key, name, lost, models in summary.losses:
        share = f"{100 * lost / models:.0f}%" if models else "-"
        table.add_row(Text(f"{key[:2]} {name}"), str(models), f"{lost:.2f}", share)
    return table


def moments_table(summary: Summary) -> Table:
    """In how many battles each seed-rule moment happened, and how often per battle."""
    table = Table(title="seed rules", title_justify="left")
    table.add_column("moment")
    table.add_column("battles where it happened (share; 95% interval)", no_wrap=True)
    table.add_column("per battle", justify="right")
    for moment, tally, mean in summary.moments:
        table.add_row(moment, tally.text(), f"{mean:.2f}")
    return table


def summary_view(summary: Summary, armies: tuple[Army, Army], note: str = "") -> Group:
    """Everything ``strategium battle --runs N`` prints after its progress bar."""
    parts: list[Table | Text] = []
    if note:
        parts.append(Text(note))
    parts += [results_table(summary, armies), losses_table(summary), moments_table(summary)]
    extra = f"Sudden Death ended {summary.sudden_deaths} of {summary.finished} battles."
    parts.append(Text(extra))
    if summary.errors:
        first_seed, first = summary.errors[0]
        parts.append(
            Text(
                f"{len(summary.errors)} of {summary.runs} battles failed and are left out "
                f"(first: seed {first_seed}: {first})",
                style="bold red",
            )
        )
    return Group(*parts)
