"""Safe reading of untrusted roster files: ``.ros`` (XML) and ``.rosz`` (a ZIP holding one ``.ros``).

Roster files are user uploads (see shared BATTLESCRIBE.md §3 item 12), so this module:

- reads regular files only (not a device, pipe or socket), at most ``roster_file_bytes`` of them;
- sniffs the content, not the file name: a ZIP signature means ``.rosz``, anything else is read as XML;
- reads a ``.rosz`` within the limits of :mod:`strategium.limits`: ``zip_entries`` (checked on the count the
  archive declares, and on the size of its central directory, *before* the ZIP library lists the entries),
  ``zip_uncompressed_bytes`` and ``zip_ratio`` (checked on the sizes declared, then on the bytes actually
  produced, in bounded chunks: a lying header cannot get past them);
- refuses, in any entry, encryption, a compression method other than deflate or none (what BattleScribe and
  New Recruit write; bzip2, LZMA and the rest are refused unread), and names that are absolute or climb out
  with ``..`` (nothing is ever unpacked to disk, but no real roster has such a name); refuses an archive with
  no ``.ros`` entry or with several, and a ``.ros`` entry that is itself a ZIP (nested archive);
- parses XML with :mod:`strategium.army.roster_xml` (``defusedxml``, within the XML limits).

Every failure is one ``InputError`` naming the file (and the entry); nothing here lets a ZIP, zlib or XML
library exception escape. The returned element stays inside the importer package (``strategium.army``).
"""

from __future__ import annotations

import io
import lzma
import re
import stat
import struct
import zipfile
import zlib
from pathlib import Path
from typing import Final

from strategium.army.roster_xml import RosterXml, parse_roster_xml
from strategium.errors import InputError
from strategium.limits import check_limit, limits

_CHUNK: Final = 64 * 1024
_ZIP_MAGIC: Final = b"PK\x03\x04"
_EMPTY_ZIP_MAGIC: Final = b"PK\x05\x06"
_DIRECTORY_BYTES_PER_ENTRY: Final = 4096
"""Central-directory bytes allowed per entry (a real entry takes under 200: 46 fixed, its name, a few extras)."""
_METHODS: Final = {zipfile.ZIP_STORED: "stored", zipfile.ZIP_DEFLATED: "deflate"}
_METHOD_NAMES: Final = {
    zipfile.ZIP_BZIP2: "bzip2",
    zipfile.ZIP_LZMA: "LZMA",
    9: "deflate64",
    93: "Zstandard",
    95: "XZ",
    98: "PPMd",
    99: "AES encryption",
}
_ENCRYPTED: Final = 0x1 | 0x40
"""ZIP general-purpose flag bits: 0 (encrypted), 6 (strong encryption)."""
_UNSAFE_NAME: Final = re.compile(r"^[/\\]|^[A-Za-z]:|(^|[/\\])\.\.([/\\]|$)|[\x00-\x1f]")
_ZIP_ERRORS: Final = (
    zipfile.BadZipFile,
    zipfile.LargeZipFile,
    NotImplementedError,
    RuntimeError,
    EOFError,
    OSError,
    ValueError,
    OverflowError,
    struct.error,
    zlib.error,
    lzma.LZMAError,
)
"""What the ZIP library raises on a damaged archive (``RuntimeError``: an encrypted entry; ``zlib.error`` and
``EOFError``: a corrupt or cut deflate stream; ``UnicodeDecodeError``, a ``ValueError``: a garbled name)."""


def read_roster_bytes(path: Path) -> bytes:
    """The XML bytes of the roster at ``path`` (``.ros`` as is, ``.rosz`` unzipped within the limits above).

    Raises ``InputError`` (with ``file``) if the file is missing, not a regular file, unreadable, empty, too
    large, a ZIP that breaks a limit or a rule of the module docstring, holds no ``.ros`` entry, or is corrupt.
    """
    name = str(path)
    data = _read_file(path, name)
    if not data.strip():
        raise InputError("the file is empty", file=name)
    if data.startswith((_ZIP_MAGIC, _EMPTY_ZIP_MAGIC)):
        return _unzip_roster(data, name)
    if path.suffix.lower() == ".rosz" and not _looks_like_xml(data):
        raise InputError("not a zip archive (a .rosz roster is a ZIP file holding one .ros)", file=name)
    return data


