"""The daemon end to end: script sessions through journal → engine → histories, resume mid-hand,
bad configuration, sd_notify READY/WATCHDOG over a real socket, and `--sim` on hw_sim's MCU."""

from __future__ import annotations

import io
import os
import signal
import socket
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from test_daemon_session import write_session

from tablectl.cli import main
from tablectl.cli.export import histories
from tablectl.daemon.journal import Journal
from tablectl.daemon.loop import Daemon, ScriptSource
from tablectl.engine.events import ScenarioError, parse_line
from tablectl.engine.table import Table

ROOT = Path(__file__).resolve().parent.parent

CONFIG = """
journal = "j.db"
structure = "home-003"
log_level = "info"
[seats.1]
name = "Ann"
[seats.2]
name = "Bao"
[display]
enabled = false
"""


def valid_events(path: Path) -> list[str]:
    out = []
    for line in path.read_text().splitlines():
        try:
            parsed = parse_line(line)
        except ScenarioError:
            continue
        if parsed.event is not None:
            out.append(parsed.event.to_json())
    return out


def engine_stacks(path: Path) -> dict[int, int]:
    lines = valid_events(path)
    table = Table.from_setup(parse_line(lines[0]).event.body)  # type: ignore[union-attr]
    for line in lines[1:]:
        table.apply(parse_line(line).event)  # type: ignore[arg-type]
    return table.stacks()


def exported(journal: Path) -> list[str]:
    buf = io.StringIO()
    with Journal(journal) as j:
        j.export_scenario(buf)
    return buf.getvalue().splitlines()


def run_daemon(journal: Path, script: Path, hist: Path | None = None) -> Daemon:
    with Journal(journal) as j:
        skip = max(0, len(j) - 1)
    source = ScriptSource(script, skip=skip, batch=50)
    daemon = Daemon(journal, source.setup, source, histories=hist)
    assert daemon.run() == 0
    return daemon


def test_session_through_the_daemon(tmp_path: Path) -> None:
    script = write_session(tmp_path / "s.jsonl", 5, 40, faults=True)
    journal = tmp_path / "j.db"
    daemon = run_daemon(journal, script, tmp_path / "hist")
    assert daemon.stats.engine_errors == 0 and daemon.stats.conservation_errors == 0
    # Journal complete: exactly the readable events of the script, in order, once each.
    assert exported(journal) == valid_events(script)
    assert daemon.stats.events == len(valid_events(script)) - 1
    hist = sorted(p.name for p in (tmp_path / "hist").iterdir())
    assert hist[0] == "hand-000001.txt" and len(hist) == 40
    result = histories(journal)
    assert result.stacks == engine_stacks(script)
    assert [h.number for h in result.hands] == list(range(1, 41))


