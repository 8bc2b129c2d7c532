"""Tests of strategium.check, the scenario runner of ``strategium check`` (the same layout as the package)."""
