"""`tablectl venue serve --demo` as a newcomer runs it (issue 25 item 9): it says where its
broker is and how to attach a kiosk clock (and that command's login reads the clock), and a
SIGTERM stops its mosquitto as Ctrl-C does."""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytest.importorskip("uvicorn", reason="the web extra is not installed")
from tablectl.venue.broker import find_mosquitto, free_port

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.skipif(find_mosquitto() is None, reason="mosquitto is not installed")


def listening(port: int) -> bool:
    with socket.socket() as s:
        return s.connect_ex(("127.0.0.1", port)) == 0


@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGINT])
def test_the_demo_names_its_broker_and_a_clock_and_stops_it(stop: signal.Signals) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    cmd = [sys.executable, "-m", "tablectl", "venue", "serve", "--demo", "--port", str(free_port())]
    proc = subprocess.Popen(cmd, env=env, stderr=subprocess.PIPE, text=True)
    assert proc.stderr is not None
    try:
        lines = [proc.stderr.readline() for _ in range(3)]
        said = "".join(lines)
        found = re.search(r"broker 127\.0\.0\.1:(\d+) \(venue demo\)", said)
        clock = re.search(
            r"tablectl clock .*--broker 127\.0\.0\.1:(\d+) --user (\S+) --password (\S+)", said
        )
        assert found and clock, said
        port = int(found.group(1))
        assert int(clock.group(1)) == port and listening(port)
        # the printed login reads the clock topic (deploy/mosquitto/acl)
        import paho.mqtt.client as mqtt

        client = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2)
        client.username_pw_set(clock.group(2), clock.group(3))
        result: list[object] = []
        client.on_connect = lambda c, u, f, rc, p: result.append(rc)
        client.connect("127.0.0.1", port)
        client.loop_start()
        deadline = time.monotonic() + 10
        while not result and time.monotonic() < deadline:
            time.sleep(0.05)
        client.loop_stop()
        client.disconnect()
        assert result and not result[0].is_failure, result
    finally:
        proc.send_signal(stop)
        proc.wait(timeout=30)
    deadline = time.monotonic() + 10
    while listening(port) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not listening(port), f"mosquitto still serves port {port} after {stop.name}"
