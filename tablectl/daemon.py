"""The table daemon: event sources → journal (append first) → engine → dealer screen and logs.

One thread runs the loop around one queue of events: the MCU link's reader thread (and nfc and
console callbacks) only feed it, so the journal, the engine and the screen are never touched
concurrently. For every event the loop

1. stamps it with session time (live sources),
2. appends it to the journal, committed and synced (:mod:`tablectl.journal`),
3. applies it to the engine and logs the rulings, alerts and notices,
4. marks hand boundaries, updates the screen, and writes the hand history of a finished hand.

On start it replays the journal, so it resumes exactly where it stopped, mid-hand included.
Time moves by ``tick`` events that are journaled like any other, so a replay sees the same clock.

Sources:

- :class:`BridgeSource`: the table MCU over pyserial (firmware_bridge), real or emulated;
- :class:`ScriptSource`: a scenario file fed event by event, resuming after the journaled ones
  (a recorded session replayed through the full daemon; the crash and soak tests use it).
"""

from __future__ import annotations

import logging
import os
import queue
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
import warnings
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from tablectl.engine.events import Event, ScenarioError, event_from_obj, parse_line
from tablectl.engine.outputs import Alert, Notice, Output, Ruling
from tablectl.engine.view import TableView
from tablectl.history import HandRecord, HistoryBuilder, pokerstars_text
from tablectl.journal import Journal, JournalError, Row
from tablectl.notify import Notifier

log = logging.getLogger("tablectl.daemon")


class DaemonError(RuntimeError):
    """The daemon cannot start (journal unusable, setup mismatch, no hardware)."""


class Source(Protocol):
    """Where events come from. ``poll`` waits at most ``timeout`` seconds."""

    live: bool  # stamp session time and send ticks (False: the events carry their own time)

    def start(self) -> None: ...

    def wait_ready(self, timeout: float) -> bool: ...

    def poll(self, timeout: float) -> list[Event | Alert]: ...

    @property
    def finished(self) -> bool: ...

    def stop(self) -> None: ...


class Display(Protocol):
    def update(self, view: TableView) -> None: ...

    def pump(self) -> bool: ...  # False when the window was closed

    def close(self) -> None: ...


# --- sources ---------------------------------------------------------------------------------


class ScriptSource:
    """Events from a scenario file, in order; the first ``skip`` events were already journaled.

    The file's first line must be its setup (the contract): a script without one, or with one
    that does not parse or cannot seat a table, is refused naming file:line (:class:`DaemonError`)
    instead of being played on another table. Later malformed lines are logged with their line
    number and skipped (never journaled)."""

    live = False

    def __init__(self, path: str | Path, skip: int = 0, batch: int = 1) -> None:
        self.path = Path(path)
        self.skip = skip
        self.batch = max(1, batch)
        self._it: Iterator[Event] | None = None
        self._done = False
        self.setup: dict[str, Any] | None = None
        self.bad_lines: list[str] = []
        self._read_setup()

    def _read_setup(self) -> None:
        from tablectl.engine.table import SetupError, Table

        for lineno, text in self._lines():
            try:
                parsed = parse_line(_utf8(text))  # file:line is said here
            except (ValueError, RecursionError) as exc:  # ScenarioError is a ValueError
                raise DaemonError(f"{self.path}:{lineno}: not a setup line: {exc}") from None
            if parsed.event is None:
                continue
            if parsed.event.kind != "setup":
                raise DaemonError(f"{self.path}:{lineno}: not a setup line: a scenario starts "
                                  f"with its setup, not {parsed.event.kind}")
            try:
                Table.from_setup(parsed.event.body)
            except SetupError as exc:
                raise DaemonError(f"{self.path}:{lineno}: setup: {exc}") from None
            self.setup = dict(parsed.event.body)
            return
        raise DaemonError(f"{self.path}: no setup line: a scenario starts with its setup")

    def _lines(self) -> Iterator[tuple[int, str | bytes]]:
        """Numbered lines, each decoded alone: one line of bad bytes is that line's error."""
        try:
            with self.path.open("rb") as fh:
                for lineno, raw in enumerate(fh, 1):
                    try:
                        yield lineno, raw.decode("utf-8")
                    except UnicodeDecodeError:
                        yield lineno, raw
        except OSError as exc:
            raise DaemonError(f"{self.path}: cannot read: {exc.strerror or exc}") from None

    def _events(self) -> Iterator[Event]:
        seen = 0
        for lineno, text in self._lines():
            try:
                parsed = parse_line(_utf8(text))  # file:line is said here
            except (ValueError, RecursionError) as exc:
                msg = f"{self.path}:{lineno}: skipped: {exc}"
                self.bad_lines.append(msg)
                log.error("%s", msg)
                continue
            if parsed.event is None or parsed.event.kind == "setup":
                continue
            seen += 1
            if seen > self.skip:
                yield parsed.event

    def start(self) -> None:
        self._it = self._events()

    def wait_ready(self, timeout: float) -> bool:
        return True

    def poll(self, timeout: float) -> list[Event | Alert]:
        if self._it is None or self._done:
            return []
        out: list[Event | Alert] = []
        for _ in range(self.batch):
            ev = next(self._it, None)
            if ev is None:
                self._done = True
                break
            out.append(ev)
        return out

    @property
    def finished(self) -> bool:
        return self._done

    def stop(self) -> None:
        self._it = None


