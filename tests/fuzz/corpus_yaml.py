"""Hostile YAML (and TOML) files: army files, scenario files and rules-configuration overrides, built from the
bundled ones. The YAML attacks every reader must survive (alias bombs, Python tags, duplicate keys, deep
nesting, encodings, huge literals) are run through all three commands; then what each format holds: model
counts, points and characteristics for armies; tables, polygons, positions and file references for scenarios;
settings for the configuration."""

from __future__ import annotations

import re
from pathlib import Path

import yaml

from strategium.config import RulesConfig
from tests.fuzz.attacks import SECRET, Attack, refused

PACKAGE = Path(__file__).resolve().parents[2] / "src" / "strategium"
DEMO_ARMIES = sorted((PACKAGE / "army" / "demo").glob("*.yaml"))
DEMO_SCENARIO = PACKAGE / "scenarios" / "demo.yaml"
TURN_SCENARIO = Path(__file__).resolve().parents[1] / "scenarios" / "DEMO_TURN.yaml"

ARMY = ("army", "show", "{F}")
ARMY_BATTLE = ("battle", "--army", "{F}", "--army", "imperialis_militia", "--turns", "1", "--quiet")
MAP = ("map", "{F}", "--out", "out.svg")
CHECK = ("check", "{F}")
SCENARIO_BATTLE = ("battle", "--scenario", "{F}", "--turns", "1", "--quiet")
CONFIG = ("rules", "config", "--file", "{F}")
_MB = 1024 * 1024


def config_text() -> str:
    """A rules-configuration override file that sets every setting the engine plays to its default (a valid
    base to break, that draws no warning)."""
    groups: dict[str, dict[str, object]] = {}
    for row in RulesConfig().describe():
        if not row.played:
            continue
        group, _, name = row.name.partition(".")
        groups.setdefault(group, {})[name] = list(row.value) if isinstance(row.value, tuple) else row.value
    return yaml.safe_dump(groups, sort_keys=False)


def _laughs() -> str:
    lines = ["a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
    lines += [f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 9)}]" for i in range(1, 10)]
    return "\n".join(lines) + "\n"


def _doubling(levels: int) -> str:
    lines = ["d0: &d0 [x, x]"] + [f"d{i}: &d{i} [*d{i - 1}, *d{i - 1}]" for i in range(1, levels)]
    return "\n".join(lines) + "\n"


