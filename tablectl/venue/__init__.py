"""The venue process's shell: the broker link across every table (:mod:`.client`) and a local
mosquitto for tests, benchmarks and the simulated venue (:mod:`.broker`). paho-mqtt is imported
here and in :mod:`tablectl.daemon.venue_link` only (tests/test_architecture.py).
"""
