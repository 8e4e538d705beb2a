"""Pure tournament models beside one table: the clock, structures, the chip race and colour-up.

Like the engine, nothing here does I/O or reads a clock (time is passed in as ``now``);
tests/test_architecture.py holds it so. Files are read and written by the shell
(:mod:`tablectl.daemon.clock_files`).
"""
