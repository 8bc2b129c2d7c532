"""The seeded mutator (``mutate``) over the real files: every roster of ``shared/data/rosters`` (as ``.ros``, and
every third mutant as a ``.rosz``, its archive maybe broken too), the bundled army files, the bundled scenario
(``map``) and a refereed one (``check``), a rules-configuration override file and a real game record
(``replay``). ``profile.MUTANTS`` mutants of each (one to three operations), the same ones on every run."""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.conftest import ROSTERS
from tests.fuzz import mutate
from tests.fuzz.attacks import Attack, attack_problems, cases
from tests.fuzz.corpus_records import REPLAY
from tests.fuzz.corpus_yaml import ARMY, CHECK, CONFIG, DEMO_ARMIES, DEMO_SCENARIO, MAP, TURN_SCENARIO, config_text
from tests.fuzz.harness import Sandbox
from tests.fuzz.known import KNOWN
from tests.fuzz.profile import MUTANTS, SEED
from tests.fuzz.records import demo_record


@dataclass(frozen=True)
class Base:
    """A real file to mutate: its key in test names, its bytes, the operations and the command run."""

    key: str
    data: bytes
    ops: dict[str, mutate.Op]
    file: str
    argv: tuple[str, ...]
    codes: tuple[int, ...] = (0, 2)


def bases() -> list[Base]:
    """Every real file the mutator starts from."""
    out = [
        Base(
            f"roster-{path.stem.replace(' ', '_')}",
            path.read_bytes(),
            mutate.ROSTER_OPS,
            "mutant.ros",
            ("roster", "{F}", "--json"),
        )
        for path in sorted(ROSTERS.glob("*.ros"))
    ]
    out += [Base(f"army-{p.stem}", p.read_bytes(), mutate.YAML_OPS, "mutant.yaml", ARMY) for p in DEMO_ARMIES]
    out.append(Base("scenario-demo", DEMO_SCENARIO.read_bytes(), mutate.YAML_OPS, "mutant.yaml", MAP))
    out.append(Base("scenario-turn", TURN_SCENARIO.read_bytes(), mutate.YAML_OPS, "mutant.yaml", CHECK, (0, 1, 2)))
    out.append(Base("config", config_text().encode(), mutate.YAML_OPS, "mutant.yaml", CONFIG))
    out.append(Base("record", demo_record().encode(), mutate.RECORD_OPS, "mutant.json", REPLAY))
    return out


def mutant(base: Base, index: int) -> Attack:
    """Mutant ``index`` of ``base``: the same bytes for the same ``SEED`` on every machine."""
    rnd = random.Random(f"{SEED}/{base.key}/{index}")
    mutation = mutate.random_mutation(rnd, base.ops)
    data = mutate.apply(base.data, mutation, base.ops)
    file = base.file
    if base.ops is mutate.ROSTER_OPS and index % 3 == 2:
        data, file = mutate.zipped(data, rnd), "mutant.rosz"
    described = ", ".join(f"{name}:{seed}" for name, seed in mutation)
    outputs = ("out.svg",) if base.argv == MAP else ()
    return Attack(
        f"{base.key}-{index:03d}", f"mutant ({described})", file, data, (base.argv,), outputs=outputs, codes=base.codes
    )


MUTANTS_TO_RUN = [mutant(base, index) for base in bases() for index in range(MUTANTS)]


@pytest.mark.parametrize("attack", cases(MUTANTS_TO_RUN, KNOWN))
def test_a_mutated_real_file_is_read_or_refused_cleanly(attack: Attack, tmp_path: Path) -> None:
    found = attack_problems(attack, Sandbox(tmp_path))
    assert not found, attack.kind + "\n" + "\n".join(found)
