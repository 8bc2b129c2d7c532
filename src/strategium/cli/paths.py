"""Files named on the command line: inputs checked before they are read, outputs checked before any work starts
and written whole or not at all.

Every command goes through this module for the files it is given:

- :func:`input_file`: a file the command will read must exist and be a regular, readable file. A missing file, a
  directory, a device or pipe, an unreadable file is one :class:`~strategium.errors.InputError` line in the
  project's words (``FILE: no such scenario file``, ``FILE: is a directory, not a game record``).
- :func:`output_file` and :func:`output_folder`: where a command will write, checked *before* it starts its
  work. Refused: a folder that does not exist, a directory where a file is expected (or a file where a folder
  is), a file that is not a regular file (``/dev/null``), a read-only file, a folder that cannot be written,
  and any output that is the same file (:func:`os.path.samefile`: also through a symbolic or hard link) as an
  input of the command: the files named on its command line, and every file it has read so far
  (:func:`files_read`; :func:`refuse_inputs` checks them again after loading, before the real work).
- :func:`write_outputs`: each output is written to a temporary file in its own folder, then moved over the
  target with :func:`os.replace`; on any failure the temporary files are removed, so a file is never left
  half-written or clobbered. A ``--report`` folder that does not exist is made then (only that folder).

Files read are tracked with an audit hook (:func:`sys.addaudithook`, the ``open`` event), started by
:func:`track_reads` at the start of each command: whatever reads a file (a roster importer, a scenario that
names an army file, a game record's setup), an output cannot overwrite it.
"""

from __future__ import annotations

import os
import stat
import sys
import tempfile
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from strategium.errors import InputError

_reads: set[str] = set()
"""The files opened for reading since :func:`track_reads` (the paths as opened)."""
_hooked: list[bool] = []


def _audit(event: str, args: tuple[Any, ...]) -> None:
    """Record a file opened for reading (the ``open`` event's arguments: path, mode, flags)."""
    if event != "open" or len(args) < 3 or not isinstance(args[0], str | bytes | os.PathLike):
        return
    flags = args[2]
    if not isinstance(flags, int) or flags & os.O_ACCMODE != os.O_WRONLY:
        _reads.add(os.fsdecode(args[0]))


def track_reads() -> None:
    """Start recording the files this process opens for reading (forgetting those recorded before)."""
    if not _hooked:
        sys.addaudithook(_audit)
        _hooked.append(True)
    _reads.clear()


def files_read() -> tuple[str, ...]:
    """The files opened for reading (or reading and writing) since :func:`track_reads`, sorted."""
    return tuple(sorted(_reads))


def _exists(path: Path) -> bool:
    try:
        return os.path.lexists(path)
    except (OSError, ValueError):
        return False


def _name(name: str, option: str) -> Path:
    if name == "":
        raise InputError("the file name is empty", field=option)
    if "\0" in name:
        raise InputError("a file name cannot hold a NUL character", field=option)
    return Path(name)


def input_file(name: str, what: str, option: str) -> Path:
    """``name`` as the path of an input the command will read: an existing, readable, regular file.

    ``what`` names it in errors ("scenario file", "game record"); ``option`` is where it was given (``--scenario``,
    ``RECORD``), named when the name itself is empty.

    Raises:
        InputError: ``FILE: no such WHAT``, ``is a directory, not a WHAT``, ``is not a regular file (a device,
            pipe or socket), so not a WHAT``, ``cannot read the WHAT: permission denied`` (and other reasons the
            system gives, in its words without error numbers).
    """
    path = _name(name, option)
    try:
        info = path.stat()
    except FileNotFoundError:
        raise InputError(f"no such {what}", file=name) from None
    except NotADirectoryError:
        raise InputError(f"no such {what} (a part of the path is a file, not a folder)", file=name) from None
    except OSError as err:
        raise InputError(f"cannot read the {what}: {_reason(err)}", file=name) from None
    if stat.S_ISDIR(info.st_mode):
        raise InputError(f"is a directory, not {_article(what)}", file=name)
    if not stat.S_ISREG(info.st_mode):
        raise InputError(f"is not a regular file (a device, pipe or socket), so not {_article(what)}", file=name)
    try:
        with path.open("rb"):
            pass
    except OSError as err:
        raise InputError(f"cannot read the {what}: {_reason(err)}", file=name) from None
    return path


