"""Only the loop touches the journal, the engine and the dealer screen (issue 30, part 1).

The daemon runs with a :class:`LoopGuard` (tablectl/daemon/owner.py) around its journal, its
engine and its display, fed by the real threads: the MCU link's reader (hw_sim's emulator on a
pty, pyserial), nfcpy's reader (hw_sim's tag field over udp), gpiozero's callbacks (MockFactory
pins), paho's network thread (a venue command through mosquitto) and pygame (dummy driver). Each
posts to the inbox; the loop journals a card, a press, a badge and a level, and the guard saw no
other thread. A thread that skips the inbox (a press handed straight to ``Daemon.handle``, as a
careless callback would) is caught.
"""

from __future__ import annotations

import json
import os
import sqlite3
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
pytest.importorskip("pygame", reason="pygame is not installed")
pytest.importorskip("paho.mqtt", reason="paho-mqtt is not installed")
pytest.importorskip("hw_sim.mcu", reason="hw_sim is not in this build")

from broker import USERS, VENUE, start_broker

from firmware_bridge.nfc import BadgeRegistry
from firmware_bridge.sources import BridgeSource, ConsoleHelper, NfcWatcher
from hw_sim.console import SimConsole
from hw_sim.mcu import McuEmulator
from hw_sim.nfc_tags import TagField, tag_uid
from tablectl.daemon.badges import FloorGate, load_badges
from tablectl.daemon.loop import Daemon
from tablectl.daemon.owner import LoopGuard, ThreadError, guarded
from tablectl.daemon.table_venue import TableVenue
from tablectl.daemon.venue_link import LinkConfig
from tablectl.venue.client import VenueClient
from tablectl.wire.commands import LevelCmd

SETUP = {
    "rules": "tda-2025",
    "seats": {"1": 3000, "2": 3000, "3": 3000},
    "button": 1,
    "blinds": [25, 50],
    "chips": [25, 100],
}
CARD_UID = bytes([0x04, 0xA0, 0x01, 0x5E, 0x11, 0x22, 0x33])


def test_a_guarded_object_refuses_another_thread() -> None:
    guard = LoopGuard()
    guard.claim()
    box = guarded([], guard, "the list")
    box.append(1)  # the owner
    errors: list[BaseException] = []

    def other() -> None:
        try:
            box.append(2)
        except ThreadError as exc:
            errors.append(exc)

    t = threading.Thread(target=other, name="intruder")
    t.start()
    t.join()
    assert [str(e) for e in errors] == ["the list.append touched from thread 'intruder'"]
    assert guard.violations == ["the list.append touched from thread 'intruder'"]


def rows(path: Path, prefix: str) -> int:
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        sql = "SELECT count(*) FROM events WHERE substr(line, 1, ?) = ?"
        return int(db.execute(sql, (len(prefix), prefix)).fetchone()[0])
    finally:
        db.close()


def test_only_the_loop_touches_the_journal_the_engine_and_the_screen(tmp_path: Path) -> None:
    from display.window import PygameDisplay

    decks = tmp_path / "decks.json"
    decks.write_text(
        json.dumps(
            {
                "decks": [{"id": "A", "back": "blue", "cards": {CARD_UID.hex(): "As"}}],
                "in_play": "A",
            }
        )
    )
    chips = tmp_path / "chips.json"
    chips.write_text(json.dumps({"chips": {}}))
    badges = BadgeRegistry()
    badges.add(tag_uid(901).hex(), "dealer", "Sam")
    badges.save(tmp_path / "badges.json")

    broker = start_broker(tmp_path)
    mcu = McuEmulator(str(tmp_path / "mcu"), snapshot_every=0.3)
    mcu.start()
    field = TagField()
    field.start()
    sim = SimConsole()
    venue = VenueClient(VENUE, "127.0.0.1", broker.port, password=USERS["venue"])
    venue.start()
    journal = tmp_path / "j.db"
    guard = LoopGuard()
    source = BridgeSource(str(tmp_path / "mcu"), 250_000, decks, chips, settle=0.01)
    config = LinkConfig(VENUE, "t1", "127.0.0.1", broker.port, password=USERS["t1"], keepalive=5)
    daemon = Daemon(
        journal,
        SETUP,
        source,
        display=PygameDisplay((800, 480), fullscreen=False, console=True),
        venue=TableVenue(config),
        ready_timeout=20,
        guard=guard,
    )
    daemon.console = ConsoleHelper(sim.console)
    daemon.floor_gate = FloorGate(load_badges(tmp_path / "badges.json"), 10)  # badges journaled
    daemon.helpers.append(NfcWatcher(field.path, tmp_path / "badges.json", daemon.post_badge))
    thread = threading.Thread(target=daemon.run, name="loop", daemon=True)

    def until(done: Callable[[], bool], what: str) -> None:
        deadline = time.monotonic() + 30
        while not done():
            assert thread.is_alive() and time.monotonic() < deadline, what
            venue.pump(0)
            time.sleep(0.01)

    try:
        thread.start()
        until(lambda: daemon.stats.ready_after is not None, "no handshake")
        mcu.place(CARD_UID, "seat:2")  # the link's reader thread
        until(lambda: rows(journal, '{"card"') == 1, "card not journaled")
        sim.press("pause")  # a gpiozero callback
        until(lambda: rows(journal, '{"press"') == 1, "press not journaled")
        field.tap(tag_uid(901))  # nfcpy's thread
        until(lambda: rows(journal, '{"badge"') == 1, "badge not journaled")
        until(lambda: venue.tables.get("t1") is not None, "the table never reported")
        level = LevelCmd("t1", "c1", index=1, number=2, blinds=(50, 100))
        venue.command("t1", "level", level.to_obj(), by="Dana")  # paho's thread, at the table
        until(lambda: rows(journal, '{"level"') == 1, "level not journaled")
        assert guard.violations == []

        # A callback that skips the inbox (the press handed straight to the daemon) is caught.
        sim.console.post = daemon.handle
        with pytest.raises(ThreadError):
            sim.press("floor")
        assert guard.violations == ["the journal.append touched from thread 'MainThread'"]
        assert rows(journal, '{"press": "floor"') == 0
    finally:
        daemon.stop()
        thread.join(timeout=15)
        venue.stop()
        sim.close()
        field.stop()
        mcu.stop()
        broker.stop()
    assert not thread.is_alive()
