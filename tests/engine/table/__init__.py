"""Tests of strategium.engine.table (the same layout as the package)."""
