"""Pure tournament models: the clock, structures, the chip race and colour-up beside one table,
and the venue across tables (:mod:`.venue`: seat draws, breaks, balancing, levels, prizes).

Like the engine, nothing here does I/O or reads a clock (time is passed in as ``now``);
tests/test_architecture.py holds it so. Files are read and written by the shell
(:mod:`tablectl.files.clock_files`).
"""
