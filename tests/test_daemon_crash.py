"""Crash recovery: SIGKILL the daemon at 24 random points of a simulated session, restart it each
time, and the result equals an uninterrupted run: the same journal (every event once, in order),
the same final stacks, the same hand histories (PokerStars text and PHH)."""

from __future__ import annotations

import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

from test_daemon_session import write_session

from tablectl.cli.export import histories
from tablectl.daemon.history import phh_text, pokerstars_text

ROOT = Path(__file__).resolve().parent.parent
KILLS = 24

CONFIG = """
journal = "unused.db"
structure = "home-003"
[seats.1]
[seats.2]
[display]
enabled = false
"""


def _cmd(cfg: Path, script: Path, journal: Path) -> list[str]:
    return [
        sys.executable,
        "-m",
        "tablectl",
        "run",
        "--config",
        str(cfg),
        "--events",
        str(script),
        "--journal",
        str(journal),
        "--histories",
        str(journal.parent / "hist"),
        "--log-level",
        "warning",
    ]


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env.pop("NOTIFY_SOCKET", None)
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    return env


def _rows(journal: Path) -> int:
    if not journal.exists():
        return 0
    try:
        db = sqlite3.connect(f"file:{journal}?mode=ro", uri=True, timeout=1)
        try:
            return int(db.execute("SELECT count(*) FROM events").fetchone()[0])
        finally:
            db.close()
    except sqlite3.Error:
        return 0  # created but not yet initialised


def _texts(journal: Path) -> tuple[dict[int, int], list[str], list[str]]:
    result = histories(journal)
    assert result.problems == []
    # The date line carries wall-clock time, which differs between runs by design.
    stars = ["\n".join(pokerstars_text(h).splitlines()[1:]) for h in result.hands]
    phh = [phh_text(h).split("\nyear")[0] for h in result.hands]
    return result.stacks, stars, phh


def test_sigkill_at_random_points_changes_nothing(tmp_path: Path) -> None:
    script = write_session(tmp_path / "session.jsonl", 21, 80, faults=True)
    cfg = tmp_path / "table.toml"
    cfg.write_text(CONFIG)

    calm = tmp_path / "calm" / "j.db"
    calm.parent.mkdir()
    done = subprocess.run(
        _cmd(cfg, script, calm),
        env=_env(),
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    total = _rows(calm)

    # Each restart is killed a random number of rows past where the journal stands, so a busy
    # machine that lets the daemon run past a point between two polls still yields a kill.
    rng = random.Random(5)
    most = max(2, 3 * total // (2 * KILLS))  # 24 kills over about three quarters of it
    crashed = tmp_path / "crashed" / "j.db"
    crashed.parent.mkdir()
    kills = 0
    while kills < KILLS and _rows(crashed) < total - 1:
        target = _rows(crashed) + rng.randint(1, most)
        proc = subprocess.Popen(
            _cmd(cfg, script, crashed),
            env=_env(),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        deadline = time.monotonic() + 120
        while _rows(crashed) < target and proc.poll() is None:
            assert time.monotonic() < deadline, "the daemon made no progress"
            time.sleep(0.002)
        if proc.poll() is None:
            proc.send_signal(signal.SIGKILL)
            kills += 1
        proc.wait(timeout=30)
        assert proc.returncode in (0, -signal.SIGKILL), proc.stderr.read() if proc.stderr else ""
        if proc.stderr:
            proc.stderr.close()
    assert kills >= 20
    final = subprocess.run(
        _cmd(cfg, script, crashed),
        env=_env(),
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert final.returncode == 0, final.stderr

    assert _rows(crashed) == total
    calm_db, crashed_db = sqlite3.connect(calm), sqlite3.connect(crashed)
    lines = "SELECT line FROM events ORDER BY id"
    assert calm_db.execute(lines).fetchall() == crashed_db.execute(lines).fetchall()
    hands = "SELECT hand_no, first_event FROM hands ORDER BY hand_no"
    assert calm_db.execute(hands).fetchall() == crashed_db.execute(hands).fetchall()
    calm_db.close()
    crashed_db.close()
    assert _texts(crashed) == _texts(calm)
    # The history files the daemon wrote as it went agree too, whichever run wrote them.
    calm_files = sorted((calm.parent / "hist").iterdir())
    crashed_files = sorted((crashed.parent / "hist").iterdir())
    assert [p.name for p in calm_files] == [p.name for p in crashed_files]
    for a, b in zip(calm_files, crashed_files, strict=True):
        assert a.read_text().splitlines()[1:] == b.read_text().splitlines()[1:]
