"""The sensor soak shared by tests/test_daemon_sensors.py and tests/test_sensors_under_load.py.

Hands are played by moving card tags on hw_sim's emulated MCU, read by the daemon through
pyserial on a pty, the link and the tag mapper, with faults injected on the wire (dropped frames,
corrupted bytes, frames split in pieces) and the MCU unplugged and plugged back every 25 hands.
Every hand is dealt, folded to the big blind and gathered. :func:`run_soak` never raises on a
read that does not come: it stops there and says so in :attr:`Soak.stuck`, so a caller can count
the lost reads.
"""

from __future__ import annotations

import json
import random
import sqlite3
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from firmware_bridge.sources import BridgeSource
from hw_sim.mcu import McuEmulator
from tablectl.daemon.loop import Daemon

RANKS = "23456789TJQKA"
SUITS = "cdhs"
CARDS = [r + s for r in RANKS for s in SUITS]
UID = {card: bytes([0x04, 0xA0, i + 1, 0x5E, 0x11, 0x22, 0x33]) for i, card in enumerate(CARDS)}
SEATS = {"1": 3000, "2": 3000, "4": 3000}


class Faults:
    """The MCU's transmit filter: what a flaky USB cable does to frames."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.on = True
        self.dropped = self.corrupted = self.split = 0

    def __call__(self, wire: bytes) -> list[bytes]:
        if not self.on:
            return [wire]
        r = self.rng.random()
        if r < 0.02:
            self.dropped += 1
            return []
        if r < 0.04 and len(wire) > 4:
            i = self.rng.randrange(1, len(wire) - 1)
            self.corrupted += 1
            return [wire[:i] + bytes([wire[i] ^ 0x20]) + wire[i + 1 :]]
        if r < 0.10 and len(wire) > 2:
            i = self.rng.randrange(1, len(wire))
            self.split += 1
            return [wire[:i], wire[i:]]
        return [wire]


class Journaled:
    """Counts journal rows by a read-only connection (the daemon's thread owns the writer)."""

    def __init__(self, path: Path) -> None:
        self.db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)

    def count(self, prefix: str) -> int:
        sql = "SELECT count(*) FROM events WHERE substr(line, 1, ?) = ?"
        return int(self.db.execute(sql, (len(prefix), prefix)).fetchone()[0])

    def wait(self, prefix: str, n: int, alive: threading.Thread, timeout: float = 15.0) -> None:
        deadline = time.monotonic() + timeout
        while self.count(prefix) < n:
            assert alive.is_alive(), "the daemon stopped"
            assert time.monotonic() < deadline, f"{prefix}: {self.count(prefix)} of {n} journaled"
            time.sleep(0.003)


def until(done: Callable[[], bool], alive: threading.Thread, what: str) -> None:
    deadline = time.monotonic() + 15
    while not done():
        assert alive.is_alive(), "the daemon stopped"
        assert time.monotonic() < deadline, what
        time.sleep(0.002)


@dataclass(slots=True)
class Soak:
    hands: int  # hands the daemon's table started
    reads: int  # card moves made on the table (each must be journaled once)
    journaled: int  # card rows in the journal
    stuck: str | None  # the wait that gave up, if any
    daemon_alive: bool
    engine_errors: int
    conservation_errors: int
    chips_total: int
    alerts: int
    faults: Faults
    link: str  # the link's counters, for the figures
    seconds: float

    @property
    def lost_reads(self) -> int:
        return self.reads - self.journaled


