"""Benchmark: the worst rosters within the input limits, and just past them (target: under 300 MiB and 5 s each).

Run: ``.venv/bin/python benchmarks/roster_hostile.py [--keep DIR]``. Builds each case in a temporary folder (or
``DIR``), runs ``strategium roster FILE --json`` and ``strategium roster FILE`` (the tables) on it, each in a
child process, and prints the exit code, the child's
wall and CPU time (``wait4``) and its peak resident memory (``VmHWM`` of ``/proc/self/status``, read by the child
as it exits: Linux only; a forked child's ``ru_maxrss`` would count the parent's memory at the fork). The first
row is a real roster, for the cost of starting the command (Python, imports) that every row includes. Figures
go in the "Rosters" section of ``docs/input-limits.md``. Not a test: timings depend on the machine.
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import tempfile
import time
import zipfile
from collections.abc import Callable, Iterator
from pathlib import Path

from strategium.limits import DEFAULT_LIMITS as LIMITS

SHARED = Path(os.environ.get("STRATEGIUM_SHARED", Path(__file__).resolve().parents[2] / "shared")) / "data"
TARGET_MIB, TARGET_SECONDS = 300, 5.0

_HH2 = "28d4-bd2e-4858-ece6"
_NS = "http://www.battlescribe.net/schema/rosterSchema"
_MODEL = (
    '<profile name="Trooper" typeId="4bb2-cb95-e6c8-5a21" typeName="Unit"><characteristics>'
    '<characteristic name="Unit Type">Infantry</characteristic><characteristic name="Move">7</characteristic>'
    '<characteristic name="WS">4</characteristic><characteristic name="BS">4</characteristic>'
    '<characteristic name="S">4</characteristic><characteristic name="T">4</characteristic>'
    '<characteristic name="W">1</characteristic><characteristic name="I">4</characteristic>'
    '<characteristic name="A">1</characteristic><characteristic name="Ld">7</characteristic>'
    '<characteristic name="Save">3+</characteristic></characteristics></profile>'
)


def _weapon(name: str) -> str:
    return (
        f'<profile name="{name}" typeId="1a1a-e592-2849-a5c0" typeName="Weapon"><characteristics>'
        '<characteristic name="Range">24</characteristic><characteristic name="Strength">4</characteristic>'
        '<characteristic name="AP">5</characteristic><characteristic name="Type">Rapid Fire</characteristic>'
        "</characteristics></profile>"
    )


def _roster(forces: str, rules: str = "") -> str:
    return (
        f'<?xml version="1.0" encoding="UTF-8"?>\n<roster id="r" name="worst case" gameSystemId="{_HH2}" '
        f'xmlns="{_NS}"><forces><force id="f" name="Crusade" entryId="d926-652f-8436-30ce"><rules>{rules}</rules>'
        f"<selections>{forces}</selections></force></forces></roster>"
    )


def _unit(uid: str, models: int, items: str = "") -> str:
    return (
        f'<selection id="{uid}" name="Unit {uid}" type="unit"><categories><category name="Troops" '
        'entryId="9b5d-fac7-799b-d7e7" primary="true"/></categories><costs><cost name="Pts" '
        f'typeId="d2ee-04cb-5f8a-2642" value="10"/></costs><selections><selection id="{uid}m" name="Trooper" '
        f'type="model" number="{models}"><profiles>{_MODEL}</profiles><selections>{items}</selections></selection>'
        "</selections></selection>"
    )


def _text_rules(count: int, text: Callable[[int], str]) -> str:
    return "".join(f'<rule name="Rule {n}"><description>{text(n)}</description></rule>' for n in range(count))


def _letters(count: int, seed: int) -> str:
    rng = random.Random(seed)
    return "".join(rng.choices("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 .,", k=count))


def _word(n: int) -> str:
    return "".join(chr(97 + n // 26**k % 26) for k in range(3))


def _zip(path: Path, data: bytes, method: int) -> None:
    with zipfile.ZipFile(path, "w", method) as archive:
        archive.writestr("roster.ros", data)


def _bomb(path: Path, gib: int) -> None:
    """A deflated entry of ``gib`` GiB of zeros (about 1 MiB per GiB), written in a stream."""
    with (
        zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive,
        archive.open("roster.ros", "w", force_zip64=True) as entry,
    ):
        block = b"\0" * (1 << 24)
        for _ in range(gib * 64):
            entry.write(block)


def _lying_bomb(source: Path, path: Path) -> None:
    """``source`` with the entry's uncompressed size declared as 100 KiB in both headers."""
    data = bytearray(source.read_bytes())
    local = data.find(b"PK\x03\x04")
    central = data.find(b"PK\x01\x02")
    data[local + 22 : local + 26] = (100 * 1024).to_bytes(4, "little")
    data[central + 24 : central + 28] = (100 * 1024).to_bytes(4, "little")
    path.write_bytes(bytes(data))


