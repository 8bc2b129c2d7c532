"""Weapon special rules that need code of their own (Detonation), each registering on the engine's hooks."""
