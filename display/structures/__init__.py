"""Blind structure presets (TOML), read by tablectl.tourney_clock."""
