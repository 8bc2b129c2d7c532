"""A generator of attack rosters: real rosters from ``../shared/data/rosters``, mutated or wrapped in forged ZIP
archives, each with the one error line strategium must give for it.

Used by ``tests/army/test_hostile_rosters.py``; nothing here is committed data: every attack is built from the
real rosters at test time and written under the test's ``tmp_path``. :func:`attacks` lists them all; an
:class:`Attack`'s ``expected`` is the text after ``strategium: error: `` with ``{path}`` for the file's path.
"""

from __future__ import annotations

import io
import re
import struct
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass, field

from tests.conftest import ROSTERS

OGRYN = "OgrynChainaxeFix.ros"
"""The base of most attacks: a real 1,451-point Imperialis Militia roster, pretty-printed (2,957 lines)."""
BASIC = "Basic Marines Validate.ros"
"""A small real roster (46 KB, 21 models), as New Recruit writes it: whole forces on one line."""
ENTRY = "roster.ros"
"""The name of the ``.ros`` entry in the generated ``.rosz`` archives."""


@dataclass(frozen=True)
class Attack:
    """One hostile or broken roster: where to write it, its bytes, the error it must give, the limits in force."""

    name: str
    file: str
    data: bytes
    expected: str
    limits: dict[str, int] = field(default_factory=dict)


def real(name: str = OGRYN) -> str:
    """The text of a real roster."""
    return (ROSTERS / name).read_text(encoding="utf-8")


def line_at(text: str, index: int) -> int:
    """The 1-based line of ``text`` that character ``index`` is on."""
    return text.count("\n", 0, index) + 1


def tag_at(text: str, pattern: str, nth: int = 0) -> tuple[int, int]:
    """Where the ``nth`` start tag of ``text`` whose beginning matches the regular expression ``pattern`` starts
    and ends (just past its ``>``)."""
    start = list(re.finditer(pattern, text))[nth].start()
    return start, text.index(">", start) + 1


def run_without_markup(text: str, index: int) -> int:
    """The length of the stretch without ``<`` round ``index`` (from just past the ``<`` before it)."""
    return text.index("<", index) - (text.rindex("<", 0, index) + 1)


def set_attribute(text: str, pattern: str, attribute: str, value: str, nth: int = 0) -> tuple[str, int]:
    """``text`` with ``attribute`` of the ``nth`` start tag matching ``pattern`` set to ``value`` (added if absent),
    and the line of that tag."""
    start, end = tag_at(text, pattern, nth)
    tag = text[start:end]
    old = re.search(rf'\s{attribute}="[^"]*"', tag)
    if old is not None:
        tag = tag[: old.start()] + f' {attribute}="{value}"' + tag[old.end() :]
    else:
        tag = tag.replace(" ", f' {attribute}="{value}" ', 1)
    return text[:start] + tag + text[end:], line_at(text, start)


def set_text(text: str, pattern: str, value: str, nth: int = 0) -> tuple[str, int]:
    """``text`` with the content of the ``nth`` element whose start tag matches ``pattern`` set to ``value``, and
    the line of that element."""
    start, end = tag_at(text, pattern, nth)
    return text[:end] + value + text[text.index("<", end) :], line_at(text, start)


def insert_after(text: str, pattern: str, fragment: str, nth: int = 0) -> tuple[str, int]:
    """``text`` with ``fragment`` right after the ``nth`` start tag matching ``pattern``; the line of that tag."""
    start, end = tag_at(text, pattern, nth)
    return text[:end] + fragment + text[end:], line_at(text, start)


# -- archives -------------------------------------------------------------------------------------------------


