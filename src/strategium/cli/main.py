"""Entry point of the ``strategium`` command.

Every command module registers itself on ``app``. Errors the user caused (``StrategiumError``) are printed
as one line on stderr with exit code 2; no traceback is ever shown for them.
"""

from __future__ import annotations

import sys
import warnings
from typing import Any

import typer

from strategium import __version__
from strategium.errors import StrategiumError, StrategiumWarning


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
    """Run the command line; user errors become one line on stderr and exit code 2, warnings about the user's
    input (:class:`~strategium.errors.StrategiumWarning`) one line each, ``strategium: warning: ...``."""
    with warnings.catch_warnings():
        warnings.simplefilter("always", StrategiumWarning)
        warnings.showwarning = _show_warning
        try:
            app(args=argv, standalone_mode=True)
        except StrategiumError as err:
            typer.echo(f"strategium: error: {err}", err=True)
            sys.exit(2)
