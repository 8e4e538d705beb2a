"""Soak through the sensors: hands played by moving card tags on hw_sim's emulated MCU, read by
the daemon through pyserial on a pty, the link and the tag mapper, with faults injected on the
wire (dropped frames, corrupted bytes, frames split in pieces) and the MCU unplugged and plugged
back between hands. Every hand is dealt, folded to the big blind and gathered; at the end every
card read was journaled exactly once, chips are conserved and no exception escaped.

60 hands by default; 500 with `-m slow`. The soak itself is tests/sensor_soak.py (shared with
tests/test_sensors_under_load.py).
"""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("hw_sim.mcu", reason="hw_sim's MCU emulator is not in this build")

from sensor_soak import run_soak


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
