"""The `strategium army` command (being written)."""

from __future__ import annotations

import typer


def register(app: typer.Typer) -> None:
    """Add this command group to the application."""
