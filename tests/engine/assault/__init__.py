"""Tests of strategium.engine.assault (the same layout as the package)."""
