"""Wargear that needs code of its own (Jump Packs, Jet Packs), each registering on the engine's hooks."""
