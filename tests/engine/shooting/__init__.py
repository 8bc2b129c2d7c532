"""Tests of strategium.engine.shooting (the same layout as the package)."""
