"""Tests of strategium.engine.reactions (the same layout as the package)."""
