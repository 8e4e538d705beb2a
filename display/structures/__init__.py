"""Blind structure presets (TOML), read by tablectl.tournament.clock."""
