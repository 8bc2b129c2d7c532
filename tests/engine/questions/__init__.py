"""Tests of strategium.engine.questions (the same layout as the package)."""