def _utf8(text: str | bytes) -> str:
    if isinstance(text, bytes):
        raise ScenarioError("not UTF-8 text")
    return text


class BridgeSource:
    """The table's sensors through firmware_bridge: pyserial link + tag mapper.

    READY means the MCU answered HELLO with IDENTIFY (the first hardware handshake)."""

    live = True

    def __init__(
        self, port: str, baud: int, decks: Path | None, chips: Path | None,
        settle: float | None = None,
    ) -> None:
        from firmware_bridge.bridge import Bridge
        from firmware_bridge.link import SerialLink
        from firmware_bridge.tags import (
            ChipInventory,
            DeckRegistry,
            RegistryError,
            TagMapper,
        )

        registries: list[Any] = []
        for path, kind in ((decks, DeckRegistry), (chips, ChipInventory)):
            if path is None or not path.exists():
                log.warning("%s not found: %s tags will read as unknown until enrolled",
                            path, "card" if kind is DeckRegistry else "chip")
                registries.append(kind())
                continue
            try:
                registries.append(kind.load(path))
            except RegistryError as exc:
                raise DaemonError(str(exc)) from None
        self.link = SerialLink(port, baud)
        mapper = TagMapper(registries[0], registries[1])
        if settle is not None:
            mapper.settle = settle  # the simulator's tags do not bounce
        self.mapper = mapper
        self.bridge = Bridge(self.link, mapper)

    def start(self) -> None:
        self.link.start()

    def wait_ready(self, timeout: float) -> bool:
        return self.link.wait_connected(timeout)

    def poll(self, timeout: float) -> list[Event | Alert]:
        if self.mapper.pending():
            # A zone is settling: look again when it may be stable, not at the next report.
            timeout = min(timeout, self.mapper.settle)
        return self.bridge.pump(timeout)

    @property
    def finished(self) -> bool:
        return False

    def stop(self) -> None:
        self.link.stop()


