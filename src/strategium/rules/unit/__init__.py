"""Unit and model special rules that need code of their own (Independent Character, Assault Vehicle),
each registering on the engine's hooks."""
