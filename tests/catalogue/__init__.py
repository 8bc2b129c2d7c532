"""Tests of strategium.catalogue (the same layout as the package)."""
