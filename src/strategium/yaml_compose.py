"""Composing untrusted YAML into nodes, one event at a time, under the input limits.

PyYAML's own composer follows aliases without counting them (a "billion laughs" file of a few hundred bytes
expands to gigabytes), recurses once per level of nesting (a file of ten thousand ``[`` ends in a
``RecursionError``) and accepts every tag its constructor knows. :func:`compose` reads the parser's events in a
loop instead, and refuses, before the node that would break it is built:

- more alias uses than ``yaml_aliases``, or more nodes than ``yaml_nodes`` where each alias counts as the size of
  the list or mapping it stands for (so the expanded document is bounded, not only the file);
- an alias used inside the list or mapping it names (a loop), an alias that names no anchor, an anchor given
  twice;
- nesting deeper than ``yaml_depth``;
- a text value longer than ``string_chars``, or holding a control character or a lone surrogate;
- an explicit tag other than YAML's plain ones (``!!str``, ``!!int``, ``!!float``, ``!!bool``, ``!!null``,
  ``!!seq``, ``!!map``): ``!!python/object``, ``!!binary``, ``!!set``, ``!custom``...;
- a list or mapping used as a mapping key;
- a second document (``---``) in the file.

Every refusal is one :class:`~strategium.errors.InputError` naming the file and the line (limits through
:func:`strategium.limits.check_limit`). The events come from libyaml when PyYAML was built with it (it parses
without recursion and about ten times faster), else from PyYAML's pure-Python parser.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Final

import yaml
from yaml import events
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from strategium.errors import InputError
from strategium.limits import check_limit

_CORE: Final = "tag:yaml.org,2002:"
PLAIN_TAGS: Final = frozenset(_CORE + name for name in ("str", "int", "float", "bool", "null", "seq", "map"))
"""The explicit tags a file may write (YAML's core schema); no tag, or ``!``, lets the value speak for itself."""

BAD_TEXT: Final = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x84\x86-\x9f\ud800-\udfff\ufffe\uffff]")
"""Characters no text value may hold: control characters other than tab and line breaks, lone surrogates."""


def _pure_parser(text: str) -> Any:
    class Events(yaml.reader.Reader, yaml.scanner.Scanner, yaml.parser.Parser):
        def __init__(self, stream: str) -> None:
            yaml.reader.Reader.__init__(self, stream)
            yaml.scanner.Scanner.__init__(self)
            yaml.parser.Parser.__init__(self)

    return Events(text)


def event_parser(text: str) -> Any:
    """A YAML event parser over ``text`` (``check_event``/``get_event``/``dispose``): libyaml's if present."""
    if getattr(yaml, "__with_libyaml__", False):
        from yaml import cyaml

        return getattr(cyaml, "CParser")(text)  # noqa: B009 (the stubs do not export it)
    return _pure_parser(text)


def _shown_tag(tag: str) -> str:
    return "!!" + tag.removeprefix(_CORE) if tag.startswith(_CORE) else tag


@dataclass
class _Open:
    """A list or mapping whose end event has not come yet."""

    node: SequenceNode | MappingNode
    anchor: str | None
    nodes_before: int
    key: Node | None = None


