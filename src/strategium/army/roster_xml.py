"""Parsing untrusted roster XML within limits, keeping the line of every element.

The parser is ``defusedxml``'s (no DTD, no entity declaration, no external reference: no "billion laughs", no
XXE; XInclude is never processed). On top of it this module holds the roster's share of the limits of
:mod:`strategium.limits`, checked while parsing, element by element, so that a hostile file is refused before
it costs time or memory:

- ``xml_depth``: how deep elements nest;
- ``xml_nodes``: how many elements and attributes the tree holds, together;
- ``string_chars``: the length of every element name, attribute name, attribute value and text;
- ``name_chars``: the length of the names (``name``, ``customName``, ``catalogueName``, ``gameSystemName``), which
  every table of every command shows.

Before parsing, one pass over the bytes refuses any stretch of more than ``4 * string_chars + 64 KiB`` bytes
without a ``<``: no text or tag of a valid roster is that long, and a single start tag of millions of attributes
would otherwise be built by the XML library in full (seconds and hundreds of MiB) before the first check.

Every failure is one ``InputError`` naming the file, the line where known, and the element or attribute.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final
from xml.etree.ElementTree import Element, ParseError, TreeBuilder

from defusedxml import DefusedXmlException
from defusedxml.ElementTree import DefusedXMLParser

from strategium.errors import InputError
from strategium.limits import check_limit, limits

_GAP_SLACK: Final = 64 * 1024
_NAMES: Final = ("name", "customName", "catalogueName", "gameSystemName")


@dataclass(frozen=True)
class RosterXml:
    """A parsed roster: its root element and the line each element starts on (1-based)."""

    root: Element
    lines: Mapping[Element, int]

    def line(self, elem: Element) -> int | None:
        """The line ``elem`` starts on, or None for an element not from this file."""
        return self.lines.get(elem)


def local_name(tag: str) -> str:
    """An element or attribute name without its ``{namespace}``."""
    return tag.rsplit("}", 1)[-1]


class _Builder:
    """The parser's target: builds the tree with a ``TreeBuilder`` while checking the limits (the checks are
    plain comparisons; an error's text is made only when a limit is passed)."""

    def __init__(self, file: str) -> None:
        self.file = file
        self.builder = TreeBuilder()
        self.lines: dict[Element, int] = {}
        self.expat: Any = None
        self.depth = 0
        self.nodes = 0
        self.text = 0
        self.open: list[str] = []
        most = limits()
        self.most_depth, self.most_nodes, self.most_chars = most.xml_depth, most.xml_nodes, most.string_chars
        self.most_name = most.name_chars

    def _line(self) -> int | None:
        return int(self.expat.CurrentLineNumber) if self.expat is not None else None

    def _over(self, value: int, limit: str, what: str, field: str) -> None:
        check_limit(value, limit, what=what, file=self.file, line=self._line(), field=field)

    def start(self, tag: str, attrs: dict[str, str]) -> Element:
        self.depth += 1
        self.nodes += 1 + len(attrs)
        most = self.most_chars
        if self.depth > self.most_depth or self.nodes > self.most_nodes or len(tag) > most:
            self._refuse(tag, attrs)
        for key, value in attrs.items():
            if len(value) > most or len(key) > most:
                self._refuse(tag, attrs)
        for key in _NAMES:
            name = attrs.get(key)
            if name is not None and len(name) > self.most_name:
                what = "characters in a name"
                self._over(len(name), "name_chars", what, f"<{local_name(tag)[:40]}> {key}")
        self.text = 0
        self.open.append(tag)
        elem = self.builder.start(tag, attrs)
        self.lines[elem] = self.expat.CurrentLineNumber if self.expat is not None else 0
        return elem

    def _refuse(self, tag: str, attrs: dict[str, str]) -> None:
        """Raise the ``InputError`` for the first limit that ``start(tag, attrs)`` passes."""
        name = local_name(tag)[:40]
        self._over(len(tag), "string_chars", "characters in an element name", f"<{name}>")
        self._over(self.depth, "xml_depth", "XML elements nested", f"<{name}>")
        self._over(self.nodes, "xml_nodes", "XML elements and attributes", f"<{name}>")
        for key, value in attrs.items():
            self._over(len(key), "string_chars", "characters in an attribute name", f"<{name}> attribute name")
            self._over(len(value), "string_chars", "characters in one text value", f"<{name}> {local_name(key)[:40]}")

    def data(self, text: str) -> None:
        self.text += len(text)
        if self.text > self.most_chars:
            where = f"<{local_name(self.open[-1])[:40]}> text" if self.open else "text"
            self._over(self.text, "string_chars", "characters in one text", where)
        self.builder.data(text)

    def end(self, tag: str) -> Element:
        self.depth -= 1
        self.text = 0
        if self.open:
            self.open.pop()
        return self.builder.end(tag)

    def close(self) -> Element:
        return self.builder.close()


def _check_markup_gaps(data: bytes, file: str) -> None:
    """Refuse a stretch of bytes without ``<`` longer than any text or tag within ``string_chars`` can be.

    Windows of ``gap`` bytes are probed, so any stretch of ``2 * gap`` bytes or more is found and none under
    ``gap`` is refused; the cost is one ``bytes.find`` per window."""
    gap = 4 * limits().string_chars + _GAP_SLACK
    for at in range(0, len(data), gap):
        if len(data) - at >= gap and data.find(b"<", at, at + gap) == -1:
            begin = data.rfind(b"<", 0, at) + 1
            end = data.find(b"<", at)
            length = (end if end != -1 else len(data)) - begin
            raise InputError(
                f"{length} bytes without markup: longer than any text or tag may be "
                f"({limits().string_chars} characters; raise it with STRATEGIUM_LIMIT_STRING_CHARS)",
                file=file,
                line=data.count(b"\n", 0, begin) + 1,
            )


def parse_roster_xml(data: bytes, name: str) -> RosterXml:
    """Roster XML parsed with ``defusedxml`` within the limits of the module docstring.

    Raises ``InputError`` (with ``file``, and ``line`` where known) for forbidden constructs, a limit passed, an
    unknown or unsupported character encoding, and truncated, garbled or non-XML content.
    """
    _check_markup_gaps(data, name)
    target = _Builder(name)
    try:
        parser = DefusedXMLParser(target=target, forbid_dtd=True, forbid_entities=True, forbid_external=True)
        target.expat = parser.parser
        parser.feed(data)
        root: Element = parser.close()
    except InputError:
        raise
    except DefusedXmlException as err:
        raise InputError(
            f"refused unsafe XML ({type(err).__name__}): rosters never need a DTD or entities",
            file=name,
            line=target._line(),
        ) from None
    except ParseError as err:
        line = err.position[0] if getattr(err, "position", None) else None
        raise InputError(f"not well-formed XML ({_short(err)})", file=name, line=line) from None
    except LookupError as err:
        message = f"the XML declares an unknown character encoding ({_short(err)})"
        raise InputError(message, file=name, line=1, field="encoding") from None
    except (ValueError, UnicodeError, RecursionError) as err:
        if "encoding" in str(err):  # pyexpat: "multi-byte encodings are not supported" (UTF-32, Shift JIS...)
            message = f"the XML declares a character encoding that cannot be read ({_short(err)}): save it as UTF-8"
            raise InputError(message, file=name, line=1, field="encoding") from None
        raise InputError(f"not readable as XML ({_short(err)})", file=name, line=target._line()) from None
    return RosterXml(root, target.lines)


def _short(err: Exception) -> str:
    text = " ".join(str(err).split())
    return text if len(text) <= 120 else text[:117] + "..."
