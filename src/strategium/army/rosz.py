"""Safe reading of untrusted roster files: ``.ros`` (XML) and ``.rosz`` (a ZIP holding one ``.ros``).

Roster files are user uploads (see shared BATTLESCRIBE.md §3 item 12), so this module:

- sniffs the content, not the file name: a ZIP signature means ``.rosz``, anything else is read as XML;
- reads a ``.rosz`` with limits on the number of entries, on each entry's and the total uncompressed size and
  on the compression ratio, checking the sizes the archive declares *before* decompressing and then counting
  the bytes actually produced, in bounded chunks (a lying header cannot get past the limits);
- parses XML with ``defusedxml`` only: any DTD, entity declaration or external reference is refused, so entity
  expansion ("billion laughs") and external entities cannot happen.

Every failure is one ``InputError`` naming the file; nothing here lets an XML library exception escape.
The returned element stays inside the importer package (``strategium.army``); nothing past the importer sees XML.
"""

from __future__ import annotations

import io
import zipfile
from pathlib import Path
from typing import Final
from xml.etree.ElementTree import Element, ParseError

import defusedxml.ElementTree as SafeET
from defusedxml import DefusedXmlException

from strategium.errors import InputError

MAX_FILE_BYTES: Final = 32 * 1024 * 1024
"""Largest roster file accepted on disk (the largest real roster is about 0.3 MB)."""
MAX_ZIP_ENTRIES: Final = 16
"""Most entries a ``.rosz`` may list (BattleScribe writes exactly one)."""
MAX_UNCOMPRESSED_BYTES: Final = 32 * 1024 * 1024
"""Largest total uncompressed size of a ``.rosz`` (declared, and as actually decompressed)."""
MAX_COMPRESSION_RATIO: Final = 100
"""Largest uncompressed/compressed ratio of the ``.ros`` entry (real rosters compress about 3-9 times)."""
_CHUNK: Final = 64 * 1024
_ZIP_MAGIC: Final = b"PK\x03\x04"
_EMPTY_ZIP_MAGIC: Final = b"PK\x05\x06"


def read_roster_bytes(path: Path) -> bytes:
    """The XML bytes of the roster at ``path`` (``.ros`` as is, ``.rosz`` unzipped within the limits above).

    Raises ``InputError`` (with ``file``) if the file is missing, unreadable, empty, too large, a ZIP that
    breaks a limit, holds no ``.ros`` entry, or is corrupt.
    """
    name = str(path)
    try:
        size = path.stat().st_size
        if size > MAX_FILE_BYTES:
            raise InputError(f"file is too large for a roster ({size} bytes, limit {MAX_FILE_BYTES})", file=name)
        data = path.read_bytes()
    except FileNotFoundError:
        raise InputError("no such file", file=name) from None
    except IsADirectoryError:
        raise InputError("is a directory, not a roster file", file=name) from None
    except OSError as err:
        raise InputError(f"cannot read the file ({err.strerror or err})", file=name) from None
    if not data.strip():
        raise InputError("the file is empty", file=name)
    if data.startswith((_ZIP_MAGIC, _EMPTY_ZIP_MAGIC)):
        return _unzip_roster(data, name)
    if path.suffix.lower() == ".rosz" and not _looks_like_xml(data):
        raise InputError("not a zip archive (a .rosz roster is a ZIP file holding one .ros)", file=name)
    return data


_XML_MARK: Final = b"<"


def _looks_like_xml(data: bytes) -> bool:
    return data[:512].lstrip(b"\xef\xbb\xbf \t\r\n").startswith(_XML_MARK)


def looks_like_roster(data: bytes) -> bool:
    """True for the first bytes of a BattleScribe / New Recruit roster: a ZIP archive or roster XML."""
    head = data[:512].lstrip(b"\xef\xbb\xbf \t\r\n")
    return head.startswith((_ZIP_MAGIC, _EMPTY_ZIP_MAGIC, b"<?xml", b"<roster"))


def _unzip_roster(data: bytes, name: str) -> bytes:
    """The first ``.ros`` entry of a ``.rosz`` archive, within the size and ratio limits."""
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            infos = archive.infolist()
            if len(infos) > MAX_ZIP_ENTRIES:
                raise InputError(f"archive lists {len(infos)} entries (limit {MAX_ZIP_ENTRIES})", file=name)
            declared = sum(info.file_size for info in infos)
            if declared > MAX_UNCOMPRESSED_BYTES:
                raise InputError(
                    f"archive would unpack to {declared} bytes (limit {MAX_UNCOMPRESSED_BYTES})", file=name
                )
            entry = next((i for i in infos if not i.is_dir() and i.filename.lower().endswith(".ros")), None)
            if entry is None:
                raise InputError("archive holds no .ros roster", file=name)
            _check_ratio(entry.file_size, entry.compress_size, name)
            return _read_bounded(archive, entry, name)
    except InputError:
        raise
    except (zipfile.BadZipFile, zipfile.LargeZipFile, NotImplementedError, EOFError, OSError, ValueError) as err:
        raise InputError(f"not a readable .rosz archive ({err})", file=name) from None


def _check_ratio(uncompressed: int, compressed: int, name: str) -> None:
    if uncompressed > MAX_COMPRESSION_RATIO * max(compressed, 1):
        raise InputError(
            f"archive entry expands {uncompressed} bytes from {compressed} (ratio limit {MAX_COMPRESSION_RATIO})",
            file=name,
        )


def _read_bounded(archive: zipfile.ZipFile, entry: zipfile.ZipInfo, name: str) -> bytes:
    """Decompress ``entry`` in chunks, stopping as soon as the output breaks a limit (headers may lie)."""
    limit = min(MAX_UNCOMPRESSED_BYTES, MAX_COMPRESSION_RATIO * max(entry.compress_size, 1))
    parts: list[bytes] = []
    total = 0
    with archive.open(entry) as stream:
        while chunk := stream.read(_CHUNK):
            total += len(chunk)
            if total > limit:
                raise InputError(f"archive entry {entry.filename!r} expands beyond {limit} bytes", file=name)
            parts.append(chunk)
    data = b"".join(parts)
    if not data.strip():
        raise InputError(f"archive entry {entry.filename!r} is empty", file=name)
    return data


def parse_roster_xml(data: bytes, name: str) -> Element:
    """The root element of roster XML, parsed with ``defusedxml`` (no DTDs, no entities, no external references).

    Raises ``InputError`` (with ``file`` and, for syntax errors, ``line``) for forbidden constructs and for
    truncated, garbled or non-XML content.
    """
    try:
        root: Element = SafeET.fromstring(data, forbid_dtd=True, forbid_entities=True, forbid_external=True)
    except DefusedXmlException as err:
        raise InputError(
            f"refused unsafe XML ({type(err).__name__}): rosters never need a DTD or entities", file=name
        ) from None
    except ParseError as err:
        line = err.position[0] if getattr(err, "position", None) else None
        raise InputError(f"not well-formed XML ({_short(err)})", file=name, line=line) from None
    except (ValueError, UnicodeError, RecursionError) as err:
        raise InputError(f"not readable as XML ({_short(err)})", file=name) from None
    return root


def load_roster_element(path: Path) -> Element:
    """Read and parse the roster at ``path`` safely; see ``read_roster_bytes`` and ``parse_roster_xml``."""
    return parse_roster_xml(read_roster_bytes(path), str(path))


def _short(err: Exception) -> str:
    text = " ".join(str(err).split())
    return text if len(text) <= 120 else text[:117] + "..."
