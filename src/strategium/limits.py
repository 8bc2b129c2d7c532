"""Limits on untrusted input: one table, read by every reader of a file a user gives strategium.

Rosters (``.ros``/``.rosz``), army files, scenario files, rules-configuration overrides and game records are
all untrusted: a user may have downloaded them, or an attacker may have written them. Every reader checks the
limits below *before* doing the work the input asks for (decompressing, parsing, expanding aliases, building
models, playing), so that no input file can cost more than a few seconds and a few hundred MiB.

Each limit has a documented default (``docs/input-limits.md``, checked against this table by a test) that real
input is far inside. A user who needs more (a huge Apocalypse-size roster, say) raises one with an environment
variable ``STRATEGIUM_LIMIT_<NAME>`` (for example ``STRATEGIUM_LIMIT_MODELS_PER_UNIT=500``); a value that is
not a positive whole number is an :class:`~strategium.errors.InputError` naming the variable.

A value past a limit is an ``InputError`` naming the file, the line or entry, and the field
(:func:`check_limit`).
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, fields, replace
from typing import Final

from strategium.errors import InputError

ENV_PREFIX: Final = "STRATEGIUM_LIMIT_"
_MIB: Final = 1024 * 1024


@dataclass(frozen=True)
class InputLimits:
    """The limits, one field per limit (all whole numbers; sizes in bytes, distances in inches)."""

    roster_file_bytes: int = 32 * _MIB
    """Largest ``.ros``/``.rosz`` file on disk (the largest real roster is about 0.3 MiB)."""
    zip_entries: int = 16
    """Most entries a ``.rosz`` archive may list (BattleScribe writes one)."""
    zip_uncompressed_bytes: int = 32 * _MIB
    """Largest total uncompressed size of a ``.rosz`` (declared, and as actually decompressed)."""
    zip_ratio: int = 100
    """Largest uncompressed/compressed ratio of a ``.rosz`` entry (real rosters compress 3-9 times)."""
    xml_depth: int = 256
    """Deepest nesting of XML elements in a roster (real rosters nest about 20 deep)."""
    yaml_file_bytes: int = 1 * _MIB
    """Largest army, scenario or rules-configuration YAML file (the bundled ones are under 10 KiB)."""
    yaml_aliases: int = 256
    """Most alias uses (``*name``) in one YAML file; aliases are what a YAML "billion laughs" multiplies."""
    yaml_nodes: int = 50_000
    """Most YAML nodes (scalars, lists, mappings, counting each alias use as the size it stands for; the bundled
    files hold about 1,000)."""
    yaml_depth: int = 64
    """Deepest nesting of YAML lists and mappings."""
    record_file_bytes: int = 16 * _MIB
    """Largest game record (``--json``) that ``replay`` reads (a 5-turn demo battle writes about 60 KiB)."""
    record_values: int = 1_000_000
    """Most JSON values (numbers, texts, lists, mappings) in one game record, counted before it is parsed (a 5-turn
    demo battle's record holds about 4,000)."""
    record_entries: int = 20_000
    """Most history entries (actions and forced dice) in one game record; a battle stops at 20,000 actions (a
    5-turn demo battle has about 200)."""
    string_chars: int = 10_000
    """Longest single text value (a name, a rule's text, an id) in any input."""
    units_per_army: int = 500
    """Most units in one army (real 3,000-point rosters hold about 20-40)."""
    models_per_unit: int = 300
    """Most models in one unit (HH2's largest units, Militia hordes, are under 150)."""
    models_per_army: int = 3_000
    """Most models in one army."""
    points: int = 1_000_000
    """Largest points value of a unit, upgrade or roster limit."""
    table_inches: int = 1_000
    """Largest table side and largest coordinate or distance in a scenario, in inches (a real table is 72" x 48")."""
    game_turns: int = 100
    """Most Game Turns a battle or scenario may ask for."""
    battle_runs: int = 1_000_000
    """Most battles one ``battle --runs`` may ask for."""
    # command line (h18-cli)
    battle_workers: int = 64
    """Most worker processes one ``battle --runs`` may start (``--workers``; the default is the CPU count)."""
    # army, scenario and rules-configuration files (h18-yaml)
    profile_value: int = 100
    """Largest number in a profile that the rules do not bound: Hull Points, Transport Capacity, Fire Points, a
    weapon's shots, dice and Strength, a special rule's (X) (HH2's data stays under 60 for all of them)."""
    terrain_vertices: int = 64
    """Most corners of one terrain piece or deployment zone polygon (real pieces have a handful; line of sight work
    grows with them)."""
    terrain_pieces: int = 100
    """Most terrain pieces, and most Buildings, in one scenario (a real table has about 6-15; every piece is in
    every line of sight test: a battle on 500 pieces took 376 MiB)."""
    # -- rosters (strategium.army: roster_xml, roster_tree, battlescribe, bs_models, bs_profiles) -------------
    xml_nodes: int = 200_000
    """Most XML elements and attributes, together, in a roster (the largest real roster has about 6,000)."""
    items_per_army: int = 50_000
    """Most things a roster gives the models of its army: weapons, wargear items, special rules and the upgrade
    selections looked at for each model, counting each copy (real 1,000-1,500 point rosters give under 1,000)."""
    roster_texts: int = 2_000
    """Most texts one roster gives the importer to read: each distinct rule name and profile once, and each
    comma-separated item in a profile's columns (the real rosters give under 300)."""
    detachments_per_army: int = 100
    """Most detachments (``force`` elements, nested ones included) in one roster (real rosters have 1-4)."""
    name_chars: int = 300
    """Longest name in a roster (``name``, ``customName``, ``catalogueName``, ``gameSystemName``) and longest
    Characteristic of a model or weapon profile: what the tables show (the real data's longest is 208)."""
    roster_number: int = 1_000
    """Largest number written in a roster's model and weapon profiles and rule names: a Characteristic, a Range
    in inches, a number of shots, a rule's (X) (the real data's largest is a 480\" Range)."""


DEFAULT_LIMITS: Final = InputLimits()
_active: InputLimits | None = None


def _from_environment(environ: Mapping[str, str]) -> InputLimits:
    changes: dict[str, int] = {}
    known = {f.name for f in fields(InputLimits)}
    for key, raw in environ.items():
        if not key.startswith(ENV_PREFIX):
            continue
        name = key[len(ENV_PREFIX) :].lower()
        if name not in known:
            raise InputError(f"no such input limit (known: {', '.join(sorted(known))})", field=key)
        text = raw.strip().replace("_", "")
        if not text.isdigit() or len(text) > 18 or int(text) < 1:
            raise InputError(f"must be a positive whole number, not {raw[:40]!r}", field=key)
        changes[name] = int(text)
    return replace(DEFAULT_LIMITS, **changes)


def limits() -> InputLimits:
    """The limits in force: the defaults, with any ``STRATEGIUM_LIMIT_<NAME>`` environment variable applied.

    Raises ``InputError`` for an unknown ``STRATEGIUM_LIMIT_`` variable or a value that is not a positive whole
    number. Read once per process (and again after :func:`using_limits`).
    """
    global _active
    if _active is None:
        _active = _from_environment(os.environ)
    return _active


@contextmanager
def using_limits(**changes: int) -> Iterator[InputLimits]:
    """Within the ``with`` block, the limits in force with ``changes`` applied (for tests and embedding code)."""
    global _active
    before = _active
    _active = replace(limits(), **changes)
    try:
        yield _active
    finally:
        _active = before


def check_limit(
    value: int | float,
    name: str,
    *,
    what: str,
    file: str | None = None,
    line: int | None = None,
    field: str | None = None,
) -> None:
    """Raise ``InputError`` if ``value`` is over the limit ``name`` (a field of :class:`InputLimits`).

    ``what`` says in words what was counted ("models in this unit"); the message names the limit's environment
    variable so a user who really needs more knows how to ask for it.
    """
    limit = getattr(limits(), name)
    if value > limit:
        shown = f"{value:g}" if isinstance(value, float) else str(value)
        raise InputError(
            f"{what}: {shown} is over the limit of {limit} (raise it with {ENV_PREFIX}{name.upper()})",
            file=file,
            line=line,
            field=field,
        )