@dataclass
class _Composer:
    file: str | None
    parser: Any
    resolver: Any = field(default_factory=yaml.resolver.Resolver)
    anchors: dict[str, Node] = field(default_factory=dict)
    sizes: dict[str, int] = field(default_factory=dict)
    stack: list[_Open] = field(default_factory=list)
    nodes: int = 0
    aliases: int = 0

    def error(self, event: Any, message: str) -> InputError:
        return InputError(message, file=self.file, line=event.start_mark.line + 1)

    def limit(self, value: int, name: str, what: str, event: Any) -> None:
        check_limit(value, name, what=what, file=self.file, line=event.start_mark.line + 1)

    def document(self) -> Node | None:
        """The one document of the stream (None when there is none)."""
        self.parser.get_event()  # StreamStartEvent
        if self.parser.check_event(events.StreamEndEvent):
            return None
        self.parser.get_event()  # DocumentStartEvent
        root = self.root()
        self.parser.get_event()  # DocumentEndEvent
        if self.parser.check_event(events.DocumentStartEvent):
            extra = self.parser.get_event()
            raise self.error(extra, "the file holds a second YAML document ('---'); give one document per file")
        return root

    def root(self) -> Node:
        while True:
            event: Any = self.parser.get_event()
            if isinstance(event, events.SequenceEndEvent | events.MappingEndEvent):
                done = self.stack.pop()
                done.node.end_mark = event.end_mark
                if done.anchor is not None:
                    self.sizes[done.anchor] = self.nodes - done.nodes_before
                if not self.stack:
                    return done.node
                continue
            node = self.node(event)
            if self.stack:
                self.attach(node, event)
            if isinstance(node, SequenceNode | MappingNode) and not isinstance(event, events.AliasEvent):
                self.stack.append(_Open(node, event.anchor, self.nodes - 1))
            elif not self.stack:
                return node

    def node(self, event: Any) -> Node:
        if isinstance(event, events.AliasEvent):
            return self.alias(event)
        anchor = event.anchor
        if anchor is not None and anchor in self.anchors:
            first = self.anchors[anchor].start_mark.line + 1
            raise self.error(event, f"the anchor &{anchor} is defined twice (first on line {first})")
        tag = getattr(event, "tag", None)
        if tag not in (None, "!") and tag not in PLAIN_TAGS:
            raise self.error(
                event,
                f"the tag {_shown_tag(str(tag))} is not allowed (strategium reads plain YAML: text, numbers, "
                "true/false, lists and mappings)",
            )
        self.nodes += 1
        self.limit(self.nodes, "yaml_nodes", "YAML nodes (values, lists and mappings, aliases expanded)", event)
        node: Node
        if isinstance(event, events.ScalarEvent):
            value = event.value
            self.limit(len(value), "string_chars", "characters in one text value", event)
            bad = BAD_TEXT.search(value)
            if bad is not None:
                raise self.error(event, f"a text value holds the control character U+{ord(bad[0]):04X}")
            if tag in (None, "!"):
                tag = self.resolver.resolve(ScalarNode, value, event.implicit)
            scalar: Any = event
            node = ScalarNode(tag, value, scalar.start_mark, scalar.end_mark, style=scalar.style)
            if anchor is not None:
                self.sizes[anchor] = 1
        else:
            self.limit(len(self.stack) + 1, "yaml_depth", "levels of nested lists and mappings", event)
            kind: type[SequenceNode | MappingNode]
            kind = SequenceNode if isinstance(event, events.SequenceStartEvent) else MappingNode
            if tag in (None, "!"):
                tag = self.resolver.resolve(kind, None, event.implicit)
            node = kind(tag, [], event.start_mark, None, flow_style=event.flow_style)
        if anchor is not None:
            self.anchors[anchor] = node
        return node

    def alias(self, event: Any) -> Node:
        name = event.anchor
        node = self.anchors.get(name) if name is not None else None
        if node is None:
            raise self.error(event, f"the alias *{name} names no anchor (&{name}) given before it")
        if name not in self.sizes:
            raise self.error(event, f"the alias *{name} is used inside the list or mapping it names (a loop)")
        self.aliases += 1
        self.limit(self.aliases, "yaml_aliases", "alias uses (*name)", event)
        self.nodes += self.sizes[name]
        self.limit(self.nodes, "yaml_nodes", "YAML nodes (values, lists and mappings, aliases expanded)", event)
        return node

    def attach(self, node: Node, event: Any) -> None:
        parent = self.stack[-1]
        if isinstance(parent.node, SequenceNode):
            parent.node.value.append(node)
        elif parent.key is None:
            if not isinstance(node, ScalarNode):
                raise self.error(event, "a mapping key must be a name or a number, not a list or mapping")
            parent.key = node
        else:
            parent.node.value.append((parent.key, node))
            parent.key = None


def compose(text: str, file: str | None) -> Node | None:
    """The node graph of the single YAML document in ``text`` (None for an empty stream), checked against the
    limits as it is built. Raises :class:`~strategium.errors.InputError` (see the module docstring) and lets
    PyYAML's own ``yaml.YAMLError`` through for a syntax error."""
    check_limit(len(text), "yaml_file_bytes", what="characters in the file", file=file)
    bad = BAD_TEXT.search(text)
    if bad is not None:
        line = text.count("\n", 0, bad.start()) + 1
        message = f"the file holds the control character U+{ord(bad[0]):04X} (is it text?)"
        raise InputError(message, file=file, line=line)
    parser = event_parser(text)
    try:
        return _Composer(file, parser).document()
    finally:
        parser.dispose()
