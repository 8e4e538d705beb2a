"""The serial link to the table MCU on pyserial (docs/protocol.md, host side).

Two threads, so that reads and writes never wait on each other (docs/protocol.md, Link health):

- the reader (``mcu-link``) owns the port and the protocol state: it opens the stable device path
  exclusively, says HELLO, decodes frames into a queue of :class:`LinkEvent`, detects
  report-counter gaps (and asks for a snapshot), schedules retransmissions, watches for stalls,
  and when the device disappears closes, waits with backoff and opens again. It never writes: a
  firmware that stops draining its USB endpoint cannot stop the reports from being read.
- the writer (``mcu-link-tx``) only writes the frames the reader (or :meth:`SerialLink.send`)
  queued, each bounded by ``write_timeout``; a frame that finds no room is counted and left to
  the retransmission schedule.

Idle cost (a Pi runs this all night): neither thread polls. The reader sleeps in select() on
the port and a wake-up pipe until the next thing it must do (a keepalive, a retransmission, a
timeout, a stall check); the writer sleeps on its condition until a frame is queued. A quiet
table is pinged every ``keepalive`` (100 ms) for ``busy_for`` (5 s) after a zone last changed,
then every ``idle_keepalive`` (1.5 s): a report lost while cards and chips move is still healed
within 100 ms, and a table nobody touches costs a few wake-ups a second (bench/idle.py).

Commands go one at a time (the MCU re-acknowledges only the last command it executed), from a
bounded queue in which duplicate requests waiting to be sent are coalesced; a command refused for
want of room is counted and reported (:class:`Dropped`), never lost silently. The commands are
:attr:`SerialLink.commands` (:mod:`firmware_bridge.commands`); the link is their transport.
What the MCU sends is dispatched by message type (:meth:`SerialLink.register_response`).
Consumers read :attr:`SerialLink.events`, or bind :attr:`SerialLink.post` (the daemon's inbox).
"""

from __future__ import annotations

import contextlib
import logging
import os
import queue
import select
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import serial

from firmware_bridge import protocol as p
from firmware_bridge.commands import CommandStats, CommandTracker, Pending, name

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Connected:
    identify: p.Identify


@dataclass(frozen=True, slots=True)
class Disconnected:
    reason: str


@dataclass(frozen=True, slots=True)
class Report:
    zone: p.ZoneReport
    t: float  # time.monotonic() when the frame's last byte was decoded


@dataclass(frozen=True, slots=True)
class SnapshotDone:
    zones: int


@dataclass(frozen=True, slots=True)
class Gap:
    expected: int
    got: int


@dataclass(frozen=True, slots=True)
class Stalled:
    """The connected link stopped working: ``what`` names what stalled and for how long."""

    what: str
    seconds: float


@dataclass(frozen=True, slots=True)
class Healed:
    """After a stall, frames and acknowledgements flow again and a snapshot re-read every
    antenna (``zones`` of them) ``seconds`` after the stall began."""

    seconds: float
    zones: int


@dataclass(frozen=True, slots=True)
class Dropped:
    """A command was refused because the command queue was full (``total`` so far)."""

    command: str
    total: int


LinkEvent = Connected | Disconnected | Report | SnapshotDone | Gap | Stalled | Healed | Dropped


@dataclass(slots=True)
class LinkStats(CommandStats):
    frames: int = 0
    gaps: int = 0
    reconnects: int = 0
    protocol_errors: int = 0
    snapshots: int = 0
    stalls: int = 0
    write_timeouts: int = 0  # frames that found no room on the line within write_timeout
    write_errors: int = 0


class LinkDown(RuntimeError):
    """Raised by :meth:`SerialLink.ping` when the MCU does not answer in time."""


