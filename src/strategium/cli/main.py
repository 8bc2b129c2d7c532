"""Entry point of the ``strategium`` command.

Every command module registers itself on ``app``. Errors the user caused (a usage error, a
``StrategiumError``) are printed as one line on stderr with exit code 2; no traceback is ever shown for them.
"""

from __future__ import annotations

import sys
import warnings
from typing import Any

import typer

from strategium import __version__
from strategium.cli.paths import track_reads
from strategium.cli.usage import CLICK_ERRORS, PROGRAM, is_help_request, is_usage_error, one_line, usage_line
from strategium.errors import StrategiumError, StrategiumWarning
from strategium.limits import limits


def _plain_help() -> None:
    """Help without type tags on flags ("--json <bool>") and without braces round required arguments ("{FILE}"),
    which recent typer releases add. Only the help text changes; a typer without these hooks is left alone."""
    from typer import core

    option: Any = getattr(core, "TyperOption", None)
    if option is not None and hasattr(option, "display_type_rich"):
        typed = option.display_type_rich

        def display_type_rich(self: Any, ctx: Any) -> str | None:
            return None if getattr(self, "is_flag", False) else typed(self, ctx)

        option.display_type_rich = display_type_rich
    argument: Any = getattr(core, "TyperArgument", None)
    if argument is not None and hasattr(argument, "_usage_display_name"):

        def usage_name(self: Any) -> str:
            name = str(self.metavar) if self.metavar is not None else str(self.name).upper()
            name = name if self.required else f"[{name}]"
            return name + ("..." if self.nargs != 1 else "")

        argument._usage_display_name = usage_name


_plain_help()

app = typer.Typer(
    name="strategium",
    help="Rules engine and battle simulator for Warhammer: The Horus Heresy - Age of Darkness (2nd edition).",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"strategium {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: bool = typer.Option(
        False, "--version", callback=_version, is_eager=True, help="Show the version and exit."
    ),
) -> None:
    """Rules engine and battle simulator for The Horus Heresy - Age of Darkness (2022)."""


def _register() -> None:
    # Imported here so that each command group lives in its own module.
    from strategium.cli import army_cmd, battle_cmd, check_cmd, map_cmd, replay_cmd, roster_cmd, rules_cmd

    for module in (rules_cmd, army_cmd, roster_cmd, map_cmd, check_cmd, battle_cmd, replay_cmd):
        module.register(app)


_register()


def _show_warning(message: Warning | str, category: type[Warning], *args: Any, **kwargs: Any) -> None:
    if issubclass(category, StrategiumWarning):
        typer.echo(f"strategium: warning: {message}", err=True)
    else:
        _plain_show_warning(message, category, *args, **kwargs)


_plain_show_warning = warnings.showwarning


def main(argv: list[str] | None = None) -> None:
    """Run the command line and exit with its code: 0, or 1 when ``check`` finds an expectation not met.

    Every error the user caused is one line on stderr and exit code 2: a usage error (an unknown command or
    option, a bad or missing value: ``strategium: error: --seed: 'abc' is not a whole number (see strategium
    battle --help)``, :mod:`strategium.cli.usage`) or a :class:`~strategium.errors.StrategiumError` (a bad file:
    ``strategium: error: FILE:LINE: FIELD: MESSAGE``). Warnings about the user's input
    (:class:`~strategium.errors.StrategiumWarning`) are one line each, ``strategium: warning: ...``."""
    args = sys.argv[1:] if argv is None else list(argv)
    with warnings.catch_warnings():
        warnings.simplefilter("always", StrategiumWarning)
        warnings.showwarning = _show_warning
        code = _run(args)
    sys.exit(code)


def _run(args: list[str]) -> int:
    track_reads()
    try:
        limits()  # a bad STRATEGIUM_LIMIT_ variable is refused before anything else
        code = app(args=args, prog_name=PROGRAM, standalone_mode=False)
    except StrategiumError as err:
        return _error(str(err))
    except typer.Abort:
        typer.echo("Aborted!", err=True)
        return 1
    except Exception as err:
        if is_help_request(err):  # a group run without a command: its help is shown (typer prints it)
            text = str(getattr(err, "format_message", lambda: "")()).strip()
            if text:
                typer.echo(text)
            return 2
        if is_usage_error(err):
            return _error(usage_line(err, args, typer.main.get_command(app)))
        if isinstance(err, CLICK_ERRORS.ClickException):
            return _error(one_line(str(err.format_message())))
        raise
    return code if isinstance(code, int) else 0


def _error(line: str) -> int:
    typer.echo(f"strategium: error: {one_line(line)}", err=True)
    return 2