def _long(text: str) -> str:
    return (text * LIMITS.name_chars)[: LIMITS.name_chars]


def _named_unit(n: int) -> str:
    """A 3-model unit with 2 weapons each, every name and the weapons' Type ``name_chars`` long."""
    kit = "".join(
        f'<selection id="w{n}-{k}" name="{_long(f"Gear {k} ")}" type="upgrade" number="3"><rules>'
        f'<rule name="{_long(f"Rule {_word(2 * n + k)} ")}"/></rules><profiles>'
        + _weapon(_long(f"Gun {_word(n)}-{k} ")).replace("Rapid Fire", _long("Heavy 2 x"))
        + "</profiles></selection>"
        for k in range(2)
    )
    return (
        _unit(f"u{n}", 3, kit)
        .replace(f'name="Unit u{n}"', f'name="{_long(f"Unit {_word(n)} ")}"')
        .replace('name="Trooper" type', f'name="{_long(f"Trooper {_word(n)} ")}" type')
    )


def cases(folder: Path) -> Iterator[tuple[str, Path]]:
    """(what, file) for every case, each written into ``folder`` as it is needed."""
    real = max(sorted((SHARED / "rosters").glob("*.ros")), key=lambda p: p.stat().st_size)
    yield f"a real roster ({real.name})", real
    big = folder / "text.ros"
    prose = "界" * (LIMITS.string_chars * 9 // 10)
    big.write_text(_roster(_unit("u", 10), _text_rules(1_180, lambda _: prose)), encoding="utf-8")
    yield "31 MiB .ros of 9,000-character texts", big
    stored = folder / "stored.rosz"
    _zip(stored, big.read_bytes(), zipfile.ZIP_STORED)
    yield "the same, stored in a .rosz", stored
    deflated = folder / "deflated.rosz"
    _zip(deflated, _roster(_unit("u", 10), _text_rules(3_500, lambda n: _letters(9_000, n))).encode(), 8)
    yield ".rosz deflated to 1/1.3, 31 MiB of XML", deflated
    nodes = folder / "nodes.ros"
    zero = '<selection number="0"/>' * ((LIMITS.xml_nodes - 200) // 2)
    nodes.write_text(_roster(_unit("u", LIMITS.models_per_unit, zero)), encoding="utf-8")
    yield f"{LIMITS.xml_nodes:,} XML nodes, a {LIMITS.models_per_unit}-model unit", nodes
    army = folder / "army.ros"
    guns = "".join(
        f'<selection id="g{k}" name="Gun {k}" type="upgrade" number="300"><profiles>{_weapon(f"Gun {k}")}'
        "</profiles></selection>"
        for k in range(7)
    )
    army.write_text(_roster("".join(_unit(f"u{n}", 300, guns) for n in range(10))), encoding="utf-8")
    yield "3,000 models, 49,000 weapons (items_per_army)", army
    texts = folder / "texts.ros"
    names = "".join(f'<rule name="Rule number {_word(n)}"/>' for n in range(LIMITS.roster_texts - 10))
    texts.write_text(_roster(_unit("u", 5), names), encoding="utf-8")
    yield f"{LIMITS.roster_texts - 10:,} made-up rule names (roster_texts)", texts
    weapons = folder / "weapons.ros"
    per_unit = (LIMITS.roster_texts - 600) // 200
    guns = "".join(
        f'<selection id="w{k}" name="Gun" type="upgrade"><profiles>{_weapon("{u}-" + str(k))}</profiles></selection>'
        for k in range(per_unit)
    )
    weapons.write_text(_roster("".join(_unit(f"u{n}", 1, guns.replace("{u}", str(n))) for n in range(200))))
    yield f"{per_unit * 200:,} distinct weapon profiles", weapons
    typed = folder / "types.ros"
    made_up = ", ".join(f"Rule number {_word(n)}" for n in range(LIMITS.name_chars // 20))
    typed.write_text(
        _roster(
            "".join(
                _unit(f"u{n}", 3, f'<selection id="t{n}" name="Gun" type="upgrade" number="3"><profiles>'
                      f"{_weapon(f'Gun {n}').replace('Rapid Fire', f'Heavy 2, {made_up}{n}')}</profiles></selection>")
                for n in range(LIMITS.roster_texts // (LIMITS.name_chars // 20 + 4))
            )
        ),
        encoding="utf-8",
    )  # fmt: skip
    yield f"weapons with {LIMITS.name_chars // 20} made-up rules in their Type (roster_texts)", typed
    wide = folder / "wide.ros"
    columns = "".join(f'<characteristic name="C{k}">x</characteristic>' for k in range(9_000))
    wide.write_text(_roster("".join(_unit(f"u{n}", 300) for n in range(10))).replace(
        "</characteristics></profile>", columns + "</characteristics></profile>"))  # fmt: skip
    yield "3,000 models whose profile has 9,000 columns", wide
    shown = folder / "names.ros"
    shown.write_text(_roster("".join(_named_unit(n) for n in range(250))), encoding="utf-8")
    yield f"250 units, every name and Type {LIMITS.name_chars} characters long", shown
    deep = folder / "deep.ros"
    deep.write_text(_roster(_unit("u", 5)).replace("<forces>", "<forces>" + "<x>" * 10**6 + "</x>" * 10**6))
    yield "elements nested 10^6 deep (refused)", deep
    many = folder / "many.ros"
    many.write_text(_roster(_unit("u", 5)).replace("<forces>", "<forces>" + "<x/>" * 5 * 10**6))
    yield "5,000,000 elements (refused)", many
    tag = folder / "tag.ros"
    attributes = " ".join(f'a{n}=""' for n in range(2 * 10**6))
    tag.write_text(_roster(_unit("u", 5)).replace("<forces>", f"<forces><x {attributes}/>"))
    yield "one start tag of 2,000,000 attributes (refused)", tag
    bomb = folder / "bomb.rosz"
    _bomb(bomb, 4)
    yield "zip bomb: 4 GiB of zeros in 4 MiB (refused)", bomb
    liar = folder / "liar.rosz"
    _lying_bomb(bomb, liar)
    yield "the same bomb declaring 100 KiB (refused)", liar


_CHILD = """
import atexit, os, re, sys
def _peak():
    status = open("/proc/self/status").read()
    with open(os.environ["PEAK_FILE"], "w") as out:
        out.write(re.search(r"VmHWM:\\s*(\\d+)", status).group(1))
atexit.register(_peak)
from strategium.cli.main import main
main()
"""


def measure(file: Path, peak_file: Path, *options: str) -> tuple[int, float, float, float, str]:
    """(exit code, wall s, CPU s, peak RSS MiB, first line of stderr) of ``strategium roster FILE OPTIONS``."""
    started = time.perf_counter()
    child = subprocess.Popen(
        [sys.executable, "-c", _CHILD, "roster", str(file), *options],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        env={**os.environ, "PEAK_FILE": str(peak_file)},
    )
    assert child.stderr is not None
    err = child.stderr.read().decode(errors="replace")
    _, status, usage = os.wait4(child.pid, 0)
    child.returncode = os.waitstatus_to_exitcode(status)
    wall = time.perf_counter() - started
    peak = int(peak_file.read_text()) / 1024
    return child.returncode, wall, usage.ru_utime + usage.ru_stime, peak, (err.splitlines() or [""])[0]


def main() -> None:
    """Build and run every case; print one row each and the worst figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--keep", type=Path, help="write the cases here (kept) instead of a temporary folder")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        folder = args.keep or Path(scratch)
        folder.mkdir(parents=True, exist_ok=True)
        print(f"{'case':52} {'size':>9} {'form':>5} {'exit':>4} {'wall':>7} {'cpu':>7} {'peak':>8}  message")
        worst_wall = worst_cpu = worst_peak = 0.0
        for what, file in cases(folder):
            size = f"{file.stat().st_size / (1 << 20):7.2f}Mi"
            for form, options in (("json", ("--json",)), ("text", ())):
                code, wall, cpu, peak, message = measure(file, folder / "peak.txt", *options)
                print(f"{what:52} {size} {form:>5} {code:>4} {wall:6.2f}s {cpu:6.2f}s {peak:6.0f}Mi  {message[:60]}")
                worst_wall, worst_cpu = max(worst_wall, wall), max(worst_cpu, cpu)
                worst_peak = max(worst_peak, peak)
                what, size = "", " " * 9
        # The verdict is on CPU time: on a machine shared with other work the wall time also counts the waits.
        verdict = "OK" if worst_peak < TARGET_MIB and worst_cpu < TARGET_SECONDS else "OVER"
        print(f"worst: wall {worst_wall:.2f} s, CPU {worst_cpu:.2f} s, peak {worst_peak:.0f} MiB "
              f"(target < {TARGET_MIB} MiB, < {TARGET_SECONDS:.0f} s of CPU): {verdict}")  # fmt: skip


if __name__ == "__main__":
    main()
