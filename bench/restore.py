"""Restart cost: the daemon's restore from a long journal, and start to READY=1.

    python bench/restore.py [--hands 2000]

Builds a bot tournament journal of ``--hands`` hands (tests/test_daemon_session.py), with the
engine's hand marks and the checkpoints at each hand's end as the daemon writes them, then
times :meth:`Daemon.restore` (open the journal, rebuild the table, catch the histories up)
twice: the first restore after the session (histories/ empty), and a restart (histories/
already written). Then `tablectl run --sim`
from start to READY=1 on the same journal. Target (issue 14): ready after a 2,000-hand journal
<= 0.5 s, restore O(one hand).
"""

from __future__ import annotations

import argparse
import os
import shutil
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
from tablectl.daemon.loop import Daemon, ScriptSource  # noqa: E402
from tablectl.engine.events import parse_line  # noqa: E402
from tablectl.engine.table import Table  # noqa: E402

CONFIG = """
journal = "{journal}"
structure = "home-003"
[serial]
device = "/dev/unused-with-sim"
[nfc]
reader = ""
[seats.1]
name = "Ann"
[seats.2]
name = "Bao"
[display]
enabled = false
"""


def build_journal(path: Path, hands: int) -> tuple[int, int]:
    lines = make_session(2026, hands, players=6, stack=200_000)
    with Journal(path, synchronous="NORMAL") as j:
        table = None
        for line in lines:
            event = parse_line(line).event
            if event is None:
                continue
            row = j.append(event, table.hand_no if table else 0)
            if table is None:
                table = Table.from_setup(event.body)
            else:
                between = table.hand is None or table.hand.street == "over"
                j.record(row, table.apply(event))
                if not between and table.hand is not None and table.hand.street == "over":
                    j.checkpoint(row, table.hand_no, table)  # as the daemon does
        assert table is not None
        return len(lines), table.hand_no


def restore_time(path: Path, histories: Path, script: Path) -> tuple[float, int]:
    daemon = Daemon(path, None, ScriptSource(script), histories=histories)
    t0 = time.perf_counter()
    daemon.restore()
    seconds = time.perf_counter() - t0
    hand_no = daemon.table.hand_no
    assert daemon.journal is not None
    daemon.journal.close()
    return seconds, hand_no


def ready_time(tmp: Path, journal: Path) -> float:
    cfg = tmp / "table.toml"
    cfg.write_text(CONFIG.format(journal=journal))
    sock_path = str(tmp / "notify.sock")
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind(sock_path)
    sock.settimeout(120)
    env = dict(os.environ, NOTIFY_SOCKET=sock_path, PYTHONPATH=str(ROOT))
    t0 = time.perf_counter()
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "tablectl",
            "run",
            "--config",
            str(cfg),
            "--sim",
            "--no-display",
            "--log-level",
            "warning",
        ],
        env=env,
        stdout=subprocess.DEVNULL,
    )
    try:
        while not sock.recv(4096).startswith(b"READY=1"):
            pass
        return time.perf_counter() - t0
    finally:
        sock.close()
        proc.terminate()
        proc.wait(timeout=30)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000)
    args = parser.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="tablectl-restore-"))
    try:
        journal = tmp / "journal.db"
        t0 = time.perf_counter()
        rows, hands = build_journal(journal, args.hands)
        print(f"journal: {hands} hands, {rows:,} rows (built in {time.perf_counter() - t0:.1f} s)")
        script = tmp / "setup.jsonl"  # the daemon's constructor wants a source; never started
        with Journal(journal) as j:
            j.export_scenario(script)
        histories = tmp / "histories"
        first, _ = restore_time(journal, histories, script)
        again, hand_no = restore_time(journal, histories, script)
        files = len(list(histories.glob("hand-*.txt")))
        print(
            f"Daemon.restore(), first after the session (histories/ empty): {first:.3f} s; "
            f"{files} history files"
        )
        verdict = "ok" if again <= 0.5 else "OVER TARGET"
        print(
            f"Daemon.restore(), restart (histories/ written): {again:.3f} s at hand {hand_no} "
            f"(target <= 0.5 s) [{verdict}]"
        )
        print(
            f"`tablectl run --sim` start to READY=1 on this journal: "
            f"{ready_time(tmp, journal):.3f} s (process start and imports included)"
        )
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
