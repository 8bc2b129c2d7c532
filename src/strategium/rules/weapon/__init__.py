"""Weapon rules that need code of their own (Gets Hot), each registering on the engine's hooks."""
