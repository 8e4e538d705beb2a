"""The serial link at rest (issue 14 item 2): no polling. The reader sleeps in select() until
its next deadline, the writer until a frame is queued; a quiet table is pinged every 100 ms only
for a few seconds after a zone changed, then every 1.5 s. Real pyserial over a pty, against the
MCU emulator."""

from __future__ import annotations

import threading
import time
from pathlib import Path

from firmware_bridge import protocol as p
from firmware_bridge.link import SerialLink
from hw_sim.mcu import McuEmulator

AS = b"\x04\x00\x00\x01"


def _idle_link(tmp: Path) -> tuple[McuEmulator, SerialLink]:
    mcu = McuEmulator(str(tmp / "tty"), snapshot_every=None)
    mcu.start()
    link = SerialLink(mcu.link_path, busy_for=0.3)
    link.start()
    assert link.wait_connected(5)
    link.ping()
    return mcu, link


def test_an_idle_link_sleeps_until_its_next_deadline(tmp_path: Path) -> None:
    mcu, link = _idle_link(tmp_path)
    try:
        time.sleep(0.5)  # past busy_for: the slow keepalive
        calls = []
        tick = link._tick
        link._tick = lambda now: (calls.append(now), tick(now))[1]  # type: ignore[method-assign]
        time.sleep(1.5)
        # A 10 ms poll would have ticked 150 times; asleep, the reader woke at most for the
        # one keepalive that fell due (its ACK is a second wake-up).
        assert len(calls) <= 3, calls
        now = time.monotonic()
        assert link._keepalive_every(now) == link.idle_keepalive == 1.5
        assert link._next_due(now) > now + 0.5
    finally:
        link.stop()
        mcu.stop()


def test_a_change_brings_back_the_fast_keepalive_and_stop_wakes_the_reader(
    tmp_path: Path,
) -> None:
    mcu, link = _idle_link(tmp_path)
    try:
        time.sleep(0.5)
        assert link._keepalive_every(time.monotonic()) == 1.5
        mcu.place(AS, "board", face_up=True)
        link.ping()  # the report is in: a zone changed
        assert link._keepalive_every(time.monotonic()) == link.keepalive == 0.1
    finally:
        t0 = time.monotonic()
        link.stop()
        mcu.stop()
    assert link._thread is not None and not link._thread.is_alive()
    assert link._writer is not None and not link._writer.is_alive()
    assert time.monotonic() - t0 < link.MAX_SLEEP  # woken through its pipe, not by a timeout


def test_a_command_from_another_thread_is_retransmitted_on_time(tmp_path: Path) -> None:
    """The reader keeps the retransmission deadline of a command sent from another thread: the
    send wakes it (an MCU that ignores commands is retried, then reopened)."""
    mcu, link = _idle_link(tmp_path)
    try:
        time.sleep(0.5)
        mcu.hold_commands()
        before = link.stats.retransmits
        done = threading.Event()

        def sender() -> None:
            link.send(p.Ping(7))
            done.set()

        threading.Thread(target=sender).start()
        assert done.wait(5)
        deadline = time.monotonic() + 20
        while link.stats.retransmits < before + 3:
            assert time.monotonic() < deadline, "the reader slept through the retransmissions"
            time.sleep(0.01)
    finally:
        mcu.release_commands()
        link.stop()
        mcu.stop()
