"""Running the real command line on one input, watched: time, memory, output and every file of its sandbox.

Each run forks this test process (everything is already imported, so a run costs milliseconds, not an
interpreter's start) and calls the real entry point, :func:`strategium.cli.main.main`, with ``argv`` in the child.
The child runs in a :class:`Sandbox`: the sandbox (its working folder, where the inputs are, its ``TMPDIR``, and
the folder above them, where a ``../`` path would land) is snapshot (path and SHA-256 of every file) before and
compared after. In the child:

- CPU time is capped (``ITIMER_PROF``, then ``RLIMIT_CPU`` 3 s later as a backstop: ``SIGXCPU``) and so is wall time
  (``ITIMER_REAL``; the parent kills the child 5 s later still): a run over its budget ends with the traceback
  of where it was, which the report quotes;
- the address space is capped at what the child had at the fork plus ``memory_mib`` (``RLIMIT_AS``): an input
  that would take more ends in ``MemoryError`` (a failure) instead of taking the machine's memory; the growth of
  the peak resident size (``VmHWM``) over the start is measured and kept in :attr:`Run.peak_mib`;
- stdout and stderr are files at the file-descriptor level (C libraries' output is caught too); stdout is
  strict UTF-8 and stderr UTF-8 with backslash escapes, as Python sets them for a terminal.

:func:`problems` lists what breaks the policy of ``docs/input-limits.md``; an empty list is a clean run.
"""

from __future__ import annotations

import contextlib
import gc
import hashlib
import io
import json
import os
import resource
import select
import shutil
import signal
import sys
import tempfile
import time
import traceback
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from strategium import limits as limits_module
from strategium.cli.main import main

CPU_SECONDS = 5.0
"""The time budget of one run over one input file (issue 18's acceptance: 5 s), in CPU seconds: a shared
machine's wall clock swings with its load, the CPU time a run needs does not."""
WALL_SECONDS = 60.0
"""The wall-clock budget: a backstop for a run that waits (on a FIFO, say) and uses no CPU; large, because a
shared machine may give a run a fifth of a core."""
MEMORY_MIB = 300
"""The memory cap of one run (issue 18's acceptance: 300 MiB), over what the process had before it."""
ERROR_PREFIX = "strategium: error: "
WARNING_PREFIX = "strategium: warning: "
SUCCESS_STDERR = (WARNING_PREFIX, "note: ", "report: ", "game record: ")
"""What ``stderr`` may hold after a run that worked: warnings about the input and where outputs went."""
LONGEST_ERROR = 1000
"""Longest error line accepted (an error that echoes a whole hostile value back is a problem too)."""


class BudgetExceeded(BaseException):
    """Raised in the child when its CPU or wall-clock budget runs out (a BaseException: no ``except Exception``
    in the code under test can swallow it)."""


@dataclass
class Sandbox:
    """A run's folders: ``work`` (its working folder, holding the inputs), ``tmp`` (its ``TMPDIR``) and
    ``capture`` (stdout and stderr, not watched); everything else under ``root`` is watched."""

    root: Path

    def __post_init__(self) -> None:
        for sub in (self.work, self.tmp, self.capture):
            sub.mkdir(parents=True, exist_ok=True)

    @property
    def work(self) -> Path:
        return self.root / "work"

    @property
    def tmp(self) -> Path:
        return self.root / "tmp"

    @property
    def capture(self) -> Path:
        return self.root / "capture"

    def put(self, name: str, content: bytes | str) -> Path:
        """Write an input file into ``work`` (folders made as needed); returns its path."""
        path = self.work / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, str):
            path.write_text(content, encoding="utf-8")
        else:
            path.write_bytes(content)
        return path

    def copy(self, source: Path, name: str | None = None) -> Path:
        """Copy a real file (or folder) into ``work``; returns its path there."""
        target = self.work / (name or source.name)
        if source.is_dir():
            shutil.copytree(source, target)
        else:
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, target)
        return target


@contextlib.contextmanager
def sandbox(prefix: str = "fuzz-") -> Iterator[Sandbox]:
    """A fresh :class:`Sandbox` in a temporary folder, removed afterwards (for hypothesis examples, which cannot
    use pytest's ``tmp_path``)."""
    root = Path(tempfile.mkdtemp(prefix=prefix))
    try:
        yield Sandbox(root)
    finally:
        _make_removable(root)
        shutil.rmtree(root, ignore_errors=True)


def _make_removable(root: Path) -> None:
    for folder, dirs, _ in os.walk(root):
        for name in dirs:
            with contextlib.suppress(OSError):
                os.chmod(os.path.join(folder, name), 0o755)


