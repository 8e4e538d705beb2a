"""The table daemon: event sources → journal (append first) → engine → dealer screen and logs.

One thread runs the loop around one inbox of typed items (:mod:`tablectl.daemon.inbox`): the MCU
link's reader thread, nfcpy, gpiozero's callbacks and paho only post to it, so the journal, the
engine and the screen are only ever touched by the loop (:mod:`tablectl.daemon.owner` checks it).
The loop waits on the inbox until its next timer is due (a tick, the watchdog, a zone's settle
time, the screen's next frame, the outbox's stall check), as Klipper's reactor does, so a badge
or a venue command is journaled as soon as it arrives. For every event the loop

1. stamps it with session time (live sources),
2. appends it to the journal, committed and synced (:mod:`tablectl.daemon.journal`),
3. applies it to the engine and logs the rulings, alerts and notices,
4. marks hand boundaries, updates the screen, and writes the hand history of a finished hand.

On start it replays the journal, so it resumes exactly where it stopped, mid-hand included:
from the latest checkpoint (the table at a hand's end, written as each hand ends), so a restart
replays one hand, not the tournament.
Time moves by ``tick`` events that are journaled like any other, so a replay sees the same clock.
A tick is journaled when something is due (a level ends, a player's clock warns or runs out)
and otherwise only every ``tick_every`` (2 minutes): an idle table costs a few fsyncs an hour on
the SD card, and the loop sleeps until its next timer instead of polling. After a crash
(kill -9, the watchdog, a power cut) the session time is recovered from the journal's wall
timestamps: the time since its last row counts as elapsed, so the level clock and every
deadline are where they would be had the daemon never stopped (up to ``MAX_RECOVERED_GAP``;
a longer gap is a clock that jumped, not a restart, and resumes where the journal stopped).

Sources:

- :class:`BridgeSource`: the table MCU over pyserial (firmware_bridge), real or emulated;
- :class:`ScriptSource`: a scenario file fed event by event, resuming after the journaled ones
  (a recorded session replayed through the full daemon; the crash and soak tests use it).
"""

from __future__ import annotations

import logging
import os
import signal
import sqlite3
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from tablectl.daemon.history import HandRecord, HistoryBuilder, pokerstars_text
from tablectl.daemon.inbox import BadgeRead, FromVenue, Inbox, InboxItem, Pressed, Sensed, Wake
from tablectl.daemon.journal import Journal, JournalError, Row
from tablectl.daemon.notify import Notifier
from tablectl.daemon.owner import LoopGuard, guarded, unwrap
from tablectl.daemon.scenario_file import read_lines
from tablectl.engine.events import Event, event_from_obj, event_to_obj, parse_line
from tablectl.engine.notices import DeckChanged, FloorDecided, HandStart, ends_betting
from tablectl.engine.outputs import Alert, Notice, Output, Ruling
from tablectl.engine.view import TableView

if TYPE_CHECKING:  # table_venue loads paho: only a table with a [venue] imports it
    from tablectl.daemon.badges import FloorGate
    from tablectl.daemon.table_venue import TablePort
    from tablectl.engine.table import Table

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


class PushSource(Source, Protocol):
    """A live source whose thread posts what it reads to the daemon's inbox (the MCU link)."""

    def bind(self, post: Callable[[Any], None]) -> None: ...

    def feed(self, item: Any) -> list[Event | Alert]: ...

    def due_in(self) -> float | None: ...  # seconds until poll(0) may have something


class Console(Protocol):
    """The dealer console (firmware_bridge.sources.ConsoleHelper): presses in, buzzer and floor
    light out."""

    def start(self) -> None: ...

    def bind(self, post: Callable[[Event], None]) -> None: ...

    def poll(self) -> list[Event]: ...

    def countdown(self, seconds: float) -> None: ...

    def floor_answered(self) -> None: ...

    def stop(self) -> None: ...


