"""The seed rules (Infiltrate, Scout, Outflank, Relentless, Hammer of Wrath, Militia Cavalry Mount,
Legiones Hereticus / Stupefied), each a plug-in that registers on the engine's hooks."""
