"""The corpus's building blocks: an attack (a hostile input file and what to run on it) and ZIP archives built and
broken byte by byte. Every attack file is generated here, in the tests, at run time; none is committed.
"""

from __future__ import annotations

import io
import struct
import zipfile
import zlib
from dataclasses import dataclass, field, replace
from pathlib import Path

import pytest

from tests.fuzz.harness import CPU_SECONDS, MEMORY_MIB, Sandbox, problems, run_cli, verdict

SECRET = "FUZZ-SECRET-7f3a9c"
"""The content of ``secret.txt``, put beside attacks that try to read another file (XXE, XInclude, an army path
into the filesystem): it must never show in the output."""


@dataclass(frozen=True)
class Attack:
    """One hostile input. ``key``: its id in the test names (``zip-encrypted``); ``kind``: the issue's kind of
    attack; ``file``: the input's name in the sandbox and ``content`` its bytes (None: ``file`` is made by
    ``special``, a FIFO say); ``beside``: other files put next to it; ``argv``: the commands run on it, ``{F}``
    standing for ``file``; ``outputs``: what a command that works may write; ``wall`` and ``cpu``: the budgets
    and ``memory`` the cap (a known failure gets :data:`KNOWN_CPU_SECONDS` and :data:`KNOWN_MEMORY_MIB`);
    ``codes``: the exit codes allowed."""

    key: str
    kind: str
    file: str
    content: bytes | None
    argv: tuple[tuple[str, ...], ...]
    beside: dict[str, bytes] = field(default_factory=dict)
    special: str = ""
    outputs: tuple[str, ...] = ()
    wall: float = 60.0
    cpu: float = CPU_SECONDS
    memory: int = MEMORY_MIB
    codes: tuple[int, ...] = (0, 2)
    quiet_failure: bool = False
    """When the command fails, it failed before doing any work: nothing was printed on stdout."""
    names: tuple[str, ...] | None = None
    """What the error line must name (one of them); None: the attack's file; empty: not checked."""


def commands(argv: tuple[str, ...], file: str) -> list[str]:
    """``argv`` with ``{F}`` replaced by the attack's file name."""
    return [part.replace("{F}", file) for part in argv]


def make_special(kind: str, path: Path) -> None:
    """Make the special input ``kind`` at ``path``: ``fifo`` (a named pipe nobody writes to), ``dir`` (a folder),
    ``dangling`` (a symbolic link to nothing), ``zero`` (a link to ``/dev/zero``: endless bytes), ``passwd`` (a
    link to ``/etc/passwd``), ``dev-null`` (a link to ``/dev/null``), ``unreadable`` (no read permission)."""
    import os

    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "dir":
        path.mkdir()
    elif kind == "dangling":
        path.symlink_to(path.parent / "no-such-target")
    elif kind == "zero":
        path.symlink_to("/dev/zero")
    elif kind == "passwd":
        path.symlink_to("/etc/passwd")
    elif kind == "dev-null":
        path.symlink_to("/dev/null")
    elif kind.startswith("sparse-"):
        with open(path, "wb") as sparse:
            sparse.truncate(int(kind.split("-")[1]) * 1024 * 1024)
    elif kind == "unreadable":
        path.write_text("format: 1\n", encoding="utf-8")
        path.chmod(0)
    else:
        raise ValueError(kind)


def refused(attacks: list[Attack], keys: str) -> list[Attack]:
    """The attacks, those named in ``keys`` (space-separated) expected to be refused (exit 2 only): a value past
    a limit of ``docs/input-limits.md``, or a number that is not finite, must not be accepted."""
    wanted = set(keys.split())
    found = {a.key for a in attacks} & wanted
    assert found == wanted, f"no such attacks: {sorted(wanted - found)}"
    return [replace(a, codes=(2,)) if a.key in wanted else a for a in attacks]


def attack_problems(attack: Attack, box: Sandbox) -> list[str]:
    """Put the attack's files in ``box``, run each of its commands, and list every problem found (each with the
    command and the head of its traceback or stderr)."""
    for name, data in attack.beside.items():
        box.put(name, data)
    path = box.work / attack.file
    if attack.special:
        make_special(attack.special, path)
    elif attack.content is not None:
        box.put(attack.file, attack.content)
    found: list[str] = []
    for argv in attack.argv:
        args = commands(argv, attack.file)
        run = run_cli(args, box, cpu_seconds=attack.cpu, wall_seconds=attack.wall, memory_mib=attack.memory)
        expected = {
            "codes": attack.codes,
            "outputs": [f"work/{name}" for name in attack.outputs],
            "names": [attack.file, path.name] if attack.names is None else list(attack.names),
            "secrets": [SECRET],
        }
        listed = problems(run, **expected)
        worked = attack.quiet_failure and run.outcome == "exit" and run.code != 0 and bool(run.stdout.strip())
        if listed or worked:
            late = "\n  the command did its work before it failed (stdout is not empty)" if worked else ""
            found.append(verdict(run, **expected) + late)
    return found