def zipped(*entries: tuple[str, bytes], method: int = zipfile.ZIP_DEFLATED) -> bytes:
    """A ZIP archive of ``entries`` (name, bytes), written by ``zipfile``."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", method) as archive:
        for name, data in entries:
            archive.writestr(name, data)
    return out.getvalue()


def roster_zip(text: str | None = None, *, name: str = ENTRY, method: int = zipfile.ZIP_DEFLATED) -> bytes:
    """A ``.rosz`` of one real roster (``OGRYN`` unless ``text`` is given)."""
    return zipped((name, (text if text is not None else real()).encode()), method=method)


def patch_entry(
    data: bytes, *, flags: int | None = None, method: int | None = None, compressed: int | None = None
) -> bytes:
    """``data`` (a one-entry ZIP) with the entry's flag bits, method or compressed size forged in both its local
    header and its central-directory header."""
    out = bytearray(data)
    for signature, offset in ((b"PK\x03\x04", 6), (b"PK\x01\x02", 8)):
        at = out.find(signature) + offset
        if flags is not None:
            out[at : at + 2] = struct.pack("<H", flags)
        if method is not None:
            out[at + 2 : at + 4] = struct.pack("<H", method)
        if compressed is not None:
            out[at + 12 : at + 16] = struct.pack("<I", compressed)
    return bytes(out)


def patch_stream(data: bytes, first: int) -> bytes:
    """``data`` (a one-entry ZIP) with the first byte of the entry's compressed stream replaced by ``first``."""
    name_length, extra_length = struct.unpack_from("<HH", data, 26)
    at = 30 + name_length + extra_length
    return data[:at] + bytes([first]) + data[at + 1 :]


def patch_end(data: bytes, *, entries: int | None = None, directory_bytes: int | None = None) -> bytes:
    """``data`` with the end-of-central-directory record's entry count or directory size forged."""
    out = bytearray(data)
    at = out.rfind(b"PK\x05\x06")
    if entries is not None:
        out[at + 8 : at + 12] = struct.pack("<HH", entries, entries)
    if directory_bytes is not None:
        out[at + 12 : at + 16] = struct.pack("<I", directory_bytes)
    return bytes(out)


def with_zip64_end(data: bytes, entries: int) -> bytes:
    """``data`` with a ZIP64 end record (declaring ``entries`` entries) and its locator before the end record."""
    at = data.rfind(b"PK\x05\x06")
    size, offset = struct.unpack_from("<II", data, at + 12)
    record = struct.pack("<4sQ2H2L4Q", b"PK\x06\x06", 44, 45, 45, 0, 0, entries, entries, size, offset)
    locator = struct.pack("<4sLQL", b"PK\x06\x07", 0, at, 1)
    end = bytearray(data[at:])
    end[8:12] = struct.pack("<HH", 0xFFFF, 0xFFFF)
    return data[:at] + record + locator + bytes(end)


# -- the attacks ----------------------------------------------------------------------------------------------

_ZIP_LIMIT = "raise it with STRATEGIUM_LIMIT_ZIP_ENTRIES"
_MODEL = r'<selection [^>]*type="model"[^>]*>'
_UNIT = r'<selection [^>]*type="unit"[^>]*>'


