"""A roster's selection tree as plain frozen values (the XML stays in this module, ``rosz.py`` and
``roster_xml.py``).

Element and attribute names follow the BattleScribe roster schema (shared BATTLESCRIBE.md §1.2). Ids are kept
whole; ``last_id`` gives the last ``::`` segment of a composite entry id, which is what identifies an entry
(§3 item 2). Type names of profiles are stripped (" Unit" occurs in older files, §3 item 1).

Numbers are checked as they are read (each error names the file, the line and the selection): a cost or a
points limit must be finite and within ``points`` of :mod:`strategium.limits` (a cost may be negative, the data
has discounts); a selection's ``number`` must be a whole number from 0 to ``models_per_unit``.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Final
from xml.etree.ElementTree import Element

from strategium.army.roster_xml import RosterXml, local_name
from strategium.errors import InputError
from strategium.limits import check_limit

HH2_GAME_SYSTEM_ID: Final = "28d4-bd2e-4858-ece6"
"""``gameSystemId`` of the HH2 (2022) BattleScribe game system; its name changed over time, the id did not."""
POINTS_COST_TYPE: Final = "d2ee-04cb-5f8a-2642"
"""``typeId`` of the "Pts" cost."""
ROSTER_NAMESPACE: Final = "http://www.battlescribe.net/schema/rosterSchema"


def last_id(entry_id: str) -> str:
    """The last segment of a composite BattleScribe id (``"a::b::c"`` → ``"c"``)."""
    return entry_id.rsplit("::", 1)[-1]


@dataclass(frozen=True)
class RawProfile:
    """One ``profile``: its name, type id, stripped type name, characteristics as (name, text) pairs, and the
    line it starts on (None when unknown; not compared)."""

    name: str
    type_id: str
    type_name: str
    columns: tuple[tuple[str, str], ...]
    line: int | None = field(default=None, compare=False)
    _hash: int = field(default=0, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # Profiles are cache keys, looked up once per model: hash the columns once, not at every lookup.
        object.__setattr__(self, "_hash", hash((self.name, self.type_id, self.type_name, self.columns)))

    def __hash__(self) -> int:
        return self._hash

    def column(self, name: str) -> str:
        """The text of the characteristic called ``name`` ("" when absent)."""
        return next((text for key, text in self.columns if key == name), "")

    def as_dict(self) -> dict[str, str]:
        """The characteristics as a dict, name → text."""
        return dict(self.columns)


@dataclass(frozen=True)
class RawCategory:
    """One ``category`` of a selection or force: name, entry id (last segment), primary flag, own rules."""

    name: str
    entry_id: str
    primary: bool
    rules: tuple[str, ...] = ()


@dataclass(frozen=True)
class RawSelection:
    """One ``selection``. ``number`` is how many it stands for; ``points`` its own "Pts" cost (already
    multiplied by ``number``, BATTLESCRIBE.md §3 item 5), not counting its children; ``line`` the line of the
    file it starts on (None when unknown; not compared)."""

    id: str
    name: str
    entry_id: str
    type: str
    number: int
    points: float
    profiles: tuple[RawProfile, ...]
    rules: tuple[str, ...]
    categories: tuple[RawCategory, ...]
    children: tuple[RawSelection, ...]
    line: int | None = field(default=None, compare=False)

    def walk(self) -> Iterator[RawSelection]:
        """This selection and all its descendants, depth first, in document order."""
        yield self
        for child in self.children:
            yield from child.walk()


@dataclass(frozen=True)
class RawForce:
    """One ``force`` (a detachment): its chart entry id (last segment), catalogue, selections, categories."""

    id: str
    name: str
    entry_id: str
    catalogue_id: str
    catalogue_name: str
    selections: tuple[RawSelection, ...]
    categories: tuple[RawCategory, ...]
    forces: tuple[RawForce, ...] = ()


@dataclass(frozen=True)
class RawRoster:
    """The whole roster: name, game system, total and limit in points (None when absent), forces."""

    name: str
    game_system_id: str
    game_system_name: str
    game_system_revision: str
    points: float | None
    points_limit: float | None
    forces: tuple[RawForce, ...]
    generated_by: str = ""


def _children(elem: Element, wrapper: str, item: str) -> Iterator[Element]:
    for child in elem:
        if local_name(child.tag) == wrapper:
            for grandchild in child:
                if local_name(grandchild.tag) == item:
                    yield grandchild


class _Reader:
    """Turns roster elements into ``Raw*`` values; errors name the file and the offending field."""

    def __init__(self, file: str, doc: RosterXml | None = None) -> None:
        self.file = file
        self.doc = doc

    def line(self, elem: Element | None) -> int | None:
        return self.doc.line(elem) if self.doc is not None and elem is not None else None

    def fail(self, message: str, field: str | None = None, elem: Element | None = None) -> InputError:
        return InputError(message, file=self.file, line=self.line(elem), field=field)

    def number(self, text: str | None, field: str, default: float | None = None, elem: Element | None = None) -> float:
        if text is None or not text.strip():
            if default is None:
                raise self.fail("missing number", field, elem)
            return default
        shown = text if len(text) <= 40 else text[:37] + "..."
        try:
            value = float(text)
        except ValueError:
            raise self.fail(f"not a number: {shown!r}", field, elem) from None
        if value != value or value in (float("inf"), float("-inf")):
            raise self.fail(f"not a finite number: {shown!r}", field, elem)
        return value

    def _points(self, elem: Element, field: str) -> float:
        value = self.number(elem.get("value"), field, 0.0, elem)
        size = abs(value)
        shown: float = int(size) if size < 1e15 and size.is_integer() else size
        what = "points" if value >= 0 else "points below 0"
        check_limit(shown, "points", what=what, file=self.file, line=self.line(elem), field=field)
        return value

    def points(self, elem: Element, field: str) -> float | None:
        values = [
            self._points(cost, field)
            for cost in _children(elem, "costs", "cost")
            if cost.get("typeId") == POINTS_COST_TYPE or (cost.get("name") or "").strip() == "Pts"
        ]
        return sum(values) if values else None

    def limit(self, elem: Element) -> float | None:
        values = [
            self._points(limit, "costLimit")
            for limit in _children(elem, "costLimits", "costLimit")
            if limit.get("typeId") == POINTS_COST_TYPE or (limit.get("name") or "").strip() == "Pts"
        ]
        return values[0] if values and values[0] > 0 else None

    def profile(self, elem: Element) -> RawProfile:
        columns = tuple(
            ((c.get("name") or "").strip(), (c.text or "").strip())
            for c in _children(elem, "characteristics", "characteristic")
        )
        return RawProfile(
            name=(elem.get("name") or "").strip(),
            type_id=elem.get("typeId") or "",
            type_name=(elem.get("typeName") or "").strip(),
            columns=columns,
            line=self.line(elem),
        )

    def category(self, elem: Element) -> RawCategory:
        return RawCategory(
            name=(elem.get("name") or "").strip(),
            entry_id=last_id(elem.get("entryId") or ""),
            primary=(elem.get("primary") or "").lower() == "true",
            rules=tuple((r.get("name") or "") for r in _children(elem, "rules", "rule")),
        )

    def selection(self, elem: Element, depth: int = 0) -> RawSelection:
        if depth > 64:
            raise self.fail("selections nested more than 64 deep", "selection", elem)
        name = (elem.get("customName") or elem.get("name") or "").strip()
        where = f"selection {name[:80]!r} number"
        number = self.number(elem.get("number"), where, 1.0, elem)
        if number < 0 or number != int(number):
            raise self.fail(f"bad number {elem.get('number', '')[:40]!r}: a whole number, 0 or more", where, elem)
        line = self.line(elem)
        what = "models or items in one selection"
        check_limit(int(number), "models_per_unit", what=what, file=self.file, line=line, field=where)
        return RawSelection(
            id=elem.get("id") or "",
            name=name,
            entry_id=elem.get("entryId") or "",
            type=(elem.get("type") or "").strip(),
            number=int(number),
            points=self.points(elem, f"selection {name[:80]!r} cost") or 0.0,
            profiles=tuple(self.profile(p) for p in _children(elem, "profiles", "profile")),
            rules=tuple((r.get("name") or "") for r in _children(elem, "rules", "rule")),
            categories=tuple(self.category(c) for c in _children(elem, "categories", "category")),
            children=tuple(self.selection(s, depth + 1) for s in _children(elem, "selections", "selection")),
            line=line,
        )

    def force(self, elem: Element, depth: int = 0) -> RawForce:
        if depth > 8:
            raise self.fail("forces nested more than 8 deep", "force", elem)
        return RawForce(
            id=elem.get("id") or "",
            name=(elem.get("customName") or elem.get("name") or "").strip(),
            entry_id=last_id(elem.get("entryId") or ""),
            catalogue_id=elem.get("catalogueId") or "",
            catalogue_name=" ".join((elem.get("catalogueName") or "").split()),
            selections=tuple(self.selection(s) for s in _children(elem, "selections", "selection")),
            categories=tuple(self.category(c) for c in _children(elem, "categories", "category")),
            forces=tuple(self.force(f, depth + 1) for f in _children(elem, "forces", "force")),
        )


def read_roster_tree(doc: RosterXml | Element, file: str) -> RawRoster:
    """The ``RawRoster`` of a parsed roster (with its lines, or a bare root element).

    Raises ``InputError`` if the root is not a BattleScribe ``roster``, if its ``gameSystemId`` is not HH2's
    (``28d4-bd2e-4858-ece6``; the name is not trusted), or if a number in it cannot be read or is out of range
    (see the module docstring).
    """
    root = doc.root if isinstance(doc, RosterXml) else doc
    reader = _Reader(file, doc if isinstance(doc, RosterXml) else None)
    if local_name(root.tag) != "roster":
        raise reader.fail(f"not a BattleScribe roster (root element is <{local_name(root.tag)}>)")
    namespace = root.tag[1:].split("}", 1)[0] if root.tag.startswith("{") else ""
    if namespace and namespace != ROSTER_NAMESPACE:
        raise reader.fail(f"not a BattleScribe roster (namespace {namespace!r})")
    system = root.get("gameSystemId") or ""
    system_name = root.get("gameSystemName") or ""
    if system != HH2_GAME_SYSTEM_ID:
        raise reader.fail(
            f"not a Horus Heresy 2nd edition roster: gameSystemId {system or 'missing'!r} ({system_name!r}); "
            f"expected {HH2_GAME_SYSTEM_ID}",
            "gameSystemId",
        )
    return RawRoster(
        name=(root.get("name") or "").strip(),
        game_system_id=system,
        game_system_name=system_name,
        game_system_revision=root.get("gameSystemRevision") or "",
        points=reader.points(root, "roster cost"),
        points_limit=reader.limit(root),
        forces=tuple(reader.force(f) for f in _children(root, "forces", "force")),
        generated_by=root.get("generatedBy") or "",
    )
