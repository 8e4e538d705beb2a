"""A room of simulated tables on a local mosquitto, for the director's web console: its demo
(`tablectl venue serve --demo`), its browser test and its latency bench.

Unlike :class:`hw_sim.venue_tables.VenueSim` (which also runs the venue), the room is only the
broker and the tables: the venue is whoever connects as the ``venue`` user, here the web
console's :class:`tablectl.venue.console.DirectorConsole`. Each table's simulated dealer confirms
the venue's seat, unseat and stack commands as floor decisions, and plays a hand (bots, the real
engine) when asked, publishing its state through its own outbox and link.
"""

from __future__ import annotations

import secrets
import threading
import time
import tomllib
from pathlib import Path
from typing import Any

from hw_sim.venue_tables import RoomChips, SimTable
from tablectl.files.clock_files import preset_dir
from tablectl.tournament.structures import parse_structure
from tablectl.venue.broker import Mosquitto

# Debian's chromium as root on an offline machine, for the console's browser test and bench:
# no sandbox (root), and no calls home (refused here, many at a time)
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]


class SimRoom:
    def __init__(
        self,
        workdir: Path,
        tables: list[str],
        *,
        venue: str = "demo",
        structure: str = "tda-style",
        seed: int = 1,
    ) -> None:
        self.dir = workdir
        self.venue = venue
        self.names = tables
        self.structure_raw: dict[str, Any] = tomllib.loads(
            (preset_dir() / f"{structure}.toml").read_text(encoding="utf-8")
        )
        self.structure = parse_structure(self.structure_raw, structure)
        # "clock": a kiosk's login (any user may read the clock topic, deploy/mosquitto/acl)
        self.users = {n: secrets.token_hex(8) for n in ["venue", "clock", *tables]}
        self.broker = Mosquitto(workdir / "broker", self.users).start()
        self.room = RoomChips()
        self.seed = seed
        self.tables: dict[str, SimTable] = {}
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self.lock = threading.Lock()

    def open_tables(self) -> None:
        """Make and connect the tables in the calling thread: each keeps its journal (SQLite)
        in the thread that made it."""
        self.tables = {
            n: SimTable(
                n,
                self.venue,
                self.broker.port,
                self.users[n],
                self.structure,
                self.dir,
                self.seed,
                self.room,
            )
            for n in self.names
        }
        for t in self.tables.values():
            t.connect()

    @property
    def port(self) -> int:
        return self.broker.port

    def wait_connected(self, timeout: float = 30.0) -> None:
        deadline = time.monotonic() + timeout
        while not all(t.link and t.link.connected for t in self.tables.values()):
            self.service()
            if time.monotonic() > deadline:
                raise RuntimeError("the simulated tables could not connect to the broker")
            time.sleep(0.01)

    def service(self) -> None:
        """Each table's dealer answers the venue's commands; a changed state is published."""
        with self.lock:
            for t in self.tables.values():
                t.service()
                if t.dirty:
                    t.publish_state()

    def play(self, table: str) -> bool:
        """One hand at ``table`` when it can deal (two players, not halted, not on a break)."""
        with self.lock:
            t = self.tables[table]
            if not t.can_play():
                return False
            t.play_hand()
            t.publish_state()
            return True

    def players(self, table: str) -> int:
        return self.tables[table].players_in()

    def run_background(self, pace: float) -> None:
        """In a thread of its own: open the tables, serve the commands every 0.1 s and deal a
        hand at each table every ``pace`` s (the demo)."""
        ready = threading.Event()
        failed: list[BaseException] = []

        def loop() -> None:
            try:
                self.open_tables()
                self.wait_connected()
            except BaseException as exc:  # reported to the caller below
                failed.append(exc)
                return
            finally:
                ready.set()
            last = time.monotonic()
            while not self._stop.wait(0.1):
                self.service()
                if time.monotonic() - last >= pace:
                    last = time.monotonic()
                    for name in self.names:
                        self.play(name)
            for t in self.tables.values():
                t.close()

        self._thread = threading.Thread(target=loop, name="sim-room", daemon=True)
        self._thread.start()
        ready.wait(60)
        if failed:
            raise RuntimeError(f"the simulated tables did not start: {failed[0]}")

    def close(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(5)
        if self._thread is None:
            for t in self.tables.values():
                t.close()
        self.broker.stop()