def snapshot(folder: Path, skip: str = "") -> dict[str, str]:
    """Every entry under ``folder`` but those under ``skip``: relative path → a file's fingerprint (SHA-256 of
    its bytes), ``dir``, ``link -> target`` or ``special``."""
    out: dict[str, str] = {}
    for path in sorted(folder.rglob("*")):
        key = str(path.relative_to(folder))
        if skip and (key == skip or key.startswith(skip + "/")):
            continue
        if path.is_symlink():
            out[key] = f"link -> {os.readlink(path)}"
        elif path.is_dir():
            out[key] = "dir"
        elif path.is_file():
            out[key] = _fingerprint(path)
        else:
            out[key] = "special"
    return out


_HASHED_BYTES = 8 * 1024 * 1024


def _fingerprint(path: Path) -> str:
    """SHA-256 of a file's bytes; for a file over 8 MiB (a generated bomb), its size and modification time."""
    try:
        info = path.stat()
        if info.st_size > _HASHED_BYTES:
            return f"size {info.st_size}, modified {info.st_mtime_ns}"
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError as err:
        return f"unreadable ({err.strerror})"


@dataclass
class Run:
    """What one run did. ``outcome``: ``exit`` (``code`` is its exit code), ``exception`` (``trace`` holds the
    traceback), ``budget`` (over its CPU or wall budget; ``trace``: where it was), ``killed`` (by a signal:
    ``code`` is the signal). ``changed``: entries of the sandbox added, removed or changed, ``path: how``."""

    argv: list[str]
    outcome: str
    code: int
    stdout: str
    stderr: str
    trace: str = ""
    cpu_seconds: float = 0.0
    wall_seconds: float = 0.0
    peak_mib: float = 0.0
    changed: dict[str, str] = field(default_factory=dict)

    def head(self, lines: int = 6) -> str:
        """The last lines of the traceback (or of stderr), for a failure message and the report."""
        text = self.trace or self.stderr
        return "\n".join(text.rstrip().splitlines()[-lines:])


def run_cli(
    argv: Sequence[str],
    box: Sandbox,
    *,
    cpu_seconds: float = CPU_SECONDS,
    wall_seconds: float = WALL_SECONDS,
    memory_mib: int = MEMORY_MIB,
    env: dict[str, str] | None = None,
) -> Run:
    """Run ``strategium ARGV`` (the real entry point) in a forked child inside ``box`` and watch it (module
    docstring). ``env``: variables set in the child (e.g. ``STRATEGIUM_LIMIT_...``)."""
    args = list(argv)
    before = snapshot(box.root, skip="capture")
    out_file, err_file = box.capture / "stdout", box.capture / "stderr"
    read_end, write_end = os.pipe()
    start = time.perf_counter()
    sys.stdout.flush()
    sys.stderr.flush()
    gc.freeze()  # the child's collector then leaves this process's objects alone: no copy of their pages
    pid = os.fork()
    if pid == 0:  # the child: never returns
        os.close(read_end)
        _child(args, box, out_file, err_file, write_end, cpu_seconds, wall_seconds, memory_mib, env or {})
    gc.unfreeze()
    os.close(write_end)
    report, killed = _collect(read_end, pid, wall_seconds + 5.0)
    _, status, usage = os.wait4(pid, 0)
    wall = time.perf_counter() - start
    stdout = out_file.read_text(encoding="utf-8", errors="replace") if out_file.exists() else ""
    stderr = err_file.read_text(encoding="utf-8", errors="replace") if err_file.exists() else ""
    after = snapshot(box.root, skip="capture")
    changed = _changes(before, after)
    cpu = usage.ru_utime + usage.ru_stime
    _log(args, report, cpu, wall, usage.ru_maxrss)
    if killed or os.WIFSIGNALED(status) or not report:
        sig = os.WTERMSIG(status) if os.WIFSIGNALED(status) else 0
        why = f"killed by signal {sig} ({signal.Signals(sig).name})" if sig else "ended without a report"
        why = "killed by the harness after its wall budget" if killed else why
        return Run(args, "killed", sig, stdout, stderr, why, cpu, wall, 0.0, changed)
    return Run(
        args,
        str(report["outcome"]),
        int(report["code"]),
        stdout,
        stderr,
        str(report["trace"]),
        cpu,
        wall,
        float(report["peak_mib"]),
        changed,
    )