GENERIC: dict[str, tuple[str, bytes]] = {
    "alias-bomb": ("YAML alias bombs", _laughs().encode()),
    "alias-doubling-40": ("YAML alias bombs", _doubling(40).encode()),
    "alias-wide": (
        "YAML alias bombs",
        (b"big: &big [" + b"x, " * 20_000 + b"x]\nuse: [" + b"*big, " * 250 + b"*big]\n"),
    ),
    "alias-recursive": ("YAML alias bombs", b"name: &n [*n]\nunits: &u {self: *u}\n"),
    "merge-key-chain": (
        "YAML alias bombs",
        b"".join(f"m{i}: &m{i} {{<<: *m{i - 1}, k{i}: {i}}}\n".encode() for i in range(1, 300)).replace(
            b"<<: *m0, ", b""
        ),
    ),
    "python-object": ("!!python/object tags", b"name: !!python/object/apply:os.system ['touch pwned']\nformat: 1\n"),
    "python-name": ("!!python/object tags", b"format: !!python/name:os.system\n"),
    "python-module": ("!!python/object tags", b"format: !!python/module:os\n"),
    "custom-tag": ("!!python/object tags", b"format: !strategium/evil {a: 1}\n"),
    "binary-tag": ("!!python/object tags", b"name: !!binary " + b"QUFB" * 50_000 + b"\n"),
    "set-and-timestamp": ("!!python/object tags", b"name: !!set {a, b}\nformat: !!timestamp 2001-12-14\n"),
    "duplicate-keys": ("duplicate keys", b"format: 1\nname: a\nname: b\n"),
    "duplicate-keys-nested": ("duplicate keys", b"reactions: {allotment: 1, allotment: 2}\n"),
    "deep-flow-100k": ("deep nesting", b"[" * 100_000 + b"]" * 100_000 + b"\n"),
    "deep-flow-1000": ("deep nesting", b"name: " + b"[" * 1000 + b"]" * 1000 + b"\n"),
    "deep-block-200": ("deep nesting", "".join(f"{'  ' * i}k{i}:\n" for i in range(200)).encode()),
    "huge-file-4mib": ("string lengths", b"# " + b"x" * (4 * _MB) + b"\nformat: 1\n"),
    "long-value-100k": ("string lengths", b"name: " + b"n" * 100_000 + b"\n"),
    "long-key-100k": ("string lengths", b"k" * 100_000 + b": 1\n"),
    "int-100k-digits": ("huge and negative numbers", b"format: " + b"9" * 100_000 + b"\n"),
    "float-overflow": ("huge and negative numbers", b"format: 1e400\nname: -1e400\n"),
    "nan": ("huge and negative numbers", b"format: .nan\nversion: .nan\n"),
    "utf8-bom": ("encodings and BOMs", b"\xef\xbb\xbfformat: 1\n"),
    "utf16": ("encodings and BOMs", "format: 1\nname: x\n".encode("utf-16")),
    "latin1": ("encodings and BOMs", "name: Caf\xe9\n".encode("latin-1")),
    "nul-byte": ("encodings and BOMs", b"name: a\x00b\n"),
    "invalid-utf8": ("encodings and BOMs", b"name: \xc3\x28\xff\n"),
    "bidi-and-controls": ("encodings and BOMs", 'name: "\u202eevil\x1b[31m\\x07"\n'.encode()),
    "empty": ("broken YAML", b""),
    "comments-only": ("broken YAML", b"# nothing here\n"),
    "top-level-list": ("broken YAML", b"- 1\n- 2\n"),
    "top-level-scalar": ("broken YAML", b"just text\n"),
    "two-documents": ("broken YAML", b"format: 1\n---\nformat: 2\n"),
    "tabs": ("broken YAML", b"format: 1\nunits:\n\t- id: x\n"),
    "unclosed-flow": ("broken YAML", b"name: [a, b\n"),
    "unclosed-quote": ("broken YAML", b'name: "abc\n'),
}


def generic_attacks() -> list[Attack]:
    """Every :data:`GENERIC` attack as an army file, a scenario file and a configuration file."""
    out = []
    for key, (kind, data) in GENERIC.items():
        out.append(Attack(f"army-{key}", kind, "army.yaml", data, (ARMY,)))
        out.append(Attack(f"scenario-{key}", kind, "scenario.yaml", data, (MAP,), outputs=("out.svg",)))
        out.append(Attack(f"config-{key}", kind, "overrides.yaml", data, (CONFIG,)))
    return out


def _sub(text: str, pattern: str, value: str) -> str:
    """``pattern`` (a regular expression with one group: the value) replaced at its first match."""
    hit = re.search(pattern, text, flags=re.MULTILINE)
    assert hit is not None, pattern
    return text[: hit.start(1)] + value + text[hit.end(1) :]


def _unit(unit_id: str, count: int) -> str:
    """A Troops unit of ``count`` Militia, without aliases (so that a test of the unit limits is not one of
    the alias limit)."""
    model = (
        f"{{name: Militia, count: {count}, unit_type: 'Infantry (Militia, Line)', m: 6, ws: 3, bs: 3, s: 3, "
        "t: 3, w: 1, i: 3, a: 1, ld: 5, sv: 5+, base_mm: 25, weapons: [Lasgun]}"
    )
    return f"  - id: {unit_id}\n    name: Infantry Squad\n    slot: Troops\n    points: 0\n    models: [{model}]\n"