class SerialLink:
    """Host side of the MCU link. ``start()`` it, read ``events``, ``stop()`` it."""

    def __init__(
        self,
        port: str,
        baudrate: int = 250_000,
        *,
        retransmit: tuple[float, float, int] = (0.02, 0.5, 8),
        reconnect: tuple[float, float] = (0.05, 2.0),
        hello_timeout: float = 0.5,
        keepalive: float = 0.1,
        idle_keepalive: float = 1.5,
        busy_for: float = 5.0,
        write_timeout: float = 0.25,
        stall_after: float = 1.0,
        max_queued: int = 8,
    ) -> None:
        self.port = port
        self.baudrate = baudrate
        self.reconnect_first, self.reconnect_cap = reconnect
        self.hello_timeout = hello_timeout
        # A quiet line is pinged so that a lost report shows up as a gap within this time (and a
        # hung MCU as an unacknowledged command), not only at the next periodic snapshot.
        self.keepalive = keepalive
        # ... while a zone changed within ``busy_for``; a table nobody touches is pinged every
        # ``idle_keepalive`` (its reports cannot be lost: there are none to lose).
        self.idle_keepalive = max(keepalive, idle_keepalive)
        self.busy_for = busy_for
        self._last_change = 0.0
        self.write_timeout = write_timeout
        # A healthy line carries a frame (at least a keepalive's ACK) every ``keepalive``: no
        # frame, or a command unacknowledged, for this long is a stall the dealer is told of (no
        # frame: this long after the keepalive was due, so an idle table's slower keepalive
        # is no stall).
        self.stall_after = stall_after
        self._last_rx = 0.0
        self._last_frame = 0.0
        self.events: queue.Queue[LinkEvent] = queue.Queue()
        # Where decoded events go: ``events`` (a caller's pump), or the table loop's inbox once
        # the daemon binds it (firmware_bridge.sources.BridgeSource.bind): the reader thread posts.
        self.post: Callable[[LinkEvent], None] | None = None
        self.stats = LinkStats()
        # The commands (one in flight, a bounded queue, retransmissions): the tracker's, under
        # _lock; the link is their transport (the port, the reader and the writer).
        self.commands = CommandTracker(
            self._transmit, retransmit=retransmit, max_queued=max_queued, stats=self.stats
        )
        self.identify: p.Identify | None = None
        self.proto = 0  # the session's protocol version, from IDENTIFY (0: none yet)
        self.connected = threading.Event()
        self.decoder_stats = p.DecoderStats()
        self._ser: serial.Serial | None = None
        # _lock guards the command queue; _io_lock is held around a write, so that the reader
        # never closes (and reopens under the same descriptor) a port a write is using.
        self._lock = threading.Lock()
        self._io_lock = threading.Lock()
        self._txq: deque[tuple[serial.Serial, Pending]] = deque()
        self._tx_ready = threading.Condition(self._lock)
        self._tx_blocked_since: float | None = None
        self._write_error_logged = False
        self._stalled_since: float | None = None
        self._dropped_told = 0.0
        self._expect: int | None = None  # next report counter; None until IDENTIFY
        # After a gap any zone may have missed its latest report: all are stale until a report
        # of theirs arrives. Snapshots are asked for until none is stale, so a snapshot that
        # itself loses a frame still makes progress.
        self._stale: set[int] = set()
        # Set while no zone is stale: ping() waits on it while a gap heals instead of flooding
        # the line with PINGs whose ACKs, lost in turn, would mark every zone stale again.
        self._synced = threading.Event()
        self._snap_at: float | None = None  # when the outstanding GET_SNAPSHOT was sent
        # Position in snapshot order (ascending antenna id) of the previous frame when it was a
        # snapshot report (-1: the ACK that opens a snapshot), else None. Lets a gap inside a
        # snapshot mark only the antennas it skipped as stale, so snapshots converge on a noisy
        # line instead of being restarted by every lost frame.
        self._snap_pos: int | None = None
        self._order: dict[int, int] = {}
        self._hello_at = 0.0
        self._stop = threading.Event()
        # The reader's select() also watches this pipe: stop() and a command queued from another
        # thread (a new retransmission deadline) wake it.
        self._wake_r = self._wake_w = -1
        self._thread: threading.Thread | None = None
        self._writer: threading.Thread | None = None
        self._incompatible_logged = False
        # Counts handshakes: a barrier only holds within the session it was sent in.
        self._session = 0
        # What each message from the MCU does, by its type (after the handshake and the report
        # counter's check): as Klipper's serialhdl.register_response.
        self._responses: dict[type, Callable[[Any, float], int | None]] = {}
        self.register_response(p.ZoneReport, self._on_report)
        self.register_response(p.ZoneReport2, self._on_report)
        self.register_response(p.Ack, self._on_ack)
        self.register_response(p.SnapshotEnd, self._on_snapshot_end)

    def register_response(
        self, kind: type[p.Message], handler: Callable[[Any, float], int | None]
    ) -> None:
        """``handler(msg, now)`` runs on the reader thread for each ``kind`` of message, once
        its report counter was checked; it returns the frame's place in snapshot order (None:
        not a snapshot's frame). A type with no handler is counted in ``stats.frames`` only."""
        self._responses[kind] = handler

    # --- public -----------------------------------------------------------------------------

    def start(self) -> None:
        self._stop.clear()
        if self._wake_r < 0:
            self._wake_r, self._wake_w = os.pipe()
            os.set_blocking(self._wake_r, False)
            os.set_blocking(self._wake_w, False)
        self._writer = threading.Thread(target=self._write_loop, name="mcu-link-tx", daemon=True)
        self._writer.start()
        self._thread = threading.Thread(target=self._run, name="mcu-link", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        self._wake()
        with self._tx_ready:
            self._tx_ready.notify_all()
        for thread in (self._thread, self._writer):
            if thread is not None:
                thread.join(timeout=3)
        self._close("stopped")
        alive = any(t is not None and t.is_alive() for t in (self._thread, self._writer))
        if self._wake_r >= 0 and not alive:
            os.close(self._wake_r)
            os.close(self._wake_w)
            self._wake_r = self._wake_w = -1

    def _wake(self) -> None:
        """Wake the reader from its select() (from any thread; a full pipe is awake enough)."""
        if self._wake_w >= 0:
            with contextlib.suppress(OSError):
                os.write(self._wake_w, b"w")

    def _emit(self, event: LinkEvent) -> None:
        (self.post or self.events.put)(event)

    def wait_connected(self, timeout: float) -> bool:
        return self.connected.wait(timeout)

    def request_snapshot(self) -> None:
        if self._snap_at is None and self.send(p.GetSnapshot()) is not None:
            self._snap_at = time.monotonic()

    @property
    def in_sync(self) -> bool:
        """True when every zone's latest report is known to have arrived."""
        return self.connected.is_set() and not self._stale

    @property
    def queued(self) -> int:
        """Commands waiting or in flight (bounded by ``max_queued`` + 1)."""
        return self.commands.queued

    def send(self, msg: p.Message) -> Pending | None:
        """Queue a command; it goes out when the one before it is acknowledged and is
        retransmitted until acknowledged. Never blocks. None when not connected, or when the
        queue is full (counted, and reported as :class:`Dropped`).

        A HELLO, GET_SNAPSHOT or keepalive PING already waiting to be sent is returned instead
        of a second copy: one answer serves both. Not one in flight: the MCU may have executed
        it already (its ACK lost), and would only acknowledge it again, sending no snapshot."""
        with self._lock:
            if self._ser is None:
                return None
            now = time.monotonic()
            pend = self.commands.add(msg, now)
            if pend is None:
                dropped = name(msg)
                if now - self._dropped_told >= 1.0:  # one event a second says how many
                    self._dropped_told = now
                    self._emit(Dropped(dropped, self.stats.dropped_commands))
                log.debug("table MCU command queue full: %s dropped", dropped)
                return None
        if self._thread is not None and threading.current_thread() is not self._thread:
            self._wake()  # its retransmission deadline is the reader's to keep
        return pend

    def ping(self, timeout: float = 2.0) -> None:
        """Return once every report the MCU sent before this call is in :attr:`events`.

        The MCU answers in order, so the ACK of a PING follows every earlier report, and its
        report counter shows whether any of them was lost. Only an ACK that arrived (not a wake-up
        by the link closing) in the same session, with no zone stale when it arrived, is a
        barrier; otherwise the snapshot that heals the gap (or the one after a reconnect) is
        waited for with another PING. Raises :class:`LinkDown` after ``timeout``.
        """
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0 or not self.connected.wait(left):
                raise LinkDown(f"no answer from the table MCU on {self.port}")
            session = self._session
            pend = self.send(p.Ping(int(time.monotonic() * 1000) or 1))
            if pend is None:
                time.sleep(0.01)
                continue
            if not pend.done.wait(max(0.0, deadline - time.monotonic())):
                continue
            if pend.acked and pend.in_sync and self._session == session and self.in_sync:
                return
            if pend.acked and not self.in_sync:
                # A gap is healing: wait for the snapshot, then confirm with a fresh PING.
                self._synced.wait(max(0.0, min(0.5, deadline - time.monotonic())))

    # --- the tracker's transport (under _lock) ------------------------------------------------

    def _transmit(self, pend: Pending) -> None:
        """Hand one copy to the writer. At most one copy of the command in flight (and one of
        the HELLO after an open) waits at any time, so the writer's queue stays tiny."""
        if self._ser is None:
            return
        pend.unwritten += 1
        self._txq.append((self._ser, pend))
        self._tx_ready.notify()

    # --- writer thread ----------------------------------------------------------------------

    def _write_loop(self) -> None:
        while not self._stop.is_set():
            with self._tx_ready:
                while not self._txq and not self._stop.is_set():
                    self._tx_ready.wait()  # notified by _transmit() and stop()
                if self._stop.is_set():
                    return
                ser, pend = self._txq.popleft()
            try:
                self._write(ser, pend.wire)
            finally:
                with self._lock:
                    pend.unwritten -= 1

    def _write(self, ser: serial.Serial, wire: bytes) -> None:
        """Write one frame, waiting at most ``write_timeout`` for room on the line.

        Room is waited for with select() first: pyserial 3.5 spins on EAGAIN while its own
        write timeout runs. A frame cut short by the timeout is harmless: the next frame's flag
        ends it and the MCU drops it as a bad candidate (docs/protocol.md, Framing)."""
        deadline = time.monotonic() + self.write_timeout
        try:
            while True:
                if ser is not self._ser:
                    return  # closed (or reopened) meanwhile: the frame belongs to the old port
                left = deadline - time.monotonic()
                _, room, _ = select.select([], [ser.fileno()], [], max(0.0, min(0.02, left)))
                if room:
                    break
                if left <= 0:
                    raise serial.SerialTimeoutException("no room on the line")
            with self._io_lock:
                if ser is not self._ser:
                    return
                ser.write(wire)
            self._tx_blocked_since = None
        except serial.SerialTimeoutException:
            self.stats.write_timeouts += 1
            if self._tx_blocked_since is None:
                self._tx_blocked_since = deadline - self.write_timeout
        except (serial.SerialException, OSError, TypeError, ValueError) as exc:
            # The port went away under the write (the reader's next read reports it): say so
            # once per connection, count the rest.
            self.stats.write_errors += 1
            if not self._write_error_logged:
                self._write_error_logged = True
                log.warning("table MCU write failed on %s: %s", self.port, exc)

    # --- reader thread ----------------------------------------------------------------------

    def _open(self) -> bool:
        try:
            # timeout=0: the reader reads only what select() said is there.
            ser = serial.Serial(
                self.port,
                self.baudrate,
                timeout=0,
                exclusive=True,
                write_timeout=self.write_timeout,
            )
        except (serial.SerialException, OSError, ValueError) as exc:
            log.debug("cannot open %s: %s", self.port, exc)
            return False
        ser.reset_input_buffer()
        with self._io_lock, self._lock:
            self._ser = ser
            self.commands.clear()
            self._txq.clear()
        self._tx_blocked_since = None
        self._write_error_logged = False
        self._decoder = p.Decoder()
        self._expect = None
        self._snap_at = None
        self._last_rx = self._last_frame = self._last_change = time.monotonic()
        self._set_stale(set())
        self._say_hello()
        return True

    def _say_hello(self) -> None:
        self._hello_at = time.monotonic()
        self.send(p.Hello())

    def _close(self, reason: str) -> None:
        # Not connected first, then wake the waiters: a ping() woken here must not find the
        # link still "connected" and in sync while the reports of the motion it was waiting
        # for went nowhere (the cable was pulled).
        was_connected = self.connected.is_set()
        self.connected.clear()
        self._expect = None
        with self._io_lock, self._lock:
            ser, self._ser = self._ser, None
            for pend in self.commands.clear():
                pend.done.set()  # wake waiters, unacknowledged: ping() asks again
            self._txq.clear()
            if ser is not None:
                with contextlib.suppress(serial.SerialException, OSError):
                    ser.close()
        if was_connected:
            if reason == "stopped":
                log.info("table MCU link on %s closed", self.port)
            else:
                log.warning("table MCU link lost on %s: %s", self.port, reason)
            self._emit(Disconnected(reason))

    def _run(self) -> None:
        backoff = self.reconnect_first
        while not self._stop.is_set():
            if self._ser is None:
                if not self._open():
                    self._stop.wait(backoff)
                    backoff = min(backoff * 2, self.reconnect_cap)
                    continue
                backoff = self.reconnect_first
            ser = self._ser
            try:
                data = b""
                if self._sleep(ser):
                    # Readable with nothing to read is a device gone: pyserial raises.
                    data = ser.read(ser.in_waiting or 1)
            except (serial.SerialException, OSError, TypeError, ValueError) as exc:
                # pyserial raises TypeError when the fd was closed under it by stop().
                self._close(str(exc))
                self.stats.reconnects += 1
                continue
            if data:
                frames = self._decoder.feed(data)
                now = time.monotonic()
                self._last_rx = now
                if frames:
                    self._last_frame = now
                for frame in frames:
                    self._on_frame(frame, now)
            self._tick(time.monotonic())
        self._close("stopped")

    MAX_SLEEP = 5.0  # seconds: the longest select(), whatever the deadlines say

    def _sleep(self, ser: serial.Serial) -> bool:
        """Wait in select() until the port is readable, the wake pipe is written, or the next
        deadline (:meth:`_next_due`); True when the port is readable."""
        now = time.monotonic()
        timeout = min(self.MAX_SLEEP, max(0.0, self._next_due(now) - now))
        fds = [ser.fileno(), self._wake_r] if self._wake_r >= 0 else [ser.fileno()]
        ready, _, _ = select.select(fds, [], [], timeout)
        if self._wake_r in ready:
            with contextlib.suppress(BlockingIOError):
                while os.read(self._wake_r, 512):
                    pass
        return ser.fileno() in ready

    def _keepalive_every(self, now: float) -> float:
        return self.keepalive if now - self._last_change < self.busy_for else self.idle_keepalive

    def _next_due(self, now: float) -> float:
        """When :meth:`_tick` next has something to do, at the latest (an early wake is
        harmless: _tick only acts on what is due)."""
        due = [now + self.MAX_SLEEP]
        if self._expect is None:
            due.append(self._hello_at + self.hello_timeout)
        if self._snap_at is not None:
            due.append(self._snap_at + self.hello_timeout)
        if self._expect is not None and not self.queued:
            due.append(self._last_rx + self._keepalive_every(now))
        pend = self.commands.inflight
        if pend is not None:
            due.append(pend.deadline)
            if pend.sent_at is not None:
                due.append(pend.sent_at + self.stall_after)
        if self.connected.is_set() and self._stalled_since is None:
            due.append(self._last_frame + self._no_frame_stall(now))
            if self._tx_blocked_since is not None:
                due.append(self._tx_blocked_since + self.stall_after)
        # A hair late rather than early: waking just before a deadline would spin once more.
        return min(due) + 0.001

    def _no_frame_stall(self, now: float) -> float:
        """How long without a frame is a stall: ``stall_after`` past the keepalive's due time."""
        return self.stall_after + self._keepalive_every(now) - self.keepalive

    def _tick(self, now: float) -> None:
        if self._expect is None and now - self._hello_at > self.hello_timeout:
            self._say_hello()  # the IDENTIFY was lost: ask again
        if self._snap_at is not None and now - self._snap_at > self.hello_timeout:
            self._snap_at = None  # its SNAPSHOT_END was lost
            if self._stale:
                self.request_snapshot()
        if (
            self._expect is not None
            and now - self._last_rx >= self._keepalive_every(now)
            and not self.queued
        ):
            self._last_rx = now
            self.send(p.Ping(0))
        with self._lock:
            reason = self.commands.due(now)
        if reason:
            self._close(reason)
            self.stats.reconnects += 1
            return
        self._watch(now)

    def _watch(self, now: float) -> None:
        """Raise a stall once while it lasts; announce the heal once a snapshot made every
        zone current again (docs/protocol.md, Link health)."""
        if not self.connected.is_set():
            return
        stalled: list[str] = []
        since: list[float] = []  # when each stalled thing was last fine
        if now - self._last_frame >= self._no_frame_stall(now):
            stalled.append(f"no frame from the table MCU for {now - self._last_frame:.1f} s")
            since.append(self._last_frame)
        pend = self.commands.inflight
        if pend is not None and pend.sent_at is not None and now - pend.sent_at >= self.stall_after:
            stalled.append(
                f"{name(pend.msg)} unacknowledged for {now - pend.sent_at:.1f} s "
                f"({pend.tries} tries)"
            )
            since.append(pend.sent_at)
        blocked = self._tx_blocked_since
        if blocked is not None and now - blocked >= self.stall_after:
            stalled.append(f"writes to it blocked for {now - blocked:.1f} s")
            since.append(blocked)
        if stalled and self._stalled_since is None:
            self._stalled_since = min(since)
            self.stats.stalls += 1
            what = "; ".join(stalled)
            log.warning("table MCU link on %s stalled: %s", self.port, what)
            self._emit(Stalled(what, now - self._stalled_since))
            # Reports may have been lost beyond what the counter shows (it wraps at 256): every
            # zone is stale until a snapshot re-reads it.
            self._set_stale(set(self._order))
            self.request_snapshot()
        elif not stalled and self._stalled_since is not None and not self._stale:
            took = now - self._stalled_since
            self._stalled_since = None
            log.warning("table MCU link on %s healed after %.1f s", self.port, took)
            self._emit(Healed(took, len(self._order)))

    def _on_frame(self, frame: p.Frame, now: float) -> None:
        self.stats.frames += 1
        try:
            msg = p.parse(frame)
        except p.ProtocolError as exc:
            self.stats.protocol_errors += 1
            log.warning("table MCU: ignored frame: %s", exc)
            msg = None
        if isinstance(msg, p.Identify):  # the handshake: it starts the report counter
            self._on_identify(msg, frame.seq, now)
            return
        if self._expect is None:
            if isinstance(msg, p.Ack):
                self._acked(msg.acked)
            return  # reports from before the handshake are not trusted
        if frame.seq != self._expect:
            self._on_gap(msg, frame.seq)
        self._expect = (frame.seq + 1) & 0xFF
        handler = self._responses.get(type(msg))
        self._snap_pos = handler(msg, now) if handler is not None else None

    def _on_identify(self, msg: p.Identify, seq: int, now: float) -> None:
        if msg.proto not in p.PROTO_VERSIONS:
            # Never guess at another protocol's frames: refuse, and retry later (the
            # firmware may be updated in place).
            if not self._incompatible_logged:
                log.error(
                    "table MCU %s speaks protocol %d, this host speaks %s: not "
                    "connecting; update the firmware or tablectl",
                    msg.firmware,
                    msg.proto,
                    " or ".join(map(str, p.PROTO_VERSIONS)),
                )
                self._incompatible_logged = True
            self.stats.protocol_errors += 1
            self._hello_at = now + 5.0  # ask again in a while, not in a tight loop
            return
        self._expect = (seq + 1) & 0xFF
        self.identify = msg
        self.proto = msg.proto  # the version the MCU chose: at most the one HELLO offered
        # HELLO's ACK and a full snapshot follow the IDENTIFY.
        self._set_stale(set(msg.antennas))
        self._order = {a: i for i, a in enumerate(sorted(msg.antennas))}
        self._snap_pos = None
        self._snap_at = time.monotonic()
        self._session += 1
        self.connected.set()
        log.info("table MCU %s on %s, %d antennas", msg.firmware, self.port, len(msg.antennas))
        self._emit(Connected(msg))

    def _on_gap(self, msg: p.Message | None, seq: int) -> None:
        assert self._expect is not None
        self.stats.gaps += 1
        self._emit(Gap(self._expect, seq))
        missing = (seq - self._expect) & 0xFF
        if missing == 1 and self._snap_pos == len(self._order) - 1:
            # Right after a snapshot's last report the one frame lost was its SNAPSHOT_END:
            # the snapshot itself is whole (it need not be asked for again after 0.5 s).
            self.stats.snapshots += 1
            self._snap_at = None
        else:
            self._set_stale(self._stale | self._lost_antennas(msg, missing))
        if self._stale:
            self.request_snapshot()

    def _on_report(self, msg: p.ZoneReport, now: float) -> int | None:
        if not msg.snapshot:
            self._last_change = now  # cards or chips moved: keep the fast keepalive
        # Queue the report before the zone counts as up to date: a ping() that sees the link
        # in sync must find every report it depends on already in the queue.
        self._emit(Report(msg, now))
        if msg.antenna in self._stale:
            self._set_stale(self._stale - {msg.antenna})
        return self._order.get(msg.antenna) if msg.snapshot else None

    def _on_ack(self, msg: p.Ack, _now: float) -> int | None:
        return -1 if isinstance(self._acked(msg.acked), p.GetSnapshot | p.Hello) else None

    def _on_snapshot_end(self, msg: p.SnapshotEnd, _now: float) -> int | None:
        self.stats.snapshots += 1
        self._snap_at = None
        if self._stale:
            self.request_snapshot()
        self._emit(SnapshotDone(msg.zones))
        return None

    def _set_stale(self, stale: set[int]) -> None:
        self._stale = stale
        if stale:
            self._synced.clear()
        else:
            self._synced.set()

    def _lost_antennas(self, msg: p.Message | None, lost: int) -> set[int]:
        """Antennas whose latest report may be among ``lost`` missing frames."""
        everything = set(self._order)
        if self._snap_pos is None:
            return everything
        if isinstance(msg, p.ZoneReport) and msg.snapshot and msg.antenna in self._order:
            here = self._order[msg.antenna]
        elif isinstance(msg, p.SnapshotEnd):
            here = len(self._order)
        else:
            return everything
        if here - self._snap_pos - 1 != lost:
            return everything
        by_pos = sorted(self._order)
        return set(by_pos[self._snap_pos + 1 : here])

    def _acked(self, seq: int) -> p.Message | None:
        with self._lock:
            in_sync = self._expect is not None and not self._stale
            pend = self.commands.acked(seq, in_sync, time.monotonic())
        if pend is None:
            return None  # the ACK of a retransmission already acknowledged
        pend.done.set()
        return pend.msg
