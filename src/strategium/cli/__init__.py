"""The ``strategium`` command line (typer + rich). One module per command group."""