def _with_units(base: str, units: list[tuple[str, int]]) -> str:
    """The army file with more units (id, model count), each in its Crusade detachment."""
    blocks = "".join(_unit(unit_id, count) for unit_id, count in units)
    ids = "".join(f"{unit_id}, " for unit_id, _ in units)
    text = base.replace("  - id: infantry-2", blocks + "  - id: infantry-2", 1)
    return text.replace("units: [force-commander, ", "units: [force-commander, " + ids, 1)


def army_attacks() -> list[Attack]:
    """Army files (``imperialis_militia.yaml`` changed at one place each)."""
    base = (PACKAGE / "army" / "demo" / "imperialis_militia.yaml").read_text(encoding="utf-8")
    cases: dict[str, tuple[str, str]] = {}
    for value in ("1000000", "1000000000000000000", "-1", "0", ".nan", "1e400", "19.5", "true", '"19"', "[19]"):
        cases[f"count-{value}"] = ("huge and negative numbers", _sub(base, r"^\s+count: (19)$", value))
    for value in ("1000000000000000000000000000000", "-80", ".inf", ".nan", "80.5"):
        cases[f"points-{value}"] = ("huge and negative numbers", _sub(base, r"^    points: (80)$", value))
    for field, value in (
        ("ws", "1000000000000000000"),
        ("t", "-3"),
        ("w", "0"),
        ("m", ".inf"),
        ("a", ".nan"),
        ("ld", "1e400"),
        ("sv", "1+"),
        ("sv", "7+"),
        ("base_mm", "0"),
        ("base_mm", "-25"),
        ("base_mm", "1000000000"),
        ("base_mm", "[0, 0]"),
        ("base_mm", ".nan"),
    ):
        cases[f"{field}-{value.replace(' ', '')}"] = (
            "huge and negative numbers",
            _sub(base, rf"^\s+{field}: (\S+)$", value),
        )
    for value in ("'1e18\"'", "'-24\"'", "'NaN\"'", "'\"'", "'99999999999999999999\"'"):
        cases[f"range-{value}"] = ("huge and negative numbers", _sub(base, r"name: Lasgun, range: ('24\"')", value))
    cases["strength-huge"] = (
        "huge and negative numbers",
        _sub(base, r'name: Lasgun, range: \S+ strength: ("3")', '"1e400"'),
    )
    cases["duplicate-unit-id"] = ("duplicate ids", base.replace("- id: infantry-2", "- id: infantry-1", 1))
    cases["duplicate-weapon"] = (
        "duplicate ids",
        base.replace(
            "weapons:\n", 'weapons:\n  - {name: Lasgun, range: \'6"\', strength: "9", ap: "1", type: Melee}\n', 1
        ),
    )
    cases["units-600"] = ("huge and negative numbers", _with_units(base, [(f"copy-{i}", 1) for i in range(600)]))
    cases["models-4000"] = ("huge and negative numbers", _with_units(base, [(f"many-{i}", 200) for i in range(20)]))
    cases["name-100k"] = ("string lengths", _sub(base, r"^name: (.*)$", "n" * 100_000))
    cases["rules-20k"] = (
        "string lengths",
        base.replace("rules: [Strength in Numbers]", "rules: [" + ", ".join(["Fearless"] * 20_000) + "]", 1),
    )
    cases["unknown-weapon"] = ("broken YAML", base.replace("weapons: [Lasgun]", "weapons: [Doomsday Device]", 1))
    cases["format-2"] = ("broken YAML", base.replace("format: 1", "format: 2", 1))
    out = [Attack(f"army-{key}", kind, "army.yaml", text.encode(), (ARMY,)) for key, (kind, text) in cases.items()]
    for key in ("count-1000000", "count--1", "count-0", "duplicate-unit-id", "base_mm-0", "range-'-24\"'"):
        out.append(Attack(f"army-battle-{key}", cases[key][0], "army.yaml", cases[key][1].encode(), (ARMY_BATTLE,)))
    past_limits = (
        "count-1000000 count-1000000000000000000 count-.nan count-1e400 points-1000000000000000000000000000000 "
    )
    past_limits += "points-.inf points-.nan ws-1000000000000000000 m-.inf a-.nan ld-1e400 base_mm-.nan range-'1e18\"' "
    past_limits += "range-'NaN\"' range-'99999999999999999999\"' units-600 models-4000 name-100k"
    return refused(out, " ".join(f"army-{key}" for key in past_limits.split()))


