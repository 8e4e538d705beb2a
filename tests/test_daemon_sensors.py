"""Soak through the sensors: hands played by moving card tags on hw_sim's emulated MCU, read by
the daemon through pyserial on a pty, the link and the tag mapper, with faults injected on the
wire (dropped frames, corrupted bytes, frames split in pieces) and the MCU unplugged and plugged
back between hands. Every hand is dealt, folded to the big blind and gathered; at the end every
card read was journaled exactly once, chips are conserved and no exception escaped.

60 hands by default; 500 with `-m slow`. The soak itself is tests/sensor_soak.py (shared with
tests/test_sensors_under_load.py).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest

pytest.importorskip("hw_sim.mcu", reason="hw_sim's MCU emulator is not in this build")

from sensor_soak import run_soak

from firmware_bridge.sources import BridgeSource
from hw_sim.mcu import McuEmulator
from tablectl.daemon.loop import Daemon


@pytest.mark.parametrize("hands", [60, pytest.param(500, marks=pytest.mark.slow)])
def test_hands_through_the_sensors_with_link_faults(tmp_path: Path, hands: int) -> None:
    soak = run_soak(tmp_path, hands)
    assert soak.stuck is None, soak.stuck
    assert not soak.daemon_alive
    assert soak.engine_errors == 0 and soak.conservation_errors == 0
    assert soak.hands == hands
    assert soak.chips_total == 9000
    faults = soak.faults
    assert faults.dropped and faults.corrupted and faults.split
    assert soak.journaled == soak.reads  # every read journaled once, no duplicates


def test_the_daemon_alerts_a_stalled_link_and_its_heal(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """issue 9 item 2: the daemon went on journaling ticks with no hardware alert while the link
    was jammed. Here the MCU stops reading commands: the daemon logs and counts the bridge's
    `hardware` alert, and another once a snapshot has healed the link."""
    link = str(tmp_path / "tablectl-mcu")
    mcu = McuEmulator(link, snapshot_every=0.2)
    mcu.start()
    setup = {
        "rules": "tda-2025",
        "seats": {"1": 3000, "2": 3000},
        "button": 1,
        "blinds": [25, 50],
        "chips": [25, 100],
    }
    source = BridgeSource(link, 250_000, None, None, settle=0.01)
    daemon = Daemon(tmp_path / "j.db", setup, source, tick_every=0.2, ready_timeout=20)
    thread = threading.Thread(target=daemon.run, daemon=True)

    def wait_for(done: Callable[[], bool], what: str) -> None:
        deadline = time.monotonic() + 20
        while not done():
            assert thread.is_alive() and time.monotonic() < deadline, what
            time.sleep(0.01)

    try:
        with caplog.at_level("WARNING"):
            thread.start()
            wait_for(lambda: daemon.stats.ready_after is not None, "no handshake")
            assert daemon.stats.alerts == 0
            mcu.hold_commands()
            wait_for(
                lambda: "ALERT hardware: table sensor link stalled" in caplog.text, "no stall alert"
            )
            assert daemon.stats.alerts >= 1
            mcu.release_commands()
            wait_for(
                lambda: "ALERT hardware: table sensor link healed" in caplog.text, "no heal alert"
            )
    finally:
        daemon.stop()
        mcu.release_commands()
        thread.join(timeout=15)
        mcu.stop()
    assert not thread.is_alive()
    assert "(docs/protocol.md, Link health)" in caplog.text  # the rule the alert cites


def test_a_table_without_tag_files_says_so_in_words(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """The technician reads why tags read as unknown: a file that is missing is named; none
    configured is said as such (the log said "None not found")."""
    with caplog.at_level("WARNING", logger="tablectl"):
        BridgeSource(str(tmp_path / "mcu"), 250_000, None, tmp_path / "chips.toml")
    said = [r.getMessage() for r in caplog.records]
    assert "no card file configured: card tags will read as unknown until enrolled" in said
    assert (
        f"{tmp_path / 'chips.toml'} not found: chip tags will read as unknown until enrolled"
        in (said)
    )
    assert not any("None" in s for s in said)