class Display(Protocol):
    """The dealer screen (display.window.PygameDisplay): every call the loop makes."""

    def update(self, view: TableView) -> None: ...

    def pump(self) -> list[Event] | None: ...  # the console's events; None: window closed

    def set_floor(self, name: str | None, seconds_left: float | None) -> None: ...

    def show_floor(self, decisions: tuple[FloorDecided, ...]) -> None: ...

    def set_venue(self, commands: list[tuple[str, str, str]], halted: str | None) -> None: ...

    def venue_answers(self) -> list[tuple[str, bool]]: ...

    def set_hold(self, lines: tuple[str, ...]) -> None: ...  # hand-for-hand (002 RP-8)

    def set_notes(self, notes: tuple[str, ...]) -> None: ...  # the director's announcements

    def console_busy(self) -> bool: ...  # a panel over the table: the bots wait

    def close(self) -> None: ...


class Venue(Protocol):
    """The venue link (tablectl.daemon.table_venue.TableVenue), as the loop drives it."""

    def attach(
        self, table: TablePort, db: sqlite3.Connection, post: Callable[[Any], None]
    ) -> None: ...

    def handle_items(self, items: list[Any]) -> None: ...

    def after(self, outputs: list[Output]) -> None: ...

    def service(self) -> None: ...

    def due_in(self) -> float | None: ...

    def stop(self) -> None: ...


class Helper(Protocol):
    """Started with the loop and stopped after it (the NFC reader's watcher)."""

    def start(self) -> None: ...

    def stop(self) -> None: ...


