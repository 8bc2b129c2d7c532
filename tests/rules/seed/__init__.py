"""Tests of strategium.rules.seed (the same layout as the package)."""
