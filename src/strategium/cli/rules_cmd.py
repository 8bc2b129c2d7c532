"""The ``strategium rules`` command group: ``rules list`` (the registry) and ``rules config`` (configuration)."""

from __future__ import annotations

import typer

rules_app = typer.Typer(help="The special-rule registry and the rules configuration.", no_args_is_help=True)


def register(app: typer.Typer) -> None:
    """Add ``rules list`` and ``rules config`` to the application."""
    from strategium.cli import rules_config, rules_list

    rules_list.register(rules_app)
    rules_config.register(rules_app)
    app.add_typer(rules_app, name="rules")