KNOWN_CPU_SECONDS = 0.75
"""The CPU budget of an attack known to fail on main (``known.KNOWN``): it is run to notice the day it passes
(its strict ``xfail`` then fails), and a fixed reader refuses such input in milliseconds and a few MiB, so short
budgets keep the suite fast while the fixes are pending without hiding one. (The day a fix lands, its attack runs
on these budgets; once its entry leaves ``KNOWN``, on the full ones.)"""
KNOWN_WALL_SECONDS = 15.0
KNOWN_MEMORY_MIB = 100


def cases(attacks: list[Attack], known: dict[str, tuple[str, str]]) -> list[object]:
    """The attacks as pytest parameters, those that fail on main marked ``xfail(strict=True)`` with the kind
    and the owner of the fix (``known``: key → (kind, owner)) and run on the short budget above."""
    out: list[object] = []
    for attack in attacks:
        marks = []
        if attack.key in known:
            kind, owner = known[attack.key]
            marks.append(pytest.mark.xfail(strict=True, reason=f"issue 18: {kind}, owner {owner}"))
            attack = replace(
                attack, cpu=KNOWN_CPU_SECONDS, wall=min(attack.wall, KNOWN_WALL_SECONDS), memory=KNOWN_MEMORY_MIB
            )
        out.append(pytest.param(attack, id=attack.key, marks=marks))
    return out


# --- ZIP archives -----------------------------------------------------------------------------------------------


def zip_of(entries: list[tuple[str, bytes]], method: int = zipfile.ZIP_DEFLATED) -> bytes:
    """A ZIP archive of ``(name, bytes)`` entries."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", method) as archive:
        for name, data in entries:
            archive.writestr(zipfile.ZipInfo(name), data, compress_type=method)
    return out.getvalue()


def _headers(data: bytes) -> tuple[list[int], list[int]]:
    """Offsets of the local headers (``PK\\x03\\x04``) and central headers (``PK\\x01\\x02``)."""
    local = [i for i in range(len(data) - 3) if data[i : i + 4] == b"PK\x03\x04"]
    central = [i for i in range(len(data) - 3) if data[i : i + 4] == b"PK\x01\x02"]
    return local, central


def patch_headers(
    data: bytes, *, flags: int | None = None, method: int | None = None, size: int | None = None
) -> bytes:
    """Rewrite every entry's general-purpose flags, compression method or declared uncompressed size, in both its
    local and its central header (an encrypted entry is flag bit 0; a lying header declares a small size)."""
    out = bytearray(data)
    local, central = _headers(data)
    for offset in local:
        if flags is not None:
            struct.pack_into("<H", out, offset + 6, flags)
        if method is not None:
            struct.pack_into("<H", out, offset + 8, method)
        if size is not None:
            struct.pack_into("<I", out, offset + 22, size)
    for offset in central:
        if flags is not None:
            struct.pack_into("<H", out, offset + 8, flags)
        if method is not None:
            struct.pack_into("<H", out, offset + 10, method)
        if size is not None:
            struct.pack_into("<I", out, offset + 24, size)
    return bytes(out)


def corrupt_stream(data: bytes, name: str) -> bytes:
    """The archive with bytes in the middle of its (single) entry's compressed data inverted."""
    start = 30 + len(name.encode("utf-8"))
    end = data.index(b"PK\x01\x02")
    middle = start + (end - start) // 2
    out = bytearray(data)
    for i in range(middle, min(middle + 16, end)):
        out[i] ^= 0xFF
    return bytes(out)


def overlapping(entry: bytes, name: str, copies: int) -> bytes:
    """One local entry that ``copies`` central-directory records all point at (a "non-recursive" zip bomb:
    every entry is the same compressed data)."""
    single = zip_of([(name, entry)])
    _, central = _headers(single)
    end = single.index(b"PK\x05\x06")
    record = single[central[0] : end]
    body = single[: central[0]]
    records = b""
    for i in range(copies):
        renamed = record.replace(name.encode(), f"{i:0{len(name) - 4}d}.ros".encode()[: len(name)], 1)
        records += renamed
    eocd = struct.pack("<4sHHHHIIH", b"PK\x05\x06", 0, 0, copies, copies, len(records), len(body), 0)
    return body + records + eocd


def deflate_raw(data: bytes) -> bytes:
    """``data`` deflated without a zlib header (what a ZIP entry holds)."""
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    return packer.compress(data) + packer.flush()
