"""The sensor soak with two CPU hogs beside it (issue 9, item 2).

Under load the link used to jam: the reader thread blocked writing a retransmission to an MCU
that had stopped draining the line, reports piled up unread and a card on a seat antenna never
reached the mapper, without an alert. Here two busy-loop processes compete for the machine's
cores while hands are played through the sensors; every card read must still be journaled once
and the chips conserved. The MCU's periodic snapshot comes every 0.1 s instead of 0.3 s: a busier
line, on which the old link lost a read (with no alert) in about half the runs on two cores.
(The hogs stop by themselves after two minutes should this process be killed; the test kills
them in any case.)

60 hands by default (10-15 s on two cores); 250 with `-m slow`.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

pytest.importorskip("hw_sim.mcu", reason="hw_sim's MCU emulator is not in this build")

from sensor_soak import SEATS, run_soak

HOG = "import time\nend = time.monotonic() + 120\nwhile time.monotonic() < end:\n    pass\n"


@contextmanager
def cpu_hogs(n: int = 2) -> Iterator[list[subprocess.Popen[bytes]]]:
    hogs: list[subprocess.Popen[bytes]] = []
    try:
        for _ in range(n):
            hogs.append(subprocess.Popen([sys.executable, "-c", HOG]))
        yield hogs
    finally:
        for hog in hogs:
            hog.kill()
        for hog in hogs:
            hog.wait(timeout=10)


@pytest.mark.parametrize("hands", [60, pytest.param(250, marks=pytest.mark.slow)])
def test_sensor_soak_beside_two_cpu_hogs_loses_no_read(tmp_path: Path, hands: int) -> None:
    with cpu_hogs(2) as hogs:
        soak = run_soak(tmp_path, hands, snapshot_every=0.1)
        assert all(h.poll() is None for h in hogs), "a hog stopped early: the load was not there"
    print(
        f"\nsoak under load: hands={soak.hands} reads={soak.reads} journaled={soak.journaled} "
        f"lost_reads={soak.lost_reads} alerts={soak.alerts} {soak.link} "
        f"seconds={soak.seconds:.1f}"
    )
    assert soak.stuck is None, f"{soak.stuck} ({soak.lost_reads} reads lost; {soak.link})"
    assert soak.lost_reads == 0
    assert soak.hands == hands
    assert soak.engine_errors == 0 and soak.conservation_errors == 0
    assert soak.chips_total == sum(SEATS.values())
    assert not soak.daemon_alive