def scenario_attacks() -> list[Attack]:
    """Scenario files (the bundled demo, or the refereed ``DEMO_TURN`` for ``check``, changed at one place)."""
    base = DEMO_SCENARIO.read_text(encoding="utf-8")
    turn = TURN_SCENARIO.read_text(encoding="utf-8")
    table = r"^table: \{width: (72), depth: 48\}$"
    polygon = r"^    polygon: (\[\[31, 25\], \[37, 24\], \[38, 29\], \[32, 30\]\])$"
    terrain = "  - {id: extra-%d, name: Rock, kind: impassable, rect: [%d, 40, 0.5, 0.5], height: 1}\n"
    cases: dict[str, tuple[str, str]] = {
        "table-0": ("huge and negative numbers", _sub(base, table, "0")),
        "table-negative": ("huge and negative numbers", _sub(base, table, "-72")),
        "table-huge": ("huge and negative numbers", _sub(base, table, "1000000000")),
        "table-nan": ("huge and negative numbers", _sub(base, table, ".nan")),
        "table-inf": ("huge and negative numbers", _sub(base, table, ".inf")),
        "table-text": ("huge and negative numbers", _sub(base, table, '"72"')),
        "polygon-bowtie": (
            "self-intersecting polygons",
            _sub(base, polygon, "[[31, 25], [38, 29], [37, 24], [32, 30]]"),
        ),
        "polygon-two-points": ("self-intersecting polygons", _sub(base, polygon, "[[31, 25], [37, 24]]")),
        "polygon-empty": ("self-intersecting polygons", _sub(base, polygon, "[]")),
        "polygon-nan": (
            "self-intersecting polygons",
            _sub(base, polygon, "[[.nan, 25], [37, 24], [38, .inf], [32, 30]]"),
        ),
        "polygon-huge": ("self-intersecting polygons", _sub(base, polygon, "[[1e308, 25], [37, 1e308], [38, 29]]")),
        "polygon-100k": (
            "self-intersecting polygons",
            _sub(
                base, polygon, "[" + ", ".join(f"[{30 + (i % 7)}, {24 + (i * 7919 % 6)}]" for i in range(100_000)) + "]"
            ),
        ),
        "polygon-collinear": ("self-intersecting polygons", _sub(base, polygon, "[[31, 25], [32, 25], [33, 25]]")),
        "rect-negative": (
            "self-intersecting polygons",
            base.replace("rect: [12, 20, 7, 5]", "rect: [12, 20, -7, -5]", 1),
        ),
        "rect-nan": ("self-intersecting polygons", base.replace("rect: [12, 20, 7, 5]", "rect: [12, .nan, 7, 5]", 1)),
        "terrain-1000": (
            "huge and negative numbers",
            base.replace("buildings:", "".join(terrain % (i, i % 70) for i in range(1000)) + "\nbuildings:", 1),
        ),
        "position-nan": (
            "huge and negative numbers",
            base.replace("centurion: [[38, 6]]", "centurion: [[.nan, 6]]", 1),
        ),
        "position-huge": (
            "huge and negative numbers",
            base.replace("centurion: [[38, 6]]", "centurion: [[1e308, 6]]", 1),
        ),
        "heading-inf": (
            "huge and negative numbers",
            base.replace("centurion: [[38, 6]]", "centurion: [[38, 6, .inf]]", 1),
        ),
        "positions-100k": (
            "huge and negative numbers",
            base.replace("centurion: [[38, 6]]", "centurion: [" + ", ".join(["[38, 6]"] * 100_000) + "]", 1),
        ),
        "deployment-unknown": (
            "broken YAML",
            base.replace("deployment: dawn_of_war", "deployment: hammer_and_anvil_x"),
        ),
        "building-size-0": ("huge and negative numbers", base.replace("size: [5, 5]", "size: [0, 0]", 1)),
        "building-hull-huge": (
            "huge and negative numbers",
            base.replace("hull_points: 6", "hull_points: 1000000000000000000", 1),
        ),
        "army-etc-passwd": (
            "path traversal",
            base.replace("- demo: emperors_children", "- army: ../../../../../../etc/passwd", 1),
        ),
        "army-secret": ("path traversal", base.replace("- demo: emperors_children", "- army: secret.txt", 1)),
        "army-dev-zero": ("path traversal", base.replace("- demo: emperors_children", "- army: /dev/zero", 1)),
        "roster-dev-zero": ("path traversal", base.replace("- demo: emperors_children", "- roster: /dev/zero", 1)),
        "roster-secret": ("path traversal", base.replace("- demo: emperors_children", "- roster: secret.txt", 1)),
        "army-itself": ("path traversal", base.replace("- demo: emperors_children", "- army: scenario.yaml", 1)),
        "army-folder": ("path traversal", base.replace("- demo: emperors_children", "- army: .", 1)),
        "rules-config-dev-zero": (
            "path traversal",
            base.replace("deployment: dawn_of_war", "deployment: dawn_of_war\nrules_config: /dev/zero", 1),
        ),
        "rules-config-huge": (
            "huge and negative numbers",
            base.replace(
                "deployment: dawn_of_war",
                "deployment: dawn_of_war\nrules_config: {reactions: {allotment: 1000000000000000000}}",
                1,
            ),
        ),
    }
    turn_cases: dict[str, tuple[str, str]] = {
        "game-turn-huge": ("huge and negative numbers", turn.replace("game_turn: 2", "game_turn: 1000000000", 1)),
        "first-player-3": ("huge and negative numbers", turn.replace("first_player: 1", "first_player: 3", 1)),
        "force-dice-bad": (
            "huge and negative numbers",
            turn.replace("actions:\n", "actions:\n  - {force_dice: [7, 0, -1, 100000000000000000000, .nan]}\n", 1),
        ),
        "actions-20000": (
            "huge and negative numbers",
            turn.replace("actions:\n", "actions:\n" + "  - {player: 2, end_step: true}\n" * 20_000, 1),
        ),
        "move-nan": (
            "huge and negative numbers",
            re.sub(r"positions: \[\[[^\]]*\]", "positions: [[.nan, .inf]", turn, count=1),
        ),
    }
    beside = {"secret.txt": SECRET.encode()}
    referenced = {
        "army-etc-passwd": "passwd",
        "army-secret": "secret.txt",
        "roster-secret": "secret.txt",
        "army-dev-zero": "zero",
        "roster-dev-zero": "zero",
        "rules-config-dev-zero": "zero",
    }
    out = [
        Attack(
            f"scenario-{key}",
            kind,
            "scenario.yaml",
            text.encode(),
            (MAP, CHECK),
            beside=beside,
            outputs=("out.svg",),
            codes=(0, 1, 2),
            names=("scenario.yaml", referenced.get(key, "scenario.yaml")),
        )
        for key, (kind, text) in cases.items()
    ]
    out += [
        Attack(f"check-{key}", kind, "scenario.yaml", text.encode(), (CHECK,), codes=(0, 1, 2))
        for key, (kind, text) in turn_cases.items()
    ]
    for key in ("table-huge", "polygon-bowtie", "position-huge", "building-size-0"):
        kind, text = cases[key]
        out.append(Attack(f"scenario-battle-{key}", kind, "scenario.yaml", text.encode(), (SCENARIO_BATTLE,)))
    past_limits = (
        "scenario-table-huge scenario-table-nan scenario-table-inf scenario-polygon-nan scenario-polygon-huge "
    )
    past_limits += "scenario-position-nan scenario-position-huge scenario-heading-inf check-game-turn-huge "
    past_limits += "scenario-battle-table-huge scenario-battle-position-huge"
    return refused(out, past_limits)


