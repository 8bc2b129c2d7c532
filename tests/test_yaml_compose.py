"""Hostile YAML, composed under the input limits: each attack is one ``InputError`` naming file and line, found
before the document is built (no memory blow-up, no recursion, no Python object)."""

from __future__ import annotations

import time
import tracemalloc

import pytest
import yaml

from strategium import limits as lim
from strategium import yaml_compose
from strategium.errors import InputError
from strategium.yaml_lines import load_yaml


def over(what: str, value: object, name: str) -> str:
    """The end of ``check_limit``'s message for the limit ``name`` in force."""
    limit = getattr(lim.limits(), name)
    return f"{what}: {value} is over the limit of {limit} (raise it with STRATEGIUM_LIMIT_{name.upper()})"


def refused(text: str) -> str:
    with pytest.raises(InputError) as caught:
        load_yaml(text, "f.yaml")
    message = str(caught.value)
    assert "\n" not in message
    return message


def billion_laughs(levels: int = 9, width: int = 10) -> str:
    text = "a0: &a0 [lol]\n"
    for i in range(1, levels + 1):
        text += f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * width) + "]\n"
    return text


def test_billion_laughs_is_refused_at_the_alias_that_passes_the_node_limit_in_little_time_and_memory() -> None:
    tracemalloc.start()
    started = time.perf_counter()
    message = refused(billion_laughs())
    elapsed = time.perf_counter() - started
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    # a0 to a4 hold 23,462 nodes with the keys; a4 stands for 21,111, so the second alias in a5 (line 6) takes the
    # count past 50,000, long before the billion nodes of a9.
    assert message == (
        "f.yaml:6: YAML nodes (values, lists and mappings, aliases expanded): 65686 is over the limit of 50000 "
        "(raise it with STRATEGIUM_LIMIT_YAML_NODES)"
    )
    assert elapsed < 1.0
    assert peak < 5 * 1024 * 1024


def test_a_narrow_but_deep_alias_chain_is_counted_as_the_size_it_stands_for() -> None:
    message = refused(billion_laughs(levels=40, width=2))  # 40 aliases, each doubling what the last stood for
    assert message.startswith("f.yaml:15: YAML nodes (values, lists and mappings, aliases expanded): 73727 is over")


def test_alias_uses_past_the_limit_are_refused() -> None:
    text = "x: &x 1\ny: [" + ", ".join(["*x"] * 257) + "]\n"
    assert refused(text) == ("f.yaml:2: " + over("alias uses (*name)", 257, "yaml_aliases"))
    with lim.using_limits(yaml_aliases=300):
        data, _ = load_yaml(text, "f.yaml")
    assert data["y"] == [1] * 257


def test_an_alias_inside_what_it_names_is_a_loop() -> None:
    assert refused("a: &l [1, *l]\n") == "f.yaml:1: the alias *l is used inside the list or mapping it names (a loop)"
    assert refused("a: &m {x: *m}\n") == "f.yaml:1: the alias *m is used inside the list or mapping it names (a loop)"


def test_unknown_alias_and_anchor_given_twice() -> None:
    assert refused("a: *nope\n") == "f.yaml:1: the alias *nope names no anchor (&nope) given before it"
    assert refused("a: &x 1\nb: &x 2\n") == "f.yaml:2: the anchor &x is defined twice (first on line 1)"


def test_merge_keys_still_work_and_a_merge_chain_counts_its_aliases() -> None:
    data, lines = load_yaml("base: &b {m: 6, ws: 3}\nhero:\n  <<: *b\n  ws: 5\n", "f.yaml")
    assert data["hero"] == {"m": 6, "ws": 5}
    assert lines[("hero", "ws")] == 4
    chain = "".join(f"m{i}: &m{i} {{" + (f"<<: *m{i - 1}, k{i}: 1" if i else "k0: 1") + "}\n" for i in range(300))
    assert refused(chain).startswith("f.yaml:158: YAML nodes (values, lists and mappings, aliases expanded): 50243 is")
    with lim.using_limits(yaml_nodes=10**6):
        assert refused(chain).startswith("f.yaml:258: alias uses (*name): 257 is over the limit of 256")


@pytest.mark.parametrize(
    "text",
    [
        "a: " + "[" * 65 + "]" * 65 + "\n",
        "a: " + "{b: " * 65 + "1" + "}" * 65 + "\n",
        "".join("  " * i + f"k{i}:\n" for i in range(65)) + "  " * 65 + "v\n",
        "".join("  " * i + "-\n" for i in range(65)) + "  " * 65 + "v\n",
    ],
    ids=["flow lists", "flow mappings", "block mappings", "block lists"],
)
def test_nesting_deeper_than_the_limit_is_refused(text: str) -> None:
    message = refused(text)
    assert message.startswith("f.yaml:")
    assert message.endswith(
        "levels of nested lists and mappings: 65 is over the limit of 64 (raise it with STRATEGIUM_LIMIT_YAML_DEPTH)"
    )


def test_a_hundred_thousand_brackets_end_in_one_line_not_a_recursion_error() -> None:
    message = refused("a: " + "[" * 100_000 + "]" * 100_000 + "\n")
    assert message.startswith("f.yaml:1: ")


