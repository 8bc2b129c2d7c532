"""Tests of strategium.engine.attacks (the same layout as the package)."""
