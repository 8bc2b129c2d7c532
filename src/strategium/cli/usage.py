"""Usage errors as one line: what was wrong with the command line, and where to read how to write it.

The command line's parser (typer, on click) reports an unknown command or option, a missing argument or a bad
option value with a usage error; :func:`usage_line` turns any of them into the one line the entry point prints
after ``strategium: error:``, always in the form ``[WHAT: ]MESSAGE (see COMMAND --help)``::

    strategium: error: --seed: 'abc' is not a whole number (see strategium battle --help)
    strategium: error: no such command 'bogus'; the commands are army, battle, ... (see strategium --help)

A command that finds a wrong combination of options raises :func:`usage_error` (a click ``BadParameter``), and
the value parsers of :mod:`strategium.cli.options` do the same, so their lines take the same form.
:func:`one_line` keeps any message on one line (control characters are shown escaped).
"""

from __future__ import annotations

import re
import sys
import unicodedata
from collections.abc import Sequence
from difflib import SequenceMatcher
from typing import Any

import typer

CLICK_ERRORS: Any = sys.modules[typer.BadParameter.__module__]
"""The module of click's exceptions, as the installed typer uses it (typer >= 0.23 vendors click)."""

PROGRAM = "strategium"


class OptionError(typer.BadParameter):
    """A usage error the project raised itself (:func:`usage_error`): its message is already in the project's
    words."""


def usage_error(option: str, message: str) -> OptionError:
    """The usage error for ``option`` (``--runs``, ``RECORD``): raise it; the entry point prints
    ``strategium: error: OPTION: MESSAGE (see COMMAND --help)`` and exits with code 2."""
    return OptionError(message, param_hint=option)


def one_line(text: str) -> str:
    """``text`` with every control character and line or paragraph separator shown escaped (``\\n``), so that an
    error naming a hostile file name or value stays on one line."""
    return "".join(repr(ch)[1:-1] if unicodedata.category(ch) in ("Cc", "Zl", "Zp") else ch for ch in text)


def is_usage_error(err: BaseException) -> bool:
    """Whether ``err`` is a usage error of the parser (or one raised with :func:`usage_error`)."""
    return isinstance(err, CLICK_ERRORS.UsageError)


def is_help_request(err: BaseException) -> bool:
    """Whether ``err`` is the parser's "no arguments: show the help" signal (a group run with no command)."""
    kind = getattr(CLICK_ERRORS, "NoArgsIsHelpError", None)
    return kind is not None and isinstance(err, kind)


def usage_line(err: Any, argv: Sequence[str], root: Any) -> str:
    """The one line (without ``strategium: error:``) for a usage error ``err`` raised while parsing ``argv``
    with the click command ``root``."""
    ctx = getattr(err, "ctx", None)
    command = ctx.command if ctx is not None else _command_of(root, argv)[0]
    path = ctx.command_path if ctx is not None else _command_of(root, argv)[1]
    message = _message(err, command)
    if message.endswith(")") and " (" in message:  # one pair of brackets: "(choose a or b; see ... --help)"
        return one_line(f"{message[:-1]}; see {path} --help)")
    return one_line(f"{message} (see {path} --help)")


def _message(err: Any, command: Any) -> str:
    if isinstance(err, CLICK_ERRORS.NoSuchOption):
        text = f"{err.option_name}: no such option"
        close = sorted(p for p in err.possibilities or () if SequenceMatcher(None, err.option_name, p).ratio() >= 0.75)
        return text + (f"; did you mean {' or '.join(close)}?" if close else "")
    if isinstance(err, CLICK_ERRORS.MissingParameter):
        return f"{_param_name(err)}: is required"
    if isinstance(err, CLICK_ERRORS.BadOptionUsage):
        return f"{err.option_name}: {_option_trouble(err.message)}"
    if isinstance(err, OptionError):
        return f"{_param_name(err)}: {err.message}"
    if isinstance(err, CLICK_ERRORS.BadParameter):
        return f"{_param_name(err)}: {_plain(err.message)}"
    message = str(err.message).strip()
    unknown = re.fullmatch(r"No such command (.+)\.", message)
    if unknown:
        names = ", ".join(sorted(command.list_commands(None))) if hasattr(command, "list_commands") else ""
        return f"no such command {unknown[1]}" + (f"; the commands are {names}" if names else "")
    extra = re.fullmatch(r"Got unexpected extra argument(?:s|\(s\))? \((.*)\)", message)
    if extra:
        return f"unexpected extra argument(s): {extra[1]}"
    if message == "Missing command.":
        names = ", ".join(sorted(command.list_commands(None))) if hasattr(command, "list_commands") else ""
        return "a command is required" + (f": {names}" if names else "")
    return _plain(message)


def _param_name(err: Any) -> str:
    hint = err.param_hint
    if isinstance(hint, str) and hint:
        return hint
    if hint:
        return str(hint[0])
    param = err.param
    if param is None:
        return "value"
    if getattr(param, "param_type_name", "") == "argument":
        return str(param.metavar or param.name or "argument").upper()
    opts = [o for o in getattr(param, "opts", ()) if o.startswith("--")] or list(getattr(param, "opts", ()))
    return max(opts, key=len) if opts else str(param.name)


def _option_trouble(message: str) -> str:
    found = re.fullmatch(r"Option (['\"]).*?\1 (.*?)\.?", message.strip())
    trouble = found[2] if found else message.strip().rstrip(".")
    return {"requires an argument": "needs a value", "does not take a value": "takes no value"}.get(trouble, trouble)


def _plain(message: str) -> str:
    """A parser message in the project's style: no "Value error, " prefix, no capital, no full stop."""
    text = str(message).strip().removeprefix("Value error, ").rstrip(".")
    return text[:1].lower() + text[1:] if text[:2] != text[:2].upper() else text


def _command_of(root: Any, argv: Sequence[str]) -> tuple[Any, str]:
    """The (sub)command ``argv`` names, and its path (``strategium rules list``), for an error raised before the
    parser made a context."""
    command, path = root, [PROGRAM]
    for arg in argv:
        if arg.startswith("-"):
            continue
        sub = getattr(command, "commands", {}).get(arg)
        if sub is None:
            break
        command, path = sub, [*path, arg]
    return command, " ".join(path)
