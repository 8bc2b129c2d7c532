"""Tests of strategium.engine.morale (the same layout as the package)."""