@dataclass(frozen=True)
class Output:
    """A file a command will write: its path, its name as the user gave it, the option that named it, what it
    holds ("game record"), and the folder to make first (``--report DIR`` when DIR does not exist yet)."""

    path: Path
    shown: str
    option: str
    what: str
    make_folder: Path | None = None


def output_file(name: str, option: str, what: str, inputs: Iterable[str | Path] = ()) -> Output:
    """``name`` as the file ``option`` writes (``--json FILE``, ``--out FILE``), checked before any work.

    Raises:
        InputError: ``FILE: the folder does not exist``, ``FILE: is a directory; OPTION needs a file name``,
            ``FILE: is not a regular file ...``, ``FILE: is read-only``, ``FILE: cannot write into its folder``,
            ``FILE: is an input of this command (INPUT) ...``.
    """
    try:
        return _output_file(name, option, what, inputs)
    except OSError as err:  # e.g. a name longer than the system allows
        raise InputError(f"cannot write the {what} there: {_reason(err)}", file=name) from None


def _output_file(name: str, option: str, what: str, inputs: Iterable[str | Path]) -> Output:
    path = _name(name, option)
    if name.endswith(("/", os.sep)) or path.is_dir():
        raise InputError(f"is a directory; {option} needs a file name", file=name)
    folder = path.parent
    if not folder.is_dir():
        raise InputError("the folder does not exist", file=name)
    output = Output(path, name, option, what)
    _check_target(output)
    refuse_inputs([output], inputs)
    return output


def output_folder(name: str, file_name: str, option: str, what: str, inputs: Iterable[str | Path] = ()) -> Output:
    """The file ``file_name`` inside the folder ``name`` that ``option`` writes into (``--report DIR``), checked
    before any work. The folder may not exist yet (it is made when the output is written) but its own folder
    must.

    Raises:
        InputError: ``DIR: is a file; OPTION needs a folder``, ``DIR: cannot make it: the folder PARENT does not
            exist``, and what :func:`output_file` refuses for the file inside.
    """
    try:
        return _output_folder(name, file_name, option, what, inputs)
    except OSError as err:  # e.g. a name longer than the system allows
        raise InputError(f"cannot write the {what} there: {_reason(err)}", file=name) from None


def _output_folder(name: str, file_name: str, option: str, what: str, inputs: Iterable[str | Path]) -> Output:
    folder = _name(name, option)
    make: Path | None = None
    if _exists(folder) and not folder.is_dir():
        raise InputError(f"is a file; {option} needs a folder (it writes {file_name} into it)", file=name)
    if not folder.is_dir():
        parent = folder.parent
        if not parent.is_dir():
            raise InputError(f"cannot make it: the folder {parent} does not exist", file=name)
        if not os.access(parent, os.W_OK | os.X_OK):
            raise InputError(f"cannot make it: cannot write into the folder {parent}", file=name)
        make = folder
    path = folder / file_name
    output = Output(path, str(path), option, what, make)
    if make is None:
        if path.is_dir():
            raise InputError(f"is a directory, so {option} cannot write the {what} there", file=str(path))
        _check_target(output)
    refuse_inputs([output], inputs)
    return output


def _check_target(output: Output) -> None:
    path, name = output.path, output.shown
    if path.exists():
        if not stat.S_ISREG(path.stat().st_mode):
            raise InputError("is not a regular file (a device, pipe or socket): it cannot be replaced", file=name)
        if not os.access(path, os.W_OK):
            raise InputError("is read-only", file=name)
    if not os.access(path.parent, os.W_OK | os.X_OK):
        raise InputError("cannot write into its folder", file=name)


