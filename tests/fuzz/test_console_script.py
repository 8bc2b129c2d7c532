"""The installed ``strategium`` console script, in child processes of its own, on the corpus's worst cases: the
real exit codes and stderr a user gets, under a 300 MiB cap on the address space over what the idle command
holds (``RLIMIT_AS``), with each run's peak resident size measured (``wait4``). The children run side by side."""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.cli.running import CLI_ENV
from tests.conftest import ROSTERS
from tests.fuzz.attacks import zip_of
from tests.fuzz.corpus_rosters import xml_attacks
from tests.fuzz.corpus_yaml import GENERIC
from tests.fuzz.harness import ERROR_PREFIX, MEMORY_MIB

SCRIPT = Path(sys.executable).parent / "strategium"
"""The console script pip installed beside this interpreter (``make install-test``: ``.venv/bin/strategium``)."""
BASE = (ROSTERS / "Basic Marines Validate.ros").read_bytes()


def _idle_address_space() -> int:
    """Bytes of address space the command holds once everything is imported (``VmSize`` of an idle child)."""
    probe = "import strategium.cli.main\nprint(open('/proc/self/status').read())"
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, env=CLI_ENV, check=True)
    line = next(x for x in out.stdout.splitlines() if x.startswith("VmSize:"))
    return int(line.split()[1]) * 1024


def _spawn(argv: list[str], cwd: Path, cap: int) -> subprocess.Popen[bytes]:
    def limit() -> None:  # in the child, before it runs the script
        resource.setrlimit(resource.RLIMIT_AS, (cap, cap))
        resource.setrlimit(resource.RLIMIT_CPU, (20, 25))

    return subprocess.Popen(
        [str(SCRIPT), *argv],
        cwd=cwd,
        env=CLI_ENV,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        preexec_fn=limit,
    )


CASES = {
    # name: (files to put in the folder, argv, the exit code a user must get)
    "a real roster": ({}, ["roster", str(ROSTERS / "OgrynChainaxeFix.ros")], 0),
    "a zip bomb": (
        {"bomb.rosz": zip_of([("r.ros", BASE.replace(b"<forces>", b" " * (30 << 20), 1))])},
        ["roster", "bomb.rosz"],
        2,
    ),
    "billion laughs": (
        {"laughs.ros": next(a for a in xml_attacks(BASE) if a.key == "billion-laughs").content or b""},
        ["roster", "laughs.ros"],
        2,
    ),
    "a YAML alias bomb": ({"bomb.yaml": GENERIC["alias-bomb"][1]}, ["army", "show", "bomb.yaml"], 2),
    "a usage error": ({}, ["battle", "--seed", "abc"], 2),
}
FAILING_ON_MAIN: dict[str, str] = {}
"""Case name → why it fails on main (none since issue 18's readers were merged)."""


@pytest.fixture(scope="module")
def console_runs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[int, str, float, float]]:
    """Every case run at once: name → (exit code, stderr, peak resident MiB, seconds)."""
    assert SCRIPT.is_file(), f"the console script is not installed at {SCRIPT} (make install-test)"
    cap = _idle_address_space() + MEMORY_MIB * 1024 * 1024
    started: dict[str, tuple[subprocess.Popen[bytes], float]] = {}
    for name, (files, argv, _) in CASES.items():
        folder = tmp_path_factory.mktemp("console")
        for file, data in files.items():
            (folder / file).write_bytes(data)
        started[name] = (_spawn(argv, folder, cap), time.perf_counter())
    out = {}
    for name, (child, start) in started.items():
        assert child.stderr is not None
        stderr = child.stderr.read().decode("utf-8", "replace")
        _, status, usage = os.wait4(child.pid, 0)
        child.returncode = os.waitstatus_to_exitcode(status)
        out[name] = (child.returncode, stderr, usage.ru_maxrss / 1024, time.perf_counter() - start)
    return out


@pytest.mark.parametrize(
    "name",
    [
        pytest.param(
            n, marks=[pytest.mark.xfail(strict=True, reason=FAILING_ON_MAIN[n])] if n in FAILING_ON_MAIN else []
        )
        for n in CASES
    ],
)
def test_the_console_script_exits_with_the_right_code_and_one_line(
    name: str, console_runs: dict[str, tuple[int, str, float, float]]
) -> None:
    code, stderr, peak_mib, _ = console_runs[name]
    wanted = CASES[name][2]
    assert code == wanted, f"{name}: exit code {code}, not {wanted}; stderr: {stderr[-500:]}"
    if wanted == 2:
        lines = stderr.splitlines()
        assert len(lines) == 1 and lines[0].startswith(ERROR_PREFIX), f"{name}: stderr {stderr[:500]!r}"
    else:
        assert "Traceback" not in stderr
    assert peak_mib < 400, f"{name}: peak resident size {peak_mib:.0f} MiB"
