"""Weapon special rules that need code of their own (Gets Hot, Detonation), each registering on the engine's hooks."""
