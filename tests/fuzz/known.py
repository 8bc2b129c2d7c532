"""The attacks and mutants that fail on main today (issue 18), with the kind of failure and the helper whose fix
should make them pass. Each is marked ``xfail(strict=True)`` and run on a short budget (``attacks.cases``): when
the fix lands the test passes, the strict mark turns that into a failure, and its entry is removed from here.
The kinds and the first lines of the tracebacks are listed in ``docs/input-limits.md`` ("The fuzz suite and the
long-haul check")."""

from __future__ import annotations

ROSTER = "h18-roster"
YAML = "h18-yaml"
RECORD = "h18-record"
CLI = "h18-cli"


def _each(keys: str, kind: str, owner: str) -> dict[str, tuple[str, str]]:
    return {key: (kind, owner) for key in keys.split()}


def _readers(attacks: str, kind: str) -> dict[str, tuple[str, str]]:
    """A generic YAML attack that fails the same way in the army, scenario and configuration readers."""
    return {
        f"{reader}-{attack}": (kind, YAML) for attack in attacks.split() for reader in ("army", "scenario", "config")
    }


KNOWN: dict[str, tuple[str, str]] = {}
"""Attack or mutant key → (kind, owner)."""