def _read_file(path: Path, name: str) -> bytes:
    limit = limits().roster_file_bytes
    try:
        mode = path.stat().st_mode
        if stat.S_ISDIR(mode):
            raise InputError("is a directory, not a roster file", file=name)
        if not stat.S_ISREG(mode):
            raise InputError("not a regular file (a device, pipe or socket is never read as a roster)", file=name)
        check_limit(path.stat().st_size, "roster_file_bytes", what="bytes in the file", file=name)
        with path.open("rb") as stream:
            data = stream.read(limit + 1)
    except FileNotFoundError:
        raise InputError("no such file", file=name) from None
    except IsADirectoryError:
        raise InputError("is a directory, not a roster file", file=name) from None
    except OSError as err:
        raise InputError(f"cannot read the file ({err.strerror or err})", file=name) from None
    check_limit(len(data), "roster_file_bytes", what="bytes in the file", file=name)  # it grew while read
    return data


_XML_MARK: Final = b"<"


def _looks_like_xml(data: bytes) -> bool:
    return data[:512].lstrip(b"\xef\xbb\xbf \t\r\n").startswith(_XML_MARK)


def looks_like_roster(data: bytes) -> bool:
    """True for the first bytes of a BattleScribe / New Recruit roster: a ZIP archive or roster XML."""
    head = data[:512].lstrip(b"\xef\xbb\xbf \t\r\n")
    return head.startswith((_ZIP_MAGIC, _EMPTY_ZIP_MAGIC, b"<?xml", b"<roster"))


def _declared_directory(data: bytes) -> tuple[int, int] | None:
    """(entries, central-directory bytes) as the end records declare them, found the way ``zipfile`` finds
    them (the plain record, then a ZIP64 record just before it); None when there is no end record."""
    end = len(data) - 22
    if not (end >= 0 and data[end : end + 4] == _EMPTY_ZIP_MAGIC and data[-2:] == b"\0\0"):
        low = max(len(data) - 22 - 0xFFFF, 0)
        end = data.rfind(_EMPTY_ZIP_MAGIC, low)
        if end < 0 or len(data) - end < 22:
            return None
    entries, size = struct.unpack_from("<HI", data, end + 10)
    locator = end - 20
    if (
        locator >= 56
        and data[locator : locator + 4] == b"PK\x06\x07"
        and data[locator - 56 : locator - 52] == b"PK\x06\x06"
    ):
        entries, size = struct.unpack_from("<QQ", data, locator - 56 + 32)
    return entries, size


def _check_directory(data: bytes, name: str) -> None:
    declared = _declared_directory(data)
    if declared is None:
        return  # zipfile says the archive is not a zip file
    entries, size = declared
    check_limit(entries, "zip_entries", what="entries the archive declares", file=name)
    allowed = limits().zip_entries * _DIRECTORY_BYTES_PER_ENTRY
    if size > allowed:
        raise InputError(
            f"the archive's central directory declares {size} bytes: more than {allowed} for at most "
            f"{limits().zip_entries} entries (raise it with STRATEGIUM_LIMIT_ZIP_ENTRIES)",
            file=name,
        )


def _check_entry(info: zipfile.ZipInfo, name: str) -> None:
    where = f"entry {info.filename[:80]!r}"
    if _UNSAFE_NAME.search(info.filename):
        raise InputError(
            "unsafe entry name (absolute, a drive, '..' or a control character): refused", file=name, field=where
        )
    if info.flag_bits & _ENCRYPTED or info.compress_type == 99:
        raise InputError("the entry is encrypted: a roster is never password-protected", file=name, field=where)
    if info.compress_type not in _METHODS:
        method = _METHOD_NAMES.get(info.compress_type, "unknown")
        raise InputError(
            f"compression method {info.compress_type} ({method}) is not read: a .rosz entry is deflated or stored",
            file=name,
            field=where,
        )