def config_attacks() -> list[Attack]:
    """Rules-configuration override files, YAML and TOML."""
    base = config_text()
    yaml_cases: dict[str, tuple[str, str]] = {
        "unknown-group": ("broken YAML", base + "no_such_group: {x: 1}\n"),
        "unknown-setting": ("broken YAML", base.replace("reactions:\n", "reactions:\n  no_such_setting: 1\n", 1)),
        "allotment-huge": (
            "huge and negative numbers",
            re.sub(r"allotment: \d+", "allotment: " + "9" * 30, base, count=1),
        ),
        "allotment-negative": ("huge and negative numbers", re.sub(r"allotment: \d+", "allotment: -1", base, count=1)),
        "allotment-nan": ("huge and negative numbers", re.sub(r"allotment: \d+", "allotment: .nan", base, count=1)),
        "allotment-text": ("huge and negative numbers", re.sub(r"allotment: \d+", "allotment: lots", base, count=1)),
        "bool-as-list": ("broken YAML", base.replace("true", "[true]", 1)),
        "group-as-list": ("broken YAML", base.replace("reactions:\n", "reactions: []\nx:\n", 1)),
    }
    toml_cases: dict[str, tuple[str, bytes]] = {
        "toml-deep-100k": ("deep nesting", b"a = " + b"[" * 100_000 + b"]" * 100_000 + b"\n"),
        "toml-deep-inline-tables": ("deep nesting", b"a = " + b"{b = " * 50_000 + b"1" + b"}" * 50_000 + b"\n"),
        "toml-huge-int": ("huge and negative numbers", b"[reactions]\nallotment = " + b"9" * 5000 + b"\n"),
        "toml-duplicate-key": ("duplicate keys", b"[reactions]\nallotment = 1\nallotment = 2\n"),
        "toml-nan": ("huge and negative numbers", b"[reactions]\nallotment = nan\n"),
        "toml-broken": ("broken YAML", b"[reactions\nallotment = \n"),
        "toml-binary": ("encodings and BOMs", bytes(range(256))),
        "toml-bom": ("encodings and BOMs", b"\xef\xbb\xbf[reactions]\nallotment = 1\n"),
    }
    out = [Attack(f"config-{k}", kind, "overrides.yaml", t.encode(), (CONFIG,)) for k, (kind, t) in yaml_cases.items()]
    out += [Attack(f"config-{k}", kind, "overrides.toml", data, (CONFIG,)) for k, (kind, data) in toml_cases.items()]
    out.append(Attack("config-txt-suffix", "odd command-line values", "overrides.txt", base.encode(), (CONFIG,)))
    out.append(Attack("config-fifo", "odd command-line values", "pipe.yaml", None, (CONFIG,), special="fifo", wall=5.0))
    out.append(Attack("config-dev-zero", "odd command-line values", "zero.yaml", None, (CONFIG,), special="zero"))
    out.append(Attack("army-fifo", "odd command-line values", "pipe.yaml", None, (ARMY,), special="fifo", wall=5.0))
    out.append(Attack("army-dev-zero", "odd command-line values", "zero.yaml", None, (ARMY,), special="zero"))
    for key, argv in (("army", ARMY), ("scenario", MAP), ("config", CONFIG)):
        out.append(Attack(f"{key}-sparse-8mib", "string lengths", "big.yaml", None, (argv,), special="sparse-8"))
    out.append(
        Attack(
            "scenario-fifo",
            "odd command-line values",
            "pipe.yaml",
            None,
            (MAP, CHECK),
            special="fifo",
            wall=5.0,
            codes=(0, 1, 2),
        )
    )
    out.append(
        Attack(
            "scenario-dev-zero",
            "odd command-line values",
            "zero.yaml",
            None,
            (MAP, CHECK),
            special="zero",
            codes=(0, 1, 2),
        )
    )
    return out
