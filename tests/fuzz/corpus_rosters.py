"""Hostile rosters (``.ros`` XML, ``.rosz`` ZIP), built from a real roster of ``shared/data/rosters``: XML entity
and DTD attacks, XInclude, deep and wide trees, encodings and byte-order marks, hostile numbers and ids, long
strings, and every way a ZIP archive can be broken or made a bomb."""

from __future__ import annotations

import re
import zipfile

from tests.fuzz.attacks import SECRET, Attack, corrupt_stream, overlapping, patch_headers, refused, zip_of

ROSTER = ("roster", "{F}")
ROSTER_JSON = ("roster", "{F}", "--json")
BATTLE = ("battle", "--army", "{F}", "--army", "imperialis_militia", "--turns", "1", "--quiet")
_DECL = b'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
_MB = 1024 * 1024


def _body(base: bytes) -> bytes:
    """The roster without its XML declaration."""
    return base[len(_DECL) :] if base.startswith(_DECL) else base


def _with_doctype(base: bytes, doctype: str, name_value: str) -> bytes:
    """The roster with a DOCTYPE after the declaration and its ``name`` attribute set to ``name_value``."""
    body = re.sub(rb'name="[^"]*"', f'name="{name_value}"'.encode(), _body(base), count=1)
    return b'<?xml version="1.0"?>\n' + doctype.encode() + b"\n" + body


def _set_first(base: bytes, pattern: bytes, value: bytes) -> bytes:
    """``pattern`` (one group: the value) replaced at its first match."""
    hit = re.search(pattern, base)
    assert hit is not None, pattern
    return base[: hit.start(1)] + value + base[hit.end(1) :]


_LEGIONARIES = rb'name="Legionary"[^>]*number="([^"]*)"'
_POINTS = rb'<cost name="Pts" typeId="[^"]*" value="([^"]*)"'
_LIMIT = rb'<costLimit name="Pts" typeId="[^"]*" value="([^"]*)"'
_UNIT_NAME = rb'name="(Centurion)" entryId'


def _unit_block(base: bytes) -> bytes:
    """The whole ``<selection ... type="unit">`` element of the Centurion (its text, nested selections and all)."""
    start = base.index(b'<selection id="lwv1m4j0871o1t55w4"')
    depth, at = 0, start
    for hit in re.finditer(rb"<(/?)selection\b[^>]*?(/?)>", base[start:]):
        closing, empty = hit.group(1), hit.group(2)
        if not closing and not empty:
            depth += 1
        elif closing:
            depth -= 1
        if depth == 0:
            at = start + hit.end()
            break
    return base[start:at]


def _copies(base: bytes, count: int, unique: bool) -> bytes:
    block = _unit_block(base)
    extra = b"".join(
        block.replace(b'id="lwv1m4j0871o1t55w4"', f'id="copy{i}"'.encode()) if unique else block for i in range(count)
    )
    at = base.index(block) + len(block)
    return base[:at] + extra + base[at:]


def _nested(base: bytes, depth: int) -> bytes:
    at = base.index(b"<selections>")
    return base[:at] + b"<selections><selection>" * depth + b"</selection></selections>" * depth + base[at:]