def test_resume_mid_hand(tmp_path: Path) -> None:
    script = write_session(tmp_path / "s.jsonl", 9, 12)
    lines = script.read_text().splitlines()
    # Stop in the middle of a hand: after a push, with cards and chips on the table.
    cut = next(i for i in range(len(lines) // 2, len(lines)) if '"push"' in lines[i]) + 1
    part = tmp_path / "part.jsonl"
    part.write_text("\n".join(lines[:cut]) + "\n")
    journal = tmp_path / "j.db"
    first = run_daemon(journal, part)
    assert first.table.street not in ("idle", "over")
    mid = first.table.view()
    second = Daemon(journal, None, ScriptSource(part, skip=cut - 1))
    second.restore()
    assert second.table.view() == mid  # restored exactly, mid-hand
    second.journal.close()  # type: ignore[union-attr]
    run_daemon(journal, script)
    assert exported(journal) == valid_events(script)
    assert histories(journal).stacks == engine_stacks(script)


def test_bad_config_exits_non_zero_naming_the_key(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cfg = tmp_path / "table.toml"
    cfg.write_text(CONFIG.replace('name = "Bao"', 'name = "Bao"\nstack = -1'))
    assert main(["run", "--config", str(cfg)]) == 2
    err = capsys.readouterr().err
    assert "bad configuration" in err and "seats.2.stack" in err


def test_unusable_journal_exits_1(tmp_path: Path) -> None:
    cfg = tmp_path / "table.toml"
    cfg.write_text(CONFIG)
    (tmp_path / "j.db").write_bytes(b"garbage" * 200)
    script = write_session(tmp_path / "s.jsonl", 1, 1)
    assert main(["run", "--config", str(cfg), "--events", str(script)]) == 1


def _notify_socket(tmp_path: Path) -> tuple[str, socket.socket]:
    path = str(tmp_path / "notify.sock")
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind(path)
    sock.settimeout(30)
    return path, sock


def _env(notify: str) -> dict[str, str]:
    env = dict(os.environ, NOTIFY_SOCKET=notify, WATCHDOG_USEC="200000", JOURNAL_STREAM="8:1")
    env.pop("WATCHDOG_PID", None)
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    return env


def test_run_sends_ready_status_and_watchdog(tmp_path: Path) -> None:
    cfg = tmp_path / "table.toml"
    cfg.write_text(CONFIG)
    script = write_session(tmp_path / "s.jsonl", 2, 30)
    path, sock = _notify_socket(tmp_path)
    messages: list[str] = []

    def listen() -> None:  # as systemd does, while the daemon runs
        while True:
            data = sock.recv(4096).decode()
            messages.append(data)
            if data == "STOPPING=1":
                return

    listener = threading.Thread(target=listen, daemon=True)
    listener.start()
    proc = subprocess.run(
        [sys.executable, "-m", "tablectl", "run", "--config", str(cfg), "--events", str(script)],
        env=_env(path),
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    listener.join(timeout=10)
    sock.close()
    assert messages[0].startswith("READY=1\nSTATUS=hand 0")
    assert any(m.startswith("STATUS=hand 30") for m in messages)
    assert messages[-1] == "STOPPING=1"
    # Under journald every log line carries its syslog priority.
    lines = proc.stdout.splitlines()
    assert lines and all(line[:3] in ("<6>", "<4>", "<3>", "<7>") for line in lines)
    assert (tmp_path / "histories" / "hand-000030.txt").exists()


def test_sim_ready_after_handshake_then_sigterm(tmp_path: Path) -> None:
    """`--sim`: the daemon opens hw_sim's emulated MCU through pyserial on a pty, says READY=1
    after IDENTIFY, pings the watchdog, and stops cleanly on SIGTERM."""
    pytest.importorskip("hw_sim.mcu", reason="hw_sim's MCU emulator is not in this build")
    pytest.importorskip("firmware_bridge.bridge", reason="firmware_bridge is not in this build")
    cfg = tmp_path / "table.toml"
    cfg.write_text(CONFIG)
    path, sock = _notify_socket(tmp_path)
    proc = subprocess.Popen(
        [sys.executable, "-m", "tablectl", "run", "--config", str(cfg), "--sim"],
        env=_env(path),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        first = sock.recv(4096).decode()
        assert first.startswith("READY=1"), first
        assert sock.recv(4096) == b"WATCHDOG=1"
        proc.send_signal(signal.SIGTERM)
        out, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
        sock.close()
    assert proc.returncode == 0, err
    assert "signal SIGTERM: stopping" in out
    with Journal(tmp_path / "j.db") as j:
        setup = j.setup()
    assert setup is not None and setup["names"] == {"1": "Ann", "2": "Bao"}


def test_sensors_to_journal_through_the_real_link(tmp_path: Path) -> None:
    """hw_sim's MCU on a pty → pyserial link → tag mapper → daemon → journal → engine: cards
    placed on the emulated antennas start a hand; idle time is journaled as ticks."""
    import json
    import threading
    import time

    pytest.importorskip("hw_sim.mcu", reason="hw_sim's MCU emulator is not in this build")
    from firmware_bridge.sources import BridgeSource
    from hw_sim.sim_hardware import SimHardware

    cards = {
        "As": b"\x04\x00\x01",
        "Kd": b"\x04\x00\x02",
        "7c": b"\x04\x00\x03",
        "7h": b"\x04\x00\x04",
    }
    decks = tmp_path / "decks.json"
    decks.write_text(
        json.dumps(
            {
                "decks": [
                    {
                        "id": "A",
                        "back": "red",
                        "cards": {uid.hex(): card for card, uid in cards.items()},
                    }
                ],
                "in_play": "A",
            }
        )
    )
    chips = tmp_path / "chips.json"
    chips.write_text(json.dumps({"chips": {}}))
    sim = SimHardware()
    sim.start()
    journal = tmp_path / "j.db"
    setup = {
        "rules": "tda-2025",
        "seats": {"1": 1000, "2": 1000},
        "button": 1,
        "blinds": [5, 10],
        "chips": [5, 25],
    }
    daemon = Daemon(
        journal,
        setup,
        BridgeSource(sim.port, 250_000, decks, chips),
        tick_every=0.2,
        ready_timeout=20,
    )
    thread = threading.Thread(target=daemon.run, daemon=True)
    thread.start()
    try:
        deadline = time.monotonic() + 20
        while daemon.stats.ready_after is None:
            assert time.monotonic() < deadline and thread.is_alive(), "no handshake"
            time.sleep(0.01)
        for card, seat in (("As", 2), ("7c", 1), ("Kd", 2), ("7h", 1)):
            sim.mcu.place(cards[card], f"seat:{seat}")
            time.sleep(0.15)
        time.sleep(0.6)
    finally:
        daemon.stop()
        thread.join(timeout=10)
        sim.stop()
    assert not thread.is_alive()
    kinds = [json.loads(line) for line in exported(journal)[1:]]
    read = [(o["card"], o["zone"]) for o in kinds if "card" in o]
    assert read == [("As", "seat:2"), ("7c", "seat:1"), ("Kd", "seat:2"), ("7h", "seat:1")]
    assert all("t" in o for o in kinds if "card" in o)
    assert any("tick" in o for o in kinds)
    with Journal(journal) as j:
        first_card = next(r.row_id for r in j.rows() if r.line.startswith('{"card"'))
        assert j.hands() == {1: first_card}  # the first card read started hand 1


def test_dealer_screen_follows_the_session(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The daemon draws the dealer screen (SDL's dummy driver) from the engine's view."""
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    from display.window import PygameDisplay

    script = write_session(tmp_path / "s.jsonl", 4, 3)
    display = PygameDisplay((800, 480), fullscreen=False)
    frames: list[int] = []
    drawn = display.screen.render

    def counting(view):  # type: ignore[no-untyped-def]
        changed = drawn(view)
        if changed:
            frames.append(view.hand_no)
        return changed

    display.screen.render = counting  # type: ignore[method-assign]
    source = ScriptSource(script, batch=5)
    daemon = Daemon(tmp_path / "j.db", source.setup, source, display=display)
    assert daemon.run() == 0
    assert frames and frames[-1] == 3 and sorted(frames) == frames


def test_dealer_badge_signs_in_over_nfc(tmp_path: Path) -> None:
    """A dealer's badge tapped on the NFC reader (nfcpy's udp driver, hw_sim's tag field) signs
    the dealer in: logged and shown in the systemd status line."""
    import threading
    import time

    pytest.importorskip("hw_sim.nfc_tags", reason="hw_sim's NFC tags are not in this build")
    from firmware_bridge.nfc import BadgeRegistry
    from firmware_bridge.sources import NfcWatcher
    from hw_sim.nfc_tags import TagField, tag_uid

    badges = BadgeRegistry()
    badges.add(tag_uid(901).hex(), "dealer", "Sam")
    badges.save(tmp_path / "badges.json")
    field = TagField()
    field.start()
    script = write_session(tmp_path / "s.jsonl", 1, 1)
    source = ScriptSource(script)
    daemon = Daemon(tmp_path / "j.db", source.setup, source, stop_when_done=False)
    daemon.helpers.append(NfcWatcher(field.path, tmp_path / "badges.json", daemon.post_badge))
    thread = threading.Thread(target=daemon.run, daemon=True)
    thread.start()
    try:
        field.tap(tag_uid(901))
        deadline = time.monotonic() + 20
        while daemon.dealer is None:
            assert time.monotonic() < deadline and thread.is_alive(), "badge not read"
            time.sleep(0.02)
        assert daemon.dealer == "Sam"
        assert daemon._status_text().endswith("dealer Sam")
    finally:
        daemon.stop()
        thread.join(timeout=10)
        field.stop()
    assert not thread.is_alive()


def test_journal_write_failure_stops_without_applying(tmp_path: Path) -> None:
    """Append first: when the journal cannot take an event (disk full, read-only), the event is
    not applied and the daemon exits 1 for systemd to restart it."""
    script = write_session(tmp_path / "s.jsonl", 1, 2)
    source = ScriptSource(script)
    daemon = Daemon(tmp_path / "j.db", source.setup, source)
    daemon.restore()
    assert daemon.journal is not None
    daemon.journal._db.execute("PRAGMA query_only = 1")  # every write now fails
    assert daemon.run() == 1
    assert daemon.table.hand_no == 0 and daemon.stats.events == 0


def test_events_resume_refuses_another_sessions_journal(tmp_path: Path) -> None:
    cfg = tmp_path / "table.toml"
    cfg.write_text(CONFIG.replace('journal = "j.db"', 'journal = "other.db"'))
    first = write_session(tmp_path / "a.jsonl", 1, 2)
    other = write_session(tmp_path / "b.jsonl", 2, 2, players=3)
    assert main(["run", "--config", str(cfg), "--events", str(first)]) == 0
    assert main(["run", "--config", str(cfg), "--events", str(other)]) == 1
    assert main(["run", "--config", str(cfg), "--events", str(first)]) == 0  # resumes: no-op
    assert exported(tmp_path / "other.db") == valid_events(first)


def test_console_buttons_reach_the_journal(tmp_path: Path) -> None:
    """Dealer console buttons on gpiozero's MockFactory (hw_sim's SimConsole builds the real
    firmware_bridge console): presses become journaled events; floor lights the call LED."""
    import threading
    import time

    pytest.importorskip("hw_sim.console", reason="hw_sim's console twin is not in this build")
    from firmware_bridge.sources import ConsoleHelper
    from hw_sim.console import SimConsole

    sim = SimConsole()
    script = write_session(tmp_path / "s.jsonl", 1, 1)
    source = ScriptSource(script)
    daemon = Daemon(tmp_path / "j.db", source.setup, source, stop_when_done=False)
    daemon.console = ConsoleHelper(sim.console)
    thread = threading.Thread(target=daemon.run, daemon=True)
    thread.start()
    try:
        deadline = time.monotonic() + 20
        while not source.finished:
            assert time.monotonic() < deadline and thread.is_alive()
            time.sleep(0.01)
        sim.press("pause", chatter=3)  # a worn switch: one press
        sim.press("floor")
        while exported(tmp_path / "j.db")[-1] != '{"press": "floor"}':
            assert time.monotonic() < deadline and thread.is_alive(), "press not journaled"
            time.sleep(0.01)
        assert sim.console.floor_called
    finally:
        daemon.stop()
        thread.join(timeout=10)
        sim.factory.close()
    assert exported(tmp_path / "j.db")[-2:] == ['{"press": "pause"}', '{"press": "floor"}']
    assert daemon.table.timing.paused
