"""Morale: Leadership tests, Morale checks after casualties and combats, Falling Back and its paths,
Regrouping, and the statuses they leave (Pinned, Falling Back)."""