class Players(Protocol):
    """The simulator's bots (hw_sim.live_bots.LiveBots): at most one motion a turn."""

    due: float

    def service(self, view: TableView, busy: bool, now: float) -> None: ...


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
                parsed = parse_line(text)  # file:line is said here
            except (ValueError, RecursionError) as exc:  # ScenarioError is a ValueError
                raise DaemonError(f"{self.path}:{lineno}: not a setup line: {exc}") from None
            if parsed.event is None:
                continue
            if parsed.event.kind != "setup":
                raise DaemonError(
                    f"{self.path}:{lineno}: not a setup line: a scenario starts "
                    f"with its setup, not {parsed.event.kind}"
                )
            try:
                Table.from_setup(parsed.event.body)
            except SetupError as exc:
                raise DaemonError(f"{self.path}:{lineno}: setup: {exc}") from None
            self.setup = dict(parsed.event.body)
            return
        raise DaemonError(f"{self.path}: no setup line: a scenario starts with its setup")

    def _lines(self) -> Iterator[tuple[int, bytes]]:
        """Numbered lines as bytes: one line of bad bytes is that line's error (parse_line)."""
        try:
            yield from read_lines(self.path)
        except OSError as exc:
            raise DaemonError(f"{self.path}: cannot read: {exc.strerror or exc}") from None

    def _events(self) -> Iterator[Event]:
        seen = 0
        for lineno, text in self._lines():
            try:
                parsed = parse_line(text)  # file:line is said here
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
    # Seconds between the screen's frames (taps, countdowns) and the buzzer's beats; a source that
    # does not post to the inbox is polled every IDLE_SLICE (BUSY_SLICE with a console or helpers).
    IDLE_SLICE = 1.0
    BUSY_SLICE = 0.25
    DIAG_EVERY = 60.0  # seconds between the sensors' diagnostic snapshots in the journal
    MAX_RECOVERED_GAP = 900.0  # seconds since the journal's last row still counted as elapsed
    CHECKPOINT_AFTER = 50  # events replayed at start beyond which a checkpoint is written then
    FLOOR_SHOWN = 20  # the latest floor decisions kept for the dealer screen

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
        tick_every: float = 120.0,
        ready_timeout: float = 60.0,
        stop_when_done: bool = True,
        clock: Callable[[], float] = time.monotonic,
        venue: Venue | None = None,
        console: Console | None = None,
        helpers: list[Helper] | None = None,
        floor_gate: FloorGate | None = None,
        players: Players | None = None,
        inbox: Inbox | None = None,
        guard: LoopGuard | None = None,
    ) -> None:
        """``inbox``: the one the other threads post to, when they were made first (`tablectl
        run` makes it, then the NFC watcher, then the daemon); ``guard``: check that only the
        loop's thread touches the journal, the engine and the screen (tests, benches)."""
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
        self.table: Table | None = None
        self._view: TableView | None = None  # the table's view after the last event, built once
        self.builder = HistoryBuilder(self.names)
        self._total = 0
        self._stop = False
        self._session_t = 0.0  # session seconds at the last event
        self._t_anchor = 0.0  # clock() value that corresponds to session time 0
        self._last_tick = 0.0
        self._diag_due = self.clock() + self.DIAG_EVERY
        self._diag_run = time.strftime("%Y-%m-%dT%H:%M:%S") + f"-{os.getpid()}"
        self._gap = 0.0  # session seconds recovered at restore (the daemon was down)
        self._shown_at = 0.0  # clock() when the screen last got a view
        self._dirty = True
        self._status = ""
        # What the other threads hand the loop (sensors, badges, presses, the venue link).
        self.inbox = inbox or Inbox()
        self.guard = guard  # given: the journal, the engine and the screen are the loop's only
        self._pushed = False  # the source posts to the inbox (bound at run)
        self.helpers: list[Helper] = list(helpers or [])  # started with the loop, stopped after
        self.console = console  # the GPIO buttons: presses in, buzzer and floor light out
        self.dealer: str | None = None  # the signed-in dealer (badge)
        self.floor_gate = floor_gate  # floor mode (issue 13); None: floor decisions refused
        self.refused = 0  # console entries refused before the journal
        self.floor_decisions: list[FloorDecided] = []  # the floor's notices, shown on the screen
        # The venue link, or None (no [venue]): attached after the restore, fed its link items
        # from the inbox, told every handled event's outputs.
        self.venue = venue
        # `run --sim --bots`: told the live view each turn, at most one motion on the emulator.
        self.players = players
        self._was_between = True  # between hands before the event being handled
        # After each event is journaled and applied, in this order (each registered once).
        self.listeners: list[Callable[[Event, list[Output], int], None]] = [
            self._sensors_told,
            self._logged,
            self._floor_shown,
            self._conserved,
            self._history,
            self._checkpoint_at_hand_end,
            self._notified,
        ]
        if venue is not None:
            self.listeners.append(lambda _e, outputs, _r: venue.after(outputs))

    # --- start: journal and replay -------------------------------------------------------------

    def restore(self) -> None:
        """Open the journal and replay it into a fresh table (or start one from the setup)."""
        from tablectl.engine.table import SetupError, Table

        try:
            self.journal = guarded(Journal(self.journal_path), self.guard, "the journal")
            setup = self.journal.setup()
        except JournalError as exc:
            raise DaemonError(str(exc)) from None
        new = setup is None
        if setup is None:
            if self.config_setup is None:
                raise DaemonError(f"{self.journal_path}: empty journal and no setup to start from")
            setup = dict(event_from_obj({"setup": self.config_setup}).body)
        elif self.config_setup is not None and _seats_of(self.config_setup) != _seats_of(setup):
            log.warning(
                "the journal's seats differ from the configuration's: resuming the "
                "journal's tournament (move the journal away to start a new one)"
            )
        names = {int(s): str(n) for s, n in (setup.get("names") or {}).items()}
        self.builder.names = {**names, **self.names}
        try:
            self.table = guarded(Table.from_setup(setup), self.guard, "the engine")
        except SetupError as exc:
            raise DaemonError(f"setup: {exc}") from None
        if new:  # journaled once it is known to seat a table
            self.journal.append(Event("setup", setup), 0)
            log.info("new journal %s: %d seats", self.journal_path, len(setup["seats"]))
        self._total = self.table.chips_total()
        started = time.perf_counter()
        after = 0
        checkpoint = None if new else self.journal.latest_checkpoint()
        # A checkpoint must hold the setup's chips, give or take what the floor added or removed.
        if (
            checkpoint is not None
            and checkpoint.table.chips_total() == self._total + checkpoint.table.book.chips_added
        ):
            self.table = guarded(checkpoint.table, self.guard, "the engine")
            after = checkpoint.row_id
            self._total = self.table.chips_total()
        report = self.journal.replay_into(self.table, self._replayed, after=after)
        if report.events >= self.CHECKPOINT_AFTER and self._between_hands():
            self._checkpoint(report.last_row)  # an old journal's first restart: the next is fast
        self.stats.replayed = report.events
        self.stats.bad_rows = len(report.bad_rows or [])
        self._session_t = float(self.table.timing.t)
        self._gap = self._recovered_gap(new)
        log.info(
            "journal replayed: %d events after row %d, %d bad rows in %.3f s; hand %d, %s",
            report.events,
            after,
            self.stats.bad_rows,
            time.perf_counter() - started,
            self.table.hand_no,
            self.table.street,
        )
        self._view = None
        # who deals, from the journaled badges (floor mode needs the floor badge read again)
        badges = self.table.console.badges
        self.dealer = next((n for n, r in badges.items() if r == "dealer"), None)

    def _recovered_gap(self, new: bool) -> float:
        """Seconds the table's time ran on since the journal's last row (the daemon was down):
        the wall clock's say, within ``MAX_RECOVERED_GAP``."""
        assert self.journal is not None
        last = None if new else self.journal.last_wall()
        if last is None or not self.source.live:
            return 0.0
        gap = time.time() - last
        if 0.0 <= gap <= self.MAX_RECOVERED_GAP:
            if gap >= 1.0:
                log.info("%.1f s since the journal's last row: counted as elapsed", gap)
            return gap
        log.warning(
            "%.0f s since the journal's last row by the wall clock: not counted (a clock "
            "that jumped, or the table was off); the clock resumes where it stopped",
            gap,
        )
        return 0.0

    def _between_hands(self) -> bool:
        hand = self.table.hand
        return hand is None or hand.street == "over"

    def _checkpoint(self, row: int) -> None:
        """The table after ``row`` into the journal: a cache of the replay, so a failure costs
        the next restart's speed, never the table."""
        assert self.journal is not None
        try:
            self.journal.checkpoint(row, self.table.hand_no, unwrap(self.table))
        except (sqlite3.Error, OSError, RecursionError) as exc:  # pickle's own are TypeErrors
            log.error("checkpoint after journal row %d not written: %s", row, exc)
        except Exception:
            log.exception("checkpoint after journal row %d not written", row)

    def _replayed(self, row: Row, event: Event, outputs: list[Output]) -> None:
        self._view = None
        self._show_floor(outputs)
        for hand in self._histories(event, outputs, row.wall, row.row_id):
            self._write_history(hand, overwrite=False)

    def _histories(
        self, event: Event, outputs: list[Output], wall: float, row: int
    ) -> list[HandRecord]:
        """Finished hands for the history files. A history bug costs that hand's file, never
        the table (the event is journaled and applied; `tablectl export` can retry later)."""
        try:
            return self.builder.feed(event, outputs, self.view, wall)
        except Exception:
            log.exception("hand history failed on journal row %d: %s", row, event.to_json())
            return []

    # --- the loop ------------------------------------------------------------------------------

    def run(self) -> int:
        """Restore, wait for the hardware, then loop. Returns the process exit code."""
        if self.guard is not None:
            self.guard.claim()
            self.display = guarded(self.display, self.guard, "the display")
        if self.table is None:
            self.restore()
        if self.venue is not None:
            assert self.journal is not None
            self.venue.attach(
                _VenueSide(self), self.journal.connection, lambda i: self.inbox.post(FromVenue(i))
            )
        self._install_signals()
        bind = getattr(self.source, "bind", None)
        if bind is not None and self.source.live:
            bind(lambda item: self.inbox.post(Sensed(item)))
            self._pushed = True
        self.source.start()
        if self.console is not None:
            self.console.bind(lambda ev: self.inbox.post(Pressed(ev)))
            if self.console not in self.helpers:
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
            self._t_anchor = self.clock() - self._session_t - self._gap
            self._last_tick = self.clock() - (self.tick_every if self._gap else 0.0)
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
            if self.venue is not None:
                self.venue.stop()
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
        """Any thread: the loop stops at once (its wait is cut short)."""
        self._stop = True
        self.inbox.post(Wake())

    def post_badge(self, uid: bytes, badge: Any) -> None:
        """Any thread (the NFC reader's): a tag read, for the loop."""
        self.inbox.post(BadgeRead(uid, badge))

    def _take(self, items: list[InboxItem]) -> None:
        """The inbox's items, in the order they were posted."""
        link: list[Any] = []
        for item in items:
            if isinstance(item, FromVenue):
                link.append(item.item)
                continue
            if link:  # the venue link's items handled together (one flush to paho)
                self._venue_items(link)
                link = []
            if isinstance(item, Sensed):
                self._events(self.source.feed(item.item))  # type: ignore[attr-defined]
            elif isinstance(item, Pressed):
                self.handle(item.event)
            elif isinstance(item, BadgeRead):
                self._badge(item.uid, item.badge)
        if link:
            self._venue_items(link)

    def _venue_items(self, items: list[Any]) -> None:
        if self.venue is not None:
            self.venue.handle_items(items)

    def _events(self, items: list[Event | Alert]) -> None:
        for item in items:
            if isinstance(item, Alert):
                self._log_output(item)
                self.stats.alerts += 1
            else:
                self.handle(item)

    def _drive_console(self) -> None:
        """The buzzer counts down a player on the clock (002 Rule 29)."""
        if self.console is None or self.table is None:
            return
        clock = self.table.timing.clock
        if clock is not None:
            now = self.clock() - self._t_anchor if self.source.live else self.table.timing.t
            self.console.countdown(max(0.0, clock[1] - now))

    def _badge(self, uid: bytes, badge: Any) -> None:
        if self._deck_shown(uid):
            return
        if self.floor_gate is not None:
            # The daemon's badges file decides (tablectl/daemon/badges.py); accepted reads are
            # journaled so a restart knows who deals and who holds floor authority.
            events, text = self.floor_gate.read(uid.hex(), self.clock())
            log.info("%s", text)
            for ev in events:
                self.handle(ev)
            if not events or events[-1].body.left:
                return
            badge = events[-1].body  # a BadgeEntry: its role and name
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
                self.console.floor_answered()

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
                wait = max(0.0, min(self._tick_due(), self._next_timer()) - now)
                if watchdog is not None:
                    wait = min(wait, max(0.0, next_ping - now))
            if self._pushed:  # one wait: on the inbox, until the next timer
                self._take(self.inbox.wait(wait))
                self._events(self.source.poll(0))  # what came due (a zone settled)
            else:  # a script: its next events, then what the other threads posted
                self._events(self.source.poll(wait))
                self._take(self.inbox.wait(0))
            if self.console is not None and not self._pushed:
                self._events(list(self.console.poll()))
            if self.source.live and self.clock() >= self._tick_due():
                self._tick()
            if self.source.live and self.clock() >= self._diag_due:
                self._journal_diag()
            self._drive_console()
            if self.display is not None:
                if self._dirty or self.clock() - self._shown_at >= 1.0:
                    # Once a second at least: the countdowns run between journaled ticks.
                    self.display.update(self._live_view())
                    self._shown_at = self.clock()
                    self._dirty = False
                entered = self.display.pump()
                if entered is None:
                    log.info("display closed: stopping")
                    break
                self._console(entered)
            if self.players is not None:
                self.players.service(self.view(), self._console_busy(), self.clock())
            if self.venue is not None:
                self.venue.service()  # the dealer's answers to the venue; rows to the broker
            if self.source.finished and self.stop_when_done:
                log.info("event script finished")
                break

    def _console(self, entered: list[Event]) -> None:
        """The touch console's entries, floor decisions checked against floor mode first: a
        refused one never reaches the journal (issue 13); and floor mode's time-out."""
        gate = self.floor_gate
        now = self.clock()
        for ev in gate.expire(now) if gate is not None else []:
            log.info("floor mode closed: time is up for %s", ev.body.name)
            self.handle(ev)
        for ev in entered:
            try:  # validated as a journal line is: the engine takes parsed bodies only
                ev = event_from_obj(event_to_obj(ev))
            except ValueError as exc:
                self.refused += 1
                log.warning("console entry refused, not journaled: %s: %s", ev, exc)
                continue
            if gate is not None:
                reason = gate.check(ev, now)
            elif ev.kind in ("floor", "badge"):
                reason = "floor decision refused: no badges configured"
            else:
                reason = None
            if reason is not None:
                self.refused += 1
                log.warning("console entry refused, not journaled: %s: %s", ev.to_json(), reason)
                continue
            self.handle(ev)
            if gate is not None:
                gate.accepted(ev)
        if gate is not None and self.display is not None:
            floor = gate.floor
            self.display.set_floor(floor.name if floor else None, gate.seconds_left(now))

    def _console_busy(self) -> bool:
        """The dealer is working the console: a panel over the table, or floor mode open."""
        if self.display is not None and self.display.console_busy():
            return True
        return self.floor_gate is not None and self.floor_gate.floor is not None

    def _next_timer(self) -> float:
        """clock() of the loop's next timer besides the tick and the watchdog: a zone's settle
        time (the sensors), the screen's next frame (taps, countdowns), the buzzer's next beat,
        the bots' next motion, the diagnostics, the outbox's stall check."""
        now = self.clock()
        if self._pushed:
            at = self._diag_due
            due = self.source.due_in()  # type: ignore[attr-defined]
            if due is not None:
                at = min(at, now + due)
            if self.display is not None or (self.console is not None and self.table.clock):
                at = min(at, now + self.BUSY_SLICE)
        else:  # a live source that does not post (tests): look again for presses and taps
            busy = self.display is not None or self.console is not None or self.helpers
            at = now + (self.BUSY_SLICE if busy else self.IDLE_SLICE)
        if self.players is not None:  # the bots' next motion
            at = min(at, max(self.players.due, now + 0.01))
        if self.venue is not None:
            due = self.venue.due_in()
            if due is not None:
                at = min(at, now + due)
        return at

    def _journal_diag(self) -> None:
        """The sensors' diagnostic snapshot into the journal, once a minute (tablectl diag
        --journal reads it); a source without one has none."""
        self._diag_due = self.clock() + self.DIAG_EVERY
        snapshot = getattr(self.source, "diag_snapshot", None)
        if snapshot is None or self.journal is None:
            return
        try:
            self.journal.put_diag(self._diag_run, snapshot())
        except sqlite3.Error as exc:  # diagnostics are no record: the table plays on
            log.warning("diagnostics not journaled: %s", exc)

    def _tick_due(self) -> float:
        """clock() of the next tick: the next deadline the table has (a level's end, a player's
        clock warning or time up), or ``tick_every`` after the last tick, whichever is first."""
        due = self._last_tick + self.tick_every
        at = next_deadline(self.table)
        if at is not None:
            due = min(due, self._t_anchor + at)
        return due

    def _live_view(self) -> TableView:
        """The table's view with its countdowns carried to now (no tick journaled for it)."""
        view = self.view()
        if not self.source.live:
            return view
        ran = max(0.0, self.clock() - self._t_anchor - self._session_t)
        if ran <= 0:
            return view
        level = view.level
        if level is not None and level.seconds_left is not None and not level.paused:
            level = replace(level, seconds_left=max(0.0, level.seconds_left - ran))
        clock = view.clock
        if clock is not None:
            clock = replace(clock, seconds_left=max(0.0, clock.seconds_left - ran))
        return replace(view, level=level, clock=clock)

    def _tick(self) -> None:
        now = self.clock()
        seconds = round(now - self._t_anchor - self._session_t, 3)
        self._last_tick = now
        if seconds > 0:
            self.handle(Event("tick", seconds), stamped=True)

    def handle(self, event: Event, *, stamped: bool = False) -> list[Output]:
        """One event through the daemon: journaled (committed and synced), applied, then told
        to each of :attr:`listeners`."""
        assert self.journal is not None and self.table is not None
        if self.source.live and not stamped:
            t = round(max(self._session_t, self.clock() - self._t_anchor), 3)
            event = Event(event.kind, event.body, t)
        row = self._journal(event)
        between = self._between_hands()
        outputs = self._apply(event, row)
        if outputs is None:
            return []
        self._was_between = between
        for listener in self.listeners:
            listener(event, outputs, row)
        return outputs

    def _journal(self, event: Event) -> int:
        assert self.journal is not None and self.table is not None
        try:
            return self.journal.append(event, self.table.hand_no)
        except sqlite3.Error as exc:
            # Append first: an event that cannot be journaled is not applied either. Stop, so
            # systemd restarts the daemon and the dealer sees the table go down, not drift.
            msg = f"journal write failed ({exc}); {event.to_json()} not applied"
            raise DaemonError(msg) from exc

    def _apply(self, event: Event, row: int) -> list[Output] | None:
        """The engine's outputs, recorded beside the row; None when the engine failed."""
        assert self.journal is not None and self.table is not None
        try:
            outputs = self.table.apply(event)
        except Exception:  # an engine bug: the event is journaled, the table keeps running
            self.stats.engine_errors += 1
            log.exception("engine failed on journal row %d: %s", row, event.to_json())
            return None
        self._view = None
        self._dirty = True
        self.stats.events += 1
        if event.kind == "tick":
            self._session_t += float(event.body)
        elif event.t is not None:
            self._session_t = max(self._session_t, float(event.t))
        self.journal.record(row, outputs)
        return outputs

    def view(self) -> TableView:
        """The table's view as of the last event: built once per event, for the screen, the
        venue's report and the bots alike."""
        assert self.table is not None
        if self._view is None:
            self._view = self.table.view()
        return self._view

    def _deck_shown(self, uid: bytes) -> bool:
        """A card of another enrolled deck tapped on the station's reader while the table asks
        for a deck change (a dead card tag, tablectl/engine/deckchange.py): that deck is
        brought into play, a journaled ``deck_change`` (refused in a hand: the engine says
        so). Whether the tap was such a card."""
        deck_of = getattr(self.source, "deck_of", None)
        deck = deck_of(uid) if deck_of is not None else None
        if deck is None or self.table is None or not self.view().dead_cards:
            return False
        log.info("deck %s shown at the station: brought into play", deck)
        self.handle(event_from_obj({"deck_change": {"deck": deck}}))
        return True

    # --- listeners ---------------------------------------------------------------------------

    def _sensors_told(self, event: Event, outputs: list[Output], _row: int) -> None:
        """The dealer's ``counted`` (or ``retire``) answer goes back to the sensors' tracker; so
        does a ``deck_change`` the engine took (between hands), a pot's award or a misdeal (the
        hand's betting over), a hand's start (the last hand's bets and pot swept) and the seats
        that may bet (no chip arrives in the bet of another seat, nor a card a live seat reads
        at its place)."""
        taken = event.kind == "deck_change" and any(isinstance(o, DeckChanged) for o in outputs)
        if event.kind in ("counted", "retire") or taken:
            answered = getattr(self.source, "answered", None)
            if answered is not None:
                answered(event)
        started = getattr(self.source, "hand_started", None)
        awarded = getattr(self.source, "pot_awarded", None)
        for out in outputs:
            if isinstance(out, HandStart) and started is not None:
                started(bool(out.carried))
            elif ends_betting(out) and awarded is not None:
                awarded()
        betting = getattr(self.source, "betting_seats", None)
        if betting is not None and self.table is not None:
            betting(self.table.betting_seats())  # after every event

    def _logged(self, _event: Event, outputs: list[Output], _row: int) -> None:
        for out in outputs:
            self._log_output(out)

    def _floor_shown(self, _event: Event, outputs: list[Output], _row: int) -> None:
        self._show_floor(outputs)

    def _conserved(self, _event: Event, _outputs: list[Output], row: int) -> None:
        assert self.table is not None
        total = self.table.chips_total()
        if total != self._total:
            self.stats.conservation_errors += 1
            log.error(
                "chips not conserved after journal row %d: %d, expected %d", row, total, self._total
            )

    def _history(self, event: Event, outputs: list[Output], row: int) -> None:
        for hand in self._histories(event, outputs, time.time(), row):
            self.stats.hands += 1
            self._write_history(hand, overwrite=True)

    def _checkpoint_at_hand_end(self, _event: Event, _outputs: list[Output], row: int) -> None:
        # A hand ended: restore starts here. After its history file (the listener before), so
        # that a crash before this point replays the hand and writes the file.
        if not self._was_between and self._between_hands():
            self._checkpoint(row)

    def _notified(self, _event: Event, _outputs: list[Output], _row: int) -> None:
        status = self._status_text()
        if status != self._status:
            self._status = status
            self.notify.status(status)

    # --- outputs ---------------------------------------------------------------------------------

    def _status_text(self) -> str:
        if self.table is None:
            return "starting"
        text = f"hand {self.table.hand_no} {self.table.street}"
        return f"{text}, dealer {self.dealer}" if self.dealer else text

    def _show_floor(self, outputs: list[Output]) -> None:
        """Every floor decision shows on the dealer screen (issue 13; 002 Rule 1); chips the
        floor brought to the table or took away (stated in the notice) move the expected total."""
        new = [o for o in outputs if isinstance(o, FloorDecided)]  # not the `press floor` call
        self._total += sum(o.difference or 0 for o in new)
        if new:
            self.floor_decisions = (self.floor_decisions + new)[-self.FLOOR_SHOWN :]
            if self.display is not None:
                self.display.show_floor(tuple(self.floor_decisions))

    def _log_output(self, out: Output) -> None:
        if isinstance(out, Alert):
            seat = f" seat {out.seat}" if out.seat is not None else ""
            log.warning("ALERT %s%s: %s (%s)", out.kind, seat, out.text, out.rule)
        elif isinstance(out, Ruling):
            extra = (f", owes {out.owes}" if out.owes else "") + (
                f", {out.returned} returned" if out.returned else ""
            )
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
            self.stop()  # posts a Wake: the inbox is reentrant

        try:
            signal.signal(signal.SIGTERM, _stop)
            signal.signal(signal.SIGINT, _stop)
        except ValueError:  # not the main thread (tests running the daemon in a thread)
            pass


