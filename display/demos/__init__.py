"""Demo scenario files replayed by `tablectl screenshot` through the rules engine."""
