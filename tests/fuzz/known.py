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


KNOWN: dict[str, tuple[str, str]] = {
    # rosters
    **_each("duplicate-unit-id", "duplicate unit ids: ValueError traceback in battle", ROSTER),
    **_each("models-1000000 models-100000000000", "huge model count: MemoryError or over budget", ROSTER),
    **_each("enc-unknown-encoding", "unknown XML encoding: LookupError", ROSTER),
    **_each("zip-encrypted zip-aes-method", "encrypted zip entry: RuntimeError", ROSTER),
    **_each("zip-corrupt-deflate", "corrupt deflate stream: zlib.error", ROSTER),
    **_each("zip-corrupt-lzma roster-OgrynChainaxeFix-005", "corrupt LZMA stream: LZMAError", ROSTER),
    **_each("fifo", "a FIFO given as a roster: waits for ever", ROSTER),
    **_each(
        "units-600 long-name-20k long-name-200k points-1e18 limit-1e18",
        "value past a limit (units, string length, points) accepted",
        ROSTER,
    ),
    **_each("dev-zero", "/dev/zero given as a roster: reads without end, MemoryError", ROSTER),
    # YAML: army, scenario and rules-configuration files
    **_readers("alias-bomb alias-doubling-40 alias-wide", "YAML alias bomb: MemoryError or over budget"),
    **_readers("alias-recursive", "recursive YAML alias: RecursionError"),
    **_readers("deep-flow-100k deep-flow-1000", "deeply nested YAML: RecursionError"),
    **_readers("int-100k-digits", "100,000-digit YAML number: ValueError (int digits limit)"),
    **_readers("nul-byte bidi-and-controls sparse-8mib", "control character in YAML: yaml ReaderError traceback"),
    **_each("scenario-turn-000", "control character in YAML: yaml ReaderError traceback", YAML),
    **_each("config-toml-deep-100k config-toml-deep-inline-tables", "deeply nested TOML: RecursionError", YAML),
    **_each("config-toml-huge-int", "5,000-digit TOML number: ValueError (int digits limit)", YAML),
    **_each("config-fifo", "a FIFO given as a configuration file: waits for ever", YAML),
    **_each("config-dev-zero", "/dev/zero given as a configuration file: MemoryError", YAML),
    **_each(
        "army-count-1000000 army-count-1000000000000000000 army-battle-count-1000000",
        "huge model count in an army file: MemoryError",
        YAML,
    ),
    **_each(
        "army-base_mm-0 army-base_mm--25 army-base_mm-[0,0] army-battle-base_mm-0",
        "bad base size: error names no file, line or field",
        YAML,
    ),
    **_each(
        "army-units-600 army-models-4000 army-name-100k army-range-'99999999999999999999\"' army-base_mm-.nan "
        "scenario-table-huge check-game-turn-huge",
        "value past a limit (units, models, string length, distance, table, Game Turns) or NaN accepted",
        YAML,
    ),
    **_each("scenario-polygon-100k scenario-positions-100k", "100,000 points in a scenario: over budget", YAML),
    **_each("check-actions-20000", "20,000 scenario actions: over budget (no limit covers it)", YAML),
    **_each("scenario-battle-table-huge", "a 10^9-inch table: numpy MemoryError in battle", YAML),
    **_each("cli-scenario-dev-zero record-scenario-dev-zero", "/dev/zero given as a scenario: MemoryError", YAML),
    **_each(
        "cli-scenario-missing cli-scenario-empty-name cli-scenario-folder record-scenario-missing-file",
        "missing scenario file or a folder: Python's [Errno] text in the error",
        YAML,
    ),
    # game records
    **_each(
        "record-seed-text record-seed-null record-seed-missing record-seed-nan record-seed-1e999 record-setup-list "
        "record-overrides-text record-overrides-list record-history-null record-entry-type-list",
        "record field of the wrong type: raw TypeError/ValueError/KeyError/OverflowError",
        RECORD,
    ),
    **_each("record-seed-100k-digits", "100,000-digit seed: ValueError (int digits limit)", RECORD),
    **_each("record-deep-nesting", "deeply nested JSON: RecursionError", RECORD),
    **_each("record-deploy-nan", "NaN position in a record: shapely GEOSException traceback", RECORD),
    **_each(
        "record-deploy-short-position record-deploy-long-position record-deploy-positions-text "
        "record-deploy-positions-numbers record-000 record-001",
        "malformed positions in a record: raw TypeError",
        RECORD,
    ),
    **_each("record-reserves-mode-unknown record-reserves-mode-list", "unknown Reserves mode: raw ValueError", RECORD),
    **_each("record-dice-text record-dice-null record-002", "forced die that is not a number: raw ValueError", RECORD),
    **_each(
        "record-seed-negative record-seed-huge record-seed-float record-player-3 record-player-text "
        "record-deploy-off-table record-deploy-infinity record-deploy-huge record-deploy-unknown-unit "
        "record-deploy-unit-number record-dice-seven record-dice-zero record-dice-huge record-end-steps-50k "
        "record-action-dropped record-actions-swapped record-action-twice",
        "illegal decision or bad value in a record: the error names neither the record nor the entry",
        RECORD,
    ),
    **_each("record-fifo", "a FIFO given as a record: waits for ever", RECORD),
    **_each("record-dev-zero record-sparse-300mib", "endless or 300 MiB record: MemoryError (no size check)", RECORD),
    **_each(
        "record-folder cli-replay-missing cli-replay-folder cli-replay-empty-name",
        "missing record or a folder: Python's [Errno] text in the error",
        RECORD,
    ),
    # the command line
    **_each(
        "cli-seed-abc cli-seed-1e3 cli-seed-empty cli-turns-x cli-turns-1.5 cli-runs-x cli-rules-list-status "
        "cli-unknown-command cli-unknown-option cli-missing-option-value cli-map-no-out",
        "usage error: a boxed panel of several lines, not one line",
        CLI,
    ),
    **_each("cli-runs-2000000 cli-runs-99999999999999999999", "--runs past the battle_runs limit: plays on", CLI),
    **_each("cli-army-long-name", "a 100,000-character file name: OSError traceback", CLI),
    **_each("newline-in-name", "a file name with a newline: the error is two lines", CLI),
    **_each(
        "cli-json-missing-folder cli-json-is-a-folder cli-report-is-a-file cli-report-is-the-scenario",
        "output path refused only after the battle was played",
        CLI,
    ),
    **_each("cli-report-missing-folder", "--report into a missing folder: the folders are made", CLI),
    **_each(
        "cli-map-out-is-the-scenario cli-json-is-the-scenario cli-json-is-an-army",
        "output path equal to an input: the input is overwritten",
        CLI,
    ),
}
"""Attack or mutant key → (kind, owner)."""