def run_soak(tmp_path: Path, hands: int, snapshot_every: float = 0.3) -> Soak:
    started = time.monotonic()
    decks = tmp_path / "decks.json"
    decks.write_text(
        json.dumps(
            {
                "decks": [
                    {
                        "id": "A",
                        "back": "blue",
                        "cards": {uid.hex(): card for card, uid in UID.items()},
                    }
                ],
                "in_play": "A",
            }
        )
    )
    chips = tmp_path / "chips.json"
    chips.write_text(json.dumps({"chips": {}}))
    link = str(tmp_path / "tablectl-mcu")
    mcu = McuEmulator(link, snapshot_every=snapshot_every)
    faults = Faults(7)
    mcu.tx_filter = faults
    mcu.start()
    journal = tmp_path / "j.db"
    setup = {
        "rules": "tda-2025",
        "seats": dict(SEATS),
        "button": 1,
        "blinds": [25, 50],
        "chips": [25, 100],
    }
    source = BridgeSource(link, 250_000, decks, chips, settle=0.01)
    daemon = Daemon(journal, setup, source, tick_every=0.5, ready_timeout=20)
    thread = threading.Thread(target=daemon.run, daemon=True)
    thread.start()
    rng = random.Random(3)
    dealt = mucked = 0
    stuck: str | None = None
    seen: Journaled | None = None
    try:
        deadline = time.monotonic() + 20
        while daemon.stats.ready_after is None:
            assert time.monotonic() < deadline and thread.is_alive(), "no handshake"
            time.sleep(0.01)
        seen = Journaled(journal)
        for hand in range(1, hands + 1):
            deck = CARDS[:]
            rng.shuffle(deck)
            seats = sorted(int(s) for s in setup["seats"])
            button = seats[(hand - 1) % len(seats)]  # nobody busts: it moves one seat a hand
            left = [s for s in seats if s > button] + [s for s in seats if s <= button]
            holes: dict[int, list[str]] = {s: [] for s in seats}
            for _round in range(2):
                for seat in left:
                    card = deck.pop()
                    holes[seat].append(card)
                    mcu.place(UID[card], f"seat:{seat}")
                    dealt += 1
                    seen.wait('{"card"', dealt + mucked, thread)
            until(lambda h=hand: daemon.table.hand_no == h, thread, f"hand {hand} not started")
            assert daemon.table.view().seats[button - 1].button, f"hand {hand}: button moved"
            # Three-handed the button acts first, then the small blind: both fold.
            for seat in (left[-1], left[0]):
                mcu.place_many([(UID[c], "muck", False) for c in holes[seat]])
                mucked += 2
                seen.wait('{"card"', dealt + mucked, thread)
            # The row is journaled just before the engine applies it: give the loop a moment.
            until(lambda: daemon.table.street == "over", thread, f"hand {hand} not over")
            # The dealer pushes the winner's cards into the muck, then gathers the deck. (A card
            # lifted and put back in the same zone faster than the sensors look is invisible to
            # them, so the deck always passes through the muck.)
            mcu.place_many([(UID[c], "muck", False) for c in holes[left[1]]])
            mucked += 2
            seen.wait('{"card"', dealt + mucked, thread)
            mcu.remove(UID[c] for cards in holes.values() for c in cards)
            if hand % 25 == 0:  # the USB cable pulled and plugged back
                mcu.unplug()
                time.sleep(0.05)
                mcu.replug()
    except AssertionError as exc:
        stuck = (str(exc) or repr(exc)).splitlines()[0]
    finally:
        daemon.stop()
        thread.join(timeout=15)
        faults.on = False
        mcu.stop()
        if seen is not None:
            seen.db.close()
    final = Journaled(journal)
    journaled = final.count('{"card"')
    final.db.close()
    s = source.link.stats
    table = daemon.table
    return Soak(
        hands=table.hand_no if table is not None else 0,
        reads=dealt + mucked,
        journaled=journaled,
        stuck=stuck,
        daemon_alive=thread.is_alive(),
        engine_errors=daemon.stats.engine_errors,
        conservation_errors=daemon.stats.conservation_errors,
        chips_total=table.chips_total() if table is not None else 0,
        alerts=daemon.stats.alerts,
        faults=faults,
        link=(
            f"frames={s.frames} gaps={s.gaps} retransmits={s.retransmits} "
            f"reconnects={s.reconnects} stalls={s.stalls} write_timeouts={s.write_timeouts} "
            f"dropped_commands={s.dropped_commands}"
        ),
        seconds=time.monotonic() - started,
    )
