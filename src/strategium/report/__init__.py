"""Presentation: text, tables, SVG maps, reports (pure functions of state)."""
