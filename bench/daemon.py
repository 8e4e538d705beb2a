"""Daemon figures: journal append rate, replay of a 500-hand journal, RSS with the dealer screen,
start-to-READY time.

    python bench/daemon.py [--hands 500]

Targets (issue 6): replay of a 500-hand journal < 1 s; daemon RSS with the display < 80 MB.
The session is a bot tournament from tests/test_daemon_session.py; the daemon runs as systemd
runs it (`tablectl run`, $NOTIFY_SOCKET), on hw_sim's emulated MCU through pyserial
(`--sim`), with the dealer screen on SDL's dummy video driver.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from test_daemon_session import make_session  # noqa: E402

from tablectl.daemon.journal import Journal  # noqa: E402
from tablectl.engine.events import parse_line  # noqa: E402
from tablectl.engine.table import Table  # noqa: E402

CONFIG = """
journal = "{journal}"
structure = "home-003"
[seats.1]
name = "Ann"
[seats.2]
name = "Bao"
[display]
width = 1280
height = 720
fullscreen = false
enabled = {display}
"""


def append_rate(tmp: Path, sync: str, n: int) -> float:
    lines = make_session(1, 40)
    events = [parse_line(line).event for line in lines]
    path = tmp / f"append-{sync}.db"
    with Journal(path, synchronous=sync) as j:
        j.append(events[0], 0)  # type: ignore[arg-type]
        body = events[1:]
        started = time.perf_counter()
        for i in range(n):
            j.append(body[i % len(body)], 0)  # type: ignore[arg-type]
        elapsed = time.perf_counter() - started
    return n / elapsed


def build_journal(path: Path, hands: int) -> int:
    lines = make_session(2026, hands)
    with Journal(path, synchronous="NORMAL") as j:
        table = None
        for line in lines:
            event = parse_line(line).event
            assert event is not None
            row = j.append(event, table.hand_no if table else 0)
            if table is None:
                table = Table.from_setup(event.body)
            else:
                j.record(row, table.apply(event))
    return len(lines)


def replay_time(path: Path) -> tuple[float, int, int]:
    best = float("inf")
    hands = events = 0
    for _ in range(3):
        with Journal(path) as j:
            started = time.perf_counter()
            setup = j.setup()
            assert setup is not None
            table = Table.from_setup(setup)
            report = j.replay_into(table)
            best = min(best, time.perf_counter() - started)
            hands, events = table.hand_no, report.events
    return best, hands, events


def start_daemon(tmp: Path, journal: Path, display: bool) -> tuple[subprocess.Popen[bytes], float]:
    cfg = tmp / "table.toml"
    cfg.write_text(CONFIG.format(journal=journal, display="true" if display else "false"))
    sock_path = str(tmp / f"notify-{time.monotonic_ns()}.sock")
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind(sock_path)
    sock.settimeout(60)
    env = dict(
        os.environ,
        NOTIFY_SOCKET=sock_path,
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        PYTHONPATH=str(ROOT),
    )
    started = time.perf_counter()
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "tablectl",
            "run",
            "--config",
            str(cfg),
            "--sim",
            "--log-level",
            "warning",
        ],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        while True:
            if sock.recv(4096).startswith(b"READY=1"):
                break
    finally:
        sock.close()
    return proc, time.perf_counter() - started


def rss_mb(pid: int) -> float:
    with open(f"/proc/{pid}/status") as fh:
        for line in fh:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return float("nan")


def stop(proc: subprocess.Popen[bytes]) -> None:
    proc.send_signal(signal.SIGTERM)
    try:
        proc.wait(timeout=30)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=500)
    parser.add_argument("--appends", type=int, default=2000)
    args = parser.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="tablectl-bench-"))
    try:
        for sync in ("FULL", "NORMAL"):
            rate = append_rate(tmp, sync, args.appends)
            print(
                f"journal append, synchronous={sync}: {rate:,.0f} events/s "
                f"({1000 / rate:.2f} ms/event)"
            )

        journal = tmp / "session.db"
        lines = build_journal(journal, args.hands)
        seconds, hands, events = replay_time(journal)
        verdict = "ok" if seconds < 1.0 else "over the 1 s target"
        print(
            f"replay of a {hands}-hand journal ({events:,} events, {lines:,} rows): "
            f"{seconds:.3f} s ({events / seconds:,.0f} events/s) [{verdict}]"
        )

        empty = tmp / "empty.db"
        proc, ready = start_daemon(tmp, empty, display=False)
        stop(proc)
        print(f"start to READY=1 (--sim, new journal, no display): {ready:.2f} s")
        proc, ready = start_daemon(tmp, tmp / "empty2.db", display=True)
        time.sleep(1.0)
        mb = rss_mb(proc.pid)
        stop(proc)
        print(f"start to READY=1 (--sim, new journal, display): {ready:.2f} s; RSS {mb:.1f} MB")
        proc, ready = start_daemon(tmp, journal, display=True)
        print(f"start to READY=1 (--sim, {hands}-hand journal replayed, display): {ready:.2f} s")
        time.sleep(2.0)  # a few frames drawn and watchdog pings sent
        mb = rss_mb(proc.pid)
        stop(proc)
        verdict = "ok" if mb < 80 else "over the 80 MB target"
        print(f"daemon RSS with the dealer screen, {hands}-hand journal: {mb:.1f} MB [{verdict}]")
        own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        print(f"(bench process peak RSS {own:.0f} MB, for scale)")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
