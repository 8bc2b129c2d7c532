"""The `strategium map` command (being written)."""

from __future__ import annotations

import typer


def register(app: typer.Typer) -> None:
    """Add this command to the application."""
