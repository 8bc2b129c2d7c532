"""The project's error types.

Every error a user can cause (a broken file, an illegal action) is a subclass of
:class:`StrategiumError`, itself a ``ValueError``. The command line turns these into one
clear line on stderr and exit code 2; nothing else is ever shown as a traceback.
"""

from __future__ import annotations

from dataclasses import dataclass

LONGEST_NAME = 240
"""Longest file name shown whole in a message; a longer one keeps its start and its end (the file's own name)."""
LONGEST_MESSAGE = 600
"""Longest message shown whole (a message quoting a huge value from the input keeps its start and its end)."""


def shortened(name: str, longest: int = LONGEST_NAME) -> str:
    """``name`` itself, or for a name over ``longest`` characters its start, ``...`` and its last 80 characters."""
    if len(name) <= longest:
        return name
    return f"{name[: longest - 83]}...{name[-80:]}"


class StrategiumError(ValueError):
    """Base of every error strategium raises on purpose."""


@dataclass
class InputError(StrategiumError):
    """Bad input file: says which file, where (line, when known) and which field.

    ``str(err)`` is a single line: ``FILE:LINE: FIELD: MESSAGE`` (parts that are unknown are left out).
    """

    message: str
    file: str | None = None
    line: int | None = None
    field: str | None = None

    def __post_init__(self) -> None:
        super().__init__(str(self))

    def __str__(self) -> str:
        where = ""
        if self.file is not None:
            file = shortened(self.file)
            where = file if self.line is None else f"{file}:{self.line}"
            where += ": "
        field = f"{shortened(self.field)}: " if self.field else ""
        return f"{where}{field}{shortened(self.message, LONGEST_MESSAGE)}"


class StrategiumWarning(UserWarning):
    """A problem in the user's input that does not stop the command (e.g. a setting that has no effect yet).

    The message is a single line in the form of :class:`InputError` (``FILE:LINE: FIELD: MESSAGE``); the command
    line prints it as ``strategium: warning: ...`` on stderr.
    """