def _log(argv: list[str], report: dict[str, Any], cpu: float, wall: float, maxrss_kib: int) -> None:
    """With ``STRATEGIUM_FUZZ_LOG=FILE``, one JSON line per run (for the figures of ``docs/input-limits.md``)."""
    target = os.environ.get("STRATEGIUM_FUZZ_LOG")
    if not target:
        return
    line = {
        "test": os.environ.get("PYTEST_CURRENT_TEST", "").split(" ")[0],
        "argv": " ".join(argv)[:200],
        "outcome": report.get("outcome", "killed"),
        "code": report.get("code"),
        "cpu": round(cpu, 3),
        "wall": round(wall, 3),
        "peak_mib": round(float(report.get("peak_mib", 0.0)), 1),
        "maxrss_mib": round(maxrss_kib / 1024, 1),
    }
    with open(target, "a", encoding="utf-8") as log:
        log.write(json.dumps(line) + "\n")


def _changes(before: dict[str, str], after: dict[str, str]) -> dict[str, str]:
    out: dict[str, str] = {}
    for key in sorted(before.keys() | after.keys()):
        if key not in after:
            out[key] = "removed"
        elif key not in before:
            out[key] = "added"
        elif before[key] != after[key]:
            out[key] = "changed"
    return out


def _collect(read_end: int, pid: int, deadline_seconds: float) -> tuple[dict[str, Any], bool]:
    """Read the child's one JSON report from the pipe; kill the child if it outlives ``deadline_seconds``."""
    chunks: list[bytes] = []
    deadline = time.monotonic() + deadline_seconds
    killed = False
    with os.fdopen(read_end, "rb", buffering=0) as pipe:
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                os.kill(pid, signal.SIGKILL)
                killed = True
                break
            ready, _, _ = select.select([pipe], [], [], min(left, 1.0))
            if ready:
                chunk = pipe.read(65536)
                if not chunk:
                    break
                chunks.append(chunk)
    try:
        report = json.loads(b"".join(chunks).decode("utf-8")) if chunks else {}
    except ValueError:
        report = {}
    return report, killed


def _status_kib(name: str) -> int:
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith(name + ":"):
                return int(line.split()[1])
    return 0


def _child(
    argv: list[str],
    box: Sandbox,
    out_file: Path,
    err_file: Path,
    report_fd: int,
    cpu_seconds: float,
    wall_seconds: float,
    memory_mib: int,
    env: dict[str, str],
) -> None:
    report: dict[str, Any] = {"outcome": "exception", "code": 1, "trace": "", "peak_mib": 0.0}
    try:
        os.chdir(box.work)
        null = os.open(os.devnull, os.O_RDONLY)
        os.dup2(null, 0)
        for fd, path in ((1, out_file), (2, err_file)):
            target = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            os.dup2(target, fd)
            os.close(target)
        sys.stdin = io.TextIOWrapper(io.FileIO(0, "r", closefd=False), encoding="utf-8")
        sys.stdout = io.TextIOWrapper(io.FileIO(1, "w", closefd=False), encoding="utf-8", write_through=True)
        sys.stderr = io.TextIOWrapper(
            io.FileIO(2, "w", closefd=False), encoding="utf-8", errors="backslashreplace", write_through=True
        )
        sys.argv = ["strategium", *argv]
        os.environ.update(env)
        os.environ["TMPDIR"] = str(box.tmp)
        tempfile.tempdir = str(box.tmp)
        limits_module._active = None  # read STRATEGIUM_LIMIT_* again, with ``env``
        start_rss = _status_kib("VmRSS")
        space = _status_kib("VmSize") * 1024 + memory_mib * 1024 * 1024
        _, hard = resource.getrlimit(resource.RLIMIT_AS)
        resource.setrlimit(resource.RLIMIT_AS, (space, hard))
        backstop = int(cpu_seconds) + 3
        resource.setrlimit(resource.RLIMIT_CPU, (backstop, backstop + 2))
        signal.signal(signal.SIGPROF, _over_budget("CPU", cpu_seconds))
        signal.signal(signal.SIGALRM, _over_budget("wall-clock", wall_seconds))
        # (both timers fire again every half second: a budget exception that some code swallows comes back)
        signal.setitimer(signal.ITIMER_PROF, cpu_seconds, 0.5)
        signal.setitimer(signal.ITIMER_REAL, wall_seconds, 0.5)
        try:
            try:
                main(argv)
            finally:
                signal.setitimer(signal.ITIMER_PROF, 0)
                signal.setitimer(signal.ITIMER_REAL, 0)
                resource.setrlimit(resource.RLIMIT_AS, (hard, hard))  # room to write the report
            report.update(outcome="exit", code=0)
        except SystemExit as done:
            report.update(outcome="exit", code=_exit_code(done.code))
        except BudgetExceeded:
            report.update(outcome="budget", code=1, trace=traceback.format_exc())
        except BaseException:
            report.update(outcome="exception", code=1, trace=traceback.format_exc())
        report["peak_mib"] = max(0, _status_kib("VmHWM") - start_rss) / 1024
        with contextlib.suppress(Exception):
            sys.stdout.flush()
            sys.stderr.flush()
    except BaseException:
        report.update(outcome="exception", code=1, trace="in the harness:\n" + traceback.format_exc())
    finally:
        with contextlib.suppress(BaseException):
            os.write(report_fd, json.dumps(report).encode("utf-8"))
        os._exit(0)