def archive_attacks() -> Iterator[Attack]:
    """Broken and hostile ``.rosz`` archives."""
    plain = roster_zip()
    entry = f"entry {ENTRY!r}"
    yield Attack(
        "encrypted-entry",
        "encrypted.rosz",
        patch_entry(plain, flags=0x1),
        f"{{path}}: {entry}: the entry is encrypted: a roster is never password-protected",
    )
    yield Attack(
        "aes-entry",
        "aes.rosz",
        patch_entry(plain, method=99),
        f"{{path}}: {entry}: the entry is encrypted: a roster is never password-protected",
    )
    yield Attack(
        "corrupt-deflate",
        "corrupt.rosz",
        patch_stream(plain, 0b111),  # a final block of the reserved type 3
        f"{{path}}: {entry}: not a readable .rosz archive (Error -3 while decompressing data: invalid block type)",
    )
    compressed = zipfile.ZipFile(io.BytesIO(plain)).infolist()[0].compress_size
    yield Attack(
        "cut-deflate",
        "cut-stream.rosz",
        patch_entry(plain, compressed=compressed // 2),
        f"{{path}}: {entry}: not a readable .rosz archive (Bad CRC-32 for file 'roster.ros')",
    )
    for method, label in ((zipfile.ZIP_BZIP2, "bzip2"), (zipfile.ZIP_LZMA, "LZMA")):
        archive = roster_zip(method=method)
        refused = (
            f"{{path}}: {entry}: compression method {method} ({label}) is not read: a .rosz entry is deflated or stored"
        )
        yield Attack(f"{label}-entry", f"{label}.rosz", archive, refused)
        yield Attack(f"corrupt-{label}", f"corrupt-{label}.rosz", patch_stream(archive, 0xFF), refused)
    yield Attack(
        "unknown-method",
        "method77.rosz",
        patch_entry(plain, method=77),
        f"{{path}}: {entry}: compression method 77 (unknown) is not read: a .rosz entry is deflated or stored",
    )
    for label, name in (
        ("parent", "../../roster.ros"),
        ("inner-parent", "army/../../roster.ros"),
        ("absolute", "/tmp/roster.ros"),
        ("drive", "C:/roster.ros"),
        ("backslash", "..\\roster.ros"),
        ("control", "roster\x07.ros"),
    ):
        yield Attack(
            f"traversal-{label}",
            f"traversal-{label}.rosz",
            roster_zip(name=name),
            f"{{path}}: entry {name!r}: unsafe entry name (absolute, a drive, '..' or a control character): refused",
        )
    yield Attack(
        "nested-zip",
        "nested.rosz",
        zipped((ENTRY, plain)),
        f"{{path}}: {entry}: the entry is itself a zip archive: nested archives are refused",
    )
    yield Attack(
        "nested-rosz-only", "nested-rosz.rosz", zipped(("inner.rosz", plain)), "{path}: archive holds no .ros roster"
    )
    yield Attack(
        "two-rosters",
        "two.rosz",
        zipped(("a.ros", real().encode()), ("b.ros", real(BASIC).encode())),
        "{path}: archive holds 2 .ros rosters ('a.ros', 'b.ros'): a .rosz holds one",
    )
    for label, cut in (("half", len(plain) // 2), ("last-byte", len(plain) - 1), ("header", 10)):
        yield Attack(
            f"truncated-{label}",
            f"truncated-{label}.rosz",
            plain[:cut],
            "{path}: not a readable .rosz archive (File is not a zip file)",
        )
    yield Attack(
        "declared-entries",
        "entries.rosz",
        patch_end(plain, entries=65535),
        f"{{path}}: entries the archive declares: 65535 is over the limit of 16 ({_ZIP_LIMIT})",
    )
    yield Attack(
        "zip64-entries",
        "zip64.rosz",
        with_zip64_end(plain, 2**40),
        f"{{path}}: entries the archive declares: {2**40} is over the limit of 16 ({_ZIP_LIMIT})",
    )
    yield Attack(
        "directory-size",
        "directory.rosz",
        patch_end(plain, directory_bytes=10_000_000),
        "{path}: the archive's central directory declares 10000000 bytes: more than 65536 for at most 16 entries "
        f"({_ZIP_LIMIT})",
    )
    bomb = zipped((ENTRY, b" " * 5_000_000))
    packed = zipfile.ZipFile(io.BytesIO(bomb)).infolist()[0].compress_size
    yield Attack(
        "ratio-bomb",
        "bomb.rosz",
        bomb,
        f"{{path}}: {entry}: archive entry expands 5000000 bytes from {packed} (ratio limit 100; raise it with "
        "STRATEGIUM_LIMIT_ZIP_RATIO)",
    )
    yield Attack(
        "not-a-zip",
        "text.rosz",
        b"just some words, not an archive",
        "{path}: not a zip archive (a .rosz roster is a ZIP file holding one .ros)",
    )


def xml_attacks() -> Iterator[Attack]:
    """XML that a safe parser must refuse, and the XML limits."""
    text = real()
    declaration = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
    assert text.startswith(declaration)
    for label, encoding, message in (
        (
            "unknown-encoding",
            "x-klingon",
            "the XML declares an unknown character encoding (unknown encoding: x-klingon)",
        ),
        (
            "utf32-declared",
            "UTF-32",
            "the XML declares a character encoding that cannot be read (multi-byte encodings are not supported): "
            "save it as UTF-8",
        ),
    ):
        yield Attack(
            label, f"{label}.ros", text.replace('encoding="UTF-8"', f'encoding="{encoding}"', 1).encode(),
            f"{{path}}:1: encoding: {message}",
        )  # fmt: skip
    yield Attack(
        "utf16-bom-says-utf8",
        "utf16-utf8.ros",
        text.encode("utf-16"),
        "{path}:1: not well-formed XML (encoding specified in XML declaration is incorrect: line 1, column 31)",
    )
    yield Attack(
        "utf32-bom",
        "utf32.ros",
        text.replace('"UTF-8"', '"UTF-32"', 1).encode("utf-32"),
        "{path}:1: not well-formed XML (not well-formed (invalid token): line 1, column 1)",
    )
    inner, line = insert_after(text, "<forces>", "<x>" * 300 + "</x>" * 300)
    yield Attack(
        "deep-nesting",
        "deep.ros",
        inner.encode(),
        f"{{path}}:{line}: <x>: XML elements nested: 257 is over the limit of 256 "
        "(raise it with STRATEGIUM_LIMIT_XML_DEPTH)",
    )
    inner, line = insert_after(text, "<forces>", "<x>" * 200_000 + "</x>" * 200_000)
    yield Attack(
        "very-deep-nesting",
        "very-deep.ros",
        inner.encode(),
        f"{{path}}:{line}: <x>: XML elements nested: 257 is over the limit of 256 "
        "(raise it with STRATEGIUM_LIMIT_XML_DEPTH)",
    )
    inner, line = insert_after(text, "<forces>", "<x/>" * 200_000)
    yield Attack(
        "many-elements",
        "wide.ros",
        inner.encode(),
        f"{{path}}:{line}: <x>: XML elements and attributes: 200001 is over the limit of 200000 "
        "(raise it with STRATEGIUM_LIMIT_XML_NODES)",
    )
    name, line = set_attribute(text, "<roster ", "name", "A" * 10_001)
    yield Attack(
        "long-name",
        "long-name.ros",
        name.encode(),
        f"{{path}}:{line}: <roster> name: characters in one text value: 10001 is over the limit of 10000 "
        "(raise it with STRATEGIUM_LIMIT_STRING_CHARS)",
    )
    name, line = set_attribute(text, "<roster ", "name", "A" * 2_000_000)
    run = run_without_markup(name, name.index("A" * 100))
    yield Attack(
        "huge-name",
        "huge-name.ros",
        name.encode(),
        f"{{path}}:{line}: {run} bytes without markup: longer than any text or tag may be (10000 characters; "
        "raise it with STRATEGIUM_LIMIT_STRING_CHARS)",
    )
    custom, line = set_attribute(text, _UNIT, "customName", "My " * 100 + "Commander", nth=0)
    yield Attack(
        "long-custom-name",
        "custom-name.ros",
        custom.encode(),
        f"{{path}}:{line}: <selection> customName: characters in a name: 309 is over the limit of 300 "
        "(raise it with STRATEGIUM_LIMIT_NAME_CHARS)",
    )
    wide, line = set_text(text, '<characteristic name="Type"', "Melee, " + "Shred " * 50)  # 306 once stripped
    yield Attack(
        "long-characteristic",
        "long-type.ros",
        wide.encode(),
        "{path}:295: profile 'Charnabal Sabre' Type: characters in a Characteristic: 306 is over the limit of 300 "
        "(raise it with STRATEGIUM_LIMIT_NAME_CHARS)",
    )
    words, line = set_text(text, '<characteristic name="Description"', "words " * 2_000)
    yield Attack(
        "long-text",
        "long-text.ros",
        words.encode(),
        f"{{path}}:{line}: <characteristic> text: characters in one text: 12000 is over the limit of 10000 "
        "(raise it with STRATEGIUM_LIMIT_STRING_CHARS)",
    )
    attributes = " ".join(f'a{n}=""' for n in range(1_000_000))
    inner, line = insert_after(text, "<forces>", f"<x {attributes}/>")
    run = run_without_markup(inner, inner.index(attributes))
    yield Attack(
        "million-attributes",
        "attributes.ros",
        inner.encode(),
        f"{{path}}:{line}: {run} bytes without markup: longer than any text or tag may be (10000 characters; "
        "raise it with STRATEGIUM_LIMIT_STRING_CHARS)",
    )
    lol = "".join(f'<!ENTITY lol{n} "{f"&lol{n - 1};" * 10}">' for n in range(1, 10))
    yield Attack(
        "billion-laughs",
        "laughs.ros",
        text.replace(declaration, f'{declaration}<!DOCTYPE roster [<!ENTITY lol0 "lol">{lol}]>', 1).encode(),
        "{path}:1: refused unsafe XML (DTDForbidden): rosters never need a DTD or entities",
    )
    yield Attack(
        "external-dtd",
        "external.ros",
        text.replace(declaration, f'{declaration}<!DOCTYPE roster SYSTEM "http://example.invalid/r.dtd">', 1).encode(),
        "{path}:1: refused unsafe XML (DTDForbidden): rosters never need a DTD or entities",
    )


def number_attacks() -> Iterator[Attack]:
    """Numbers out of range: model counts, points, Characteristics, shots, ranges, rule values."""
    text = real()
    over_models = "is over the limit of 300 (raise it with STRATEGIUM_LIMIT_MODELS_PER_UNIT)"
    for label, value in (("million", "1000000"), ("quintillion", "1000000000000000000"), ("float", "1e18")):
        count, line = set_attribute(text, _MODEL, "number", value, nth=2)
        yield Attack(
            f"models-{label}",
            f"models-{label}.ros",
            count.encode(),
            f"{{path}}:{line}: selection '1) Ogryn Brute' number: models or items in one selection: "
            f"{int(float(value))} {over_models}",
        )
    for label, value, message in (
        ("negative", "-4", "bad number '-4': a whole number, 0 or more"),
        ("fraction", "4.5", "bad number '4.5': a whole number, 0 or more"),
        ("nan", "NaN", "not a finite number: 'NaN'"),
        ("inf", "inf", "not a finite number: 'inf'"),
        ("word", "four", "not a number: 'four'"),
    ):
        count, line = set_attribute(text, _MODEL, "number", value, nth=2)
        yield Attack(
            f"models-{label}", f"models-{label}.ros", count.encode(),
            f"{{path}}:{line}: selection '1) Ogryn Brute' number: {message}",
        )  # fmt: skip
    over_points = "is over the limit of 1000000 (raise it with STRATEGIUM_LIMIT_POINTS)"
    for label, value, message in (
        ("huge", "1e300", f"points: 1e+300 {over_points}"),
        ("million", "1000001", f"points: 1000001 {over_points}"),
        ("very-negative", "-2000000", f"points below 0: 2000000 {over_points}"),
        ("nan", "nan", "not a finite number: 'nan'"),
        ("inf", "-inf", "not a finite number: '-inf'"),
        ("digits", "9" * 400, f"not a finite number: '{'9' * 37}...'"),
    ):
        cost, line = set_attribute(text, r'<cost [^>]*value="20\.0"', "value", value)
        yield Attack(
            f"points-{label}",
            f"points-{label}.ros",
            cost.encode(),
            f"{{path}}:{line}: selection 'Mounted Force Commander*' cost: {message}",
        )
    cost, line = set_attribute(text, r'<cost [^>]*value="20\.0"', "value", "-500")
    yield Attack(
        "unit-points-negative",
        "unit-negative.ros",
        cost.encode(),
        "{path}:99: unit 'IM - Force Commander' points: the unit totals -355 points: below 0",  # 165 - 520
    )
    cost, line = set_attribute(text, "<costLimit ", "value", "1e300")
    yield Attack(
        "points-limit-huge", "limit.ros", cost.encode(), f"{{path}}:{line}: costLimit: points: 1e+300 {over_points}"
    )
    total, line = set_attribute(text, "<cost ", "value", "-1451")
    yield Attack("roster-points-negative", "total.ros", total.encode(),
                 "{path}: roster cost: the roster totals -1451 points: below 0")  # fmt: skip
    over_number = "is over the limit of 1000 (raise it with STRATEGIUM_LIMIT_ROSTER_NUMBER)"
    profile = "profile 'Mounted Force Commander (Mounted Force Commander*)'"
    for column, value, shown in (
        ("W", "1000000000000000000", "100000... (19 digits)"),
        ("A", "99999999", "99999999"),
        ("WS", "1" + "0" * 250, "100000... (251 digits)"),
        ("Move", "1001", "1001"),
    ):
        big, line = set_text(text, f'<characteristic name="{column}"', value)
        yield Attack(
            f"characteristic-{column}",
            f"characteristic-{column}.ros",
            big.encode(),
            f"{{path}}:146: {profile} {column}: a number in a profile or rule: {shown} {over_number}",
        )
    for column, value, shown in (("Type", "Heavy 1000000000000", "1000000000000"), ("Range", '1001"', "1001")):
        big, line = set_text(text, f'<characteristic name="{column}"', value)
        yield Attack(
            f"weapon-{column}",
            f"weapon-{column}.ros",
            big.encode(),
            f"{{path}}:295: profile 'Charnabal Sabre' {column}: a number in a profile or rule: {shown} {over_number}",
        )
    shots, line = set_text(text, '<characteristic name="Type"', "Heavy 500")
    yield Attack(
        "weapon-shots",
        "shots.ros",
        shots.encode(),
        "{path}:295: profile 'Charnabal Sabre' Type: the number of shots: 500 is over the limit of 100 "
        "(raise it with STRATEGIUM_LIMIT_PROFILE_VALUE)",
    )
    target, line = set_attribute(text, r'<rule [^>]*name="Relentless"', "name", "Feel No Pain (1+)")
    yield Attack(
        "rule-target",
        "target.ros",
        target.encode(),
        "{path}: rule 'Feel No Pain (1+)': the (X) of Feel No Pain is a D6 target: 2+ to 6+, not 1+",
    )
    rule, line = set_attribute(text, r'<rule [^>]*name="Hammer of Wrath \(1\)"', "name", "Hammer of Wrath (5000)")
    yield Attack(
        "rule-value",
        "rule-value.ros",
        rule.encode(),
        f"{{path}}: rule 'Hammer of Wrath (5000)': a number in a profile or rule: 5000 {over_number}",
    )
    # One bandolier for each of the Cavalry Squad's 10 models, holding 20 kinds of 300 rounds: 10 x 20 x 302
    # things given (300 copies, the round looked at, the round as an item): the 300 copies of "Round 4" for the
    # ninth model take the whole army from 49,884 to 50,184.
    rounds = "".join(f'<selection id="r{n}" name="Round {n}" number="300" type="upgrade"/>' for n in range(20))
    chain = f'<selections><selection id="b" name="Bandolier" number="1" type="upgrade"><selections>{rounds}'
    many, line = insert_after(
        text, r'<selection [^>]*name="IM - Cavalry Squad"', chain + "</selections></selection></selections>"
    )
    yield Attack(
        "copies-multiply",
        "copies.ros",
        many.encode(),
        f"{{path}}:{line}: selection 'Round 4': weapons, wargear, rules and items given to the army's models: "
        "50184 is over the limit of 50000 (raise it with STRATEGIUM_LIMIT_ITEMS_PER_ARMY)",
    )


def army_attacks() -> Iterator[Attack]:
    """Ids and the army-wide limits."""
    text = real()
    start, end = tag_at(text, _UNIT, 0)
    first_id = re.search(r'id="([^"]+)"', text[start:end])
    assert first_id is not None
    same, line = set_attribute(text, _UNIT, "id", first_id.group(1), nth=1)
    yield Attack(
        "duplicate-unit-id",
        "same-id.ros",
        same.encode(),
        f"{{path}}:{line}: unit 'IM - Medicae Detachment' id: unit id {first_id.group(1)!r} is used twice "
        "(units 'IM - Force Commander' and 'IM - Medicae Detachment')",
    )
    for label, value, message in (
        ("blank", "", "the unit has no id"),
        ("colon", "1:e240", "unit id '1:e240' holds ':', '/', a space or a control character (roster ids never do)"),
        ("slash", "e240/1", "unit id 'e240/1' holds ':', '/', a space or a control character (roster ids never do)"),
    ):
        bad, line = set_attribute(text, _UNIT, "id", value)
        yield Attack(
            f"unit-id-{label}",
            f"id-{label}.ros",
            bad.encode(),
            f"{{path}}:{line}: unit 'IM - Force Commander' id: {message}",
        )
    line = line_at(text, tag_at(text, _UNIT, 5)[0])
    yield Attack(
        "units-per-army",
        "units.ros",
        text.encode(),
        f"{{path}}:{line}: unit 'IM - Leman Russ': units in the army: 6 is over the limit of 5 "
        "(raise it with STRATEGIUM_LIMIT_UNITS_PER_ARMY)",
        {"units_per_army": 5},
    )
    yield Attack(
        "models-per-army",
        "models.ros",
        text.encode(),
        "{path}:1263: unit 'IM - Cavalry Squad': models in the army: 27 is over the limit of 20 "
        "(raise it with STRATEGIUM_LIMIT_MODELS_PER_ARMY)",
        {"models_per_army": 20},
    )
    yield Attack(
        "models-per-unit",
        "unit-models.ros",
        text.encode(),
        "{path}:1263: unit 'IM - Cavalry Squad': models in this unit: 10 is over the limit of 9 "
        "(raise it with STRATEGIUM_LIMIT_MODELS_PER_UNIT)",
        {"models_per_unit": 9},
    )
    rules = "".join(f'<rule name="Made-up rule {chr(97 + n % 26)}{chr(97 + n // 26 % 26)}"/>' for n in range(600))
    many, line = insert_after(text, "<rules>", rules)
    yield Attack(
        "roster-texts",
        "texts.ros",
        many.encode(),
        "{path}: rule 'Made-up rule gt': distinct rule names and profiles to read: 501 is over the limit of 500 "
        "(raise it with STRATEGIUM_LIMIT_ROSTER_TEXTS)",
        {"roster_texts": 500},
    )
    forces = '<force id="f{n}" name="Allied Detachment" entryId="d4f2-6da5-b6de-06ec"/>'
    many, line = insert_after(text, "<forces>", "".join(forces.format(n=n) for n in range(100)))
    yield Attack(
        "detachments",
        "forces.ros",
        many.encode(),
        "{path}: force: detachments (forces) in the roster: 101 is over the limit of 100 "
        "(raise it with STRATEGIUM_LIMIT_DETACHMENTS_PER_ARMY)",
    )


def attacks() -> list[Attack]:
    """Every attack roster, in a stable order."""
    return [*archive_attacks(), *xml_attacks(), *number_attacks(), *army_attacks()]


# -- seeded random mutations ----------------------------------------------------------------------------------

_HOSTILE_VALUES = (
    "-1", "0", "-0", "301", "1e309", "-1e309", "NaN", "inf", "1e-320", "3.5", "999999999", "1" * 30, "0x10", "",
    "\u202e", "&amp;", "::", "/", "A" * 300,
)  # fmt: skip
_BYTES = b'<>"=&/ 0123456789-.eE\x00\xff'


def mutations(seed: int, count: int) -> Iterator[tuple[str, bytes]]:
    """``count`` (file name, bytes) pairs: real rosters with random damage (bytes changed, cut, copied, attribute
    values replaced by hostile ones), as ``.ros`` text or inside a ``.rosz`` whose headers are damaged too;
    the same ``seed`` gives the same files."""
    import random

    rng = random.Random(seed)
    sources = [(ROSTERS / name).read_bytes() for name in (OGRYN, BASIC, "hhv2.solar_aux_zm.ros")]
    for n in range(count):
        data = bytearray(rng.choice(sources))
        damage = rng.random() < 0.5  # else only attribute values change: the XML stays well-formed
        for _ in range(rng.randint(1, 12)):
            at = rng.randrange(len(data))
            kind = rng.random() if damage else 1.0
            if kind < 0.15:
                data[at] = rng.choice(_BYTES)
            elif kind < 0.25:
                source = rng.randrange(len(data))
                data[at:at] = data[source : source + rng.randint(1, 400)]
            elif kind < 0.35:
                del data[at : at + rng.randint(1, 200)]
            else:
                quote = data.find(b'="', at)
                if quote != -1:
                    end = data.find(b'"', quote + 2)
                    data[quote + 2 : end] = rng.choice(_HOSTILE_VALUES).encode()
        if n % 3:
            yield f"m{n}.ros", bytes(data)
            continue
        archive = bytearray(zipped((ENTRY, bytes(data))))
        for _ in range(rng.randint(0, 4)):
            region = rng.choice([(0, 64), (max(len(archive) - 100, 0), len(archive))])
            archive[rng.randrange(*region)] = rng.randrange(256)
        if rng.random() < 0.2:
            del archive[rng.randrange(len(archive)) :]
        yield f"m{n}.rosz", bytes(archive)