def _roster_entry(infos: list[zipfile.ZipInfo], name: str) -> zipfile.ZipInfo:
    found = [
        i
        for i in infos
        if not i.is_dir() and i.filename.lower().endswith(".ros") and not i.filename.startswith("__MACOSX/")
    ]
    if not found:
        raise InputError("archive holds no .ros roster", file=name)
    if len(found) > 1:
        names = ", ".join(repr(i.filename[:80]) for i in found[:3])
        raise InputError(f"archive holds {len(found)} .ros rosters ({names}): a .rosz holds one", file=name)
    return found[0]


def _unzip_roster(data: bytes, name: str) -> bytes:
    """The one ``.ros`` entry of a ``.rosz`` archive, within the limits and rules of the module docstring."""
    _check_directory(data, name)
    entry: zipfile.ZipInfo | None = None
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            infos = archive.infolist()
            check_limit(len(infos), "zip_entries", what="entries in the archive", file=name)
            declared = sum(info.file_size for info in infos)
            check_limit(declared, "zip_uncompressed_bytes", what="bytes the archive would unpack to", file=name)
            for info in infos:
                _check_entry(info, name)
            entry = _roster_entry(infos, name)
            _check_ratio(entry, name)
            xml = _read_bounded(archive, entry, name)
    except InputError:
        raise
    except _ZIP_ERRORS as err:
        where = f"entry {entry.filename[:80]!r}" if entry is not None else None
        raise InputError(f"not a readable .rosz archive ({_short(err)})", file=name, field=where) from None
    if xml.lstrip().startswith((_ZIP_MAGIC, _EMPTY_ZIP_MAGIC)):
        raise InputError(
            "the entry is itself a zip archive: nested archives are refused",
            file=name,
            field=f"entry {entry.filename!r}",
        )
    return xml


def _check_ratio(entry: zipfile.ZipInfo, name: str) -> None:
    ratio = limits().zip_ratio
    if entry.file_size > ratio * max(entry.compress_size, 1):
        raise InputError(
            f"archive entry expands {entry.file_size} bytes from {entry.compress_size} "
            f"(ratio limit {ratio}; raise it with STRATEGIUM_LIMIT_ZIP_RATIO)",
            file=name,
            field=f"entry {entry.filename[:80]!r}",
        )


def _read_bounded(archive: zipfile.ZipFile, entry: zipfile.ZipInfo, name: str) -> bytes:
    """Decompress ``entry`` in chunks, stopping as soon as the output breaks a limit (headers may lie)."""
    most = limits()
    limit = min(most.zip_uncompressed_bytes, most.zip_ratio * max(entry.compress_size, 1))
    out = io.BytesIO()
    with archive.open(entry) as stream:
        while chunk := stream.read(_CHUNK):
            if out.tell() + len(chunk) > limit:
                raise InputError(
                    f"the entry expands beyond {limit} bytes (the smaller of zip_uncompressed_bytes and zip_ratio "
                    "times its compressed size)",
                    file=name,
                    field=f"entry {entry.filename[:80]!r}",
                )
            out.write(chunk)
    data = out.getvalue()
    if not data.strip():
        raise InputError("the entry is empty", file=name, field=f"entry {entry.filename[:80]!r}")
    return data


def load_roster_element(path: Path) -> RosterXml:
    """Read and parse the roster at ``path`` safely; see ``read_roster_bytes`` and
    :func:`strategium.army.roster_xml.parse_roster_xml`."""
    return parse_roster_xml(read_roster_bytes(path), str(path))


def _short(err: Exception) -> str:
    text = " ".join(str(err).split()) or type(err).__name__
    return text if len(text) <= 120 else text[:117] + "..."
