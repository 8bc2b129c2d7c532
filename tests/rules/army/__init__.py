"""Tests of strategium.rules.army (the same layout as the package)."""
