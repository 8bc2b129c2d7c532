"""Army and Legion special rules that need code of their own, each registering on the engine's hooks."""