class _VenueSide:
    """The daemon as the venue link sees it (:class:`tablectl.daemon.table_venue.TablePort`):
    handle an event, the view, who sits where, the dealer screen's venue panel."""

    def __init__(self, daemon: Daemon) -> None:
        self._d = daemon

    def handle(self, event: Event) -> list[Output]:
        return self._d.handle(event)

    def view(self) -> TableView:
        return self._d.view()

    def positions(self) -> tuple[int | None, int | None, int | None] | None:
        table = self._d.table
        hand = table.hand if table is not None else None
        if hand is None:
            return None
        p = hand.positions
        return (p.button, p.sb_seat, p.bb)

    def seated(self, seat: int, out_too: bool = False) -> tuple[str, int] | None:
        """(name, stack) of the player in ``seat``; with ``out_too`` also one eliminated there
        (stack 0: an absolute re-buy brings them back, 002 Rule 28)."""
        table = self._d.table
        p = table.players.get(seat) if table is not None else None
        if p is None or (p.out and not out_too):
            return None
        return (p.name, 0 if p.out else p.stack)

    def show(self, commands: list[tuple[str, str, str]], halted: str | None) -> None:
        if self._d.display is not None:
            self._d.display.set_venue(commands, halted)

    def show_hold(self, lines: tuple[str, ...]) -> None:
        if self._d.display is not None:
            self._d.display.set_hold(lines)

    def show_notes(self, notes: tuple[str, ...]) -> None:
        if self._d.display is not None:
            self._d.display.set_notes(notes)

    def answers(self) -> list[tuple[str, bool]]:
        return self._d.display.venue_answers() if self._d.display is not None else []

    def busy(self) -> bool:
        return not self._d.inbox.empty()


def next_deadline(table: Any) -> float | None:
    """The table's next timed change in session seconds: its level ends, or the player on the
    clock is warned or runs out of time (tablectl.engine.clock.check_clock); None if nothing
    is timed. A tick there (or a millisecond after, where the player's tie wins) applies it on
    time, with no tick a second in between."""
    if table is None:
        return None
    due: list[float] = []
    t = float(table.timing.t)
    lv = table.level()
    if (
        not table.timing.paused
        and lv.seconds is not None
        and table.timing.level_index + 1 < len(table.timing.levels)
    ):
        due.append(t + max(0.0, lv.seconds - table.timing.level_elapsed))
    if table.timing.clock is not None:
        deadline = float(table.timing.clock[1])
        profile = table.profile
        hand = table.hand
        warning = profile.clock_warning
        if (
            warning
            and hand is not None
            and hand.betting.clock_warned != table.timing.clock[1]
            and deadline - warning > t
        ):
            due.append(deadline - warning)
        due.append(deadline if profile.clock == "wfp_dead" else deadline + 0.001)
    return min(due) if due else None


def _seats_of(setup: dict[str, Any]) -> dict[str, int]:
    return {str(k): int(v) for k, v in setup.get("seats", {}).items()}
