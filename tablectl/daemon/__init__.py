"""The table's imperative shell: the daemon loop, the journal, the configuration, sd_notify, hand
histories, and the tournament files on disk.

Here is where I/O happens (SQLite, files, signals, the clock, threads) around the pure engine
(tablectl.engine) and tournament models (tablectl.tournament). Hardware adapters stay with their
libraries (firmware_bridge, display, hw_sim); ``tablectl run`` (tablectl/cli/run.py) wires them in.
"""
