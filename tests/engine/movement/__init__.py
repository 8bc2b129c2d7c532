"""Tests of strategium.engine.movement (the same layout as the package)."""
