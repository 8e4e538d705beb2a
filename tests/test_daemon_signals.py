"""Stopping and killing the daemon at awkward moments (issue 9 items 7 and 10b): SIGTERM while it
waits for the hardware handshake stops it at once (the unit's TimeoutStopSec is 15 s, the wait
60 s), and SIGKILL of `run --sim` leaves nothing behind in the temporary directory."""

from __future__ import annotations

import os
import select
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
STOP_SEC = 15  # systemd/tablectl.service TimeoutStopSec

CONFIG = """
journal = "j.db"
structure = "home-003"
[serial]
device = "{device}"
[nfc]
reader = ""
[seats.1]
[seats.2]
[display]
enabled = false
"""


def _env(**extra: str) -> dict[str, str]:
    env = dict(os.environ, **extra)
    env.pop("NOTIFY_SOCKET", None)
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    return env


def _start(args: list[str], env: dict[str, str]) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "tablectl", *args],
        env=env,
        text=True,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )


def _wait_for(proc: subprocess.Popen[str], text: str, seen: list[str]) -> None:
    """Read the daemon's log until a line containing ``text``; fails if it exits first.

    Read from the pipe's fd (os.read), not readline(): select() cannot see lines that readline()
    already pulled into the file's buffer, and a chunk of two lines left the second unseen until
    the daemon wrote again (an idle daemon never does). What follows the line goes to ``seen``."""
    assert proc.stdout is not None
    fd = proc.stdout.fileno()
    buf = ""
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        while "\n" in buf:
            line, buf = buf.split("\n", 1)
            seen.append(line + "\n")
            if text in line:
                seen.append(buf)
                return
        if select.select([fd], [], [], 1)[0]:
            chunk = os.read(fd, 65536)
            if not chunk:
                break
            buf += chunk.decode("utf-8", "replace")
    proc.kill()
    raise AssertionError(f"no {text!r} in the log: {''.join(seen)}")


@pytest.mark.parametrize("port", ["pty", "missing"])
def test_sigterm_during_the_handshake_wait_stops_at_once(tmp_path: Path, port: str) -> None:
    master = slave = -1
    if port == "pty":  # a device that is there but never answers HELLO
        master, slave = os.openpty()
        device = os.ttyname(slave)
    else:
        device = str(tmp_path / "no-such-tty")
    cfg = tmp_path / "table.toml"
    cfg.write_text(CONFIG.format(device=device))
    proc = _start(["run", "--config", str(cfg)], _env())
    seen: list[str] = []
    try:
        _wait_for(proc, "waiting up to 60 s for the hardware handshake", seen)
        proc.send_signal(signal.SIGTERM)
        out, _ = proc.communicate(timeout=STOP_SEC)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
        for fd in (master, slave):
            if fd >= 0:
                os.close(fd)
    log = "".join(seen) + out
    assert proc.returncode == 0, log
    assert "Traceback" not in log
    assert "signal SIGTERM: stopping" in log
    assert "stopped before the hardware handshake" in log


def test_sigkill_of_run_sim_leaves_no_directory(tmp_path: Path) -> None:
    pytest.importorskip("hw_sim.mcu", reason="hw_sim's MCU emulator is not in this build")
    pytest.importorskip("firmware_bridge.bridge", reason="firmware_bridge is not in this build")
    cfg = tmp_path / "table.toml"
    cfg.write_text(CONFIG.format(device="/dev/null"))
    tmp = tmp_path / "tmp"
    tmp.mkdir()
    # TMPDIR: the simulator's directory goes where this test can see everything it leaves.
    env = _env(TMPDIR=str(tmp))
    env.pop("RUNTIME_DIRECTORY", None)
    proc = _start(["run", "--config", str(cfg), "--sim"], env)
    seen: list[str] = []
    try:
        _wait_for(proc, "ready after", seen)
        made = list(tmp.iterdir())
        assert made, "the simulator's port is not under TMPDIR"
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=STOP_SEC)
        deadline = time.monotonic() + 30
        while list(tmp.iterdir()) and time.monotonic() < deadline:
            time.sleep(0.05)
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.communicate()
    assert proc.returncode == -signal.SIGKILL
    assert list(tmp.iterdir()) == []


def test_a_stale_simulator_directory_is_removed_at_the_next_start(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Belt and braces: the directory of a simulator whose process is gone (its cleaner killed
    with it) is removed when the next one starts; a live one's is left alone."""
    pytest.importorskip("hw_sim.mcu", reason="hw_sim's MCU emulator is not in this build")
    from hw_sim.sim_hardware import SimHardware

    monkeypatch.setenv("TMPDIR", str(tmp_path))
    monkeypatch.delenv("RUNTIME_DIRECTORY", raising=False)
    monkeypatch.setattr(tempfile, "tempdir", None)  # re-read TMPDIR
    dead = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"],
        capture_output=True,
        text=True,
        check=True,
    )
    stale = tmp_path / f"tablectl-sim-{dead.stdout.strip()}-abc"
    stale.mkdir()
    (stale / "tablectl-mcu").symlink_to("/dev/pts/999")
    live = tmp_path / f"tablectl-sim-{os.getppid()}-abc"
    live.mkdir()
    sim = SimHardware()
    try:
        assert not stale.exists()
        assert live.exists()
        assert Path(sim.port).parent.parent == tmp_path
    finally:
        sim.stop()
    assert not Path(sim.port).parent.exists()
    live.rmdir()
