"""Unit and model special rules that need code of their own (Independent Character, Assault Vehicle, Slow and
Purposeful, Stubborn), each registering on the engine's hooks."""