def xml_attacks(base: bytes) -> list[Attack]:
    """XML-level attacks on the real roster ``base`` (``Basic Marines Validate.ros``)."""
    laughs = '<!ENTITY lol0 "lol">' + "".join(
        f'<!ENTITY lol{i} "{f"&lol{i - 1};" * 10}">' for i in range(1, 10)
    )  # 10^9 "lol"s
    quadratic = f'<!ENTITY big "{"x" * 50_000}">'
    secret = {"secret.txt": SECRET.encode(), "evil.dtd": f'<!ENTITY leak SYSTEM "secret.txt">{laughs}'.encode()}
    xinclude = b'<xi:include xmlns:xi="http://www.w3.org/2001/XInclude" href="secret.txt" parse="text"/>'
    out = [
        Attack(
            "billion-laughs",
            "billion laughs",
            "laughs.ros",
            _with_doctype(base, f"<!DOCTYPE roster [{laughs}]>", "&lol9;"),
            (ROSTER, BATTLE),
        ),
        Attack(
            "quadratic-blowup",
            "billion laughs",
            "quadratic.ros",
            _with_doctype(base, f"<!DOCTYPE roster [{quadratic}]>", "&big;" * 20_000),
            (ROSTER,),
        ),
        Attack(
            "xxe-file",
            "XXE",
            "xxe.ros",
            _with_doctype(base, '<!DOCTYPE roster [<!ENTITY leak SYSTEM "secret.txt">]>', "&leak;"),
            (ROSTER, ROSTER_JSON),
            beside=secret,
        ),
        Attack(
            "xxe-absolute",
            "XXE",
            "xxe-abs.ros",
            _with_doctype(base, '<!DOCTYPE roster [<!ENTITY leak SYSTEM "file:///etc/passwd">]>', "&leak;"),
            (ROSTER,),
        ),
        Attack(
            "external-dtd",
            "external DTD",
            "dtd.ros",
            _with_doctype(base, '<!DOCTYPE roster SYSTEM "evil.dtd">', "&leak;"),
            (ROSTER,),
            beside=secret,
        ),
        Attack(
            "external-dtd-loopback",
            "external DTD",
            "dtd-net.ros",
            _with_doctype(base, '<!DOCTYPE roster SYSTEM "http://127.0.0.1:9/evil.dtd">', "x"),
            (ROSTER,),
        ),
        Attack(
            "parameter-entity",
            "external DTD",
            "param.ros",
            _with_doctype(base, '<!DOCTYPE roster [<!ENTITY % p SYSTEM "evil.dtd"> %p;]>', "&leak;"),
            (ROSTER,),
            beside=secret,
        ),
        Attack(
            "xinclude",
            "XInclude",
            "xinclude.ros",
            base.replace(b"<forces>", b"<forces>" + xinclude, 1),
            (ROSTER, ROSTER_JSON),
            beside=secret,
        ),
        Attack("deep-nesting-100k", "deep nesting", "deep.ros", _nested(base, 100_000), (ROSTER,)),
        Attack("deep-nesting-300", "deep nesting", "deep300.ros", _nested(base, 300), (ROSTER,)),
        Attack("units-600", "huge and negative numbers", "wide.ros", _copies(base, 600, unique=True), (ROSTER,)),
        Attack("duplicate-unit-id", "duplicate ids", "dupe.ros", _copies(base, 1, unique=False), (ROSTER, BATTLE)),
        Attack(
            "long-name-20k",
            "string lengths",
            "longname.ros",
            _set_first(base, _UNIT_NAME, b"N" * 20_000),
            (ROSTER, ROSTER_JSON),
        ),
        Attack(
            "long-name-200k",
            "string lengths",
            "longname200k.ros",
            _set_first(base, _UNIT_NAME, b"N" * 200_000),
            (ROSTER,),
        ),
        Attack(
            "name-newline-markup",
            "string lengths",
            "oddname.ros",
            _set_first(base, _UNIT_NAME, b"Centurion&#10;strategium: error: fake&#13;&#27;[31m"),
            (ROSTER, BATTLE),
        ),
    ]
    for value in ("1000000", "1000000000000000000", "-5", "0", "NaN", "1e400", "inf", "1.5", "", "abc", "9" * 400):
        key = (value.replace(".", "_") or "empty")[:12]
        runs = (ROSTER,) if len(value) > 6 else (ROSTER, BATTLE)  # (a battle of a million models: the roster is enough)
        out.append(
            Attack(
                f"models-{key}",
                "huge and negative numbers",
                f"models-{key}.ros",
                _set_first(base, _LEGIONARIES, value.encode()),
                runs,
            )
        )
    for value in ("NaN", "1e400", "-1e300", "1e18", "-60", "abc"):
        out.append(
            Attack(
                f"points-{value}",
                "huge and negative numbers",
                f"points-{value}.ros",
                _set_first(base, _POINTS, value.encode()),
                (ROSTER,),
            )
        )
        out.append(
            Attack(
                f"limit-{value}",
                "huge and negative numbers",
                f"limit-{value}.ros",
                _set_first(base, _LIMIT, value.encode()),
                (ROSTER,),
            )
        )
    past_limits = "units-600 long-name-20k long-name-200k models-1000000 models-100000000000 models-NaN models-1e400 "
    past_limits += "models-inf models-999999999999 points-NaN points-1e400 points-1e18 limit-NaN limit-1e400 limit-1e18"
    return refused(out, past_limits)


