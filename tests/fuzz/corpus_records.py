"""Tampered game records (``strategium battle --json``) for ``strategium replay``: broken JSON, wrong formats and
versions, hostile seeds and setups (files that are not there, or are not files), forged and illegal history
entries, forged dice, and records too large to hold."""

from __future__ import annotations

import copy
import json
from typing import Any

from tests.fuzz.attacks import SECRET, Attack

REPLAY = ("replay", "{F}", "--quiet")


def _changed(base: dict[str, Any], path: tuple[Any, ...], value: Any) -> bytes:
    """The record with the value at ``path`` replaced (``...`` as the last part: the key removed)."""
    data = copy.deepcopy(base)
    place = data
    for part in path[:-1]:
        place = place[part]
    if value is ...:
        del place[path[-1]]
    else:
        place[path[-1]] = value
    return json.dumps(data, indent=1).encode()


def _first(base: dict[str, Any], kind: str) -> int:
    return next(i for i, entry in enumerate(base["history"]) if entry["type"] == kind)


def record_attacks(text: str) -> list[Attack]:
    """Attacks built from ``text``, a real record of a short demo battle (one Game Turn, seed 3)."""
    base = json.loads(text)
    raw = text.encode()
    deploy = _first(base, "Deploy")
    end = _first(base, "EndStep")
    history = base["history"]
    cases: dict[str, tuple[str, bytes]] = {
        "truncated-half": ("truncated files", raw[: len(raw) // 2]),
        "truncated-last-byte": ("truncated files", raw.rstrip()[:-1]),
        "empty": ("truncated files", b""),
        "not-json": ("truncated files", b"this is not a record\n"),
        "json-list": ("tampered records", b"[1, 2, 3]"),
        "utf8-bom": ("encodings and BOMs", b"\xef\xbb\xbf" + raw),
        "utf16": ("encodings and BOMs", text.encode("utf-16")),
        "invalid-utf8": ("encodings and BOMs", raw.replace(b'"demo"', b'"d\xffmo"', 1)),
        "format-other": ("wrong versions", _changed(base, ("format",), "strategium.record/2")),
        "format-missing": ("wrong versions", _changed(base, ("format",), ...)),
        "version-future": ("wrong versions", _changed(base, ("version",), "99.0.0")),
        "version-number": ("wrong versions", _changed(base, ("version",), 1.5)),
        "seed-text": ("tampered records", _changed(base, ("seed",), "abc")),
        "seed-negative": ("tampered records", _changed(base, ("seed",), -1)),
        "seed-huge": ("tampered records", _changed(base, ("seed",), 2**200)),
        "seed-float": ("tampered records", _changed(base, ("seed",), 1.5)),
        "seed-null": ("tampered records", _changed(base, ("seed",), None)),
        "seed-missing": ("tampered records", _changed(base, ("seed",), ...)),
        "seed-nan": ("huge and negative numbers", raw.replace(b'"seed": 3', b'"seed": NaN', 1)),
        "seed-1e999": ("huge and negative numbers", raw.replace(b'"seed": 3', b'"seed": 1e999', 1)),
        "seed-100k-digits": ("huge and negative numbers", raw.replace(b'"seed": 3', b'"seed": ' + b"7" * 100_000, 1)),
        "setup-missing": ("tampered records", _changed(base, ("setup",), ...)),
        "setup-list": ("tampered records", _changed(base, ("setup",), [1])),
        "scenario-missing-file": ("tampered records", _changed(base, ("setup", "scenario"), "nothere.yaml")),
        "scenario-dev-zero": ("tampered records", _changed(base, ("setup", "scenario"), "/dev/zero")),
        "scenario-itself": ("tampered records", _changed(base, ("setup", "scenario"), "record.json")),
        "scenario-secret": ("tampered records", _changed(base, ("setup", "scenario"), "secret.txt")),
        "scenario-passwd": ("path traversal", _changed(base, ("setup", "scenario"), "../../../../../../etc/passwd")),
        "armies-unknown": ("tampered records", _changed(base, ("setup", "armies"), ["nobody", "nothing"])),
        "armies-dev-zero": (
            "tampered records",
            _changed(base, ("setup", "armies"), ["/dev/zero", "emperors_children"]),
        ),
        "armies-secret": ("tampered records", _changed(base, ("setup", "armies"), ["secret.txt", "emperors_children"])),
        "armies-three": ("tampered records", _changed(base, ("setup", "armies"), ["a", "b", "c"])),
        "turns-zero": ("tampered records", _changed(base, ("setup", "turns"), 0)),
        "turns-huge": ("huge and negative numbers", _changed(base, ("setup", "turns"), 10**9)),
        "turns-huger": ("huge and negative numbers", _changed(base, ("setup", "turns"), 10**30)),
        "turns-float": ("tampered records", _changed(base, ("setup", "turns"), 1.5)),
        "turns-more-than-played": ("tampered records", _changed(base, ("setup", "turns"), 5)),
        "players-unknown": ("tampered records", _changed(base, ("setup", "players"), ["god", "random"])),
        "overrides-unknown": ("tampered records", _changed(base, ("overrides",), {"nothing": {"x": 1}})),
        "overrides-bad-value": ("tampered records", _changed(base, ("overrides",), {"reactions": {"allotment": -5}})),
        "overrides-text": ("tampered records", _changed(base, ("overrides",), "abc")),
        "overrides-list": ("tampered records", _changed(base, ("overrides",), [1, 2])),
        "history-text": ("tampered records", _changed(base, ("history",), "abc")),
        "history-null": ("tampered records", _changed(base, ("history",), None)),
        "history-mapping": ("tampered records", _changed(base, ("history",), {"a": 1})),
        "history-empty": ("tampered records", _changed(base, ("history",), [])),
        "entry-number": ("tampered records", _changed(base, ("history", 0), 5)),
        "entry-unknown-type": ("tampered records", _changed(base, ("history", 0, "type"), "Teleport")),
        "entry-type-list": ("tampered records", _changed(base, ("history", 0, "type"), ["Choose"])),
        "entry-no-type": ("tampered records", _changed(base, ("history", 0, "type"), ...)),
        "entry-dunder-type": ("tampered records", _changed(base, ("history", 0, "type"), "__class__")),
        "entry-extra-field": ("tampered records", _changed(base, ("history", 0, "evil"), 1)),
        "entry-missing-field": ("tampered records", _changed(base, ("history", 0, "player"), ...)),
        "player-3": ("illegal decisions", _changed(base, ("history", 0, "player"), 3)),
        "player-text": ("illegal decisions", _changed(base, ("history", 0, "player"), "1")),
        "deploy-off-table": ("illegal decisions", _changed(base, ("history", deploy, "positions", 0, 1), 500.0)),
        "deploy-nan": ("illegal decisions", raw.replace(b"59.1763", b"NaN", 1)),
        "deploy-infinity": ("illegal decisions", raw.replace(b"59.1763", b"Infinity", 1)),
        "deploy-huge": ("illegal decisions", raw.replace(b"59.1763", b"1e308", 1)),
        "deploy-short-position": ("illegal decisions", _changed(base, ("history", deploy, "positions", 0), ["x"])),
        "deploy-long-position": (
            "illegal decisions",
            _changed(base, ("history", deploy, "positions", 0), ["x", 1, 2, 3, 4, 5, 6]),
        ),
        "deploy-positions-text": ("illegal decisions", _changed(base, ("history", deploy, "positions"), "abc")),
        "deploy-positions-numbers": ("illegal decisions", _changed(base, ("history", deploy, "positions"), [1, 2])),
        "deploy-unknown-unit": ("illegal decisions", _changed(base, ("history", deploy, "unit_id"), "nobody")),
        "deploy-unit-number": ("illegal decisions", _changed(base, ("history", deploy, "unit_id"), 7)),
        "reserves-mode-unknown": ("illegal decisions", _changed(base, ("history", 2, "mode"), "Teleport")),
        "reserves-mode-list": ("illegal decisions", _changed(base, ("history", 2, "mode"), [])),
        "dice-seven": (
            "illegal decisions",
            _changed(base, ("history",), [{"type": "ForceDice", "faces": [7]}, *history]),
        ),
        "dice-zero": (
            "illegal decisions",
            _changed(base, ("history",), [{"type": "ForceDice", "faces": [0]}, *history]),
        ),
        "dice-huge": (
            "illegal decisions",
            _changed(base, ("history",), [{"type": "ForceDice", "faces": [10**20]}, *history]),
        ),
        "dice-text": (
            "illegal decisions",
            _changed(base, ("history",), [{"type": "ForceDice", "faces": ["six"]}, *history]),
        ),
        "dice-null": (
            "illegal decisions",
            _changed(base, ("history",), [{"type": "ForceDice", "faces": [None]}, *history]),
        ),
        "dice-scatter-bad": (
            "illegal decisions",
            _changed(base, ("history",), [{"type": "ForceDice", "faces": [{"scatter": "left"}]}, *history]),
        ),
        "dice-faces-text": (
            "illegal decisions",
            _changed(base, ("history",), [{"type": "ForceDice", "faces": "66"}, *history]),
        ),
        "dice-100k": (
            "huge and negative numbers",
            _changed(base, ("history",), [{"type": "ForceDice", "faces": [6] * 100_000}, *history]),
        ),
        "end-steps-50k": (
            "huge and negative numbers",
            _changed(base, ("history",), history[:end] + [history[end]] * 50_000),
        ),
        "action-dropped": ("illegal decisions", _changed(base, ("history",), history[:deploy] + history[deploy + 1 :])),
        "actions-swapped": ("illegal decisions", _changed(base, ("history",), [history[1], history[0], *history[2:]])),
        "action-twice": ("illegal decisions", _changed(base, ("history",), history[: deploy + 1] + history[deploy:])),
        "deep-nesting": (
            "deep nesting",
            b'{"format": "strategium.record/1", "seed": 1, "history": ' + b"[" * 100_000 + b"]" * 100_000 + b"}",
        ),
        "a-roster": ("tampered records", b'<?xml version="1.0"?><roster/>'),
    }
    beside = {"secret.txt": SECRET.encode()}
    referenced = {
        "scenario-missing-file": "nothere.yaml",
        "scenario-dev-zero": "zero",
        "scenario-secret": "secret.txt",
        "scenario-passwd": "passwd",
        "armies-unknown": "nobody",
        "armies-dev-zero": "zero",
        "armies-secret": "secret.txt",
    }
    out = [
        Attack(
            f"record-{key}",
            kind,
            "record.json",
            data,
            (REPLAY,),
            beside=beside,
            names=("record.json", referenced.get(key, "record.json")),
        )
        for key, (kind, data) in cases.items()
    ]
    out.append(
        Attack(
            "record-sparse-300mib", "huge and negative numbers", "record.json", None, (REPLAY,), special="sparse-300"
        )
    )
    out.append(
        Attack("record-fifo", "odd command-line values", "record.json", None, (REPLAY,), special="fifo", wall=5.0)
    )
    out.append(Attack("record-dev-zero", "odd command-line values", "record.json", None, (REPLAY,), special="zero"))
    out.append(Attack("record-folder", "odd command-line values", "record.json", None, (REPLAY,), special="dir"))
    return out
