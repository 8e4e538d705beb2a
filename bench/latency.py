"""Latency to the journal (issue 30): a badge read and a venue command, from the moment they
reach the table process to the moment their line is appended to the journal.

    python3 bench/latency.py [--n 200]

The daemon runs live as `tablectl run` does on a table: hw_sim's MCU emulator on a pty read
through pyserial (firmware_bridge's link and tracker), no screen, an NFC reader's helper and
floor mode on (a dealer badge read is journaled as a ``badge`` line), and a venue link to a real
mosquitto on a loopback port.

- badge read -> journal: a thread posts each read the way the NFC reader's thread does (the
  daemon's inbox), at random moments; the clock stops when ``Journal.append`` takes the
  ``badge`` line.
- venue command -> journal: the venue's client publishes a ``level`` command (taken on receipt,
  journaled as a ``level`` line); the clock runs from the publish (the broker's round trip and
  paho's thread included) to ``Journal.append``.

Target: p99 <= 20 ms for both. Run it from a tree's root; the same file runs on an older tree
(it finds the inbox's API of either).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from firmware_bridge.nfc import BadgeRegistry  # noqa: E402
from firmware_bridge.sources import BridgeSource  # noqa: E402
from hw_sim.mcu import McuEmulator  # noqa: E402
from tablectl.daemon.badges import FloorGate, load_badges  # noqa: E402
from tablectl.daemon.journal import Journal  # noqa: E402
from tablectl.daemon.loop import Daemon  # noqa: E402
from tablectl.daemon.table_venue import TableVenue  # noqa: E402
from tablectl.daemon.venue_link import LinkConfig  # noqa: E402
from tablectl.venue.broker import Mosquitto  # noqa: E402
from tablectl.venue.client import VenueClient  # noqa: E402

try:
    from tablectl.wire.commands import LevelCmd
except ImportError:  # a tree before tablectl/wire
    from tablectl.tournament.commands import LevelCmd  # type: ignore[no-redef]

SETUP = {
    "rules": "tda-2025",
    "seats": {"1": 3000, "2": 3000, "3": 3000},
    "button": 1,
    "blinds": [25, 50],
    "chips": [25, 100],
}
USERS = {"venue": "venue-pw", "t1": "t1-pw"}
UIDS = (bytes.fromhex("5f0001"), bytes.fromhex("5f0002"))


class Helper:
    """Stands for the NFC reader's helper (a table has one): started and stopped with the loop."""

    def start(self) -> None: ...

    def stop(self) -> None: ...


class Clocked:
    """``Journal.append`` wrapped (the class's: the journal is opened on the loop's thread):
    when each ``badge`` and ``level`` line was appended."""

    def __init__(self) -> None:
        self.at: dict[str, list[float]] = {"badge": [], "level": []}
        append = Journal.append

        def timed(journal: Journal, event: Any, *args: Any, **kwargs: Any) -> Any:
            row = append(journal, event, *args, **kwargs)
            if event.kind in self.at:
                self.at[event.kind].append(time.perf_counter())
            return row

        Journal.append = timed  # type: ignore[method-assign]


def poster(daemon: Daemon) -> Callable[[bytes, Any], None]:
    """How the NFC reader's thread hands a read to the loop, on this tree."""
    post = getattr(daemon, "post_badge", None)
    if post is not None:
        return post  # type: ignore[no-any-return]
    return lambda uid, badge: daemon.inbox.put(("badge", uid, badge))


def figures(name: str, took: list[float]) -> str:
    ms = sorted(t * 1000 for t in took)
    p99 = ms[min(len(ms) - 1, int(len(ms) * 0.99))]
    return (
        f"{name:32} n={len(ms):4}  p50 {statistics.median(ms):7.2f} ms  p99 {p99:7.2f} ms  "
        f"max {ms[-1]:7.2f} ms  (target p99 <= 20 ms){'' if p99 <= 20 else ' [OVER]'}"
    )


def run(n: int, tmp: Path) -> tuple[list[float], list[float]]:
    badges = BadgeRegistry()
    badges.add(UIDS[0].hex(), "dealer", "Sam")
    badges.add(UIDS[1].hex(), "dealer", "Kim")
    badges.save(tmp / "badges.json")
    with Mosquitto(tmp / "broker", USERS) as broker:
        mcu = McuEmulator(str(tmp / "mcu"))
        mcu.start()
        source = BridgeSource(str(tmp / "mcu"), 250_000, None, None)
        config = LinkConfig("v1", "t1", "127.0.0.1", broker.port, password=USERS["t1"])
        daemon = Daemon(tmp / "j.db", SETUP, source, venue=TableVenue(config), ready_timeout=20)
        daemon.floor_gate = FloorGate(load_badges(tmp / "badges.json"), 10)
        daemon.helpers.append(Helper())
        clocked = Clocked()
        venue = VenueClient("v1", "127.0.0.1", broker.port, password=USERS["venue"])
        venue.start()
        thread = threading.Thread(target=daemon.run, name="loop", daemon=True)
        thread.start()
        rng = random.Random(30)
        badge_sent: list[float] = []
        level_sent: list[float] = []
        try:
            deadline = time.monotonic() + 30
            while venue.tables.get("t1") is None or daemon.stats.ready_after is None:
                assert time.monotonic() < deadline and thread.is_alive(), "the table never came up"
                venue.pump(0.05)
            post = poster(daemon)
            registry = BadgeRegistry.load(tmp / "badges.json")
            for i in range(n):
                time.sleep(rng.uniform(0.02, 0.08))  # a random phase against the loop's timers
                uid = UIDS[i % 2]
                badge = registry.badge(uid)
                badge_sent.append(time.perf_counter())
                post(uid, badge)
                while len(clocked.at["badge"]) <= i:
                    assert thread.is_alive(), "the daemon stopped"
                    time.sleep(0.0005)
            for i in range(n):
                time.sleep(rng.uniform(0.02, 0.08))
                cmd = LevelCmd("t1", f"c{i}", index=i % 9, number=i % 9 + 1, blinds=(25, 50))
                level_sent.append(time.perf_counter())
                venue.command("t1", "level", cmd.to_obj(), by="bench")
                while len(clocked.at["level"]) <= i:
                    assert thread.is_alive(), "the daemon stopped"
                    venue.pump(0.0005)
        finally:
            daemon.stop()
            thread.join(timeout=15)
            venue.stop()
            mcu.stop()
    badge = [b - a for a, b in zip(badge_sent, clocked.at["badge"], strict=True)]
    level = [b - a for a, b in zip(level_sent, clocked.at["level"], strict=True)]
    return badge, level


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=200, help="badge reads and commands each")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        badge, level = run(args.n, Path(tmp))
    print(f"tree: {ROOT}")
    print(figures("badge read -> journal", badge))
    print(figures("venue command -> journal", level))
    return 0


if __name__ == "__main__":
    sys.exit(main())
