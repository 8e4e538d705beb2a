"""Time across a crash (issue 14 item 2): the daemon journals no tick a second any more, so after
a kill -9 the session time is recovered from the journal's wall timestamps. A daemon killed
mid-level with a player on the clock, left down past both deadlines and restarted, must rule
exactly as a table that never stopped: the clock ran out, the level changed, and session time
kept pace with the wall clock across the gap."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from tablectl.daemon.journal import Journal
from tablectl.daemon.loop import next_deadline
from tablectl.engine.events import Event, event_from_obj, parse_line
from tablectl.engine.outputs import Ruling
from tablectl.engine.table import Table

ROOT = Path(__file__).resolve().parent.parent
SETUP = {
    "rules": "tda-2025",
    "seats": {"1": 1000, "2": 1000},
    "button": 1,
    "blinds": [5, 10],
    "chips": [5, 25],
    "options": {"clock_seconds": 2},
    "levels": [{"blinds": [5, 10], "minutes": 0.05}, {"blinds": [10, 20], "minutes": 10}],
}
EVENTS = [{"deal": {"1": ["As", "Kd"], "2": ["7c", "7h"]}}, {"press": "clock"}]


class LiveScript:
    """A live source (events stamped with session time by the daemon, ticks sent) that hands
    over its events once and then has nothing: the table after the last press, untouched."""

    live = True

    def __init__(self, objs: list[dict[str, Any]]) -> None:
        self.events: list[Event] = [event_from_obj(o) for o in objs]

    def start(self) -> None:
        pass

    def wait_ready(self, timeout: float) -> bool:
        return True

    def poll(self, timeout: float) -> list[Event]:
        if self.events:
            out, self.events = self.events, []
            return out  # type: ignore[return-value]
        time.sleep(timeout)
        return []

    @property
    def finished(self) -> bool:
        return False

    def stop(self) -> None:
        pass


def child(journal: str, with_events: bool) -> None:
    from tablectl.daemon.loop import Daemon

    Daemon(journal, SETUP, LiveScript(EVENTS if with_events else [])).run()


def _start(journal: Path, with_events: bool) -> subprocess.Popen[bytes]:
    code = (
        "import sys; sys.path.insert(0, sys.argv[1]); from test_restore_time import child; "
        "child(sys.argv[2], sys.argv[3] == '1')"
    )
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.Popen(
        [
            sys.executable,
            "-c",
            code,
            str(ROOT / "tests"),
            str(journal),
            "1" if with_events else "0",
        ],
        env=env,
    )


def _lines(journal: Path) -> list[str]:
    if not journal.exists():
        return []
    try:
        with Journal(journal, readonly=True) as j:
            return [r.line for r in j.rows()]
    except (sqlite3.Error, ValueError):
        return []  # being created


def _wait_for(proc: subprocess.Popen[bytes], what: str, done: Any) -> None:
    deadline = time.monotonic() + 60
    while not done():
        assert proc.poll() is None and time.monotonic() < deadline, what
        time.sleep(0.02)


def test_a_kill_mid_level_and_mid_clock_keeps_every_deadline(tmp_path: Path) -> None:
    journal = tmp_path / "journal.db"
    first = _start(journal, True)
    try:
        _wait_for(
            first,
            "the clock press was not journaled",
            lambda: any(line.startswith('{"press"') for line in _lines(journal)),
        )
        first.send_signal(signal.SIGKILL)
    finally:
        first.kill()
        first.wait()
    killed_at = len(_lines(journal))
    time.sleep(3.0)  # down past the player's clock (2 s) and the level's end (3 s)
    second = _start(journal, False)
    try:
        _wait_for(
            second,
            "no tick after the restart",
            lambda: any('"tick"' in line for line in _lines(journal)[killed_at:]),
        )
        second.send_signal(signal.SIGTERM)
        assert second.wait(timeout=30) == 0
    finally:
        second.kill()
        second.wait()

    with Journal(journal, readonly=True) as j:
        rows = list(j.rows())
    setup = parse_line(rows[0].line).event
    assert setup is not None and setup.kind == "setup"
    table = Table(setup.body)
    offsets = []
    rulings = []
    for row in rows[1:]:
        event = parse_line(row.line).event
        assert event is not None
        rulings += [o for o in table.apply(event) if isinstance(o, Ruling)]
        offsets.append(float(table.timing.t) - row.wall)
    # Session time kept pace with the wall clock across the kill: no second of the downtime
    # was lost (a tick-per-second journal without recovery loses all of it, 3 s and more).
    assert max(offsets) - min(offsets) < 1.0, offsets
    assert table.timing.t >= 3.0
    # Both deadlines passed while the daemon was down: ruled at the restart, as on time.
    assert [(r.seat, r.action, r.text) for r in rulings] == [
        (1, "fold", "time expired facing a bet: the hand is dead")
    ]
    assert table.timing.clock is None and table.timing.level_index == 1
    # The same events on a table that never stopped: the same state.
    ref = Table(event_from_obj({"setup": SETUP}).body)
    for row, obj in zip(rows[1:3], EVENTS, strict=True):
        journaled = parse_line(row.line).event
        assert journaled is not None
        plain = event_from_obj(obj)
        assert (journaled.kind, journaled.body) == (plain.kind, plain.body)
        ref.apply(Event(plain.kind, plain.body, journaled.t))
    ref.apply(Event("tick", round(table.timing.t - ref.timing.t, 3)))
    assert ref.stacks() == table.stacks() and ref.timing.level_index == table.timing.level_index
    assert ref.street == table.street and ref.view() == table.view()


def test_next_deadline_names_the_level_end_and_the_clock() -> None:
    table = Table(event_from_obj({"setup": SETUP}).body)
    assert next_deadline(table) == 3.0  # the first level is three seconds
    for obj in EVENTS:
        table.apply(event_from_obj(obj))
    assert next_deadline(table) == 2.001  # a tie goes to the player: a millisecond after
    table.apply(Event("tick", 2.001))
    assert table.timing.clock is None
    assert next_deadline(table) == 3.0
    table.apply(Event("tick", 1.0))
    assert (
        table.timing.level_index == 1 and next_deadline(table) is None
    )  # the last level never ends