class SimHardware:
    """hw_sim's MCU emulator on a pty behind a symlink, for `tablectl run --sim`: the daemon
    talks to it through the real pyserial path, exactly as to the board.

    The symlink lives in ``$TMPDIR/tablectl-sim-<pid>-*``. A SIGKILL gives no chance to clean
    up, so a small cleaner process holds a pipe from this one and removes the directory when the
    pipe closes, which the kernel does when this process dies however it dies; and each start
    removes the directories of simulators whose process is gone (a cleaner killed with them)."""

    PREFIX = "tablectl-sim-"
    # The cleaner: wait for end of file on stdin (this process gone), then remove the directory.
    _CLEANER = ("import shutil, sys; sys.stdin.buffer.read(); "
                "shutil.rmtree(sys.argv[1], ignore_errors=True)")

    def __init__(self) -> None:
        from hw_sim.mcu import McuEmulator

        base = Path(tempfile.gettempdir())
        self._sweep(base)
        self.dir = Path(tempfile.mkdtemp(prefix=f"{self.PREFIX}{os.getpid()}-", dir=base))
        # Its own session: a Ctrl-C or a kill of the daemon's process group does not reach it.
        self._cleaner = subprocess.Popen(
            [sys.executable, "-I", "-S", "-c", self._CLEANER, str(self.dir)],
            stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
        self.port = str(self.dir / "tablectl-mcu")
        self.mcu = McuEmulator(self.port)

    def start(self) -> None:
        self.mcu.start()

    def stop(self) -> None:
        self.mcu.stop()
        shutil.rmtree(self.dir, ignore_errors=True)
        if self._cleaner.stdin is not None:
            self._cleaner.stdin.close()
        try:
            self._cleaner.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self._cleaner.kill()

    @classmethod
    def _sweep(cls, base: Path) -> None:
        """Remove this user's simulator directories whose process is gone."""
        for path in base.glob(f"{cls.PREFIX}*-*"):
            pid = path.name[len(cls.PREFIX):].split("-", 1)[0]
            try:
                if not pid.isdecimal() or path.is_symlink() or path.lstat().st_uid != os.getuid():
                    continue
                os.kill(int(pid), 0)
            except ProcessLookupError:
                shutil.rmtree(path, ignore_errors=True)
            except OSError:  # alive under another user, or gone meanwhile
                continue


class NfcWatcher:
    """The USB NFC reader (firmware_bridge.nfc) on its own thread: staff badge taps go to the
    daemon's inbox. Without a reader the table runs on, degraded (no badge sign-in)."""

    def __init__(self, path: str, badges: Path | None, inbox: queue.Queue[Any]) -> None:
        from firmware_bridge.nfc import BadgeError, BadgeRegistry, NfcReader

        # The simulator's udp reader emulates Type 3 (FeliCa) tags only.
        self.reader = NfcReader(path, ("212F",) if path.startswith("udp:") else ("106A", "212F"))
        self.registry = BadgeRegistry()
        if badges is not None and badges.exists():
            try:
                self.registry = BadgeRegistry.load(badges)
            except BadgeError as exc:
                log.error("%s: badges unavailable", exc)
        self.inbox = inbox
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        self._thread = threading.Thread(target=self._run, name="nfc", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        if not self.reader.open():
            return
        while not self._stop.is_set():
            tag = self.reader.read(0.5)
            if tag is not None:
                self.inbox.put(("badge", tag.uid, self.registry.badge(tag.uid)))
                self._stop.wait(1.0)  # one tap, one sign-in: the tag stays on the reader

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=5)
        self.reader.close()


class ConsoleHelper:
    """The dealer console (firmware_bridge.console on gpiozero): its buttons' presses join the
    loop's events; the loop drives its buzzer countdown and floor light. ``console`` is a built
    DealerConsole (hw_sim's SimConsole builds one on mock pins)."""

    def __init__(self, console: Any) -> None:
        self.console = console

    @classmethod
    def on_pins(cls, pins: dict[str, int]) -> ConsoleHelper:
        try:
            from gpiozero.exc import BadPinFactory, GPIOZeroError

            from firmware_bridge.console import DealerConsole, PinMapError
        except ImportError as exc:
            raise DaemonError(f"dealer console: {exc}; install gpiozero (docs/install-pi.md) "
                              f"or remove [gpio] from the configuration") from None
        try:
            # gpiozero warns once for every pin library it tries; they go to the log, not stderr.
            with warnings.catch_warnings(record=True) as tried:
                warnings.simplefilter("always")
                console = DealerConsole(pins)
            for warning in tried:
                log.info("gpiozero: %s", warning.message)
            return cls(console)
        except PinMapError as exc:
            raise DaemonError(f"dealer console: {exc}") from None
        except BadPinFactory as exc:  # not a Pi, or no GPIO library for its gpiochip
            raise DaemonError(f"dealer console: no GPIO on this machine (gpiozero: {exc}): run "
                              f"on the table's Pi, or remove [gpio] from the configuration"
                              ) from None
        except GPIOZeroError as exc:  # a pin in use, no permission on /dev/gpiochip*
            raise DaemonError(f"dealer console: {type(exc).__name__}: {exc}") from None

    def start(self) -> None:
        pass  # gpiozero's callbacks run from the moment the pins are set up

    def poll(self) -> list[Event]:
        return list(self.console.poll())

    def stop(self) -> None:
        self.console.close()


# --- the daemon ------------------------------------------------------------------------------


@dataclass(slots=True)
class Stats:
    events: int = 0
    replayed: int = 0
    alerts: int = 0
    hands: int = 0
    bad_rows: int = 0
    engine_errors: int = 0
    conservation_errors: int = 0
    started: float = field(default_factory=time.monotonic)
    ready_after: float | None = None


class Daemon:
    """Runs one table until stopped (SIGTERM/SIGINT), or a script source is used up."""

    WAIT_SLICE = 0.1  # seconds: how soon a stop is seen while waiting for the hardware

    def __init__(
        self,
        journal_path: str | Path,
        setup: dict[str, Any] | None,
        source: Source,
        *,
        display: Display | None = None,
        notifier: Notifier | None = None,
        histories: Path | None = None,
        names: dict[int, str] | None = None,
        tick_every: float = 1.0,
        ready_timeout: float = 60.0,
        stop_when_done: bool = True,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.journal_path = Path(journal_path)
        self.config_setup = setup
        self.source = source
        self.display = display
        self.notify = notifier or Notifier()
        self.histories = histories
        self.names = names or {}
        self.tick_every = tick_every
        self.ready_timeout = ready_timeout
        self.stop_when_done = stop_when_done
        self.clock = clock
        self.stats = Stats()
        self.journal: Journal | None = None
        self.table: Any = None
        self.builder = HistoryBuilder(self.names)
        self._total = 0
        self._stop = False
        self._session_t = 0.0  # session seconds at the last event
        self._t_anchor = 0.0  # clock() value that corresponds to session time 0
        self._last_tick = 0.0
        self._dirty = True
        self._status = ""
        # Events and taps from other threads (console buttons, the NFC reader): see submit().
        self.inbox: queue.Queue[Any] = queue.Queue()
        self.helpers: list[Any] = []  # started with the loop, stopped after it
        self.console: ConsoleHelper | None = None  # also a helper; the loop drives its outputs
        self.dealer: str | None = None  # the signed-in dealer (badge)

    # --- start: journal and replay -------------------------------------------------------------

    def restore(self) -> None:
        """Open the journal and replay it into a fresh table (or start one from the setup)."""
        from tablectl.engine.table import SetupError, Table

        try:
            self.journal = Journal(self.journal_path)
            setup = self.journal.setup()
        except JournalError as exc:
            raise DaemonError(str(exc)) from None
        new = setup is None
        if setup is None:
            if self.config_setup is None:
                raise DaemonError(f"{self.journal_path}: empty journal and no setup to start from")
            setup = dict(event_from_obj({"setup": self.config_setup}).body)
        elif self.config_setup is not None and _seats_of(self.config_setup) != _seats_of(setup):
            log.warning("the journal's seats differ from the configuration's: resuming the "
                        "journal's tournament (move the journal away to start a new one)")
        names = {int(s): str(n) for s, n in (setup.get("names") or {}).items()}
        self.builder.names = {**names, **self.names}
        try:
            self.table = Table.from_setup(setup)
        except SetupError as exc:
            raise DaemonError(f"setup: {exc}") from None
        if new:  # journaled once it is known to seat a table
            self.journal.append(Event("setup", setup), 0)
            log.info("new journal %s: %d seats", self.journal_path, len(setup["seats"]))
        self._total = self.table.chips_total()
        started = time.perf_counter()
        report = self.journal.replay_into(self.table, self._replayed)
        self.stats.replayed = report.events
        self.stats.bad_rows = len(report.bad_rows or [])
        self._session_t = float(self.table.t)
        log.info("journal replayed: %d events, %d hands, %d bad rows in %.3f s; hand %d, %s",
                 report.events, self.table.hand_no, self.stats.bad_rows,
                 time.perf_counter() - started, self.table.hand_no, self.table.street)

    def _replayed(self, row: Row, event: Event, outputs: list[Output]) -> None:
        for hand in self._histories(event, outputs, row.wall, row.row_id):
            self._write_history(hand, overwrite=False)

    def _histories(
        self, event: Event, outputs: list[Output], wall: float, row: int
    ) -> list[HandRecord]:
        """Finished hands for the history files. A history bug costs that hand's file, never
        the table (the event is journaled and applied; `tablectl export` can retry later)."""
        try:
            return self.builder.feed(event, outputs, self.table.view, wall)
        except Exception:
            log.exception("hand history failed on journal row %d: %s", row, event.to_json())
            return []

    # --- the loop ------------------------------------------------------------------------------

    def run(self) -> int:
        """Restore, wait for the hardware, then loop. Returns the process exit code."""
        if self.table is None:
            self.restore()
        self._install_signals()
        self.source.start()
        if self.console is not None and self.console not in self.helpers:
            self.helpers.append(self.console)
        for helper in self.helpers:
            helper.start()
        try:
            log.info("waiting up to %.0f s for the hardware handshake", self.ready_timeout)
            if not self._wait_ready():
                if self._stop:
                    log.info("stopped before the hardware handshake")
                    return 0
                log.error("no hardware handshake within %.0f s", self.ready_timeout)
                return 1
            self.stats.ready_after = time.monotonic() - self.stats.started
            self._t_anchor = self.clock() - self._session_t
            self._last_tick = self.clock()
            self.notify.ready(self._status_text())
            log.info("ready after %.3f s", self.stats.ready_after)
            self._loop()
        except DaemonError as exc:
            log.critical("%s", exc)
            return 1
        finally:
            self.notify.stopping()
            for helper in self.helpers:
                helper.stop()
            self.source.stop()
            if self.display is not None:
                self.display.close()
            if self.journal is not None:
                self.journal.close()
            self.notify.close()
        return 0

    def _wait_ready(self) -> bool:
        """The source's handshake, waited for in short slices so that SIGTERM (which only sets
        the flag) stops the wait within one slice: systemd's TimeoutStopSec is 15 s."""
        deadline = time.monotonic() + self.ready_timeout
        while not self._stop:
            left = deadline - time.monotonic()
            if left <= 0:
                return False
            if self.source.wait_ready(min(self.WAIT_SLICE, left)):
                return True
        return False

    def stop(self) -> None:
        self._stop = True

    def submit(self, item: Event | Alert) -> None:
        """Hand an event to the loop from any thread (a console button's callback)."""
        self.inbox.put(item)

    def _drain_inbox(self) -> list[Event | Alert]:
        items: list[Event | Alert] = []
        while True:
            try:
                item = self.inbox.get_nowait()
            except queue.Empty:
                break
            if isinstance(item, tuple) and item and item[0] == "badge":
                self._badge(item[1], item[2])
            else:
                items.append(item)
        if self.console is not None:
            items += self.console.poll()
        return items

    def _drive_console(self) -> None:
        """The buzzer counts down a player on the clock (002 Rule 29)."""
        if self.console is None or self.table is None:
            return
        clock = self.table.clock
        if clock is not None:
            now = self.clock() - self._t_anchor if self.source.live else self.table.t
            self.console.console.countdown(max(0.0, clock[1] - now))

    def _badge(self, uid: bytes, badge: Any) -> None:
        if badge is None:
            log.info("NFC tag %s is not a staff badge", uid.hex())
        elif badge.role == "dealer":
            self.dealer = badge.name
            log.info("dealer %s signed in", badge.name)
            self._status = self._status_text()
            self.notify.status(self._status)
        else:
            log.info("floor %s at the table", badge.name)
            if self.console is not None:
                self.console.console.floor_answered()

    def _loop(self) -> None:
        watchdog = self.notify.watchdog_interval
        next_ping = self.clock()
        while not self._stop:
            now = self.clock()
            if watchdog is not None and now >= next_ping:
                self.notify.watchdog()
                next_ping = now + watchdog
            wait = 0.05
            if self.source.live:
                wait = max(0.0, min(0.25, self._last_tick + self.tick_every - now))
            for item in self.source.poll(wait) + self._drain_inbox():
                if isinstance(item, Alert):
                    self._log_output(item)
                    self.stats.alerts += 1
                else:
                    self.handle(item)
            if self.source.live and self.clock() - self._last_tick >= self.tick_every:
                self._tick()
            self._drive_console()
            if self.display is not None:
                if self._dirty:
                    self.display.update(self.table.view())
                    self._dirty = False
                if not self.display.pump():
                    log.info("display closed: stopping")
                    break
            if self.source.finished and self.stop_when_done:
                log.info("event script finished")
                break

    def _tick(self) -> None:
        now = self.clock()
        seconds = round(now - self._t_anchor - self._session_t, 3)
        self._last_tick = now
        if seconds > 0:
            self.handle(Event("tick", seconds), stamped=True)

    def handle(self, event: Event, *, stamped: bool = False) -> list[Output]:
        """Journal, apply, log, display: one event through the daemon."""
        assert self.journal is not None and self.table is not None
        if self.source.live and not stamped:
            t = round(max(self._session_t, self.clock() - self._t_anchor), 3)
            event = Event(event.kind, event.body, t)
        try:
            row = self.journal.append(event, self.table.hand_no)
        except sqlite3.Error as exc:
            # Append first: an event that cannot be journaled is not applied either. Stop, so
            # systemd restarts the daemon and the dealer sees the table go down, not drift.
            msg = f"journal write failed ({exc}); {event.to_json()} not applied"
            raise DaemonError(msg) from exc
        try:
            outputs = self.table.apply(event)
        except Exception:  # an engine bug: the event is journaled, the table keeps running
            self.stats.engine_errors += 1
            log.exception("engine failed on journal row %d: %s", row, event.to_json())
            return []
        self.stats.events += 1
        if event.kind == "tick":
            self._session_t += float(event.body)
        elif event.t is not None:
            self._session_t = max(self._session_t, float(event.t))
        self.journal.record(row, outputs)
        for out in outputs:
            self._log_output(out)
        total = self.table.chips_total()
        if total != self._total:
            self.stats.conservation_errors += 1
            log.error("chips not conserved after journal row %d: %d, expected %d",
                      row, total, self._total)
        self._dirty = True
        for hand in self._histories(event, outputs, time.time(), row):
            self.stats.hands += 1
            self._write_history(hand, overwrite=True)
        status = self._status_text()
        if status != self._status:
            self._status = status
            self.notify.status(status)
        return outputs

    # --- outputs ---------------------------------------------------------------------------------

    def _status_text(self) -> str:
        if self.table is None:
            return "starting"
        text = f"hand {self.table.hand_no} {self.table.street}"
        return f"{text}, dealer {self.dealer}" if self.dealer else text

    def _log_output(self, out: Output) -> None:
        if isinstance(out, Alert):
            seat = f" seat {out.seat}" if out.seat is not None else ""
            log.warning("ALERT %s%s: %s (%s)", out.kind, seat, out.text, out.rule)
        elif isinstance(out, Ruling):
            extra = (f", owes {out.owes}" if out.owes else "") + (
                f", {out.returned} returned" if out.returned else "")
            log.info("seat %d %s to %d%s (%s)", out.seat, out.action, out.to, extra, out.rule)
        elif isinstance(out, Notice):
            log.info("%s", out.text)

    def _write_history(self, hand: HandRecord, *, overwrite: bool) -> None:
        if self.histories is None:
            return
        path = self.histories / f"hand-{hand.number:06d}.txt"
        if path.exists() and not overwrite:
            return
        try:
            self.histories.mkdir(parents=True, exist_ok=True)
            tmp = path.with_suffix(".tmp")
            tmp.write_text(pokerstars_text(hand), encoding="utf-8")
            os.replace(tmp, path)
        except OSError as exc:
            log.error("cannot write hand history %s: %s", path, exc)

    def _install_signals(self) -> None:
        def _stop(signum: int, _frame: object) -> None:
            log.info("signal %s: stopping", signal.Signals(signum).name)
            self._stop = True

        try:
            signal.signal(signal.SIGTERM, _stop)
            signal.signal(signal.SIGINT, _stop)
        except ValueError:  # not the main thread (tests running the daemon in a thread)
            pass


def _seats_of(setup: dict[str, Any]) -> dict[str, int]:
    return {str(k): int(v) for k, v in setup.get("seats", {}).items()}


class PygameDisplay:
    """The dealer screen in a window (or full screen on KMSDRM) for the daemon's loop."""

    def __init__(self, size: tuple[int, int], fullscreen: bool) -> None:
        import pygame

        from display.dealer import DealerScreen

        self._pg = pygame
        pygame.display.init()
        pygame.font.init()
        # Full screen at the panel's native mode (KMSDRM offers only the modes it has); the
        # configured size is the window's on a desktop.
        if fullscreen:
            self.surface = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            self.surface = pygame.display.set_mode(size)
        pygame.display.set_caption("tablectl dealer")
        pygame.mouse.set_visible(not fullscreen)
        self.screen = DealerScreen(self.surface)
        self._view: TableView | None = None

    def update(self, view: TableView) -> None:
        self._view = view

    def pump(self) -> bool:
        pg = self._pg
        for ev in pg.event.get():
            if ev.type == pg.QUIT:
                return False
        if self._view is not None and self.screen.render(self._view):
            pg.display.flip()
        return True

    def close(self) -> None:
        self._pg.display.quit()