def _same(a: Path, b: Path) -> bool:
    try:
        return os.path.samefile(a, b)
    except (OSError, ValueError):
        return False


def refuse_inputs(outputs: Sequence[Output], inputs: Iterable[str | Path] = ()) -> None:
    """Refuse an output that is the same file as one of ``inputs``, as a file read so far (:func:`files_read`),
    or as another of ``outputs``.

    Raises:
        InputError: ``FILE: is an input of this command (INPUT): OPTION would overwrite it``, or ``FILE: is also
            written by OPTION``.
    """
    named = [*(Path(p) for p in inputs), *(Path(p) for p in files_read())]
    for n, output in enumerate(outputs):
        if _exists(output.path):
            source = next((p for p in named if _same(output.path, p)), None)
            if source is not None:
                which = "" if str(source) == output.shown else f" ({source})"
                raise InputError(
                    f"is an input of this command{which}: {output.option} would overwrite it", file=output.shown
                )
        for other in outputs[n + 1 :]:
            if output.path.resolve() == other.path.resolve() or _same(output.path, other.path):
                raise InputError(f"is also written by {other.option}", file=output.shown)


def write_outputs(outputs: Sequence[tuple[Output, str]]) -> None:
    """Write each ``(output, text)`` (UTF-8) whole: all to temporary files first, then each moved over its target.
    The inputs are checked once more (:func:`refuse_inputs`) before anything is written.

    Raises:
        InputError: ``FILE: cannot write the WHAT: REASON``; no temporary file is left behind, no target changed
            unless every temporary file was written.
    """
    refuse_inputs([output for output, _ in outputs])
    made: list[Path] = []
    temporary: list[tuple[Output, Path]] = []
    try:
        for output, text in outputs:
            if output.make_folder is not None and not output.make_folder.is_dir():
                _make_folder(output)
                made.append(output.make_folder)
            temporary.append((output, _write_temporary(output, text)))
        for output, temp in temporary:
            try:
                os.replace(temp, output.path)
            except OSError as err:
                raise InputError(f"cannot write the {output.what}: {_reason(err)}", file=output.shown) from None
    finally:
        for _, temp in temporary:
            if _exists(temp):
                temp.unlink()
        for folder in made:
            if not any(folder.iterdir()):
                folder.rmdir()


def _make_folder(output: Output) -> None:
    assert output.make_folder is not None
    try:
        output.make_folder.mkdir()
    except OSError as err:
        raise InputError(f"cannot make the folder: {_reason(err)}", file=str(output.make_folder)) from None


def _write_temporary(output: Output, text: str) -> Path:
    try:
        fd, name = tempfile.mkstemp(dir=output.path.parent, prefix=".strategium-", suffix=".tmp")
    except OSError as err:
        raise InputError(f"cannot write the {output.what}: {_reason(err)}", file=output.shown) from None
    temp = Path(name)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as stream:
            stream.write(text)
            stream.flush()
            os.fsync(stream.fileno())
        os.chmod(temp, _mode(output.path))
    except OSError as err:
        temp.unlink()
        raise InputError(f"cannot write the {output.what}: {_reason(err)}", file=output.shown) from None
    except BaseException:
        temp.unlink()
        raise
    return temp


def _mode(path: Path) -> int:
    """The permissions the written file gets: the replaced file's, else what a new file gets (0o666 less the
    umask)."""
    try:
        return stat.S_IMODE(path.stat().st_mode)
    except OSError:
        mask = os.umask(0)
        os.umask(mask)
        return 0o666 & ~mask


def _reason(err: OSError) -> str:
    """The system's reason for ``err`` in words (``permission denied``), without its number."""
    text = err.strerror or type(err).__name__
    return text[:1].lower() + text[1:]


def _article(what: str) -> str:
    return f"an {what}" if what[:1] in "aeiou" else f"a {what}"