def _over_budget(kind: str, seconds: float) -> Any:
    def handler(signum: int, frame: Any) -> None:
        raise BudgetExceeded(f"over the {kind} budget of {seconds:g} s")

    return handler


def _exit_code(code: object) -> int:
    if code is None:
        return 0
    if isinstance(code, int):
        return code
    print(code, file=sys.stderr)  # what Python does with ``sys.exit("text")``
    return 1


def problems(
    run: Run,
    *,
    codes: Iterable[int] = (0, 2),
    outputs: Iterable[str] = (),
    names: Iterable[str] = (),
    secrets: Iterable[str] = (),
) -> list[str]:
    """What the run did against the policy (``docs/input-limits.md``); empty when it is clean.

    ``codes``: the exit codes allowed; ``outputs``: sandbox entries (``work/out.svg``) the command may add when it
    exits 0 (a name ending in ``/``: a folder and anything in it; nothing may change when it fails); ``names``:
    when given, the error line must name one of them (the input at fault, as it was given on the command line);
    ``secrets``: text that must not appear in the output
    (the content of a file an attack tried to include).
    """
    found: list[str] = []
    if run.outcome != "exit":
        found.append(f"{run.outcome}: {run.head(3)}")
    elif run.code not in set(codes):
        found.append(f"exit code {run.code} (allowed: {sorted(set(codes))})")
    if "Traceback (most recent call last)" in run.stderr + run.stdout:
        found.append("a traceback was printed")
    lines = run.stderr.splitlines()
    if run.outcome == "exit" and run.code != 2:  # 0, or a command's own verdict (check's 1: unmet expectations)
        stray = [line for line in lines if not line.startswith(SUCCESS_STDERR)]
        if stray:
            found.append(f"stderr after a run that worked: {stray[0][:200]!r}")
    elif run.outcome == "exit":
        errors = [line for line in lines if not line.startswith(WARNING_PREFIX)]
        if len(errors) != 1 or not errors[0].startswith(ERROR_PREFIX):
            shown = " | ".join(errors[:4])[:300]
            found.append(f"stderr is not one '{ERROR_PREFIX}...' line: {len(errors)} line(s): {shown!r}")
        else:
            found += _error_line_problems(errors[0], list(names))
    leaked = [secret for secret in secrets if secret in run.stdout + run.stderr]
    if leaked:
        found.append(f"the output holds the content of another file: {leaked[0]!r}")
    allowed = set(outputs) if run.outcome == "exit" and run.code == 0 else set()
    allowed |= {parent for name in allowed for parent in _parents(name.rstrip("/"))} | {a.rstrip("/") for a in allowed}
    folders = tuple(name for name in allowed if name.endswith("/"))
    stray_files = {
        k: v for k, v in run.changed.items() if not (v == "added" and (k in allowed or k.startswith(folders)))
    }
    if stray_files:
        found.append(f"files touched: {dict(list(stray_files.items())[:5])}")
    return found


def _error_line_problems(line: str, names: list[str]) -> list[str]:
    found = []
    if len(line) > LONGEST_ERROR:
        found.append(f"error line of {len(line)} characters (limit {LONGEST_ERROR}): {line[:120]!r}...")
    if "[Errno" in line:
        found.append(f"Python's own OS error text: {line[:200]!r}")
    escaped = [n.encode("unicode_escape").decode("ascii") for n in names]  # the command line shows controls escaped
    if names and not any(name in line for name in [*names, *escaped]):
        found.append(f"error line names none of {names}: {line[:200]!r}")
    return found


def _parents(name: str) -> list[str]:
    parts = name.split("/")
    return ["/".join(parts[:i]) for i in range(2, len(parts))]


def verdict(run: Run, **expected: Any) -> str:
    """``problems`` as one message (for ``assert not problems(...), verdict(...)``)."""
    listed = problems(run, **expected)
    return f"strategium {' '.join(run.argv)[:300]}\n  " + "\n  ".join(listed) + f"\n  --\n{run.head()}"
