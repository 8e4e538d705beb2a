"""Files both processes read and write (the clock's structures and state): shell, not core."""