@pytest.mark.parametrize(
    ("value", "shown"),
    [
        ("!!python/object/apply:os.system ['echo owned']", "!!python/object/apply:os.system"),
        ("!!python/name:os.system", "!!python/name:os.system"),
        ("!!binary aGVsbG8=", "!!binary"),
        ("!!set {a, b}", "!!set"),
        ("!!timestamp 2024-01-01", "!!timestamp"),
        ("!foo bar", "!foo"),
        ("!<tag:yaml.org,2002:python/none> ''", "!!python/none"),
    ],
)
def test_tags_other_than_the_plain_ones_are_refused(value: str, shown: str) -> None:
    assert refused(f"name: x\nfaction: {value}\n") == (
        f"f.yaml:2: the tag {shown} is not allowed (strategium reads plain YAML: text, numbers, true/false, lists "
        "and mappings)"
    )


def test_tags_defined_by_a_directive_are_refused_too() -> None:
    message = refused("%TAG !x! tag:yaml.org,2002:python/\n---\na: !x!none ''\n")
    assert message.startswith("f.yaml:3: the tag !!python/none is not allowed")


def test_the_plain_tags_are_read() -> None:
    data, _ = load_yaml("a: !!str 12\nb: !!int '7'\nc: !!float 2\nd: !!bool true\ne: !!null ''\n", "f.yaml")
    assert data == {"a": "12", "b": 7, "c": 2.0, "d": True, "e": None}


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("a: !!int abc\n", "f.yaml:1: a: 'abc' is not a whole number"),
        ("a: !!float abc\n", "f.yaml:1: a: 'abc' is not a number"),
        ("a: !!bool maybe\n", "f.yaml:1: a: 'maybe' is not true or false"),
        ("a: 2024-13-45\n", "f.yaml:1: a: '2024-13-45' cannot be read (month must be in 1..12)"),
        (
            "a: -1000000000000000001\n",
            "f.yaml:1: a: '-1000000000000000001' is larger than any whole number strategium reads (10^18)",
        ),
        (
            "a: " + "9" * 5000 + "\n",
            "f.yaml:1: a: '"
            + "9" * 40
            + "' (5000 characters) is larger than any whole number strategium reads (10^18)",
        ),
        (
            "a: 0x" + "f" * 5000 + "\n",
            "f.yaml:1: a: '0x"
            + "f" * 38
            + "' (5002 characters) is larger than any whole number strategium reads (10^18)",
        ),
    ],
)
def test_a_value_that_cannot_be_read_is_named_at_its_line(text: str, message: str) -> None:
    assert refused(text) == message


def test_the_largest_whole_number_is_read() -> None:
    assert load_yaml("a: 1000000000000000000\n", "f.yaml")[0] == {"a": 10**18}


def test_a_list_or_mapping_as_a_key_is_refused() -> None:
    assert refused("a: 1\n[1, 2]: 3\n") == "f.yaml:2: a mapping key must be a name or a number, not a list or mapping"
    assert (
        refused("a: 1\n? {b: 1}\n: 3\n") == "f.yaml:2: a mapping key must be a name or a number, not a list or mapping"
    )


def test_a_second_document_is_refused() -> None:
    assert refused("a: 1\n---\nb: 2\n") == (
        "f.yaml:2: the file holds a second YAML document ('---'); give one document per file"
    )
    assert refused("---\n---\n").startswith("f.yaml:2: the file holds a second YAML document")


def test_a_key_given_twice_is_refused() -> None:
    assert refused("a: 1\nb: 2\na: 3\n") == "f.yaml:3: a: given twice"


def test_control_characters_raw_or_escaped_are_refused() -> None:
    assert refused("name: x\nfac\0tion: y\n") == "f.yaml:2: the file holds the control character U+0000 (is it text?)"
    assert refused('name: x\nfaction: "\\x1b[31mred"\n') == "f.yaml:2: a text value holds the control character U+001B"
    assert refused('"a\\x07": 1\n') == "f.yaml:1: a text value holds the control character U+0007"


def test_text_longer_than_the_limit_is_refused_before_it_is_built() -> None:
    assert refused("a: " + "x" * 10_001 + "\n") == (
        "f.yaml:1: characters in one text value: 10001 is over the limit of 10000 "
        "(raise it with STRATEGIUM_LIMIT_STRING_CHARS)"
    )
    assert load_yaml("a: " + "x" * 10_000 + "\n", "f.yaml")[0] == {"a": "x" * 10_000}


def test_text_larger_than_the_file_limit_is_refused() -> None:
    with lim.using_limits(yaml_file_bytes=100):
        assert refused("#" * 101) == "f.yaml: " + over("characters in the file", 101, "yaml_file_bytes")


def test_a_byte_order_mark_is_dropped() -> None:
    assert load_yaml("\ufeffa: 1\n", "f.yaml")[0] == {"a": 1}


def test_the_pure_python_parser_meets_the_same_limits(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(yaml, "__with_libyaml__", False)
    assert not type(yaml_compose.event_parser("a: 1")).__module__.startswith("yaml._yaml")
    assert refused(billion_laughs()).startswith("f.yaml:6: YAML nodes (values, lists and mappings, aliases expanded)")
    assert refused("a: " + "[" * 1000 + "]" * 1000 + "\n").endswith(
        "65 is over the limit of 64 (raise it with STRATEGIUM_LIMIT_YAML_DEPTH)"
    )
    assert load_yaml("a: [1, {b: c}]\n", "f.yaml")[0] == {"a": [1, {"b": "c"}]}