def encoding_attacks(base: bytes) -> list[Attack]:
    """Encodings, byte-order marks and bytes that are not text."""
    body = _body(base)
    text = body.decode("utf-8")
    named = _set_first(base, _UNIT_NAME, "Centurion é".encode())
    cases = {
        "unknown-encoding": b'<?xml version="1.0" encoding="x-klingon"?>' + body,
        "encoding-utf-7": b'<?xml version="1.0" encoding="utf-7"?>' + body,
        "encoding-ebcdic": b'<?xml version="1.0" encoding="cp500"?>' + body,
        "utf16-bom": ('<?xml version="1.0" encoding="UTF-16"?>' + text).encode("utf-16"),
        "utf16-no-bom": ('<?xml version="1.0" encoding="UTF-16"?>' + text).encode("utf-16-le"),
        "utf32": ('<?xml version="1.0" encoding="UTF-32"?>' + text).encode("utf-32"),
        "bom-and-latin1": b"\xef\xbb\xbf" + b'<?xml version="1.0" encoding="ISO-8859-1"?>' + body,
        "utf8-bom": b"\xef\xbb\xbf" + base,
        "bom-only": b"\xef\xbb\xbf",
        "latin1-bytes-declared-utf8": named.replace("é".encode(), b"\xe9"),
        "nul-byte": base[:5000] + b"\x00" + base[5000:],
        "bad-char-ref": base.replace(b'name="Centurion"', b'name="&#1;&#xFFFE;"', 1),
        "empty": b"",
        "whitespace": b"  \n\t\n",
        "json": b'{"roster": {"name": "x"}}',
        "binary": bytes(range(256)) * 16,
        "html": b"<!doctype html><html><body>roster</body></html>",
        "empty-root": b'<?xml version="1.0"?><roster/>',
        "wrong-root": b'<?xml version="1.0"?><catalogue id="x" name="y"/>',
        "other-game-system": re.sub(rb'gameSystemId="[^"]*"', b'gameSystemId="0000-40k"', base, count=1),
        "truncated-half": base[: len(base) // 2],
        "truncated-tag": base[: base.index(b"<forces>") + 4],
        "yaml-army-named-ros": b"format: 1\nname: x\nunits: []\n",
    }
    return [Attack(f"enc-{key}", "encodings and BOMs", f"{key}.ros", data, (ROSTER,)) for key, data in cases.items()]


def zip_attacks(base: bytes) -> list[Attack]:
    """``.rosz`` archives: bombs, lies, traversal, encryption, corruption, truncation."""
    name = "roster.ros"
    good = zip_of([(name, base)])
    lzma = zip_of([(name, base)], zipfile.ZIP_LZMA)
    bz2 = zip_of([(name, base)], zipfile.ZIP_BZIP2)
    spaces = base.replace(b"<forces>", b"<forces>" + b" " * (30 * _MB), 1)
    nested = zip_of([(name, zip_of([(name, zip_of([(name, base)]))]))])
    cases = {
        "ratio-bomb": zip_of([(name, spaces)]),
        "size-bomb": zip_of([(name, b"<roster>" + b"<a/>" * (12 * _MB) + b"</roster>")]),
        "lying-size": patch_headers(zip_of([(name, spaces)]), size=len(base)),
        "overlapping-entries": overlapping(spaces[: 8 * _MB], name, 16),
        "nested-zip": nested,
        "nested-zip-as-rosz": zip_of([("inner.rosz", good)]),
        "entries-10000": zip_of([(f"{i}.txt", b"x") for i in range(10_000)] + [(name, base)]),
        "traversal-names": zip_of([("../../../../tmp/fuzz-evil.ros", base), ("/tmp/fuzz-abs.ros", base)]),
        "traversal-backslash": zip_of([("..\\..\\evil.ros", base)]),
        "encrypted": patch_headers(good, flags=0x1),
        "corrupt-deflate": corrupt_stream(good, name),
        "corrupt-lzma": corrupt_stream(lzma, name),
        "corrupt-bzip2": corrupt_stream(bz2, name),
        "unknown-method": patch_headers(good, method=99),
        "aes-method": patch_headers(good, method=99, flags=0x1),
        "truncated": good[: len(good) // 2],
        "truncated-directory": good[:-10],
        "bad-crc": _bad_crc(good),
        "empty-archive": zip_of([]),
        "only-folder": zip_of([("folder/", b"")]),
        "empty-entry": zip_of([(name, b"")]),
        "no-ros-entry": zip_of([("notes.txt", b"hello")]),
        "garbage-then-zip": b"MZ" + b"\x00" * 1000 + good,
        "first-ros-is-garbage": zip_of([("a.ros", b"\x00\x01garbage"), (name, base)]),
        "long-entry-name": zip_of([("n" * 60_000 + ".ros", base)]),
        "stored-not-compressed": zip_of([(name, base)], zipfile.ZIP_STORED),
    }
    attacks = [Attack(f"zip-{key}", "zip archives", f"{key}.rosz", data, (ROSTER,)) for key, data in cases.items()]
    attacks.append(Attack("zip-as-ros", "zip archives", "zipped.ros", cases["ratio-bomb"], (ROSTER,)))
    return attacks


def _bad_crc(good: bytes) -> bytes:
    """The archive with its CRC-32 fields changed (the data no longer matches)."""
    out = bytearray(good)
    for offset, at in ((0, 14), (good.index(b"PK\x01\x02"), 16)):
        out[offset + at] ^= 0xFF
    return bytes(out)


def special_attacks() -> list[Attack]:
    """Files that are not files: a FIFO, a folder, links to endless or missing things, odd names."""
    out = [
        Attack("fifo", "odd command-line values", "pipe.ros", None, (ROSTER,), special="fifo", wall=5.0),
        Attack("dev-zero", "odd command-line values", "zero.ros", None, (ROSTER,), special="zero"),
        Attack("dev-null", "odd command-line values", "null.ros", None, (ROSTER,), special="dev-null"),
        Attack("folder", "odd command-line values", "folder.ros", None, (ROSTER,), special="dir"),
        Attack("dangling-link", "odd command-line values", "dangling.ros", None, (ROSTER,), special="dangling"),
        Attack("sparse-40mib", "odd command-line values", "big.ros", None, (ROSTER,), special="sparse-40"),
        Attack("link-to-passwd", "odd command-line values", "passwd.ros", None, (ROSTER,), special="passwd"),
        Attack("newline-in-name", "odd command-line values", "bad\nname.ros", b"<roster", (ROSTER,)),
    ]
    return out
