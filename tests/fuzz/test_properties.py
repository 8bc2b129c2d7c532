"""Property-based fuzzing (hypothesis, settings of ``profile.FUZZ``): whatever list of mutations of a real file,
whatever path or option value, the real command line ends cleanly (exit 0 or one ``strategium: error:`` line
with exit 2), within its time and memory budget, touching no file. Hypothesis draws the operations of
``mutate`` and their seeds (and, in the ``long`` profile, shrinks a failure to the fewest and simplest)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tests.conftest import ROSTERS
from tests.fuzz import mutate
from tests.fuzz.corpus_records import REPLAY
from tests.fuzz.corpus_yaml import ARMY, CONFIG, DEMO_ARMIES, DEMO_SCENARIO, MAP, config_text
from tests.fuzz.harness import problems, run_cli, sandbox, verdict
from tests.fuzz.profile import FUZZ
from tests.fuzz.records import demo_record

ROSTER_FILES = sorted(ROSTERS.glob("*.ros"))
YAML_FILES = [(p.name, p.read_bytes(), ARMY) for p in DEMO_ARMIES]
YAML_FILES += [("demo.yaml", DEMO_SCENARIO.read_bytes(), MAP), ("overrides.yaml", config_text().encode(), CONFIG)]


def mutations(ops: dict[str, mutate.Op]) -> st.SearchStrategy[list[tuple[str, int]]]:
    """One to four operations of ``ops``, each with its seed."""
    return st.lists(st.tuples(st.sampled_from(sorted(ops)), st.integers(0, 2**32 - 1)), min_size=1, max_size=4)


def _clean(argv: list[str], file: str, data: bytes, *, outputs: tuple[str, ...] = ()) -> None:
    with sandbox() as box:
        box.put(file, data)
        run = run_cli(argv, box)
        expected = {"outputs": [f"work/{name}" for name in outputs], "names": [file]}
        assert not problems(run, **expected), verdict(run, **expected)


@FUZZ
@given(index=st.integers(0, len(ROSTER_FILES) - 1), mutation=mutations(mutate.ROSTER_OPS), zip_seed=st.integers())
def test_any_mutation_of_a_real_roster_is_read_or_refused_cleanly(
    index: int, mutation: list[tuple[str, int]], zip_seed: int
) -> None:
    data = mutate.apply(ROSTER_FILES[index].read_bytes(), mutation, mutate.ROSTER_OPS)
    if zip_seed % 3 == 0:
        import random

        _clean(["roster", "mutant.rosz"], "mutant.rosz", mutate.zipped(data, random.Random(zip_seed)))
    else:
        _clean(["roster", "mutant.ros"], "mutant.ros", data)


@FUZZ
@given(index=st.integers(0, len(YAML_FILES) - 1), mutation=mutations(mutate.YAML_OPS))
def test_any_mutation_of_a_bundled_yaml_file_is_read_or_refused_cleanly(
    index: int, mutation: list[tuple[str, int]]
) -> None:
    name, base, argv = YAML_FILES[index]
    data = mutate.apply(base, mutation, mutate.YAML_OPS)
    outputs = ("out.svg",) if argv == MAP else ()
    _clean([part.replace("{F}", name) for part in argv], name, data, outputs=outputs)


@FUZZ
@given(mutation=mutations(mutate.RECORD_OPS))
def test_any_mutation_of_a_real_record_replays_or_is_refused_cleanly(mutation: list[tuple[str, int]]) -> None:
    data = mutate.apply(demo_record().encode(), mutation, mutate.RECORD_OPS)
    _clean([part.replace("{F}", "record.json") for part in REPLAY], "record.json", data)


PATH_COMMANDS = (
    ("roster",),
    ("army", "show"),
    ("replay",),
    ("check",),
    ("map", "--out", "out.svg"),
    ("rules", "config", "--file"),
    ("battle", "--turns", "1", "--quiet", "--scenario"),
)
PATH_TEXT = st.text(st.characters(exclude_categories=("Cs",)), max_size=120)


@FUZZ
@given(command=st.sampled_from(PATH_COMMANDS), path=PATH_TEXT)
def test_any_path_given_to_a_command_is_refused_cleanly(command: tuple[str, ...], path: str) -> None:
    with sandbox() as box:
        run = run_cli([*command, path], box)
        assert not problems(run, outputs=["work/out.svg"]), verdict(run, outputs=["work/out.svg"])


OPTION_VALUE = st.one_of(st.integers(-(10**30), 10**30).map(str), st.text(max_size=12), st.sampled_from(["-0", "1e3"]))


@FUZZ
@given(
    option=st.sampled_from(["--seed", "--turns", "--runs", "--workers", "--player", "--player1"]), value=OPTION_VALUE
)
def test_any_option_value_of_battle_is_refused_cleanly(option: str, value: str) -> None:
    with sandbox() as box:  # (armies that are not there: a valid value still ends in one clean error)
        run = run_cli(["battle", "--army", "nobody", "--army", "nobody", option, value], box)
        assert not problems(run, codes=(2,)), verdict(run, codes=(2,))
